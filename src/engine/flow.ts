/** Moving a hand along: whose turn is next, collecting a trick, and ending the hand. */
import { type Card, pointsIn } from './cards.js';
import type { GameEvent } from './events.js';
import { scoreHand } from './scoring.js';
import {
  type CompletedTrick,
  type HandState,
  type Play,
  partnerOf,
  type Seat,
  seatAfter,
  setSeat,
} from './state.js';

export function hasCards(hand: HandState, seat: Seat): boolean {
  return hand.hands[seat].length > 0;
}

/** The first seat after `seat` that still holds cards (possibly `seat` itself), or null. */
export function nextWithCards(hand: HandState, seat: Seat): Seat | null {
  for (let offset = 1; offset <= 4; offset++) {
    const candidate = seatAfter(seat, offset);
    if (hasCards(hand, candidate)) return candidate;
  }
  return null;
}

/** `seat` itself if it still has cards, else the next seat that has. */
export function leaderFrom(hand: HandState, seat: Seat): Seat | null {
  return hasCards(hand, seat) ? seat : nextWithCards(hand, seat);
}

/** The hand is over: two partners out first, or three players out. */
export function handIsOver(hand: HandState): boolean {
  const [first, second] = hand.out;
  if (first !== undefined && second !== undefined && partnerOf(first) === second) return true;
  return hand.out.length >= 3;
}

export function isDoubleVictory(hand: HandState): boolean {
  const [first, second] = hand.out;
  return first !== undefined && second !== undefined && partnerOf(first) === second;
}

/**
 * Gives every card of the current trick to `takenBy`; the trick was won by its last player. A Dog
 * lead before it has now been told long enough: it goes with the trick.
 */
export function collectTrick(hand: HandState, takenBy: Seat, events: GameEvent[]): HandState {
  const trick = hand.trick;
  if (!trick) return hand;
  const cards: Card[] = [];
  for (const play of trick.plays) cards.push(...play.combo.cards);
  const winner = (trick.plays[trick.plays.length - 1] as { seat: Seat }).seat;
  const completed: CompletedTrick = { winner, plays: trick.plays, takenBy, points: pointsIn(cards) };
  events.push({ type: 'trickWon', trick: completed });
  return {
    ...hand,
    trick: null,
    won: setSeat(hand.won, takenBy, [...hand.won[takenBy], ...cards]),
    lastTrick: completed,
    dogLead: null,
  };
}

/** Ends the hand; `last` is the play that ended it, if known (kept so that the table can still show it). */
export function finishHand(hand: HandState, events: GameEvent[], last: Play | null): HandState {
  const result = scoreHand({
    number: hand.number,
    out: hand.out,
    won: hand.won,
    hands: hand.hands,
    calls: hand.calls,
  });
  events.push({ type: 'handEnded', result });
  return { ...hand, phase: 'finished', turn: null, pending: null, result, ending: last };
}

/** After a trick is taken (and any Dragon given): end the hand, or hand the lead on. */
export function continueAfterTrick(hand: HandState, winner: Seat, events: GameEvent[]): HandState {
  // Only a Dragon trick given away by the third player out ends a hand here: its Dragon ended it.
  if (handIsOver(hand)) return finishHand(hand, events, hand.lastTrick?.plays.at(-1) ?? null);
  return { ...hand, turn: leaderFrom(hand, winner), pending: null };
}
