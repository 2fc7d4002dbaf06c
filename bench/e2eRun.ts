/**
 * One e2e run: the load worker (the local Discord and its players) started, a bot connected to it
 * on this thread, the players let go, and what they measured returned.
 */

import { closeSync, fdatasync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { Store } from '../src/store/store.js';
import type { Setup } from './e2eLoad.js';
import type { Measured } from './e2ePlayers.js';
import { mainThreadCpuMs } from './procCpu.js';

export interface Ready {
  readonly restUrl: string;
  readonly token: string;
  readonly applicationId: string;
  readonly channelIds: string[];
  readonly guildId: string;
  /** Channels and users for the tables a burst run prepares (none unless Setup.burstTables). */
  readonly burstChannelIds: string[];
  readonly burstUserIds: string[];
  /** The card emoji deployed to the load's Discord (empty with E2E_PLAIN=1: text cards). */
  readonly cardFaces: ReadonlyArray<readonly [string, { readonly id: string; readonly name: string }]>;
}

/** Stores the deployed card emoji in the bot's file before it starts, as `npm run deploy-commands` does. */
export function storeCardFaces(databasePath: string, ready: Ready): void {
  if (ready.cardFaces.length === 0) return;
  const store = Store.open(databasePath);
  try {
    store.emoji.replaceCardEmoji(ready.applicationId, new Map(ready.cardFaces));
  } finally {
    store.close();
  }
}

export interface Done extends Measured {
  /** Player steps that ended in an accepted game action (the real bot only). */
  actions: number;
  restCalls: number;
  refused: string[];
  /** CPU ms of this thread (where the bot, or the floor, runs) while the players played. */
  answererCpuMs: number;
  /** CPU ms of the whole process (every thread: the bot's, the load's, helpers') while the players played. */
  processCpuMs: number;
  /** Wall-clock ms the players played (from the first table's start to the last click answered). */
  playedMs: number;
  /** Bare durable flushes timed on this thread while the players played (see flushProbe; empty unless asked). */
  flushLatencies: number[];
  /** The same flushes' disk time alone: timed around a blocking fdatasync in an idle thread. */
  diskFlushLatencies: number[];
}

/** Something connected to the local Discord that answers the players until stopped. */
export interface Answerer {
  stop(): Promise<void>;
}

export async function runLoad(
  setup: Setup,
  start: (ready: Ready) => Promise<Answerer>,
  options: { flushProbes?: boolean } = {},
): Promise<Done> {
  const worker = new Worker(new URL('./e2eWorker.mjs', import.meta.url), { workerData: setup });
  const next = <T>(type: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (m: { type: string }) => {
        if (m.type !== type) return;
        worker.off('message', onMessage);
        resolve(m as T);
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    });
  const answerer = await start(await next<Ready>('ready'));
  const playing = next<unknown>('playing');
  const finished =
    next<Omit<Done, 'answererCpuMs' | 'processCpuMs' | 'playedMs' | 'flushLatencies' | 'diskFlushLatencies'>>(
      'done',
    );
  worker.postMessage('go');
  await playing;
  const cpuBefore = mainThreadCpuMs();
  const processBefore = process.cpuUsage();
  const playedFrom = performance.now();
  // Only where asked (the bot's main run): each probe is a little more work for the disk and a core.
  const probe = options.flushProbes ? flushProbe() : null;
  const disk = options.flushProbes ? diskFlushProbe() : null;
  const measured = await finished;
  const flushLatencies = (await probe?.stop()) ?? [];
  const diskFlushLatencies = (await disk?.stop()) ?? [];
  const done = {
    ...measured,
    answererCpuMs: mainThreadCpuMs() - cpuBefore,
    processCpuMs: cpuMs(process.cpuUsage(processBefore)),
    playedMs: performance.now() - playedFrom,
    flushLatencies,
    diskFlushLatencies,
  };
  await answerer.stop();
  worker.postMessage('close');
  await new Promise((resolve) => worker.once('exit', resolve));
  return done;
}

/**
 * What a durable answer must wait for under this load: every 20 ms, 4 KB written to a file on the same
 * disk as the bot's database and flushed with fdatasync on libuv's thread pool, as the store
 * flushes its WAL, timed from the call to its callback on this thread (where the bot's own flushes
 * land, so the wait for this thread's event loop is in it too). Light: one flush at a time.
 */
export function flushProbe(): { stop(): Promise<number[]> } {
  const dir = mkdtempSync(join(tmpdir(), 'tichu-bench-flush-'));
  const fd = openSync(join(dir, 'probe'), 'w');
  const page = Buffer.alloc(4096, 1);
  const latencies: number[] = [];
  let stopped = false;
  const ended = new Promise<void>((resolve) => {
    const once = () => {
      if (stopped) return resolve();
      writeSync(fd, page);
      const from = performance.now();
      fdatasync(fd, () => {
        latencies.push(performance.now() - from);
        setTimeout(once, 20);
      });
    };
    once();
  });
  return {
    async stop() {
      stopped = true;
      await ended;
      closeSync(fd);
      rmSync(dir, { recursive: true, force: true });
      return latencies;
    },
  };
}

/**
 * The disk's part of that: the same 4 KB and fdatasync every 20 ms, blocking, in a thread of its
 * own that does nothing else, so no event loop's wait is in it (the wait for a core still is, on a
 * machine whose cores are busy).
 */
function diskFlushProbe(): { stop(): Promise<number[]> } {
  const dir = mkdtempSync(join(tmpdir(), 'tichu-bench-disk-'));
  const worker = new Worker(
    `const { openSync, writeSync, fdatasyncSync, closeSync } = require('node:fs');
     const { parentPort, workerData } = require('node:worker_threads');
     const fd = openSync(workerData, 'w');
     const page = Buffer.alloc(4096, 1);
     const latencies = [];
     let stopped = false;
     parentPort.once('message', () => { stopped = true; });
     const once = () => {
       if (stopped) { closeSync(fd); parentPort.postMessage(latencies); return; }
       writeSync(fd, page);
       const from = performance.now();
       fdatasyncSync(fd);
       latencies.push(performance.now() - from);
       setTimeout(once, 20);
     };
     once();`,
    { eval: true, workerData: join(dir, 'probe') },
  );
  return {
    async stop() {
      // A probe that died gives what it has: nothing, rather than a wait for ever.
      const latencies = new Promise<number[]>((resolve) => {
        worker.once('message', resolve);
        worker.once('error', () => resolve([]));
        worker.once('exit', () => resolve([]));
      });
      worker.postMessage('stop');
      const result = await latencies;
      await worker.terminate();
      rmSync(dir, { recursive: true, force: true });
      return result;
    },
  };
}

function cpuMs(usage: NodeJS.CpuUsage): number {
  return (usage.user + usage.system) / 1000;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}
