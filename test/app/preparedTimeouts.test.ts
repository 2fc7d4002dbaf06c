/**
 * Forced decisions prepared ahead (src/app/timeouts.ts): 10 s before a deadline the decider (the
 * worker pool in the bot) is asked for the normal policy's move, so the deadline itself only
 * commits. The answer is used only for the decision and version it was asked at; one that has not
 * come, or came for a table that moved on, leaves the decision to be made on the spot, as before.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/app/core.js';
import { PREPARE_BEFORE_MS, REMINDER_BEFORE_MS } from '../../src/app/deadlines.js';
import type { Reminder } from '../../src/app/outcomes.js';
import { type DecisionRequest, runDecision } from '../../src/bots/decisionJob.js';
import { type Action, legalActions, type MatchState, type Seat } from '../../src/engine/index.js';
import type { TableRecord } from '../../src/store/records.js';
import { HeldDecider } from '../support/heldDecider.js';
import {
  accepted,
  committedState,
  createFixture,
  driveHumans,
  type Fixture,
  forcedChoice,
  HOST,
  openLobby,
  owingSeat,
  startFourHumans,
  USERS,
} from '../support/service.js';

/** The requests the decider was asked, in order. */
function asked(): DecisionRequest[] {
  return decider.asked.map((q) => q.request);
}

/** Answers every question still open (with `action`, or the policy's own answer), and lets the answers land. */
async function answerAll(action?: Action): Promise<void> {
  for (const q of decider.asked) q.answer(action ? { ok: true, action } : runDecision(q.request));
  await new Promise((resolve) => setImmediate(resolve));
}

let fx: Fixture;
let decider: HeldDecider;
beforeEach(() => {
  decider = new HeldDecider();
  fx = createFixture({ decider });
});
afterEach(() => fx.cleanup());

function tableOf(id: string): TableRecord {
  return accepted(fx.service.tableView(id)).table;
}

function stateOf(id: string): MatchState {
  return committedState(fx.store, tableOf(id));
}

/** A legal lead the normal policy would not make: proof of whose answer a timeout played. */
function otherLead(state: MatchState, seat: Seat): Action {
  const normal = JSON.stringify(forcedChoice(state, seat));
  const other = legalActions(state, seat).find((a) => a.type === 'play' && JSON.stringify(a) !== normal);
  if (!other) throw new Error('no other lead');
  return other;
}

function atFirstLead(): { id: string; state: MatchState; lead: Seat; deadline: number } {
  const { table } = startFourHumans(fx);
  const state = driveHumans(fx, table.id, (s) => s.hand.phase === 'play');
  const deadline = tableOf(table.id).deadline?.at as number;
  return { id: table.id, state, lead: owingSeat(state) as Seat, deadline };
}

function lastForced(id: string) {
  return fx.store.matches.actions(tableOf(id).matchId as number).at(-1);
}

describe('a forced decision prepared ahead of its deadline', () => {
  it('is asked for once, 10 s before the deadline and after the reminder; the deadline plays its answer', async () => {
    const { id, state, lead, deadline } = atFirstLead();
    const reminders: Reminder[] = [];
    fx.service.onReminder((r) => reminders.push(r));
    const start = fx.env.clock.now();
    fx.env.advance(deadline - REMINDER_BEFORE_MS - start);
    expect(reminders).toHaveLength(1);
    // (Each reading of the test clock moves it a millisecond: a second's margin either side.)
    fx.env.advance(REMINDER_BEFORE_MS - PREPARE_BEFORE_MS - 1_000);
    expect(asked()).toEqual([]);
    fx.env.advance(1_000);
    expect(asked()).toHaveLength(1);
    expect(asked()[0]).toMatchObject({ level: 'normal', seat: lead, version: state.version });
    // Asked once, however often the table is read before the deadline.
    fx.env.advance(PREPARE_BEFORE_MS / 2);
    expect(asked()).toHaveLength(1);
    expect(reminders).toHaveLength(1);

    const chosen = otherLead(state, lead);
    await answerAll(chosen);
    fx.env.advance(PREPARE_BEFORE_MS / 2);
    expect(stateOf(id).version).toBe(state.version + 1);
    expect(lastForced(id)).toMatchObject({ seat: lead, action: chosen, forced: 'timeout' });
  });

  it('with no answer yet when the deadline falls, the decision is made on the spot', () => {
    const { id, state, lead, deadline } = atFirstLead();
    fx.env.advance(deadline - PREPARE_BEFORE_MS - fx.env.clock.now());
    expect(asked()).toHaveLength(1);
    fx.env.advance(PREPARE_BEFORE_MS);
    expect(lastForced(id)).toMatchObject({
      seat: lead,
      action: forcedChoice(state, lead),
      forced: 'timeout',
    });
  });

  it('an answer for a table that moved on (a Tichu called since) is not played', async () => {
    const { id, lead, deadline } = atFirstLead();
    fx.env.advance(deadline - PREPARE_BEFORE_MS - fx.env.clock.now());
    expect(asked()).toHaveLength(1);
    const caller = ((lead + 1) % 4) as Seat;
    accepted(fx.service.act(id, USERS[caller] as Actor, { type: 'tichu' }));
    const called = stateOf(id);
    // The call keeps the deadline (the same decision is owed) but not the version it was asked at.
    expect(tableOf(id).deadline?.at).toBe(deadline);
    const stale = otherLead(called, lead);
    await answerAll(stale);
    fx.env.advance(PREPARE_BEFORE_MS);
    expect(lastForced(id)).toMatchObject({
      seat: lead,
      action: forcedChoice(called, lead),
      forced: 'timeout',
    });
  });

  it('a bot started under 10 s before a deadline asks at once', () => {
    const { deadline } = atFirstLead();
    fx.env.advance(deadline - PREPARE_BEFORE_MS / 2 - fx.env.clock.now());
    expect(asked()).toHaveLength(1);
    fx.restart();
    fx.env.advance(1);
    expect(asked()).toHaveLength(2);
    expect(asked()[1]).toEqual(asked()[0]);
  });

  it('a player who acts in time drops it; the next decision is prepared anew', async () => {
    const { id, state, lead, deadline } = atFirstLead();
    fx.env.advance(deadline - PREPARE_BEFORE_MS - fx.env.clock.now());
    expect(asked()).toHaveLength(1);
    accepted(fx.service.act(id, USERS[lead] as Actor, forcedChoice(state, lead) as Action));
    await answerAll();
    expect(fx.service.preparedDecisions).toEqual({ asked: 0, answered: 0 });
    const after = stateOf(id);
    const next = owingSeat(after) as Seat;
    const nextDeadline = tableOf(id).deadline?.at as number;
    fx.env.advance(nextDeadline - PREPARE_BEFORE_MS - fx.env.clock.now());
    expect(asked()).toHaveLength(2);
    expect(asked()[1]).toMatchObject({ seat: next, version: after.version });
  });

  it('the 30s timer: no reminder, the decision prepared 20 s into the turn', () => {
    const lobby = openLobby(fx, USERS.slice(0, 4));
    accepted(fx.service.changeSettings(lobby.id, HOST, { timer: '30s' }));
    const { table } = accepted(fx.service.start(lobby.id, HOST));
    const reminders: Reminder[] = [];
    fx.service.onReminder((r) => reminders.push(r));
    fx.env.advance(30_000 - PREPARE_BEFORE_MS - 1_000);
    expect(asked()).toEqual([]);
    fx.env.advance(1_000);
    // The Grand Tichu phase: the first seat still to decide.
    expect(asked()).toHaveLength(1);
    expect(asked()[0]?.version).toBe(stateOf(table.id).version);
    expect(reminders).toEqual([]);
  });
});
