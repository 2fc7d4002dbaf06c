/**
 * Where hand reviews run: worker threads of their own (a review takes seconds; the bot decisions'
 * pool must never wait behind one), or this thread (tests and tools, inline but never within the
 * caller's task).
 */
import { ThreadPool } from '../bots/workerPool.js';
import { runReview } from './reviewJob.js';
import type { ReviewAnswer, ReviewRequest } from './types.js';

export interface ReviewRunner {
  run(request: ReviewRequest): Promise<ReviewAnswer>;
  close(): Promise<void>;
}

/** A pool of `size` review threads (started on demand, at a priority below the main thread's). */
export function reviewPool(size = 1): ReviewRunner {
  const pool = new ThreadPool<ReviewRequest, ReviewAnswer>({
    size,
    entry: new URL('./reviewWorker.mjs', import.meta.url),
    fail: (reason) => ({ ok: false, reason }),
    what: 'review',
    // A review stops itself at its budget; past it and this grace it is stuck.
    graceMs: 10_000,
  });
  return { run: (request) => pool.run(request), close: () => pool.close() };
}

/** Reviews on this thread, each in a later task of its own. */
export function inlineReviewer(): ReviewRunner {
  let closed = false;
  return {
    run: (request) =>
      new Promise((resolve) =>
        setImmediate(() => resolve(closed ? { ok: false, reason: 'closed' } : runReview(request))),
      ),
    close: async () => {
      closed = true;
    },
  };
}
