/** Drives whole hands and matches with random bots: the engine's workout for property tests and the bench. */
import {
  type Action,
  apply,
  type GameEvent,
  type MatchState,
  Rng,
  type RuleError,
  SEATS,
  type Seat,
} from '../engine/index.js';
import { randomAction, randomBomb } from './randomBot.js';

export interface SelfPlayOptions {
  /** Chance per step that some seat holding a bomb drops it out of turn. */
  readonly bombChance?: number;
  /** Chance that a seat calls Grand Tichu, and that a seat calls Tichu when it may. */
  readonly callChance?: number;
  /** Hard bound on actions, so a bug can never loop forever. */
  readonly maxSteps?: number;
  /** Called after every accepted action. */
  readonly onStep?: (
    seat: Seat,
    action: Action,
    before: MatchState,
    after: MatchState,
    events: readonly GameEvent[],
  ) => void;
}

export class SelfPlayError extends Error {
  constructor(
    message: string,
    readonly state: MatchState,
    readonly error?: RuleError,
  ) {
    super(message);
  }
}

/** The seat that should act next, and what it does. */
export function nextMove(
  state: MatchState,
  rng: Rng,
  options: SelfPlayOptions = {},
): { seat: Seat; action: Action } | null {
  const hand = state.hand;
  const callChance = options.callChance ?? 0.05;
  if (hand.phase === 'grandTichu') {
    const seat = SEATS.find((s) => hand.grand[s] === null);
    return seat === undefined
      ? null
      : { seat, action: { type: 'grandTichu', call: rng.nextFloat() < callChance } };
  }
  if (hand.phase === 'exchange') {
    const seat = SEATS.find((s) => hand.exchange[s] === null);
    if (seat === undefined) return null;
    if (hand.calls[seat] === 'none' && rng.nextFloat() < callChance)
      return { seat, action: { type: 'tichu' } };
    const action = randomAction(state, seat, rng);
    return action ? { seat, action } : null;
  }
  if (hand.phase !== 'play') return null;
  if (hand.pending) {
    const action = randomAction(state, hand.pending.seat, rng);
    return action ? { seat: hand.pending.seat, action } : null;
  }
  if (hand.trick && rng.nextFloat() < (options.bombChance ?? 0.1)) {
    const bomber = SEATS[rng.nextInt(4)] as Seat;
    const bomb = randomBomb(state, bomber, rng);
    if (bomb) return { seat: bomber, action: bomb };
  }
  const seat = hand.turn;
  if (seat === null) return null;
  const action = randomAction(state, seat, rng);
  return action ? { seat, action } : null;
}

/** Plays from `state` until the current hand ends (or the match, with `untilMatchEnd`). */
export function playOut(
  state: MatchState,
  rng: Rng,
  untilMatchEnd: boolean,
  options: SelfPlayOptions = {},
): MatchState {
  const maxSteps = options.maxSteps ?? 100_000;
  const startHand = state.hand.number;
  let current = state;
  for (let step = 0; step < maxSteps; step++) {
    if (current.status === 'finished') return current;
    if (!untilMatchEnd && current.hand.number !== startHand) return current;
    const move = nextMove(current, rng, options);
    if (!move) throw new SelfPlayError('no seat has a legal action', current);
    const result = apply(current, move.seat, move.action);
    if (!result.ok)
      throw new SelfPlayError(`legal action refused: ${result.error.code}`, current, result.error);
    options.onStep?.(move.seat, move.action, current, result.value.state, result.value.events);
    current = result.value.state;
  }
  throw new SelfPlayError(`no end after ${maxSteps} actions`, current);
}

export { Rng };
