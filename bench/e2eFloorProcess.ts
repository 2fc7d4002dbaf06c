/**
 * The floor of the sharded figures, as a process: the real discord.js client for one shard,
 * answering every click with a constant ephemeral message and doing nothing else (no database,
 * no rendering, no game). bench/e2eShards.ts runs one per shard, as `npm start` runs the bot's
 * shards, and measures it exactly as it measures the bot: what the bot costs is its figure over this.
 *
 *   FLOOR_TOKEN=... FLOOR_API=http://127.0.0.1:PORT/api FLOOR_SHARD=0 FLOOR_SHARDS=2 node --import tsx bench/e2eFloorProcess.ts
 *
 * It posts the floor message in every text channel of its guilds, then prints "ready".
 */
import { ChannelType, Client, Events, GatewayIntentBits, Options, Routes } from 'discord.js';
import { FLOOR_ANSWER, FLOOR_ROW } from './e2eFloor.js';

const { FLOOR_TOKEN, FLOOR_API, FLOOR_SHARD, FLOOR_SHARDS } = process.env;
if (!FLOOR_TOKEN || !FLOOR_API) throw new Error('FLOOR_TOKEN and FLOOR_API are required');
const shard = Number(FLOOR_SHARD ?? 0);
const count = Number(FLOOR_SHARDS ?? 1);

const client = new Client({
  intents: [GatewayIntentBits.Guilds],
  // The bot's own settings (src/discord/bot.ts), so both do the same work per event.
  makeCache: Options.cacheWithLimits({ ...Options.DefaultMakeCacheSettings, MessageManager: 0 }),
  shards: [shard],
  shardCount: count,
  rest: { api: FLOOR_API },
});
client.on(Events.InteractionCreate, (interaction) => {
  if (!interaction.isRepliable()) return;
  interaction.reply(FLOOR_ANSWER).catch((error: unknown) => console.error(`floor bot: ${String(error)}`));
});
const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
await client.login(FLOOR_TOKEN);
await ready;
for (const guild of client.guilds.cache.values())
  for (const channel of guild.channels.cache.values())
    if (channel.type === ChannelType.GuildText)
      await client.rest.post(Routes.channelMessages(channel.id), {
        body: { content: 'Floor: click to get a constant answer.', components: [FLOOR_ROW] },
      });
console.log('ready');
process.once('SIGTERM', () => {
  client.destroy().finally(() => process.exit(0));
});
