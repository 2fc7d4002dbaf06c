/** Guilds placed on chosen shards: a test of sharding needs guilds that land on different ones. */
import { guildShard } from '../../src/localDiscord/gateway.js';
import type { LocalDiscord } from '../../src/localDiscord/index.js';

/** A fresh snowflake moved forward (whole milliseconds) until it falls on `shard` of `count`. */
export function idOnShard(discord: LocalDiscord, shard: number, count: number): string {
  let id = BigInt(discord.hub.world.ids.next());
  for (let i = 0; i < count && guildShard(String(id), count) !== shard; i++) id += 1n << 22n;
  return String(id);
}
