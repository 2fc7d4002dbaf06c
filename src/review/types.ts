/**
 * A hand review's request and result (docs/review.md). Plain JSON data: a request crosses a worker
 * thread's boundary, a result is stored as JSON.
 */
import type { Action, Card, Combo, LoggedAction, Seat, Settings } from '../engine/index.js';

export interface ReviewRequest {
  /** The match's settings. */
  readonly settings: Settings;
  /** The match seed. */
  readonly seed: string;
  /** The match's accepted actions from its start through (at least) the last action of the hand reviewed. */
  readonly actions: readonly LoggedAction[];
  /** The hand number reviewed (1-based). It must have ended within `actions`. */
  readonly hand: number;
  /** The seat reviewed. */
  readonly seat: Seat;
  /**
   * Indexes into `actions` that were the reviewed person's own decisions (not a bot's or a timeout's
   * for them): only these are reviewed. Absent: every action of `seat` in the hand.
   */
  readonly own?: readonly number[];
  /** Wall-clock budget for the whole hand, in ms (the bot's default: 8000). A cap, not a target. */
  readonly budgetMs: number;
  /**
   * A cap on playout samples per decision: with it (and `budgetMs` Infinity) a review depends only on
   * its inputs, for tests and the bench.
   */
  readonly samples?: number;
  /** Mixed into every decision's sampling seed: another salt draws other samples (tests). */
  readonly salt?: string;
}

/** How a decision fared against the best the review found (thresholds in bands.ts). */
export type Band = 'best' | 'good' | 'inaccuracy' | 'mistake' | 'blunder';

export type DecisionKind = 'grandTichu' | 'tichu' | 'exchange' | 'play' | 'pass' | 'bomb' | 'wish' | 'dragon';

/**
 * The call advisor's figures: `outFirst` the chance the seat goes out first (in the playouts with the
 * call), `withCall` and `without` the expected points of calling and of not calling, `se` the
 * standard error of their (paired) difference.
 */
export interface CallAdvice {
  readonly kind: 'grandTichu' | 'tichu';
  readonly made: boolean;
  readonly outFirst: number;
  readonly withCall: number;
  readonly without: number;
  readonly se: number;
}

export interface Alternative {
  readonly action: Action;
  /** Mean of (this alternative's points - the chosen action's points), over the same samples. */
  readonly diff: number;
  /** The standard error of `diff`. */
  readonly se: number;
}

/**
 * One decision of the seat. Points are always the seat's team's hand score minus the other team's.
 *
 * Two decisions are not card actions, so they are written with the nearest action:
 * - a `tichu` decision: `{ type: 'tichu' }` is calling, `{ type: 'pass' }` is not calling;
 * - a `bomb` decision (out of turn): a bomb is dropping it, `{ type: 'pass' }` is not bombing.
 */
export interface DecisionReview {
  /** Index into `request.actions`: the action made (for a bomb not played, the action made instead). */
  readonly index: number;
  readonly kind: DecisionKind;
  /** The seat's cards at that moment. */
  readonly held: readonly Card[];
  /** The top of the trick then (public), or null. */
  readonly trick: { readonly seat: Seat; readonly combo: Combo } | null;
  /** What was done. */
  readonly chosen: Action;
  /** What the review prefers: `chosen` unless something was clearly better. */
  readonly best: Action;
  /** Points lost against `best`: 0 unless the difference is clear (docs/review.md). */
  readonly cost: number;
  /** The standard error of the closest alternative's difference (of `cost` when it is not 0). */
  readonly se: number;
  readonly band: Band;
  /** Playout samples (one deal of the unseen cards each, every option played out on it). */
  readonly samples: number;
  /** The other options weighed, best first; empty when there was no other option. */
  readonly alternatives: readonly Alternative[];
  /** The call advisor: at Grand Tichu decisions and at the Tichu decision. */
  readonly call?: CallAdvice;
}

export interface HandReview {
  readonly version: 1;
  readonly hand: number;
  readonly seat: Seat;
  /** Every decision of the seat reviewed (its own, see `own`), in hand order; forced ones included. */
  readonly decisions: readonly DecisionReview[];
  /** Decisions that had more than one option. */
  readonly reviewed: number;
  /** The sum of the costs. */
  readonly lost: number;
  /**
   * Luck of the deal: the chance the seat's 14 dealt cards (before the exchange) go out first, by
   * the call model (callModel.tichuChance), beside that model's average over random hands.
   */
  readonly luck: { readonly outFirst: number; readonly average: number };
  /** Time taken, in ms. */
  readonly ms: number;
}

/** What the review thread answers: a review, or why there is none (never a card in the reason). */
export type ReviewAnswer =
  | { readonly ok: true; readonly review: HandReview }
  | { readonly ok: false; readonly reason: string };
