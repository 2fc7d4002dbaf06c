/** Scoring a finished hand: card points with the last player's transfers, double victory, calls. */
import { type Card, pointsIn } from './cards.js';
import {
  type Call,
  type HandResult,
  type PerSeat,
  type PerTeam,
  partnerOf,
  SEATS,
  type Seat,
  teamOf,
} from './state.js';

export interface FinishedHand {
  readonly number?: number;
  /** Seats in the order they went out (2 for a double victory, otherwise at least 3). */
  readonly out: readonly Seat[];
  /** The cards each seat took in tricks. */
  readonly won: PerSeat<readonly Card[]>;
  /** The cards left in each seat's hand. */
  readonly hands: PerSeat<readonly Card[]>;
  readonly calls: PerSeat<Call>;
}

const CALL_VALUE: Readonly<Record<Call, number>> = { none: 0, tichu: 100, grandTichu: 200 };

export function scoreHand(hand: FinishedHand): HandResult {
  const [first, second] = hand.out;
  const doubleVictory =
    first !== undefined && second !== undefined && partnerOf(first) === second ? teamOf(first) : null;
  const cardPoints: [number, number] = [0, 0];
  if (doubleVictory !== null) {
    cardPoints[doubleVictory] = 200;
  } else {
    const last = SEATS.find((seat) => !hand.out.includes(seat));
    for (const seat of SEATS) {
      // The last player's tricks go to the first out; their hand to the opposing team.
      const taker = seat === last && first !== undefined ? first : seat;
      cardPoints[teamOf(taker)] += pointsIn(hand.won[seat]);
      if (seat === last) cardPoints[(1 - teamOf(seat)) as 0 | 1] += pointsIn(hand.hands[seat]);
      else cardPoints[teamOf(seat)] += pointsIn(hand.hands[seat]);
    }
  }
  const callPoints: [number, number] = [0, 0];
  for (const seat of SEATS) {
    const value = CALL_VALUE[hand.calls[seat]];
    callPoints[teamOf(seat)] += first === seat ? value : -value;
  }
  const total: PerTeam<number> = [cardPoints[0] + callPoints[0], cardPoints[1] + callPoints[1]];
  return {
    number: hand.number ?? 0,
    out: hand.out,
    doubleVictory,
    calls: hand.calls,
    cardPoints,
    callPoints,
    total,
  };
}
