/**
 * A new hand: shuffle with the hand's seed, eight cards each now and six held back until the
 * Grand Tichu decisions; without Grand Tichu all fourteen at once, straight to the exchange. The
 * same seed deals the same cards to the same seats either way (a duplicate board).
 */
import { type Card, DECK, sortCards } from './cards.js';
import { Rng, seedRng, shuffled } from './rng.js';
import { type HandState, perSeat } from './state.js';

export function dealHand(number: number, seed: string, grandTichu = true): HandState {
  const deck = shuffled(DECK, new Rng(seedRng(seed)));
  const slice = (from: number, count: number): Card[] => sortCards(deck.slice(from, from + count));
  return {
    number,
    seed,
    phase: grandTichu ? 'grandTichu' : 'exchange',
    hands: perSeat((seat) => slice(seat * 14, grandTichu ? 8 : 14)),
    undealt: perSeat((seat) => (grandTichu ? slice(seat * 14 + 8, 6) : [])),
    grand: grandTichu ? [null, null, null, null] : [false, false, false, false],
    calls: ['none', 'none', 'none', 'none'],
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
