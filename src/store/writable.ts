/**
 * Start-up's proof that the database can be written, before the bot connects to Discord: the folder
 * takes a synced scratch file (it is writable and the disk has room: in WAL mode a rolled-back
 * transaction never reaches the disk, so only a real write can show a full one), and the database
 * takes a write in a transaction that is rolled back (the file is writable, no other process holds
 * its write lock, it is a database, and a page can be allocated). Each failure is one StoreOpenError
 * line naming the path, the cause and what to do.
 */
import { closeSync, fstatSync, fsyncSync, openSync, unlinkSync, writeSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type Database from 'better-sqlite3';
import type { NewFiles } from './newFiles.js';
import { makeFolder, type OpenOptions, openDatabase, StoreOpenError, storeFailure } from './open.js';

/** What the scratch file writes: room for the WAL to take a few busy transactions. */
export const SCRATCH_BYTES = 1024 * 1024;

export interface ProveOptions extends OpenOptions {
  /** How long to wait for another connection's write lock (default: the store's 5 s). */
  readonly busyTimeoutMs?: number;
  /** What the start creates: told which file this check made, so that a failed start removes that one only. */
  readonly created?: NewFiles;
}

/** Creates and migrates the database if needed, then proves the folder and the file writable. */
export function proveWritable(path: string, options: ProveOptions = {}): void {
  if (path === ':memory:') return;
  const file = resolve(path);
  makeFolder(file);
  proveFolder(file);
  createFile(file, options.created);
  const db = openDatabase(file, options);
  try {
    if (options.busyTimeoutMs !== undefined) db.pragma(`busy_timeout = ${Math.floor(options.busyTimeoutMs)}`);
    proveDatabase(db, file);
  } finally {
    db.close();
  }
}

/** Writes, syncs and removes SCRATCH_BYTES in a file beside the database. */
export function proveFolder(file: string): void {
  const scratch = `${file}.write-check-${process.pid}`;
  let fd: number | undefined;
  try {
    fd = openScratch(scratch);
    const chunk = Buffer.alloc(64 * 1024);
    for (let written = 0; written < SCRATCH_BYTES; )
      written += writeSync(fd, chunk, 0, Math.min(chunk.length, SCRATCH_BYTES - written));
    fsyncSync(fd);
  } catch (error) {
    throw folderFailure(file, error);
  } finally {
    if (fd !== undefined) {
      closeSync(fd);
      unlinkSync(scratch);
    }
  }
}

/** A write in a transaction, rolled back: the write lock taken, a page allocated, nothing kept. */
export function proveDatabase(db: Database.Database, file: string): void {
  try {
    db.exec('BEGIN IMMEDIATE');
    try {
      // A new table takes a root page of its own: a free one, or the file grows (SQLITE_FULL if it may not).
      db.exec('CREATE TABLE main.write_check (x INTEGER) STRICT; INSERT INTO main.write_check VALUES (1);');
    } finally {
      if (db.inTransaction) db.exec('ROLLBACK');
    }
  } catch (error) {
    throw storeFailure(file, error);
  }
}

/**
 * Makes the database file if there is none, exclusively (an empty file is a new database to SQLite),
 * and tells `created` which file it is: a file someone else put under the name later is not it.
 */
function createFile(file: string, created: NewFiles | undefined): void {
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o644);
  } catch (error) {
    // There already (or a link there): SQLite opens what is there, and it is not this start's.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return;
    throw storeFailure(file, error);
  }
  try {
    const { dev, ino } = fstatSync(fd);
    created?.made({ dev, ino });
  } finally {
    closeSync(fd);
  }
}

/** `wx`: never follows or reuses a file already there; one left by a crash of this pid is replaced. */
function openScratch(scratch: string): number {
  try {
    return openSync(scratch, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    unlinkSync(scratch);
    return openSync(scratch, 'wx', 0o600);
  }
}

function folderFailure(file: string, error: unknown): StoreOpenError {
  const code = (error as NodeJS.ErrnoException).code ?? '';
  if (['EACCES', 'EPERM', 'EROFS'].includes(code)) {
    const text = error instanceof Error ? error.message : String(error);
    return new StoreOpenError(
      `The folder ${dirname(file)} of the database ${file} is read-only (${text}): the bot writes the database and its -wal and -shm files there. Make the folder writable for the user that runs the bot, or set DATABASE_PATH to a writable place.`,
    );
  }
  return storeFailure(file, error);
}
