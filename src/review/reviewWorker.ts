/** The body of a review worker thread: answers each job with the same `runReview` the main thread uses. */
import { parentPort } from 'node:worker_threads';
import { yieldToTheMainThread } from '../bots/threadPriority.js';
import { runReview } from './reviewJob.js';
import type { ReviewRequest } from './types.js';

const port = parentPort;
if (!port) throw new Error('reviewWorker.ts runs as a worker thread (see pool.ts)');
// Below the bots' decision threads too: a review may wait; a hard bot's move may not.
yieldToTheMainThread('low');
port.on('message', (message: { id: number; request: ReviewRequest }) => {
  port.postMessage({ type: 'answer', id: message.id, answer: runReview(message.request) });
});
port.postMessage({ type: 'ready' });
