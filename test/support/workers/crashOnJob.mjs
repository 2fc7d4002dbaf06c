// A decision worker that starts, then dies on its first job (a crash mid-decision).
import { parentPort } from 'node:worker_threads';

parentPort.on('message', () => {
  throw new Error('crashed on purpose');
});
parentPort.postMessage({ type: 'ready' });
