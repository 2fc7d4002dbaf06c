/**
 * `npm run guild`: moves one server's data between database files, for an operator re-homing servers
 * when shard ranges move to another machine (docs/operations.md, "Moving a server's data").
 *
 *   npm run guild -- export <serverId> [--database PATH] > guild.json
 *   npm run guild -- import guild.json [--database PATH]
 *
 * The database is DATABASE_PATH from .env or the environment (as `npm start` reads it; no Discord
 * token needed), or --database. Export writes the JSON to standard output and what it did to
 * standard error; import says what it did. Exit codes: 0 done, 1 refused or failed (nothing
 * changed), 2 bad usage.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ZodError } from 'zod';
import { type CliLines, type Unusable, usageExit } from './cliUsage.js';
import { loadDatabasePath, readEnvFile } from './config.js';
import { GuildFileError, type GuildTable, parseGuildFile } from './store/guildFile.js';
import {
  exportGuildFromFile,
  GuildMoveError,
  type ImportReport,
  importGuildIntoFile,
} from './store/guildMover.js';

export const USAGE = `Usage:
  npm run guild -- export <serverId> [--database PATH] > guild.json
      Writes every row of one server (tables, matches, their logs, statistics, ratings and the
      players they name) as JSON to standard output. The database is only read.
  npm run guild -- import <file> [--database PATH]
      Writes the server's rows from the file into the database (created if missing), replacing
      what it held of that server. Stop the bot on that database first (import refuses while one
      runs on it) and start it again after. Refuses if the database holds newer data of the server
      or a match of it that the file does not have.

The database is DATABASE_PATH (from .env or the environment, default ./data/tichu.sqlite) unless
--database PATH is given. Exit codes: 0 done, 1 refused or failed (nothing changed), 2 bad usage.`;

/** Where the CLI writes: the export's JSON, lines for the operator, and problems. */
export interface CliOutput extends CliLines {
  readonly data: (text: string) => void;
}

export interface CliContext {
  /** The environment (after .env was read into it). */
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly now: () => number;
  readonly out: CliOutput;
}

type Parsed =
  | {
      readonly ok: true;
      readonly command: 'export' | 'import';
      readonly target: string;
      readonly database?: string;
    }
  | Unusable;

/** Reads the arguments; a problem of null means help was asked for. */
export function parseArgs(args: readonly string[]): Parsed {
  const positional: string[] = [];
  let database: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--help' || arg === '-h' || arg === 'help') return { ok: false, problem: null };
    if (arg === '--database' || arg.startsWith('--database=')) {
      const value = arg === '--database' ? args[++i] : arg.slice('--database='.length);
      if (!value) return { ok: false, problem: '--database needs the path of a database file.' };
      database = value;
    } else if (arg.startsWith('-')) return { ok: false, problem: `Unknown option ${arg}.` };
    else positional.push(arg);
  }
  const [command, target, ...rest] = positional;
  if (command === undefined) return { ok: false, problem: 'Say what to do: export or import.' };
  if (command !== 'export' && command !== 'import')
    return { ok: false, problem: `Unknown command "${command}": use export or import.` };
  if (target === undefined)
    return {
      ok: false,
      problem: command === 'export' ? 'export needs the server id.' : 'import needs the file to read.',
    };
  if (rest.length) return { ok: false, problem: `Unexpected argument ${rest[0]}.` };
  if (command === 'export' && !/^\d{17,20}$/.test(target))
    return {
      ok: false,
      problem: `"${target}" is not a server id: use the 17-20 digit id (Discord: Developer Mode on, right-click the server > Copy Server ID).`,
    };
  return { ok: true, command, target, ...(database === undefined ? {} : { database }) };
}

/** Runs one command; returns the exit code. */
export function runGuildCli(args: readonly string[], context: CliContext): number {
  const { out } = context;
  const parsed = parseArgs(args);
  if (!parsed.ok) return usageExit(parsed, USAGE, out);
  let database: string;
  try {
    database = resolve(parsed.database ?? loadDatabasePath(context.env));
  } catch (error) {
    const reason = error instanceof ZodError ? (error.issues[0]?.message ?? 'not usable') : String(error);
    out.warn(
      `DATABASE_PATH cannot be used (${reason}): set it to the database file’s path, or pass --database PATH.`,
    );
    return 2;
  }
  try {
    if (parsed.command === 'export') {
      const { file, counts } = exportGuildFromFile(database, parsed.target, context.now());
      out.data(`${JSON.stringify(file)}\n`);
      out.warn(
        `Exported server ${parsed.target} from ${database}: ${describe(counts)}; newest change ${iso(file.newestAt)}.`,
      );
      return 0;
    }
    const text = readText(parsed.target);
    const file = parseGuildFile(text, parsed.target);
    const report = importGuildIntoFile(database, file);
    for (const line of importLines(file.guildId, database, report)) out.say(line);
    return 0;
  } catch (error) {
    if (error instanceof GuildMoveError || error instanceof GuildFileError) {
      out.warn(error.message);
      return 1;
    }
    out.warn(`Failed, nothing changed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

/** What an import did, in lines for the operator. */
export function importLines(guildId: string, database: string, report: ImportReport): string[] {
  const lines = [`Imported server ${guildId} into ${database}: ${describe(report.counts)}.`];
  if (report.upgradedFrom !== null)
    lines.push(
      `The file was at schema version ${report.upgradedFrom}: its rows were brought up to this version.`,
    );
  if (report.removed !== null)
    lines.push(
      `It replaced what the database held of the server (newest change ${report.replacedNewestAt === null ? 'unknown' : iso(report.replacedNewestAt)}, not after the file's): removed ${describe(
        report.removed,
        NOUNS.filter(([table]) => table !== 'players'),
      )}.`,
    );
  if (report.kept.length)
    lines.push(
      `Matches this database already held keep the numbers it gave them (/history shows these): ${report.kept
        .map(([from, to]) => `#${from} → #${to}`)
        .join(', ')}.`,
    );
  if (report.renumbered.length)
    lines.push(
      `Matches renumbered because other servers' matches use their numbers here (/history shows the new ones): ${report.renumbered
        .map(([from, to]) => `#${from} → #${to}`)
        .join(', ')}.`,
    );
  lines.push(
    'Start the bot on this database again: it arms deadlines and bot moves of imported tables at start.',
  );
  return lines;
}

const NOUNS: ReadonlyArray<[GuildTable, string]> = [
  ['tables', 'tables'],
  ['matches', 'matches'],
  ['hands', 'hands'],
  ['events', 'logged actions'],
  ['match_players', 'result rows'],
  ['ratings', 'ratings'],
  ['player_stats', 'player totals'],
  ['players', 'players'],
];

function describe(counts: Readonly<Partial<Record<GuildTable, number>>>, nouns = NOUNS): string {
  return nouns.map(([table, noun]) => `${counts[table] ?? 0} ${noun}`).join(', ');
}

function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new GuildFileError(
      code === 'ENOENT'
        ? `There is no file ${resolve(path)} to import.`
        : `Cannot read ${resolve(path)}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

const isEntryPoint = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isEntryPoint) {
  readEnvFile(process.cwd());
  process.exitCode = runGuildCli(process.argv.slice(2), {
    env: process.env,
    now: Date.now,
    out: {
      data: (text) => process.stdout.write(text),
      say: (line) => console.log(line),
      warn: (line) => console.error(line),
    },
  });
}
