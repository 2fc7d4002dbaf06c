/**
 * The file `npm run guild -- export` writes and `import` reads: one server's rows, table by table,
 * with the format and the schema version they were read at. Parsing checks its shape and that
 * every row belongs to the server and points only at rows of the file, so an import never links a
 * row to another server's data, and that its players are only those its rows name, so it cannot
 * rewrite anyone else's name or settings; each problem is one plain sentence (GuildFileError).
 */
import { z } from 'zod';

/** The format's name and version: a reader refuses any other. */
export const GUILD_FORMAT = 'tichu-guild/1';

/** The tables that hold a server's rows, parents before children (the order rows are written in). */
export const GUILD_TABLES = [
  'players',
  'tables',
  'seats',
  'matches',
  'hands',
  'events',
  'snapshots',
  'match_players',
  'seat_holders',
  'seat_requests',
  'ratings',
  'player_stats',
  'seasons',
  'season_ratings',
  'club_events',
  'club_event_players',
  'club_event_tables',
  'club_event_sitouts',
  'club_event_posts',
  'club_event_placings',
  'challenge_settings',
  'challenge_weeks',
  'challenge_entries',
  'challenge_results',
  'hand_reviews',
] as const;
export type GuildTable = (typeof GUILD_TABLES)[number];

/** A value of a row: SQLite's integers and reals, text, or NULL (no table of the server holds blobs). */
export type CellValue = string | number | null;

/** One table's rows: the column names once, then each row's values in that order. */
export interface TableRows {
  readonly columns: readonly string[];
  readonly rows: ReadonlyArray<readonly CellValue[]>;
}

export interface GuildFile {
  readonly format: typeof GUILD_FORMAT;
  /** The database's schema version (PRAGMA user_version) the rows were read at. */
  readonly schemaVersion: number;
  readonly guildId: string;
  /** When the export ran (Unix milliseconds). */
  readonly exportedAt: number;
  /** The server's newest change in the file (Unix milliseconds): what "newer data" is measured against. */
  readonly newestAt: number;
  /** Rows by table; a table the schema version did not have yet is absent. */
  readonly tables: Partial<Record<GuildTable, TableRows>>;
}

export class GuildFileError extends Error {}

/** The columns naming a player, per table: a file's player rows are those these name, no others. */
export const PLAYER_COLUMNS: Readonly<Partial<Record<GuildTable, string>>> = {
  tables: 'host_id',
  seats: 'user_id',
  events: 'user_id',
  match_players: 'user_id',
  seat_holders: 'user_id',
  seat_requests: 'user_id',
  ratings: 'user_id',
  player_stats: 'user_id',
  season_ratings: 'user_id',
};

/** The columns holding a match id, per table: the ones an import renumbers. */
export const MATCH_ID_COLUMNS: Readonly<Partial<Record<GuildTable, string>>> = {
  tables: 'match_id',
  matches: 'id',
  hands: 'match_id',
  events: 'match_id',
  snapshots: 'match_id',
  match_players: 'match_id',
  seat_holders: 'match_id',
  seat_requests: 'match_id',
  challenge_entries: 'match_id',
  hand_reviews: 'match_id',
};

/** The columns that say when a row of the server last changed: their maximum is the server's newest change. */
export const CHANGE_COLUMNS: Readonly<Partial<Record<GuildTable, readonly string[]>>> = {
  tables: ['created_at', 'updated_at'],
  matches: ['started_at', 'ended_at'],
  events: ['created_at'],
  match_players: ['finished_at'],
  seat_requests: ['created_at'],
  ratings: ['updated_at'],
  player_stats: ['updated_at'],
  seasons: ['started_at', 'ended_at'],
  season_ratings: ['updated_at'],
  club_events: ['created_at', 'updated_at'],
  challenge_settings: ['updated_at'],
  challenge_weeks: ['created_at', 'closed_at'],
  challenge_entries: ['created_at', 'updated_at'],
};

const SNOWFLAKE = /^\d{17,20}$/;
const cell = z.union([z.string(), z.number().refine(Number.isFinite), z.null()]);
const tableRows = z.object({ columns: z.array(z.string()).min(1), rows: z.array(z.array(cell)) }).strict();
const fileSchema = z
  .object({
    format: z.string(),
    schemaVersion: z.number().int().min(1),
    guildId: z.string().regex(SNOWFLAKE),
    exportedAt: z.number().int(),
    newestAt: z.number().int(),
    tables: z.record(z.string(), tableRows),
  })
  .strict();

/**
 * The text of a guild file as the operator made it. `npm run guild -- export G > guild.json` also
 * catches npm's own banner ("> tichu-discord@0.1.0 guild" and the command), which npm writes to the
 * same output: blank lines and lines starting with "> " before the JSON are skipped, nothing else.
 */
export function parseGuildFile(text: string, name: string): GuildFile {
  const lines = text.split('\n');
  let start = 0;
  while (start < lines.length && /^(\s*|> .*)$/.test(lines[start] as string)) start++;
  let raw: unknown;
  try {
    raw = JSON.parse(lines.slice(start).join('\n'));
  } catch (error) {
    throw new GuildFileError(
      `${name} is not a guild export (not valid JSON: ${error instanceof Error ? error.message : String(error)}). Make it with npm run guild -- export <serverId> > ${name}`,
    );
  }
  if (typeof raw === 'object' && raw !== null && 'format' in raw && raw.format !== GUILD_FORMAT)
    throw new GuildFileError(
      `${name} has format ${JSON.stringify(raw.format)}; this version of the bot reads ${GUILD_FORMAT} only.`,
    );
  const parsed = fileSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
    throw new GuildFileError(
      `${name} is not a guild export: ${issue?.message ?? 'unexpected content'}${where}. Make it with npm run guild -- export <serverId> > ${name}`,
    );
  }
  const file = parsed.data as GuildFile;
  checkRows(file, name);
  return file;
}

/** Rows as objects by column name (the value itself, or undefined for a missing column). */
export function rowObjects(rows: TableRows | undefined): Array<Record<string, CellValue>> {
  if (!rows) return [];
  return rows.rows.map((row) => Object.fromEntries(rows.columns.map((c, i) => [c, row[i] ?? null])));
}

/** The newest change among the rows of `file` (0 when none has a time). */
export function newestChange(file: Pick<GuildFile, 'tables'>): number {
  let newest = 0;
  for (const [table, columns] of Object.entries(CHANGE_COLUMNS) as Array<[GuildTable, string[]]>)
    for (const row of rowObjects(file.tables[table]))
      for (const column of columns) {
        const value = row[column];
        if (typeof value === 'number' && value > newest) newest = value;
      }
  return newest;
}

/**
 * Every row belongs to the server, points only at tables and matches the file holds, and every
 * player row is of a player the server's rows name. Throws GuildFileError naming the file `name`.
 */
export function checkRows(file: GuildFile, name: string): void {
  const bad = (what: string) =>
    new GuildFileError(`${name} is inconsistent: ${what}. Export the server again.`);
  for (const [table, rows] of Object.entries(file.tables)) {
    if (!(GUILD_TABLES as readonly string[]).includes(table))
      throw bad(`it has rows of "${table}", which is not a table of a server's data`);
    if (new Set(rows.columns).size !== rows.columns.length) throw bad(`table ${table} names a column twice`);
    rows.rows.forEach((row, i) => {
      if (row.length !== rows.columns.length)
        throw bad(`row ${i + 1} of ${table} has ${row.length} values for ${rows.columns.length} columns`);
    });
  }
  for (const table of GUILD_TABLES) {
    const rows = file.tables[table];
    if (rows?.columns.includes('guild_id'))
      for (const row of rowObjects(rows))
        if (row.guild_id !== file.guildId)
          throw bad(`a row of ${table} belongs to server ${String(row.guild_id)}`);
  }
  const tableIds = new Set(rowObjects(file.tables.tables).map((r) => r.id));
  const matchIds = new Set(rowObjects(file.tables.matches).map((r) => r.id));
  for (const r of rowObjects(file.tables.matches))
    if (!Number.isInteger(r.id)) throw bad(`match id ${JSON.stringify(r.id)} is not a whole number`);
  for (const table of ['seats', 'matches', 'seat_requests'] as const)
    for (const r of rowObjects(file.tables[table]))
      if (!tableIds.has(r.table_id))
        throw bad(`a row of ${table} names table ${String(r.table_id)}, not in the file`);
  for (const [table, column] of Object.entries(MATCH_ID_COLUMNS) as Array<[GuildTable, string]>) {
    if (table === 'matches') continue;
    for (const r of rowObjects(file.tables[table])) {
      const id = r[column];
      // A table before its match, and a challenge entry before its table opened, name none.
      if (id === null && (table === 'tables' || table === 'challenge_entries')) continue;
      if (!matchIds.has(id ?? null))
        throw bad(`a row of ${table} names match ${String(id)}, not in the file`);
    }
  }
  // A player's row (name, leaderboard visibility, turn pings) is global: it moves only with the
  // server's rows that name it, so a file cannot overwrite the settings of anyone else.
  const named = new Set<CellValue>();
  for (const [table, column] of Object.entries(PLAYER_COLUMNS) as Array<[GuildTable, string]>)
    for (const r of rowObjects(file.tables[table])) if (r[column] !== null) named.add(r[column] ?? null);
  for (const r of rowObjects(file.tables.players))
    if (!named.has(r.user_id ?? null))
      throw bad(`it has a player row of user ${String(r.user_id)}, whom no row of the server names`);
  if (file.newestAt !== newestChange(file)) throw bad('its newest change (newestAt) is not that of its rows');
  if (
    tableIds.size === 0 &&
    matchIds.size === 0 &&
    !file.tables.ratings?.rows.length &&
    !file.tables.player_stats?.rows.length
  )
    throw bad(`it holds no row of server ${file.guildId}`);
}
