/**
 * SQL of the weekly challenge (migrations/0013_challenges.sql): a server's turn of the week, its
 * weeks with their seeds, each member's entry, and each board's result (read from the entry's
 * match's `hands` rows when a hand ends, so it never disagrees with the log).
 */
import type Database from 'better-sqlite3';
import { z } from 'zod';
import { everyGuild, type GuildFilter } from './tableRepo.js';

export const CHALLENGE_BOARDS = 8;
export const ENTRY_STATUSES = ['pending', 'playing', 'finished', 'ended'] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];

/** When a server's week turns, in UTC: weekday 0 (Sunday) to 6, hour 0 to 23. */
export interface WeekTurn {
  readonly weekday: number;
  readonly hour: number;
}

export interface ChallengeWeek {
  readonly guildId: string;
  readonly startsAt: number;
  readonly endsAt: number;
  readonly seed: string;
  readonly closedAt: number | null;
  readonly createdAt: number;
}

export interface ChallengeEntry {
  readonly guildId: string;
  readonly weekStart: number;
  readonly userId: string;
  readonly name: string;
  /** The channel /challenge play was used in: the thread is made there, the share line goes there. */
  readonly channelId: string;
  readonly threadId: string | null;
  readonly tableId: string | null;
  readonly matchId: number | null;
  readonly status: EntryStatus;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly finishedAt: number | null;
}

/** One board a member played: N-S's hand score minus E-W's. */
export interface BoardResult {
  readonly userId: string;
  readonly board: number;
  readonly nsDiff: number;
}

interface WeekRow {
  guild_id: string;
  starts_at: number;
  ends_at: number;
  seed: string;
  closed_at: number | null;
  created_at: number;
}

interface EntryRow {
  guild_id: string;
  week_start: number;
  user_id: string;
  name: string;
  channel_id: string;
  thread_id: string | null;
  table_id: string | null;
  match_id: number | null;
  status: string;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
}

export class ChallengeRepo {
  private readonly turnRow;
  private readonly upsertTurn;
  private readonly latestWeekRow;
  private readonly weekRow;
  private readonly weekBeforeRow;
  private readonly insertWeekRow;
  private readonly closeWeekRow;
  private readonly dueRows;
  private readonly entryRow;
  private readonly entryOfTable;
  private readonly entryRows;
  private readonly insertEntryRow;
  private readonly updateEntryRow;
  private readonly recordRows;
  private readonly resultRows;
  private readonly resultsOfRows;
  private readonly hiddenRow;

  constructor(db: Database.Database) {
    this.turnRow = db.prepare<[string], { weekday: number; hour: number }>(
      'SELECT weekday, hour FROM challenge_settings WHERE guild_id = ?',
    );
    this.upsertTurn = db.prepare(
      `INSERT INTO challenge_settings (guild_id, weekday, hour, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (guild_id) DO UPDATE SET weekday = excluded.weekday, hour = excluded.hour,
         updated_at = excluded.updated_at`,
    );
    this.latestWeekRow = db.prepare<[string], WeekRow>(
      'SELECT * FROM challenge_weeks WHERE guild_id = ? ORDER BY starts_at DESC LIMIT 1',
    );
    this.weekRow = db.prepare<[string, number], WeekRow>(
      'SELECT * FROM challenge_weeks WHERE guild_id = ? AND starts_at = ?',
    );
    this.weekBeforeRow = db.prepare<[string, number], WeekRow>(
      'SELECT * FROM challenge_weeks WHERE guild_id = ? AND starts_at < ? ORDER BY starts_at DESC LIMIT 1',
    );
    this.insertWeekRow = db.prepare(
      `INSERT INTO challenge_weeks (guild_id, starts_at, ends_at, seed, closed_at, created_at)
       VALUES (@guild_id, @starts_at, @ends_at, @seed, @closed_at, @created_at)`,
    );
    this.closeWeekRow = db.prepare(
      'UPDATE challenge_weeks SET closed_at = ? WHERE guild_id = ? AND starts_at = ? AND closed_at IS NULL',
    );
    this.dueRows = db.prepare<[number], WeekRow>(
      'SELECT * FROM challenge_weeks WHERE closed_at IS NULL AND ends_at <= ? ORDER BY ends_at',
    );
    this.entryRow = db.prepare<[string, number, string], EntryRow>(
      'SELECT * FROM challenge_entries WHERE guild_id = ? AND week_start = ? AND user_id = ?',
    );
    this.entryOfTable = db.prepare<[string], EntryRow>('SELECT * FROM challenge_entries WHERE table_id = ?');
    this.entryRows = db.prepare<[string, number], EntryRow>(
      'SELECT * FROM challenge_entries WHERE guild_id = ? AND week_start = ? ORDER BY created_at, user_id',
    );
    this.insertEntryRow = db.prepare(
      `INSERT INTO challenge_entries (guild_id, week_start, user_id, name, channel_id, thread_id, table_id,
         match_id, status, created_at, updated_at, finished_at)
       VALUES (@guild_id, @week_start, @user_id, @name, @channel_id, @thread_id, @table_id, @match_id,
         @status, @created_at, @updated_at, @finished_at)`,
    );
    this.updateEntryRow = db.prepare(
      `UPDATE challenge_entries SET name = @name, thread_id = @thread_id, table_id = @table_id,
         match_id = @match_id, status = @status, updated_at = @updated_at, finished_at = @finished_at
       WHERE guild_id = @guild_id AND week_start = @week_start AND user_id = @user_id`,
    );
    // The boards of the entry's match played so far, straight from its hands' results (idempotent).
    this.recordRows = db.prepare(
      `INSERT OR IGNORE INTO challenge_results (guild_id, week_start, user_id, board, ns_diff)
       SELECT @guild_id, @week_start, @user_id, h.number,
         json_extract(h.result, '$.total[0]') - json_extract(h.result, '$.total[1]')
       FROM hands h WHERE h.match_id = @match_id AND h.result IS NOT NULL AND h.number BETWEEN 1 AND ${CHALLENGE_BOARDS}`,
    );
    this.resultRows = db.prepare<[string, number], { user_id: string; board: number; ns_diff: number }>(
      'SELECT user_id, board, ns_diff FROM challenge_results WHERE guild_id = ? AND week_start = ?',
    );
    this.resultsOfRows = db.prepare<
      [string, number, string],
      { user_id: string; board: number; ns_diff: number }
    >(
      'SELECT user_id, board, ns_diff FROM challenge_results WHERE guild_id = ? AND week_start = ? AND user_id = ? ORDER BY board',
    );
    this.hiddenRow = db.prepare<[number], { hidden: number }>(
      `SELECT 1 AS hidden FROM challenge_entries e
       JOIN challenge_weeks w ON w.guild_id = e.guild_id AND w.starts_at = e.week_start
       WHERE e.match_id = ? AND w.closed_at IS NULL`,
    );
  }

  /** The server's turn of the week, or null when its admin never set one (the default applies). */
  turn(guildId: string): WeekTurn | null {
    return this.turnRow.get(guildId) ?? null;
  }

  setTurn(guildId: string, turn: WeekTurn, now: number): void {
    this.upsertTurn.run(guildId, turn.weekday, turn.hour, now);
  }

  /** The server's newest week, if it ever had one. */
  latestWeek(guildId: string): ChallengeWeek | null {
    const row = this.latestWeekRow.get(guildId);
    return row ? fromWeekRow(row) : null;
  }

  week(guildId: string, startsAt: number): ChallengeWeek | null {
    const row = this.weekRow.get(guildId, startsAt);
    return row ? fromWeekRow(row) : null;
  }

  /** The server's week before the one starting at `startsAt`. */
  weekBefore(guildId: string, startsAt: number): ChallengeWeek | null {
    const row = this.weekBeforeRow.get(guildId, startsAt);
    return row ? fromWeekRow(row) : null;
  }

  insertWeek(week: ChallengeWeek): void {
    this.insertWeekRow.run({
      guild_id: week.guildId,
      starts_at: week.startsAt,
      ends_at: week.endsAt,
      seed: week.seed,
      closed_at: week.closedAt,
      created_at: week.createdAt,
    });
  }

  /** Marks a week closed; false when it already was. */
  closeWeek(guildId: string, startsAt: number, now: number): boolean {
    return this.closeWeekRow.run(now, guildId, startsAt).changes > 0;
  }

  /** Weeks of `owns`' guilds whose end has come and which are not closed yet. */
  dueWeeks(now: number, owns: GuildFilter = everyGuild): ChallengeWeek[] {
    return this.dueRows
      .all(now)
      .filter((r) => owns(r.guild_id))
      .map(fromWeekRow);
  }

  entry(guildId: string, weekStart: number, userId: string): ChallengeEntry | null {
    const row = this.entryRow.get(guildId, weekStart, userId);
    return row ? fromEntryRow(row) : null;
  }

  /** The entry a table plays, if it is a challenge table. */
  ofTable(tableId: string): ChallengeEntry | null {
    const row = this.entryOfTable.get(tableId);
    return row ? fromEntryRow(row) : null;
  }

  entries(guildId: string, weekStart: number): ChallengeEntry[] {
    return this.entryRows.all(guildId, weekStart).map(fromEntryRow);
  }

  insertEntry(entry: ChallengeEntry): void {
    this.insertEntryRow.run(toEntryRow(entry));
  }

  updateEntry(entry: ChallengeEntry): void {
    this.updateEntryRow.run(toEntryRow(entry));
  }

  /** Writes the boards the entry's match has played and not yet recorded; returns how many were new. */
  recordBoards(entry: ChallengeEntry): number {
    if (entry.matchId === null) return 0;
    return this.recordRows.run({
      guild_id: entry.guildId,
      week_start: entry.weekStart,
      user_id: entry.userId,
      match_id: entry.matchId,
    }).changes;
  }

  /** Every board result of the week, in no particular order. */
  results(guildId: string, weekStart: number): BoardResult[] {
    return this.resultRows
      .all(guildId, weekStart)
      .map((r) => ({ userId: r.user_id, board: r.board, nsDiff: r.ns_diff }));
  }

  /** One member's board results of the week, by board. */
  resultsOf(guildId: string, weekStart: number, userId: string): BoardResult[] {
    return this.resultsOfRows
      .all(guildId, weekStart, userId)
      .map((r) => ({ userId: r.user_id, board: r.board, nsDiff: r.ns_diff }));
  }

  /** Whether a match is a challenge entry's whose week is not closed yet (its boards still hidden). */
  hiddenMatch(matchId: number): boolean {
    return this.hiddenRow.get(matchId) !== undefined;
  }
}

function fromWeekRow(r: WeekRow): ChallengeWeek {
  return {
    guildId: r.guild_id,
    startsAt: r.starts_at,
    endsAt: r.ends_at,
    seed: r.seed,
    closedAt: r.closed_at,
    createdAt: r.created_at,
  };
}

function toEntryRow(e: ChallengeEntry): EntryRow {
  return {
    guild_id: e.guildId,
    week_start: e.weekStart,
    user_id: e.userId,
    name: e.name,
    channel_id: e.channelId,
    thread_id: e.threadId,
    table_id: e.tableId,
    match_id: e.matchId,
    status: e.status,
    created_at: e.createdAt,
    updated_at: e.updatedAt,
    finished_at: e.finishedAt,
  };
}

function fromEntryRow(r: EntryRow): ChallengeEntry {
  return {
    guildId: r.guild_id,
    weekStart: r.week_start,
    userId: r.user_id,
    name: r.name,
    channelId: r.channel_id,
    threadId: r.thread_id,
    tableId: r.table_id,
    matchId: r.match_id,
    status: z.enum(ENTRY_STATUSES).parse(r.status),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    finishedAt: r.finished_at,
  };
}
