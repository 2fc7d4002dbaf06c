/**
 * Every combo a hand can make: all of them on a lead, or those that beat a given combo. This is the
 * engine's hot path (legal actions, bots, autocomplete, every playout of a hard bot or a review).
 *
 * The hand is first read into bit masks (cardIndex.ts): per rank, the suits held (4 bits); per suit,
 * the ranks held; and which specials. A rank's cards in suit order then come from a table by that
 * mask, and prefix counts of the missing ranks say at once whether a straight or a pair sequence can
 * start at a rank, so the walks below never enter a branch that lists nothing. Each combo is built
 * once, in sorted card order (Phoenix first, then by rank), in the order the lists have always had.
 * The masks live in module scratch: enumeration is synchronous and never re-entered.
 */
import { CARD_TEXT, DOG_INDEX, indexOfCard, MAHJONG_INDEX, PHOENIX_INDEX } from './cardIndex.js';
import { type Card, DRAGON_RANK, type Rank } from './cards.js';
import { type Combo, isBomb, phoenixSingleRank } from './combo.js';

const CARD = CARD_TEXT as readonly Card[];

/** CARDS_BY_MASK[rank][suit mask]: that rank's cards for those suits, in suit order (never handed out). */
const CARDS_BY_MASK: readonly (readonly Card[])[][] = (() => {
  const table: Card[][][] = [];
  for (let r = 0; r <= 14; r++) {
    const row: Card[][] = [];
    for (let mask = 0; mask < 16; mask++) {
      const cards: Card[] = [];
      if (r >= 2) for (let s = 0; s < 4; s++) if ((mask >> s) & 1) cards.push(CARD[(r - 2) * 4 + s] as Card);
      row.push(cards);
    }
    table.push(row);
  }
  return table;
})();

/** The scratch reading of the hand being enumerated. */
const rankSuits = new Int32Array(15); // per rank 2..14: bit s for suit s held
const suitMasks = new Int32Array(4); // per suit: bit r for rank r held
/** missingBefore[k]: how many of the ranks 1..k-1 the hand lacks (rank 1 is the Mah Jong). */
const missingBefore = new Int32Array(17);
/** singleBefore[k]: how many of the ranks 2..k-1 the hand holds exactly one card of. */
const singleBefore = new Int32Array(17);
let mahjong = false;
let dog = false;
let phoenix = false;
let dragon = false;

function group(hand: readonly Card[]): void {
  for (let r = 2; r <= 14; r++) rankSuits[r] = 0;
  suitMasks[0] = 0;
  suitMasks[1] = 0;
  suitMasks[2] = 0;
  suitMasks[3] = 0;
  mahjong = false;
  dog = false;
  phoenix = false;
  dragon = false;
  for (let i = 0; i < hand.length; i++) {
    const card = hand[i] as Card;
    const index = typeof card === 'string' ? indexOfCard(card) : -1;
    if (index < 0) throw new TypeError(`not a card: ${String(card)}`);
    if (index < 52) {
      const r = (index >> 2) + 2;
      const s = index & 3;
      rankSuits[r] = (rankSuits[r] as number) | (1 << s);
      suitMasks[s] = (suitMasks[s] as number) | (1 << r);
    } else if (index === MAHJONG_INDEX) mahjong = true;
    else if (index === DOG_INDEX) dog = true;
    else if (index === PHOENIX_INDEX) phoenix = true;
    else dragon = true;
  }
  countsReady = false;
}

/** Whether missingBefore and singleBefore describe the hand of the last `group` yet. */
let countsReady = false;

/** Fills the prefix counts (only straights and pair sequences need them). */
function prepareCounts(): void {
  if (countsReady) return;
  countsReady = true;
  missingBefore[0] = 0;
  missingBefore[1] = 0;
  missingBefore[2] = mahjong ? 0 : 1;
  singleBefore[2] = 0;
  for (let r = 2; r <= 15; r++) {
    const mask = r <= 14 ? (rankSuits[r] as number) : 0;
    missingBefore[r + 1] = (missingBefore[r] as number) + (mask === 0 ? 1 : 0);
    singleBefore[r + 1] = (singleBefore[r] as number) + (mask !== 0 && (mask & (mask - 1)) === 0 ? 1 : 0);
  }
}

/** Whether the suit mask holds five ranks in a row (a straight flush). */
function hasRunOfFive(mask: number): boolean {
  return (mask & (mask >> 1) & (mask >> 2) & (mask >> 3) & (mask >> 4)) !== 0;
}

/** How many ranks of lo..hi the hand lacks (rank 1 is the Mah Jong). */
function missing(lo: number, hi: number): number {
  return (missingBefore[hi + 1] as number) - (missingBefore[lo] as number);
}

/** How many ranks of lo..hi (2 and up) the hand holds exactly one card of. */
function singlesIn(lo: number, hi: number): number {
  return (singleBefore[hi + 1] as number) - (singleBefore[lo] as number);
}

/** The lowest normal rank r (2 and up) with r × 2 > min (half-ranks). */
function firstAbove(min: number): number {
  const r = (min >> 1) + 1;
  return r < 2 ? 2 : r;
}

function cardsOf(r: number): readonly Card[] {
  return (CARDS_BY_MASK[r] as (readonly Card[])[])[rankSuits[r] as number] as readonly Card[];
}

/** All combos of the hand that may be led (top null) or played on `top`, bombs included. */
export function enumerateCombos(hand: readonly Card[], top: Combo | null): Combo[] {
  group(hand);
  const out: Combo[] = [];
  if (top === null) {
    singles(null, out);
    if (dog) out.push({ type: 'dog', cards: ['dog'], rank: 0 });
    pairs(0, out);
    triples(0, out);
    fullHouses(0, out);
    // A run that cannot be made at one length cannot be made longer: stop at the first length with none.
    for (let len = 5; len <= 14; len++) if (!straights(len, 0, out)) break;
    for (let len = 2; len <= 7; len++) if (!pairSequences(len, 0, out)) break;
    bombs(null, out);
    return out;
  }
  if (top.type === 'dog') return out;
  if (!isBomb(top)) {
    const n = top.cards.length;
    if (top.type === 'single') singles(top, out);
    else if (top.type === 'pair') pairs(top.rank, out);
    else if (top.type === 'triple') triples(top.rank, out);
    else if (top.type === 'fullHouse') fullHouses(top.rank, out);
    else if (top.type === 'straight') straights(n, top.rank, out);
    else if (top.type === 'pairSequence') pairSequences(n / 2, top.rank, out);
  }
  bombs(top, out);
  return out;
}

/** Only the bombs of the hand that beat `top` (all bombs when top is null). */
export function enumerateBombs(hand: readonly Card[], top: Combo | null): Combo[] {
  const out: Combo[] = [];
  if (top?.type === 'dog') return out; // the Dog cannot be bombed
  group(hand);
  bombs(top, out);
  return out;
}

function singles(top: Combo | null, out: Combo[]): void {
  const min = top ? top.rank : -1;
  if (mahjong && 2 > min) out.push({ type: 'single', cards: ['mahjong'], rank: 2 });
  if (phoenix && min < DRAGON_RANK * 2)
    out.push({ type: 'single', cards: ['phoenix'], rank: phoenixSingleRank(top) });
  for (let r = firstAbove(min); r <= 14; r++) {
    const cs = cardsOf(r);
    for (let i = 0; i < cs.length; i++) out.push({ type: 'single', cards: [cs[i] as Card], rank: r * 2 });
  }
  if (dragon && DRAGON_RANK * 2 > min) out.push({ type: 'single', cards: ['dragon'], rank: DRAGON_RANK * 2 });
}

function pairs(min: number, out: Combo[]): void {
  for (let r = firstAbove(min); r <= 14; r++) {
    const cs = cardsOf(r);
    for (let i = 0; i < cs.length; i++) {
      for (let j = i + 1; j < cs.length; j++)
        out.push({ type: 'pair', cards: [cs[i] as Card, cs[j] as Card], rank: r * 2 });
      if (phoenix)
        out.push({ type: 'pair', cards: ['phoenix', cs[i] as Card], rank: r * 2, phoenixAs: r as Rank });
    }
  }
}

function triples(min: number, out: Combo[]): void {
  for (let r = firstAbove(min); r <= 14; r++) {
    const cs = cardsOf(r);
    const n = cs.length;
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        for (let k = j + 1; k < n; k++)
          out.push({ type: 'triple', cards: [cs[i] as Card, cs[j] as Card, cs[k] as Card], rank: r * 2 });
        if (phoenix)
          out.push({
            type: 'triple',
            cards: ['phoenix', cs[i] as Card, cs[j] as Card],
            rank: r * 2,
            phoenixAs: r as Rank,
          });
      }
    }
  }
}

/**
 * The triples of one rank, in the order `triples` lists them: real ones, then (if allowed) two real
 * cards with the Phoenix; as flat (a, b, c, withPhoenix) quadruples, c unused with the Phoenix.
 */
const tripScratch: (Card | boolean)[] = [];

function collectTrips(cs: readonly Card[]): number {
  let count = 0;
  const n = cs.length;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      for (let k = j + 1; k < n; k++) {
        tripScratch[count * 4] = cs[i] as Card;
        tripScratch[count * 4 + 1] = cs[j] as Card;
        tripScratch[count * 4 + 2] = cs[k] as Card;
        tripScratch[count * 4 + 3] = false;
        count++;
      }
      if (phoenix) {
        tripScratch[count * 4] = cs[i] as Card;
        tripScratch[count * 4 + 1] = cs[j] as Card;
        tripScratch[count * 4 + 2] = cs[j] as Card;
        tripScratch[count * 4 + 3] = true;
        count++;
      }
    }
  }
  return count;
}

function fullHouses(min: number, out: Combo[]): void {
  for (let t = firstAbove(min); t <= 14; t++) {
    const tripCards = cardsOf(t);
    if (tripCards.length < (phoenix ? 2 : 3)) continue;
    const count = collectTrips(tripCards);
    const rank = t * 2;
    for (let p = 2; p <= 14; p++) {
      if (p === t) continue;
      const cs = cardsOf(p);
      if (cs.length === 0) continue;
      const pairFirst = p < t;
      for (let q = 0; q < count; q++) {
        const a = tripScratch[q * 4] as Card;
        const b = tripScratch[q * 4 + 1] as Card;
        const tripHasPhoenix = tripScratch[q * 4 + 3] as boolean;
        const c = tripScratch[q * 4 + 2] as Card;
        for (let i = 0; i < cs.length; i++) {
          const x = cs[i] as Card;
          for (let j = i + 1; j < cs.length; j++) {
            const y = cs[j] as Card;
            if (tripHasPhoenix) {
              out.push({
                type: 'fullHouse',
                cards: pairFirst ? ['phoenix', x, y, a, b] : ['phoenix', a, b, x, y],
                rank,
                phoenixAs: t as Rank,
              });
            } else {
              out.push({ type: 'fullHouse', cards: pairFirst ? [x, y, a, b, c] : [a, b, c, x, y], rank });
            }
          }
          if (!tripHasPhoenix && phoenix)
            out.push({
              type: 'fullHouse',
              cards: pairFirst ? ['phoenix', x, a, b, c] : ['phoenix', a, b, c, x],
              rank,
              phoenixAs: p as Rank,
            });
        }
      }
    }
  }
}

const NO_SUIT_YET = -2;
const MIXED = -1;
const stack: Card[] = [];

/**
 * Straights of exactly `len` cards whose top card beats `min` (half-ranks); no straight flushes.
 * Whether the hand holds the ranks for any (even if all of them turned out flushes).
 */
function straights(len: number, min: number, out: Combo[]): boolean {
  prepareCounts();
  const lowest = mahjong ? 1 : 2;
  const gaps = phoenix ? 1 : 0;
  let any = false;
  for (let start = lowest; start + len - 1 <= 14; start++) {
    const top = start + len - 1;
    if (top * 2 <= min) continue;
    if (missing(start, top) > gaps) continue;
    any = true;
    walkStraight(start, top, 0, NO_SUIT_YET, out);
  }
  return any;
}

function walkStraight(
  r: number,
  top: number,
  phoenixAs: number,
  suit: number, // the one suit so far, NO_SUIT_YET, or MIXED
  out: Combo[],
): void {
  if (r > top) {
    if (phoenixAs === 0) {
      if (suit !== MIXED) return; // one suit, no Phoenix: a straight flush, listed with the bombs
      out.push({ type: 'straight', cards: stack.slice(), rank: top * 2 });
    } else {
      const cards: Card[] = ['phoenix'];
      for (let i = 0; i < stack.length; i++) cards.push(stack[i] as Card);
      out.push({ type: 'straight', cards, rank: top * 2, phoenixAs: phoenixAs as Rank });
    }
    return;
  }
  const phoenixFree = phoenix && phoenixAs === 0;
  const rest = r < top ? missing(r + 1, top) : 0;
  if (rest <= (phoenixFree ? 1 : 0)) {
    if (r === 1) {
      stack.push('mahjong');
      walkStraight(2, top, phoenixAs, MIXED, out); // the Mah Jong has no suit: never a flush
      stack.pop();
    } else {
      const mask = rankSuits[r] as number;
      for (let s = 0; s < 4; s++) {
        if (((mask >> s) & 1) === 0) continue;
        stack.push(CARD[(r - 2) * 4 + s] as Card);
        walkStraight(r + 1, top, phoenixAs, suit === NO_SUIT_YET ? s : suit === s ? suit : MIXED, out);
        stack.pop();
      }
    }
  }
  if (phoenixFree && r !== 1 && rest === 0) walkStraight(r + 1, top, r, MIXED, out);
}

/** Pair sequences of exactly `pairCount` pairs whose top pair beats `min`; whether there was any. */
function pairSequences(pairCount: number, min: number, out: Combo[]): boolean {
  prepareCounts();
  const ones = phoenix ? 1 : 0;
  let any = false;
  for (let start = 2; start + pairCount - 1 <= 14; start++) {
    const top = start + pairCount - 1;
    if (top * 2 <= min) continue;
    if (missing(start, top) > 0 || singlesIn(start, top) > ones) continue;
    any = true;
    walkPairs(start, top, 0, out);
  }
  return any;
}

function walkPairs(r: number, top: number, phoenixAs: number, out: Combo[]): void {
  if (r > top) {
    if (phoenixAs === 0) out.push({ type: 'pairSequence', cards: stack.slice(), rank: top * 2 });
    else {
      const cards: Card[] = ['phoenix'];
      for (let i = 0; i < stack.length; i++) cards.push(stack[i] as Card);
      out.push({ type: 'pairSequence', cards, rank: top * 2, phoenixAs: phoenixAs as Rank });
    }
    return;
  }
  const phoenixFree = phoenix && phoenixAs === 0;
  const rest = r < top ? singlesIn(r + 1, top) : 0;
  const realPairs = rest <= (phoenixFree ? 1 : 0);
  const withPhoenix = phoenixFree && rest === 0;
  const cs = cardsOf(r);
  for (let i = 0; i < cs.length; i++) {
    if (realPairs) {
      for (let j = i + 1; j < cs.length; j++) {
        stack.push(cs[i] as Card, cs[j] as Card);
        walkPairs(r + 1, top, phoenixAs, out);
        stack.pop();
        stack.pop();
      }
    }
    if (withPhoenix) {
      stack.push(cs[i] as Card);
      walkPairs(r + 1, top, r, out);
      stack.pop();
    }
  }
}

function bombs(top: Combo | null, out: Combo[]): void {
  const topBomb = top !== null && isBomb(top);
  const topIsFlush = top !== null && top.type === 'straightFlush';
  const quads =
    (suitMasks[0] as number) & (suitMasks[1] as number) & (suitMasks[2] as number) & (suitMasks[3] as number);
  if (!topIsFlush && quads !== 0) {
    for (let r = 2; r <= 14; r++) {
      if (rankSuits[r] !== 15) continue;
      if (topBomb && r * 2 <= (top as Combo).rank) continue;
      const base = (r - 2) * 4;
      out.push({
        type: 'fourOfAKind',
        cards: [CARD[base] as Card, CARD[base + 1] as Card, CARD[base + 2] as Card, CARD[base + 3] as Card],
        rank: r * 2,
      });
    }
  }
  for (let suit = 0; suit < 4; suit++) {
    const mask = suitMasks[suit] as number;
    if (!hasRunOfFive(mask)) continue;
    for (let start = 2; start <= 10; start++) {
      for (let end = start; end <= 14 && (mask >> end) & 1; end++) {
        if (end - start < 4) continue;
        const len = end - start + 1;
        if (topIsFlush) {
          const t = top as Combo;
          if (len < t.cards.length || (len === t.cards.length && end * 2 <= t.rank)) continue;
        }
        const cards: Card[] = [];
        for (let r = start; r <= end; r++) cards.push(CARD[(r - 2) * 4 + suit] as Card);
        out.push({ type: 'straightFlush', cards, rank: end * 2 });
      }
    }
  }
}
