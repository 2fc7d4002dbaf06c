/** The levels the arena can seat, and one decision by any of them, timed. */
import { memoryOf } from '../bots/memory.js';
import { ARCHIVED_LEVELS, BOT_LEVELS, type Budget, type PolicyLevel } from '../bots/policy.js';
import { randomPolicy } from '../bots/randomPolicy.js';
import { decideFor } from '../bots/registry.js';
import {
  type Action,
  legalActions,
  type MatchState,
  owesAction,
  type Rng,
  type Seat,
  seatView,
} from '../engine/index.js';

export const ARENA_LEVELS = [...BOT_LEVELS, ...ARCHIVED_LEVELS, 'random'] as const;
export type ArenaLevel = (typeof ARENA_LEVELS)[number];

export function isArenaLevel(value: unknown): value is ArenaLevel {
  return typeof value === 'string' && (ARENA_LEVELS as readonly string[]).includes(value);
}

/**
 * What `seat` does now at `level`. The product's levels go through `decideFor`, the one entry point
 * the app uses, so the arena measures exactly what players meet; `random` is an arena-only floor
 * and is kept out of the registry, so it is wrapped here the same way `decideFor` wraps a policy.
 */
export function decideAt(
  level: ArenaLevel,
  state: MatchState,
  seat: Seat,
  rng: Rng,
  budget: Budget,
): Action | null {
  if (level !== 'random') return decideFor(level as PolicyLevel, state, seat, rng, budget);
  const legal = legalActions(state, seat, { exchanges: false });
  if (legal.length === 0 && !(state.hand.phase === 'exchange' && owesAction(state, seat))) return null;
  return randomPolicy(seatView(state, seat), memoryOf(state, seat), legal, rng, budget);
}
