/**
 * Shards on one machine: which shard a guild belongs to (Discord's formula), what Discord recommends,
 * and the main process of a sharded bot — discord.js's ShardingManager, one process per shard, each
 * restarted by the manager when it dies. The shards share the one SQLite file: a table lives in one
 * guild, so it is written by one shard only.
 */
import type { ChildProcess } from 'node:child_process';
import { DefaultUserAgentAppendix, REST, Routes, type Shard, ShardingManager } from 'discord.js';
import type { Logger } from 'pino';

/** One shard of `count`: the one a process runs. */
export interface ShardId {
  readonly id: number;
  readonly count: number;
}

/** Discord's formula: the shard whose gateway session receives a guild's events. */
export function shardOf(guildId: string, count: number): number {
  return Number((BigInt(guildId) >> 22n) % BigInt(count));
}

/** Whether a guild's tables are this shard's to run (every guild when there is one shard). */
export function ownedBy(shard: ShardId): (guildId: string) => boolean {
  if (shard.count === 1) return () => true;
  return (guildId) => shardOf(guildId, shard.count) === shard.id;
}

/**
 * The REST user agent's tail for a shard's requests ("shard/1/2"), so each request says which shard
 * sent it (Discord ignores it; the local Discord's tests read it). discord.js' client puts its own
 * name and Node's version before it; a bare REST client is given `restUserAgent`.
 */
export function shardTag(shard: ShardId): string {
  return `shard/${shard.id}/${shard.count}`;
}

/** The user agent tail of a REST client made outside discord.js' client: Node's version, then the shard. */
export function restUserAgent(shard: ShardId): string {
  return `${DefaultUserAgentAppendix} ${shardTag(shard)}`;
}

/** The bot's own channel writes a second, all shards together (Discord's global limit is 50). */
export const CHANNEL_WRITES_PER_SECOND = 45;

/** One shard's share of the channel writes a second (at least one). */
export function sharedWrites(shard: ShardId): number {
  return Math.max(1, Math.floor(CHANNEL_WRITES_PER_SECOND / shard.count));
}

/** What GET /gateway/bot says: how many shards Discord recommends, and how many may identify at once. */
export interface GatewayAdvice {
  readonly shards: number;
  readonly maxConcurrency: number;
}

/**
 * Asks Discord (or the local Discord at `api`) for the recommended shard count. It also proves the
 * token: a refused one fails here, before any process is spawned.
 */
export async function gatewayAdvice(token: string, api?: string): Promise<GatewayAdvice> {
  const rest = new REST({ version: '10', ...(api ? { api } : {}) }).setToken(token);
  const body = (await rest.get(Routes.gatewayBot())) as {
    shards?: unknown;
    session_start_limit?: { max_concurrency?: unknown };
  };
  const shards = Number(body.shards);
  const maxConcurrency = Number(body.session_start_limit?.max_concurrency ?? 1);
  return {
    shards: Number.isInteger(shards) && shards >= 1 ? shards : 1,
    maxConcurrency: Number.isInteger(maxConcurrency) && maxConcurrency >= 1 ? maxConcurrency : 1,
  };
}

/**
 * Discord lets `max_concurrency` sessions identify every 5 s (shard id modulo it names the bucket):
 * when every shard has its own bucket they start together, else one every 5.5 s (discord.js' pace).
 */
export function spawnDelayMs(count: number, maxConcurrency: number): number {
  return count <= maxConcurrency ? 0 : 5_500;
}

export interface ShardFleetOptions {
  /** The shard process's entry file (src/shardMain.ts), run by node with `execArgv`. */
  readonly file: string;
  readonly execArgv: readonly string[];
  readonly token: string;
  readonly count: number;
  readonly maxConcurrency: number;
  readonly logger: Logger;
  /** How long one shard may take to connect before the start counts as failed (default 30 s). */
  readonly readyTimeoutMs?: number;
}

export interface ShardFleet {
  readonly manager: ShardingManager;
  /** Stops every shard (SIGTERM; each drains and closes the file) and restarts none; SIGKILL after `guardMs`. */
  stop(guardMs: number): Promise<void>;
}

/**
 * Spawns the shard processes one after the other, each awaited until its client is connected. A
 * shard that dies during this start fails it (a bad setting would only die again); once all are up,
 * one that dies is spawned again by discord.js, on the same file, and the others never notice.
 */
export async function startShards(options: ShardFleetOptions): Promise<ShardFleet> {
  const { logger } = options;
  const manager = new ShardingManager(options.file, {
    totalShards: options.count,
    token: options.token,
    execArgv: [...options.execArgv],
    respawn: false,
    mode: 'process',
  });
  let stopping = false;
  manager.on('shardCreate', (shard: Shard) => {
    // Process mode: each shard is a child process.
    shard.on('spawn', (child) => {
      logger.info({ shard: shard.id, pid: (child as ChildProcess).pid }, 'shard started');
    });
    shard.on('death', (died) => {
      if (stopping) return;
      const child = died as ChildProcess;
      const restart = manager.respawn;
      logger.warn(
        { shard: shard.id, pid: child.pid, code: child.exitCode, signal: child.signalCode, restart },
        restart ? 'shard process ended; starting it again' : 'shard process ended',
      );
    });
    shard.on('error', (error: Error) =>
      logger.error({ shard: shard.id, err: error.message }, 'shard failed'),
    );
  });
  const fleet: ShardFleet = {
    manager,
    async stop(guardMs) {
      stopping = true;
      manager.respawn = false;
      const children = [...manager.shards.values()]
        .map((shard) => shard.process)
        .filter(
          (child): child is ChildProcess =>
            child !== null && child.exitCode === null && child.signalCode === null,
        );
      const exits = children.map(
        (child) => new Promise<void>((resolve) => child.once('exit', () => resolve())),
      );
      for (const child of children) child.kill('SIGTERM');
      const guard = setTimeout(() => {
        for (const child of children) child.kill('SIGKILL');
      }, guardMs);
      await Promise.all(exits);
      clearTimeout(guard);
    },
  };
  try {
    await manager.spawn({
      amount: options.count,
      delay: spawnDelayMs(options.count, options.maxConcurrency),
      timeout: options.readyTimeoutMs ?? 30_000,
    });
  } catch (error) {
    await fleet.stop(5_000);
    throw error;
  }
  // From here on a shard that dies is started again (read by discord.js when the process exits).
  manager.respawn = true;
  return fleet;
}
