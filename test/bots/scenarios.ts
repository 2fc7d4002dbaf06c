/** Helpers for bot scenario tests: a mid-hand state from card notation, and one level's decision on it. */
import { memoryOf } from '../../src/bots/memory.js';
import type { PolicyLevel } from '../../src/bots/policy.js';
import { decideFor, makeBudget } from '../../src/bots/registry.js';
import {
  type Action,
  buildScenario,
  formatCards,
  type MatchState,
  Rng,
  type ScenarioSpec,
  type Seat,
  seedRng,
} from '../../src/engine/index.js';

export function decide(level: PolicyLevel, state: MatchState, seat: Seat): Action | null {
  return decideFor(
    level,
    state,
    seat,
    new Rng(seedRng('scenario')),
    makeBudget(Number.POSITIVE_INFINITY, 40),
  );
}

export function decideIn(level: PolicyLevel, spec: ScenarioSpec, seat: Seat): Action | null {
  return decide(level, buildScenario(spec), seat);
}

/** An action in card notation, for readable expectations: "play 7jd", "pass", "giveDragon 1". */
export function describe(action: Action | null): string {
  if (action === null) return 'nothing';
  switch (action.type) {
    case 'play':
      return `play ${formatCards(action.cards)}`;
    case 'giveDragon':
      return `giveDragon ${action.to}`;
    case 'wish':
      return `wish ${action.rank}`;
    case 'grandTichu':
      return `grandTichu ${action.call}`;
    default:
      return action.type;
  }
}

export { memoryOf };
