/**
 * `npm start` with SHARDS=2 against the local Discord: the main process (discord.js's
 * ShardingManager) applies the migrations, spawns two real shard processes on the one SQLite file,
 * and each plays the table of its own guild, at the same time, without ever touching the other's
 * (every REST call names its shard in its user agent). A shard killed with SIGKILL is started again
 * by the manager and its table resumes from the file; the other shard's table answers all along.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerCommands } from '../src/discord/deploy.js';
import { guildShard } from '../src/localDiscord/gateway.js';
import { LocalDiscord, type RestCall, type ScriptedUser } from '../src/localDiscord/index.js';
import { Store } from '../src/store/store.js';
import {
  botEnv,
  descendants,
  exists,
  killGroup,
  logLines,
  logOrExit,
  type MainProcess,
  runMain,
  survivors,
  within,
} from './support/mainProcess.js';
import { Dice, openPanel, takeTurn } from './support/panelPlayer.js';
import { idOnShard } from './support/shardGuilds.js';

const WAIT_MS = 20_000;

let dir: string;
let discord: LocalDiscord;
let group: number | undefined;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tichu-shards-'));
  // Both shards may identify at once: the manager spawns them without discord.js' 5.5 s pause.
  discord = await LocalDiscord.start({ heartbeatIntervalMs: 30_000, maxConcurrency: 2 });
});
afterEach(async () => {
  killGroup(group);
  group = undefined;
  await discord.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Table {
  readonly guildId: string;
  readonly channelId: string;
  readonly host: ScriptedUser;
  readonly dice: Dice;
}

/** A guild on `shard` of 2 with its table: the host and three bots, started. */
async function tableOnShard(shard: number, name: string): Promise<Table> {
  const { guild, channels } = discord.addGuild(name, ['tichu'], { guildId: idOnShard(discord, shard, 2) });
  const host = discord.addUser(`${name} host`);
  await registerCommands(discord.token, discord.applicationId, guild.id, discord.restUrl);
  return {
    guildId: guild.id,
    channelId: (channels[0] as { id: string }).id,
    host,
    dice: new Dice(shard + 1),
  };
}

async function openWithBots(table: Table): Promise<void> {
  const { host, channelId } = table;
  await host.slash(channelId, 'table', { subcommand: 'create' }).reply(WAIT_MS);
  for (const seat of [2, 3, 4])
    await host.slash(channelId, 'table', { subcommand: 'bot', options: { do: 'add', seat } }).reply(WAIT_MS);
  await host.slash(channelId, 'table', { subcommand: 'start' }).reply(WAIT_MS);
}

/** The host plays `actions` of their decisions (bots play the rest); each click is answered. Bounded. */
async function play(table: Table, actions: number): Promise<void> {
  let done = 0;
  for (let tries = 0; done < actions && tries < 200; tries++) {
    const panel = await openPanel(table.host, table.channelId);
    if (await takeTurn(table.host, panel, table.dice)) done++;
    else await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(done, `the host of ${table.guildId} could not make ${actions} moves`).toBe(actions);
}

/** The guild a REST call was about: its channel's, or its interaction's (callback or webhook). */
function guildOf(call: RestCall): string | undefined {
  const world = discord.hub.world;
  const [, kind, first, second] = call.path.split('/');
  if (kind === 'channels') return world.channels.get(first ?? '')?.guildId;
  if (kind === 'interactions') return world.interactions.get(first ?? '')?.guildId;
  if (kind === 'webhooks') return world.interactionsByToken.get(second ?? '')?.guildId;
  return undefined;
}

/** The shard a call's user agent names ("... shard/1/2"), or null. */
function shardOfCall(call: RestCall): number | null {
  const match = /shard\/(\d+)\/2$/.exec(call.userAgent ?? '');
  return match ? Number(match[1]) : null;
}

/** The pids the manager reported for a shard, in order of start. */
function pidsOf(run: MainProcess, shard: number): number[] {
  return logLines(run.out())
    .filter((l) => l.msg === 'shard started' && l.shard === shard)
    .map((l) => Number(l.pid));
}

async function eventually<T>(check: () => T | undefined, what: string): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const found = check();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${WAIT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('SHARDS=2: two shard processes on one file', () => {
  it('each plays its own guild’s table at once; a shard killed is restarted and resumes, the other never stops', async () => {
    const tables = [await tableOnShard(0, 'Zero'), await tableOnShard(1, 'One')] as const;
    expect(tables.map((t) => guildShard(t.guildId, 2))).toEqual([0, 1]);
    const database = join(dir, 'tichu.sqlite');
    const run = runMain(
      botEnv({
        DISCORD_TOKEN: discord.token,
        DISCORD_APPLICATION_ID: discord.applicationId,
        DISCORD_API_URL: discord.restUrl,
        DATABASE_PATH: database,
        LOG_LEVEL: 'info',
        // Bots move at once: nothing here watches a trick unfold.
        BOT_PACE_MS: '0',
        SHARDS: '2',
      }),
      { detached: true },
    );
    group = run.child.pid;
    const ready = await logOrExit(run, 'ready: invite the bot with this link', WAIT_MS);
    expect(typeof ready === 'object', `the sharded bot did not start:\n${run.out()}`).toBe(true);
    expect(ready).toMatchObject({ shards: 2 });
    expect(discord.gateway.connectedShards()).toEqual([0, 1]);

    // Both tables open and play at the same time, each through its own shard.
    const firstCall = discord.calls.length;
    await Promise.all(tables.map(async (t) => openWithBots(t).then(() => play(t, 4))));
    const calls = discord.calls.slice(firstCall).filter((c) => guildOf(c) !== undefined);
    for (const [shard, table] of tables.entries()) {
      const ofGuild = calls.filter((c) => guildOf(c) === table.guildId);
      expect(ofGuild.length).toBeGreaterThan(10);
      // Every call about this guild came from its own shard; none from the other.
      expect(new Set(ofGuild.map(shardOfCall))).toEqual(new Set([shard]));
    }
    expect(calls.filter((c) => c.status >= 400).map((c) => `${c.method} ${c.route} ${c.status}`)).toEqual([]);

    // SIGKILL shard 0: the manager starts it again; shard 1's table answers meanwhile.
    const [zeroPid] = pidsOf(run, 0);
    const [onePid] = pidsOf(run, 1);
    expect(zeroPid && onePid && zeroPid !== onePid).toBeTruthy();
    process.kill(zeroPid as number, 'SIGKILL');
    await play(tables[1], 2);
    const restartedPid = await eventually(() => pidsOf(run, 0)[1], 'a new shard 0 process');
    expect(restartedPid).not.toBe(zeroPid);
    expect(exists(zeroPid as number)).toBe(false);
    await eventually(
      () =>
        logLines(run.out()).filter((l) => l.msg === 'shard ready' && l.shard === 0).length === 2
          ? true
          : undefined,
      'the restarted shard 0 to connect',
    );
    // The table of shard 0 resumes from the file: its host plays on, answered by the new process.
    const beforeResume = discord.calls.length;
    await play(tables[0], 2);
    const resumed = discord.calls.slice(beforeResume).filter((c) => guildOf(c) === tables[0].guildId);
    expect(new Set(resumed.map(shardOfCall))).toEqual(new Set([0]));
    await play(tables[1], 1);
    // Shard 1 was never restarted.
    expect(pidsOf(run, 1)).toEqual([onePid]);

    // SIGTERM to the main process: both shards drain and close the file; everything exits 0.
    process.kill(run.child.pid as number, 'SIGTERM');
    expect(await within(run.exited, WAIT_MS, 'still running')).toEqual({ code: 0, signal: null });
    expect(await survivors([restartedPid, onePid as number], 5_000)).toEqual([]);
    // One file holds both guilds' tables, each still playing.
    const store = Store.open(database);
    try {
      for (const table of tables)
        expect(store.tables.activeInGuild(table.guildId).map((t) => t.status)).toEqual(['playing']);
    } finally {
      store.close();
    }
  }, 90_000);

  it('SHARD_IDS splits the shards between machines: each main process runs its share on its own file', async () => {
    const tables = [await tableOnShard(0, 'Zero'), await tableOnShard(1, 'One')] as const;
    // Two "machines": both count SHARDS=2, each runs one of them, each with its own database file.
    const runs = [0, 1].map((shard) =>
      runMain(
        botEnv({
          DISCORD_TOKEN: discord.token,
          DISCORD_APPLICATION_ID: discord.applicationId,
          DISCORD_API_URL: discord.restUrl,
          DATABASE_PATH: join(dir, `machine-${shard}.sqlite`),
          LOG_LEVEL: 'info',
          // Bots move at once: nothing here watches a trick unfold.
          BOT_PACE_MS: '0',
          SHARDS: '2',
          SHARD_IDS: String(shard),
        }),
        { detached: true },
      ),
    );
    const groups = runs.map((run) => run.child.pid as number);
    try {
      for (const [shard, run] of runs.entries()) {
        const ready = await logOrExit(run, 'ready: invite the bot with this link', WAIT_MS);
        expect(typeof ready === 'object', `machine ${shard} did not start:\n${run.out()}`).toBe(true);
        expect(ready).toMatchObject({ shards: 2, shardIds: [shard] });
        // One shard process each, the one named.
        expect(
          logLines(run.out())
            .filter((l) => l.msg === 'shard started')
            .map((l) => l.shard),
        ).toEqual([shard]);
      }
      expect(discord.gateway.connectedShards()).toEqual([0, 1]);
      const firstCall = discord.calls.length;
      await Promise.all(tables.map(async (t) => openWithBots(t).then(() => play(t, 3))));
      const calls = discord.calls.slice(firstCall).filter((c) => guildOf(c) !== undefined);
      for (const [shard, table] of tables.entries())
        expect(new Set(calls.filter((c) => guildOf(c) === table.guildId).map(shardOfCall))).toEqual(
          new Set([shard]),
        );
      for (const run of runs) process.kill(run.child.pid as number, 'SIGTERM');
      for (const run of runs)
        expect(await within(run.exited, WAIT_MS, 'still running')).toEqual({ code: 0, signal: null });
    } finally {
      for (const pid of groups) killGroup(pid);
    }
    // Each machine's file holds its own guild's table and nothing of the other's.
    for (const [shard, table] of tables.entries()) {
      const store = Store.open(join(dir, `machine-${shard}.sqlite`));
      try {
        expect(store.tables.activeInGuild(table.guildId).map((t) => t.status)).toEqual(['playing']);
        expect(store.tables.activeInGuild(tables[1 - shard]?.guildId ?? '')).toEqual([]);
      } finally {
        store.close();
      }
    }
  }, 90_000);

  it('a main process killed outright leaves no shard behind: each stops at once, not after a drain', async () => {
    const run = runMain(
      botEnv({
        DISCORD_TOKEN: discord.token,
        DISCORD_APPLICATION_ID: discord.applicationId,
        DISCORD_API_URL: discord.restUrl,
        DATABASE_PATH: join(dir, 'tichu.sqlite'),
        LOG_LEVEL: 'info',
        // Bots move at once: nothing here watches a trick unfold.
        BOT_PACE_MS: '0',
        SHARDS: '2',
      }),
      { detached: true },
    );
    group = run.child.pid;
    const ready = await logOrExit(run, 'ready: invite the bot with this link', WAIT_MS);
    expect(typeof ready === 'object', `the sharded bot did not start:\n${run.out()}`).toBe(true);
    const shardPids = [...pidsOf(run, 0), ...pidsOf(run, 1)];
    expect(shardPids).toHaveLength(2);
    process.kill(run.child.pid as number, 'SIGKILL');
    // Each shard hears its manager is gone and stops at once (no drain, no 5 s guard).
    const stopped = (shard: number) =>
      logLines(run.out()).some((l) => l.msg === 'stopped at once' && l.shard === shard);
    await eventually(() => (stopped(0) && stopped(1) ? true : undefined), 'both shards to stop at once');
    expect(await survivors(shardPids, 5_000)).toEqual([]);
    expect(logLines(run.out()).filter((l) => /did not finish in time/.test(String(l.msg)))).toEqual([]);
  });

  it('SHARDS=auto asks Discord: a recommendation of one shard runs the bot in the one process', async () => {
    await discord.close();
    discord = await LocalDiscord.start({ heartbeatIntervalMs: 30_000, recommendedShards: 1 });
    const run = runMain(
      botEnv({
        DISCORD_TOKEN: discord.token,
        DISCORD_APPLICATION_ID: discord.applicationId,
        DISCORD_API_URL: discord.restUrl,
        DATABASE_PATH: join(dir, 'tichu.sqlite'),
        LOG_LEVEL: 'info',
        // Bots move at once: nothing here watches a trick unfold.
        BOT_PACE_MS: '0',
        SHARDS: 'auto',
      }),
      { detached: true },
    );
    group = run.child.pid;
    const ready = await logOrExit(run, 'ready: invite the bot with this link', WAIT_MS);
    expect(typeof ready === 'object', run.out()).toBe(true);
    expect(logLines(run.out()).some((l) => l.msg === 'shard started')).toBe(false);
    expect(discord.gateway.connectedShards()).toEqual([0]);
    expect(descendantsNamed(run, 'shardMain')).toEqual([]);
    process.kill(run.child.pid as number, 'SIGTERM');
    expect(await within(run.exited, WAIT_MS, 'still running')).toEqual({ code: 0, signal: null });
  });

  it('a token Discord refuses stops a sharded start before any database file or shard process', async () => {
    const database = join(dir, 'tichu.sqlite');
    const run = runMain(
      botEnv({
        DISCORD_TOKEN: 'MTAwMDAwMDAwMDAwMDAwMDAw.wrong.not-this-bots-token',
        DISCORD_APPLICATION_ID: discord.applicationId,
        DISCORD_API_URL: discord.restUrl,
        DATABASE_PATH: database,
        SHARDS: '2',
      }),
      { detached: true },
    );
    group = run.child.pid;
    expect(await within(run.exited, WAIT_MS, 'still running')).toEqual({ code: 1, signal: null });
    expect(run.out()).toContain('Discord refused the token');
    expect(run.out()).not.toContain('not-this-bots-token');
    expect(existsSync(database)).toBe(false);
    expect(discord.gateway.identifies).toBe(0);
  });
});

/** Processes below the main process whose command line names `what`. */
function descendantsNamed(run: MainProcess, what: string): number[] {
  return descendants(run.child.pid as number)
    .filter((p) => p.cmd.includes(what))
    .map((p) => p.pid);
}
