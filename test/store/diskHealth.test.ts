/**
 * A full disk while the bot runs, in the store: a commit SQLite refuses for want of room (a page
 * limit at the file's size: SQLITE_FULL, as SQLite reports a write's ENOSPC) throws a DiskFullError,
 * keeps nothing, and is told once; the next commit that succeeds ends it, told once. A flush that
 * fails with ENOSPC shows as a full disk too, and stays failed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DISK_FULL_LINE,
  DISK_ROOM_LINE,
  type DiskChange,
  DiskFullError,
  DiskHealth,
  diskFullCode,
} from '../../src/store/diskHealth.js';
import { openDatabase } from '../../src/store/open.js';
import { Store } from '../../src/store/store.js';

let dir: string;
let file: string;
let store: Store;
let changes: DiskChange[];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tichu-disk-'));
  file = join(dir, 'tichu.sqlite');
  store = Store.open(file);
  store.db.exec('CREATE TABLE filler (b BLOB)');
  changes = [];
  store.health.onChange((change) => changes.push(change));
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The file may not grow past its size now (free pages first made none: VACUUM). */
function fillDisk(): void {
  store.db.exec('VACUUM');
  store.db.pragma(`max_page_count = ${store.db.pragma('page_count', { simple: true })}`);
}
function freeDisk(): void {
  store.db.pragma('max_page_count = 1073741823');
}
/** A write that always needs new pages: 64 KiB do not fit in any page left over. */
const bigWrite = () =>
  store.transaction(() => store.db.prepare('INSERT INTO filler VALUES (zeroblob(65536))').run());
const rows = () => (store.db.prepare('SELECT count(*) AS n FROM filler').get() as { n: number }).n;

function thrown(work: () => unknown): unknown {
  try {
    work();
  } catch (error) {
    return error;
  }
  throw new Error('expected the write to be refused');
}

describe('a commit the disk has no room for', () => {
  it('throws a DiskFullError, keeps nothing, and is told once however often it is refused', () => {
    bigWrite();
    fillDisk();
    for (let i = 0; i < 3; i++) {
      const error = thrown(bigWrite);
      expect(error).toBeInstanceOf(DiskFullError);
      expect((error as DiskFullError).code).toBe('SQLITE_FULL');
      expect((error as DiskFullError).message).toContain(file);
      expect((error as DiskFullError).cause).toMatchObject({ code: 'SQLITE_FULL' });
    }
    // Rolled back: nothing half-written, and the connection out of any transaction.
    expect(rows()).toBe(1);
    expect(store.db.inTransaction).toBe(false);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ kind: 'full', path: file, code: 'SQLITE_FULL' });
    const state = store.health.state();
    expect(state).toMatchObject({ diskFull: true, code: 'SQLITE_FULL', refused: 3 });
    expect(state.since).toBe((changes[0] as { at: number }).at);

    freeDisk();
    bigWrite();
    expect(rows()).toBe(2);
    expect(store.health.state()).toEqual({ diskFull: false, since: null, code: null, refused: 0 });
    expect(changes).toHaveLength(2);
    expect(changes[1]).toMatchObject({ kind: 'room', path: file, refused: 3, since: state.since });
    // Writes that keep succeeding say nothing more.
    bigWrite();
    expect(changes).toHaveLength(2);
  });

  it('a nested transaction (a savepoint) that runs out of room counts once, at the outermost', () => {
    fillDisk();
    const error = thrown(() =>
      store.transaction(() => {
        store.tables.upsertPlayer('300000000000000001', 'Ann', 1);
        store.transaction(() => store.db.prepare('INSERT INTO filler VALUES (zeroblob(65536))').run());
      }),
    );
    expect(error).toBeInstanceOf(DiskFullError);
    expect(store.health.state().refused).toBe(1);
    // The outer write went too: all or nothing.
    expect(store.db.prepare('SELECT count(*) AS n FROM players').get()).toEqual({ n: 0 });
  });

  it('any other failure is not a full disk: thrown as it was, the health unchanged', () => {
    const error = thrown(() => store.transaction(() => store.db.exec('INSERT INTO nowhere VALUES (1)')));
    expect(error).not.toBeInstanceOf(DiskFullError);
    expect((error as { code?: string }).code).toBe('SQLITE_ERROR');
    expect(store.health.diskFull).toBe(false);
    expect(changes).toEqual([]);
  });
});

describe('a flush the disk refuses (ENOSPC from fdatasync)', () => {
  it('shows as a full disk, stays failed, and a later commit does not call the disk well again', async () => {
    const enospc = Object.assign(new Error('ENOSPC: no space left on device, fdatasync'), {
      code: 'ENOSPC',
      errno: -28,
    });
    const failing = new Store(openDatabase(join(dir, 'flush.sqlite')), (_fd, done) => done(enospc));
    try {
      const seen: DiskChange[] = [];
      failing.health.onChange((change) => seen.push(change));
      failing.transaction(() => failing.tables.upsertPlayer('300000000000000001', 'Ann', 1));
      await expect(failing.durable()).rejects.toThrow(/could not be flushed to disk \(ENOSPC/);
      await expect(failing.durable()).rejects.toThrow(/could not be flushed/);
      expect(seen).toEqual([expect.objectContaining({ kind: 'full', code: 'ENOSPC', errno: -28 })]);
      failing.transaction(() => failing.tables.upsertPlayer('300000000000000002', 'Ben', 2));
      expect(failing.health.state()).toMatchObject({ diskFull: true, code: 'ENOSPC', refused: 2 });
      expect(seen).toHaveLength(1);
    } finally {
      failing.close();
    }
  });
});

describe('DiskHealth.log', () => {
  it('one error line when it fills (path, code, errno) and one warning when there is room again', () => {
    let now = 1_000;
    const health = new DiskHealth('/data/tichu.sqlite', () => now);
    const lines: Array<{ level: string; fields: Record<string, unknown>; message: string }> = [];
    health.log({
      error: (fields, message) => lines.push({ level: 'error', fields: { ...fields }, message }),
      warn: (fields, message) => lines.push({ level: 'warn', fields: { ...fields }, message }),
    });
    const enospc = Object.assign(new Error('ENOSPC: no space left on device, write'), {
      code: 'ENOSPC',
      errno: -28,
    });
    for (let i = 0; i < 5; i++) expect(health.refused(enospc)).toBe('ENOSPC');
    now = 61_000;
    health.wrote();
    health.wrote();
    expect(lines).toEqual([
      {
        level: 'error',
        fields: {
          path: '/data/tichu.sqlite',
          code: 'ENOSPC',
          errno: -28,
          err: 'ENOSPC: no space left on device, write',
        },
        message: DISK_FULL_LINE,
      },
      {
        level: 'warn',
        fields: { path: '/data/tichu.sqlite', since: new Date(1_000).toISOString(), ms: 60_000, refused: 5 },
        message: DISK_ROOM_LINE,
      },
    ]);
    expect(DISK_FULL_LINE).toBe("the database's disk is full: moves cannot be saved");
  });

  it('a listener that throws costs nothing to the write path nor to the other listeners', () => {
    const health = new DiskHealth(':memory:');
    const heard: string[] = [];
    health.onChange(() => {
      throw new Error('listener bug');
    });
    health.onChange((change) => heard.push(change.kind));
    expect(
      health.refused(Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' })),
    ).toBe('SQLITE_FULL');
    expect(heard).toEqual(['full']);
  });
});

describe('diskFullCode', () => {
  it('SQLITE_FULL, ENOSPC and EDQUOT are a full disk; other codes are not', () => {
    const withCode = (code: string) => Object.assign(new Error(code), { code });
    expect(diskFullCode(withCode('SQLITE_FULL'), file)).toBe('SQLITE_FULL');
    expect(diskFullCode(withCode('ENOSPC'), file)).toBe('ENOSPC');
    expect(diskFullCode(withCode('EDQUOT'), file)).toBe('EDQUOT');
    expect(diskFullCode(withCode('SQLITE_BUSY'), file)).toBeNull();
    expect(diskFullCode(withCode('EIO'), file)).toBeNull();
    // An I/O error on a disk with room is a failing disk, not a full one.
    expect(diskFullCode(withCode('SQLITE_IOERR_FSYNC'), file)).toBeNull();
  });
});
