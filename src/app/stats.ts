/**
 * Leaderboards, statistics, history and export: read-only use cases, each scoped to one server.
 * Hidden information (seeds, exchanges, unplayed cards) is shown only once its hand is over.
 */
import {
  type GameEvent,
  type HandResult,
  type LoggedAction,
  ok,
  replay,
  type Settings,
} from '../engine/index.js';
import type { ForcedBy } from '../store/records.js';
import type {
  BoardRow,
  BoardSort,
  MatchSummaryRow,
  PlayerTotals,
  RatingChangeRow,
} from '../store/statsRepo.js';
import type { Store } from '../store/store.js';
import { checkSnowflake, type Outcome, refuse } from './core.js';
import { type SeasonRecord, SeasonService, windowOf } from './seasons.js';

/** What the Discord layer needs of the store's records comes through here, not from src/store. */
export {
  BOARD_SORTS,
  type BoardSort,
  type MatchSummaryRow,
  type PlayerTotals,
  type RatingChangeRow,
} from '../store/statsRepo.js';

export const BOARD_PAGE_SIZE = 10;
/** Win rate and Tichu success boards list only players with at least this many matches (or calls). */
export const BOARD_MIN_MATCHES = 5;

export interface Leaderboard {
  readonly sort: BoardSort;
  readonly page: number;
  readonly pages: number;
  readonly total: number;
  readonly rows: readonly BoardRow[];
  /** The viewer's own place, even when not on this page (null: not ranked on this board). */
  readonly viewer: { rank: number; value: number } | null;
  readonly viewerHidden: boolean;
  /** The season shown (its ratings, the matches that ended in it, its events' placings); null: all time. */
  readonly season: SeasonRecord | null;
}

export interface PlayerStats {
  readonly userId: string;
  /** Every finished match, rated or not: what the wins, win rate and Tichu boards rank. */
  readonly totals: PlayerTotals | null;
  /** Rated matches only (the same four people throughout); null: none. */
  readonly rated: PlayerTotals | null;
  /** Casual matches: the unrated ones (a bot or a substitute held a seat, or too short); null: none. */
  readonly casual: PlayerTotals | null;
  readonly rating: { mu: number; sigma: number; ordinal: number; ratedMatches: number } | null;
  readonly rank: number | null;
  readonly favouritePartner: { userId: string; name: string; matches: number; wins: number } | null;
  readonly hidden: boolean;
}

export interface MatchDetail {
  readonly match: MatchSummaryRow;
  /** Everyone who sat in each seat (a person once per seat, a bot seat once), by seat, in order of sitting. */
  readonly players: ReadonlyArray<{
    seat: number;
    userId: string | null;
    name: string | null;
    bombs: number;
  }>;
  readonly hands: readonly HandResult[];
  /** Who held each seat from which version on: names each hand's and each play's player. */
  readonly holders: ReadonlyArray<{
    seat: number;
    since: number;
    userId: string | null;
    name: string | null;
  }>;
  /** The version of the action that ended each hand, by hand number. */
  readonly handEnds: ReadonlyMap<number, number>;
  /** Who made each call (a seat may have changed hands since): by hand and seat. */
  readonly calls: ReadonlyArray<{ hand: number; seat: number; userId: string | null }>;
  /** Each person's rating before and after, by seat: a rated match's (empty otherwise, or if rated before they were kept). */
  readonly ratingChanges: readonly RatingChangeRow[];
}

export interface HandLog {
  readonly match: MatchSummaryRow;
  readonly number: number;
  readonly entries: ReadonlyArray<{
    /** The state it produced: who held the seat then made it. */
    version: number;
    seat: number;
    action: unknown;
    events: readonly GameEvent[];
    /** Made for the seat's player by the normal policy: their clock ran out, or they were away. */
    forced?: ForcedBy;
  }>;
}

export interface MatchExport {
  readonly format: 'tichu-match/1';
  readonly matchId: number;
  readonly guildId: string;
  readonly settings: Settings;
  readonly seed: string;
  readonly players: MatchDetail['players'];
  readonly result: { scores: [number, number]; winner: number | null; status: string };
  readonly hands: readonly HandResult[];
  readonly actions: ReadonlyArray<{ version: number; seat: number; action: unknown; events: unknown }>;
}

export class StatsService {
  /** The server's seasons: what a leaderboard shows by default, and the admin's start and end. */
  readonly seasons: SeasonService;

  constructor(private readonly store: Store) {
    this.seasons = new SeasonService(store);
  }

  /** A page of the server's board: all time, or `season`'s (one of this server's, from `seasons`). */
  leaderboard(
    guildId: string,
    sort: BoardSort,
    page: number,
    viewerId: string,
    season: SeasonRecord | null = null,
  ): Outcome<Leaderboard> {
    const bad = checkSnowflake(guildId, 'server id') ?? checkSnowflake(viewerId, 'user id');
    if (bad) return refuse(bad);
    if (season && season.guildId !== guildId) return refuse({ code: 'malformed_id', what: 'season' });
    const stats = this.store.stats;
    const window = season ? windowOf(season) : null;
    const first = stats.board(guildId, sort, 0, 0, BOARD_MIN_MATCHES, window);
    const pages = Math.max(1, Math.ceil(first.total / BOARD_PAGE_SIZE));
    const wanted = Number.isFinite(page) ? Math.trunc(page) : 0;
    const current = Math.min(Math.max(0, wanted), pages - 1);
    const { rows, total } = stats.board(
      guildId,
      sort,
      current * BOARD_PAGE_SIZE,
      BOARD_PAGE_SIZE,
      BOARD_MIN_MATCHES,
      window,
    );
    return ok({
      sort,
      page: current,
      pages,
      total,
      rows,
      viewer: stats.rankOf(guildId, sort, viewerId, BOARD_MIN_MATCHES, window),
      viewerHidden: this.store.tables.isHidden(viewerId),
      season,
    });
  }

  playerStats(guildId: string, userId: string): Outcome<PlayerStats> {
    const bad = checkSnowflake(guildId, 'server id') ?? checkSnowflake(userId, 'user id');
    if (bad) return refuse(bad);
    const stats = this.store.stats;
    const rating = stats.rating(guildId, userId);
    const totals = stats.totals(guildId, userId);
    const casual = stats.casualTotals(guildId, userId);
    return ok({
      userId,
      totals,
      rated: totals && ratedPart(totals, casual),
      casual,
      rating,
      rank: rating ? (stats.rankOf(guildId, 'rating', userId, BOARD_MIN_MATCHES)?.rank ?? null) : null,
      favouritePartner: stats.favouritePartner(guildId, userId),
      hidden: this.store.tables.isHidden(userId),
    });
  }

  /** Hides (or shows again) a player on every leaderboard. */
  setHidden(userId: string, name: string, hidden: boolean, now: number): Outcome<boolean> {
    const bad = checkSnowflake(userId, 'user id');
    if (bad) return refuse(bad);
    this.store.transaction(() => this.store.tables.setHidden(userId, name, hidden, now));
    return ok(hidden);
  }

  recentMatches(
    guildId: string,
    of: { userId: string } | { channelId: string },
    limit = 10,
  ): Outcome<MatchSummaryRow[]> {
    const bad =
      checkSnowflake(guildId, 'server id') ??
      ('userId' in of ? checkSnowflake(of.userId, 'user id') : checkSnowflake(of.channelId, 'channel id'));
    if (bad) return refuse(bad);
    const rows =
      'userId' in of
        ? this.store.stats.recentMatchesOfPlayer(guildId, of.userId, limit)
        : this.store.stats.recentMatchesOfChannel(of.channelId, limit).filter((m) => m.guildId === guildId);
    // A duplicate round's finished match is not listed (with its score) until the round is over.
    return ok(
      rows.filter((m) => !this.store.events.hiddenMatch(m.id) && !this.store.challenges.hiddenMatch(m.id)),
    );
  }

  /**
   * Whether a table's match result says nothing of ratings: an unrated event's table (no reason to
   * give), or a duplicate round's, whose results wait for the round to end.
   */
  /** Whether a hand of this table may be reviewed as soon as it ends (a weekly challenge's wait for its week). */
  reviewsAtOnce(tableId: string): boolean {
    return this.store.challenges.ofTable(tableId) === null;
  }

  quietRatings(tableId: string): boolean {
    return this.store.events.defersResults(tableId) || this.store.events.unratedEventTable(tableId);
  }

  /** A match of this server, hand by hand (finished hands only). */
  matchDetail(guildId: string, matchId: number, own = false): Outcome<MatchDetail> {
    const match = this.findMatch(guildId, matchId, own);
    if (!match.ok) return match;
    const hands = this.store.stats
      .handResults(matchId)
      .flatMap((h) => (h.result ? [JSON.parse(h.result) as HandResult] : []));
    const holders = this.holdersOf(match.value);
    return ok({
      match: match.value,
      players: this.playersOf(match.value, holders),
      hands,
      holders,
      handEnds: this.store.matchLog.handEnds(matchId),
      calls: this.store.matchLog.calls(matchId),
      ratingChanges: this.store.stats.ratingChanges(matchId),
    });
  }

  /**
   * Who held each seat when: as stored since substitutes exist; an older match had its table's seats
   * throughout (known only while the table still shows that match).
   */
  private holdersOf(match: MatchSummaryRow): MatchDetail['holders'] {
    const stored = this.store.seats.holders(match.id);
    if (stored.length > 0) return stored;
    const table = this.store.tables.get(match.tableId);
    if (!table || table.matchId !== match.id) return [];
    return table.seats.map((o, seat) => ({
      seat,
      since: 0,
      userId: o?.kind === 'user' ? o.userId : null,
      name: o?.kind === 'user' ? o.name : null,
    }));
  }

  /**
   * Result rows name a finished match's players (one per person per seat); a running or abandoned
   * one has its seats' holders, with the bombs each played.
   */
  private playersOf(match: MatchSummaryRow, holders: MatchDetail['holders']): MatchDetail['players'] {
    const rows = this.store.stats.matchPlayers(match.id);
    if (rows.length > 0) return rows;
    const bombs = this.store.matchLog.bombsByPlayer(match.id);
    const players: Array<MatchDetail['players'][number]> = [];
    for (const h of holders) {
      if (players.some((p) => p.seat === h.seat && p.userId === h.userId)) continue;
      const n = bombs.find((b) => b.seat === h.seat && b.userId === h.userId)?.n ?? 0;
      players.push({ seat: h.seat, userId: h.userId, name: h.name, bombs: n });
    }
    return players;
  }

  /** Everything that happened in one finished hand, in order, exchanges included. */
  handLog(guildId: string, matchId: number, handNumber: number, own = false): Outcome<HandLog> {
    const match = this.findMatch(guildId, matchId, own);
    if (!match.ok) return match;
    const finished = this.store.stats
      .handResults(matchId)
      .find((h) => h.number === handNumber && h.result !== null);
    if (!finished) return refuse({ code: 'hand_not_over' });
    const entries = this.store.matches.handActions(matchId, handNumber).map((e) => ({
      version: e.version,
      seat: e.seat,
      action: e.action,
      events: e.events as GameEvent[],
      ...(e.forced ? { forced: e.forced } : {}),
    }));
    return ok({ match: match.value, number: handNumber, entries });
  }

  /** A finished (or abandoned) match as data enough to replay it with the engine. */
  exportMatch(guildId: string, matchId: number): Outcome<MatchExport> {
    const detail = this.matchDetail(guildId, matchId);
    if (!detail.ok) return detail;
    const { match } = detail.value;
    if (match.status === 'playing') return refuse({ code: 'match_in_progress' });
    const stored = this.store.matches.load(matchId);
    if (!stored) return refuse({ code: 'unknown_match' });
    const actions = this.store.matches.actions(matchId);
    return ok({
      format: 'tichu-match/1',
      matchId,
      guildId,
      settings: stored.settings,
      seed: stored.seed,
      players: detail.value.players,
      result: { scores: [match.scoreA, match.scoreB], winner: match.winner, status: match.status },
      hands: detail.value.hands,
      actions: actions.map((a) => ({ version: a.version, seat: a.seat, action: a.action, events: a.events })),
    });
  }

  /**
   * `own`: for the table's own channel (its hand and match summaries), where everyone played the
   * match: a duplicate round's match is not hidden there.
   */
  private findMatch(guildId: string, matchId: number, own = false): Outcome<MatchSummaryRow> {
    const bad = checkSnowflake(guildId, 'server id');
    if (bad) return refuse(bad);
    if (!Number.isInteger(matchId) || matchId < 1) return refuse({ code: 'unknown_match' });
    const match = this.store.stats.match(matchId);
    // Another server's match is as unknown here as a match that does not exist.
    if (!match || match.guildId !== guildId) return refuse({ code: 'unknown_match' });
    // A duplicate round's match tells how its boards went: hidden until every table played them.
    if (!own && this.store.events.hiddenMatch(matchId))
      return refuse({ code: 'event', reason: 'board_hidden' });
    // A weekly challenge's match shows the week's boards: hidden from everyone until the week closes.
    if (!own && this.store.challenges.hiddenMatch(matchId))
      return refuse({ code: 'challenge', reason: 'not_closed' });
    return ok(match);
  }
}

/**
 * The rated share of a person's totals: player_stats counts every finished match and the casual
 * ones are summed from their result rows, so the rest is the rated ones (null when nothing is left).
 */
function ratedPart(totals: PlayerTotals, casual: PlayerTotals | null): PlayerTotals | null {
  if (!casual) return totals;
  const rest: PlayerTotals = {
    matches: totals.matches - casual.matches,
    wins: totals.wins - casual.wins,
    hands: totals.hands - casual.hands,
    points: totals.points - casual.points,
    tichuCalls: totals.tichuCalls - casual.tichuCalls,
    tichuMade: totals.tichuMade - casual.tichuMade,
    grandCalls: totals.grandCalls - casual.grandCalls,
    grandMade: totals.grandMade - casual.grandMade,
    doubleVictories: totals.doubleVictories - casual.doubleVictories,
    bombs: totals.bombs - casual.bombs,
  };
  return rest.hands + rest.tichuCalls + rest.grandCalls + rest.bombs > 0 ? rest : null;
}

/** Replays an export with the engine: the state it rebuilds, for checking an export. */
export function replayExport(data: MatchExport) {
  const log: LoggedAction[] = data.actions.map((a) => ({ seat: a.seat, action: a.action }));
  return replay(data.settings, data.seed, log);
}
