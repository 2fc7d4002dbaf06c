/** Reading the engine's combos in the shape's terms: what a play is worth, and what it leaves behind. */
import { type Card, type Combo, isBomb, pointsIn, type SeatView } from '../engine/index.js';
import { type ShapeCombo, shapeOf, staticWin } from './handShape.js';

export function toShape(combo: Combo): ShapeCombo {
  const phoenix = combo.cards.includes('phoenix');
  const length = combo.cards.length;
  if (combo.type === 'dog') return { type: 'dog', rank: 0, length, phoenix: false };
  if (isBomb(combo)) return { type: 'bomb', rank: combo.rank / 2, length, phoenix: false };
  if (combo.type === 'single' && phoenix) return { type: 'single', rank: 0, length, phoenix };
  const type = combo.type === 'fourOfAKind' || combo.type === 'straightFlush' ? 'bomb' : combo.type;
  return { type, rank: Math.floor(combo.rank / 2), length, phoenix };
}

export function winChance(combo: Combo): number {
  return staticWin(toShape(combo));
}

export function without(hand: readonly Card[], cards: readonly Card[]): Card[] {
  return hand.filter((c) => !cards.includes(c));
}

/** The shape cost of what the hand keeps after playing `cards` (0 when it goes out). */
export function costAfter(hand: readonly Card[], cards: readonly Card[]): number {
  const rest = without(hand, cards);
  return rest.length === 0 ? 0 : shapeOf(rest).cost;
}

/** Card points lying in the trick now. */
export function trickPoints(view: SeatView): number {
  let points = 0;
  for (const play of view.trick?.plays ?? []) points += pointsIn(play.combo.cards);
  return points;
}
