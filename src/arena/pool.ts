/** Runs an arena's mirrored pairs, in worker threads when asked, and returns them in seed order. */
import { Worker } from 'node:worker_threads';
import { ArenaError } from './game.js';
import { type ArenaConfig, type PairRecord, runPair } from './pairs.js';

export type FromWorker =
  | { readonly index: number; readonly pair: PairRecord }
  | { readonly index: number; readonly error: string };

export interface RunOptions {
  /** Worker threads; 1 plays every pair on this thread. */
  readonly workers: number;
  /** Called after each finished pair, with how many are done. */
  readonly onPair?: (done: number, total: number) => void;
}

export async function runArena(config: ArenaConfig, options: RunOptions): Promise<PairRecord[]> {
  const total = config.pairs;
  const workers = Math.max(1, Math.min(options.workers, total));
  if (workers === 1) {
    const pairs: PairRecord[] = [];
    for (let i = 0; i < total; i++) {
      pairs.push(runPair(config, i));
      options.onPair?.(i + 1, total);
    }
    return pairs;
  }
  return runInWorkers(config, workers, options.onPair);
}

function runInWorkers(
  config: ArenaConfig,
  count: number,
  onPair: RunOptions['onPair'],
): Promise<PairRecord[]> {
  const total = config.pairs;
  const results: PairRecord[] = new Array(total);
  const threads: Worker[] = [];
  let next = 0;
  let done = 0;
  return new Promise<PairRecord[]>((resolve, reject) => {
    let settled = false;
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      for (const thread of threads) void thread.terminate();
      if (error) reject(error);
      else resolve(results);
    };
    const feed = (thread: Worker) => {
      if (next < total) thread.postMessage(next++);
    };
    for (let w = 0; w < count; w++) {
      // worker.mjs registers tsx before loading TypeScript: the loader is per thread.
      const thread = new Worker(new URL('./worker.mjs', import.meta.url), { workerData: config });
      threads.push(thread);
      thread.on('message', (message: FromWorker) => {
        if ('error' in message) return finish(new ArenaError(message.error));
        results[message.index] = message.pair;
        done++;
        onPair?.(done, total);
        if (done === total) finish();
        else feed(thread);
      });
      thread.on('error', (error) => finish(error));
      thread.on('exit', (code) => {
        if (!settled)
          finish(new ArenaError(`an arena worker stopped (exit code ${code}) before the run ended`));
      });
      feed(thread);
    }
  });
}
