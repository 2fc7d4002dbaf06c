/**
 * Hard's guesses at the hidden hands: every guess fits what the seat knows (its own cards, the cards
 * played, the counts, the cards it passed), and uses what passes and calls reveal.
 */
import { describe, expect, it } from 'vitest';
import { tichuChance } from '../../src/bots/callModel.js';
import { sampleHands } from '../../src/bots/determinize.js';
import { memoryOf } from '../../src/bots/memory.js';
import {
  buildScenario,
  type Card,
  cardRank,
  DECK,
  Rng,
  type Seat,
  seatView,
  seedRng,
} from '../../src/engine/index.js';

const draws = (state: ReturnType<typeof buildScenario>, seat: Seat, n: number) => {
  const view = seatView(state, seat);
  const memory = memoryOf(state, seat);
  const rng = new Rng(seedRng('samples'));
  return Array.from({ length: n }, () => sampleHands(view, memory, rng));
};

describe('sampleHands', () => {
  it('deals every unseen card once, each seat its count, and leaves the own hand as it is', () => {
    const state = buildScenario({
      hands: { 0: '3jd 4jd 9sw Kst', 1: '5jd 6jd 7jd', 2: '8st 9st', 3: '2st 3st 4st 5st 6st' },
      trick: [{ seat: 3, cards: '7sw' }],
      won: { 1: 'Ajd Asw' },
      turn: 0,
      restTo: 2,
    });
    for (const hands of draws(state, 0, 50)) {
      expect(hands[0]).toEqual(state.hand.hands[0]);
      expect(hands.map((h) => h.length)).toEqual(state.hand.hands.map((h) => h.length));
      const all = [...hands.flat(), ...state.hand.won.flat(), '7sw'];
      expect(new Set(all).size).toBe(all.length);
      expect(all.length).toBe(DECK.length);
    }
  });

  it('a seat that passed while a wish was open over a lower single holds no card of the wished rank', () => {
    const state = buildScenario({
      hands: { 0: '3jd 4jd', 1: '5jd 6jd 7jd', 2: '8st 9st Qsw', 3: '2st 3st Qjd Qpg 6st' },
      trick: [{ seat: 3, cards: '8sw' }],
      passed: [0, 1],
      wish: 12,
      turn: 2,
      restTo: 0,
    });
    const queens = (cards: readonly Card[]) =>
      cards.filter((c) => cardRank(c) === 12 && c !== 'phoenix').length;
    const samples = draws(state, 2, 200);
    for (const hands of samples) expect(queens(hands[1])).toBe(0);
    // Not a restriction on the others: the seat that made the play may hold queens.
    expect(samples.some((hands) => queens(hands[3]) > 0)).toBe(true);
  });

  it('a seat that called Tichu is dealt the cards calls are made on far more often than chance', () => {
    const hands = '2jd 3jd 4jd 5jd 6jd 7jd 8jd 9jd 10jd Jjd Qjd Kjd 2sw 3sw';
    const base = {
      hands: {
        0: hands,
        1: '2pg 3pg 4pg 5pg 6pg 7pg 8pg 9pg 10pg Jpg Qpg Kpg Apg Ajd',
        2: '2st 3st 4st 5st 6st 7st 8st 9st 10st Jst Qst Kst Ast Asw',
        3: '4sw 5sw 6sw 7sw 8sw 9sw 10sw Jsw Qsw Ksw dragon phoenix mahjong dog',
      },
      turn: 0 as const,
      played: [],
    };
    const controls = (cards: readonly Card[]) =>
      cards.filter((c) => c === 'dragon' || c === 'phoenix' || cardRank(c) === 14).length;
    const strong = (state: ReturnType<typeof buildScenario>) =>
      draws(state, 0, 200).filter((h) => controls(h[3]) >= 2).length;
    const withCall = strong(buildScenario({ ...base, calls: { 3: 'tichu' } }));
    const without = strong(buildScenario(base));
    // By chance about 63% of deals give seat 3 two of the six; after a call, nearly all do.
    expect(withCall).toBeGreaterThanOrEqual(195);
    expect(without).toBeLessThan(150);
  });
});

describe('weighed guesses at a Tichu caller’s hand', () => {
  // Seat 1 called Tichu and has not played: it holds fourteen cards, all of them unseen by seat 0.
  const state = buildScenario({
    hands: {
      0: '2jd 3jd 4sw 6pg 7st 8jd 9sw 10pg Jst Qjd 2sw 3pg 4st 6sw',
      1: 'dragon phoenix Ajd Asw Apg Ast Kjd Ksw Kpg Qsw Qpg Jjd Jsw 10jd',
      2: '2pg 3sw 4pg 5jd 6jd 7jd 8sw 9pg 10sw Jpg Qst 2st 3st 4jd',
      3: '5sw 5pg 5st 6st 7sw 7pg 8pg 8st 9jd 9st 10st Kst mahjong dog',
    },
    calls: { 1: 'tichu' },
    turn: 0,
    played: [],
  });
  const view = seatView(state, 0);
  const memory = memoryOf(state, 0);
  const meanChance = (weigh: boolean) => {
    const rng = new Rng(seedRng('weighed'));
    let sum = 0;
    for (let i = 0; i < 300; i++) sum += tichuChance(sampleHands(view, memory, rng, weigh)[1]);
    return sum / 300;
  };

  it('deal the caller hands it would more likely have called on than the filter alone does', () => {
    expect(meanChance(true)).toBeGreaterThan(meanChance(false) + 0.05);
  });

  it('still deal every unseen card once, each seat its count', () => {
    const rng = new Rng(seedRng('weighed-fit'));
    for (let i = 0; i < 50; i++) {
      const hands = sampleHands(view, memory, rng, true);
      expect(hands[0]).toEqual(state.hand.hands[0]);
      expect(hands.map((h) => h.length)).toEqual([14, 14, 14, 14]);
      expect(new Set(hands.flat()).size).toBe(DECK.length);
    }
  });
});
