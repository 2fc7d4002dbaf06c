/**
 * Hard bot seats decide off the main thread: a player's action is answered at once, the hard seat's
 * decision is asked of the decider and committed when it comes back, if the match is still where it
 * was asked; otherwise it is asked again. Paused, abandoned, failed and restarted tables, and a whole
 * match against hard bots in real worker threads.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/app/core.js';
import type { ActOutcome, BotFault, DecisionFailure } from '../../src/app/outcomes.js';
import { owesAction } from '../../src/bots/randomBot.js';
import { WorkerPool } from '../../src/bots/workerPool.js';
import { type MatchState, replay } from '../../src/engine/index.js';
import type { TableRecord } from '../../src/store/records.js';
import { HeldDecider } from '../support/heldDecider.js';
import {
  ALICE,
  accepted,
  BOB,
  committedState,
  createFixture,
  type Fixture,
  HOST,
  openLobby,
  plainPolicy,
} from '../support/service.js';

let fx: Fixture;
let decider: HeldDecider;
let faults: BotFault[];
let failures: DecisionFailure[];
let heard: ActOutcome[];

beforeEach(() => {
  decider = new HeldDecider();
  faults = [];
  failures = [];
  heard = [];
  fx = createFixture({
    decider,
    hardBudgetMs: 40,
    onBotFault: (f) => faults.push(f),
    onDecisionFailed: (f) => failures.push(f),
  });
  fx.service.onBotsMoved((o) => heard.push(o));
});
afterEach(async () => {
  await fx.service.stopBots();
  fx.cleanup();
});

const GRAND_NO = { type: 'grandTichu', call: false } as const;
const GRAND_YES = { type: 'grandTichu', call: true } as const;

/** Three people in seats 0-2 and a hard bot in seat 3, started: everyone owes a Grand Tichu decision. */
function startWithHardBot(): TableRecord {
  const table = openLobby(fx, [HOST, ALICE, BOB]);
  accepted(fx.service.addBot(table.id, HOST, 3, 'hard'));
  return accepted(fx.service.start(table.id, HOST)).table;
}

const state = (table: TableRecord) => committedState(fx.store, table);

describe('a hard bot seat', () => {
  it('is asked for its decision off the main thread; the answer is committed and announced', async () => {
    const table = startWithHardBot();
    expect(decider.asked.map((q) => q.request)).toEqual([
      {
        level: 'hard',
        state: state(table),
        seat: 3,
        seed: `${state(table).seed}:bots:0:3`,
        budgetMs: 40,
      },
    ]);
    decider.asked[0]?.answer({ ok: true, action: GRAND_NO });
    await fx.service.botsIdle();
    expect(state(table).version).toBe(1);
    expect(state(table).hand.grand).toEqual([null, null, null, false]);
    // No player's answer carries the bot's move: the service announces it.
    expect(heard.map((o) => [o.table.id, o.state.version, o.events.length])).toEqual([[table.id, 1, 1]]);
    expect(fx.store.matches.actions(table.matchId as number)).toEqual([
      expect.objectContaining({ seat: 3, userId: null, action: GRAND_NO, version: 1 }),
    ]);
    expect(decider.asked).toHaveLength(1);
    expect([faults, failures]).toEqual([[], []]);
  });

  it('a player is answered while it thinks; an answer for a version the match left is dropped and asked again', async () => {
    const table = startWithHardBot();
    expect(accepted(fx.service.act(table.id, ALICE, GRAND_NO, 0)).state.version).toBe(1);
    expect(decider.asked).toHaveLength(1); // one question per table at a time
    // The answer from version 0 would call Grand Tichu: it must leave no trace.
    decider.asked[0]?.answer({ ok: true, action: GRAND_YES });
    const again = await decider.question(2);
    expect(again.request).toMatchObject({ seat: 3, state: { version: 1 } });
    expect(state(table).version).toBe(1);
    expect(state(table).hand.grand[3]).toBeNull();
    expect(heard).toEqual([]);
    again.answer({ ok: true, action: GRAND_NO });
    await fx.service.botsIdle();
    expect(state(table).hand.grand).toEqual([null, false, null, false]);
    expect(decider.asked).toHaveLength(2);
  });

  it('paused while it thinks: the answer is dropped; the resume asks again and plays on', async () => {
    const table = startWithHardBot();
    accepted(fx.service.pause(table.id, HOST));
    decider.asked[0]?.answer({ ok: true, action: GRAND_NO });
    await fx.service.botsIdle();
    expect(state(table).version).toBe(0);
    expect(decider.asked).toHaveLength(1);
    accepted(fx.service.resume(table.id, HOST));
    const again = await decider.question(2);
    expect(again.request.state.version).toBe(0);
    again.answer({ ok: true, action: GRAND_NO });
    await fx.service.botsIdle();
    expect(state(table).hand.grand).toEqual([null, null, null, false]);
  });

  it('a table ended while it thinks takes no answer and asks nothing more', async () => {
    const table = startWithHardBot();
    accepted(fx.service.abandon(table.id, HOST));
    decider.asked[0]?.answer({ ok: true, action: GRAND_NO });
    await fx.service.botsIdle();
    expect(state(table).version).toBe(0);
    expect(decider.asked).toHaveLength(1);
    expect(fx.store.tables.get(table.id)?.status).toBe('abandoned');
  });

  it('a decision its worker could not make is reported and made at normal level here', async () => {
    const table = startWithHardBot();
    decider.asked[0]?.answer({ ok: false, reason: 'decision worker exited (code 1)' });
    await fx.service.botsIdle();
    expect(failures).toEqual([
      {
        tableId: table.id,
        matchId: table.matchId,
        version: 0,
        seat: 3,
        reason: 'decision worker exited (code 1)',
      },
    ]);
    expect(state(table).version).toBe(1);
    expect(state(table).hand.grand[3]).not.toBeNull();
    expect(faults).toEqual([]);
  });

  it('an answer the engine refuses is reported as a fault and replaced by a legal move that is no call', async () => {
    const table = startWithHardBot();
    decider.asked[0]?.answer({ ok: true, action: { type: 'pass' } });
    await fx.service.botsIdle();
    expect(faults).toEqual([
      { tableId: table.id, matchId: table.matchId, version: 0, seat: 3, code: 'wrong_phase' },
    ]);
    expect(state(table).hand.grand[3]).toBe(false);
  });

  it('after a restart, a table read with a hard decision owed asks for it; answers after a stop are dropped', async () => {
    const table = startWithHardBot();
    await fx.service.stopBots();
    decider.asked[0]?.answer({ ok: true, action: GRAND_NO }); // too late: the service stopped
    expect(state(table).version).toBe(0);
    const before = decider.asked.length;
    fx.restart();
    expect(decider.asked).toHaveLength(before); // loading is lazy: nothing asked until the table is read
    accepted(fx.service.tableView(table.id));
    const again = await decider.question(before + 1);
    expect(again.request).toMatchObject({ seat: 3, state: { version: 0 } });
    again.answer({ ok: true, action: GRAND_NO });
    await fx.service.botsIdle();
    expect(state(table).hand.grand[3]).toBe(false);
  });
});

describe('a whole match against hard bots in worker threads', () => {
  it('plays to the end through the asynchronous path, every move logged and replayable', async () => {
    const pool = new WorkerPool({ size: 2 });
    const local = createFixture({
      decider: pool,
      hardBudgetMs: 10,
      onBotFault: (f) => faults.push(f),
      onDecisionFailed: (f) => failures.push(f),
    });
    try {
      local.service.onBotsMoved((o) => heard.push(o));
      const lobby = openLobby(local, [HOST], { settings: { targetScore: 200 } });
      accepted(local.service.join(lobby.id, ALICE, 2));
      accepted(local.service.addBot(lobby.id, HOST, 1, 'hard'));
      accepted(local.service.addBot(lobby.id, HOST, 3, 'hard'));
      const table = accepted(local.service.start(lobby.id, HOST)).table;
      const people: Record<number, Actor> = { 0: HOST, 2: ALICE };
      let now: MatchState = committedState(local.store, table);
      for (let step = 0; step < 5_000 && now.status === 'playing'; step++) {
        const seat = ([0, 2] as const).find((s) => owesAction(now, s));
        if (seat !== undefined) {
          accepted(local.service.act(table.id, people[seat] as Actor, plainPolicy(now, seat), now.version));
        } else {
          const waited = now.version;
          await local.service.botsIdle();
          now = committedState(local.store, table);
          // Nobody owes anything and no bot is thinking: the table would wait for ever.
          expect(now.version, `stuck at version ${waited}`).toBeGreaterThan(waited);
        }
        now = committedState(local.store, table);
      }
      expect(now.status).toBe('finished');
      expect(local.store.tables.get(table.id)?.status).toBe('finished');
      const log = local.store.matches.actions(table.matchId as number);
      expect(replay(now.settings, now.seed, log)).toEqual({ ok: true, value: now });
      expect(log.filter((a) => a.seat === 1 || a.seat === 3).length).toBeGreaterThan(20);
      expect(heard.length).toBeGreaterThan(5);
      expect(pool.workers).toBeGreaterThanOrEqual(1);
      expect([faults, failures]).toEqual([[], []]);
    } finally {
      await local.service.stopBots();
      local.cleanup();
    }
  });
});
