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

/**
 * Opens (creating if needed) the database at `path`. WAL with synchronous=NORMAL: a commit survives
 * a crash of the process at once, and a power cut once `Store.durable()` has flushed the WAL (off
 * the event loop); nothing is acknowledged before that.
 */
export function openDatabase(path: string, options: OpenOptions = {}): Database.Database {
  const file = path === ':memory:' ? path : resolve(path);
  if (file !== ':memory:') {
    try {
      mkdirSync(dirname(file), { recursive: true });
    } catch (error) {
      throw new StoreOpenError(
        `Cannot create the folder for the database ${file}: ${reason(error)}. Set DATABASE_PATH to a writable place.`,
      );
    }
  }
  let db: Database.Database;
  try {
    db = new Database(file);
  } catch (error) {
    throw new StoreOpenError(
      `Cannot open the database ${file}: ${reason(error)}. Check that the path is writable, or set DATABASE_PATH.`,
    );
  }
  try {
    const mode = db.pragma('journal_mode = WAL', { simple: true });
    // Durability is built on the WAL (Store.durable flushes it): refuse to run without one.
    if (mode !== 'wal' && file !== ':memory:')
      throw new Error(`the database cannot use write-ahead logging (journal mode ${String(mode)})`);
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    migrate(db, readMigrations(options.migrationsDir ?? MIGRATIONS_DIR), file);
  } catch (error) {
    db.close();
    if (error instanceof MigrationError) throw new StoreOpenError(error.message);
    const text = reason(error);
    if (/not a database|malformed|corrupt/i.test(text)) {
      throw new StoreOpenError(
        `The database ${file} is damaged (${text}). Restore it from a backup, or move it away to start afresh.`,
      );
    }
    if (/readonly|read-only|permission|access/i.test(text)) {
      throw new StoreOpenError(
        `The database ${file} is not writable (${text}). Fix its permissions, or set DATABASE_PATH.`,
      );
    }
    throw new StoreOpenError(`Cannot prepare the database ${file}: ${text}`);
  }
  return db;
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
