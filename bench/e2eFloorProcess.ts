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
import { ChannelType } from 'discord.js';
import { connectFloor, postFloorMessages } from './e2eFloor.js';

const { FLOOR_TOKEN, FLOOR_API, FLOOR_SHARD, FLOOR_SHARDS } = process.env;
if (!FLOOR_TOKEN || !FLOOR_API) throw new Error('FLOOR_TOKEN and FLOOR_API are required');
const client = await connectFloor({
  token: FLOOR_TOKEN,
  api: FLOOR_API,
  shard: { id: Number(FLOOR_SHARD ?? 0), count: Number(FLOOR_SHARDS ?? 1) },
});
// Every text channel of this shard's guilds.
const channels = [...client.guilds.cache.values()].flatMap((guild) =>
  [...guild.channels.cache.values()].filter((c) => c.type === ChannelType.GuildText).map((c) => c.id),
);
await postFloorMessages(client, channels);
console.log('ready');
process.once('SIGTERM', () => {
  client.destroy().finally(() => process.exit(0));
});
