/**
 * The reference for the fast enumeration (src/engine/enumerate.ts): the plain version it replaced,
 * cards grouped by rank into arrays, kept here unchanged but for its imports. Its card facts come from
 * a Map built here from the card's text, not from the engine's look-up, so that the two are checked
 * against each other and not against themselves.
 */
import {
  type Card,
  type Combo,
  DRAGON_RANK,
  isBomb,
  phoenixSingleRank,
  RANK_NAMES,
  type Rank,
  SUITS,
} from '../../../src/engine/index.js';

const FACTS = new Map<string, { rank: number; suitIndex: number }>();
for (const [i, name] of RANK_NAMES.entries())
  for (const [s, suit] of SUITS.entries()) FACTS.set(`${name}${suit}`, { rank: i + 2, suitIndex: s });
FACTS.set('mahjong', { rank: 1, suitIndex: -1 });
FACTS.set('dog', { rank: 0, suitIndex: -1 });
FACTS.set('phoenix', { rank: 0, suitIndex: -1 });
FACTS.set('dragon', { rank: 15, suitIndex: -1 });

function cardInfo(card: Card): { rank: number; suitIndex: number } {
  return FACTS.get(card) as { rank: number; suitIndex: number };
}

interface Grouped {
  readonly byRank: Card[][]; // index 2..14, each in suit order
  /** Per suit index, a bit mask of the normal ranks held (bit r for rank r). */
  readonly suitMasks: number[];
  readonly mahjong: boolean;
  readonly dog: boolean;
  readonly phoenix: boolean;
  readonly dragon: boolean;
}

function group(hand: readonly Card[]): Grouped {
  const byRank: Card[][] = [];
  for (let r = 0; r <= 14; r++) byRank.push([]);
  const suitMasks = [0, 0, 0, 0];
  const lastSuit = new Array<number>(15).fill(-1);
  let unsorted = false;
  let mahjong = false;
  let dog = false;
  let phoenix = false;
  let dragon = false;
  for (const card of hand) {
    const { rank, suitIndex } = cardInfo(card);
    if (suitIndex >= 0) {
      // Hands are kept sorted, so a rank's cards normally arrive in suit order.
      if (suitIndex < (lastSuit[rank] as number)) unsorted = true;
      lastSuit[rank] = suitIndex;
      (byRank[rank] as Card[]).push(card);
      suitMasks[suitIndex] = (suitMasks[suitIndex] as number) | (1 << rank);
    } else if (card === 'mahjong') mahjong = true;
    else if (card === 'dog') dog = true;
    else if (card === 'phoenix') phoenix = true;
    else dragon = true;
  }
  if (unsorted) {
    for (const cs of byRank)
      if (cs.length > 1) cs.sort((a, b) => cardInfo(a).suitIndex - cardInfo(b).suitIndex);
  }
  return { byRank, suitMasks, mahjong, dog, phoenix, dragon };
}

/** All combos of the hand that may be led (top null) or played on `top`, bombs included. */
export function referenceCombos(hand: readonly Card[], top: Combo | null): Combo[] {
  const g = group(hand);
  const out: Combo[] = [];
  if (top === null) {
    singles(g, null, out);
    if (g.dog) out.push({ type: 'dog', cards: ['dog'], rank: 0 });
    pairs(g, 0, out);
    triples(g, 0, out);
    fullHouses(g, 0, out);
    for (let len = 5; len <= 14; len++) straights(g, len, 0, out);
    for (let len = 2; len <= 7; len++) pairSequences(g, len, 0, out);
    bombs(g, null, out);
    return out;
  }
  if (top.type === 'dog') return out;
  if (!isBomb(top)) {
    const n = top.cards.length;
    if (top.type === 'single') singles(g, top, out);
    else if (top.type === 'pair') pairs(g, top.rank, out);
    else if (top.type === 'triple') triples(g, top.rank, out);
    else if (top.type === 'fullHouse') fullHouses(g, top.rank, out);
    else if (top.type === 'straight') straights(g, n, top.rank, out);
    else if (top.type === 'pairSequence') pairSequences(g, n / 2, top.rank, out);
  }
  bombs(g, top, out);
  return out;
}

/** Only the bombs of the hand that beat `top` (all bombs when top is null). */
export function referenceBombs(hand: readonly Card[], top: Combo | null): Combo[] {
  const out: Combo[] = [];
  if (top?.type === 'dog') return out; // the Dog cannot be bombed
  bombs(group(hand), top, out);
  return out;
}

function singles(g: Grouped, top: Combo | null, out: Combo[]): void {
  const min = top ? top.rank : -1;
  if (g.mahjong && 2 > min) out.push({ type: 'single', cards: ['mahjong'], rank: 2 });
  if (g.phoenix && min < DRAGON_RANK * 2)
    out.push({ type: 'single', cards: ['phoenix'], rank: phoenixSingleRank(top) });
  for (let r = 2; r <= 14; r++) {
    if (r * 2 <= min) continue;
    for (const card of g.byRank[r] as Card[]) out.push({ type: 'single', cards: [card], rank: r * 2 });
  }
  if (g.dragon && DRAGON_RANK * 2 > min)
    out.push({ type: 'single', cards: ['dragon'], rank: DRAGON_RANK * 2 });
}

function pairs(g: Grouped, min: number, out: Combo[]): void {
  for (let r = 2; r <= 14; r++) {
    if (r * 2 <= min) continue;
    const cs = g.byRank[r] as Card[];
    for (let i = 0; i < cs.length; i++) {
      for (let j = i + 1; j < cs.length; j++)
        out.push({ type: 'pair', cards: [cs[i] as Card, cs[j] as Card], rank: r * 2 });
      if (g.phoenix)
        out.push({ type: 'pair', cards: ['phoenix', cs[i] as Card], rank: r * 2, phoenixAs: r as Rank });
    }
  }
}

/** The triples of one rank: real ones, then (if allowed) two real cards with the Phoenix. */
function triplesOf(cs: readonly Card[], phoenix: boolean): Card[][] {
  const found: Card[][] = [];
  const n = cs.length;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      for (let k = j + 1; k < n; k++) found.push([cs[i] as Card, cs[j] as Card, cs[k] as Card]);
      if (phoenix) found.push(['phoenix', cs[i] as Card, cs[j] as Card]);
    }
  }
  return found;
}

function triples(g: Grouped, min: number, out: Combo[]): void {
  for (let r = 2; r <= 14; r++) {
    if (r * 2 <= min) continue;
    for (const cards of triplesOf(g.byRank[r] as Card[], g.phoenix)) {
      out.push(
        cards[0] === 'phoenix'
          ? { type: 'triple', cards, rank: r * 2, phoenixAs: r as Rank }
          : { type: 'triple', cards, rank: r * 2 },
      );
    }
  }
}

function fullHouses(g: Grouped, min: number, out: Combo[]): void {
  for (let t = 2; t <= 14; t++) {
    if (t * 2 <= min) continue;
    const trips = triplesOf(g.byRank[t] as Card[], g.phoenix);
    if (trips.length === 0) continue;
    for (let p = 2; p <= 14; p++) {
      if (p === t) continue;
      const cs = g.byRank[p] as Card[];
      if (cs.length === 0) continue;
      for (const trip of trips) {
        const tripHasPhoenix = trip[0] === 'phoenix';
        for (let i = 0; i < cs.length; i++) {
          for (let j = i + 1; j < cs.length; j++) {
            out.push(house(trip, [cs[i] as Card, cs[j] as Card], t, p, tripHasPhoenix ? t : 0));
          }
          if (!tripHasPhoenix && g.phoenix) out.push(house(trip, [cs[i] as Card], t, p, p));
        }
      }
    }
  }
}

/** Builds a full house in sorted order; `phoenixAs` 0 means no Phoenix. */
function house(trip: readonly Card[], pair: readonly Card[], t: number, p: number, phoenixAs: number): Combo {
  const realTrip = trip[0] === 'phoenix' ? trip.slice(1) : trip;
  const body = p < t ? [...pair, ...realTrip] : [...realTrip, ...pair];
  if (phoenixAs === 0) return { type: 'fullHouse', cards: body, rank: t * 2 };
  return { type: 'fullHouse', cards: ['phoenix', ...body], rank: t * 2, phoenixAs: phoenixAs as Rank };
}

const NO_SUIT_YET = -2;
const MIXED = -1;

/** Straights of exactly `len` cards whose top card beats `min` (half-ranks); no straight flushes. */
function straights(g: Grouped, len: number, min: number, out: Combo[]): void {
  const stack: Card[] = [];
  const lowest = g.mahjong ? 1 : 2;
  for (let start = lowest; start + len - 1 <= 14; start++) {
    const top = start + len - 1;
    if (top * 2 <= min) continue;
    walkStraight(g, start, top, 0, NO_SUIT_YET, stack, out);
  }
}

function walkStraight(
  g: Grouped,
  r: number,
  top: number,
  phoenixAs: number,
  suit: number, // the one suit so far, NO_SUIT_YET, or MIXED
  stack: Card[],
  out: Combo[],
): void {
  if (r > top) {
    if (phoenixAs === 0) {
      if (suit !== MIXED) return; // one suit, no Phoenix: a straight flush, listed with the bombs
      out.push({ type: 'straight', cards: stack.slice(), rank: top * 2 });
    } else {
      out.push({
        type: 'straight',
        cards: ['phoenix', ...stack],
        rank: top * 2,
        phoenixAs: phoenixAs as Rank,
      });
    }
    return;
  }
  const options = r === 1 ? (['mahjong'] as Card[]) : (g.byRank[r] as Card[]);
  for (const card of options) {
    const s = cardInfo(card).suitIndex; // -1 for the Mah Jong: never a flush
    stack.push(card);
    walkStraight(g, r + 1, top, phoenixAs, suit === NO_SUIT_YET ? s : suit === s ? suit : MIXED, stack, out);
    stack.pop();
  }
  if (g.phoenix && phoenixAs === 0 && r !== 1) walkStraight(g, r + 1, top, r, MIXED, stack, out);
}

/** Pair sequences of exactly `pairCount` pairs whose top pair beats `min`. */
function pairSequences(g: Grouped, pairCount: number, min: number, out: Combo[]): void {
  const stack: Card[] = [];
  for (let start = 2; start + pairCount - 1 <= 14; start++) {
    const top = start + pairCount - 1;
    if (top * 2 <= min) continue;
    walkPairs(g, start, top, 0, stack, out);
  }
}

function walkPairs(g: Grouped, r: number, top: number, phoenixAs: number, stack: Card[], out: Combo[]): void {
  if (r > top) {
    if (phoenixAs === 0) out.push({ type: 'pairSequence', cards: stack.slice(), rank: top * 2 });
    else
      out.push({
        type: 'pairSequence',
        cards: ['phoenix', ...stack],
        rank: top * 2,
        phoenixAs: phoenixAs as Rank,
      });
    return;
  }
  const cs = g.byRank[r] as Card[];
  for (let i = 0; i < cs.length; i++) {
    for (let j = i + 1; j < cs.length; j++) {
      stack.push(cs[i] as Card, cs[j] as Card);
      walkPairs(g, r + 1, top, phoenixAs, stack, out);
      stack.length -= 2;
    }
    if (g.phoenix && phoenixAs === 0) {
      stack.push(cs[i] as Card);
      walkPairs(g, r + 1, top, r, stack, out);
      stack.length -= 1;
    }
  }
}

function bombs(g: Grouped, top: Combo | null, out: Combo[]): void {
  const topBomb = top !== null && isBomb(top);
  const topIsFlush = top !== null && top.type === 'straightFlush';
  if (!topIsFlush) {
    for (let r = 2; r <= 14; r++) {
      const cs = g.byRank[r] as Card[];
      if (cs.length !== 4) continue;
      if (topBomb && r * 2 <= (top as Combo).rank) continue;
      out.push({ type: 'fourOfAKind', cards: cs.slice(), rank: r * 2 });
    }
  }
  for (let suit = 0; suit < 4; suit++) {
    const mask = g.suitMasks[suit] as number;
    if (mask === 0) continue;
    for (let start = 2; start <= 10; start++) {
      for (let end = start; end <= 14 && (mask >> end) & 1; end++) {
        if (end - start < 4) continue;
        const len = end - start + 1;
        if (topIsFlush) {
          const t = top as Combo;
          if (len < t.cards.length || (len === t.cards.length && end * 2 <= t.rank)) continue;
        }
        const cards: Card[] = [];
        for (let r = start; r <= end; r++) {
          cards.push((g.byRank[r] as Card[]).find((c) => cardInfo(c).suitIndex === suit) as Card);
        }
        out.push({ type: 'straightFlush', cards, rank: end * 2 });
      }
    }
  }
}
