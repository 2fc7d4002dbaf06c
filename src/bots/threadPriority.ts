/** A worker thread's priority: below the main thread's, which answers every click. */
import { readlinkSync } from 'node:fs';
import { constants, setPriority } from 'node:os';

/**
 * A thread that thinks (a hard bot, a hand's review) must never take the CPU from the main thread.
 * Linux gives each thread its own priority (setpriority on a thread id), so the calling thread
 * lowers its own. Elsewhere, or if the system says no, it keeps the default: slower, never failed.
 */
export function yieldToTheMainThread(): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, constants.priority.PRIORITY_BELOW_NORMAL);
  } catch {
    // Not Linux, or not allowed: the default priority.
  }
}
