/**
 * The start-up write check, in process, on real SQLite and system errors: each cause is one line
 * naming the file. (test/startup.test.ts runs the same causes through the bot's entry point.)
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backupDatabase } from '../../src/store/backup.js';
import { NewFiles } from '../../src/store/newFiles.js';
import { openDatabase, StoreOpenError, storeFailure } from '../../src/store/open.js';
import { restoreDatabase } from '../../src/store/restore.js';
import { Store } from '../../src/store/store.js';
import { proveDatabase, proveWritable } from '../../src/store/writable.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tichu-writable-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** The StoreOpenError `work` throws (fails the test if it throws anything else or nothing). */
function refusal(work: () => void): string {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(StoreOpenError);
    const text = (error as Error).message;
    expect(text).not.toContain('\n');
    return text;
  }
  throw new Error('expected a StoreOpenError, but nothing was thrown');
}

describe('proveWritable', () => {
  it('passes on a new file in a new folder, and leaves only the migrated database behind', () => {
    const file = join(dir, 'a', 'b', 'tichu.sqlite');
    proveWritable(file);
    expect(readdirSync(join(dir, 'a', 'b'))).toEqual(['tichu.sqlite']);
    const db = new Database(file, { readonly: true });
    // The write was rolled back: no trace of it in the schema.
    expect(db.prepare("SELECT count(*) AS n FROM sqlite_schema WHERE name = 'write_check'").get()).toEqual({
      n: 0,
    });
    expect(db.pragma('user_version', { simple: true })).toBeGreaterThan(0);
    db.close();
  });

  it('passes twice on the same file (nothing kept from the first check)', () => {
    const file = join(dir, 'tichu.sqlite');
    proveWritable(file);
    proveWritable(file);
  });

  it('refuses a database whose write lock another connection holds beyond the busy timeout', () => {
    const file = join(dir, 'tichu.sqlite');
    openDatabase(file).close();
    const other = new Database(file);
    other.exec('BEGIN IMMEDIATE');
    try {
      const text = refusal(() => proveWritable(file, { busyTimeoutMs: 50 }));
      expect(text).toBe(
        `The database ${file} is locked by another process (database is locked): is another copy of the bot running on it? Stop it, or the tool holding the file, then start again.`,
      );
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    // Once the other lets go, the same check passes.
    proveWritable(file, { busyTimeoutMs: 50 });
  });

  it('refuses a file that is not a database', () => {
    const file = join(dir, 'notes.sqlite');
    writeFileSync(file, 'plain words, not pages of a database; '.repeat(200));
    expect(refusal(() => proveWritable(file))).toMatch(
      /notes\.sqlite is damaged or not a database \(file is not a database\)\. Restore it from a backup/,
    );
  });

  it('refuses a folder path that is a file', () => {
    const blocker = join(dir, 'blocker');
    writeFileSync(blocker, 'x');
    expect(refusal(() => proveWritable(join(blocker, 'x.sqlite')))).toMatch(/blocker/);
  });
});

describe('proveDatabase on a connection that cannot write', () => {
  it('a read-only connection: SQLite refuses the write (SQLITE_READONLY)', () => {
    const file = join(dir, 'tichu.sqlite');
    openDatabase(file).close();
    const db = new Database(file, { readonly: true });
    try {
      expect(refusal(() => proveDatabase(db, file))).toBe(
        `The database ${file} is read-only (attempt to write a readonly database): the bot must write to it. Make the file writable for the user that runs the bot, or set DATABASE_PATH to a writable file.`,
      );
    } finally {
      db.close();
    }
  });

  it('a file that may not grow (SQLITE_FULL, from a page limit at its current size)', () => {
    const file = join(dir, 'tichu.sqlite');
    const db = openDatabase(file);
    try {
      // Without free pages, the check's new table must grow the file.
      db.exec('VACUUM');
      expect(db.pragma('freelist_count', { simple: true })).toBe(0);
      db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true })}`);
      expect(refusal(() => proveDatabase(db, file))).toBe(
        `The disk holding the database ${file} is full (database or disk is full). Free some space on it, or set DATABASE_PATH to a file on another disk.`,
      );
      // Rolled back: the connection is usable and out of any transaction.
      expect(db.inTransaction).toBe(false);
    } finally {
      db.close();
    }
  });
});

describe('storeFailure on system errors', () => {
  it.skipIf(!existsSync('/dev/full'))('a real ENOSPC (a write to /dev/full) reads as a full disk', () => {
    let error: unknown;
    try {
      writeFileSync('/dev/full', 'x');
    } catch (caught) {
      error = caught;
    }
    expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
    expect(storeFailure('/data/tichu.sqlite', error).message).toMatch(
      /^The disk holding the database \/data\/tichu\.sqlite is full \(ENOSPC: no space left on device/,
    );
  });
});

describe('NewFiles', () => {
  it('removes the file a failed start created, its side files and the folders made for it', () => {
    const file = join(dir, 'x', 'y', 'tichu.sqlite');
    const created = NewFiles.before(file);
    proveWritable(file, { created });
    writeFileSync(`${file}-wal`, '');
    writeFileSync(`${file}-shm`, '');
    created.remove();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('leaves a database that existed before, and a folder that holds something else', () => {
    mkdirSync(join(dir, 'data'));
    const kept = join(dir, 'data', 'kept.sqlite');
    proveWritable(kept);
    NewFiles.before(kept).remove();
    expect(existsSync(kept)).toBe(true);

    const fresh = join(dir, 'data', 'fresh.sqlite');
    const created = NewFiles.before(fresh);
    proveWritable(fresh, { created });
    created.remove();
    expect(readdirSync(join(dir, 'data'))).toEqual(['kept.sqlite']);
  });

  it('leaves a database a restore put under the name after the start made its own (the bot opened it, then its login failed)', async () => {
    const file = join(dir, 'data', 'tichu.sqlite');
    const created = NewFiles.before(file);
    proveWritable(file, { created });
    // Meanwhile, before the bot marks the file: npm run restore puts a backup in place.
    const source = join(dir, 'source.sqlite');
    proveWritable(source);
    const backup = await backupDatabase(source, join(dir, 'backups'), {
      now: Date.parse('2026-11-28T03:10:00Z'),
    });
    restoreDatabase(file, backup.file, { now: Date.parse('2026-11-28T03:11:00Z') });
    const restored = statSync(file).ino;
    // The bot opens it (its -wal and -shm appear), then the login fails.
    Store.open(file).close();
    created.remove();
    expect(existsSync(file) && statSync(file).ino).toBe(restored);
    // The file the start made is the one the restore kept aside: that one is the admin's to delete.
    expect(readdirSync(join(dir, 'data')).sort()).toEqual([
      'tichu.sqlite',
      'tichu.sqlite.before-restore-2026-11-28T03-11-00Z',
    ]);
  });

  it('removes nothing of a database it was not told it made', () => {
    const file = join(dir, 'tichu.sqlite');
    const created = NewFiles.before(file);
    // Made by someone else after `before` looked (an import, a restore): not this start's.
    proveWritable(file);
    created.remove();
    expect(existsSync(file)).toBe(true);
  });
});
