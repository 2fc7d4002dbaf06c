/**
 * The chance that a hand goes out first, from a few features of it: the model behind the normal
 * level's calls. The weights are a logistic fit on normal self-play with calls switched off
 * (`npm run tune:calls`, output quoted beside them); a call is made above NORMAL_PARAMS' cut.
 */
import { type Card, cardRank, enumerateBombs } from '../engine/index.js';
import { shapeOf, staticWin } from './handShape.js';

/** Fourteen cards: combos in the shape, their summed chance to hold, specials, Aces, bombs, low singles. */
export function tichuFeatures(cards: readonly Card[]): number[] {
  const shape = shapeOf(cards);
  let wins = 0;
  let lowSingles = 0;
  for (const combo of shape.combos) {
    wins += staticWin(combo);
    if (combo.type === 'single' && !combo.phoenix && combo.rank <= 10) lowSingles++;
  }
  return [
    shape.combos.length,
    wins,
    cards.includes('dragon') ? 1 : 0,
    cards.includes('phoenix') ? 1 : 0,
    cards.filter((c) => cardRank(c) === 14).length,
    enumerateBombs(cards, null).length > 0 ? 1 : 0,
    lowSingles,
  ];
}

/** Eight cards: the specials, Aces, Kings, a bomb already held, and pairs. */
export function grandFeatures(cards: readonly Card[]): number[] {
  const counts = new Map<number, number>();
  for (const c of cards)
    if (c !== 'dog' && c !== 'phoenix') counts.set(cardRank(c), (counts.get(cardRank(c)) ?? 0) + 1);
  let pairs = 0;
  for (const [rank, n] of counts) if (n >= 2 && rank >= 2 && rank <= 14) pairs++;
  return [
    cards.includes('dragon') ? 1 : 0,
    cards.includes('phoenix') ? 1 : 0,
    counts.get(14) ?? 0,
    counts.get(13) ?? 0,
    enumerateBombs(cards, null).length > 0 ? 1 : 0,
    pairs,
    cards.includes('dog') ? 1 : 0,
  ];
}

function chance(weights: readonly number[], features: readonly number[]): number {
  let z = weights[0] as number;
  for (let i = 1; i < weights.length; i++) z += (weights[i] as number) * (features[i - 1] as number);
  return 1 / (1 + Math.exp(-z));
}

// Filled from `npm run tune:calls` (see docs/bots.md for the run).
export const TICHU_WEIGHTS: readonly number[] = [-0.926, -0.108, -0.131, 1.368, 0.549, 0.355, 1.015, -0.106];
export const GRAND_WEIGHTS: readonly number[] = [-1.45, 0.899, 0.648, 0.1, 0.052, -0.103, 0.047, -0.322];

export function tichuChance(cards: readonly Card[]): number {
  return chance(TICHU_WEIGHTS, tichuFeatures(cards));
}

export function grandTichuChance(cards: readonly Card[]): number {
  return chance(GRAND_WEIGHTS, grandFeatures(cards));
}
