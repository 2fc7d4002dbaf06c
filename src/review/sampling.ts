/**
 * Guessing what the reviewed seat could not see, from only what it could: its view and its memory.
 * In the play the hard bot's sampler deals the unseen cards (src/bots/determinize.ts). Before the
 * play it has none, so this file deals them: at the Grand Tichu decision the seat knows its eight
 * cards, at the exchange its fourteen (and its own picks, once made); the other hands, the six cards
 * still to come and the other seats' picks are unknown. Calls made so far narrow the guess as in the
 * play: a seat that called is dealt the cards calls are made on (Dragon, Phoenix, Aces, a bomb).
 */

import { CALL_TRIES, controls, sampledState, sampleHands } from '../bots/determinize.js';
import type { Memory } from '../bots/policy.js';
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
  shuffled,
  sortCards,
} from '../engine/index.js';

/** A full state that agrees with the seat's view and memory, the unseen cards dealt at random. */
export type Sampler = (rng: Rng) => MatchState;

export function samplerFor(view: SeatView, memory: Memory): Sampler {
  if (view.phase === 'play') return (rng) => sampledState(view, memory, sampleHands(view, memory, rng));
  if (view.phase === 'grandTichu') return (rng) => grandTichuSample(view, rng);
  if (view.phase === 'exchange') return (rng) => exchangeSample(view, rng);
  throw new RangeError('no decision to sample in this phase');
}

/** The seats (not the seat itself) that called: they must hold at least two controls. */
function callers(view: SeatView): Seat[] {
  return SEATS.filter((s) => s !== view.seat && view.calls[s] !== 'none');
}

/** Deals `unseen` to `sizes` hands, redrawing a few times while a caller's first `seen` cards are weak. */
function deal(
  unseen: readonly Card[],
  sizes: PerSeat<number>,
  rng: Rng,
  strong: readonly Seat[],
  judged: number,
): PerSeat<Card[]> {
  let hands = dealOnce(unseen, sizes, rng);
  for (let i = 1; i < CALL_TRIES && strong.some((s) => controls(hands[s].slice(0, judged)) < 2); i++)
    hands = dealOnce(unseen, sizes, rng);
  return hands;
}

function dealOnce(unseen: readonly Card[], sizes: PerSeat<number>, rng: Rng): PerSeat<Card[]> {
  const deck = shuffled(unseen, rng);
  let at = 0;
  return perSeat((seat) => {
    const cards = deck.slice(at, at + sizes[seat]);
    at += sizes[seat];
    return cards;
  });
}

/** At the Grand Tichu decision: the seat's eight cards; the others' eight and everyone's six to come. */
function grandTichuSample(view: SeatView, rng: Rng): MatchState {
  const mine = new Set<Card>(view.hand);
  const unseen = DECK.filter((c) => !mine.has(c));
  // Each other seat's eight first, then its six: a caller judged on its eight, as it called.
  const sizes = perSeat((s) => (s === view.seat ? 6 : 14));
  const dealt = deal(unseen, sizes, rng, callers(view), 8);
  const hands = perSeat((s) => (s === view.seat ? [...view.hand] : sortCards(dealt[s].slice(0, 8))));
  const undealt = perSeat((s) => sortCards(s === view.seat ? dealt[s] : dealt[s].slice(8)));
  return stateOf(view, {
    ...emptyHand(view),
    phase: 'grandTichu',
    hands,
    undealt,
    grand: perSeat((s) => (view.grandDecided[s] ? view.calls[s] === 'grandTichu' : null)),
  });
}

/** At the exchange: the seat's fourteen cards (and its picks, if made); the others' fourteen. */
function exchangeSample(view: SeatView, rng: Rng): MatchState {
  const mine = new Set<Card>(view.hand);
  const unseen = DECK.filter((c) => !mine.has(c));
  const sizes = perSeat((s) => (s === view.seat ? 0 : 14));
  const dealt = deal(unseen, sizes, rng, callers(view), 14);
  const hands = perSeat((s) => (s === view.seat ? [...view.hand] : sortCards(dealt[s])));
  return stateOf(view, {
    ...emptyHand(view),
    phase: 'exchange',
    hands,
    grand: perSeat((s) => view.calls[s] === 'grandTichu'),
    // The others' picks are unknown even when made: the playouts make them again.
    exchange: perSeat((s) => (s === view.seat ? view.exchangePicks : null)),
  });
}

function emptyHand(view: SeatView): HandState {
  return {
    number: view.handNumber,
    seed: 'sample',
    phase: 'grandTichu',
    hands: [[], [], [], []],
    undealt: [[], [], [], []],
    grand: [null, null, null, null],
    calls: view.calls,
    exchange: [null, null, null, null],
    received: [null, null, null, null],
    played: [false, false, false, false],
    turn: null,
    trick: null,
    won: [[], [], [], []],
    out: [],
    wish: null,
    pending: null,
    lastTrick: null,
    result: null,
    dogLead: null,
    ending: null,
  };
}

function stateOf(view: SeatView, hand: HandState): MatchState {
  return {
    version: view.version,
    settings: view.settings,
    seed: 'sample',
    scores: view.scores,
    history: [],
    hand,
    status: 'playing',
    winner: null,
    lastEnding: null,
  };
}
