/**
 * The open-loop load's side (issue 30), in a worker thread of its own: the local Discord and its
 * scripted players. The answerer under test (the real bot, bare discord.js answering a constant, or
 * a raw responder) runs on the main thread (bench/capacity.ts). For each rate the main thread asks
 * for, every click's due time is decided first (bench/openLoop.ts); each table then sends its clicks
 * in order, one at a time, each a legal move of its game (or the floor's button), and every latency
 * is counted from the due time.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { registerCommands } from '../src/discord/deploy.js';
import { LocalDiscord, type ScriptedUser, WaitTimeout } from '../src/localDiscord/index.js';
import { Dice, find, openPanel, tableMessage, takeTurn } from '../test/support/panelPlayer.js';
import { idOnShard } from '../test/support/shardGuilds.js';
import { FLOOR_PREFIX, floorStep } from './e2eFloor.js';
import { quiet } from './e2eLagWatch.js';
import { harnessFirst } from './e2ePlayers.js';
import { type Click, pausedSchedule, poissonSchedule, summarize, uniform } from './openLoop.js';
import { threadCpuMs } from './procCpu.js';

export interface CapacitySetup {
  readonly tables: number;
  /** 'bot': tables opened by slash commands, players play their panels; else players click the floor's button. */
  readonly answerer: 'bot' | 'floor';
  /** People at each table (4; 3 with a normal bot in the fourth seat). */
  readonly people: 3 | 4;
  /**
   * The tables' turn timer: 'off' where bot and floor alternate (a timer falling at an idle bot table
   * would run in the floor's measurement); the default '2m' at people's pace.
   */
  readonly timer: 'off' | '2m';
  /** Shard processes the answerer runs as (one guild a shard here); default 1, one process. */
  readonly shards?: number;
}

export interface StepRequest {
  readonly type: 'step';
  /** When the schedule starts (ms since the epoch): the main thread samples its CPU by the same clock. */
  readonly startEpochMs: number;
  /** Steps (a player opening their panel and acting on it) a second, Poisson over all tables; or each table's steps `pausedMs` apart. */
  readonly perSec: number;
  readonly pausedMs?: readonly [number, number];
  readonly warmupMs: number;
  readonly measureMs: number;
  /** The floor's players: how many more clicks a step makes on average (the bot's players' follow-ups). */
  readonly extraPerStep: number;
  readonly seed: number;
  /** How long after the window the run still waits for the clicks due in it. */
  readonly drainMs: number;
}

export interface StepResult {
  readonly type: 'stepDone';
  readonly summary: ReturnType<typeof summarize>;
  /** CPU ms of this thread (local Discord and players: the harness) in the measuring window. */
  readonly loadCpuMs: number;
  /** Clicks sent in the window (the CPU per click's divisor). */
  readonly sentInWindow: number;
  /** Steps due in the window (each one's first click): clicks due over this is clicks per step. */
  readonly stepsInWindow: number;
  /** The answerer's REST calls during the window, and those refused (status >= 400). */
  readonly restCalls: number;
  readonly refused: string[];
  /** Steps that gave up waiting (for an answer or a message), and what the first waited for. */
  readonly failedSteps: number;
  readonly firstFailure: string | null;
}

const setup = workerData as CapacitySetup;
harnessFirst();
const port = parentPort;
if (!port) throw new Error('run as a worker');

const shards = setup.shards ?? 1;
const discord = await LocalDiscord.start({
  heartbeatIntervalMs: 30_000,
  globalRequestsPerSecond: 50,
  maxConcurrency: shards,
});
// One guild a shard (table t in shard t % shards's), so every shard has its share of the tables.
const channels: Array<{ id: string }> = new Array(setup.tables);
const guildIds: string[] = [];
for (let shard = 0; shard < shards; shard++) {
  const mine = Array.from({ length: setup.tables }, (_, t) => t).filter((t) => t % shards === shard);
  const { guild, channels: made } = discord.addGuild(
    shards === 1 ? 'Capacity' : `Shard ${shard}`,
    mine.map((t) => `table-${t}`),
    shards === 1 ? {} : { guildId: idOnShard(discord, shard, shards) },
  );
  guildIds.push(guild.id);
  mine.forEach((t, i) => {
    channels[t] = made[i] as { id: string };
  });
  if (setup.answerer === 'bot')
    await registerCommands(discord.token, discord.applicationId, guild.id, discord.restUrl);
}
const users = Array.from({ length: setup.tables * setup.people }, (_, i) => discord.addUser(`player${i}`));
const seatedAt = (t: number) => users.slice(t * setup.people, t * setup.people + setup.people);
port.postMessage({
  type: 'ready',
  restUrl: discord.restUrl,
  token: discord.token,
  applicationId: discord.applicationId,
  channelIds: channels.map((c) => c.id),
  guildId: guildIds[0],
  burstChannelIds: [],
  burstUserIds: [],
  cardFaces: [],
});
await new Promise<void>((resolve) => port.once('message', () => resolve()));
for (let waited = 0; discord.gateway.connectedShards().length < shards; waited += 50) {
  if (waited > 60_000) throw new Error(`${shards} shards did not all connect within 60 s`);
  await sleep(50);
}
if (setup.answerer === 'floor')
  // The floor posts its button in every channel (the floor processes of a sharded run, on their own).
  await quiet(discord, 0, 120_000, () =>
    channels.every((c, t) =>
      (seatedAt(t)[0] as ScriptedUser).messages(c.id).some((m) => find(m, FLOOR_PREFIX) !== undefined),
    ),
  );
if (setup.answerer === 'bot') {
  await openTables();
  // Every table message posted and showing its hand button (the bot's own posts and edits wait on
  // Discord's 50 a second: 1,000 tables take 20 s and more), and its edits quiet, before any step.
  await quiet(discord, 1_000, 240_000, () =>
    channels.every((c, t) => {
      const shown = tableMessage(seatedAt(t)[0] as ScriptedUser, c.id);
      return shown !== undefined && find(shown, 'hand') !== undefined;
    }),
  );
}
port.postMessage({ type: 'opened' });

/** Whose step is next at each table: carried from one rate to the next. */
const cursor = new Array<number>(setup.tables).fill(0);
const dice = Array.from({ length: setup.tables }, (_, t) => new Dice(t + 1));

port.on('message', (message: StepRequest | 'close') => {
  if (message === 'close') {
    void discord.close().then(() => process.exit(0));
    return;
  }
  void runStep(message).then((result) => port.postMessage(result));
});

async function runStep(request: StepRequest): Promise<StepResult> {
  const random = uniform(request.seed);
  const startMs = request.startEpochMs - performance.timeOrigin;
  const fromMs = startMs + request.warmupMs;
  const toMs = fromMs + request.measureMs;
  const giveUpAt = toMs + request.drainMs;
  const schedule = request.pausedMs
    ? pausedSchedule(random, setup.tables, startMs, toMs, request.pausedMs[0], request.pausedMs[1])
    : poissonSchedule(random, request.perSec, setup.tables, startMs, toMs);
  const clicks: Click[] = [];
  const failures = { steps: 0, first: null as string | null };
  let cpuFrom = 0;
  let callsFrom = 0;
  const windowOpens = setTimeout(
    () => {
      cpuFrom = threadCpuMs();
      callsFrom = discord.calls.length;
    },
    Math.max(0, fromMs - performance.now()),
  );
  let cpuTo = 0;
  let callsTo = 0;
  const windowCloses = setTimeout(() => {
    cpuTo = threadCpuMs();
    callsTo = discord.calls.length;
  }, toMs - performance.now());
  await Promise.all(
    schedule.map((dues, t) => playTable(t, dues, request.extraPerStep, clicks, failures, giveUpAt)),
  );
  clearTimeout(windowOpens);
  clearTimeout(windowCloses);
  if (cpuTo === 0) {
    // The tables finished before the window closed (only when nothing was due late in it).
    cpuTo = threadCpuMs();
    callsTo = discord.calls.length;
  }
  const calls = discord.calls.slice(callsFrom, callsTo);
  // CAPACITY_ROUTES=1: the answerer's REST calls of the window by route, on stderr (where calls go).
  if (process.env.CAPACITY_ROUTES) {
    const byRoute = new Map<string, number>();
    for (const c of calls)
      byRoute.set(`${c.method} ${c.route}`, (byRoute.get(`${c.method} ${c.route}`) ?? 0) + 1);
    console.error(
      `${setup.answerer} at ${request.perSec}/s: ${[...byRoute]
        .sort((a, b) => b[1] - a[1])
        .map(([k, n]) => `${k} ${n}`)
        .join('; ')}`,
    );
  }
  return {
    type: 'stepDone',
    summary: summarize(clicks, request.perSec, fromMs, toMs, Math.min(performance.now(), giveUpAt)),
    loadCpuMs: cpuTo - cpuFrom,
    sentInWindow: clicks.filter((c) => c.sentMs >= fromMs && c.sentMs < toMs).length,
    stepsInWindow: clicks.filter((c) => c.first && c.dueMs >= fromMs && c.dueMs < toMs).length,
    restCalls: calls.length,
    refused: calls.filter((c) => c.status >= 400).map((c) => `${c.method} ${c.route} ${c.status}`),
    failedSteps: failures.steps,
    firstFailure: failures.first,
  };
}

/**
 * One table's steps: at each due time the table's next player takes a step as in the closed-loop
 * runs (opens the panel and acts on it; the floor's players click its button, then its answer as
 * often as the bot's players clicked a step), looking at the table only then, as a person does. A
 * step due while the table still waits goes as soon as the earlier one is done. The step's first
 * click is timed from the due time; its follow-ups (the move after opening the panel) go as soon as
 * the answer before them is in, a person reacting to what they see, timed from when they are sent.
 * Steps the run never began (past `giveUpAt`) count as unanswered clicks.
 */
async function playTable(
  t: number,
  dues: readonly number[],
  extraPerStep: number,
  clicks: Click[],
  failures: { steps: number; first: string | null },
  giveUpAt: number,
): Promise<void> {
  const step = { dueMs: 0, queued: false, first: true };
  const people = seatedAt(t).map((user) => timed(user, step, clicks));
  const channelId = channels[t]?.id as string;
  let next = 0;
  for (; next < dues.length && performance.now() < giveUpAt; next++) {
    const dueMs = dues[next] as number;
    const wait = dueMs - performance.now();
    if (wait > 0) await sleep(wait);
    step.dueMs = dueMs;
    step.queued = wait <= 0;
    step.first = true;
    const user = people[(cursor[t] as number) % people.length] as ScriptedUser;
    cursor[t] = (cursor[t] as number) + 1;
    try {
      if (setup.answerer === 'bot') await takeTurn(user, await openPanel(user, channelId), dice[t] as Dice);
      else await floorStep(user, channelId, dice[t] as Dice, extraPerStep);
    } catch (error) {
      // A wait in vain (WaitTimeout) or anything else: this step is over, the next begins.
      failures.steps++;
      failures.first ??= `${error instanceof WaitTimeout ? '' : 'error: '}${error instanceof Error ? error.message : String(error)}`;
    }
  }
  // Steps due that were never begun: an unanswered click each, as a person whose client never sent it.
  for (; next < dues.length; next++)
    clicks.push({
      dueMs: dues[next] as number,
      sentMs: Number.NaN,
      answeredMs: null,
      queued: true,
      first: true,
    });
}

/** The user, with each click and select timed: the step's first from its due time, the others from their sending. */
function timed(
  user: ScriptedUser,
  step: { dueMs: number; queued: boolean; first: boolean },
  clicks: Click[],
): ScriptedUser {
  return new Proxy(user, {
    get(target, prop, receiver) {
      if (prop === 'click' || prop === 'select') {
        return (...args: unknown[]) => {
          const method = Reflect.get(target, prop, receiver) as (...a: unknown[]) => {
            acknowledged(): Promise<unknown>;
          };
          const sentMs = performance.now();
          const first = step.first;
          step.first = false;
          const dueMs = first ? step.dueMs : sentMs;
          const queued = first && step.queued;
          const handle = method.apply(target, args);
          handle.acknowledged().then(
            () => clicks.push({ dueMs, sentMs, answeredMs: performance.now(), queued, first }),
            () => clicks.push({ dueMs, sentMs, answeredMs: null, queued, first }),
          );
          return handle;
        };
      }
      const value = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Every table created, seated and started by slash commands, before anything is timed: 50 tables
 * at a time (a thousand at once would be a burst no server sees), each answer waited for up to 60 s.
 */
async function openTables(): Promise<void> {
  const WAIT_MS = 60_000;
  let next = 0;
  const open = async (t: number) => {
    const channel = channels[t] as { id: string };
    const seated = seatedAt(t);
    const host = seated[0] as ScriptedUser;
    await host
      .slash(channel.id, 'table', { subcommand: 'create', options: { target: 10000, timer: setup.timer } })
      .reply(WAIT_MS);
    for (const u of seated.slice(1))
      await u.slash(channel.id, 'table', { subcommand: 'join' }).reply(WAIT_MS);
    if (setup.people === 3)
      await host
        .slash(channel.id, 'table', { subcommand: 'bot', options: { do: 'add', seat: 4, level: 'normal' } })
        .reply(WAIT_MS);
    await host.slash(channel.id, 'table', { subcommand: 'start' }).reply(WAIT_MS);
  };
  await Promise.all(
    Array.from({ length: Math.min(50, channels.length) }, async () => {
      while (next < channels.length) await open(next++);
    }),
  );
}
