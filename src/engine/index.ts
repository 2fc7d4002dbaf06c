/** The rules engine's public surface: pure functions over plain data. */
export * from './actions.js';
export * from './cards.js';
export * from './combo.js';
export { enumerateBombs, enumerateCombos } from './enumerate.js';
export type * from './errors.js';
export type * from './events.js';
export { canBomb, legalActions, legalCombos, legalPlays, playOf } from './legal.js';
export { apply, matchWinner, newMatch, type Step } from './match.js';
export { topOf } from './play.js';
export * from './replay.js';
export * from './result.js';
export * from './rng.js';
export * from './scenario.js';
export { type FinishedHand, scoreHand } from './scoring.js';
export * from './settings.js';
export * from './state.js';
export * from './views.js';
export { wishObligation } from './wish.js';
