/** SQL for seasons and their own ratings (see migration 0012), each keyed by server. */
import type Database from 'better-sqlite3';
import type { RatingRow } from './statsRepo.js';

export interface SeasonRecord {
  readonly guildId: string;
  /** The season's number within its server: 1, 2, ... */
  readonly id: number;
  readonly name: string;
  readonly startedAt: number;
  /** Null while the season runs. */
  readonly endedAt: number | null;
}

interface SeasonRow {
  guild_id: string;
  id: number;
  name: string;
  started_at: number;
  ended_at: number | null;
}

const COLUMNS = 'guild_id, id, name, started_at, ended_at';

export class SeasonRepo {
  private readonly runningOf;
  private readonly byId;
  private readonly byName;
  private readonly listOf;
  private readonly nextId;
  private readonly insert;
  private readonly close;
  private readonly ratingOf;
  private readonly upsertRating;

  constructor(db: Database.Database) {
    this.runningOf = db.prepare<[string], SeasonRow>(
      `SELECT ${COLUMNS} FROM seasons WHERE guild_id = ? AND ended_at IS NULL`,
    );
    this.byId = db.prepare<[string, number], SeasonRow>(
      `SELECT ${COLUMNS} FROM seasons WHERE guild_id = ? AND id = ?`,
    );
    // lower() as the unique index has it: names differ only in their letters' case are one name.
    this.byName = db.prepare<[string, string], SeasonRow>(
      `SELECT ${COLUMNS} FROM seasons WHERE guild_id = ? AND lower(name) = lower(?)`,
    );
    this.listOf = db.prepare<[string, number], SeasonRow>(
      `SELECT ${COLUMNS} FROM seasons WHERE guild_id = ? ORDER BY id DESC LIMIT ?`,
    );
    this.nextId = db
      .prepare<[string], number>('SELECT ifnull(max(id), 0) + 1 FROM seasons WHERE guild_id = ?')
      .pluck();
    this.insert = db.prepare<[string, number, string, number]>(
      'INSERT INTO seasons (guild_id, id, name, started_at) VALUES (?, ?, ?, ?)',
    );
    this.close = db.prepare<[number, string, number]>(
      'UPDATE seasons SET ended_at = ? WHERE guild_id = ? AND id = ? AND ended_at IS NULL',
    );
    this.ratingOf = db.prepare<
      [string, number, string],
      { mu: number; sigma: number; ordinal: number; rated_matches: number }
    >(
      'SELECT mu, sigma, ordinal, rated_matches FROM season_ratings WHERE guild_id = ? AND season_id = ? AND user_id = ?',
    );
    this.upsertRating = db.prepare(
      `INSERT INTO season_ratings (guild_id, season_id, user_id, mu, sigma, ordinal, rated_matches, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, 1, ?)
       ON CONFLICT (guild_id, season_id, user_id) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma,
       ordinal = excluded.ordinal, rated_matches = season_ratings.rated_matches + 1, updated_at = excluded.updated_at`,
    );
  }

  /** The server's running season, or null. */
  running(guildId: string): SeasonRecord | null {
    return recordOf(this.runningOf.get(guildId));
  }

  season(guildId: string, id: number): SeasonRecord | null {
    return recordOf(this.byId.get(guildId, id));
  }

  /** The server's season of that name, whatever its letter case. */
  named(guildId: string, name: string): SeasonRecord | null {
    return recordOf(this.byName.get(guildId, name));
  }

  /** The server's seasons, newest first. */
  list(guildId: string, limit: number): SeasonRecord[] {
    return this.listOf.all(guildId, limit).map((row) => recordOf(row) as SeasonRecord);
  }

  /** Starts a season numbered after the server's last one (call in a transaction). */
  start(guildId: string, name: string, now: number): SeasonRecord {
    const id = this.nextId.get(guildId) as number;
    this.insert.run(guildId, id, name, now);
    return { guildId, id, name, startedAt: now, endedAt: null };
  }

  /** Ends a running season; false if it was not running. */
  end(guildId: string, id: number, now: number): boolean {
    return this.close.run(now, guildId, id).changes === 1;
  }

  /** A person's rating in a season (null: no rated match in it yet). */
  rating(guildId: string, seasonId: number, userId: string): RatingRow | null {
    const row = this.ratingOf.get(guildId, seasonId, userId);
    return row
      ? { userId, mu: row.mu, sigma: row.sigma, ordinal: row.ordinal, ratedMatches: row.rated_matches }
      : null;
  }

  saveRating(
    guildId: string,
    seasonId: number,
    userId: string,
    rating: { mu: number; sigma: number; ordinal: number },
    now: number,
  ): void {
    this.upsertRating.run(guildId, seasonId, userId, rating.mu, rating.sigma, rating.ordinal, now);
  }
}

function recordOf(row: SeasonRow | undefined): SeasonRecord | null {
  return row
    ? { guildId: row.guild_id, id: row.id, name: row.name, startedAt: row.started_at, endedAt: row.ended_at }
    : null;
}
