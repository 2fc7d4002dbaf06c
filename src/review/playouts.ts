/**
 * Playouts: a line of the reviewed seat's actions, then normal players in all four seats to the end
 * of the hand. Normal players call as normal does (Grand Tichu on its eight cards, Tichu before its
 * first card), except the seat whose Tichu call is the question; nobody bombs out of turn (a bomb on
 * one's own turn is normal's choice), as in the hard bot's search: it keeps them fast.
 */

import { distinctPlays, PASS, type PlayOption } from '../bots/choose.js';
import { memoryOf } from '../bots/memory.js';
import { normalPolicy, playOnTurn } from '../bots/normal.js';
import {
  type Action,
  apply,
  type GameEvent,
  legalActions,
  legalPlays,
  type MatchState,
  playOf,
  Rng,
  SEATS,
  type Seat,
  seatView,
  teamOf,
} from '../engine/index.js';

/** A hand is at most 56 cards played plus passes and decisions: this bound is never reached. */
const MAX_STEPS = 600;

export interface Outcome {
  /** The seat's team's hand score minus the other team's. */
  readonly points: number;
  /** Who went out first (null: nobody, which a finished hand never shows). */
  readonly first: Seat | null;
}

/**
 * Plays `line` for `seat` from `from`, then normal players to the end of the hand; `barred` makes no
 * new call. Null when the line is refused (it was not legal there) or the hand does not end (never,
 * in practice).
 */
export function playOut(
  from: MatchState,
  seat: Seat,
  line: readonly Action[],
  barred: Seat | null = null,
): Outcome | null {
  let state = from;
  for (const action of line) {
    const step = apply(state, seat, action);
    if (!step.ok) return null;
    const ended = endOf(step.value.events, seat);
    if (ended) return ended;
    state = step.value.state;
  }
  for (let i = 0; i < MAX_STEPS; i++) {
    const actor = actorOf(state);
    if (actor === null) return null;
    const action = rolloutMove(state, actor, actor === barred);
    if (!action) return null;
    const step = apply(state, actor, action);
    if (!step.ok) return null;
    const ended = endOf(step.value.events, seat);
    if (ended) return ended;
    state = step.value.state;
  }
  return null;
}

function endOf(events: readonly GameEvent[], seat: Seat): Outcome | null {
  for (const event of events) {
    if (event.type !== 'handEnded') continue;
    const team = teamOf(seat);
    const total = event.result.total;
    return {
      points: (total[team] as number) - (total[team === 0 ? 1 : 0] as number),
      first: event.result.out[0] ?? null,
    };
  }
  return null;
}

/** The seat that owes the next decision: the first undecided seat before the play, then turn or pending. */
export function actorOf(state: MatchState): Seat | null {
  if (state.status !== 'playing') return null;
  const hand = state.hand;
  if (hand.phase === 'grandTichu') return SEATS.find((s) => hand.grand[s] === null) ?? null;
  if (hand.phase === 'exchange') return SEATS.find((s) => hand.exchange[s] === null) ?? null;
  if (hand.phase !== 'play') return null;
  return hand.pending?.seat ?? hand.turn;
}

const NO_BUDGET = { ms: 0, now: () => 0 };
// Normal reads neither the rng nor the budget: fixed ones do.
const UNUSED_RNG = new Rng([1, 2, 3, 4]);
const CAN_PASS: readonly Action[] = [PASS];
const MUST_PLAY: readonly Action[] = [];
const NO_GRAND: Action = { type: 'grandTichu', call: false };

/**
 * Normal's move. Card play once the seat has played (nearly every step) skips what a policy call
 * does for an untrusted caller: the engine's combos are used as they are, and no call is open.
 */
function rolloutMove(state: MatchState, seat: Seat, barred: boolean): Action | null {
  const hand = state.hand;
  if (hand.phase === 'grandTichu' && barred) return NO_GRAND;
  const mayCall = !barred && hand.calls[seat] === 'none' && !hand.played[seat];
  if (hand.phase === 'play' && !hand.pending && hand.turn === seat && !mayCall) {
    const { combos, mayPass } = legalPlays(state, seat);
    const plays = distinctPlays(
      combos.map((combo) => ({ action: playOf(combo) as PlayOption['action'], combo })),
      hand.hands[seat],
    );
    return playOnTurn(seatView(state, seat), mayPass ? CAN_PASS : MUST_PLAY, plays);
  }
  // Normal's own policy: its calls, its exchange (picks are its own: none are listed), its wish and
  // Dragon gift, and a first play (which it may open with a Tichu call).
  const legal =
    hand.phase === 'exchange'
      ? []
      : legalActions(state, seat, { exchanges: false }).filter((a) => mayCall || a.type !== 'tichu');
  return normalPolicy(seatView(state, seat), memoryOf(state, seat), legal, UNUSED_RNG, NO_BUDGET);
}
