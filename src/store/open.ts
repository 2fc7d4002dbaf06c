/** Opening the SQLite file: its folder, the pragmas, the migrations, and clear errors naming the file. */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { MigrationError, migrate, readMigrations } from './migrate.js';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations/', import.meta.url));

export class StoreOpenError extends Error {}

export interface OpenOptions {
  readonly migrationsDir?: string;
}

/** How long a statement waits for a lock another connection holds before it fails (SQLITE_BUSY). */
export const BUSY_TIMEOUT_MS = 5_000;

/**
 * Opens (creating if needed) the database at `path`. WAL with synchronous=NORMAL: a commit survives
 * a crash of the process at once, and a power cut once `Store.durable()` has flushed the WAL (off
 * the event loop); nothing is acknowledged before that.
 */
export function openDatabase(path: string, options: OpenOptions = {}): Database.Database {
  const file = path === ':memory:' ? path : resolve(path);
  if (file !== ':memory:') makeFolder(file);
  let db: Database.Database;
  try {
    db = new Database(file);
  } catch (error) {
    throw storeFailure(file, error);
  }
  try {
    // First, so that a lock held for a moment by another connection is waited for, not fatal.
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    const mode = db.pragma('journal_mode = WAL', { simple: true });
    // Durability is built on the WAL (Store.durable flushes it): refuse to run without one.
    if (mode !== 'wal' && file !== ':memory:')
      throw new Error(`the database cannot use write-ahead logging (journal mode ${String(mode)})`);
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    migrate(db, readMigrations(options.migrationsDir ?? MIGRATIONS_DIR), file);
  } catch (error) {
    db.close();
    if (error instanceof MigrationError) throw new StoreOpenError(error.message);
    throw storeFailure(file, error);
  }
  return db;
}

/** Creates the database's folder (and its parents) if missing. */
export function makeFolder(file: string): void {
  try {
    mkdirSync(dirname(file), { recursive: true });
  } catch (error) {
    throw new StoreOpenError(
      `Cannot create the folder for the database ${file}: ${reason(error)}. Set DATABASE_PATH to a writable place.`,
    );
  }
}

/** A full disk as SQLite says it (SQLITE_FULL) or the system does (ENOSPC; EDQUOT: over the user's quota). */
export const DISK_FULL_CODE = /^(SQLITE_FULL|ENOSPC|EDQUOT)/;
/** The same in words, for an error that carries no code. */
export const DISK_FULL_WORDS = /disk is full|no space|quota exceeded/i;

/** The code of an error: SQLite's result code (better-sqlite3 puts it in `code`) or the system's. */
export function errorCode(error: unknown): string {
  return String((error as { code?: unknown } | null)?.code ?? '');
}

/** Whether `error` says the disk is full (by its code, else, with no code, by its words). */
export function saysDiskFull(error: unknown): boolean {
  const code = errorCode(error);
  return DISK_FULL_CODE.test(code) || (code === '' && DISK_FULL_WORDS.test(reason(error)));
}

/**
 * One line for a person: the file, the cause in words, what to do. Read from SQLite's result code
 * (better-sqlite3 puts it in `code`) or the system's (`EACCES`, `ENOSPC`...), else from the text.
 */
export function storeFailure(file: string, error: unknown): StoreOpenError {
  const text = reason(error);
  const code = errorCode(error);
  const is = (codes: RegExp, words: RegExp) => codes.test(code) || (code === '' && words.test(text));
  if (is(/^SQLITE_(BUSY|LOCKED)/, /database is locked|busy/i))
    return new StoreOpenError(
      `The database ${file} is locked by another process (${text}): is another copy of the bot running on it? Stop it, or the tool holding the file, then start again.`,
    );
  if (saysDiskFull(error))
    return new StoreOpenError(
      `The disk holding the database ${file} is full (${text}). Free some space on it, or set DATABASE_PATH to a file on another disk.`,
    );
  if (is(/^SQLITE_(NOTADB|CORRUPT)/, /not a database|malformed|corrupt/i))
    return new StoreOpenError(
      `The database ${file} is damaged or not a database (${text}). Restore it from a backup, or move it away to start afresh.`,
    );
  if (is(/^(SQLITE_READONLY|SQLITE_PERM|SQLITE_AUTH|EACCES|EPERM|EROFS)/, /readonly|read-only|permission/i))
    return new StoreOpenError(
      `The database ${file} is read-only (${text}): the bot must write to it. Make the file writable for the user that runs the bot, or set DATABASE_PATH to a writable file.`,
    );
  if (is(/^SQLITE_CANTOPEN/, /unable to open/i))
    return new StoreOpenError(
      `Cannot open the database ${file} (${text}): the file and its folder must be readable and writable by the user that runs the bot. Fix their permissions, or set DATABASE_PATH.`,
    );
  if (is(/^SQLITE_IOERR|^EIO/, /disk I\/O error/i))
    return new StoreOpenError(
      `The disk holding the database ${file} failed a read or write (${text}). Check the disk, then start again, or set DATABASE_PATH to a file on another disk.`,
    );
  return new StoreOpenError(
    `Cannot prepare the database ${file}: ${text}. Check the file, or set DATABASE_PATH.`,
  );
}

function reason(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim();
}
