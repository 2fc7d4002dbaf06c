/** A seat's memory of the hand, read off the state: only what that seat saw, nothing hidden. */
import type { Card, MatchState, Seat } from '../engine/index.js';
import type { Memory } from './policy.js';

/**
 * The cards played this hand are public: every trick was played face up, so the union of the won
 * piles (the Dog included, set aside with its player's) and the trick on the table is what any seat
 * at the table has seen, and so is who took each trick (the won piles).
 */
export function memoryOf(state: MatchState, _seat: Seat): Memory {
  const hand = state.hand;
  const played: Card[] = [];
  for (const pile of hand.won) for (const card of pile) played.push(card);
  for (const play of hand.trick?.plays ?? []) for (const card of play.combo.cards) played.push(card);
  return { played, won: hand.won };
}
