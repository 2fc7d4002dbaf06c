/**
 * One side of an open-loop comparison (issue 30): a load worker (the local Discord and its players,
 * bench/capacityLoad.ts) and the answerer connected to it on this thread (the real bot, the floor,
 * or the raw responder). Kept alive across rates, so the bot's tables go on from one rate to the
 * next and bot and floor runs can alternate.
 */
import { Worker } from 'node:worker_threads';
import type { CapacitySetup, StepRequest, StepResult } from './capacityLoad.js';
import type { Answerer, Ready } from './e2eRun.js';
import { mainThreadCpuMs } from './procCpu.js';

export interface Measured extends StepResult {
  /** Requests the bot's REST clients held back on their own limits during the step (warm-up included), when it says. */
  readonly restHeld?: { readonly bot: number; readonly webhooks: number };
  /** CPU ms of the answerer in the measuring window: this thread, or all its processes when it has its own. */
  readonly answererCpuMs: number;
}

export interface Side {
  readonly label: string;
  measure(request: Omit<StepRequest, 'type' | 'startEpochMs'>): Promise<Measured>;
  close(): Promise<void>;
}

/** An answerer in processes of its own (shards) says how much CPU they have used; else this thread's is counted. */
export interface MeteredAnswerer extends Answerer {
  cpuMs?(): number;
  /** The in-process bot: what its REST clients held back on their own limits, since it started. */
  restWaits?(): Record<'bot' | 'webhooks', { global: number; bucket: number; held: number }>;
}

export async function startSide(
  label: string,
  setup: CapacitySetup,
  start: (ready: Ready) => Promise<MeteredAnswerer>,
): Promise<Side> {
  const worker = new Worker(new URL('./capacityWorker.mjs', import.meta.url), { workerData: setup });
  const next = <T>(type: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (m: { type: string }) => {
        if (m.type !== type) return;
        worker.off('message', onMessage);
        worker.off('error', reject);
        resolve(m as T);
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    });
  const answerer = await start(await next<Ready>('ready'));
  const cpuMs = () => (answerer.cpuMs ? answerer.cpuMs() : mainThreadCpuMs());
  const opened = next<unknown>('opened');
  worker.postMessage('go');
  await opened;
  return {
    label,
    async measure(request) {
      globalThis.gc?.();
      const startEpochMs = Date.now() + 300;
      const fromEpoch = startEpochMs + request.warmupMs;
      const toEpoch = fromEpoch + request.measureMs;
      let cpuFrom = Number.NaN;
      let cpuTo = Number.NaN;
      const opens = setTimeout(() => {
        cpuFrom = cpuMs();
      }, fromEpoch - Date.now());
      const closes = setTimeout(() => {
        cpuTo = cpuMs();
      }, toEpoch - Date.now());
      const held = () => {
        const w = answerer.restWaits?.();
        return w
          ? { bot: w.bot.global + w.bot.bucket, webhooks: w.webhooks.global + w.webhooks.bucket }
          : null;
      };
      const heldBefore = held();
      const done = next<StepResult>('stepDone');
      worker.postMessage({ ...request, type: 'step', startEpochMs } satisfies StepRequest);
      const result = await done;
      clearTimeout(opens);
      clearTimeout(closes);
      if (Number.isNaN(cpuTo)) cpuTo = cpuMs();
      const heldAfter = held();
      return {
        ...result,
        answererCpuMs: cpuTo - cpuFrom,
        ...(heldBefore && heldAfter
          ? {
              restHeld: {
                bot: heldAfter.bot - heldBefore.bot,
                webhooks: heldAfter.webhooks - heldBefore.webhooks,
              },
            }
          : {}),
      };
    },
    async close() {
      await answerer.stop();
      worker.postMessage('close');
      await new Promise((resolve) => worker.once('exit', resolve));
    },
  };
}
