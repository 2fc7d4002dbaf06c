/** A worker thread's priority: below the main thread's, which answers every click. */
import { readlinkSync } from 'node:fs';
import { constants, setPriority } from 'node:os';

/**
 * A thread that thinks (a hard bot, a hand's review) must never take the CPU from the main thread.
 * Linux gives each thread its own priority (setpriority on a thread id), so the calling thread
 * lowers its own: below normal for a bot's decision, low for a review (below the bots too: a hard
 * bot's budget is wall-clock time, so a review must not take its core). Elsewhere, or if the
 * system says no, it keeps the default: slower, never failed.
 */
export function yieldToTheMainThread(level: 'belowNormal' | 'low' = 'belowNormal'): void {
  const priority =
    level === 'low' ? constants.priority.PRIORITY_LOW : constants.priority.PRIORITY_BELOW_NORMAL;
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, priority);
  } catch {
    // Not Linux, or not allowed: the default priority.
  }
}
