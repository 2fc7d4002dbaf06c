/** A bot that picks uniformly among the legal actions of a seat: for self-play, tests and benchmarks. */
import {
  type Action,
  legalActions,
  legalCombos,
  type MatchState,
  playOf,
  type Rng,
  type Seat,
} from '../engine/index.js';

/** A random legal action for `seat`, or null when it has none. Exchange picks are drawn directly. */
export function randomAction(state: MatchState, seat: Seat, rng: Rng): Action | null {
  const hand = state.hand;
  if (hand.phase === 'exchange' && hand.exchange[seat] === null) {
    const cards = [...hand.hands[seat]];
    const pick = () => cards.splice(rng.nextInt(cards.length), 1)[0] as (typeof cards)[number];
    return { type: 'exchange', next: pick(), partner: pick(), previous: pick() };
  }
  const actions = legalActions(state, seat, { exchanges: false });
  if (actions.length === 0) return null;
  return actions[rng.nextInt(actions.length)] as Action;
}

/** A random bomb `seat` could drop out of turn now, or null. */
export function randomBomb(state: MatchState, seat: Seat, rng: Rng): Action | null {
  if (state.hand.turn === seat) return null;
  const bombs = legalCombos(state, seat);
  if (bombs.length === 0) return null;
  return playOf(bombs[rng.nextInt(bombs.length)] as (typeof bombs)[number]);
}
