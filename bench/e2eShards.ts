/**
 * The bot as shard processes on this machine, end to end: `npm start` with SHARDS=2 (the main
 * process and two shard processes, exactly as operators run it) against the local Discord, which
 * with its 800 scripted players runs in a worker thread here. 200 tables (100 a shard) are opened,
 * then played at once; each click is timed to its acknowledgement, and the bot's CPU time (every
 * process of it: main and shards, threads included, read from /proc as process.cpuUsage would
 * count it) over the play is divided by the interactions it handled.
 *
 *   node --import tsx bench/e2eShards.ts [--json] [--seconds N] [--baseline]
 *
 * --baseline also runs today's shape for comparison: one process, 50 tables.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import {
  botEnv,
  descendants,
  type MainProcess,
  runMain,
  spawnProcess,
  TSX,
  within,
} from '../test/support/mainProcess.js';
import { builtMain, fromSources } from './compiledBot.js';
import { allAnswered, type Measured, priorityText, unansweredText } from './e2ePlayers.js';
import { percentile } from './e2eRun.js';
import type { ShardSetup } from './e2eShardsLoad.js';
import type { Figure } from './engine.js';
import { cpuMsOf } from './procCpu.js';

const TABLES = 200;
const FLOOR_ENTRY = fileURLToPath(new URL('./e2eFloorProcess.ts', import.meta.url));
const SHARDS = 2;
/** Pause of a scripted player between two clicks, as in bench/e2e.ts. */
const THINK_MS = 100;
/** About how long the floor takes to answer a click here (its p50), to pace its players to the bot's rate. */
const FLOOR_ANSWER_MS = 3;

interface Done extends Measured {
  readonly actions: number;
  readonly restCalls: number;
  readonly refused: string[];
}

export interface ShardRun extends Done {
  /** CPU milliseconds of every bot process (main and shards) over the play. */
  readonly cpuMs: number;
  /** The same, per shard process (by shard order of start). */
  readonly cpuMsOfShards: number[];
}

/** Plays `setup` against the bot run by `npm start`'s entry with SHARDS=setup.shards. */
export async function runSharded(setup: ShardSetup): Promise<ShardRun> {
  const worker = new Worker(new URL('./e2eShardsWorker.mjs', import.meta.url), { workerData: setup });
  const workerExited = new Promise((resolve) => worker.once('exit', resolve));
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
  const ready = await next<LoadReady>('ready');
  const dir = mkdtempSync(join(tmpdir(), 'tichu-bench-shards-'));
  const floor = setup.floorExtraPerStep !== undefined;
  let processes: MainProcess[] = [];
  try {
    processes = floor ? startFloors(setup.shards, ready) : [startBot(setup.shards, ready, dir)];
    const playing = next('playing');
    const played = next('played');
    const finished = next<Done>('done');
    worker.postMessage('go');
    await playing;
    // Each process started and everything below it: the bot's shards (and tsx's esbuild service,
    // idle by now). The floor's processes have none.
    const tops = processes.map((p) => p.child.pid as number);
    const below = tops.flatMap((pid) => descendants(pid));
    const pids = [...tops, ...below.map((p) => p.pid)];
    const before = pids.map(cpuMsOf);
    await played;
    const used = pids.map((pid, i) => cpuMsOf(pid) - (before[i] as number));
    const done = await finished;
    const shardIndexes = below.flatMap((p, i) => (p.cmd.includes('shardMain') ? [tops.length + i] : []));
    const ofShards = floor
      ? used.slice(0, tops.length)
      : setup.shards > 1
        ? shardIndexes.map((i) => used[i] as number)
        : [used[0] as number];
    return { ...done, cpuMs: used.reduce((a, b) => a + b, 0), cpuMsOfShards: ofShards };
  } catch (error) {
    // A run that failed (a harness or bot bug, not a click left unanswered: those are counted): what
    // the bot logged last (warnings and worse) may say why.
    for (const p of processes)
      process.stderr.write(`bot process ${p.child.pid} logged:\n${tail(p.out(), 40)}\n`);
    throw error;
  } finally {
    await Promise.all(
      processes.map(async (p) => {
        if (p.child.exitCode !== null) return;
        p.child.kill('SIGTERM');
        const exit = await within(p.exited, 10_000, 'timeout');
        if (exit === 'timeout') p.child.kill('SIGKILL');
      }),
    );
    worker.postMessage('close');
    // (A worker that failed has exited already.)
    await workerExited;
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The last `lines` lines of a process's output. */
function tail(out: string, lines: number): string {
  return out.trimEnd().split('\n').slice(-lines).join('\n');
}

export interface LoadReady {
  readonly restUrl: string;
  readonly token: string;
  readonly applicationId: string;
}

/** The environment of the bot as the sharded benches run it: SHARDS=shards, its file in `dir`. */
export function shardedBotEnv(shards: number, ready: LoadReady, dir: string): Record<string, string> {
  return botEnv({
    DISCORD_TOKEN: ready.token,
    DISCORD_APPLICATION_ID: ready.applicationId,
    DISCORD_API_URL: ready.restUrl,
    DATABASE_PATH: join(dir, 'bench.sqlite'),
    LOG_LEVEL: 'warn',
    // Bots move at once: nothing here watches a trick unfold.
    BOT_PACE_MS: '0',
    SHARDS: String(shards),
    ...profiling(),
  });
}

/**
 * The bot as `npm start` runs it, with SHARDS=shards: compiled, with plain node (E2E_SOURCES=1: from
 * the sources through tsx, as the tests run it, to compare the two).
 */
function startBot(shards: number, ready: LoadReady, dir: string): MainProcess {
  const env = shardedBotEnv(shards, ready, dir);
  return fromSources ? runMain(env) : spawnProcess(process.execPath, [builtMain()], env);
}

/**
 * BOT_NODE_OPTIONS reaches the bot's processes (and the floor's) only, with CPU_PROFILE_DIR: e.g.
 * `--import ./bench/cpuProfile.mjs` for a CPU profile of each.
 */
function profiling(): Record<string, string> {
  const { BOT_NODE_OPTIONS, CPU_PROFILE_DIR } = process.env;
  return {
    ...(BOT_NODE_OPTIONS ? { NODE_OPTIONS: BOT_NODE_OPTIONS } : {}),
    ...(CPU_PROFILE_DIR ? { CPU_PROFILE_DIR } : {}),
  };
}

/** One floor process a shard (bench/e2eFloorProcess.ts), as the bot runs one process a shard. */
export function startFloors(shards: number, ready: LoadReady): MainProcess[] {
  return Array.from({ length: shards }, (_, shard) =>
    spawnProcess(process.execPath, ['--import', TSX, FLOOR_ENTRY], {
      ...botEnv({}),
      FLOOR_TOKEN: ready.token,
      FLOOR_API: ready.restUrl,
      FLOOR_SHARD: String(shard),
      FLOOR_SHARDS: String(shards),
      ...profiling(),
    }),
  );
}

/** The refused calls by kind, e.g. " (PATCH /channels/:id/messages/:id 429 x2)". */
function refusedList(refused: readonly string[]): string {
  if (refused.length === 0) return '';
  const counts = new Map<string, number>();
  // By route: the ids of channels and messages are one kind of call.
  for (const call of refused.map((c) => c.replace(/\d{6,}/g, ':id')))
    counts.set(call, (counts.get(call) ?? 0) + 1);
  return ` (${[...counts].map(([call, n]) => `${call} x${n}`).join(', ')})`;
}

const round = (value: number, places = 2) => Math.round(value * 10 ** places) / 10 ** places;

/** The sharded figures: 200 tables' click-to-acknowledgement p99, and the bot's CPU per interaction. */
export async function shardFigures(seconds = 10, options: { baseline?: boolean } = {}): Promise<Figure[]> {
  const run = await runSharded({ tables: TABLES, seconds, thinkMs: THINK_MS, shards: SHARDS });
  // The floor: one discord.js process a shard answering a constant, its players clicking again in
  // the share of steps the bot's players acted on their panel. Paced to the bot's rate: players who
  // are answered at once would otherwise click twice as often (the loop is closed), and a client's
  // CPU per click falls as its load rises (more events a wake-up), so the same pace is the fair floor.
  const extraPerStep = run.steps > 0 ? (run.interactions - run.steps) / run.steps : 0;
  const stepMs = run.steps > 0 ? (seconds * 1000 * TABLES) / run.steps : THINK_MS;
  const floor = await runSharded({
    tables: TABLES,
    seconds,
    thinkMs: Math.max(THINK_MS, stepMs - (1 + extraPerStep) * FLOOR_ANSWER_MS),
    shards: SHARDS,
    floorExtraPerStep: extraPerStep,
  });
  const p99 = percentile(run.latencies, 99);
  const floorP99 = percentile(floor.latencies, 99);
  const perInteraction = run.cpuMs / run.interactions;
  const floorPer = floor.cpuMs / floor.interactions;
  const shape = `${TABLES} tables (${TABLES / SHARDS} a shard) played ${seconds} s at once by 4 people each, pausing ~${THINK_MS} ms per click: ${run.interactions} interactions (${run.actions} game actions), ${run.refused.length} refused calls${refusedList(run.refused)}${unansweredText(run)}; the load's thread (local Discord and 800 players, the harness) ${round(run.loadCpuMs / run.interactions, 3)} ms an interaction, busy ${Math.round((run.loadCpuMs / run.loadWallMs) * 100)}% of the play${priorityText(run)}`;
  const floorShape = `the floor (bench/e2eFloorProcess.ts: discord.js answering a constant, one process a shard, no database) under the same players paced to the bot's rate: ${floor.interactions} interactions (the bot's run: ${run.interactions}), p50 ${round(percentile(floor.latencies, 50))} ms, ${floor.refused.length} refused calls${refusedList(floor.refused)}${unansweredText(floor)}; its load's thread ${round(floor.loadCpuMs / floor.interactions, 3)} ms an interaction`;
  const figures: Figure[] = [
    {
      key: 'e2e.tables200.p99Ms',
      value: round(p99),
      unit: 'ms',
      target: '(info: closed loop, retired; see e2e.capacity.perSec)',
      met: allAnswered(run),
      note: `npm start with SHARDS=${SHARDS} (main + ${SHARDS} shard processes, one file); floor p99 ${round(floorP99)} ms, ratio ${(p99 / floorP99).toFixed(1)}x; p50 ${round(percentile(run.latencies, 50))} ms (floor ${round(percentile(floor.latencies, 50))}), steady p99 ${round(percentile(run.steadyLatencies, 99))} ms; ${shape}`,
    },
    {
      key: 'e2e.cpuPerInteractionMs',
      value: round(perInteraction, 3),
      unit: 'ms',
      target: '(info; e2e.shards2.cpuRatio <= 1.3)',
      met: true,
      note: `bot CPU (user + system, every thread) of the main and shard processes over the play, ${round(run.cpuMs, 0)} ms (shards ${run.cpuMsOfShards.map((ms) => round(ms, 0)).join(' + ')}), per handled click or select; floor ${round(floorPer, 3)} ms, ratio ${(perInteraction / floorPer).toFixed(1)}x`,
    },
    {
      key: 'e2e.shards2.cpuRatio',
      value: round(perInteraction / floorPer),
      unit: 'x',
      target: '<= 1.3',
      met: perInteraction / floorPer <= 1.3,
      note: `all the bot's processes (main + ${SHARDS} shards) ${round(perInteraction, 3)} ms of CPU per interaction over the floor's ${round(floorPer, 3)} ms (discord.js answering a constant, one process a shard), same players, same run`,
    },
    {
      key: 'e2e.floor.tables200.p99Ms',
      value: round(floorP99),
      unit: 'ms',
      target: '(floor)',
      met: true,
      note: floorShape,
    },
    {
      key: 'e2e.floor.cpuPerInteractionMs',
      value: round(floorPer, 3),
      unit: 'ms',
      target: '(floor)',
      met: true,
      note: `CPU of the floor processes over the play, ${round(floor.cpuMs, 0)} ms (${floor.cpuMsOfShards.map((ms) => round(ms, 0)).join(' + ')}), per click: what discord.js alone costs to receive a click and answer it`,
    },
  ];
  if (options.baseline) {
    const one = await runSharded({ tables: 50, seconds, thinkMs: THINK_MS, shards: 1 });
    const value = one.cpuMs / one.interactions;
    figures.push({
      key: 'e2e.cpuPerInteractionMs.oneProcess50',
      value: round(value, 3),
      unit: 'ms',
      target: '(baseline)',
      met: true,
      note: `today's shape: one process, 50 tables, ${one.interactions} interactions, p99 ${round(percentile(one.latencies, 99))} ms, ${one.refused.length} refused calls${refusedList(one.refused)}${unansweredText(one)}`,
    });
  }
  return figures;
}

const isEntryPoint = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isEntryPoint) {
  const args = process.argv.slice(2);
  const secondsAt = args.indexOf('--seconds');
  const seconds = secondsAt >= 0 ? Number(args[secondsAt + 1]) : 10;
  const figures = await shardFigures(seconds, { baseline: args.includes('--baseline') });
  // --figures: the whole figures as one JSON line, for bench/run.ts.
  if (args.includes('--figures')) console.log(JSON.stringify(figures));
  else if (args.includes('--json'))
    console.log(JSON.stringify(Object.fromEntries(figures.map((f) => [f.key, f.value]))));
  else
    for (const figure of figures)
      console.log(
        `${figure.key.padEnd(36)} ${String(figure.value).padStart(9)} ${figure.unit}  ${figure.met ? 'meets' : 'MISSES'} ${figure.target}  (${figure.note})`,
      );
}
