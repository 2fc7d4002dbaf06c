/** A bot that picks uniformly among the legal actions of a seat: for self-play, tests and benchmarks. */
import {
  type Action,
  type Card,
  legalActions,
  legalCombos,
  type MatchState,
  playOf,
  type Rng,
  type Seat,
  type SeatView,
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

/**
 * A bot seat's decision, made from what that seat may see (its view) and the actions open to it,
 * never from the whole state. A random bot makes no calls: no Grand Tichu, no Tichu; it exchanges
 * three cards drawn at random and otherwise picks uniformly among the legal actions.
 */
export function botChoice(view: SeatView, legal: readonly Action[], rng: Rng): Action | null {
  if (view.phase === 'grandTichu') return { type: 'grandTichu', call: false };
  if (view.phase === 'exchange') {
    if (view.exchangePicks !== null || view.hand.length < 3) return null;
    const cards = [...view.hand];
    const pick = () => cards.splice(rng.nextInt(cards.length), 1)[0] as Card;
    return { type: 'exchange', next: pick(), partner: pick(), previous: pick() };
  }
  const actions = legal.filter((a) => a.type !== 'tichu');
  return actions.length === 0 ? null : (actions[rng.nextInt(actions.length)] as Action);
}
