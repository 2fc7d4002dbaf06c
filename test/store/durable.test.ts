/** Durability off the event loop: commits are flushed (fdatasync of the WAL) before anything is acknowledged. */
import { existsSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Store } from '../../src/store/store.js';
import { WalSync } from '../../src/store/walSync.js';

let dir: string;
let store: Store;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tichu-durable-'));
  store = Store.open(join(dir, 'tichu.sqlite'));
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const write = (n: number) =>
  store.transaction(() =>
    store.tables.upsertPlayer(`30000000000000${String(n).padStart(4, '0')}`, `P${n}`, n),
  );

describe('Store.durable', () => {
  it('has nothing to flush before the first commit', async () => {
    await store.durable();
    expect(store.wal.flushes).toBe(0);
  });

  it('flushes the WAL once for the commits made before it was asked', async () => {
    for (let i = 0; i < 5; i++) write(i);
    expect(existsSync(join(dir, 'tichu.sqlite-wal'))).toBe(true);
    await store.durable();
    expect(store.wal.flushes).toBe(1);
    // Nothing new: no flush.
    await store.durable();
    expect(store.wal.flushes).toBe(1);
  });

  it('commits made while a flush runs share the next one (a group commit)', async () => {
    write(1);
    const first = store.durable();
    const waiting: Promise<void>[] = [];
    for (let i = 2; i < 12; i++) {
      write(i);
      waiting.push(store.durable());
    }
    await Promise.all([first, ...waiting]);
    expect(store.wal.flushes).toBe(2);
    // And every one of them is in the file, as a fresh connection sees.
    const other = Store.open(join(dir, 'tichu.sqlite'));
    try {
      expect(other.db.prepare('SELECT count(*) AS n FROM players').get()).toEqual({ n: 11 });
    } finally {
      other.close();
    }
  });

  it('an in-memory database has no WAL: durable() resolves at once', async () => {
    const memory = Store.open(':memory:');
    try {
      memory.transaction(() => memory.tables.upsertPlayer('300000000000000001', 'P', 1));
      await memory.durable();
      expect(memory.wal.flushes).toBe(0);
    } finally {
      memory.close();
    }
  });

  it('after a failed flush, nothing is ever called durable again', async () => {
    const wal = join(dir, 'failing-wal');
    writeFileSync(wal, 'x');
    let calls = 0;
    const sync = new WalSync(wal, (_fd, done) => {
      calls++;
      done(Object.assign(new Error('EIO: i/o error'), { code: 'EIO' }));
    });
    sync.noteCommit();
    await expect(sync.durable()).rejects.toThrow(/could not be flushed to disk \(EIO: i\/o error\)/);
    // No new commit, and still refused: the failed pages may be lost.
    await expect(sync.durable()).rejects.toThrow(/could not be flushed/);
    expect(calls).toBe(1);
    sync.close();
  });

  it('flushes the real WAL when the database path is a symbolic link (SQLite puts the WAL beside the real file)', async () => {
    const real = join(dir, 'real', 'x.sqlite');
    Store.open(real).close();
    const link = join(dir, 'link.sqlite');
    symlinkSync(real, link);
    const linked = Store.open(link);
    try {
      linked.transaction(() => linked.tables.upsertPlayer('300000000000000009', 'P', 1));
      expect(existsSync(`${link}-wal`)).toBe(false);
      await linked.durable();
      expect(linked.wal.flushes).toBe(1);
    } finally {
      linked.close();
    }
  });

  it('never calls commits durable when there is no WAL file to flush', async () => {
    const sync = new WalSync(join(dir, 'nowhere-wal'));
    sync.noteCommit();
    await expect(sync.durable()).rejects.toThrow(/no WAL file/);
  });
});
