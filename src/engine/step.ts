/** The result type of one hand-level step: the next hand state and what happened, or a refusal. */
import type { RuleError } from './errors.js';
import type { GameEvent } from './events.js';
import type { Result } from './result.js';
import type { HandState } from './state.js';

export interface HandStep {
  readonly hand: HandState;
  readonly events: readonly GameEvent[];
}

export type HandStepResult = Result<HandStep, RuleError>;
