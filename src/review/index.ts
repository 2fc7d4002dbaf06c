/** Hand reviews (docs/review.md): a finished hand's decisions of one seat, weighed by playouts. */
export { BANDS, bandOf, bandOfClear, MIN_GAIN, MIN_JUDGED, Z, zFor } from './bands.js';
export { ReviewError } from './errors.js';
export { LUCK_AVERAGE } from './luck.js';
export {
  costliest,
  DEFAULT_REVIEW_BUDGET_MS,
  type DecisionOptions,
  MAX_SAMPLES,
  reviewDecisionAt,
  reviewHand,
} from './review.js';
export { runReview } from './reviewJob.js';
export type {
  Alternative,
  Band,
  CallAdvice,
  DecisionKind,
  DecisionReview,
  HandReview,
  ReviewAnswer,
  ReviewRequest,
} from './types.js';
