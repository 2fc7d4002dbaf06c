/**
 * `npm run backup`: a consistent copy of the database, safe while the bot runs on it (docs/operations.md,
 * "Backups and restore").
 *
 *   npm run backup [-- --to DIR] [--database PATH]
 *
 * The database is DATABASE_PATH and the folder BACKUP_DIR (from .env or the environment, as
 * `npm start` reads them; no Discord token needed), unless --database or --to say otherwise. It
 * prints where the backup went and how big it is. It never removes a backup (the bot's schedule
 * prunes). Exit codes: 0 done, 1 failed (no backup file left), 2 bad usage.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type CliLines, type Unusable, usageExit } from './cliUsage.js';
import { loadBackupPaths, readEnvFile } from './config.js';
import { BackupError, backupDatabase } from './store/backup.js';

export const USAGE = `Usage:
  npm run backup [-- --to DIR] [--database PATH]
      Copies the database while the bot keeps running, checks the copy (PRAGMA integrity_check)
      and names it with the time, e.g. tichu-2026-11-28T03-10-00Z.sqlite.

The database is DATABASE_PATH and the folder BACKUP_DIR (from .env or the environment; by default
./data/tichu.sqlite and a backups folder beside it) unless --database PATH or --to DIR is given.
Exit codes: 0 done, 1 failed (no backup file left), 2 bad usage.`;

export type Output = CliLines;

type Parsed = { readonly ok: true; readonly to?: string; readonly database?: string } | Unusable;

/** Reads the arguments; a problem of null means help was asked for. */
export function parseBackupArgs(args: readonly string[]): Parsed {
  const options: { to?: string; database?: string } = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--help' || arg === '-h' || arg === 'help') return { ok: false, problem: null };
    const option = /^--(to|database)(?:=(.*))?$/.exec(arg);
    if (!option) return { ok: false, problem: `Unexpected argument ${arg}.` };
    const name = option[1] as 'to' | 'database';
    const value = option[2] ?? args[++i];
    if (!value)
      return {
        ok: false,
        problem:
          name === 'to'
            ? '--to needs the folder to put the backup in.'
            : '--database needs the path of a database file.',
      };
    options[name] = value;
  }
  return { ok: true, ...options };
}

/** Runs one backup; resolves to the exit code. */
export async function runBackupCli(
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  out: Output,
): Promise<number> {
  const parsed = parseBackupArgs(args);
  if (!parsed.ok) return usageExit(parsed, USAGE, out);
  // --database stands for DATABASE_PATH: without BACKUP_DIR, the backups go beside that file.
  const paths = loadBackupPaths({ ...env, DATABASE_PATH: parsed.database ?? env.DATABASE_PATH });
  if (!paths.ok) {
    for (const problem of paths.problems) out.warn(problem);
    return 2;
  }
  const database = resolve(paths.databasePath);
  try {
    const done = await backupDatabase(database, parsed.to ?? paths.backupDir);
    out.say(
      `Backed up ${database} to ${done.file} (${size(done.bytes)}; its integrity check passed; ${(done.ms / 1000).toFixed(1)} s).`,
    );
    return 0;
  } catch (error) {
    out.warn(error instanceof BackupError ? error.message : `The backup failed: ${String(error)}`);
    return 1;
  }
}

/** 1.5 MB, 2.3 GB: what a person reads (powers of 1,000, as disks are sold). */
export function size(bytes: number): string {
  const units = ['bytes', 'kB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return unit === 0 ? `${bytes} bytes` : `${value.toFixed(1)} ${units[unit]}`;
}

const isEntryPoint = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isEntryPoint) {
  readEnvFile(process.cwd());
  process.exitCode = await runBackupCli(process.argv.slice(2), process.env, {
    say: (line) => console.log(line),
    warn: (line) => console.error(line),
  });
}
