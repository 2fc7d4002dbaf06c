/**
 * Sampling the unseen cards: deals the cards a seat cannot see to the other seats, consistently with
 * what it knows (the cards it passed are still held by their receivers unless played since), and
 * builds a full state from the seat's view to play out. Nothing hidden is read: only view and memory.
 */
import {
  type Card,
  DECK,
  type HandState,
  type MatchState,
  type PerSeat,
  perSeat,
  type Rng,
  SEATS,
  type Seat,
  type SeatView,
  seatAfter,
  shuffled,
  sortCards,
} from '../engine/index.js';
import type { Memory } from './policy.js';

/** One guess at every seat's hand: the seat's own cards, the others sampled. */
export function sampleHands(view: SeatView, memory: Memory, rng: Rng): PerSeat<Card[]> {
  const known = new Set<Card>([...view.hand, ...memory.played]);
  const hands: Card[][] = [[], [], [], []];
  hands[view.seat] = [...view.hand];
  const gave = view.exchangePicks;
  if (gave && view.phase === 'play') {
    const passed: Array<[Seat, Card]> = [
      [seatAfter(view.seat, 1), gave.next],
      [seatAfter(view.seat, 2), gave.partner],
      [seatAfter(view.seat, 3), gave.previous],
    ];
    for (const [seat, card] of passed) {
      if (known.has(card) || view.cardsLeft[seat] === 0) continue;
      (hands[seat] as Card[]).push(card);
      known.add(card);
    }
  }
  const rest = shuffled(
    DECK.filter((c) => !known.has(c)),
    rng,
  );
  for (const seat of SEATS) {
    if (seat === view.seat) continue;
    const hand = hands[seat] as Card[];
    const need = view.cardsLeft[seat] - hand.length;
    for (let i = 0; i < need && rest.length > 0; i++) hand.push(rest.pop() as Card);
  }
  return perSeat((seat) => sortCards(hands[seat] as Card[]));
}

/** A playable state that agrees with the view, memory and one sample of the hidden hands. */
export function sampledState(view: SeatView, memory: Memory, hands: PerSeat<Card[]>): MatchState {
  const hand: HandState = {
    number: view.handNumber,
    seed: 'sample',
    phase: 'play',
    hands,
    undealt: [[], [], [], []],
    grand: perSeat((seat) => view.calls[seat] === 'grandTichu'),
    calls: view.calls,
    exchange: [null, null, null, null],
    received: [null, null, null, null],
    // A seat that holds fewer than 14 cards has played (the exchange keeps the count at 14).
    played: perSeat((seat) => view.cardsLeft[seat] < 14),
    turn: view.turn,
    trick: view.trick,
    won: memory.won,
    out: view.out,
    wish: view.wish,
    pending: view.pending,
    lastTrick: view.lastTrick,
    result: null,
  };
  return {
    version: view.version,
    settings: view.settings,
    seed: 'sample',
    scores: view.scores,
    history: [],
    hand,
    status: 'playing',
    winner: null,
  };
}
