/**
 * Whether the database can be written now, for /healthz: cheap enough to ask at each request (the
 * flush's state, the disk's, the last write's outcome, and three access checks). A file or folder
 * made read-only while the bot runs shows here even though the bot's open handles may still write
 * (the next start would be refused); so does a file moved or deleted under the bot.
 */
import { accessSync, constants, existsSync } from 'node:fs';
import { dirname } from 'node:path';
import type Database from 'better-sqlite3';
import type { DiskHealthState } from './diskHealth.js';
import { errorCode } from './open.js';

/** A write that failed for the file's sake (not a statement's): read-only, I/O, locked, damaged. */
export interface WriteFailure {
  readonly code: string;
  readonly message: string;
  readonly at: number;
}

/** SQLite's codes that say the file refuses writes (a full disk is DiskHealth's). */
const FILE_CODES = /^SQLITE_(READONLY|IOERR|CANTOPEN|PERM|BUSY|LOCKED|CORRUPT|NOTADB)/;

/** The failure to remember, or null for one that says nothing of the file (a constraint, a stale write). */
export function writeFailureOf(error: unknown, now: number): WriteFailure | null {
  const code = errorCode(error);
  if (!FILE_CODES.test(code)) return null;
  return { code, message: error instanceof Error ? error.message : String(error), at: now };
}

/**
 * A lock another connection held (SQLITE_BUSY, SQLITE_LOCKED): it passes once that connection lets
 * go, so /healthz looks again (`probeWrite`) rather than reporting it until the next commit, which
 * on a quiet server may be hours away. Every other failure (read-only, I/O, damaged) stands until a
 * write succeeds; a full disk is DiskHealth's.
 */
export function passesByItself(failure: WriteFailure): boolean {
  return /^SQLITE_(BUSY|LOCKED)/.test(failure.code);
}

/** How long the probe waits for another connection's write lock: /healthz answers at once. */
export const PROBE_BUSY_MS = 50;

/**
 * Whether the database's write lock can be taken now: BEGIN IMMEDIATE then ROLLBACK on the bot's
 * own connection, waiting at most PROBE_BUSY_MS. Nothing is written (not even to the -wal), and the
 * bot's state is untouched: its transactions are synchronous, so none is open while /healthz asks
 * (one that is, is left alone and `previous` stands). Returns the failure to remember, or null.
 */
export function probeWrite(db: Database.Database, previous: WriteFailure, now: number): WriteFailure | null {
  if (!db.open || db.inTransaction) return previous;
  const timeout = db.pragma('busy_timeout', { simple: true }) as number;
  db.pragma(`busy_timeout = ${PROBE_BUSY_MS}`);
  try {
    db.exec('BEGIN IMMEDIATE');
    db.exec('ROLLBACK');
    return null;
  } catch (error) {
    return writeFailureOf(error, now) ?? previous;
  } finally {
    if (db.inTransaction) db.exec('ROLLBACK');
    db.pragma(`busy_timeout = ${timeout}`);
  }
}

export interface WriteState {
  /** The main database file (":memory:" for none). */
  readonly path: string;
  readonly flushFailed: boolean;
  readonly disk: DiskHealthState;
  readonly lastFailure: WriteFailure | null;
}

/** Why the database cannot be written now, in plain words; null when it can. */
export function writeProblem(state: WriteState): string | null {
  const { path, disk, lastFailure } = state;
  if (state.flushFailed)
    return 'the database could not be flushed to disk: the bot has stopped answering and must be restarted';
  if (disk.diskFull)
    return `the database's disk is full (${disk.code}) since ${new Date(disk.since ?? 0).toISOString()}: ${disk.refused} ${disk.refused === 1 ? 'write' : 'writes'} refused`;
  if (path !== ':memory:') {
    const problem =
      accessProblem(path, 'the database file') ??
      accessProblem(dirname(path), "the database's folder") ??
      (existsSync(`${path}-wal`) ? accessProblem(`${path}-wal`, "the database's -wal file") : null);
    if (problem) return problem;
  }
  if (lastFailure)
    return `the last write to the database failed (${lastFailure.code}: ${lastFailure.message})${failureAdvice(lastFailure.code)}`;
  return null;
}

/** What to do about a failed write, after its code: a lock passes by itself, the rest need a person. */
function failureAdvice(code: string): string {
  if (/^SQLITE_(READONLY|PERM|CANTOPEN)/.test(code))
    return `: make the database file, its -wal and its folder writable for the user the bot runs as (${IMMUTABLE_HINT})`;
  if (code.startsWith('SQLITE_IOERR'))
    return `: check the disk (the system log, dmesg) and whether the database file or its -wal may be written (${IMMUTABLE_HINT})`;
  if (/^SQLITE_(CORRUPT|NOTADB)/.test(code))
    return ': the file is damaged: stop the bot and restore the latest backup (npm run restore)';
  return '';
}

/** A file made immutable refuses writes even to root, and ls -l does not show it. */
const IMMUTABLE_HINT = 'an immutable flag shows as an i in lsattr; chattr -i removes it';

/** Whether this process may write `path`, as the system says (root passes any mode, not a read-only mount). */
function accessProblem(path: string, what: string): string | null {
  try {
    accessSync(path, constants.W_OK);
    return null;
  } catch (error) {
    return accessWords(what, path, (error as NodeJS.ErrnoException).code ?? 'unknown');
  }
}

/** Why `what` at `path` cannot be written, from the system's code, and what to do about it. */
export function accessWords(what: string, path: string, code: string): string {
  if (code === 'ENOENT')
    return `${what} ${path} is gone (ENOENT): it was moved or deleted while the bot runs`;
  if (code === 'EROFS')
    return `${what} ${path} is on a read-only file system (EROFS): remount it read-write or move DATABASE_PATH to a writable disk`;
  // access(2) answers EPERM for an immutable file (chattr +i), which no mode or owner shows.
  if (code === 'EPERM')
    return `${what} ${path} may not be written (EPERM): make it writable for the user the bot runs as; if lsattr shows it immutable (an i), remove the flag with chattr -i`;
  return `${what} ${path} is read-only (${code}): make it writable for the user the bot runs as`;
}
