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

/** Whether `seat` owes a decision now (its turn, a pending choice, or an undecided simultaneous phase). */
export function owesAction(state: MatchState, seat: Seat): boolean {
  if (state.status === 'finished') return false;
  const hand = state.hand;
  if (hand.phase === 'grandTichu') return hand.grand[seat] === null;
  if (hand.phase === 'exchange') return hand.exchange[seat] === null;
  if (hand.phase !== 'play') return false;
  return hand.pending ? hand.pending.seat === seat : hand.turn === seat;
}

/** The next decision owed by one of `botSeats`, chosen at random; a random bot makes no calls. */
export function botMove(
  state: MatchState,
  botSeats: readonly Seat[],
  rng: Rng,
): { seat: Seat; action: Action } | null {
  const seat = botSeats.find((s) => owesAction(state, s));
  if (seat === undefined) return null;
  if (state.hand.phase === 'grandTichu') return { seat, action: { type: 'grandTichu', call: false } };
  if (state.hand.phase === 'exchange') {
    const action = randomAction(state, seat, rng);
    return action ? { seat, action } : null;
  }
  const actions = legalActions(state, seat, { exchanges: false }).filter((a) => a.type !== 'tichu');
  return actions.length === 0 ? null : { seat, action: actions[rng.nextInt(actions.length)] as Action };
}
