/**
 * A write the disk has no room for, in the table service: it throws a DiskFullError, and what the
 * service holds in memory stays what the file holds (a match that failed to start leaves the lobby
 * as it was, not a half-started match), so the same request works once there is room.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isDiskFull } from '../../src/app/storeErrors.js';
import { accepted, createFixture, type Fixture, HOST, openLobby, USERS } from '../support/service.js';

let fx: Fixture;
beforeEach(() => {
  fx = createFixture();
});
afterEach(() => {
  fx.cleanup();
});

/** The file may not grow, and every move must grow it (SQLite's own SQLITE_FULL). */
function fillDisk(): void {
  const db = fx.store.db;
  db.exec('CREATE TABLE IF NOT EXISTS test_filler (b BLOB)');
  for (const target of ['events'])
    db.exec(
      `CREATE TEMP TRIGGER IF NOT EXISTS test_grow_${target} AFTER INSERT ON main.${target}
       BEGIN INSERT INTO test_filler VALUES (zeroblob(1048576)); END`,
    );
  db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true })}`);
}
function freeDisk(): void {
  fx.store.db.pragma('max_page_count = 1073741823');
}

function thrown(work: () => unknown): unknown {
  try {
    work();
  } catch (error) {
    return error;
  }
  throw new Error('expected the write to be refused');
}

/** The table as the service holds it, and as a fresh read of the file has it. */
function bothSides(tableId: string) {
  const held = accepted(fx.service.tableView(tableId)).table;
  const stored = fx.store.tables.get(tableId);
  return {
    held: { status: held.status, matchId: held.matchId },
    stored: { status: stored?.status, matchId: stored?.matchId },
  };
}

describe('a full disk in the table service', () => {
  it('a match that cannot be saved does not start, in memory either; it starts once there is room', () => {
    // The bot's first decision is written after the new match is held in memory: it fails there.
    const table = openLobby(fx, [HOST, ...USERS.slice(1, 3), 'bot']);
    fillDisk();
    expect(isDiskFull(thrown(() => fx.service.start(table.id, HOST)))).toBe(true);
    const lobby = { status: 'lobby', matchId: null };
    expect(bothSides(table.id)).toEqual({ held: lobby, stored: lobby });
    expect(fx.store.health.diskFull).toBe(true);

    freeDisk();
    const started = accepted(fx.service.start(table.id, HOST));
    expect(started.state.version).toBe(1);
    const playing = { status: 'playing', matchId: started.table.matchId };
    expect(bothSides(table.id)).toEqual({ held: playing, stored: playing });
    expect(fx.store.health.diskFull).toBe(false);
  });

  it('a move that cannot be saved changes nothing; the same move is accepted once there is room', () => {
    const table = openLobby(fx, USERS.slice(0, 4));
    const { state } = accepted(fx.service.start(table.id, HOST));
    fillDisk();
    const decline = { type: 'grandTichu', call: false } as const;
    for (let i = 0; i < 3; i++)
      expect(isDiskFull(thrown(() => fx.service.act(table.id, HOST, decline, state.version)))).toBe(true);
    expect(accepted(fx.service.playerView(table.id, HOST.userId)).view.version).toBe(state.version);
    expect(fx.store.matches.load(started(table.id))?.state.version).toBe(state.version);

    freeDisk();
    const after = accepted(fx.service.act(table.id, HOST, decline, state.version));
    expect(after.state.version).toBe(state.version + 1);
    expect(fx.store.matches.load(started(table.id))?.state.version).toBe(state.version + 1);
  });
});

describe('a deadline that falls while the disk is full', () => {
  it('is tried again quietly (the store logs the full disk once), and forced once there is room', () => {
    const failures: unknown[] = [];
    fx.cleanup();
    fx = createFixture({ onTimeoutFailed: (failure) => failures.push(failure) });
    const table = openLobby(fx, USERS.slice(0, 4));
    const { state } = accepted(fx.service.start(table.id, HOST));
    fillDisk();
    // Past the Grand Tichu decisions' clock (2 minutes by default), and a few retries after it.
    for (let i = 0; i < 4; i++) fx.env.advance(60_000);
    expect(fx.store.health.diskFull).toBe(true);
    expect(fx.store.health.state().refused).toBeGreaterThan(1);
    expect(failures).toEqual([]);
    expect(fx.store.matches.load(started(table.id))?.state.version).toBe(state.version);

    freeDisk();
    fx.env.advance(10_000);
    // The four seats' decisions were forced, in memory and in the file alike.
    const held = accepted(fx.service.playerView(table.id, HOST.userId)).view.version;
    expect(held).toBeGreaterThan(state.version);
    expect(fx.store.matches.load(started(table.id))?.state.version).toBe(held);
    expect(fx.store.health.diskFull).toBe(false);
  });
});

function started(tableId: string): number {
  const matchId = accepted(fx.service.tableView(tableId)).table.matchId;
  if (matchId === null) throw new Error('no match');
  return matchId;
}
