/**
 * Moving one server's data between database files (`npm run guild`). Export reads every row of the
 * server in one read transaction: its tables with their seats, its matches with their hands, logged
 * actions, snapshots, results, seat holders and seat requests, its ratings and players' totals, its
 * seasons with their ratings, and the players those rows name (display name, leaderboard
 * visibility, turn pings). Import writes
 * them in one write transaction, replacing whatever the target held of that server, so importing
 * the same file twice leaves the same data. It refuses while a bot runs on the target (botLock.ts),
 * when the target holds a change of the server newer than the file's newest, and when it holds a
 * match of the server the file does not have. A match the target already holds keeps its number
 * there; another takes its number from the file unless another server's match uses it, then the
 * next free one (every reference follows). Card emoji are the application's, not a server's: not moved.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import Database from 'better-sqlite3';
import { botsRunningOn, markFile, takeImportLock } from './botLock.js';
import {
  type CellValue,
  CHANGE_COLUMNS,
  checkRows,
  GUILD_FORMAT,
  GUILD_TABLES,
  type GuildFile,
  GuildFileError,
  type GuildTable,
  MATCH_ID_COLUMNS,
  newestChange,
  rowObjects,
  type TableRows,
} from './guildFile.js';
import { migrate, readMigrations } from './migrate.js';
import { MIGRATIONS_DIR, makeFolder, openDatabase, StoreOpenError, storeFailure } from './open.js';

/** A refusal or failure of the mover, in one plain sentence for the operator. */
export class GuildMoveError extends Error {}

const OF_TABLES = 'table_id IN (SELECT id FROM tables WHERE guild_id = @guild)';
const OF_MATCHES = 'match_id IN (SELECT id FROM matches WHERE guild_id = @guild)';
const OF_EVENTS = 'event_id IN (SELECT id FROM club_events WHERE guild_id = @guild)';

/** Which rows of each table belong to the server (players: those its rows name). */
const WHERE: Readonly<Record<GuildTable, string>> = {
  players: `user_id IN (
    SELECT user_id FROM seats WHERE ${OF_TABLES} UNION SELECT host_id FROM tables WHERE guild_id = @guild
    UNION SELECT user_id FROM match_players WHERE guild_id = @guild UNION SELECT user_id FROM seat_holders WHERE ${OF_MATCHES}
    UNION SELECT user_id FROM seat_requests WHERE ${OF_TABLES} UNION SELECT user_id FROM events WHERE ${OF_MATCHES}
    UNION SELECT user_id FROM ratings WHERE guild_id = @guild UNION SELECT user_id FROM player_stats WHERE guild_id = @guild)`,
  tables: 'guild_id = @guild',
  seats: OF_TABLES,
  matches: 'guild_id = @guild',
  hands: OF_MATCHES,
  events: OF_MATCHES,
  snapshots: OF_MATCHES,
  match_players: OF_MATCHES,
  seat_holders: OF_MATCHES,
  seat_requests: OF_TABLES,
  ratings: 'guild_id = @guild',
  player_stats: 'guild_id = @guild',
  // A season's ratings are of players its all-time ratings name already (written together).
  seasons: 'guild_id = @guild',
  season_ratings: 'guild_id = @guild',
  // Events name people by id only (no player rows), and their tables by id (the server's own).
  club_events: 'guild_id = @guild',
  club_event_players: OF_EVENTS,
  club_event_tables: OF_EVENTS,
  club_event_sitouts: OF_EVENTS,
  club_event_posts: OF_EVENTS,
  club_event_placings: 'guild_id = @guild',
  // The weekly challenge names people by id only, like events, and its entries the server's tables.
  challenge_settings: 'guild_id = @guild',
  challenge_weeks: 'guild_id = @guild',
  challenge_entries: 'guild_id = @guild',
  challenge_results: 'guild_id = @guild',
  // Reviews are of the server's matches (derived data, but moved with them: a second request stays free).
  hand_reviews: OF_MATCHES,
};

/** The server's tables and rows as the file holds them, with how many of each. */
export interface ExportResult {
  readonly file: GuildFile;
  readonly counts: Readonly<Partial<Record<GuildTable, number>>>;
}

export interface ImportReport {
  /** The file's rows written, by table. */
  readonly counts: Readonly<Partial<Record<GuildTable, number>>>;
  /** Matches the target already held under another number, which they keep: [number in the file, number here]. */
  readonly kept: ReadonlyArray<readonly [number, number]>;
  /** Matches given another number because other servers' matches use theirs: [number in the file, number now]. */
  readonly renumbered: ReadonlyArray<readonly [number, number]>;
  /** The newest change of the server the target held before, replaced by the file (null: none). */
  readonly replacedNewestAt: number | null;
  /** The target's rows of the server removed, by table (players are never removed): null when it held none. */
  readonly removed: Readonly<Partial<Record<GuildTable, number>>> | null;
  /** Set when the file came from an older schema and was brought up to this one on the way. */
  readonly upgradedFrom: number | null;
}

/** The schema version this code writes: the number of migrations. */
export function currentSchemaVersion(migrationsDir = MIGRATIONS_DIR): number {
  return readMigrations(migrationsDir).length;
}

/**
 * Exports server `guildId` from the database file at `path`, opened read-only (the bot may keep
 * running on it; nothing is migrated or written). Refuses a missing file, a newer schema, and a
 * server the file holds nothing of.
 */
export function exportGuildFromFile(path: string, guildId: string, now: number): ExportResult {
  const file = resolve(path);
  if (!existsSync(file))
    throw new GuildMoveError(`There is no database at ${file}: check DATABASE_PATH or --database.`);
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    db.pragma('busy_timeout = 5000');
  } catch (error) {
    throw new GuildMoveError(storeFailure(file, error).message);
  }
  try {
    const version = db.pragma('user_version', { simple: true }) as number;
    const latest = currentSchemaVersion();
    if (version > latest)
      throw new GuildMoveError(
        `The database ${file} has schema version ${version}, newer than this code knows (${latest}): export with the newer version of the bot.`,
      );
    const result = exportGuild(db, guildId, version, now);
    if (result.file.newestAt === 0)
      throw new GuildMoveError(
        `The database ${file} holds nothing of server ${guildId}: check the server id.`,
      );
    return result;
  } catch (error) {
    if (error instanceof GuildMoveError) throw error;
    throw new GuildMoveError(storeFailure(file, error).message);
  } finally {
    db.close();
  }
}

/** Every row of server `guildId` in `db` (at schema `version`), read in one transaction. */
export function exportGuild(
  db: Database.Database,
  guildId: string,
  version: number,
  now: number,
): ExportResult {
  return db.transaction(() => {
    const present = existingTables(db);
    const tables: Partial<Record<GuildTable, TableRows>> = {};
    const counts: Partial<Record<GuildTable, number>> = {};
    for (const table of GUILD_TABLES) {
      if (!present.has(table)) continue;
      const columns = columnsOf(db, table);
      const sql = `SELECT ${columns.map(quote).join(', ')} FROM ${quote(table)} WHERE ${whereFor(table, present)} ORDER BY rowid`;
      const rows = db.prepare(sql).raw().all({ guild: guildId }) as CellValue[][];
      tables[table] = { columns, rows };
      counts[table] = rows.length;
    }
    const file: GuildFile = {
      format: GUILD_FORMAT,
      schemaVersion: version,
      guildId,
      exportedAt: now,
      newestAt: newestChange({ tables }),
      tables,
    };
    return { file, counts };
  })();
}

/**
 * Imports `file` into the database at `path` (created if missing, migrated as `npm start` would),
 * in one write transaction, synced to disk before it returns. Refused while a bot runs on the file.
 * A file from an older schema is brought up to this one first, through the migrations; one from a
 * newer schema is refused.
 */
export function importGuildIntoFile(path: string, file: GuildFile): ImportReport {
  // Marked first, then the bots looked for: a bot starting meanwhile sees this mark and waits its turn.
  // The folder first (the import would make it anyway), so that the first import on a machine is marked too.
  try {
    makeFolder(resolve(path));
  } catch (error) {
    throw new GuildMoveError(error instanceof Error ? error.message : String(error));
  }
  const importing = takeImportLock(path);
  try {
    return importUnlocked(path, file);
  } finally {
    importing.release();
  }
}

function importUnlocked(path: string, file: GuildFile): ImportReport {
  const running = botsRunningOn(path);
  if (running.length)
    throw new GuildMoveError(
      `Refused: a bot is running on this file (pid ${running.join(', ')}): stop it first, import, then start it again. Nothing was changed. (If no bot runs, another process reuses that pid: remove ${markFile(path, running[0] as number)}.)`,
    );
  checkRows(file, 'The file');
  const latest = currentSchemaVersion();
  if (file.schemaVersion > latest)
    throw new GuildMoveError(
      `The file was exported at schema version ${file.schemaVersion}, newer than this code knows (${latest}): import it with the newer version of the bot.`,
    );
  const upgradedFrom = file.schemaVersion < latest ? file.schemaVersion : null;
  const data = upgradedFrom === null ? file : upgrade(file);
  let db: Database.Database;
  try {
    db = openDatabase(path);
  } catch (error) {
    throw new GuildMoveError(error instanceof StoreOpenError ? error.message : String(error));
  }
  try {
    // The import is reported done only once it is on disk.
    db.pragma('synchronous = FULL');
    return { ...importGuild(db, data), upgradedFrom };
  } catch (error) {
    if (error instanceof GuildMoveError || error instanceof GuildFileError) throw error;
    throw new GuildMoveError(
      `The import failed and changed nothing: ${error instanceof Error ? error.message : String(error)}`,
    );
  } finally {
    db.close();
  }
}

/**
 * Writes `file` (at this database's schema version) into `db` in one IMMEDIATE transaction: the
 * server's rows there are replaced; its players are added, or updated where the file's are newer.
 * Throws GuildMoveError, having changed nothing, when the target holds a newer change of the server,
 * when one of the file's table ids belongs to another server there, or when the rows do not fit.
 */
export function importGuild(db: Database.Database, file: GuildFile): Omit<ImportReport, 'upgradedFrom'> {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (file.schemaVersion !== version)
    throw new GuildMoveError(
      `The file is at schema version ${file.schemaVersion} and the database at ${version}: they must match.`,
    );
  const guild = file.guildId;
  return db
    .transaction(() => {
      const present = existingTables(db);
      for (const [table, rows] of Object.entries(file.tables) as Array<[GuildTable, TableRows]>)
        checkColumns(db, table, rows);
      const held = newestInDatabase(db, guild, present);
      if (held !== null && held > file.newestAt)
        throw new GuildMoveError(
          `Refused: the database already holds data of server ${guild} changed at ${iso(held)}, after the newest change in the file (${iso(file.newestAt)}). Importing would lose it. Export the server from this database instead, or move that data away first.`,
        );
      refuseForeignTables(db, file);
      const same = sameMatches(db, file);
      // Children first: each one's rows are found through the tables and matches still there.
      const removed: Partial<Record<GuildTable, number>> = {};
      let removedAny = false;
      for (const table of [...GUILD_TABLES].reverse())
        if (table !== 'players' && present.has(table)) {
          const gone = db.prepare(`DELETE FROM ${quote(table)} WHERE ${WHERE[table]}`).run({ guild }).changes;
          removed[table] = gone;
          if (gone) removedAny = true;
        }
      const renumber = matchNumbers(db, file, same);
      const counts: Partial<Record<GuildTable, number>> = {};
      for (const table of GUILD_TABLES) {
        const rows = file.tables[table];
        if (!rows) continue;
        writeRows(db, table, rows, renumber);
        counts[table] = rows.rows.length;
      }
      const moved = [...renumber].filter(([from, to]) => from !== to);
      return {
        counts,
        kept: moved.filter(([from]) => same.has(from)),
        renumbered: moved.filter(([from]) => !same.has(from)),
        replacedNewestAt: held,
        removed: removedAny ? removed : null,
      };
    })
    .immediate();
}

/** A match the same in two files: its table, its seed and when it started (ids may differ). */
function matchKey(tableId: unknown, seed: unknown, startedAt: unknown): string {
  return JSON.stringify([tableId, seed, startedAt]);
}

/**
 * The target's number for each of the file's matches that it already holds of the server (by the
 * file's number). Refuses, naming them, when the target holds matches of the server the file does
 * not: the bot never deletes a match, so those were played where the file was not, and the import
 * would delete them.
 */
function sameMatches(db: Database.Database, file: GuildFile): Map<number, number> {
  const inFile = new Map<string, number>();
  for (const m of rowObjects(file.tables.matches))
    inFile.set(matchKey(m.table_id, m.seed, m.started_at), m.id as number);
  const held = db
    .prepare('SELECT id, table_id, seed, started_at FROM matches WHERE guild_id = ? ORDER BY id')
    .all(file.guildId) as Array<{ id: number; table_id: string; seed: string; started_at: number }>;
  const same = new Map<number, number>();
  const missing: typeof held = [];
  for (const m of held) {
    const id = inFile.get(matchKey(m.table_id, m.seed, m.started_at));
    if (id === undefined) missing.push(m);
    else same.set(id, m.id);
  }
  if (missing.length)
    throw new GuildMoveError(
      `Refused: the database holds ${missing.length} match${missing.length === 1 ? '' : 'es'} of server ${file.guildId} that the file does not have (${missing
        .slice(0, 5)
        .map((m) => `#${m.id} at table ${m.table_id}, started ${iso(m.started_at)}`)
        .join(
          '; ',
        )}${missing.length > 5 ? '; ...' : ''}). Importing would delete them. Export the server from this database instead, or move that data away first. Nothing was changed.`,
    );
  return same;
}

/** Brings a file from an older schema up to this one: its rows in an in-memory database at its version, migrated. */
function upgrade(file: GuildFile): GuildFile {
  const migrations = readMigrations(MIGRATIONS_DIR);
  const db = new Database(':memory:');
  try {
    db.pragma('foreign_keys = ON');
    migrate(db, migrations.slice(0, file.schemaVersion), ':memory:');
    db.transaction(() => {
      for (const table of GUILD_TABLES) {
        const rows = file.tables[table];
        if (!rows) continue;
        checkColumns(db, table, rows);
        writeRows(db, table, rows, new Map());
      }
    })();
    migrate(db, migrations, ':memory:');
    const { file: upgraded } = exportGuild(db, file.guildId, migrations.length, file.exportedAt);
    return upgraded;
  } catch (error) {
    if (error instanceof GuildMoveError) throw error;
    throw new GuildMoveError(
      `The file's rows (schema version ${file.schemaVersion}) could not be brought up to this version: ${error instanceof Error ? error.message : String(error)}`,
    );
  } finally {
    db.close();
  }
}

/**
 * The number each of the file's matches gets here (called once the server's old rows are gone): a
 * match the target held (`same`) keeps the target's number, so /history numbers survive a re-import;
 * another keeps the file's number unless another server's match (or one of `same`) has it, and
 * then takes the next free one, in order.
 */
function matchNumbers(
  db: Database.Database,
  file: GuildFile,
  same: ReadonlyMap<number, number>,
): Map<number, number> {
  const rows = file.tables.matches;
  const map = new Map<number, number>();
  if (!rows) return map;
  const idAt = rows.columns.indexOf('id');
  const ids = rows.rows.map((row) => row[idAt] as number).sort((a, b) => a - b);
  const taken = db.prepare('SELECT 1 FROM matches WHERE id = ?').pluck();
  const used = new Set(same.values());
  const highest = (db.prepare('SELECT ifnull(max(id), 0) FROM matches').pluck().get() as number) ?? 0;
  let next = [...ids, ...used].reduce((a, b) => Math.max(a, b), highest) + 1;
  for (const id of ids) {
    const held = same.get(id);
    if (held !== undefined) map.set(id, held);
    else if (taken.get(id) === undefined && !used.has(id)) {
      map.set(id, id);
      used.add(id);
    } else map.set(id, next++);
  }
  return map;
}

/** Inserts a table's rows, match ids renumbered; players are upserted, the newer row winning. */
function writeRows(
  db: Database.Database,
  table: GuildTable,
  rows: TableRows,
  renumber: ReadonlyMap<number, number>,
): void {
  const names = rows.columns.map(quote).join(', ');
  const marks = rows.columns.map(() => '?').join(', ');
  const updates = rows.columns
    .filter((c) => c !== 'user_id')
    .map((c) => `${quote(c)} = excluded.${quote(c)}`)
    .join(', ');
  const sql =
    table === 'players'
      ? `INSERT INTO players (${names}) VALUES (${marks}) ON CONFLICT (user_id) DO UPDATE SET ${updates}
         WHERE excluded.updated_at > players.updated_at`
      : `INSERT INTO ${quote(table)} (${names}) VALUES (${marks})`;
  const insert = db.prepare(sql);
  const column = MATCH_ID_COLUMNS[table];
  const at = column === undefined ? -1 : rows.columns.indexOf(column);
  for (const row of rows.rows) {
    const values = [...row];
    const id = values[at];
    if (at >= 0 && typeof id === 'number') values[at] = renumber.get(id) ?? id;
    insert.run(values);
  }
}

/** The file's columns of `table` must be exactly the database's. */
function checkColumns(db: Database.Database, table: GuildTable, rows: TableRows): void {
  const have = columnsOf(db, table);
  if (have.length === 0)
    throw new GuildMoveError(`The file has rows of ${table}, a table this database does not have.`);
  const missing = have.filter((c) => !rows.columns.includes(c));
  const extra = rows.columns.filter((c) => !have.includes(c));
  if (missing.length || extra.length)
    throw new GuildMoveError(
      `The file's columns of ${table} do not fit this database (${[
        ...missing.map((c) => `missing ${c}`),
        ...extra.map((c) => `unknown ${c}`),
      ].join(', ')}): export the server again with this version of the bot.`,
    );
}

/** A table id of the file that the target holds for another server cannot be moved in. */
function refuseForeignTables(db: Database.Database, file: GuildFile): void {
  const rows = file.tables.tables;
  if (!rows) return;
  const owner = db.prepare('SELECT guild_id FROM tables WHERE id = ?').pluck();
  const at = rows.columns.indexOf('id');
  for (const row of rows.rows) {
    const other = owner.get(row[at]) as string | undefined;
    if (other !== undefined && other !== file.guildId)
      throw new GuildMoveError(
        `Refused: table ${String(row[at])} of the file belongs to server ${other} in this database. Nothing was changed.`,
      );
  }
}

/** The newest change the database holds of the server, or null when it holds none. */
function newestInDatabase(db: Database.Database, guild: string, present: ReadonlySet<string>): number | null {
  let newest: number | null = null;
  for (const [table, columns] of Object.entries(CHANGE_COLUMNS) as Array<[GuildTable, string[]]>) {
    if (!present.has(table)) continue;
    const stamps = columns.map((c) => `max(${quote(c)})`).join(', ');
    const row = db
      .prepare(`SELECT ${stamps} FROM ${quote(table)} WHERE ${WHERE[table]}`)
      .raw()
      .get({ guild }) as Array<number | null> | undefined;
    for (const value of row ?? []) if (value !== null && (newest === null || value > newest)) newest = value;
  }
  return newest;
}

/** WHERE for `table` in a database that may predate some tables (an older schema): players named by those present. */
function whereFor(table: GuildTable, present: ReadonlySet<string>): string {
  if (table !== 'players' || GUILD_TABLES.every((t) => present.has(t))) return WHERE[table];
  const sources: string[] = [`SELECT host_id FROM tables WHERE guild_id = @guild`];
  if (present.has('seats')) sources.push(`SELECT user_id FROM seats WHERE ${OF_TABLES}`);
  if (present.has('match_players')) sources.push('SELECT user_id FROM match_players WHERE guild_id = @guild');
  if (present.has('events')) sources.push(`SELECT user_id FROM events WHERE ${OF_MATCHES}`);
  for (const t of ['seat_holders', 'seat_requests'] as const)
    if (present.has(t)) sources.push(`SELECT user_id FROM ${t} WHERE ${WHERE[t]}`);
  for (const t of ['ratings', 'player_stats'] as const)
    if (present.has(t)) sources.push(`SELECT user_id FROM ${t} WHERE guild_id = @guild`);
  return `user_id IN (${sources.join(' UNION ')})`;
}

function existingTables(db: Database.Database): Set<string> {
  return new Set(db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[]);
}

function columnsOf(db: Database.Database, table: GuildTable): string[] {
  return (db.pragma(`table_info(${quote(table)})`) as Array<{ name: string }>).map((c) => c.name);
}

/** An identifier in SQL (names come from GUILD_TABLES and the database's own columns, never from a file unchecked). */
function quote(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}
