/**
 * Turn timers at scale and across restarts: a burst of deadlines falling together (committed in
 * batches, a table another process moved on skipped and read afresh), and a restart re-arming every
 * stored deadline (one that passed while the bot was down starts again with the full time).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/app/clock.js';
import type { Actor } from '../../src/app/core.js';
import { TableService } from '../../src/app/tableService.js';
import type { MatchState, Seat } from '../../src/engine/index.js';
import type { TableRecord } from '../../src/store/records.js';
import { Store } from '../../src/store/store.js';
import {
  accepted,
  committedState,
  createFixture,
  driveHumans,
  type Fixture,
  HOST,
  openLobby,
  owingSeat,
  plainPolicy,
  startFourHumans,
  USERS,
} from '../support/service.js';

const TWO_MINUTES = 120_000;

let fx: Fixture;
beforeEach(() => {
  fx = createFixture();
});
afterEach(() => fx.cleanup());

function tableOf(id: string): TableRecord {
  return accepted(fx.service.tableView(id)).table;
}

function stateOf(id: string): MatchState {
  return committedState(fx.store, tableOf(id));
}

function logOf(id: string) {
  return fx.store.matches.actions(tableOf(id).matchId as number);
}

function user(seat: Seat): Actor {
  return USERS[seat] as Actor;
}

/** Four humans at the first lead of the match. */
function atFirstLead(): { id: string; state: MatchState } {
  const { table } = startFourHumans(fx);
  const state = driveHumans(fx, table.id, (s) => s.hand.phase === 'play');
  return { id: table.id, state };
}

/** `n` tables of four people at their first lead, in channels numbered from `prefix`. */
function tablesAtFirstLead(n: number, prefix: string): string[] {
  return Array.from({ length: n }, (_, i) => {
    const table = openLobby(fx, USERS.slice(0, 4), {
      channelId: `${prefix}00000000000000${String(i).padStart(2, '0')}`,
    });
    accepted(fx.service.start(table.id, HOST));
    driveHumans(fx, table.id, (s) => s.hand.phase === 'play');
    return table.id;
  });
}

describe('a burst of deadlines', () => {
  it('many tables falling due together are all decided and committed; one another process moved on is read afresh', () => {
    const ids = tablesAtFirstLead(40, '21');
    const before = ids.map((id) => stateOf(id).version);
    // A minute later, another process on the same file moves one table on: what this one holds of
    // it is stale.
    fx.env.clock.step(60_000);
    const stale = ids[7] as string;
    const other = new Store(fx.store.db);
    const elsewhere = new TableService(other, fx.env, { scheduler: new ManualClock() });
    const at = committedState(fx.store, tableOf(stale));
    const seat = owingSeat(at) as Seat;
    accepted(elsewhere.act(stale, user(seat), plainPolicy(at, seat), at.version));
    elsewhere.stopTimers();
    fx.env.advance(TWO_MINUTES - 60_000 + 1_000);
    ids.forEach((id, i) => {
      if (id === stale) return;
      expect(stateOf(id).version).toBe((before[i] as number) + 1);
      expect(logOf(id).at(-1)?.forced).toBe('timeout');
    });
    // The stale one: nothing forced on a state that was not the file's; it is armed for the
    // deadline the other process set, and falls then.
    expect(logOf(stale).at(-1)?.forced).toBeNull();
    expect(stateOf(stale).version).toBe(at.version + 1);
    fx.env.advance(60_000);
    expect(logOf(stale).at(-1)?.forced).toBe('timeout');
  });
});

describe('a table that cannot be committed', () => {
  it('holds back none of the tables due with it: they are committed, it comes round again', () => {
    const ids = tablesAtFirstLead(8, '22');
    const before = ids.map((id) => stateOf(id).version);
    const broken = ids[2] as string;
    // Its every write fails (a bug, say), whatever batch it is committed in.
    const update = fx.store.tables.update.bind(fx.store.tables);
    fx.store.tables.update = (table, was) => {
      if (table.id === broken) throw new Error('this table cannot be written');
      update(table, was);
    };
    fx.env.advance(TWO_MINUTES + 1_000);
    ids.forEach((id, i) => {
      if (id === broken) expect(stateOf(id).version).toBe(before[i]);
      else expect(stateOf(id).version).toBe((before[i] as number) + 1);
    });
    // Mended, it falls at its retry.
    fx.store.tables.update = update;
    fx.env.advance(10_000);
    expect(stateOf(broken).version).toBe((before[2] as number) + 1);
  });
});

describe('restarts', () => {
  it('re-arm every stored deadline at its time', () => {
    const { id, state } = atFirstLead();
    const deadline = tableOf(id).deadline;
    fx.env.advance(60_000);
    fx.restart();
    // Armed without loading the table.
    expect(fx.service.loadedTables).toBe(0);
    expect(fx.service.armedTimers).toBe(1);
    expect(tableOf(id).deadline).toEqual(deadline);
    // (This clock moves a millisecond at every reading, so "just before" is a second before.)
    fx.env.advance((deadline?.at as number) - fx.env.clock.now() - 1_000);
    expect(stateOf(id).version).toBe(state.version);
    fx.env.advance(1_000);
    expect(stateOf(id).version).toBe(state.version + 1);
  });

  it('a deadline that passed while the bot was down gets a fresh full timer, not an instant move', () => {
    const { id, state } = atFirstLead();
    fx.service.stopTimers();
    // Down for ten minutes: the clock moves, nothing runs.
    fx.env.clock.step(600_000);
    fx.restart();
    const deadline = tableOf(id).deadline;
    expect(deadline?.at).toBeGreaterThanOrEqual(fx.env.clock.now() + TWO_MINUTES - 10);
    expect(fx.store.tables.get(id)?.deadline).toEqual(deadline);
    fx.env.advance(0);
    expect(stateOf(id).version).toBe(state.version);
    fx.env.advance(TWO_MINUTES);
    expect(stateOf(id).version).toBe(state.version + 1);
    expect(fx.store.matches.actions(tableOf(id).matchId as number).at(-1)?.forced).toBe('timeout');
  });
});
