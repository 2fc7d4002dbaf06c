/**
 * `npm start` exactly as the README says (dist/ built first when stale, then the compiled bot),
 * against the local Discord: one process under npm, so a SIGTERM or SIGINT sent to npm (as a
 * process manager does) reaches the bot, which drains, closes the database and exits 0, and no
 * process of the tree outlives it. A stop that hangs is ended by
 * the 5 s guard, non-zero, with a log line.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalDiscord } from '../src/localDiscord/index.js';
import { Store } from '../src/store/store.js';
import {
  botEnv,
  descendants,
  killGroup,
  logLines,
  logOrExit,
  type MainProcess,
  runMain,
  spawnProcess,
  survivors,
  within,
} from './support/mainProcess.js';

const WAIT_MS = 20_000;

let dir: string;
let discord: LocalDiscord;
let group: number | undefined;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tichu-signals-'));
  discord = await LocalDiscord.start({ heartbeatIntervalMs: 30_000 });
});
afterEach(async () => {
  // Whatever this test started and is still there (after a failure) ends here.
  killGroup(group);
  group = undefined;
  await discord.close();
  rmSync(dir, { recursive: true, force: true });
});

function env(database: string): Record<string, string> {
  return botEnv({
    DISCORD_TOKEN: discord.token,
    DISCORD_APPLICATION_ID: discord.applicationId,
    DISCORD_API_URL: discord.restUrl,
    DATABASE_PATH: database,
    LOG_LEVEL: 'info',
    // Bots move at once: nothing here watches a trick unfold.
    BOT_PACE_MS: '0',
  });
}

async function ready(run: MainProcess): Promise<void> {
  const line = await logOrExit(run, 'ready: invite the bot with this link', WAIT_MS);
  expect(typeof line === 'object', `the bot did not start:\n${run.out()}`).toBe(true);
}

describe('npm start and signals', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s sent to npm: the bot (npm’s only child) drains, closes the database, exits 0; nothing outlives it',
    async (signal) => {
      const { guild, channels } = discord.addGuild('Signals', ['tichu']);
      const ann = discord.addUser('Ann');
      await import('../src/discord/deploy.js').then((d) =>
        d.registerCommands(discord.token, discord.applicationId, guild.id, discord.restUrl),
      );
      const database = join(dir, 'tichu.sqlite');
      // Its own process group, as a service manager would start it; the test signals npm's pid only.
      const npm = spawnProcess('npm', ['start'], env(database), { detached: true });
      group = npm.child.pid;
      const npmPid = npm.child.pid ?? 0;
      await ready(npm);
      const channel = (channels[0] as { id: string }).id;
      await ann.slash(channel, 'table', { subcommand: 'create' }).reply(WAIT_MS);

      const tree = descendants(npmPid);
      process.kill(npmPid, signal);
      expect(await within(npm.exited, WAIT_MS, 'npm still running')).toEqual({ code: 0, signal: null });
      // The bot and its process group are gone (bounded wait: npm reaps its child before exiting).
      expect(await survivors([...tree.map((p) => p.pid), -npmPid], 5_000)).toEqual([]);
      group = undefined;

      // One process under npm: the compiled bot itself, run by plain node, with no shell, launcher
      // or tsx between them (scripts/build.mjs checked dist/ and ended before the shell exec'd it),
      // and nothing below it.
      const children = tree.filter((p) => p.ppid === npmPid);
      expect(
        children.map((p) => p.cmd),
        JSON.stringify(tree),
      ).toEqual([expect.stringMatching(/^\S*node dist\/src\/main\.js$/)]);
      expect(
        tree.filter((p) => p.ppid !== npmPid),
        JSON.stringify(tree),
      ).toEqual([]);

      const logged = logLines(npm.out());
      expect(logged.some((l) => l.msg === 'shutting down' && l.signal === signal)).toBe(true);
      expect(logged.some((l) => l.msg === 'stopped')).toBe(true);
      expect(logged.filter((l) => (l.level as number) >= 50).map((l) => l.msg)).toEqual([]);
      // Closed cleanly: SQLite removed the WAL on the last close, and the table is in the file.
      expect(existsSync(`${database}-wal`)).toBe(false);
      const store = Store.open(database);
      try {
        expect(store.tables.activeInGuild(guild.id)).toHaveLength(1);
      } finally {
        store.close();
      }
    },
  );

  it('npm run dev (tsx watch) starts the bot, and Ctrl-C (SIGINT to the whole group) stops every process', async () => {
    const npm = spawnProcess('npm', ['run', 'dev'], env(join(dir, 'dev.sqlite')), { detached: true });
    group = npm.child.pid;
    const npmPid = npm.child.pid ?? 0;
    await ready(npm);
    const tree = descendants(npmPid);
    // What a terminal does on Ctrl-C: the signal goes to every process of the foreground group.
    process.kill(-npmPid, 'SIGINT');
    expect(await within(npm.exited, WAIT_MS, 'npm still running')).not.toBe('npm still running');
    expect(await survivors([...tree.map((p) => p.pid), -npmPid], 5_000)).toEqual([]);
    group = undefined;
    expect(logLines(npm.out()).some((l) => l.msg === 'stopped')).toBe(true);
  });

  it('a stop that cannot drain (Discord never answers a reply) is ended by the 5 s guard: exit 1, logged', async () => {
    const { guild, channels } = discord.addGuild('Stuck', ['tichu']);
    const ann = discord.addUser('Ann');
    await import('../src/discord/deploy.js').then((d) =>
      d.registerCommands(discord.token, discord.applicationId, guild.id, discord.restUrl),
    );
    const bot = runMain(env(join(dir, 'stuck.sqlite')), { detached: true });
    group = bot.child.pid;
    await ready(bot);
    // Every answer to an interaction is held: the handler in flight never finishes.
    const hold = discord.holdRequests((method, path) => method === 'POST' && path.includes('/callback'));
    void ann.slash((channels[0] as { id: string }).id, 'table', { subcommand: 'create' });
    await within(hold.arrived, WAIT_MS, undefined);
    bot.child.kill('SIGTERM');
    expect(await within(bot.exited, WAIT_MS, 'still running after the guard')).toEqual({
      code: 1,
      signal: null,
    });
    const logged = logLines(bot.out());
    expect(logged.find((l) => l.msg === 'shutdown did not finish in time; exiting anyway')).toMatchObject({
      signal: 'SIGTERM',
      afterMs: 5_000,
    });
    hold.release();
  });
});
