/** The shard helpers: Discord's guild-to-shard formula, the spawn pace, each shard's share of the global limit. */
import { describe, expect, it } from 'vitest';
import {
  ownedBy,
  restUserAgent,
  shardOf,
  shardTag,
  sharedWrites,
  spawnDelayMs,
} from '../../src/discord/shards.js';

describe('shards', () => {
  it('puts a guild on shard (id >> 22) % count: the timestamp bits, not the low ones', () => {
    const at = (ms: bigint, low: bigint) => String((ms << 22n) | low);
    expect([0n, 1n, 2n, 3n].map((ms) => shardOf(at(1_000_000_000n + ms, 4095n), 4))).toEqual([0, 1, 2, 3]);
    expect(shardOf(at(1_000_000_001n, 0n), 2)).toBe(shardOf(at(1_000_000_001n, 4_194_303n), 2));
    expect([ownedBy({ id: 1, count: 2 })(at(7n, 0n)), ownedBy({ id: 1, count: 2 })(at(8n, 0n))]).toEqual([
      true,
      false,
    ]);
  });

  it('spawns shards together only when each has its own identify bucket, else every 5.5 s', () => {
    expect([spawnDelayMs(2, 1), spawnDelayMs(2, 2), spawnDelayMs(16, 16), spawnDelayMs(17, 16)]).toEqual([
      5_500, 0, 0, 5_500,
    ]);
  });

  it('shares the 45 channel writes a second among the shards, at least one each', () => {
    expect([1, 2, 3, 64].map((count) => sharedWrites({ id: 0, count }))).toEqual([45, 22, 15, 1]);
  });

  it('names the shard in the user agent', () => {
    expect(shardTag({ id: 1, count: 2 })).toBe('shard/1/2');
    expect(restUserAgent({ id: 0, count: 3 })).toMatch(/^Node\.js\/\d+.* shard\/0\/3$/);
  });
});
