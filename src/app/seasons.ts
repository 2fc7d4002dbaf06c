/**
 * Seasons: a server's admin starts and ends them, one running at a time; leaderboards show the
 * running one by default and any past one on request. The rules (docs/playing.md, "Events and seasons"):
 * - a season has its own openskill ratings, fresh for everyone at its start: every rated match that
 *   ends while it runs moves them, beside the all-time ratings, in the match's last transaction;
 * - its other boards (wins, win rate, Tichu success) count the matches that ended in its window,
 *   from its start up to (not including) its end.
 * Who may start or end one (Manage Server) is Discord's to say: the Discord layer checks it.
 */
import { ok, type Result } from '../engine/index.js';
import type { SeasonRecord } from '../store/seasonRepo.js';
import type { SeasonWindow } from '../store/statsRepo.js';
import type { Store } from '../store/store.js';
import { checkSnowflake } from './core.js';
import { rateTeams } from './ratings.js';
import type { Refusal } from './refusals.js';

export type { SeasonRecord } from '../store/seasonRepo.js';

/** A season's name: at most this many characters (the migration checks it too). */
export const SEASON_NAME_MAX = 40;
/** What `/leaderboard top season:` takes for the all-time board (also its autocomplete choice). */
export const ALL_TIME = 'all-time';
/** `/season list` shows at most this many, newest first. */
export const SEASON_LIST_LIMIT = 25;

/** Why a season request was refused; each code has one sentence (`season.refusal.<code>`). */
export type SeasonRefusal =
  | { readonly code: 'season_not_admin' }
  | { readonly code: 'season_running'; readonly name: string }
  | { readonly code: 'season_none_running' }
  | { readonly code: 'season_name_empty' }
  | { readonly code: 'season_name_too_long'; readonly max: number }
  | { readonly code: 'season_name_taken'; readonly name: string }
  | { readonly code: 'season_name_reserved'; readonly name: string }
  | { readonly code: 'season_unknown'; readonly name: string };

export type SeasonRefusalCode = SeasonRefusal['code'];
export type SeasonOutcome<T> = Result<T, SeasonRefusal | Refusal>;

const SEASON_CODES: ReadonlySet<string> = new Set<SeasonRefusalCode>([
  'season_not_admin',
  'season_running',
  'season_none_running',
  'season_name_empty',
  'season_name_too_long',
  'season_name_taken',
  'season_name_reserved',
  'season_unknown',
]);

export function isSeasonRefusal(refusal: SeasonRefusal | Refusal): refusal is SeasonRefusal {
  return SEASON_CODES.has(refusal.code);
}

function refuse(refusal: SeasonRefusal | Refusal): { ok: false; error: SeasonRefusal | Refusal } {
  return { ok: false, error: refusal };
}

/** A typed name as stored: runs of spaces (and control characters) made one space, ends trimmed. */
export function seasonName(raw: string): string {
  return raw.replace(/[\s\p{Cc}]+/gu, ' ').trim();
}

/** Names that read as the all-time board, in either language: no season may take one. */
function readsAsAllTime(name: string): boolean {
  const bare = name.toLowerCase().replace(/[\s_-]+/g, '');
  return bare === 'alltime' || bare === 'allezeiten';
}

/** The window a season's boards count matches in. */
export function windowOf(season: SeasonRecord): SeasonWindow {
  return { seasonId: season.id, from: season.startedAt, until: season.endedAt };
}

/**
 * The season a result happening now belongs to: the server's running one (null: none). Rated
 * matches use it for season ratings; event results are to record it with the event (club_events.season_id).
 */
export function currentSeason(store: Store, guildId: string): SeasonRecord | null {
  return store.seasons.running(guildId);
}

/**
 * The season's side of a rated match's ratings: the running season's ratings of the four people
 * (`ids` in seat order; none yet: a fresh rating) after a match won by `winner`. Call inside the
 * match's last transaction, beside the all-time ratings.
 */
export function rateInSeason(
  store: Store,
  guildId: string,
  ids: readonly string[],
  winner: 0 | 1,
  now: number,
): void {
  const season = currentSeason(store, guildId);
  if (!season) return;
  const current = ids.map((id) => store.seasons.rating(guildId, season.id, id));
  rateTeams(current, winner).forEach((rating, seat) => {
    store.seasons.saveRating(guildId, season.id, ids[seat] as string, rating, now);
  });
}

export class SeasonService {
  constructor(private readonly store: Store) {}

  /** Starts a season named `rawName` (trimmed); refused while one runs, or for a bad or used name. */
  start(guildId: string, rawName: string, now: number): SeasonOutcome<SeasonRecord> {
    const bad = checkSnowflake(guildId, 'server id');
    if (bad) return refuse(bad);
    const name = seasonName(rawName);
    if (name === '') return refuse({ code: 'season_name_empty' });
    if ([...name].length > SEASON_NAME_MAX)
      return refuse({ code: 'season_name_too_long', max: SEASON_NAME_MAX });
    if (readsAsAllTime(name)) return refuse({ code: 'season_name_reserved', name });
    return this.store.transaction((): SeasonOutcome<SeasonRecord> => {
      const running = this.store.seasons.running(guildId);
      if (running) return refuse({ code: 'season_running', name: running.name });
      const taken = this.store.seasons.named(guildId, name);
      if (taken) return refuse({ code: 'season_name_taken', name: taken.name });
      return ok(this.store.seasons.start(guildId, name, now));
    });
  }

  /** Ends the running season; refused when none runs. */
  end(guildId: string, now: number): SeasonOutcome<SeasonRecord> {
    const bad = checkSnowflake(guildId, 'server id');
    if (bad) return refuse(bad);
    return this.store.transaction((): SeasonOutcome<SeasonRecord> => {
      const running = this.store.seasons.running(guildId);
      if (!running) return refuse({ code: 'season_none_running' });
      // A clock that went back must not make a window that ends before it starts.
      const endedAt = Math.max(now, running.startedAt);
      this.store.seasons.end(guildId, running.id, endedAt);
      return ok({ ...running, endedAt });
    });
  }

  /** The server's seasons, newest first (at most `limit`). */
  list(guildId: string, limit = SEASON_LIST_LIMIT): SeasonOutcome<SeasonRecord[]> {
    const bad = checkSnowflake(guildId, 'server id');
    if (bad) return refuse(bad);
    return ok(this.store.seasons.list(guildId, limit));
  }

  /**
   * The season a leaderboard shows (null: all time): the one `asked` names, else the running one.
   * `asked` is what was typed or picked: ALL_TIME (or a name reading so) for all time, or a
   * season's name (any letter case).
   */
  boardSeason(guildId: string, asked: string | null): SeasonOutcome<SeasonRecord | null> {
    const bad = checkSnowflake(guildId, 'server id');
    if (bad) return refuse(bad);
    if (asked === null) return ok(this.store.seasons.running(guildId));
    const name = seasonName(asked);
    if (name === '') return ok(this.store.seasons.running(guildId));
    const season = this.store.seasons.named(guildId, name);
    if (season) return ok(season);
    if (name === ALL_TIME || readsAsAllTime(name)) return ok(null);
    return refuse({ code: 'season_unknown', name: name.slice(0, SEASON_NAME_MAX + 10) });
  }

  /** A season by its number on this server (a leaderboard button names it so). */
  season(guildId: string, id: number): SeasonOutcome<SeasonRecord> {
    const bad = checkSnowflake(guildId, 'server id');
    if (bad) return refuse(bad);
    const season = Number.isInteger(id) && id >= 1 ? this.store.seasons.season(guildId, id) : null;
    return season ? ok(season) : refuse({ code: 'season_unknown', name: `#${id}` });
  }

  /** The seasons whose name contains `typed` (any letter case), newest first, for autocomplete. */
  suggestions(guildId: string, typed: string, limit: number): SeasonRecord[] {
    if (checkSnowflake(guildId, 'server id')) return [];
    const wanted = seasonName(typed).toLowerCase();
    return this.store.seasons
      .list(guildId, 1000)
      .filter((s) => s.name.toLowerCase().includes(wanted))
      .slice(0, limit);
  }
}
