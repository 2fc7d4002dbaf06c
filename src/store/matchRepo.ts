/** SQL for matches: the action log, the state snapshot, hands and the results of finished matches. */
import type Database from 'better-sqlite3';
import type { GameEvent, HandResult, MatchState, Seat, Settings } from '../engine/index.js';
import {
  type ForcedBy,
  forcedBySchema,
  type LoggedEntry,
  type StoredMatch,
  settingsSchema,
} from './records.js';

export interface MatchPlayerResult {
  readonly seat: Seat;
  readonly userId: string | null;
  readonly team: 0 | 1;
  readonly won: boolean;
  readonly teamScore: number;
  readonly opponentScore: number;
  readonly handsPlayed: number;
  readonly tichuCalls: number;
  readonly tichuMade: number;
  readonly grandCalls: number;
  readonly grandMade: number;
  readonly doubleVictories: number;
  readonly bombs: number;
  /** The team points of the hands credited to this holder (the seat's share when it changed hands). */
  readonly points: number;
}

export class StaleWriteError extends Error {}

export class MatchRepo {
  private readonly insertMatchRow;
  private readonly insertHandRow;
  private readonly setHandResult;
  private readonly insertEvent;
  private readonly insertSnapshot;
  private readonly updateSnapshot;
  private readonly overwrite;
  private readonly matchRow;
  private readonly snapshotRow;
  private readonly lastVersion;
  private readonly lastVersionBefore;
  private readonly eventRows;
  private readonly handEventRows;
  private readonly endMatchRow;
  private readonly insertPlayerResult;

  constructor(db: Database.Database) {
    this.insertMatchRow = db.prepare(
      `INSERT INTO matches (table_id, guild_id, seed, settings, status, started_at) VALUES (?, ?, ?, ?, 'playing', ?)`,
    );
    this.insertHandRow = db.prepare('INSERT INTO hands (match_id, number, seed) VALUES (?, ?, ?)');
    this.setHandResult = db.prepare('UPDATE hands SET result = ? WHERE match_id = ? AND number = ?');
    this.insertEvent = db.prepare(
      `INSERT INTO events (match_id, version, hand_number, seat, user_id, action, events, created_at, forced)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.insertSnapshot = db.prepare('INSERT INTO snapshots (match_id, version, state) VALUES (?, ?, ?)');
    this.updateSnapshot = db.prepare(
      'UPDATE snapshots SET version = ?, state = ? WHERE match_id = ? AND version = ?',
    );
    this.overwrite = db.prepare('UPDATE snapshots SET version = ?, state = ? WHERE match_id = ?');
    this.matchRow = db.prepare<[number], { id: number; table_id: string; seed: string; settings: string }>(
      'SELECT id, table_id, seed, settings FROM matches WHERE id = ?',
    );
    this.snapshotRow = db.prepare<[number], { version: number; state: string }>(
      'SELECT version, state FROM snapshots WHERE match_id = ?',
    );
    this.lastVersion = db.prepare<[number], { v: number | null }>(
      'SELECT max(version) AS v FROM events WHERE match_id = ?',
    );
    this.lastVersionBefore = db.prepare<[number, number], { v: number | null }>(
      'SELECT max(version) AS v FROM events WHERE match_id = ? AND hand_number < ?',
    );
    this.eventRows = db.prepare<
      [number],
      {
        version: number;
        hand_number: number;
        seat: number;
        user_id: string | null;
        action: string;
        events: string;
        forced: string | null;
        created_at: number;
      }
    >(
      'SELECT version, hand_number, seat, user_id, action, events, forced, created_at FROM events WHERE match_id = ? ORDER BY version',
    );
    this.handEventRows = db.prepare<
      [number, number],
      {
        version: number;
        hand_number: number;
        seat: number;
        user_id: string | null;
        action: string;
        events: string;
        forced: string | null;
        created_at: number;
      }
    >(
      'SELECT version, hand_number, seat, user_id, action, events, forced, created_at FROM events WHERE match_id = ? AND hand_number = ? ORDER BY version',
    );
    this.endMatchRow = db.prepare(
      'UPDATE matches SET status = ?, score_a = ?, score_b = ?, winner = ?, ended_at = ? WHERE id = ?',
    );
    this.insertPlayerResult = db.prepare(
      `INSERT INTO match_players (match_id, seat, guild_id, user_id, is_bot, team, won, team_score, opponent_score,
        hands_played, tichu_calls, tichu_made, grand_calls, grand_made, double_victories, bombs, points, finished_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
  }

  /** A new match with its first hand and its initial snapshot; returns its id. */
  create(tableId: string, guildId: string, state: MatchState, now: number): number {
    const info = this.insertMatchRow.run(tableId, guildId, state.seed, JSON.stringify(state.settings), now);
    const id = Number(info.lastInsertRowid);
    this.insertHandRow.run(id, state.hand.number, state.hand.seed);
    this.insertSnapshot.run(id, state.version, JSON.stringify(state));
    return id;
  }

  /**
   * Logs one accepted action and writes the state it produced, only if the stored state is still
   * the one it was computed from (`version - 1`). `forced` names why the normal policy made it for
   * the seat's player `userId`. Call inside a transaction.
   */
  record(
    matchId: number,
    before: MatchState,
    after: MatchState,
    seat: Seat,
    userId: string | null,
    action: unknown,
    events: readonly GameEvent[],
    now: number,
    forced: ForcedBy | null = null,
  ): void {
    const changed = this.updateSnapshot.run(
      after.version,
      JSON.stringify(after),
      matchId,
      before.version,
    ).changes;
    if (changed !== 1) throw new StaleWriteError(`match ${matchId} moved past version ${before.version}`);
    this.insertEvent.run(
      matchId,
      after.version,
      before.hand.number,
      seat,
      userId,
      JSON.stringify(action),
      JSON.stringify(events),
      now,
      forced,
    );
    if (after.hand.number !== before.hand.number)
      this.insertHandRow.run(matchId, after.hand.number, after.hand.seed);
  }

  /** The version at which hand `handNumber` was dealt: that of the action ending the hand before (0 for the first). */
  handStartVersion(matchId: number, handNumber: number): number {
    return this.lastVersionBefore.get(matchId, handNumber)?.v ?? 0;
  }

  /** Replaces the snapshot outright: only for repairing one that disagrees with the log. */
  overwriteSnapshot(matchId: number, state: MatchState): void {
    this.overwrite.run(state.version, JSON.stringify(state), matchId);
  }

  recordHandResult(matchId: number, result: HandResult): void {
    this.setHandResult.run(JSON.stringify(result), matchId, result.number);
  }

  endMatch(
    matchId: number,
    status: 'finished' | 'abandoned',
    scores: readonly [number, number],
    winner: 0 | 1 | null,
    now: number,
  ): void {
    this.endMatchRow.run(status, scores[0], scores[1], winner, now, matchId);
  }

  recordResults(matchId: number, guildId: string, results: readonly MatchPlayerResult[], now: number): void {
    for (const r of results) {
      this.insertPlayerResult.run(
        matchId,
        r.seat,
        guildId,
        r.userId,
        r.userId === null ? 1 : 0,
        r.team,
        r.won ? 1 : 0,
        r.teamScore,
        r.opponentScore,
        r.handsPlayed,
        r.tichuCalls,
        r.tichuMade,
        r.grandCalls,
        r.grandMade,
        r.doubleVictories,
        r.bombs,
        r.points,
        now,
      );
    }
  }

  load(matchId: number): StoredMatch | null {
    const row = this.matchRow.get(matchId);
    const snapshot = this.snapshotRow.get(matchId);
    if (!row || !snapshot) return null;
    return {
      id: row.id,
      tableId: row.table_id,
      seed: row.seed,
      settings: settingsSchema.parse(JSON.parse(row.settings)) as Settings,
      state: JSON.parse(snapshot.state) as MatchState,
      loggedVersion: this.lastVersion.get(matchId)?.v ?? 0,
    };
  }

  actions(matchId: number): LoggedEntry[] {
    return this.eventRows.all(matchId).map(entryOf);
  }

  /** One hand's logged actions (the primary key's order: no other hand read or parsed). */
  handActions(matchId: number, handNumber: number): LoggedEntry[] {
    return this.handEventRows.all(matchId, handNumber).map(entryOf);
  }
}

type EventRow = {
  version: number;
  hand_number: number;
  seat: number;
  user_id: string | null;
  action: string;
  events: string;
  forced: string | null;
  created_at: number;
};

function entryOf(row: EventRow): LoggedEntry {
  return {
    version: row.version,
    handNumber: row.hand_number,
    seat: row.seat,
    userId: row.user_id,
    action: JSON.parse(row.action) as unknown,
    events: JSON.parse(row.events) as unknown,
    forced: forcedBySchema.parse(row.forced),
    at: row.created_at,
  };
}
