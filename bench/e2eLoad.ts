/**
 * The e2e benchmark's load side, in a worker thread (its own event loop and core): the local
 * Discord and the scripted players. The bot under test (or the floor bot) runs in the main thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { loadCardImages } from '../src/discord/cardImages.js';
import { deployCardEmoji, registerCommands } from '../src/discord/deploy.js';
import { LocalDiscord, type ScriptedUser } from '../src/localDiscord/index.js';
import { find, openPanel, tableMessage, takeTurn } from '../test/support/panelPlayer.js';
import { floorStep } from './e2eFloor.js';
import { type LagWatch, quiet, watchLag } from './e2eLagWatch.js';
import { harnessFirst, playTables, type Step } from './e2ePlayers.js';
import { uxPlayers } from './e2eUxWatch.js';
import { mainThreadCpuMs } from './procCpu.js';

export interface Setup {
  readonly tables: number;
  readonly seconds: number;
  readonly thinkMs: number;
  /** Two people (seats 1 and 3) and two hard bots (seats 2 and 4) at every table, instead of four people. */
  readonly hardBots?: boolean;
  /**
   * Players for the floor bot, which answers every click with a constant: each step clicks the
   * channel's floor message, then that many more times (on average) on the answer, as the bot's
   * players act on their panel after opening it. Absent: players for the real bot.
   */
  readonly floorExtraPerStep?: number;
  /** That many more channels (and four more users) for tables the bot finds in its file (bench/e2eBurst.ts). */
  readonly burstTables?: number;
  /** Also time how far each table message lags behind its table (bench/e2eLag.ts). */
  readonly lag?: boolean;
  /** Players who play from their live panel, opening it once a hand (bench/e2eUx.ts). */
  readonly ux?: boolean;
}

const {
  tables,
  seconds,
  thinkMs,
  hardBots = false,
  floorExtraPerStep,
  burstTables = 0,
  lag = false,
  ux = false,
} = workerData as Setup;
const floor = floorExtraPerStep !== undefined;
harnessFirst();
/** Who sits at each table: the people, in seat order (the bots take the seats between them). */
const PEOPLE = hardBots ? 2 : 4;
const port = parentPort;
if (!port) throw new Error('run as a worker');

// Discord's global limit on the bot's own requests, as the real one: 50 a second.
const discord = await LocalDiscord.start({ heartbeatIntervalMs: 30_000, globalRequestsPerSecond: 50 });
const { guild, channels } = discord.addGuild('Bench', [
  ...Array.from({ length: tables }, (_, i) => `table-${i}`),
  ...Array.from({ length: burstTables }, (_, i) => `burst-${i}`),
]);
// As people play: the card pictures on, the server German and every other player too (E2E_PLAIN=1:
// English with text cards, to compare; E2E_LOOK=emoji: pictures in English, E2E_LOOK=de: German text cards).
const dressed = !floor && !process.env.E2E_PLAIN;
const lookKnob = process.env.E2E_LOOK;
if (dressed && lookKnob !== 'emoji') guild.locale = 'de';
const localeOf = (i: number) => (dressed && lookKnob !== 'emoji' && i % 2 === 1 ? 'de' : undefined);
const burstUsers =
  burstTables > 0 ? [0, 1, 2, 3].map((i) => discord.addUser(`burst${i}`, undefined, localeOf(i))) : [];
const users = Array.from({ length: tables * PEOPLE }, (_, i) =>
  discord.addUser(`player${i}`, undefined, localeOf(i)),
);
// The floor bot has no commands: its players only click.
if (!floor) await registerCommands(discord.token, discord.applicationId, guild.id, discord.restUrl);
const cardFaces =
  dressed && lookKnob !== 'de'
    ? [
        ...(
          await deployCardEmoji(
            discord.token,
            discord.applicationId,
            [...loadCardImages().values()],
            discord.restUrl,
          )
        ).faces,
      ]
    : [];
port.postMessage({
  type: 'ready',
  restUrl: discord.restUrl,
  token: discord.token,
  applicationId: discord.applicationId,
  channelIds: channels.slice(0, tables).map((c) => c.id),
  guildId: guild.id,
  burstChannelIds: channels.slice(tables).map((c) => c.id),
  burstUserIds: burstUsers.map((u) => u.id),
  cardFaces,
});
await new Promise<void>((resolve) => port.once('message', () => resolve()));
await discord.waitForBot(10_000);
if (!floor) await openTables();
// Timing lag: the edits of the tables' opening land before anything is counted.
if (lag || ux)
  await quiet(discord, 1_000, 90_000, () =>
    tableChannels().every((id, t) => {
      const shown = tableMessage(users[t * PEOPLE] as ScriptedUser, id);
      return shown !== undefined && find(shown, 'hand') !== undefined;
    }),
  );

let actions = 0;
const callsBefore = discord.calls.length;
const watch: LagWatch | null = lag ? watchLag(discord) : null;
const live = ux ? uxPlayers(tableChannels(), users[0] as ScriptedUser) : null;
const step: Step = floor
  ? (user, channelId, dice) => floorStep(user, channelId, dice, floorExtraPerStep)
  : live
    ? live.step
    : async (user, channelId, dice) => {
        const panel = await openPanel(user, channelId);
        if (await takeTurn(user, panel, dice)) {
          actions++;
          watch?.acted(channelId, panel);
        }
      };
port.postMessage({ type: 'playing' });
const busy = process.env.BENCH_DEBUG ? busyWatch() : null;
const measured = await playTables(
  channels.slice(0, tables).map((c) => c.id),
  (t) => users.slice(t * PEOPLE, t * PEOPLE + PEOPLE),
  seconds,
  thinkMs,
  step,
);
busy?.stop();
// The last coalesced edits land (and, timing lag, every table shows its last action).
await (watch ? watch.settled(10_000) : new Promise((resolve) => setTimeout(resolve, 500)));
const calls = discord.calls.slice(callsBefore);
// E2E_ROUTES=1: the bot's REST calls of the run by route and their bodies' mean size, on stderr (to see where calls go).
if (process.env.E2E_ROUTES) {
  const byRoute = new Map<string, { calls: number; bytes: number }>();
  for (const c of calls) {
    const seen = byRoute.get(`${c.method} ${c.route}`) ?? { calls: 0, bytes: 0 };
    seen.calls++;
    seen.bytes += c.body === null ? 0 : JSON.stringify(c.body).length;
    byRoute.set(`${c.method} ${c.route}`, seen);
  }
  const rows = [...byRoute].sort((a, b) => b[1].calls - a[1].calls);
  console.error(
    rows
      .map(([route, s]) => `${route}: ${s.calls} calls, ${Math.round(s.bytes / s.calls)} B a body`)
      .join('\n'),
  );
}
port.postMessage({
  type: 'done',
  ...measured,
  ...(watch ? { lag: watch.result(calls) } : {}),
  ...(live ? { ux: live.result(calls) } : {}),
  actions,
  restCalls: calls.length,
  refused: calls.filter((c) => c.status >= 400).map((c) => `${c.method} ${c.route} ${c.status}`),
});
await new Promise<void>((resolve) => port.once('message', () => resolve()));
await discord.close();

/** BENCH_DEBUG: how busy the bot's thread and this one were in each quarter second of the play, on stderr. */
function busyWatch(): { stop(): void } {
  const shares: number[] = [];
  const loads: number[] = [];
  let last = mainThreadCpuMs();
  let elu = performance.eventLoopUtilization();
  const timer = setInterval(() => {
    const now = mainThreadCpuMs();
    shares.push(Math.round(((now - last) / 250) * 100));
    last = now;
    const next = performance.eventLoopUtilization();
    loads.push(Math.round(performance.eventLoopUtilization(next, elu).utilization * 100));
    elu = next;
  }, 250);
  return {
    stop() {
      clearInterval(timer);
      console.error(`bot thread busy % by quarter second: ${shares.join(' ')}`);
      console.error(`load thread (local Discord and players) event loop use %: ${loads.join(' ')}`);
    },
  };
}

function tableChannels(): string[] {
  return channels.slice(0, tables).map((c) => c.id);
}

/** Every table created, seated and started by slash commands, before anything is timed. */
async function openTables(): Promise<void> {
  await Promise.all(
    channels.slice(0, tables).map(async (channel, t) => {
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
}
