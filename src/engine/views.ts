/**
 * What may be shown: `publicView` to everyone at the table, `seatView` to one seat only. Other seats'
 * cards, the undealt six and unrevealed exchange picks never appear in a view not their own.
 */
import type { Card, Rank } from './cards.js';
import type { Settings } from './settings.js';
import type {
  Call,
  CompletedTrick,
  DogLead,
  ExchangePicks,
  HandEnding,
  HandPhase,
  HandResult,
  MatchState,
  Pending,
  PerSeat,
  PerTeam,
  ReceivedCards,
  Seat,
  Team,
  Trick,
} from './state.js';

export interface PublicView {
  readonly version: number;
  readonly settings: Settings;
  readonly status: 'playing' | 'finished';
  readonly winner: Team | null;
  readonly scores: PerTeam<number>;
  readonly history: readonly HandResult[];
  readonly handNumber: number;
  readonly phase: HandPhase;
  readonly cardsLeft: PerSeat<number>;
  readonly grandDecided: PerSeat<boolean>;
  readonly calls: PerSeat<Call>;
  readonly exchangeChosen: PerSeat<boolean>;
  readonly turn: Seat | null;
  readonly trick: Trick | null;
  readonly lastTrick: CompletedTrick | null;
  /** The Dog lead before the trick on the table, until that trick is taken. */
  readonly dogLead: DogLead | null;
  /** The play that ended the last finished hand (shown after the next deal replaced that hand). */
  readonly lastEnding: HandEnding | null;
  readonly out: readonly Seat[];
  readonly wish: Rank | null;
  readonly pending: Pending | null;
  readonly cardsTaken: PerSeat<number>;
  readonly result: HandResult | null;
}

export interface SeatView extends PublicView {
  readonly seat: Seat;
  readonly hand: readonly Card[];
  readonly exchangePicks: ExchangePicks | null;
  readonly received: ReceivedCards | null;
}

export function publicView(state: MatchState): PublicView {
  const hand = state.hand;
  return {
    version: state.version,
    settings: state.settings,
    status: state.status,
    winner: state.winner,
    scores: state.scores,
    history: state.history,
    handNumber: hand.number,
    phase: hand.phase,
    cardsLeft: [hand.hands[0].length, hand.hands[1].length, hand.hands[2].length, hand.hands[3].length],
    grandDecided: [
      hand.grand[0] !== null,
      hand.grand[1] !== null,
      hand.grand[2] !== null,
      hand.grand[3] !== null,
    ],
    calls: hand.calls,
    exchangeChosen: [
      hand.exchange[0] !== null,
      hand.exchange[1] !== null,
      hand.exchange[2] !== null,
      hand.exchange[3] !== null,
    ],
    turn: hand.turn,
    trick: hand.trick,
    lastTrick: hand.lastTrick,
    dogLead: hand.dogLead ?? null,
    lastEnding: state.lastEnding ?? null,
    out: hand.out,
    wish: hand.wish,
    pending: hand.pending,
    cardsTaken: [hand.won[0].length, hand.won[1].length, hand.won[2].length, hand.won[3].length],
    result: hand.result,
  };
}

export function seatView(state: MatchState, seat: Seat): SeatView {
  const hand = state.hand;
  // Added to the fresh public view rather than spread into a copy: bots build a view per decision.
  return Object.assign(publicView(state), {
    seat,
    hand: hand.hands[seat],
    exchangePicks: hand.exchange[seat],
    received: hand.received[seat],
  });
}
