/** The arena's random level: legal, no calls, and never a bomb out of turn. */
import { describe, expect, it } from 'vitest';
import { decideAt } from '../../src/arena/levels.js';
import { botsToAsk, makeBudget } from '../../src/bots/registry.js';
import { apply, makeSettings, newMatch, Rng, seedRng } from '../../src/engine/index.js';

describe('random level', () => {
  it('plays whole matches legally without calls, declining every out-of-turn bomb', () => {
    let offered = 0;
    for (const seed of ['rp-1', 'rp-2', 'rp-3', 'rp-4']) {
      let state = newMatch(makeSettings({ targetScore: 500 }), seed);
      const rng = new Rng(seedRng(seed));
      const budget = makeBudget(10);
      for (let moves = 0; moves < 20_000 && state.status === 'playing'; moves++) {
        const asks = botsToAsk(state, () => true);
        for (const ask of asks.filter((a) => !a.owes)) {
          offered++;
          expect(decideAt('random', state, ask.seat, rng, budget)).toBeNull();
        }
        const owing = asks.find((a) => a.owes);
        expect(owing, `someone owes a move at version ${state.version}`).toBeDefined();
        const action = decideAt('random', state, owing!.seat, rng, budget);
        expect(action).not.toBeNull();
        expect(action?.type).not.toBe('tichu');
        if (action?.type === 'grandTichu') expect(action.call).toBe(false);
        const step = apply(state, owing!.seat, action);
        if (!step.ok) expect.fail(`refused ${JSON.stringify(action)}: ${step.error.code}`);
        state = step.value.state;
      }
      expect(state.status, seed).toBe('finished');
    }
    // Without this the null check above could pass vacuously.
    expect(offered, 'some seat was offered an out-of-turn bomb').toBeGreaterThan(0);
  });
});
