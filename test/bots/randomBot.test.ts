/** The random bot decides from its seat's view and legal actions only, and always legally. */
import { describe, expect, it } from 'vitest';
import { botChoice } from '../../src/bots/randomBot.js';
import {
  apply,
  legalActions,
  makeSettings,
  newMatch,
  owesAction,
  Rng,
  SEATS,
  seatView,
  seedRng,
} from '../../src/engine/index.js';

describe('botChoice', () => {
  it.each(['rb-1', 'rb-2', 'rb-3', 'rb-4', 'rb-5'])(
    'plays whole hands with every seat a bot: each choice is accepted, and no call is ever made (seed %s)',
    (seed) => {
      let state = newMatch(makeSettings({ targetScore: 100 }), seed);
      const rng = new Rng(seedRng(seed));
      let moves = 0;
      for (; moves < 5_000 && state.status === 'playing'; moves++) {
        const seat = SEATS.find((s) => owesAction(state, s));
        expect(seat, `someone owes a move at version ${state.version}`).toBeDefined();
        const legal = state.hand.phase === 'play' ? legalActions(state, seat!, { exchanges: false }) : [];
        const action = botChoice(seatView(state, seat!), legal, rng);
        expect(action).not.toBeNull();
        expect(action?.type).not.toBe('tichu');
        if (action?.type === 'grandTichu') expect(action.call).toBe(false);
        const step = apply(state, seat!, action!);
        if (!step.ok) expect.fail(`refused ${JSON.stringify(action)}: ${step.error.code}`);
        state = step.value.state;
      }
      expect(state.status).toBe('finished');
      expect(state.history.length).toBeGreaterThan(0);
    },
  );

  it('has nothing to do when the seat has already exchanged, or no legal action is open', () => {
    const state = newMatch(makeSettings(), 'rb-idle');
    const view = seatView(state, 0);
    expect(botChoice({ ...view, phase: 'play' }, [], new Rng(seedRng('x')))).toBeNull();
    const [next, partner, previous] = view.hand as [never, never, never];
    expect(
      botChoice(
        { ...view, phase: 'exchange', exchangePicks: { next, partner, previous } },
        [],
        new Rng(seedRng('x')),
      ),
    ).toBeNull();
  });
});
