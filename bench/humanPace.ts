/**
 * People's pace (issue 30): 1,000 tables of three people and a normal bot, turn timers on (the
 * default 2 minutes) and the bots at their default pace (900 ms before a move), each table's next
 * step 3 to 9 s after its previous one fell due (decided in advance: bench/openLoop.ts
 * pausedSchedule), about 300 clicks a second in all. `e2e.humanPace.p99Ms`: the people's clicks,
 * from due time to answer. The floor: bare discord.js answering a constant under the same tables
 * and schedule, run after the bot (not alternated: 1,000 idle tables' timers would fall in its
 * measurement). Beside them, a bare durable flush timed on the bot's thread during its run: the
 * target is p99 <= 25 ms and within 10 ms of the floor's p99 plus the flush's p99.
 * `npm run bench` runs it in a process of its own; alone: `node --expose-gc --import tsx
 * bench/humanPace.ts` (`--figures`: only the JSON line). HUMAN_MEASURE_S shortens the window (30 s).
 */
import { fileURLToPath } from 'node:url';
import { DEFAULT_BOT_PACE_MS } from '../src/config.js';
import { describe } from './capacity.js';
import type { CapacitySetup } from './capacityLoad.js';
import { startSide } from './capacitySide.js';
import { startRealBot } from './e2e.js';
import { startFloorBot } from './e2eFloor.js';
import { flushProbe, percentile } from './e2eRun.js';
import type { Figure } from './engine.js';
import { served } from './openLoop.js';
import { printPart } from './partMain.js';

const TABLES = 1_000;
const PAUSE_MS: readonly [number, number] = [3_000, 9_000];
const MEASURE_MS = Number(process.env.HUMAN_MEASURE_S ?? 30) * 1000;
const WARMUP_MS = Math.min(10_000, MEASURE_MS / 3);
const TARGET_MS = 25;
const BESIDE_FLOOR_MS = 10;

export async function humanPaceFigures(): Promise<Figure[]> {
  const setup: CapacitySetup = { tables: TABLES, answerer: 'bot', people: 3, timer: '2m' };
  const request = {
    // The rate of steps these pauses make: one a table every 6 s on average.
    perSec: TABLES / ((PAUSE_MS[0] + PAUSE_MS[1]) / 2 / 1000),
    pausedMs: PAUSE_MS,
    warmupMs: WARMUP_MS,
    measureMs: MEASURE_MS,
    seed: 1_000,
    drainMs: 10_000,
  };
  const openedFrom = performance.now();
  const bot = await startSide('bot', setup, (ready) =>
    startRealBot(ready, { botPaceMs: DEFAULT_BOT_PACE_MS }),
  );
  const openedMs = performance.now() - openedFrom;
  const probe = flushProbe();
  const botRun = await bot.measure({ ...request, extraPerStep: 0 });
  const flushes = await probe.stop();
  await bot.close();
  globalThis.gc?.();
  const extraPerStep =
    botRun.stepsInWindow > 0 ? (botRun.summary.due - botRun.stepsInWindow) / botRun.stepsInWindow : 1;
  const floor = await startSide('floor', { ...setup, answerer: 'floor' }, startFloorBot);
  const floorRun = await floor.measure({ ...request, extraPerStep });
  await floor.close();

  const p99 = botRun.summary.p99Ms;
  const floorP99 = floorRun.summary.p99Ms;
  const flushP99 = percentile(flushes, 99);
  const bound = floorP99 + flushP99 + BESIDE_FLOOR_MS;
  const ok = served(botRun.summary, TARGET_MS) && botRun.failedSteps === 0 && p99 <= bound;
  return [
    {
      key: 'e2e.humanPace.p99Ms',
      value: r(p99),
      unit: 'ms',
      target: `<= ${TARGET_MS} ms and <= floor p99 + flush p99 + ${BESIDE_FLOOR_MS} ms`,
      met: ok,
      note: `${TABLES} tables of 3 people and a normal bot (pace ${DEFAULT_BOT_PACE_MS} ms), turn timers 2 minutes, each table's steps ${PAUSE_MS[0] / 1000} to ${PAUSE_MS[1] / 1000} s apart, decided in advance; warmed up ${WARMUP_MS / 1000} s, measured ${MEASURE_MS / 1000} s: ${describe(botRun)}; floor p99 ${r(floorP99)} ms + durable flush p99 ${r(flushP99)} ms + ${BESIDE_FLOOR_MS} = ${r(bound)} ms; bot thread CPU ${r(botRun.answererCpuMs / Math.max(1, botRun.sentInWindow), 3)} ms a click (floor ${r(floorRun.answererCpuMs / Math.max(1, floorRun.sentInWindow), 3)}); REST calls of the bot in the window ${botRun.restCalls} (${botRun.refused.length} refused); the tables opened in ${r(openedMs / 1000, 1)} s`,
    },
    {
      key: 'e2e.floor.humanPace.p99Ms',
      value: r(floorP99),
      unit: 'ms',
      target: '(floor)',
      met: true,
      note: `bare discord.js answering a constant, the same 1,000 tables and schedule, its players clicking its answer ${r(extraPerStep)} more times a step on average (as the bot's did): ${describe(floorRun)}`,
    },
    {
      key: 'e2e.humanPace.durableFlushP99Ms',
      value: r(flushP99),
      unit: 'ms',
      target: '(info)',
      met: true,
      note: `a bare 4 KB write + fdatasync every 20 ms on the bot's thread during its run (what a durable answer waits for): ${flushes.length} flushes, p50 ${r(percentile(flushes, 50))} ms`,
    },
  ];
}

function r(value: number, digits = 2): number {
  return Math.round(value * 10 ** digits) / 10 ** digits;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await printPart(() => humanPaceFigures());
