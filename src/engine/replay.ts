/** Replay: the settings, the seed and the accepted actions rebuild the exact state. */
import type { RuleError } from './errors.js';
import { apply, newMatch } from './match.js';
import { err, ok, type Result } from './result.js';
import type { Settings } from './settings.js';
import type { MatchState } from './state.js';

export interface LoggedAction {
  readonly seat: number;
  readonly action: unknown;
}

export type ReplayError = {
  readonly code: 'replay_refused';
  readonly index: number;
  readonly error: RuleError;
};

export function replay(
  settings: Settings,
  seed: string,
  actions: readonly LoggedAction[],
): Result<MatchState, ReplayError> {
  let state = newMatch(settings, seed);
  for (let index = 0; index < actions.length; index++) {
    const entry = actions[index] as LoggedAction;
    const step = apply(state, entry.seat, entry.action);
    if (!step.ok) return err({ code: 'replay_refused', index, error: step.error });
    state = step.value.state;
  }
  return ok(state);
}
