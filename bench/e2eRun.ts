/**
 * One e2e run: the load worker (the local Discord and its players) started, a bot connected to it
 * on this thread, the players let go, and what they measured returned.
 */

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
}

/** Something connected to the local Discord that answers the players until stopped. */
export interface Answerer {
  stop(): Promise<void>;
}

export async function runLoad(setup: Setup, start: (ready: Ready) => Promise<Answerer>): Promise<Done> {
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
  const finished = next<Omit<Done, 'answererCpuMs' | 'processCpuMs' | 'playedMs'>>('done');
  worker.postMessage('go');
  await playing;
  const cpuBefore = mainThreadCpuMs();
  const processBefore = process.cpuUsage();
  const playedFrom = performance.now();
  const measured = await finished;
  const done = {
    ...measured,
    answererCpuMs: mainThreadCpuMs() - cpuBefore,
    processCpuMs: cpuMs(process.cpuUsage(processBefore)),
    playedMs: performance.now() - playedFrom,
  };
  await answerer.stop();
  worker.postMessage('close');
  await new Promise((resolve) => worker.once('exit', resolve));
  return done;
}

function cpuMs(usage: NodeJS.CpuUsage): number {
  return (usage.user + usage.system) / 1000;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}
