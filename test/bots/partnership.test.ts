/**
 * Partnership checks that people notice, over fixed positions (issue 29 builds on them): a bot does
 * not overtake its partner's winning single to no purpose, and gives the Dragon's trick to the
 * opponent who is not about to go out. Normal decides by its
 * rules; hard searches with a playout cap, so both are deterministic here.
 */
import { describe, expect, it } from 'vitest';
import { decideFor, makeBudget } from '../../src/bots/registry.js';
import { buildScenario, Rng, type Seat, seedRng } from '../../src/engine/index.js';

const LEVELS = ['normal', 'hard'] as const;
const decide = (level: (typeof LEVELS)[number], state: ReturnType<typeof buildScenario>, seat: Seat) =>
  decideFor(
    level,
    state,
    seat,
    new Rng(seedRng(`partnership:${level}`)),
    makeBudget(Number.POSITIVE_INFINITY, 400),
  );

describe.each(LEVELS)('the %s bot as a partner', (level) => {
  it('lets its partner’s winning Ace stand rather than spend its Dragon on it', () => {
    // Seat 2 (the partner) leads an Ace; seat 3 passed; seat 0 could only overtake with the Dragon.
    const state = buildScenario({
      hands: { 0: 'dragon 3jd 4sw 6pg 8st', 1: '5jd 7jd 9jd Jst', 2: '2st 5st 9st', 3: '2jd 3st 6st 8jd' },
      trick: [{ seat: 2, cards: 'Ajd' }],
      passed: [3],
      turn: 0,
      restTo: 1,
    });
    expect(decide(level, state, 0)).toEqual({ type: 'pass' });
  });

  it('gives the Dragon’s trick to the opponent who is not about to go out', () => {
    // Seat 0 took the trick with the Dragon: seat 1 has one card left, seat 3 has eight.
    for (const [near, far] of [
      [1, 3],
      [3, 1],
    ] as const) {
      const hands: Partial<Record<Seat, string>> = { 0: '3jd 4sw 6pg', 2: '2st 5st 9st 7pg' };
      hands[near] = 'Kjd';
      hands[far] = '2jd 3st 6st 8jd 9sw 10sw Jsw Qsw';
      const state = buildScenario({
        hands,
        won: { 0: 'dragon 5jd 10jd' },
        pending: { kind: 'dragonGift', seat: 0 },
        turn: null,
        played: [0, 1, 2, 3],
        restTo: 2,
      });
      expect(decide(level, state, 0)).toEqual({ type: 'giveDragon', to: far });
    }
  });
});
