/**
 * Known blunders are caught, and the sound choice in the same spot is not blamed: each scenario is
 * reviewed from seat 0's view with a fixed sample seed and cap.
 */
import { describe, expect, it } from 'vitest';
import { type Action, buildScenario } from '../../src/engine/index.js';
import { reviewDecisionAt } from '../../src/review/index.js';

const OPTIONS = { samples: 48, seed: 'blunders' };
const PASS: Action = { type: 'pass' };

/**
 * Partner (seat 2) called Tichu, led a King and holds one card. The other Aces, the Dragon and the
 * Phoenix are gone (seat 1 took them): nobody can beat the King but seat 0's Ace. Passing lets the
 * partner lead its last card and make its call; the Ace takes the lead from it.
 */
const partnerGoingOut = buildScenario({
  hands: {
    0: 'Ajd 2sw 3pg 5st 7jd 9sw Jpg',
    1: '2jd 3jd 4jd 6jd 8jd 10jd Qjd 4sw 6sw 8sw',
    2: '8st',
    3: '3sw 5sw 10sw Qsw Ksw 2pg 4pg 6pg 8pg 10pg',
  },
  trick: [{ seat: 2, cards: 'Kjd' }],
  passed: [3],
  calls: { 2: 'tichu' },
  turn: 0,
  restTo: 1,
});

/** Partner (seat 2) leads an Ace; seat 0 could put its Dragon on it (and must then give the trick away). */
const partnerAce = buildScenario({
  hands: {
    0: 'dragon 3jd 4sw 6pg 8st 9jd 10jd',
    1: '2jd 5jd 7jd 8jd Qjd 4pg 6sw 8sw',
    2: '2sw 3sw 9sw Jsw',
    3: '3pg 5sw 10sw Qsw Ksw 2pg 7pg 8pg',
  },
  trick: [{ seat: 2, cards: 'Ast' }],
  passed: [3],
  turn: 0,
  restTo: 1,
});

/**
 * Seat 0 took a trick of 45 points with the Dragon and must give it to an opponent. Its partner went
 * out first; seat 3 holds one card, seat 1 nine. The last player's tricks go to the first out (seat
 * 0's side): the trick given to seat 1, who will most likely be last, comes back; given to seat 3, it
 * stays with the opponents.
 */
const dragonGift = buildScenario({
  hands: { 0: '4jd 6sw 9pg', 1: '2jd 3jd 7jd 8jd 9jd Qjd 4sw 6pg 8sw', 3: 'Jst' },
  out: [2],
  trick: [
    { seat: 1, cards: '10jd' },
    { seat: 3, cards: 'Kjd' },
    { seat: 0, cards: 'dragon' },
  ],
  passed: [1, 3],
  pending: { kind: 'dragonGift', seat: 0 },
  turn: null,
  restTo: 2,
});

describe('known blunders', () => {
  it('overtaking a partner who is about to go out on a call is a blunder; passing is best', () => {
    const ace = reviewDecisionAt(partnerGoingOut, 0, { type: 'play', cards: ['Ajd'] }, OPTIONS);
    expect(ace.kind).toBe('play');
    expect(['mistake', 'blunder']).toContain(ace.band);
    expect(ace.best).toEqual(PASS);
    expect(ace.cost).toBeGreaterThanOrEqual(25);
    const pass = reviewDecisionAt(partnerGoingOut, 0, PASS, OPTIONS);
    expect(pass.kind).toBe('pass');
    expect(pass.band).toBe('best');
    expect(pass.cost).toBe(0);
    expect(pass.best).toEqual(PASS);
  });

  it("the Dragon on a partner's winning Ace is a mistake at least; passing is not blamed", () => {
    const dragon = reviewDecisionAt(partnerAce, 0, { type: 'play', cards: ['dragon'] }, OPTIONS);
    expect(['mistake', 'blunder']).toContain(dragon.band);
    expect(dragon.best).toEqual(PASS);
    const pass = reviewDecisionAt(partnerAce, 0, PASS, OPTIONS);
    expect(pass.cost).toBe(0);
    expect(['best', 'good']).toContain(pass.band);
  });

  it('the Dragon given to the opponent about to go out is a mistake at least; to the other, best', () => {
    const wrong = reviewDecisionAt(dragonGift, 0, { type: 'giveDragon', to: 3 }, OPTIONS);
    expect(wrong.kind).toBe('dragon');
    expect(['mistake', 'blunder']).toContain(wrong.band);
    expect(wrong.best).toEqual({ type: 'giveDragon', to: 1 });
    expect(wrong.alternatives).toHaveLength(1);
    const right = reviewDecisionAt(dragonGift, 0, { type: 'giveDragon', to: 1 }, OPTIONS);
    expect(right.band).toBe('best');
    expect(right.cost).toBe(0);
    // Seen from the other side, the gift to seat 3 loses about as much.
    expect(right.alternatives[0]?.diff).toBeLessThan(-25);
  });
});
