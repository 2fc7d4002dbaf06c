/** The shard helpers: Discord's guild-to-shard formula, the spawn pace, each shard's share of the global limit. */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_SHARDS } from '../../src/config.js';
import {
  allShards,
  MAX_SHARD_PROCESSES,
  nextRestart,
  ownedBy,
  RESTART_POLICY,
  restUserAgent,
  type ShardFleet,
  shardCount,
  shardOf,
  shardTag,
  sharedWrites,
  spawnDelayMs,
  startShards,
} from '../../src/discord/shards.js';
import { survivors } from '../support/mainProcess.js';

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
    expect([
      spawnDelayMs([0, 1], 1),
      spawnDelayMs([0, 1], 2),
      spawnDelayMs(allShards(16), 16),
      spawnDelayMs(allShards(17), 16),
    ]).toEqual([5_500, 0, 0, 5_500]);
    // A machine's share of the shards: ids in different buckets start together, else paced.
    expect([spawnDelayMs([2, 3], 16), spawnDelayMs([1, 17], 16), spawnDelayMs([5], 1)]).toEqual([
      0, 5_500, 0,
    ]);
  });

  it('shares the 45 channel writes a second among the shards, at least one each', () => {
    expect([1, 2, 3, 64].map((count) => sharedWrites({ id: 0, count }))).toEqual([45, 22, 15, 1]);
  });

  it('runs the count set, or Discord’s recommendation capped at 64 (the most SHARDS accepts)', () => {
    expect([
      shardCount(3, 200),
      shardCount('auto', 5),
      shardCount('auto', 64),
      shardCount('auto', 65),
    ]).toEqual([
      { count: 3, capped: false },
      { count: 5, capped: false },
      { count: 64, capped: false },
      { count: 64, capped: true },
    ]);
    expect(MAX_SHARD_PROCESSES).toBe(MAX_SHARDS);
  });

  it('names the shard in the user agent', () => {
    expect(shardTag({ id: 1, count: 2 })).toBe('shard/1/2');
    expect(restUserAgent({ id: 0, count: 3 })).toMatch(/^Node\.js\/\d+.* shard\/0\/3$/);
  });
});

describe('restarts', () => {
  const policy = { firstMs: 1_000, maxMs: 60_000, stableMs: 300_000, maxTries: 10 };

  it('waits 1 s, doubling to 60 s, for each death in a row, and gives up after the tenth', () => {
    const delays: number[] = [];
    let tries = 0;
    for (let i = 0; i < 20; i++) {
      const next = nextRestart(tries, 2_000, policy);
      if (!next) break;
      delays.push(next.delayMs);
      tries = next.triesInRow;
    }
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000, 60_000]);
    expect(nextRestart(10, 299_999, policy)).toBeNull();
  });

  it('starts the count afresh once a shard stayed up five minutes', () => {
    expect(nextRestart(9, 300_000, policy)).toEqual({ triesInRow: 1, delayMs: 1_000 });
    expect(nextRestart(10, 300_000, policy)).toEqual({ triesInRow: 1, delayMs: 1_000 });
    expect(RESTART_POLICY).toEqual(policy);
  });
});

/**
 * What a stand-in shard process does on each of its starts (the last repeats): connects ("ready")
 * and stays; connects, then dies after `ms`; dies at once; or connects only after `ms`.
 */
type Step = 'stay' | { readyThenDieMs: number } | 'die' | { readyAfterMs: number };

describe('the fleet of shard processes (stand-in shards, no Discord)', () => {
  let dir: string;
  let fleet: ShardFleet | null = null;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'tichu-fleet-'));
  });
  afterEach(async () => {
    await fleet?.stop(2_000);
    fleet = null;
    rmSync(dir, { recursive: true, force: true });
  });

  /** A shard script following `plans[shard]`, logging each start (its shard id) to `starts`. */
  function standIn(plans: Step[][]): { file: string; starts: () => number[]; pids: () => number[] } {
    const file = join(dir, 'shard.mjs');
    const starts = join(dir, 'starts');
    writeFileSync(
      file,
      `import { appendFileSync, existsSync, readFileSync } from 'node:fs';
const id = Number(process.env.SHARDS);
const plans = ${JSON.stringify(plans)};
const log = ${JSON.stringify(starts)};
const before = existsSync(log) ? readFileSync(log, 'utf8').split('\\n').filter((l) => l.startsWith(id + ' ')).length : 0;
appendFileSync(log, id + ' ' + process.pid + '\\n');
const plan = plans[id];
const step = plan[Math.min(before, plan.length - 1)];
const ready = () => process.send({ _ready: true });
process.on('disconnect', () => process.exit(0));
if (step === 'die') process.exit(3);
else if (step === 'stay') ready();
else if ('readyThenDieMs' in step) { ready(); setTimeout(() => process.exit(4), step.readyThenDieMs); }
else setTimeout(ready, step.readyAfterMs);
setInterval(() => {}, 1_000);
`,
    );
    const lines = () =>
      existsSync(starts)
        ? readFileSync(starts, 'utf8')
            .split('\n')
            .filter((l) => l !== '')
            .map((l) => l.split(' ').map(Number) as [number, number])
        : [];
    return { file, starts: () => lines().map(([id]) => id), pids: () => lines().map(([, pid]) => pid) };
  }

  const quiet = pino({ level: 'silent' });
  const fast = { firstMs: 10, maxMs: 40, stableMs: 60_000, maxTries: 3 };

  it('fails the start when a shard dies after its ready but before the last shard is up, leaving none running', async () => {
    const { file, starts, pids } = standIn([[{ readyThenDieMs: 50 }], [{ readyAfterMs: 1_500 }]]);
    await expect(
      startShards({ file, execArgv: [], token: 'x', count: 2, maxConcurrency: 2, logger: quiet }),
    ).rejects.toThrow(/shard 0 ended during start \(exit code 4\)/);
    // Nothing was started again, and no shard is left running.
    expect(starts().filter((id) => id === 0)).toEqual([0]);
    expect(await survivors(pids(), 2_000)).toEqual([]);
  });

  it('restarts a shard that died with a growing pause and gives up after too many deaths in a row', async () => {
    const { file, starts } = standIn([['stay'], [{ readyThenDieMs: 20 }, 'die']]);
    let gaveUp: string | null = null;
    const done = new Promise<void>((resolve) => {
      startShards({
        file,
        execArgv: [],
        token: 'x',
        count: 2,
        maxConcurrency: 2,
        logger: quiet,
        restartPolicy: fast,
        onGiveUp: (reason) => {
          gaveUp = reason;
          resolve();
        },
      }).then((started) => {
        fleet = started;
      });
    });
    await within(done, 15_000);
    expect(gaveUp).toBe('shard 1 ended 4 times in a row; not starting it again');
    // Shard 1: its first start and three restarts; shard 0 was never touched.
    expect(starts().filter((id) => id === 1)).toHaveLength(4);
    expect(starts().filter((id) => id === 0)).toHaveLength(1);
  });
});

/** Resolves with `promise`, or fails after `ms` (a bound on a wait, not a timing assertion). */
async function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const guard = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`nothing after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, guard]);
  } finally {
    clearTimeout(timer);
  }
}
