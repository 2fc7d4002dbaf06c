/** One hand review as a job another thread can run: checking the request, running it, never throwing. */
import { isSeat } from '../engine/index.js';
import { ReviewError } from './errors.js';
import { reviewHand } from './review.js';
import type { ReviewAnswer, ReviewRequest } from './types.js';

/**
 * Runs one review here and now. A bad request or a review that throws is an answer with a reason,
 * never an exception; the reason names the problem or the error's kind, never its message (a
 * message may quote cards, and logs show none).
 */
export function runReview(request: ReviewRequest): ReviewAnswer {
  try {
    const bad = problemOf(request);
    if (bad) return { ok: false, reason: `bad review request (${bad})` };
    return { ok: true, review: reviewHand(request) };
  } catch (error) {
    if (error instanceof ReviewError) return { ok: false, reason: `the review refused (${error.code})` };
    const kind = error instanceof Error ? error.name : typeof error;
    return { ok: false, reason: `the review threw (${kind})` };
  }
}

const isCount = (x: unknown, min: number) => typeof x === 'number' && Number.isInteger(x) && x >= min;

/** What is wrong with the request's shape (a field's name), or null. */
function problemOf(input: unknown): string | null {
  if (typeof input !== 'object' || input === null) return 'request';
  const r = input as Record<string, unknown>;
  const settings = r.settings as Record<string, unknown> | null;
  if (typeof settings !== 'object' || settings === null || typeof settings.grandTichu !== 'boolean')
    return 'settings';
  if (typeof r.seed !== 'string') return 'seed';
  if (!Array.isArray(r.actions)) return 'actions';
  if (!r.actions.every((a) => typeof a === 'object' && a !== null && 'seat' in a && 'action' in a))
    return 'actions';
  if (!isCount(r.hand, 1)) return 'hand';
  if (!isSeat(r.seat)) return 'seat';
  if (r.own !== undefined && !(Array.isArray(r.own) && r.own.every((i) => isCount(i, 0)))) return 'own';
  if (typeof r.budgetMs !== 'number' || !(r.budgetMs > 0)) return 'budgetMs';
  if (r.samples !== undefined && !isCount(r.samples, 1)) return 'samples';
  if (r.salt !== undefined && typeof r.salt !== 'string') return 'salt';
  return null;
}
