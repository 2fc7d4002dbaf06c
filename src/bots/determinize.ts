/**
 * Sampling the unseen cards: deals the cards a seat cannot see to the other seats, consistently with
 * what it knows (the cards it passed are still held by their receivers unless played since), and
 * builds a full state from the seat's view to play out. Nothing hidden is read: only view and memory.
 */
import {
  type Card,
  cardRank,
  DECK,
  dealHand,
  type HandState,
  isNormal,
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
import { tichuChance } from './callModel.js';
import type { Memory } from './policy.js';

/** Redraws allowed when a sample leaves a caller without the cards a call is made on. */
export const CALL_TRIES = 12;
/** A caller with this many cards or more still holds most of what it called on. */
const CALLER_FULL_HAND = 10;

/**
 * One guess at every seat's hand: the seat's own cards, the others sampled. What the seat saw
 * narrows the guess: the cards it passed are still with their receivers unless played since; a
 * seat that passed on its turn while a wish was open over a lower single holds no card of the
 * wished rank (it would have had to play it); and a seat that called holds the cards calls are
 * made on (Dragon, Phoenix, Aces, a bomb), so a sample leaving a caller without two of them is
 * drawn again, a few times.
 */
export function sampleHands(view: SeatView, memory: Memory, rng: Rng, weigh = false): PerSeat<Card[]> {
  const barred = wishBarred(view);
  const callers = SEATS.filter(
    (s) => s !== view.seat && view.calls[s] !== 'none' && view.cardsLeft[s] >= CALLER_FULL_HAND,
  );
  const filtered = () => {
    let hands = dealOnce(view, memory, rng, barred);
    for (let i = 1; i < CALL_TRIES && callers.some((s) => controls(hands[s]) < 2); i++) {
      hands = dealOnce(view, memory, rng, barred);
    }
    return hands;
  };
  // A Tichu caller that has not played still holds every card it called on: its whole hand.
  const fresh = weigh ? callers.filter((s) => view.cardsLeft[s] === 14 && view.calls[s] === 'tichu') : [];
  if (fresh.length === 0) return filtered();
  // Several filtered guesses, one kept with chance in proportion to how likely each caller was to
  // call on the hand it was dealt there (normal's call model): sampling-importance-resampling.
  const draws = Array.from({ length: WEIGHED_DRAWS }, () => filtered());
  const weights = draws.map((hands) => fresh.reduce((w: number, s) => w * tichuChance(hands[s]), 1));
  let pick = rng.nextFloat() * weights.reduce((a, b) => a + b, 0);
  for (let i = 0; i < draws.length; i++) {
    pick -= weights[i] as number;
    if (pick <= 0) return draws[i] as PerSeat<Card[]>;
  }
  return draws[draws.length - 1] as PerSeat<Card[]>;
}

/** Filtered guesses drawn for each weighed one (see sampleHands). */
export const WEIGHED_DRAWS = 8;

function dealOnce(
  view: SeatView,
  memory: Memory,
  rng: Rng,
  barred: (seat: Seat, card: Card) => boolean,
): PerSeat<Card[]> {
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
    for (let i = 0; i < need && rest.length > 0; i++) hand.push(takeFor(rest, seat, barred));
  }
  return perSeat((seat) => sortCards(hands[seat] as Card[]));
}

/** The last card of `rest` the seat may hold (any card, if every one left is barred to it). */
function takeFor(rest: Card[], seat: Seat, barred: (seat: Seat, card: Card) => boolean): Card {
  for (let i = rest.length - 1; i >= 0; i--) {
    if (!barred(seat, rest[i] as Card)) return rest.splice(i, 1)[0] as Card;
  }
  return rest.pop() as Card;
}

/** Which seats cannot hold which cards, from passes made while a wish was open over a lower single. */
function wishBarred(view: SeatView): (seat: Seat, card: Card) => boolean {
  const wish = view.wish;
  const plays = view.trick?.plays;
  const top = plays?.[plays.length - 1]?.combo;
  if (wish === null || !top || top.type !== 'single' || top.rank >= wish * 2) return () => false;
  const passed = new Set<Seat>(view.trick?.passed ?? []);
  return (seat, card) => passed.has(seat) && isNormal(card) && cardRank(card) === wish;
}

/** The cards a call is made on, in a hand: Dragon, Phoenix, Aces, and four of a kind. */
export function controls(hand: readonly Card[]): number {
  let n = 0;
  const counts = new Map<number, number>();
  for (const card of hand) {
    if (card === 'dragon' || card === 'phoenix' || cardRank(card) === 14) n++;
    if (isNormal(card)) counts.set(cardRank(card), (counts.get(cardRank(card)) ?? 0) + 1);
  }
  for (const count of counts.values()) if (count === 4) n++;
  return n;
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
  return stateAround(view, hand);
}

/**
 * One guess at a whole deal from a seat's eight cards, before the Grand Tichu decisions: its other
 * six and everyone else's fourteen drawn from the rest (every seat's first eight in hand, six held
 * back). Seats that have decided keep what they said; the rest decide in the playout.
 */
export function sampledDeal(view: SeatView, rng: Rng): MatchState {
  const own = new Set<Card>(view.hand);
  const rest = shuffled(
    DECK.filter((c) => !own.has(c)),
    rng,
  );
  const hands: Card[][] = [];
  const undealt: Card[][] = [];
  for (const seat of SEATS) {
    hands.push(seat === view.seat ? [...view.hand] : rest.splice(0, 8));
    undealt.push(rest.splice(0, 6));
  }
  const hand: HandState = {
    ...dealHand(view.handNumber, 'sample', true),
    hands: perSeat((seat) => sortCards(hands[seat] as Card[])),
    undealt: perSeat((seat) => sortCards(undealt[seat] as Card[])),
    grand: perSeat((seat) => (view.grandDecided[seat] ? view.calls[seat] === 'grandTichu' : null)),
    calls: view.calls,
  };
  return stateAround(view, hand);
}

/** A playing match around a sampled hand, with the view's match-level facts. */
function stateAround(view: SeatView, hand: HandState): MatchState {
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
