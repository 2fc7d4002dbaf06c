/**
 * The sharded e2e benchmark's load side, in a worker thread: the local Discord (as many sessions may
 * identify at once as there are shards, Discord's global limit of 50 requests a second for the bot,
 * all shards together), one guild per shard with an equal share of the tables, and four scripted
 * people at each table. The bot runs as separate shard processes (bench/e2eShards.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { registerCommands } from '../src/discord/deploy.js';
import { LocalDiscord, type ScriptedUser } from '../src/localDiscord/index.js';
import { find, openPanel, tableMessage, takeTurn } from '../test/support/panelPlayer.js';
import { idOnShard } from '../test/support/shardGuilds.js';
import { FLOOR_PREFIX, floorStep } from './e2eFloor.js';
import { harnessFirst, playTables, type Step } from './e2ePlayers.js';

export interface ShardSetup {
  readonly tables: number;
  readonly seconds: number;
  readonly thinkMs: number;
  readonly shards: number;
  /**
   * Players for the floor bot instead of the bot (bench/e2eFloorProcess.ts): each step clicks the
   * channel's floor message, then that many more times on average, as the bot's players did.
   */
  readonly floorExtraPerStep?: number;
}

const { tables, seconds, thinkMs, shards, floorExtraPerStep } = workerData as ShardSetup;
harnessFirst();
const floor = floorExtraPerStep !== undefined;
const port = parentPort;
if (!port) throw new Error('run as a worker');
const PEOPLE = 4;

const discord = await LocalDiscord.start({
  heartbeatIntervalMs: 30_000,
  globalRequestsPerSecond: 50,
  maxConcurrency: shards,
});
// Table t plays in the guild of shard t % shards: every shard has its share, playing at once.
const channelIds: string[] = new Array(tables);
for (let shard = 0; shard < shards; shard++) {
  const mine = Array.from({ length: tables }, (_, t) => t).filter((t) => t % shards === shard);
  const { guild, channels } = discord.addGuild(
    `Shard ${shard}`,
    mine.map((t) => `table-${t}`),
    { guildId: idOnShard(discord, shard, shards) },
  );
  mine.forEach((t, i) => {
    channelIds[t] = (channels[i] as { id: string }).id;
  });
  // The floor bot has no commands: its players only click.
  if (!floor) await registerCommands(discord.token, discord.applicationId, guild.id, discord.restUrl);
}
const users = Array.from({ length: tables * PEOPLE }, (_, i) => discord.addUser(`player${i}`));
const seated = (t: number) => users.slice(t * PEOPLE, t * PEOPLE + PEOPLE);
port.postMessage({
  type: 'ready',
  restUrl: discord.restUrl,
  token: discord.token,
  applicationId: discord.applicationId,
});
await new Promise<void>((resolve) => port.once('message', () => resolve()));
for (let waited = 0; discord.gateway.connectedShards().length < shards; waited += 50) {
  if (waited > 60_000) throw new Error('the shards did not all connect within 60 s');
  await new Promise((resolve) => setTimeout(resolve, 50));
}
if (floor) {
  // The floor processes post one message with a button in every channel once connected.
  for (let waited = 0; ; waited += 100) {
    const shown = channelIds.every((id, t) =>
      (seated(t)[0] as ScriptedUser).messages(id).some((m) => find(m, FLOOR_PREFIX) !== undefined),
    );
    if (shown) break;
    if (waited > 120_000) throw new Error('the floor messages did not all show within 120 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
} else await openTables();
await new Promise((resolve) => setTimeout(resolve, 1_000));
port.postMessage({ type: 'playing' });
let actions = 0;
const callsBefore = discord.calls.length;
const step: Step = floor
  ? (user, channelId, dice) => floorStep(user, channelId, dice, floorExtraPerStep)
  : async (user, channelId, dice) => {
      const panel = await openPanel(user, channelId);
      if (await takeTurn(user, panel, dice)) actions++;
    };
const measured = await playTables(channelIds, seated, seconds, thinkMs, step);
port.postMessage({ type: 'played' });
await new Promise((resolve) => setTimeout(resolve, 500));
const calls = discord.calls.slice(callsBefore);
port.postMessage({
  type: 'done',
  ...measured,
  actions,
  restCalls: calls.length,
  refused: calls.filter((c) => c.status >= 400).map((c) => `${c.method} ${c.route} ${c.status}`),
});
await new Promise<void>((resolve) => port.once('message', () => resolve()));
await discord.close();

/** Every table opened (create, three joins, start) and shown playing before anything is timed. */
async function openTables(): Promise<void> {
  await Promise.all(
    channelIds.map(async (channelId, t) => {
      const [host, ...others] = seated(t) as [ScriptedUser, ...ScriptedUser[]];
      await host
        .slash(channelId, 'table', { subcommand: 'create', options: { target: 10000 } })
        .reply(60_000);
      for (const u of others) await u.slash(channelId, 'table', { subcommand: 'join' }).reply(60_000);
      await host.slash(channelId, 'table', { subcommand: 'start' }).reply(60_000);
    }),
  );
  // The opening's edits settle before anything is timed: every table message offers "My hand" (the
  // bot's channel writes are paced under Discord's global limit, so 200 starts take seconds to show).
  for (let waited = 0; ; waited += 100) {
    const shown = channelIds.every((id, t) => {
      const message = tableMessage(seated(t)[0] as ScriptedUser, id);
      return message !== undefined && find(message, 'hand') !== undefined;
    });
    if (shown) break;
    if (waited > 120_000) throw new Error('the table messages did not all show the match within 120 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
