/**
 * The archived levels stay as they were when they were archived (issue 29): `normal@v1` and
 * `hard@v1` are the yardsticks the arena measures the new levels against, so a change that moved
 * them would move every comparison. Each digest covers every action of every seat over whole hands
 * played from a fixed seed (hard capped by playouts, so it repeats exactly); the digests were taken
 * from the levels `normal` and `hard` at commit 31d743c, before either changed.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type ArenaLevel, decideAt } from '../../src/arena/levels.js';
import { botsToAsk, makeBudget } from '../../src/bots/registry.js';
import { apply, makeSettings, newMatch, type PerSeat, Rng, seedRng } from '../../src/engine/index.js';

function digest(levels: PerSeat<ArenaLevel>, seed: string, hands: number): string {
  const hash = createHash('sha256');
  const budget = makeBudget(Number.POSITIVE_INFINITY, 60);
  let state = newMatch(makeSettings(), seed);
  for (let moves = 0; state.hand.number <= hands && state.status === 'playing'; moves++) {
    if (moves > 5_000) throw new Error('no end');
    let acted = false;
    for (const ask of botsToAsk(state, () => true)) {
      const rng = new Rng(seedRng(`${seed}/${state.version}/${ask.seat}`));
      const action = decideAt(levels[ask.seat], state, ask.seat, rng, budget);
      if (action === null) continue;
      const step = apply(state, ask.seat, action);
      if (!step.ok) throw new Error(step.error.code);
      hash.update(`${ask.seat}:${JSON.stringify(action)};`);
      state = step.value.state;
      acted = true;
      break;
    }
    if (!acted) throw new Error('nobody acted');
  }
  return hash.update(JSON.stringify(state.scores)).digest('hex').slice(0, 16);
}

describe('archived levels', () => {
  it('normal@v1 plays exactly as the normal level did before issue 29', () => {
    expect(digest(['normal@v1', 'easy', 'normal@v1', 'easy'], 'frozen/normal/1', 6)).toBe('2e30d2e3e5a2bafb');
    expect(digest(['easy', 'normal@v1', 'easy', 'normal@v1'], 'frozen/normal/2', 6)).toBe('535145558905f58b');
  });

  it('hard@v1 plays exactly as the hard level did before issue 29', () => {
    expect(digest(['hard@v1', 'normal@v1', 'hard@v1', 'normal@v1'], 'frozen/hard/1', 2)).toBe(
      '960040e512f67647',
    );
    expect(digest(['normal@v1', 'hard@v1', 'normal@v1', 'hard@v1'], 'frozen/hard/2', 2)).toBe(
      '03ad1fd47339cb3a',
    );
  });
});
