/** The body of a decision worker thread: answers each job with the same `decideFor` the main thread uses. */
import { readlinkSync } from 'node:fs';
import { constants, setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { type DecisionRequest, runDecision } from './decisionJob.js';

/**
 * The main thread answers every click; a bot that thinks must never take the CPU from it. Linux
 * gives each thread its own priority (setpriority on a thread id), so this thread lowers its own.
 * Elsewhere, or if the system says no, it keeps the default: a slower bot, never a failed one.
 */
function yieldToTheMainThread(): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, constants.priority.PRIORITY_BELOW_NORMAL);
  } catch {
    // Not Linux, or not allowed: the default priority.
  }
}

const port = parentPort;
if (!port) throw new Error('decisionWorker.ts runs as a worker thread (see workerPool.ts)');
yieldToTheMainThread();
port.on('message', (message: { id: number; request: DecisionRequest }) => {
  port.postMessage({ type: 'answer', id: message.id, answer: runDecision(message.request) });
});
port.postMessage({ type: 'ready' });
