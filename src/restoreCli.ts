/**
 * `npm run restore`: puts a backup in the database's place (docs/operations.md, "Backups and restore").
 *
 *   npm run restore -- FILE [--database PATH]
 *   npm run restore -- --check FILE
 *
 * The database is DATABASE_PATH (from .env or the environment, as `npm start` reads it) unless
 * --database says otherwise. Refused while a bot runs on it, and for a file that is damaged, newer
 * than this code, or not a database of this bot: each refusal is one sentence and changes nothing.
 * A failure once files have moved says where each one is. Exit codes: 0 restored, 1 refused or
 * failed, 2 bad usage.
 */
import { pathToFileURL } from 'node:url';
import { size } from './backupCli.js';
import { type CliLines, type Unusable, usageExit } from './cliUsage.js';
import { loadBackupPaths, readEnvFile } from './config.js';
import {
  type CheckReport,
  checkBackup,
  RestoreError,
  type RestoreReport,
  restoreDatabase,
} from './store/restore.js';

export const USAGE = `Usage:
  npm run restore -- FILE [--database PATH]
      Puts the backup FILE in place of the database, once it has checked it (SQLite's integrity
      check, a schema version this bot knows, the bot's tables). The database that was there is kept
      beside it as <name>.before-restore-<time>. Stop the bot first (restore refuses while one runs on
      the file); start it after: it resumes every table the backup holds.
  npm run restore -- --check FILE
      Makes the same checks on FILE and changes nothing (no database is needed, nor sqlite3): to
      trust a backup, one copied off the machine say, before it is needed. Exit code 0 if it passes.

The database is DATABASE_PATH (from .env or the environment, default ./data/tichu.sqlite) unless
--database PATH is given. Exit codes: 0 restored, 1 refused (nothing changed) or failed (the message
says what changed, if anything), 2 bad usage.`;

export type Output = CliLines;

type Parsed =
  | { readonly ok: true; readonly file: string; readonly database?: string; readonly check?: true }
  | Unusable;

/** Reads the arguments; a problem of null means help was asked for. */
export function parseRestoreArgs(args: readonly string[]): Parsed {
  const files: string[] = [];
  let database: string | undefined;
  let check = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--help' || arg === '-h' || arg === 'help') return { ok: false, problem: null };
    if (arg === '--check') {
      check = true;
      continue;
    }
    if (arg === '--database' || arg.startsWith('--database=')) {
      const value = arg === '--database' ? args[++i] : arg.slice('--database='.length);
      if (!value) return { ok: false, problem: '--database needs the path of a database file.' };
      database = value;
    } else if (arg.startsWith('-')) return { ok: false, problem: `Unknown option ${arg}.` };
    else files.push(arg);
  }
  const verb = check ? 'check' : 'restore';
  if (files.length === 0) return { ok: false, problem: `Name the backup file to ${verb}.` };
  if (files.length > 1)
    return { ok: false, problem: `Name one backup file to ${verb}, not ${files.length}.` };
  if (check && database !== undefined)
    return { ok: false, problem: '--check needs no database: it checks the backup file alone.' };
  return {
    ok: true,
    file: files[0] as string,
    ...(database === undefined ? {} : { database }),
    ...(check ? { check: true as const } : {}),
  };
}

/** Runs one restore; returns the exit code. */
export function runRestoreCli(
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  out: Output,
  now: () => number = Date.now,
): number {
  const parsed = parseRestoreArgs(args);
  if (!parsed.ok) return usageExit(parsed, USAGE, out);
  if (parsed.check) return runCheck(parsed.file, out);
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

/** `--check FILE`: the restore's checks alone; nothing is changed, whatever they find. */
function runCheck(file: string, out: Output): number {
  try {
    out.say(checkedLine(checkBackup(file)));
    return 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // The restore's sentences, told as a check's: nothing was going to change.
    out.warn(
      `The check failed: ${message.replace(/^Refused: /, '').replace(/ Nothing was changed\.$/, '')} It could not be restored.`,
    );
    return 1;
  }
}

/** What a check found, in one line. */
export function checkedLine(report: CheckReport): string {
  const { lobby, playing, paused } = report.tables;
  return `${report.from} passes the checks a restore makes (${size(report.bytes)}, schema version ${report.version}, integrity check ok): it holds ${playing} playing and ${paused} paused tables, and ${lobby} ${lobby === 1 ? 'lobby' : 'lobbies'}. Nothing was changed.`;
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
