/**
 * End-to-end figures through the local Discord with the real bot: 50 tables played at once by
 * scripted users (the tables open over the first 2 s, then all play at once), then 50 tables where
 * two of the four seats are hard bots. The bot runs here;
 * the local Discord and the players run in a worker thread, as Discord and the players are
 * elsewhere in production. Click -> acknowledgement latency, and the bot's REST calls per player
 * interaction.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { pino } from 'pino';
import { defaultPoolSize } from '../src/bots/workerPool.js';
import { startBot } from '../src/discord/bot.js';
import type { Figure } from './engine.js';

const TABLES = 50;
/** Pause of a scripted player between two clicks: quick for a person, so the load stays high. */
const THINK_MS = 100;

interface Done {
  latencies: number[];
  steadyLatencies: number[];
  interactions: number;
  actions: number;
  restCalls: number;
  refused: string[];
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

/** One run: the local Discord and its players in a worker thread, the real bot here; what they measured. */
async function run(seconds: number, hardBots: boolean): Promise<Done> {
  const dir = mkdtempSync(join(tmpdir(), 'tichu-bench-e2e-'));
  const worker = new Worker(new URL('./e2eWorker.mjs', import.meta.url), {
    workerData: { tables: TABLES, seconds, thinkMs: THINK_MS, hardBots },
  });
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
  const ready = await next<{ restUrl: string; token: string; applicationId: string }>('ready');
  const bot = await startBot({
    token: ready.token,
    applicationId: ready.applicationId,
    databasePath: join(dir, 'bench.sqlite'),
    logger: process.env.BENCH_LOG
      ? pino({ level: 'info' }, pino.destination(process.env.BENCH_LOG))
      : pino({ level: 'silent' }),
    restApi: ready.restUrl,
  });
  const finished = next<Done>('done');
  worker.postMessage('go');
  const done = await finished;
  await bot.stop();
  worker.postMessage('close');
  await new Promise((resolve) => worker.once('exit', resolve));
  rmSync(dir, { recursive: true, force: true });
  return done;
}

export async function endToEnd(seconds = 10): Promise<Figure[]> {
  const done = await run(seconds, false);
  const p50 = percentile(done.latencies, 50);
  const p99 = percentile(done.latencies, 99);
  const perInteraction = done.restCalls / done.interactions;
  const note = `${TABLES} tables opening over 2 s, then each played ${seconds} s: ${done.interactions} interactions (${done.actions} game actions), players pausing ~${THINK_MS} ms per click; local Discord and players in a worker thread; ${done.refused.length} refused calls`;
  return [
    {
      key: 'e2e.clickToResponse.p50Ms',
      value: round(p50),
      unit: 'ms',
      target: '(p99 <= 25 ms)',
      met: p50 <= 25,
      note,
    },
    {
      key: 'e2e.clickToResponse.p99Ms',
      value: round(p99),
      unit: 'ms',
      target: '<= 25 ms',
      met: p99 <= 25,
      note: 'whole run, the tables opening included',
    },
    {
      key: 'e2e.clickToResponse.steadyP99Ms',
      value: round(percentile(done.steadyLatencies, 99)),
      unit: 'ms',
      target: '<= 25 ms',
      met: percentile(done.steadyLatencies, 99) <= 25,
      note: 'once all 50 tables are open and playing',
    },
    {
      key: 'e2e.restCallsPerAction',
      value: round(perInteraction),
      unit: 'calls',
      target: '<= 2',
      met: perInteraction <= 2,
      note: 'bot REST calls per player interaction (click, select or command)',
    },
    {
      key: 'e2e.restCallsPerGameAction',
      value: round(done.restCalls / done.actions),
      unit: 'calls',
      target: '(info)',
      met: true,
      note: 'per accepted game action; these scripted players reopen their panel before each one',
    },
  ];
}

/**
 * The same load with two hard bots at every table (people in seats 1 and 3): the bots think in the
 * worker pool, so a person's click is answered as fast as at a table of four people.
 */
export async function endToEndWithHardBots(seconds = 10): Promise<Figure[]> {
  const done = await run(seconds, true);
  const p99 = percentile(done.latencies, 99);
  return [
    {
      key: 'e2e.withHardBots.p99Ms',
      value: round(p99),
      unit: 'ms',
      target: '<= 25 ms',
      met: p99 <= 25,
      note: `${TABLES} tables of two people and two hard bots (${defaultPoolSize()} decision worker${defaultPoolSize() === 1 ? '' : 's'}), click to response of the people: ${done.interactions} interactions (${done.actions} game actions); ${done.refused.length} refused calls`,
    },
  ];
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
