/** The shape of a match and of one hand: plain readonly JSON data, a new object per accepted action. */
import type { Card, Rank } from './cards.js';
import type { Combo, ComboShape } from './combo.js';
import type { Settings } from './settings.js';

export const SEATS = [0, 1, 2, 3] as const;
export type Seat = (typeof SEATS)[number];
/** Team 0 (A) is seats 0 and 2, team 1 (B) seats 1 and 3. */
export type Team = 0 | 1;
export type PerSeat<T> = readonly [T, T, T, T];
export type PerTeam<T> = readonly [T, T];

export const CALLS = ['none', 'tichu', 'grandTichu'] as const;
export type Call = (typeof CALLS)[number];

export const HAND_PHASES = ['grandTichu', 'exchange', 'play', 'finished'] as const;
export type HandPhase = (typeof HAND_PHASES)[number];

export interface Play {
  readonly seat: Seat;
  readonly combo: Combo;
  /** Seats that passed between the trick's previous play and this one, in order (absent: none). */
  readonly passedBefore?: readonly Seat[];
}

export interface Trick {
  readonly plays: readonly Play[]; // never empty
  /** Seats that passed since the last play. */
  readonly passed: readonly Seat[];
  /**
   * The wish named after this trick's Mah Jong (null: none named), kept for the trick's life so the
   * table can still tell it once the wish is met; absent when no wish was named in this trick.
   */
  readonly wished?: Rank | null;
}

/** One seat's exchange picks, named by the receiver's position relative to the giver. */
export interface ExchangePicks {
  readonly next: Card; // to seat + 1
  readonly partner: Card; // to seat + 2
  readonly previous: Card; // to seat + 3
}

export interface ReceivedCards {
  readonly fromNext: Card;
  readonly fromPartner: Card;
  readonly fromPrevious: Card;
}

export type Pending =
  | { readonly kind: 'wish'; readonly seat: Seat }
  | { readonly kind: 'dragonGift'; readonly seat: Seat };

export interface CompletedTrick {
  readonly winner: Seat;
  readonly plays: readonly Play[];
  /** Who took the cards: the winner, or the opponent the Dragon was given to. */
  readonly takenBy: Seat;
  readonly points: number;
}

/**
 * A Dog lead: its player and the seat the lead passed to. The Dog makes no trick, so the view keeps
 * it until the trick led after it is taken, so that everyone sees why that seat led.
 */
export interface DogLead {
  readonly from: Seat;
  readonly to: Seat;
}

/**
 * The play that ended a hand (the last player out's last play: the second of a double victory, or
 * the third out). The next deal replaces the hand at once, so the match keeps it to be shown; by
 * its shape only, without its cards, which the next deal puts in new hands.
 */
export interface HandEnding {
  readonly number: number;
  readonly seat: Seat;
  /** Null when it was the Dog, which is no combo (docs/RULES.md "The Dog"). */
  readonly combo: ComboShape | null;
}

export interface HandResult {
  readonly number: number;
  readonly out: readonly Seat[];
  readonly doubleVictory: Team | null;
  readonly calls: PerSeat<Call>;
  readonly cardPoints: PerTeam<number>;
  readonly callPoints: PerTeam<number>;
  readonly total: PerTeam<number>;
}

export interface HandState {
  readonly number: number;
  readonly seed: string;
  readonly phase: HandPhase;
  readonly hands: PerSeat<readonly Card[]>;
  /** The six cards each seat receives after the Grand Tichu decisions: secret until dealt. */
  readonly undealt: PerSeat<readonly Card[]>;
  readonly grand: PerSeat<boolean | null>;
  readonly calls: PerSeat<Call>;
  readonly exchange: PerSeat<ExchangePicks | null>;
  readonly received: PerSeat<ReceivedCards | null>;
  /** Whether the seat has played a card this hand (closes its Tichu window). */
  readonly played: PerSeat<boolean>;
  readonly turn: Seat | null;
  readonly trick: Trick | null;
  readonly won: PerSeat<readonly Card[]>;
  readonly out: readonly Seat[];
  readonly wish: Rank | null;
  readonly pending: Pending | null;
  readonly lastTrick: CompletedTrick | null;
  readonly result: HandResult | null;
  /** The Dog lead before the trick on the table (absent in states stored before it was kept). */
  readonly dogLead?: DogLead | null;
  /** Once the hand is over: the play that ended it. */
  readonly ending?: Play | null;
}

export interface MatchState {
  readonly version: number;
  readonly settings: Settings;
  readonly seed: string;
  readonly scores: PerTeam<number>;
  readonly history: readonly HandResult[];
  readonly hand: HandState;
  readonly status: 'playing' | 'finished';
  readonly winner: Team | null;
  /** How the last finished hand ended (absent in states stored before it was kept). */
  readonly lastEnding?: HandEnding | null;
}

export function teamOf(seat: Seat): Team {
  return (seat % 2) as Team;
}

export function partnerOf(seat: Seat): Seat {
  return ((seat + 2) % 4) as Seat;
}

export function seatAfter(seat: Seat, offset = 1): Seat {
  return ((seat + offset) % 4) as Seat;
}

export function isOpponent(a: Seat, b: Seat): boolean {
  return teamOf(a) !== teamOf(b);
}

export function setSeat<T>(values: PerSeat<T>, seat: Seat, value: T): PerSeat<T> {
  const copy = [...values] as [T, T, T, T];
  copy[seat] = value;
  return copy;
}

export function perSeat<T>(make: (seat: Seat) => T): PerSeat<T> {
  return [make(0), make(1), make(2), make(3)];
}

/**
 * Rebuilds a hand with its fields in one fixed order. States built by spreading pick up many hidden
 * classes in V8, and property reads across them go megamorphic; one shape keeps the engine fast.
 */
export function canonicalHand(h: HandState): HandState {
  return {
    number: h.number,
    seed: h.seed,
    phase: h.phase,
    hands: h.hands,
    undealt: h.undealt,
    grand: h.grand,
    calls: h.calls,
    exchange: h.exchange,
    received: h.received,
    played: h.played,
    turn: h.turn,
    trick: h.trick,
    won: h.won,
    out: h.out,
    wish: h.wish,
    pending: h.pending,
    lastTrick: h.lastTrick,
    result: h.result,
    dogLead: h.dogLead ?? null,
    ending: h.ending ?? null,
  };
}

export function canonicalMatch(m: MatchState): MatchState {
  return {
    version: m.version,
    settings: m.settings,
    seed: m.seed,
    scores: m.scores,
    history: m.history,
    hand: m.hand,
    status: m.status,
    winner: m.winner,
    lastEnding: m.lastEnding ?? null,
  };
}
