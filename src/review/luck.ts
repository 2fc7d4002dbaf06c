/**
 * Luck of the deal: the call model's chance that the seat's fourteen dealt cards go out first,
 * beside the same chance averaged over random hands. The average is a constant: `averageOutFirst`
 * with LUCK_HANDS hands shuffled from the seed LUCK_SEED gives it (a test checks that it still does).
 */

import { tichuChance } from '../bots/callModel.js';
import { type Card, DECK, Rng, seedRng, shuffled } from '../engine/index.js';

export const LUCK_HANDS = 20_000;
export const LUCK_SEED = 'review/luck';
/** averageOutFirst(LUCK_HANDS, LUCK_SEED), to three decimals. */
export const LUCK_AVERAGE = 0.227;

/** The call model's mean chance of going out first over `hands` random fourteen-card hands. */
export function averageOutFirst(hands: number, seed: string): number {
  const rng = new Rng(seedRng(seed));
  let sum = 0;
  for (let i = 0; i < hands; i++) sum += tichuChance(shuffled(DECK, rng).slice(0, 14) as Card[]);
  return sum / hands;
}

/** The luck of a deal: its chance to go out first, and the average chance. */
export function luckOf(dealt: readonly Card[]): { outFirst: number; average: number } {
  return { outFirst: Math.round(tichuChance(dealt) * 1000) / 1000, average: LUCK_AVERAGE };
}
