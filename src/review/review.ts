/**
 * A hand review (docs/review.md): for each of the seat's own decisions in a finished hand, the
 * expected points of the choice made and of the best alternatives, by playouts from only what the
 * seat knew then. The hand's time budget is shared out over its decisions, more to the close ones;
 * a decision stops early once more samples would change little.
 */

import { memoryOf } from '../bots/memory.js';
import { type Action, type MatchState, type Seat, seatView } from '../engine/index.js';
import type { Question } from './candidates.js';
import { findDecisions, questionsAt } from './decisions.js';
import { ReviewError } from './errors.js';
import { Evaluation } from './evaluate.js';
import { luckOf } from './luck.js';
import type { DecisionReview, HandReview, ReviewRequest } from './types.js';

/** The bot's budget for one hand's review, in ms (the request carries its own). */
export const DEFAULT_REVIEW_BUDGET_MS = 8000;
/** Samples per decision when neither the budget nor the request sets a limit. */
export const MAX_SAMPLES = 2000;
/** Samples given at a time to the closest decisions once each has had its share. */
const TOP_UP = 4;

const clock = () => performance.now();

export function reviewHand(request: ReviewRequest, now: () => number = clock): HandReview {
  const start = now();
  const { points, dealt } = findDecisions(request);
  // A decision the review cannot weigh (a bug: its choice refused on a sample, playouts stuck) is
  // left out; the others are still reviewed.
  const kept = points.flatMap((p) => {
    try {
      const evaluation = new Evaluation(
        seatView(p.state, request.seat),
        memoryOf(p.state, request.seat),
        p.question,
        seedOf(request, p.index, p.question),
      );
      return [{ p, evaluation }];
    } catch (error) {
      if (error instanceof ReviewError) return [];
      throw error;
    }
  });
  const evaluations = kept.map((k) => k.evaluation);
  const weights = kept.map(({ p, evaluation }) => weightOf(p.state, evaluation));
  // NaN or a negative budget: no time at all (each decision then says so with 0 samples).
  const budget = request.budgetMs > 0 ? request.budgetMs : 0;
  share(evaluations, weights, capOf(request.samples), start + budget, now);
  const decisions = kept.map(({ p, evaluation }) => evaluation.review(p.index));
  return {
    version: 1,
    hand: request.hand,
    seat: request.seat,
    decisions,
    reviewed: evaluations.filter((e) => e.open).length,
    lost: Math.round(decisions.reduce((sum, d) => sum + d.cost, 0) * 10) / 10,
    luck: luckOf(dealt),
    ms: Math.round(now() - start),
  };
}

/** The decisions that cost points, the largest cost first. */
export function costliest(review: HandReview, n = 3): DecisionReview[] {
  return review.decisions
    .filter((d) => d.cost > 0)
    .sort((a, b) => b.cost - a.cost || a.index - b.index)
    .slice(0, n);
}

export interface DecisionOptions {
  /** Seeds the samples (default 'review'). */
  readonly seed?: string;
  /** Samples at most (default MAX_SAMPLES). */
  readonly samples?: number;
  /** Wall-clock time at most, in ms (default no limit). */
  readonly budgetMs?: number;
  readonly now?: () => number;
  /** The index reported (default -1). */
  readonly index?: number;
  /**
   * Which question the action answers when it answers two (a first play while Tichu could still be
   * called): 'tichu' for the call not made; by default the action itself.
   */
  readonly question?: 'tichu';
  /** The seat's action right after this one (the play a Tichu call came with). */
  readonly next?: Action | null;
}

/**
 * The review of one decision: `seat` chose `action` at `state` (only its view and memory are read).
 * For tools and tests; `reviewHand` reviews a hand's decisions with the same code.
 */
export function reviewDecisionAt(
  state: MatchState,
  seat: Seat,
  action: Action,
  options: DecisionOptions = {},
): DecisionReview {
  const questions = questionsAt(state, seat, action, options.next ?? null);
  const question =
    (options.question === 'tichu' ? questions.find((q) => q.kind === 'tichu') : questions.at(-1)) ??
    (questions.at(-1) as Question);
  const evaluation = new Evaluation(
    seatView(state, seat),
    memoryOf(state, seat),
    question,
    options.seed ?? 'review',
  );
  const now = options.now ?? clock;
  share(
    [evaluation],
    [1],
    capOf(options.samples),
    now() + (options.budgetMs ?? Number.POSITIVE_INFINITY),
    now,
  );
  return evaluation.review(options.index ?? -1);
}

function capOf(samples: number | undefined): number {
  return samples === undefined ? MAX_SAMPLES : Math.max(1, Math.floor(samples));
}

/** Each decision's samples come from its own seed: the match's, the hand, the seat, the action, the salt. */
function seedOf(request: ReviewRequest, index: number, question: Question): string {
  return `review/${request.seed}/${request.hand}/${request.seat}/${index}/${question.kind}/${request.salt ?? ''}`;
}

/** A sample's rough cost: one playout per option, each as long as the cards still to play. */
function weightOf(state: MatchState, evaluation: Evaluation): number {
  if (!evaluation.open) return 0;
  const hand = state.hand;
  const cards = hand.phase === 'play' ? hand.hands.reduce((n, h) => n + h.length, 0) : 56 + 8; // the exchange too
  return evaluation.options.length * (cards + 8);
}

/**
 * Shares the time until `deadline` over the evaluations: first each its part (by weight) of what is
 * left, stopping early when settled; then what remains goes a few samples at a time to the closest
 * unsettled decision. With a sample cap and no deadline, every evaluation runs to its cap or until
 * settled, whatever the order: the result depends only on the inputs.
 */
function share(
  evaluations: readonly Evaluation[],
  weights: readonly number[],
  cap: number,
  deadline: number,
  now: () => number,
): void {
  const open = evaluations.map((e, i) => ({ e, w: weights[i] as number })).filter(({ e }) => e.open);
  // A decision whose playouts stick (a bug) keeps the samples it has and gets no more.
  const broken = new Set<Evaluation>();
  const wants = (e: Evaluation) => !broken.has(e) && e.n < cap && !e.settled();
  const step = (e: Evaluation) => {
    try {
      e.step();
    } catch (error) {
      if (!(error instanceof ReviewError)) throw error;
      broken.add(e);
    }
  };
  let left = open.reduce((sum, { w }) => sum + w, 0);
  for (const { e, w } of open) {
    const from = now();
    const until = from + ((deadline - from) * w) / Math.max(left, 1e-9);
    left -= w;
    while (wants(e) && now() < until) step(e);
  }
  for (;;) {
    if (now() >= deadline) return;
    let pick: Evaluation | null = null;
    for (const { e } of open)
      if (
        wants(e) &&
        (pick === null ||
          e.closeness() < pick.closeness() ||
          (e.closeness() === pick.closeness() && e.n < pick.n))
      )
        pick = e;
    if (pick === null) return;
    for (let i = 0; i < TOP_UP && wants(pick) && now() < deadline; i++) step(pick);
  }
}
