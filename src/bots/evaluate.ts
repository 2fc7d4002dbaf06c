/**
 * Hand strength for the calls: how likely a hand is to go out first. The thresholds are tuned by
 * self-play (see NORMAL_PARAMS for the numbers and the arena run that chose them).
 */
import { type Card, cardRank, enumerateBombs } from '../engine/index.js';
import { type Shape, shapeOf, staticWin } from './handShape.js';

/**
 * Leads a hand can win against leads it must give up: each combo is led once, and each lead that
 * holds the trick buys the next one; the last combo needs no winner after it.
 */
export function goOutScore(shape: Shape): number {
  let wins = 0;
  for (const combo of shape.combos) wins += staticWin(combo);
  return wins - (shape.combos.length - 1);
}

export function tichuScore(cards: readonly Card[]): number {
  return goOutScore(shapeOf(cards));
}

/** Grand Tichu is judged on eight cards: the cards that win on their own, and bombs already held. */
export function grandTichuScore(cards: readonly Card[]): number {
  let score = 0;
  for (const card of cards) {
    if (card === 'dragon') score += 1;
    else if (card === 'phoenix') score += 0.85;
    else if (cardRank(card) === 14) score += 0.6;
    else if (cardRank(card) === 13) score += 0.2;
  }
  score += enumerateBombs(cards, null).length;
  return score;
}
