/**
 * The write lock asked for in short steps (writeLock.ts), as a sharded bot's shards do: another
 * connection, on a thread of its own, holds the lock; the transaction waits for it without losing or
 * repeating its work, gives up with SQLite's own error after its timeout, and leaves the
 * connection's usual busy timeout in place either way.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUSY_TIMEOUT_MS } from '../../src/store/open.js';
import { Store } from '../../src/store/store.js';
import { WriteLock } from '../../src/store/writeLock.js';

let dir: string;
let file: string;
let store: Store;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tichu-writelock-'));
  file = join(dir, 'tichu.sqlite');
  store = Store.open(file, { otherWriters: true });
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * Another connection, on its own thread, takes the write lock and holds it for `ms` (its thread
 * asleep), then commits. Resolves once the lock is taken; `done` once it is released.
 */
async function holdLock(ms: number): Promise<{ done: Promise<void> }> {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const Database = require(workerData.module);
     const db = new Database(workerData.file);
     db.exec('BEGIN IMMEDIATE');
     parentPort.postMessage('held');
     Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, workerData.ms);
     db.exec('COMMIT');
     db.close();`,
    { eval: true, workerData: { file, ms, module: require.resolve('better-sqlite3') } },
  );
  const done = new Promise<void>((resolve, reject) => {
    worker.once('exit', () => resolve());
    worker.once('error', reject);
  });
  await new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
  });
  return { done };
}

const busyTimeout = (db: Database.Database) => db.pragma('busy_timeout', { simple: true });
const player = (n: number) => store.tables.upsertPlayer(`3000000000000000${n}`, `P${n}`, n);

describe('the write lock in short steps', () => {
  it('waits for another connection to release the lock, then commits its work once', async () => {
    const { done } = await holdLock(40);
    let runs = 0;
    store.transaction(() => {
      runs++;
      player(1);
    });
    await done;
    expect(runs).toBe(1);
    expect(store.writeLock?.collisions).toBeGreaterThan(0);
    const reader = new Database(file, { readonly: true });
    expect(reader.prepare('SELECT count(*) AS n FROM players').get()).toEqual({ n: 1 });
    reader.close();
    expect(busyTimeout(store.db)).toBe(BUSY_TIMEOUT_MS);
  });

  it('gives up after its timeout with SQLite’s SQLITE_BUSY, its work never run, the usual timeout back', async () => {
    const { done } = await holdLock(400);
    const lock = new WriteLock(store.db, 30);
    const begin = store.db.transaction((body: () => void) => body());
    let runs = 0;
    let thrown: unknown;
    try {
      lock.run(
        (body) => begin.immediate(body),
        () => {
          runs++;
        },
      );
    } catch (error) {
      thrown = error;
    }
    await done;
    expect((thrown as { code?: string }).code).toBe('SQLITE_BUSY');
    expect(runs).toBe(0);
    expect(lock.collisions).toBeGreaterThan(0);
    expect(busyTimeout(store.db)).toBe(BUSY_TIMEOUT_MS);
  });

  it('never repeats work that fails, even with a busy error of its own', () => {
    let runs = 0;
    const busy = Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
    expect(() =>
      store.transaction(() => {
        runs++;
        player(2);
        throw busy;
      }),
    ).toThrow(busy);
    expect(runs).toBe(1);
    expect(store.db.prepare('SELECT count(*) AS n FROM players').get()).toEqual({ n: 0 });
    expect(busyTimeout(store.db)).toBe(BUSY_TIMEOUT_MS);
  });

  it('a single process leaves the lock to SQLite (no steps, no pragmas per transaction)', () => {
    const alone = Store.open(join(dir, 'alone.sqlite'));
    try {
      expect(alone.writeLock).toBeNull();
    } finally {
      alone.close();
    }
  });
});
