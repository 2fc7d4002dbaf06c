/** An arena worker thread: plays the mirrored pairs it is sent, one index at a time, and posts each record. */
import { parentPort, workerData } from 'node:worker_threads';
import { type ArenaConfig, runPair } from './pairs.js';
import type { FromWorker } from './pool.js';

const config = workerData as ArenaConfig;
const port = parentPort;
if (!port) throw new Error('workerMain.ts runs only as a worker thread');

port.on('message', (index: number) => {
  let reply: FromWorker;
  try {
    reply = { index, pair: runPair(config, index) };
  } catch (error) {
    reply = { index, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
