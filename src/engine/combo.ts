/** Combos: reading a set of cards as a combination (with every Phoenix reading) and comparing them. */
import { type Card, cardInfo, cardRank, DRAGON_RANK, MAHJONG_RANK, type Rank, sortCards } from './cards.js';
import { err, ok, type Result } from './result.js';

export const COMBO_TYPES = [
  'single',
  'pair',
  'triple',
  'fullHouse',
  'straight',
  'pairSequence',
  'fourOfAKind',
  'straightFlush',
  'dog',
] as const;
export type ComboType = (typeof COMBO_TYPES)[number];

/**
 * A combination as played. `rank` is in half-ranks (value × 2) of the card that decides it: the top
 * card of a straight or pair sequence, the triple of a full house. A Phoenix single is worth the
 * single it was played on + 1 (half a rank), or 3 (1.5) when led.
 */
export interface Combo {
  readonly type: ComboType;
  readonly cards: readonly Card[];
  readonly rank: number;
  /** The rank the Phoenix stands for inside a multi-card combo. */
  readonly phoenixAs?: Rank;
}

/**
 * A combo without its cards: all that words about it need ("pair 7", "straight 1-5", "Dragon"). What
 * a view keeps past the next deal is kept this way, since the cards are in the new hands by then.
 */
export interface ComboShape {
  readonly type: ComboType;
  readonly rank: number;
  readonly phoenixAs?: Rank;
  /**
   * The ranks its cards stand for, lowest first: the Mah Jong 1, the Dragon 15, the Phoenix the rank
   * it takes (0 alone, as the Dog). A special single is told by its rank, not by the card's name.
   */
  readonly ranks: readonly number[];
}

export function comboShape(combo: Combo): ComboShape {
  const ranks = combo.cards
    .map((card) => (card === 'phoenix' ? (combo.phoenixAs ?? 0) : cardRank(card)))
    .sort((a, b) => a - b);
  return {
    type: combo.type,
    rank: combo.rank,
    ranks,
    ...(combo.phoenixAs === undefined ? {} : { phoenixAs: combo.phoenixAs }),
  };
}

export function isBomb(combo: Combo): boolean {
  return combo.type === 'fourOfAKind' || combo.type === 'straightFlush';
}

export type ComboError =
  | { readonly code: 'not_a_combo'; readonly cards: readonly Card[] }
  | { readonly code: 'bad_phoenix_reading'; readonly cards: readonly Card[]; readonly phoenixAs: number };

const HALF = 2;
export const PHOENIX_LEAD_RANK = 3; // 1.5
const DRAGON_HALF = DRAGON_RANK * HALF;

/** The Phoenix single's value on top of `top` (or led), in half-ranks. */
export function phoenixSingleRank(top: Combo | null): number {
  return top && top.type === 'single' ? top.rank + 1 : PHOENIX_LEAD_RANK;
}

/** Cards per rank (0..14) of the cards `readCombos` is reading: scratch, as reading is never re-entered. */
const readCounts: number[] = new Array<number>(15).fill(0);

/**
 * Every way the cards can be read as a combo: several only when a Phoenix allows it. A Phoenix
 * single takes its value from `top` (the combo it is played on, null when led).
 */
export function readCombos(cards: readonly Card[], top: Combo | null = null): Combo[] {
  const n = cards.length;
  if (n === 0) return [];
  if (n === 1) return [readSingle(cards[0] as Card, top)];
  const counts = readCounts;
  counts.fill(0);
  let phoenix = false;
  let suit = -2; // the one suit so far; -1 once mixed (the Mah Jong has none)
  for (const card of cards) {
    if (card === 'phoenix') {
      phoenix = true;
      continue;
    }
    if (card === 'dog' || card === 'dragon') return [];
    const { rank, suitIndex } = cardInfo(card);
    counts[rank] = (counts[rank] as number) + 1;
    suit = suit === -2 || suit === suitIndex ? suitIndex : -1;
  }
  if (!phoenix) {
    const shape = shapeOf(counts, n);
    if (!shape) return [];
    const type = shape.type === 'straight' && suit >= 0 ? 'straightFlush' : shape.type;
    return [{ type, cards: sortCards(cards), rank: shape.rank }];
  }
  const readings: Combo[] = [];
  let sorted: Card[] | null = null;
  for (let r = 2; r <= 14; r++) {
    counts[r] = (counts[r] as number) + 1;
    const shape = shapeOf(counts, n);
    counts[r] = (counts[r] as number) - 1;
    if (!shape || shape.type === 'fourOfAKind') continue; // the Phoenix never makes a bomb
    sorted ??= sortCards(cards);
    readings.push({ type: shape.type, cards: sorted, rank: shape.rank, phoenixAs: r as Rank });
  }
  return readings;
}

/** The reading asked for (`phoenixAs`), or by default the highest. */
export function readCombo(
  cards: readonly Card[],
  phoenixAs?: number,
  top: Combo | null = null,
): Result<Combo, ComboError> {
  const readings = readCombos(cards, top);
  if (readings.length === 0) return err({ code: 'not_a_combo', cards });
  if (phoenixAs === undefined) return ok(highest(readings));
  const chosen = readings.find((combo) => combo.phoenixAs === phoenixAs);
  return chosen ? ok(chosen) : err({ code: 'bad_phoenix_reading', cards, phoenixAs });
}

function highest(readings: readonly Combo[]): Combo {
  let best = readings[0] as Combo;
  for (const combo of readings) if (combo.rank > best.rank) best = combo;
  return best;
}

function readSingle(card: Card, top: Combo | null): Combo {
  if (card === 'dog') return { type: 'dog', cards: [card], rank: 0 };
  if (card === 'phoenix') return { type: 'single', cards: [card], rank: phoenixSingleRank(top) };
  return { type: 'single', cards: [card], rank: cardRank(card) * HALF };
}

type Shape = { type: ComboType; rank: number };

function shapeOf(counts: readonly number[], n: number): Shape | null {
  let low = 0;
  let high = 0;
  let distinct = 0;
  let triple = 0;
  let pairs = 0;
  for (let r = MAHJONG_RANK; r <= 14; r++) {
    const c = counts[r] as number;
    if (c === 0) continue;
    if (low === 0) low = r;
    high = r;
    distinct++;
    if (c === 3) triple = r;
    if (c === 2) pairs++;
  }
  const run = high - low + 1 === distinct;
  const hasOne = (counts[MAHJONG_RANK] as number) > 0;
  if (distinct === 1 && !hasOne) {
    if (n === 2) return { type: 'pair', rank: high * HALF };
    if (n === 3) return { type: 'triple', rank: high * HALF };
    if (n === 4) return { type: 'fourOfAKind', rank: high * HALF };
    return null;
  }
  if (n === 5 && distinct === 2 && triple !== 0 && pairs === 1 && !hasOne) {
    return { type: 'fullHouse', rank: triple * HALF };
  }
  if (n >= 5 && distinct === n && run) return { type: 'straight', rank: high * HALF };
  if (n >= 4 && pairs * 2 === n && run && !hasOne) return { type: 'pairSequence', rank: high * HALF };
  return null;
}

/** Whether `next` may be played on `top`: a bomb on any non-bomb, else same type, length, higher. */
export function beats(next: Combo, top: Combo): boolean {
  if (top.type === 'dog' || next.type === 'dog') return false;
  if (isBomb(next)) {
    if (!isBomb(top)) return true;
    return compareBombs(next, top) > 0;
  }
  if (isBomb(top)) return false;
  if (next.type !== top.type || next.cards.length !== top.cards.length) return false;
  if (next.type === 'single') {
    if (top.rank >= DRAGON_HALF) return false;
    if (next.cards[0] === 'phoenix') return true;
  }
  return next.rank > top.rank;
}

/** Four of a kind < any straight flush; straight flushes by length, then top card. */
export function compareBombs(a: Combo, b: Combo): number {
  const classA = a.type === 'straightFlush' ? 1 : 0;
  const classB = b.type === 'straightFlush' ? 1 : 0;
  if (classA !== classB) return classA - classB;
  if (a.cards.length !== b.cards.length) return a.cards.length - b.cards.length;
  return a.rank - b.rank;
}
