/**
 * The real entry points as separate processes, exactly as `npm start` and `npm run deploy-commands`
 * run them: configuration errors, start-up against the local Discord, one log line per
 * interaction (never the token), a clean exit on SIGTERM, and command registration.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalDiscord } from '../src/localDiscord/index.js';
import { Store } from '../src/store/store.js';
import { eventually } from './support/discordFixture.js';
import { Dice, isTableMessage, openPanel, takeTurn } from './support/panelPlayer.js';

const root = join(import.meta.dirname, '..');
const WAIT_MS = 20_000;

interface Run {
  readonly child: ChildProcess;
  readonly out: () => string;
  readonly exited: Promise<number | null>;
}

/**
 * Runs a script of src/ with tsx's loader in one process (`node --import tsx`: the sources of what
 * `npm start` runs compiled), with only the given environment. test/signals.test.ts runs `npm start`
 * itself.
 */
function run(script: string, env: Record<string, string>): Run {
  let out = '';
  const args = ['--import', 'tsx', join('src', script)];
  const child = spawn(process.execPath, args, {
    cwd: root,
    // Empty values are set on purpose: dotenv never overrides a variable that is set.
    env: {
      PATH: process.env.PATH ?? '',
      DISCORD_TOKEN: '',
      DISCORD_APPLICATION_ID: '',
      DISCORD_DEV_GUILD_ID: '',
      DISCORD_API_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, out: () => out, exited };
}

function lines(text: string): Array<Record<string, unknown>> {
  return text
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

let dir: string;
let discord: LocalDiscord;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tichu-main-'));
  discord = await LocalDiscord.start({ heartbeatIntervalMs: 30_000 });
});
afterEach(async () => {
  await discord.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('npm start', () => {
  it('without a token, says exactly what to set and where to find it, and exits 1', async () => {
    const started = run('main.ts', { DATABASE_PATH: join(dir, 'x.sqlite') });
    expect(await started.exited).toBe(1);
    expect(started.out()).toMatch(/Copy \.env\.example to \.env/);
    // Set empty in its environment (see run): named as such, with where to find the value.
    expect(started.out()).toMatch(
      /DISCORD_TOKEN is set but empty in the environment.*: in https:\/\/discord\.com\/developers\/applications, open your application > Bot > Reset Token/,
    );
    expect(started.out()).toMatch(/DISCORD_APPLICATION_ID is set but empty in the environment/);
  });

  it('runs against the local Discord: logs the invite, one line per interaction, never the token; SIGTERM stops it cleanly', async () => {
    const { guild, channels } = discord.addGuild('Main', ['tichu']);
    const ann = discord.addUser('Ann');
    await import('../src/discord/deploy.js').then((d) =>
      d.registerCommands(discord.token, discord.applicationId, guild.id, discord.restUrl),
    );
    const database = join(dir, 'data', 'tichu.sqlite');
    const bot = run('main.ts', {
      DISCORD_TOKEN: discord.token,
      DISCORD_APPLICATION_ID: discord.applicationId,
      DISCORD_API_URL: discord.restUrl,
      DATABASE_PATH: database,
      LOG_LEVEL: 'info',
      // Bots move at once: nothing here watches a trick unfold.
      BOT_PACE_MS: '0',
    });
    try {
      const ready = await eventually(
        () => lines(bot.out()).find((l) => l.msg === 'ready: invite the bot with this link'),
        'the ready line',
        WAIT_MS,
      );
      expect(ready.invite).toBe(
        `https://discord.com/oauth2/authorize?client_id=${discord.applicationId}&scope=bot+applications.commands&permissions=377957141504`,
      );
      const channel = (channels[0] as { id: string }).id;
      const reply = await ann.slash(channel, 'table', { subcommand: 'create' }).reply(WAIT_MS);
      expect(isTableMessage(reply)).toBe(true);
      const logged = await eventually(
        () => lines(bot.out()).find((l) => l.msg === 'interaction'),
        'the interaction line',
        WAIT_MS,
      );
      expect(logged).toMatchObject({
        user: ann.id,
        guild: guild.id,
        channel,
        kind: '/table create',
        outcome: 'ok',
      });
    } finally {
      bot.child.kill('SIGTERM');
    }
    expect(await bot.exited).toBe(0);
    expect(lines(bot.out()).some((l) => l.msg === 'shutting down' && l.signal === 'SIGTERM')).toBe(true);
    expect(bot.out()).not.toContain(discord.token);
    // The database was closed cleanly and kept the table.
    const store = Store.open(database);
    try {
      expect(store.tables.activeInGuild(guild.id)).toHaveLength(1);
    } finally {
      store.close();
    }
  });

  it('as `npm start` runs it, hard bots think in worker threads and play; SIGTERM ends them', async () => {
    const { guild, channels } = discord.addGuild('Hard', ['tichu']);
    const ann = discord.addUser('Ann');
    await import('../src/discord/deploy.js').then((d) =>
      d.registerCommands(discord.token, discord.applicationId, guild.id, discord.restUrl),
    );
    const database = join(dir, 'hard.sqlite');
    const bot = run('main.ts', {
      DISCORD_TOKEN: discord.token,
      DISCORD_APPLICATION_ID: discord.applicationId,
      DISCORD_API_URL: discord.restUrl,
      DATABASE_PATH: database,
      BOT_HARD_BUDGET_MS: '20',
      BOT_WORKERS: '1',
    });
    const channel = (channels[0] as { id: string }).id;
    /** The bots' moves, read from the file the bot writes; `inPlay`: plays and passes only (searched by hard). */
    const botMoves = (inPlay = false) => {
      const db = new Database(database, { readonly: true });
      try {
        const rows = db.prepare('SELECT action FROM events WHERE user_id IS NULL').all() as Array<{
          action: string;
        }>;
        return rows.filter((r) => !inPlay || /"type":"(play|pass)"/.test(r.action)).length;
      } finally {
        db.close();
      }
    };
    try {
      await eventually(
        () => lines(bot.out()).find((l) => l.msg === 'ready: invite the bot with this link'),
        'ready',
        WAIT_MS,
      );
      await ann.slash(channel, 'table', { subcommand: 'create' }).reply(WAIT_MS);
      for (const seat of [2, 3, 4])
        await ann
          .slash(channel, 'table', { subcommand: 'bot', options: { do: 'add', seat, level: 'hard' } })
          .reply(WAIT_MS);
      await ann.slash(channel, 'table', { subcommand: 'start' }).reply(WAIT_MS);
      const dice = new Dice(3);
      for (let round = 0; round < 200 && botMoves(true) < 12; round++) {
        const before = botMoves();
        if (await takeTurn(ann, await openPanel(ann, channel), dice)) continue;
        // Not Ann's turn: the hard bots owe it; their moves reach the file when their workers answer.
        await eventually(() => (botMoves() > before ? true : undefined), 'a hard bot move', WAIT_MS);
      }
      expect(botMoves(true)).toBeGreaterThanOrEqual(12);
    } finally {
      bot.child.kill('SIGTERM');
    }
    expect(await bot.exited).toBe(0);
    const logged = lines(bot.out());
    expect(logged.filter((l) => (l.level as number) >= 50).map((l) => l.msg)).toEqual([]);
    expect(logged.some((l) => l.msg === 'stopped')).toBe(true);
  });

  it('on a damaged database file, names the file and what to do, and exits 1', async () => {
    const database = join(dir, 'broken.sqlite');
    writeFileSync(database, 'this is not a database, but it is long enough to look like one. '.repeat(40));
    const started = run('main.ts', {
      DISCORD_TOKEN: discord.token,
      DISCORD_APPLICATION_ID: discord.applicationId,
      DISCORD_API_URL: discord.restUrl,
      DATABASE_PATH: database,
    });
    expect(await started.exited).toBe(1);
    expect(started.out()).toContain(database);
    expect(started.out()).toMatch(/restore/i);
  });

  it('refuses a DISCORD_API_URL that is not the local Discord', async () => {
    const started = run('main.ts', {
      DISCORD_TOKEN: discord.token,
      DISCORD_APPLICATION_ID: discord.applicationId,
      DISCORD_API_URL: 'https://example.com/api',
    });
    expect(await started.exited).toBe(1);
    expect(started.out()).toMatch(/DISCORD_API_URL is only for the local Discord/);
  });
});

describe('npm run deploy-commands', () => {
  it('registers the commands on the dev server when one is set, else globally', async () => {
    const { guild } = discord.addGuild('Deploy');
    const database = join(dir, 'deploy.sqlite');
    const env = {
      DISCORD_TOKEN: discord.token,
      DISCORD_APPLICATION_ID: discord.applicationId,
      DISCORD_API_URL: discord.restUrl,
      DATABASE_PATH: database,
    };
    const onServer = run('deployCommands.ts', { ...env, DISCORD_DEV_GUILD_ID: guild.id });
    expect(await onServer.exited).toBe(0);
    expect(onServer.out()).toMatch(new RegExp(`Registered \\d+ commands on server ${guild.id}`));
    // Then the card pictures, as the application's emoji, stored where the bot reads them.
    expect(onServer.out()).toContain('Card emoji: kept 0, uploaded 56, replaced 0.');
    const global = run('deployCommands.ts', env);
    expect(await global.exited).toBe(0);
    expect(global.out()).toMatch(/Registered \d+ commands globally/);
    expect(global.out()).toContain('Card emoji: kept 56, uploaded 0, replaced 0.');
    const puts = discord.calls.filter((c) => c.method === 'PUT').map((c) => c.route);
    expect(puts).toEqual(['/applications/:app/guilds/:guild/commands', '/applications/:app/commands']);
    const store = Store.open(database);
    expect(store.emoji.cardEmoji(discord.applicationId).size).toBe(56);
    store.close();
  });
});

describe('npm run deploy-commands without a configuration', () => {
  it('names each missing key and the .env it looked for, as npm start does, and registers nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tichu-deploy-'));
    try {
      const before = discord.calls.length;
      const child = spawn(
        process.execPath,
        [
          '--import',
          pathToFileURL(join(root, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href,
          join(root, 'src', 'deployCommands.ts'),
        ],
        { cwd: dir, env: { PATH: process.env.PATH ?? '' }, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let out = '';
      child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code).toBe(1);
      expect(out).toContain(`there is no .env file at ${join(dir, '.env')}`);
      expect(out).toMatch(/- DISCORD_TOKEN is missing/);
      expect(out).toMatch(/- DISCORD_APPLICATION_ID is missing/);
      expect(discord.calls.length).toBe(before);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
