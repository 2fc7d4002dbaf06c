/**
 * Hand shape: the split of a hand into the combos it will be played as. Bombs are kept whole; the
 * rest is split by rank counts (suits only matter for bombs) to minimise a cost that counts combos
 * and charges less for combos that win tricks, so "fewest combos, strongest first" falls out.
 */
import { type Card, cardInfo, enumerateBombs } from '../engine/index.js';

/** A combo of the shape, by rank: enough to judge it; the cards are picked when it is played. */
export interface ShapeCombo {
  readonly type: 'single' | 'pair' | 'triple' | 'fullHouse' | 'straight' | 'pairSequence' | 'bomb' | 'dog';
  /** The deciding rank: top of a straight or pair sequence, the triple of a full house (1 Mah Jong, 15 Dragon). */
  readonly rank: number;
  readonly length: number;
  /** A single Phoenix (rank 0 here), or a combo the Phoenix completes. */
  readonly phoenix: boolean;
}

export interface Shape {
  readonly combos: readonly ShapeCombo[];
  /** The split's cost: lower is a hand closer to going out. */
  readonly cost: number;
}

/** Chance that a combo led now holds the trick, from its type and rank alone (tuned by self-play). */
export function staticWin(combo: ShapeCombo): number {
  const above = 14 - combo.rank; // ranks that could beat it
  switch (combo.type) {
    case 'bomb':
      return 1;
    case 'dog':
      return 0.5; // passes the lead to the partner: neither a winner nor a loser
    case 'single':
      if (combo.phoenix) return 0.7;
      if (combo.rank === 15) return 1;
      return 0.72 ** (above + 2);
    case 'pair':
      return 0.8 ** above;
    case 'triple':
    case 'fullHouse':
      return 0.86 ** above;
    case 'straight':
      return Math.min(1, 0.85 ** above * (1 + 0.15 * (combo.length - 5)));
    case 'pairSequence':
      return Math.min(1, 0.85 ** above * (1 + 0.25 * (combo.length / 2 - 2)));
  }
}

/** Each combo costs 10, less 6 for every unit of its chance to win: winners are cheap to hold. */
export function comboCost(combo: ShapeCombo): number {
  return 10 - 6 * staticWin(combo);
}

const MEMO = new Map<number, Shape>();
// About 20,000 hands of shapes fit in a few MB; every thread (each decision worker too) has its own.
const MEMO_LIMIT = 20_000;
const EMPTY: Shape = { combos: [], cost: 0 };

/** Whole hands seen before, by their cards: normal cards as a 52-bit mask, then the four specials. */
const HANDS = new Map<number, Array<Shape | undefined>>();

/** The best split of `cards` into combos. */
export function shapeOf(cards: readonly Card[]): Shape {
  let mask = 0;
  let specials = 0;
  for (const card of cards) {
    const index = cardInfo(card).index;
    if (index < 52) mask += 2 ** index;
    else specials |= 1 << (index - 52);
  }
  let bySpecials = HANDS.get(mask);
  const known = bySpecials?.[specials];
  if (known) return known;
  const shape = computeShape(cards);
  if (HANDS.size >= MEMO_LIMIT) HANDS.clear();
  if (!bySpecials) {
    bySpecials = [];
    HANDS.set(mask, bySpecials);
  }
  bySpecials[specials] = shape;
  return shape;
}

function computeShape(cards: readonly Card[]): Shape {
  const counts = new Array<number>(15).fill(0);
  let phoenix = false;
  const fixed: ShapeCombo[] = [];
  const bombs = enumerateBombs(cards, null);
  const inBomb = new Set<Card>();
  // Keep bombs whole, longest first, never two bombs sharing a card.
  for (const bomb of [...bombs].sort((a, b) => b.cards.length - a.cards.length)) {
    if (bomb.cards.some((c) => inBomb.has(c))) continue;
    for (const c of bomb.cards) inBomb.add(c);
    fixed.push({ type: 'bomb', rank: bomb.rank / 2, length: bomb.cards.length, phoenix: false });
  }
  for (const card of cards) {
    if (inBomb.has(card)) continue;
    if (card === 'phoenix') phoenix = true;
    else if (card === 'dog') fixed.push({ type: 'dog', rank: 0, length: 1, phoenix: false });
    else if (card === 'dragon') fixed.push({ type: 'single', rank: 15, length: 1, phoenix: false });
    else {
      const r = cardInfo(card).rank;
      counts[r] = (counts[r] as number) + 1;
    }
  }
  const rest = split(counts, phoenix);
  let cost = rest.cost;
  for (const combo of fixed) cost += comboCost(combo);
  return { combos: [...fixed, ...rest.combos], cost };
}

function keyOf(counts: readonly number[], phoenix: boolean): number {
  let key = phoenix ? 1 : 0;
  for (let r = 1; r <= 14; r++) key = key * 5 + (counts[r] as number);
  return key;
}

/** The cheapest split of rank counts (index 1 Mah Jong, 2..14), the Phoenix as a wild card or a single. */
function split(counts: number[], phoenix: boolean): Shape {
  let low = 1;
  while (low <= 14 && counts[low] === 0) low++;
  if (low > 14) return phoenix ? { combos: [PHOENIX_SINGLE], cost: comboCost(PHOENIX_SINGLE) } : EMPTY;
  const key = keyOf(counts, phoenix);
  const known = MEMO.get(key);
  if (known) return known;
  // No closures here: this is the normal policy's innermost loop, and each closure made per call
  // costs an allocation (and, under tsx, a name set on it: 8% of a deadline burst's time, profiled).
  const search: Search = { counts, phoenix, best: null };
  // The lowest rank left must belong to some combo, and every rank below it is spent: so it is the
  // single, the pair, the triple, the low end of a straight or pair sequence, or part of a full house.
  const c = counts[low] as number;
  withTaken(search, single(low), false, low, 1);
  if (low >= 2) {
    if (c >= 2) withTaken(search, group('pair', low, 2, false), false, low, 2);
    if (phoenix) withTaken(search, group('pair', low, 2, true), true, low, 1);
    if (c >= 3) withTaken(search, group('triple', low, 3, false), false, low, 3);
    if (phoenix && c >= 2) withTaken(search, group('triple', low, 3, true), true, low, 2);
    fullHouses(search, low);
    pairRuns(search, low);
  }
  straightRuns(search, low);
  const found = search.best as unknown as Shape;
  if (MEMO.size >= MEMO_LIMIT) MEMO.clear();
  MEMO.set(key, found);
  return found;
}

/** One split in progress: the cards left, whether the Phoenix is left, and the cheapest found. */
interface Search {
  readonly counts: number[];
  readonly phoenix: boolean;
  best: Shape | null;
}

/** `combo` taken out of the hand: the cheapest split of the rest, with it, may be the best. */
function consider(search: Search, combo: ShapeCombo, usesPhoenix: boolean): void {
  const rest = split(search.counts, search.phoenix && !usesPhoenix);
  const cost = rest.cost + comboCost(combo);
  if (search.best === null || cost < search.best.cost)
    search.best = { combos: [combo, ...rest.combos], cost };
}

/** Considers `combo` with n cards of a rank (and nb of a second rank) removed meanwhile. */
function withTaken(
  search: Search,
  combo: ShapeCombo,
  usesPhoenix: boolean,
  rank: number,
  n: number,
  rankB = 0,
  nb = 0,
): void {
  const counts = search.counts;
  counts[rank] = (counts[rank] as number) - n;
  if (nb > 0) counts[rankB] = (counts[rankB] as number) - nb;
  consider(search, combo, usesPhoenix);
  if (nb > 0) counts[rankB] = (counts[rankB] as number) + nb;
  counts[rank] = (counts[rank] as number) + n;
}

const PHOENIX_SINGLE: ShapeCombo = { type: 'single', rank: 0, length: 1, phoenix: true };

function single(rank: number): ShapeCombo {
  return { type: 'single', rank, length: 1, phoenix: false };
}

function group(type: ShapeCombo['type'], rank: number, length: number, phoenix: boolean): ShapeCombo {
  return { type, rank, length, phoenix };
}

function fullHouses(search: Search, low: number): void {
  const { counts, phoenix } = search;
  const c = counts[low] as number;
  for (let other = low + 1; other <= 14; other++) {
    const o = counts[other] as number;
    if (o === 0) continue;
    // low as the triple, other as the pair (the Phoenix may fill either)
    if (c >= 3 && o >= 2) withTaken(search, group('fullHouse', low, 5, false), false, low, 3, other, 2);
    if (phoenix && c >= 2 && o >= 2)
      withTaken(search, group('fullHouse', low, 5, true), true, low, 2, other, 2);
    if (phoenix && c >= 3 && o === 1)
      withTaken(search, group('fullHouse', low, 5, true), true, low, 3, other, 1);
    // low as the pair, other as the triple
    if (c >= 2 && o >= 3) withTaken(search, group('fullHouse', other, 5, false), false, low, 2, other, 3);
    if (phoenix && c >= 2 && o === 2)
      withTaken(search, group('fullHouse', other, 5, true), true, low, 2, other, 2);
    if (phoenix && c === 1 && o >= 3)
      withTaken(search, group('fullHouse', other, 5, true), true, low, 1, other, 3);
  }
}

/** Straights starting at `low`, each length from 5 up, the Phoenix filling at most one gap. */
function straightRuns(search: Search, low: number): void {
  const { counts, phoenix } = search;
  let gapAt = 0;
  const used: number[] = [];
  for (let r = low; r <= 14; r++) {
    if ((counts[r] as number) > 0) used.push(r);
    else if (phoenix && gapAt === 0 && r !== low) gapAt = r;
    else break;
    const length = r - low + 1;
    if (length >= 5) {
      for (const u of used) counts[u] = (counts[u] as number) - 1;
      consider(search, group('straight', r, length, gapAt !== 0), gapAt !== 0);
      for (const u of used) counts[u] = (counts[u] as number) + 1;
    }
  }
  // A Phoenix on top (low..r+1) when the run ends before the Ace
  if (phoenix && gapAt === 0 && used.length >= 4 && (used.at(-1) as number) < 14) {
    const top = (used.at(-1) as number) + 1;
    for (const u of used) counts[u] = (counts[u] as number) - 1;
    consider(search, group('straight', top, used.length + 1, true), true);
    for (const u of used) counts[u] = (counts[u] as number) + 1;
  }
}

/** Pair sequences starting at `low`, the Phoenix completing at most one pair. */
function pairRuns(search: Search, low: number): void {
  const { counts, phoenix } = search;
  let phoenixAt = 0;
  const taken: Array<[number, number]> = [];
  for (let r = low; r <= 14; r++) {
    const c = counts[r] as number;
    if (c >= 2) taken.push([r, 2]);
    else if (c === 1 && phoenix && phoenixAt === 0) {
      phoenixAt = r;
      taken.push([r, 1]);
    } else break;
    if (taken.length >= 2) {
      for (const [t, n] of taken) counts[t] = (counts[t] as number) - n;
      consider(search, group('pairSequence', r, taken.length * 2, phoenixAt !== 0), phoenixAt !== 0);
      for (const [t, n] of taken) counts[t] = (counts[t] as number) + n;
    }
  }
}
