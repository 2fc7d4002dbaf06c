/**
 * The review is honest: it reads only what the seat could know (the other hands dealt differently
 * behind the same view change nothing), its pre-play guesses fit what the seat saw, and it finds far
 * more mistakes in a random player's hands than in the hard bot's.
 */
import { describe, expect, it } from 'vitest';
import { memoryOf } from '../../src/bots/memory.js';
import {
  type Action,
  apply,
  buildScenario,
  type Card,
  cardRank,
  DECK,
  type HandState,
  type MatchState,
  makeSettings,
  newMatch,
  perSeat,
  Rng,
  type Seat,
  seatView,
  seedRng,
  sortCards,
} from '../../src/engine/index.js';
import { reviewDecisionAt, reviewHand } from '../../src/review/index.js';
import { samplerFor } from '../../src/review/sampling.js';
import { type Level, playHand } from './playHands.js';

/** The same state with the cards seat 0 cannot see dealt anew among the same places (same counts). */
function redealt(state: MatchState, salt: string): MatchState {
  const hand = state.hand;
  const hidden: Array<{ seat: Seat; undealt: boolean }> = [];
  for (const seat of [1, 2, 3] as Seat[])
    for (const _ of hand.hands[seat]) hidden.push({ seat, undealt: false });
  for (const seat of [0, 1, 2, 3] as Seat[])
    for (const _ of hand.undealt[seat]) hidden.push({ seat, undealt: true });
  const pool: Card[] = [
    ...hand.hands[1],
    ...hand.hands[2],
    ...hand.hands[3],
    ...hand.undealt[0],
    ...hand.undealt[1],
    ...hand.undealt[2],
    ...hand.undealt[3],
  ];
  const rng = new Rng(seedRng(salt));
  const shuffled = [...pool];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = rng.nextInt(i + 1);
    [shuffled[i], shuffled[j]] = [shuffled[j] as Card, shuffled[i] as Card];
  }
  const hands: Card[][] = [[...hand.hands[0]], [], [], []];
  const undealt: Card[][] = [[], [], [], []];
  hidden.forEach((place, i) => {
    (place.undealt ? undealt : hands)[place.seat]?.push(shuffled[i] as Card);
  });
  const next: HandState = {
    ...hand,
    hands: perSeat((s) => sortCards(hands[s] as Card[])),
    undealt: perSeat((s) => sortCards(undealt[s] as Card[])),
  };
  return { ...state, hand: next };
}

function differs(a: MatchState, b: MatchState): boolean {
  return JSON.stringify(a.hand.hands) !== JSON.stringify(b.hand.hands);
}

const OPTIONS = { samples: 12, seed: 'honesty' };

describe('the review reads only what the seat knew', () => {
  it('in the play: the other hands dealt differently change nothing', () => {
    const state = buildScenario({
      hands: {
        0: 'Ajd 2sw 3pg 5st 7jd 9sw Jpg',
        1: '2jd 3jd 4jd 6jd 8jd 10jd Qjd 4sw 6sw 8sw',
        2: '8st Kst',
        3: '3sw 5sw 10sw Qsw Ksw 2pg 4pg 6pg 8pg 10pg',
      },
      trick: [{ seat: 2, cards: 'Kjd' }],
      passed: [3],
      turn: 0,
      restTo: 1,
    });
    const other = redealt(state, 'other');
    expect(differs(state, other)).toBe(true);
    expect(seatView(other, 0)).toEqual(seatView(state, 0));
    for (const action of [{ type: 'play', cards: ['Ajd'] }, { type: 'pass' }] as Action[]) {
      const a = reviewDecisionAt(state, 0, action, OPTIONS);
      expect(a.samples).toBe(12);
      expect(a.alternatives.length).toBeGreaterThan(0);
      expect(reviewDecisionAt(other, 0, action, OPTIONS)).toEqual(a);
    }
  });

  it('at the Grand Tichu decision: the other eights and every six to come change nothing', () => {
    const state = newMatch(makeSettings(), 'honesty-grand');
    const other = redealt(state, 'other');
    expect(differs(state, other)).toBe(true);
    expect(other.hand.undealt[0]).not.toEqual(state.hand.undealt[0]);
    const action: Action = { type: 'grandTichu', call: false };
    const a = reviewDecisionAt(state, 0, action, OPTIONS);
    expect(a.call?.kind).toBe('grandTichu');
    expect(reviewDecisionAt(other, 0, action, OPTIONS)).toEqual(a);
  });

  it('at the exchange: the other fourteens change nothing', () => {
    let state = newMatch(makeSettings(), 'honesty-exchange');
    for (const seat of [0, 1, 2, 3] as Seat[]) {
      const step = apply(state, seat, { type: 'grandTichu', call: false });
      if (!step.ok) throw new Error('grand');
      state = step.value.state;
    }
    const other = redealt(state, 'other');
    expect(differs(state, other)).toBe(true);
    const [a0, a1, a2] = state.hand.hands[0];
    const action: Action = { type: 'exchange', next: a0 as Card, partner: a1 as Card, previous: a2 as Card };
    const a = reviewDecisionAt(state, 0, action, OPTIONS);
    expect(a.alternatives.length).toBeGreaterThan(0);
    expect(reviewDecisionAt(other, 0, action, OPTIONS)).toEqual(a);
  });

  it("deals before the play only the cards the seat has not seen, and a caller's hand strong", () => {
    let state = newMatch(makeSettings(), 'honesty-sampler');
    // Seat 1 called Grand Tichu on its eight cards; seat 0 then decides on its own.
    const step = apply(state, 1, { type: 'grandTichu', call: true });
    if (!step.ok) throw new Error('grand');
    state = step.value.state;
    const view = seatView(state, 0);
    const sample = samplerFor(view, memoryOf(state, 0));
    const rng = new Rng(seedRng('sampler'));
    const controls = (cards: readonly Card[]) =>
      cards.filter((c) => c === 'dragon' || c === 'phoenix' || cardRank(c) === 14).length;
    let strong = 0;
    for (let i = 0; i < 100; i++) {
      const s = sample(rng);
      const hand = s.hand;
      expect(hand.phase).toBe('grandTichu');
      expect(hand.hands[0]).toEqual(view.hand);
      expect(hand.hands.map((h) => h.length)).toEqual([8, 8, 8, 8]);
      expect(hand.undealt.map((h) => h.length)).toEqual([6, 6, 6, 6]);
      const all = [...hand.hands.flat(), ...hand.undealt.flat()];
      expect(sortCards(all)).toEqual(sortCards(DECK));
      expect(hand.grand).toEqual([null, true, null, null]);
      if (controls(hand.hands[1]) >= 2) strong++;
    }
    // By chance about one eight in four holds two of the six (Dragon, Phoenix, Aces); the caller nearly always does.
    expect(strong).toBeGreaterThanOrEqual(90);
  });
});

describe('the review is fair to good play', () => {
  // Small caps keep this quick; the bench measures the same at a larger cap (review.mistakesRatio).
  const HANDS = 5;
  const SAMPLES = 32;
  const HARD_PLAYOUTS = 160;

  function mistakesPerHand(level: Level): { perHand: number; reviewed: number } {
    let mistakes = 0;
    let reviewed = 0;
    for (let k = 0; k < HANDS; k++) {
      const hand = playHand(`fair-${k}`, [level, 'normal', 'normal', 'normal'], {
        hardPlayouts: HARD_PLAYOUTS,
      });
      const review = reviewHand({
        settings: hand.settings,
        seed: hand.seed,
        actions: hand.actions,
        hand: 1,
        seat: 0,
        budgetMs: Number.POSITIVE_INFINITY,
        samples: SAMPLES,
      });
      reviewed += review.reviewed;
      mistakes += review.decisions.filter((d) => d.band === 'mistake' || d.band === 'blunder').length;
    }
    return { perHand: mistakes / HANDS, reviewed };
  }

  it('finds at least three times as many mistakes per hand in random play as in the hard bot’s', () => {
    const hard = mistakesPerHand('hard');
    const random = mistakesPerHand('random');
    expect(hard.reviewed).toBeGreaterThan(HANDS * 5);
    expect(random.reviewed).toBeGreaterThan(HANDS * 5);
    // Random play makes real mistakes: a review that found none would be blind, not fair.
    expect(random.perHand).toBeGreaterThanOrEqual(1);
    expect(random.perHand).toBeGreaterThanOrEqual(3 * hard.perHand);
  });
});
