/** The body of a decision worker thread: answers each job with the same `decideFor` the main thread uses. */
import { parentPort } from 'node:worker_threads';
import { type DecisionRequest, runDecision } from './decisionJob.js';
import { yieldToTheMainThread } from './threadPriority.js';

const port = parentPort;
if (!port) throw new Error('decisionWorker.ts runs as a worker thread (see workerPool.ts)');
yieldToTheMainThread();
port.on('message', (message: { id: number; request: DecisionRequest }) => {
  port.postMessage({ type: 'answer', id: message.id, answer: runDecision(message.request) });
});
port.postMessage({ type: 'ready' });
