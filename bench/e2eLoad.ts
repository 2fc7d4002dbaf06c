/**
 * The e2e benchmark's load side, in a worker thread (its own event loop and core): the local
 * Discord and the scripted players. The bot under test runs in the main thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { registerCommands } from '../src/discord/deploy.js';
import { LocalDiscord, type ScriptedUser } from '../src/localDiscord/index.js';
import { Dice, openPanel, takeTurn } from '../test/support/panelPlayer.js';

interface Setup {
  readonly tables: number;
  readonly seconds: number;
  readonly thinkMs: number;
  /** Two people (seats 1 and 3) and two hard bots (seats 2 and 4) at every table, instead of four people. */
  readonly hardBots?: boolean;
}

const { tables, seconds, thinkMs, hardBots = false } = workerData as Setup;
/** Who sits at each table: the people, in seat order (the bots take the seats between them). */
const PEOPLE = hardBots ? 2 : 4;
/** [click time, latency, verb] of every click, to tell the synchronized start from the steady state. */
const timedAt: Array<[number, number, string]> = [];
const port = parentPort;
if (!port) throw new Error('run as a worker');

/** Times every click and select, from the click to the bot's acknowledgement. */
function timed(user: ScriptedUser, latencies: number[], counter: { interactions: number }): ScriptedUser {
  return new Proxy(user, {
    get(target, prop, receiver) {
      if (prop === 'click' || prop === 'select') {
        return (...args: unknown[]) => {
          const start = performance.now();
          const method = Reflect.get(target, prop, receiver) as (...a: unknown[]) => {
            acknowledged(): Promise<unknown>;
          };
          const handle = method.apply(target, args);
          counter.interactions++;
          handle.acknowledged().then(
            () => {
              latencies.push(performance.now() - start);
              timedAt.push([start, performance.now() - start, String(args[1]).split(':')[0] ?? '']);
            },
            () => undefined,
          );
          return handle;
        };
      }
      const value = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

const discord = await LocalDiscord.start({ heartbeatIntervalMs: 30_000 });
const { guild, channels } = discord.addGuild(
  'Bench',
  Array.from({ length: tables }, (_, i) => `table-${i}`),
);
const users = Array.from({ length: tables * PEOPLE }, (_, i) => discord.addUser(`player${i}`));
await registerCommands(discord.token, discord.applicationId, guild.id, discord.restUrl);
port.postMessage({
  type: 'ready',
  restUrl: discord.restUrl,
  token: discord.token,
  applicationId: discord.applicationId,
});
await new Promise<void>((resolve) => port.once('message', () => resolve()));
await discord.waitForBot(10_000);

await Promise.all(
  channels.map(async (channel, t) => {
    const seated = users.slice(t * PEOPLE, t * PEOPLE + PEOPLE);
    const host = seated[0] as ScriptedUser;
    await host.slash(channel.id, 'table', { subcommand: 'create', options: { target: 10000 } }).reply();
    if (hardBots) {
      await (seated[1] as ScriptedUser)
        .slash(channel.id, 'table', { subcommand: 'join', options: { seat: 3 } })
        .reply();
      for (const seat of [2, 4])
        await host
          .slash(channel.id, 'table', { subcommand: 'bot', options: { do: 'add', seat, level: 'hard' } })
          .reply();
    } else {
      for (const u of seated.slice(1)) await u.slash(channel.id, 'table', { subcommand: 'join' }).reply();
    }
    await host.slash(channel.id, 'table', { subcommand: 'start' }).reply();
  }),
);

const latencies: number[] = [];
const measuredFrom = performance.now();
const counter = { interactions: 0, actions: 0 };
const callsBefore = discord.calls.length;
/**
 * Tables open over the first STAGGER_MS, one every STAGGER_MS / tables (as tables do on a server:
 * never fifty in the same millisecond), and each is then played for `seconds`.
 */
const STAGGER_MS = 2_000;
await Promise.all(
  channels.map(async (channel, t) => {
    await new Promise((resolve) => setTimeout(resolve, (t * STAGGER_MS) / channels.length));
    const deadline = performance.now() + seconds * 1000;
    const seated = users.slice(t * PEOPLE, t * PEOPLE + PEOPLE).map((u) => timed(u, latencies, counter));
    const dice = new Dice(t + 1);
    while (performance.now() < deadline) {
      for (const user of seated) {
        if (performance.now() >= deadline) break;
        await new Promise((resolve) => setTimeout(resolve, thinkMs * (0.5 + dice.next(100) / 100)));
        const panel = await openPanel(user, channel.id);
        if (await takeTurn(user, panel, dice)) counter.actions++;
      }
    }
  }),
);
await new Promise((resolve) => setTimeout(resolve, 500)); // the last coalesced edits land
if (process.env.BENCH_DEBUG) {
  const t0 = timedAt[0]?.[0] ?? 0;
  const buckets = new Map<number, number[]>();
  for (const [t, ms] of timedAt) {
    const b = Math.floor((t - t0) / 1000);
    buckets.set(b, [...(buckets.get(b) ?? []), ms]);
  }
  for (const [b, list] of buckets) {
    list.sort((x, y) => x - y);
    console.error(
      `second ${b}: n=${list.length} p50=${list[list.length >> 1]?.toFixed(1)} p99=${list[Math.floor(list.length * 0.99)]?.toFixed(1)}`,
    );
  }
  const byVerb = new Map<string, number[]>();
  for (const [, ms, verb] of timedAt) byVerb.set(verb, [...(byVerb.get(verb) ?? []), ms]);
  for (const [verb, list] of byVerb) {
    list.sort((x, y) => x - y);
    console.error(
      `${verb}: n=${list.length} p50=${list[list.length >> 1]?.toFixed(1)} p99=${list[Math.floor(list.length * 0.99)]?.toFixed(1)}`,
    );
  }
}
const calls = discord.calls.slice(callsBefore);
port.postMessage({
  type: 'done',
  latencies,
  // Once every table has opened (after the stagger), all 50 playing at once.
  steadyLatencies: timedAt.filter(([t]) => t - measuredFrom >= STAGGER_MS).map(([, ms]) => ms),
  interactions: counter.interactions,
  actions: counter.actions,
  restCalls: calls.length,
  refused: calls.filter((c) => c.status >= 400).map((c) => `${c.method} ${c.route} ${c.status}`),
});
await new Promise<void>((resolve) => port.once('message', () => resolve()));
await discord.close();
