// A decision worker that takes jobs and never answers (a policy stuck in a loop).
import { parentPort } from 'node:worker_threads';

parentPort.on('message', () => {});
parentPort.postMessage({ type: 'ready' });
