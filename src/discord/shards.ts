/**
 * Shards on one machine: which shard a guild belongs to (Discord's formula), what Discord recommends,
 * and the main process of a sharded bot — discord.js's ShardingManager, one process per shard, each
 * restarted (with a growing pause, given up after too many deaths in a row) when it dies. The shards
 * share the one SQLite file: a table lives in one guild, so it is written by one shard only.
 */
import type { ChildProcess } from 'node:child_process';
import { DefaultUserAgentAppendix, REST, Routes, type Shard, ShardingManager } from 'discord.js';
import type { Logger } from 'pino';
import type { ShardLink } from '../metrics/cluster.js';

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

/** The most shard processes one main process runs (SHARDS refuses more; `auto` is capped at it). */
export const MAX_SHARD_PROCESSES = 64;

/**
 * How many shards to run: the count set, or for `auto` Discord's recommendation capped at
 * MAX_SHARD_PROCESSES (`capped` says the recommendation was cut, for a log line).
 */
export function shardCount(
  setting: number | 'auto',
  recommended: number,
): { readonly count: number; readonly capped: boolean } {
  if (setting !== 'auto') return { count: setting, capped: false };
  return { count: Math.min(recommended, MAX_SHARD_PROCESSES), capped: recommended > MAX_SHARD_PROCESSES };
}

/**
 * Discord lets `max_concurrency` sessions identify every 5 s (shard id modulo it names the bucket):
 * when every shard started has its own bucket they start together, else one every 5.5 s (discord.js'
 * pace).
 */
export function spawnDelayMs(ids: readonly number[], maxConcurrency: number): number {
  const buckets = new Set(ids.map((id) => id % maxConcurrency));
  return buckets.size === ids.length ? 0 : 5_500;
}

/** Every shard id of `count`, in order: what one machine runs unless SHARD_IDS names its share. */
export function allShards(count: number): number[] {
  return Array.from({ length: count }, (_, id) => id);
}

/**
 * How a shard that died is started again: after `firstMs`, doubling to `maxMs`, for at most
 * `maxTries` deaths in a row; a shard that stayed up `stableMs` starts the count afresh. Discord
 * allows 1,000 identifies a day: a shard that always fails must not spend them every few seconds.
 */
export interface RestartPolicy {
  readonly firstMs: number;
  readonly maxMs: number;
  readonly stableMs: number;
  readonly maxTries: number;
}

/** 1 s, 2 s, 4 s ... 60 s; ten deaths in a row (about five minutes of failing) and the bot gives up. */
export const RESTART_POLICY: RestartPolicy = {
  firstMs: 1_000,
  maxMs: 60_000,
  stableMs: 5 * 60_000,
  maxTries: 10,
};

/**
 * After a shard's death: its restarts in a row so far (`triesInRow`) and how long it was up decide
 * when it starts again (`delayMs`, and the count that restart makes), or null: give up.
 */
export function nextRestart(
  triesInRow: number,
  upMs: number,
  policy: RestartPolicy = RESTART_POLICY,
): { readonly triesInRow: number; readonly delayMs: number } | null {
  const before = upMs >= policy.stableMs ? 0 : triesInRow;
  if (before >= policy.maxTries) return null;
  return { triesInRow: before + 1, delayMs: Math.min(policy.maxMs, policy.firstMs * 2 ** before) };
}

export interface ShardFleetOptions {
  /** The shard process's entry file (src/shardMain.ts), run by node with `execArgv`. */
  readonly file: string;
  readonly execArgv: readonly string[];
  readonly token: string;
  readonly count: number;
  /** The shards of `count` this machine runs (SHARD_IDS); every one when absent. */
  readonly ids?: readonly number[];
  readonly maxConcurrency: number;
  readonly logger: Logger;
  /** How long one shard may take to connect before the start (or a restart) counts as failed (default 30 s). */
  readonly readyTimeoutMs?: number;
  /** When a shard that died is started again (RESTART_POLICY by default). */
  readonly restartPolicy?: RestartPolicy;
  /**
   * Told once when a shard died too often in a row to be started again (the error line is logged):
   * the main process stops the others and exits non-zero, so a supervisor sees it.
   */
  readonly onGiveUp?: (reason: string) => void;
}

export interface ShardFleet {
  readonly manager: ShardingManager;
  /** Stops every shard (SIGTERM; each drains and closes the file) and restarts none; SIGKILL after `guardMs`. */
  stop(guardMs: number): Promise<void>;
  /** Each shard as the metrics endpoint asks it (the same object each time for a shard). */
  links(): readonly ShardLink[];
}

/** A shard process as the metrics endpoint asks it: over its IPC channel, whichever process runs it now. */
function linkTo(shard: Shard): ShardLink {
  const child = () => shard.process as ChildProcess | null;
  return {
    id: shard.id,
    running: () => {
      const process = child();
      return running(process) && process.connected;
    },
    send(message) {
      const process = child();
      // A channel closing meanwhile: the shard counts as not answering.
      if (running(process) && process.connected) process.send(message as object, () => {});
    },
    onMessage(listener) {
      shard.on('message', listener);
    },
  };
}

/** Whether a child process is still running. */
function running(child: ChildProcess | null): child is ChildProcess {
  return child !== null && child.exitCode === null && child.signalCode === null;
}

/**
 * Spawns the shard processes one after the other, each awaited until its client is connected. A
 * shard that dies during this start, before or after its own ready, fails it (a bad setting would
 * only die again). Once all are up, one that dies is started again by this fleet (discord.js's own
 * respawn stays off: it restarts at once, for ever), on the same file, and the others never notice.
 */
export async function startShards(options: ShardFleetOptions): Promise<ShardFleet> {
  const { logger } = options;
  const policy = options.restartPolicy ?? RESTART_POLICY;
  const readyTimeoutMs = options.readyTimeoutMs ?? 30_000;
  const ids = options.ids ?? allShards(options.count);
  const manager = new ShardingManager(options.file, {
    totalShards: options.count,
    shardList: [...ids],
    token: options.token,
    execArgv: [...options.execArgv],
    respawn: false,
    mode: 'process',
  });
  let stopping = false;
  let started = false;
  /** The first shard death while starting: the start has failed (and starts nothing more). */
  let diedDuringStart: string | null = null;
  let gaveUp = false;
  const restarts = new Map<number, { triesInRow: number; upSince: number }>();
  const timers = new Set<NodeJS.Timeout>();
  const killAll = (signal: NodeJS.Signals) => {
    for (const shard of manager.shards.values()) if (running(shard.process)) shard.process.kill(signal);
  };

  const restart = (shard: Shard, child: ChildProcess) => {
    const state = restarts.get(shard.id) ?? { triesInRow: 0, upSince: Date.now() };
    const next = nextRestart(state.triesInRow, Date.now() - state.upSince, policy);
    const ended = { shard: shard.id, pid: child.pid, code: child.exitCode, signal: child.signalCode };
    if (!next) {
      if (gaveUp) return;
      gaveUp = true;
      const reason = `shard ${shard.id} ended ${state.triesInRow + 1} times in a row; not starting it again`;
      logger.error({ ...ended, triesInRow: state.triesInRow + 1 }, reason);
      options.onGiveUp?.(reason);
      return;
    }
    logger.warn(
      { ...ended, restartInMs: next.delayMs, triesInRow: next.triesInRow },
      'shard process ended; starting it again',
    );
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (stopping || gaveUp) return;
      restarts.set(shard.id, { triesInRow: next.triesInRow, upSince: Date.now() });
      shard.spawn(readyTimeoutMs).catch((error: Error) => {
        logger.error({ shard: shard.id, err: error.message }, 'restarted shard did not connect');
        // One that never connected is ended: its death brings the next (later) try.
        if (running(shard.process)) shard.process.kill('SIGKILL');
      });
    }, next.delayMs);
    timers.add(timer);
  };

  manager.on('shardCreate', (shard: Shard) => {
    // Process mode: each shard is a child process.
    shard.on('spawn', (child) => {
      // A start already failed: a shard spawned after that is ended at once (its spawn fails).
      if (diedDuringStart || stopping) {
        (child as ChildProcess).kill('SIGKILL');
        return;
      }
      if (!restarts.has(shard.id)) restarts.set(shard.id, { triesInRow: 0, upSince: Date.now() });
      logger.info({ shard: shard.id, pid: (child as ChildProcess).pid }, 'shard started');
    });
    shard.on('death', (died) => {
      if (stopping) return;
      const child = died as ChildProcess;
      if (!started) {
        logger.error(
          { shard: shard.id, pid: child.pid, code: child.exitCode, signal: child.signalCode },
          'shard process ended during start',
        );
        if (!diedDuringStart) {
          diedDuringStart = `shard ${shard.id} ended during start (exit code ${child.exitCode ?? child.signalCode}); its log lines above say why`;
          // The shard being awaited dies too, so the manager's spawn ends now rather than at its timeout.
          killAll('SIGTERM');
        }
        return;
      }
      restart(shard, child);
    });
    shard.on('error', (error: Error) =>
      logger.error({ shard: shard.id, err: error.message }, 'shard failed'),
    );
  });
  const links = new Map<Shard, ShardLink>();
  const fleet: ShardFleet = {
    manager,
    links() {
      return [...manager.shards.values()].map((shard) => {
        let link = links.get(shard);
        if (!link) {
          link = linkTo(shard);
          links.set(shard, link);
        }
        return link;
      });
    },
    async stop(guardMs) {
      stopping = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      const children = [...manager.shards.values()].map((shard) => shard.process).filter(running);
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
  let failure: unknown = null;
  try {
    await manager.spawn({
      amount: options.count,
      delay: spawnDelayMs(ids, options.maxConcurrency),
      timeout: readyTimeoutMs,
    });
  } catch (error) {
    failure = error;
  }
  if (failure !== null || diedDuringStart !== null) {
    await fleet.stop(5_000);
    throw diedDuringStart !== null ? new Error(diedDuringStart) : failure;
  }
  // From here on a shard that dies is started again by `restart`, with a pause that grows.
  started = true;
  return fleet;
}
