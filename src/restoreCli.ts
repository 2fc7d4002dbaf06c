/**
 * `npm run restore`: puts a backup in the database's place (docs/operations.md, "Backups and restore").
 *
 *   npm run restore -- FILE [--database PATH]
 *
 * The database is DATABASE_PATH (from .env or the environment, as `npm start` reads it) unless
 * --database says otherwise. Refused while a bot runs on it, and for a file that is damaged, newer
 * than this code, or not a database of this bot: each refusal is one sentence and changes nothing.
 * A failure once files have moved says where each one is. Exit codes: 0 restored, 1 refused or
 * failed, 2 bad usage.
 */
import { pathToFileURL } from 'node:url';
import { size } from './backupCli.js';
import { loadBackupPaths, readEnvFile } from './config.js';
import { RestoreError, type RestoreReport, restoreDatabase } from './store/restore.js';

export const USAGE = `Usage:
  npm run restore -- FILE [--database PATH]
      Puts the backup FILE in place of the database, once it has checked it (SQLite's integrity
      check, a schema version this bot knows, the bot's tables). The database that was there is kept
      beside it as <name>.before-restore-<time>. Stop the bot first (restore refuses while one runs on
      the file); start it after: it resumes every table the backup holds.

The database is DATABASE_PATH (from .env or the environment, default ./data/tichu.sqlite) unless
--database PATH is given. Exit codes: 0 restored, 1 refused (nothing changed) or failed (the message
says what changed, if anything), 2 bad usage.`;

export interface Output {
  readonly say: (line: string) => void;
  readonly warn: (line: string) => void;
}

type Parsed =
  | { readonly ok: true; readonly file: string; readonly database?: string }
  | { readonly ok: false; readonly problem: string | null };

/** Reads the arguments; a problem of null means help was asked for. */
export function parseRestoreArgs(args: readonly string[]): Parsed {
  const files: string[] = [];
  let database: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--help' || arg === '-h' || arg === 'help') return { ok: false, problem: null };
    if (arg === '--database' || arg.startsWith('--database=')) {
      const value = arg === '--database' ? args[++i] : arg.slice('--database='.length);
      if (!value) return { ok: false, problem: '--database needs the path of a database file.' };
      database = value;
    } else if (arg.startsWith('-')) return { ok: false, problem: `Unknown option ${arg}.` };
    else files.push(arg);
  }
  if (files.length === 0) return { ok: false, problem: 'Name the backup file to restore.' };
  if (files.length > 1)
    return { ok: false, problem: `Name one backup file to restore, not ${files.length}.` };
  return { ok: true, file: files[0] as string, ...(database === undefined ? {} : { database }) };
}

/** Runs one restore; returns the exit code. */
export function runRestoreCli(
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  out: Output,
  now: () => number = Date.now,
): number {
  const parsed = parseRestoreArgs(args);
  if (!parsed.ok) {
    if (parsed.problem === null) {
      out.say(USAGE);
      return 0;
    }
    out.warn(parsed.problem);
    out.warn(USAGE);
    return 2;
  }
  const paths = loadBackupPaths({ ...env, DATABASE_PATH: parsed.database ?? env.DATABASE_PATH });
  if (!paths.ok) {
    for (const problem of paths.problems) out.warn(problem);
    return 2;
  }
  try {
    for (const line of restoredLines(restoreDatabase(paths.databasePath, parsed.file, { now: now() })))
      out.say(line);
    return 0;
  } catch (error) {
    out.warn(
      error instanceof RestoreError
        ? error.message
        : `The restore failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    return 1;
  }
}

/** What a restore did, in lines for the operator. */
export function restoredLines(report: RestoreReport): string[] {
  const { lobby, playing, paused } = report.tables;
  const lines = [
    `Restored ${report.from} into ${report.target} (${size(report.bytes)}, schema version ${report.version}): it holds ${playing} playing and ${paused} paused tables, and ${lobby} ${lobby === 1 ? 'lobby' : 'lobbies'}.`,
  ];
  const [aside, ...sides] = report.keptAside;
  lines.push(
    aside === undefined
      ? `There was no database at ${report.target} before.`
      : `The database that was there is kept as ${aside}${sides.length ? ` (with ${sides.map((f) => f.slice(aside.length)).join(' and ')})` : ''}: delete it once you no longer need it.`,
  );
  lines.push(
    report.version < report.latest
      ? `Start the bot: it brings the file from schema version ${report.version} to ${report.latest}, then resumes every table it holds.`
      : 'Start the bot: it resumes every table the backup holds.',
  );
  return lines;
}

const isEntryPoint = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isEntryPoint) {
  readEnvFile(process.cwd());
  process.exitCode = runRestoreCli(process.argv.slice(2), process.env, {
    say: (line) => console.log(line),
    warn: (line) => console.error(line),
  });
}
