/**
 * The engine's fast paths against plain references, over random hands and states: the enumeration
 * by bit masks (src/engine/enumerate.ts) against the version by arrays it replaced
 * (reference/enumerateReference.ts), in the same order, card for card and key for key; the card
 * look-up by text against a Map; sorting; and `apply`'s checks of the cards a play names.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { playOut } from '../../src/bots/selfPlay.js';
import {
  apply,
  type Card,
  type Combo,
  cardIndex,
  cardInfo,
  cardPoints,
  cardRank,
  cardSuit,
  DECK,
  enumerateBombs,
  enumerateCombos,
  isCard,
  isNormal,
  legalCombos,
  type MatchState,
  makeSettings,
  newMatch,
  RANK_NAMES,
  Rng,
  readCombos,
  SEATS,
  type Seat,
  SPECIALS,
  SUITS,
  seedRng,
  sortCards,
  topOf,
} from '../../src/engine/index.js';
import { referenceBombs, referenceCombos } from './reference/enumerateReference.js';

/** JSON keeps the order of the list, of each combo's cards and of its keys. */
const same = (a: unknown, b: unknown) => expect(JSON.stringify(a)).toBe(JSON.stringify(b));

/** A hand of up to `max` distinct cards, sometimes sorted, sometimes in any order. */
const handArb = (max = 14) =>
  fc
    .tuple(fc.shuffledSubarray([...DECK], { minLength: 0, maxLength: max }), fc.boolean())
    .map(([cards, sorted]) => (sorted ? sortCards(cards) : cards));

/** Hands rich in pairs, runs and bombs: a few ranks, most of their suits, often the Phoenix. */
const denseHandArb = fc
  .tuple(
    fc.integer({ min: 2, max: 10 }),
    fc.integer({ min: 3, max: 8 }),
    fc.array(fc.boolean(), { minLength: 32, maxLength: 32 }),
    fc.subarray([...SPECIALS]),
  )
  .map(([low, span, keep, specials]) => {
    const cards: Card[] = [];
    for (let r = low; r < Math.min(low + span, 15); r++)
      for (let s = 0; s < 4; s++)
        if (keep[((r - low) * 4 + s) % 32]) cards.push(DECK[(r - 2) * 4 + s] as Card);
    return [...cards, ...specials].slice(0, 14);
  });

/** A combo to play on: any combo some other random hand could lead (bombs and the Dog included). */
const topArb = fc
  .tuple(handArb(14), fc.nat())
  .map(([cards, pick]) => {
    const all = referenceCombos(cards, null);
    return all.length === 0 ? null : (all[pick % all.length] as Combo);
  })
  .filter((top): top is Combo => top !== null);

describe('enumerateCombos and enumerateBombs against the reference, order and all', () => {
  it('on a lead, for random hands', () => {
    fc.assert(
      fc.property(handArb(), (hand) => {
        same(enumerateCombos(hand, null), referenceCombos(hand, null));
        same(enumerateBombs(hand, null), referenceBombs(hand, null));
      }),
      { numRuns: 3000 },
    );
  });

  it('on a lead, for dense hands (pairs, sequences, full houses, bombs, the Phoenix)', () => {
    fc.assert(
      fc.property(denseHandArb, (hand) => {
        same(enumerateCombos(hand, null), referenceCombos(hand, null));
        same(enumerateBombs(hand, null), referenceBombs(hand, null));
      }),
      { numRuns: 3000 },
    );
  });

  it('on a trick, for random hands and random combos on the table', () => {
    fc.assert(
      fc.property(fc.oneof(handArb(), denseHandArb), topArb, (hand, top) => {
        same(enumerateCombos(hand, top), referenceCombos(hand, top));
        same(enumerateBombs(hand, top), referenceBombs(hand, top));
      }),
      { numRuns: 5000 },
    );
  });

  it('on every combo of the same dense hand played on each other', () => {
    fc.assert(
      fc.property(denseHandArb, denseHandArb, (hand, other) => {
        for (const top of referenceCombos(other, null)) {
          same(enumerateCombos(hand, top), referenceCombos(hand, top));
          same(enumerateBombs(hand, top), referenceBombs(hand, top));
        }
      }),
      { numRuns: 200 },
    );
  });

  it('throws, as the reference does, on something that is not a card', () => {
    expect(() => referenceCombos(['7jd', 'nope' as Card], null)).toThrow();
    expect(() => enumerateCombos(['7jd', 'nope' as Card], null)).toThrow();
    expect(() => enumerateBombs(['nope' as Card], null)).toThrow();
  });
});

describe('cards by their text against a plain Map', () => {
  const plain = new Map<string, { rank: number; suit: string | null; index: number }>();
  let index = 0;
  for (const name of RANK_NAMES)
    for (const suit of SUITS)
      plain.set(`${name}${suit}`, { rank: RANK_NAMES.indexOf(name) + 2, suit, index: index++ });
  for (const [special, rank] of [
    ['mahjong', 1],
    ['dog', 0],
    ['phoenix', 0],
    ['dragon', 15],
  ] as const)
    plain.set(special, { rank, suit: null, index: index++ });

  it('DECK is every rank in every suit, then the specials, in that order', () => {
    expect([...DECK]).toEqual([...plain.keys()]);
  });

  it('every card reads as its rank, suit and index; sorting keys agree', () => {
    for (const card of DECK) {
      const want = plain.get(card);
      expect(cardInfo(card)).toMatchObject({ rank: want?.rank, suit: want?.suit, index: want?.index });
      expect([cardRank(card), cardSuit(card), cardIndex(card)]).toEqual([
        want?.rank,
        want?.suit,
        want?.index,
      ]);
      expect(isNormal(card)).toBe(want?.suit !== null);
      expect(isCard(card)).toBe(true);
      // A copy of the string (not the one DECK holds) reads the same.
      const copy = `${card.slice(0, 1)}${card.slice(1)}` as Card;
      expect(cardInfo(copy)).toBe(cardInfo(card));
    }
    expect(cardPoints('5jd') + cardPoints('10st') + cardPoints('Ksw') + cardPoints('dragon')).toBe(50);
  });

  it('anything else is no card', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 8 }),
          fc.constantFrom('1jd', '10', 'Ajj', 'dogs', 'Phoenix', '2JD', '11st'),
        ),
        (text) => {
          expect(isCard(text)).toBe(plain.has(text));
          expect(cardInfo(text as Card) === undefined).toBe(!plain.has(text));
        },
      ),
      { numRuns: 2000 },
    );
    for (const value of [undefined, null, 7, {}, ['7jd']]) {
      expect(isCard(value)).toBe(false);
      expect(cardInfo(value as unknown as Card)).toBeUndefined();
    }
  });

  it('sortCards orders by rank, then deck index, as a plain sort does', () => {
    const key = (c: Card) => {
      const f = plain.get(c) as { rank: number; index: number };
      return f.rank * 100 + f.index;
    };
    fc.assert(
      fc.property(fc.shuffledSubarray([...DECK]), (cards) => {
        expect(sortCards(cards)).toEqual([...cards].sort((a, b) => key(a) - key(b)));
      }),
      { numRuns: 1000 },
    );
    // With a card twice (no hand holds one twice, but the function takes any list).
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...DECK), { maxLength: 20 }), (cards) => {
        expect(sortCards(cards)).toEqual([...cards].sort((a, b) => key(a) - key(b)));
      }),
      { numRuns: 1000 },
    );
    expect(() => sortCards(['7jd', 'nope' as Card])).toThrow(TypeError);
    expect(() => sortCards(['nope' as Card, '7jd'])).toThrow(TypeError);
  });
});

/** A state in the middle of a hand's play, reached by random self-play from a seed. */
function midPlay(seed: string, steps: number): MatchState {
  const rng = new Rng(seedRng(`mid:${seed}`));
  let reached: MatchState | null = null;
  let count = 0;
  const final = playOut(newMatch(makeSettings(), seed), rng, false, {
    onStep: (_seat, _action, _before, after) => {
      if (after.hand.phase === 'play' && !after.hand.pending && count++ <= steps) reached = after;
    },
  });
  return reached ?? final;
}

describe("apply's checks of the cards a play names, against plain filters", () => {
  it('refuses duplicates and cards not held exactly as before; a legal play leaves the rest in order', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 6 }),
        fc.nat({ max: 60 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 6 }),
        fc.nat(),
        (seed, steps, picks, which) => {
          const state = midPlay(seed, steps);
          const hand = state.hand;
          if (hand.phase !== 'play' || hand.pending || hand.turn === null) return;
          const seat = hand.turn as Seat;
          const held = hand.hands[seat];
          // Cards drawn from the whole deck (some held, some not, maybe twice).
          const cards = picks.map((p) => (p % 3 === 0 ? DECK[p % 56] : held[p % held.length]) as Card);
          const result = apply(state, seat, { type: 'play', cards });
          if (new Set(cards).size !== cards.length) {
            expect(result.ok ? null : result.error).toEqual({ code: 'duplicate_cards', cards });
          } else if (cards.some((c) => !held.includes(c))) {
            expect(result.ok ? null : result.error).toEqual({
              code: 'not_in_hand',
              cards: cards.filter((c) => !held.includes(c)),
            });
          }
          // Every legal play leaves exactly the other cards, in their order.
          const combos = legalCombos(state, seat);
          if (combos.length === 0) return;
          const combo = combos[which % combos.length] as Combo;
          const played = apply(state, seat, {
            type: 'play',
            cards: combo.cards,
            ...(combo.phoenixAs === undefined ? {} : { phoenixAs: combo.phoenixAs }),
          });
          expect(played.ok).toBe(true);
          if (!played.ok) return;
          // A play that ends the hand (a double victory, the third player out) starts the next one:
          // its cards are a new deal, so only a play within the hand is checked card for card.
          if (played.value.state.hand.number !== hand.number) return;
          expect(played.value.state.hand.hands[seat]).toEqual(held.filter((c) => !combo.cards.includes(c)));
          for (const other of SEATS)
            if (other !== seat) expect(played.value.state.hand.hands[other]).toBe(hand.hands[other]);
          // readCombos agrees with the enumeration on what the cards are.
          const top = topOf(hand);
          expect(readCombos(combo.cards, top).some((c) => JSON.stringify(c) === JSON.stringify(combo))).toBe(
            true,
          );
        },
      ),
      { numRuns: 400 },
    );
  });
});
