/**
 * `npm start` runs the bot compiled: scripts/build.mjs builds dist/ with the project's tsc when it
 * is missing or stale (and only then), then the shell execs `node dist/src/main.js`. Run in a copy
 * of the project (its node_modules linked), so the real dist/ is never touched. The compiled bot
 * says what to do without a token exactly as the sources do, and, sharded, its shards and the hard
 * bots' worker threads run the compiled files with plain node.
 */
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerCommands } from '../src/discord/deploy.js';
import { LocalDiscord } from '../src/localDiscord/index.js';
import { eventually } from './support/discordFixture.js';
import {
  botEnv,
  descendants,
  killGroup,
  logLines,
  logOrExit,
  plainLines,
  ROOT,
  spawnProcess,
  TSX,
  within,
} from './support/mainProcess.js';
import { Dice, openPanel, takeTurn } from './support/panelPlayer.js';
import { idOnShard } from './support/shardGuilds.js';

const WAIT_MS = 20_000;
/** A build is seconds (the native tsc); this bounds one on a loaded machine. */
const BUILD_MS = 60_000;
const BUILT = /^Built dist\/ with TypeScript in \d+\.\d s \((.*)\)\.$/m;

let copy: string;
beforeAll(() => {
  copy = mkdtempSync(join(tmpdir(), 'tichu-build-'));
  for (const entry of ['src', 'commands', 'migrations', 'assets/cards/png', 'scripts'])
    cpSync(join(ROOT, entry), join(copy, entry), { recursive: true });
  for (const file of ['package.json', 'tsconfig.json', 'tsconfig.build.json'])
    cpSync(join(ROOT, file), join(copy, file));
  symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
});
afterAll(() => {
  rmSync(copy, { recursive: true, force: true });
});

/** `node scripts/build.mjs --if-stale` in the copy: what `npm start` runs before the bot. */
function buildIfStale(): { status: number | null; out: string } {
  const run = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], {
    cwd: copy,
    env: { PATH: process.env.PATH ?? '' },
    encoding: 'utf8',
    timeout: BUILD_MS,
  });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

const stampTime = () => statSync(join(copy, 'dist', '.build.json')).mtimeMs;

describe('npm start builds dist/ when it is missing or stale', () => {
  it('builds when missing, not when fresh, again when a source is newer; a type error fails it', () => {
    const first = buildIfStale();
    expect(first.status, first.out).toBe(0);
    expect(first.out.match(BUILT)?.[1], first.out).toBe('dist/ is missing');
    // The compiled sources, and what they find by path at run time, relative to themselves.
    for (const file of [
      'src/main.js',
      'src/shardMain.js',
      'commands/index.js',
      'src/bots/decisionWorker.mjs',
      'src/bots/decisionWorker.js',
      'src/store/backupWorker.mjs',
      'src/review/reviewWorker.mjs',
      'src/discord/rest/restWorker.mjs',
      'src/play/public/app.js',
      'migrations/0001_init.sql',
      'assets/cards/png/10jd.png',
    ])
      expect(existsSync(join(copy, 'dist', file)), file).toBe(true);
    expect(existsSync(join(copy, 'dist', 'src', 'main.ts'))).toBe(false);
    // Built beside dist/ and swapped in: nothing of it left behind.
    expect(readdirSync(copy).filter((name) => name.startsWith('.dist-'))).toEqual([]);

    const built = stampTime();
    const fresh = buildIfStale();
    expect(fresh).toEqual({ status: 0, out: '' });
    expect(stampTime()).toBe(built);

    // A source saved after the build.
    const later = new Date(Date.now() + 5_000);
    utimesSync(join(copy, 'src', 'cliUsage.ts'), later, later);
    const rebuilt = buildIfStale();
    expect(rebuilt.status, rebuilt.out).toBe(0);
    expect(rebuilt.out.match(BUILT)?.[1], rebuilt.out).toBe('the sources changed since the last build');
    expect(stampTime()).toBeGreaterThan(built);
    expect(buildIfStale()).toEqual({ status: 0, out: '' });

    // A type error: the compiler's message, a plain sentence, a non-zero exit; the last build kept.
    const source = join(copy, 'src', 'cliUsage.ts');
    const text = readFileSync(source, 'utf8');
    writeFileSync(source, `${text}\nexport const broken: number = 'not a number';\n`);
    const failed = buildIfStale();
    expect(failed.status, failed.out).toBe(1);
    expect(failed.out).toMatch(/src\/cliUsage\.ts.*error TS2322/);
    expect(failed.out).toMatch(
      /^The build failed: TypeScript found the errors above .* so the bot was not started\./m,
    );
    expect(failed.out).not.toMatch(BUILT);
    expect(existsSync(join(copy, 'dist', 'src', 'main.js'))).toBe(true);
    expect(readdirSync(copy).filter((name) => name.startsWith('.dist-'))).toEqual([]);
    writeFileSync(source, text);
    const fixed = buildIfStale();
    expect(fixed.status, fixed.out).toBe(0);
    expect(fixed.out).toMatch(BUILT);
  });

  it('the compiled bot without a token says what to do, word for word as the sources do, and exits 1', async () => {
    // Missing, not empty: the message then also points at npm run play.
    const env = { PATH: process.env.PATH ?? '', ...(process.env.HOME ? { HOME: process.env.HOME } : {}) };
    const started = spawnProcess('npm', ['start'], env, { cwd: copy });
    const sources = spawnProcess(process.execPath, ['--import', TSX, join('src', 'main.ts')], env, {
      cwd: copy,
    });
    expect(await within(started.exited, BUILD_MS, 'still running')).toEqual({ code: 1, signal: null });
    expect(await within(sources.exited, WAIT_MS, 'still running')).toEqual({ code: 1, signal: null });
    // (A build line, had this run alone, is no part of what the bot says.)
    const said = plainLines(started.out()).filter((line) => !BUILT.test(line));
    expect(said).toEqual(plainLines(sources.out()));
    expect(said[0]).toContain(`The bot cannot start: there is no .env file at ${join(copy, '.env')}`);
    expect(said).toContain('No Discord application yet? Try it locally: npm run play');
  });
});

describe('the compiled bot, sharded, with hard bots', () => {
  let discord: LocalDiscord | undefined;
  let group: number | undefined;
  afterEach(async () => {
    killGroup(group);
    group = undefined;
    await discord?.close();
  });

  it('runs dist/src/shardMain.js with plain node; the hard bots decide in compiled workers; SIGTERM ends it', async () => {
    const local = await LocalDiscord.start({ heartbeatIntervalMs: 30_000, maxConcurrency: 2 });
    discord = local;
    const { guild, channels } = local.addGuild('Compiled', ['tichu'], { guildId: idOnShard(local, 1, 2) });
    const ann = local.addUser('Ann');
    await registerCommands(local.token, local.applicationId, guild.id, local.restUrl);
    const database = join(copy, 'compiled.sqlite');
    const bot = spawnProcess(
      process.execPath,
      [join('dist', 'src', 'main.js')],
      botEnv({
        DISCORD_TOKEN: local.token,
        DISCORD_APPLICATION_ID: local.applicationId,
        DISCORD_API_URL: local.restUrl,
        DATABASE_PATH: database,
        SHARDS: '2',
        BOT_HARD_BUDGET_MS: '20',
        BOT_WORKERS: '1',
        LOG_LEVEL: 'info',
      }),
      { cwd: copy, detached: true },
    );
    group = bot.child.pid;
    const ready = await logOrExit(bot, 'ready: invite the bot with this link', WAIT_MS);
    expect(typeof ready === 'object', `the bot did not start:\n${bot.out()}`).toBe(true);
    const shards = descendants(bot.child.pid ?? 0).filter((p) => p.ppid === bot.child.pid);
    expect(
      shards.map((p) => p.cmd),
      JSON.stringify(shards),
    ).toEqual([
      expect.stringMatching(/^\S*node \S*\/dist\/src\/shardMain\.js$/),
      expect.stringMatching(/^\S*node \S*\/dist\/src\/shardMain\.js$/),
    ]);

    const channel = (channels[0] as { id: string }).id;
    const hardMoves = () => {
      const db = new Database(database, { readonly: true });
      try {
        const rows = db.prepare('SELECT action FROM events WHERE user_id IS NULL').all() as Array<{
          action: string;
        }>;
        return rows.filter((r) => /"type":"(play|pass)"/.test(r.action)).length;
      } finally {
        db.close();
      }
    };
    await ann.slash(channel, 'table', { subcommand: 'create' }).reply(WAIT_MS);
    for (const seat of [2, 3, 4])
      await ann
        .slash(channel, 'table', { subcommand: 'bot', options: { do: 'add', seat, level: 'hard' } })
        .reply(WAIT_MS);
    await ann.slash(channel, 'table', { subcommand: 'start' }).reply(WAIT_MS);
    const dice = new Dice(5);
    // Ann's panel may show nothing to do for a moment the table is about to wait on her (the bots'
    // exchange finishing as she looks, then her Mah Jong lead): so between looks, wait for a hard
    // move only a while, then look again. Bounded by rounds and by a deadline.
    const deadline = Date.now() + 4 * WAIT_MS;
    for (let round = 0; round < 200 && hardMoves() < 4 && Date.now() < deadline; round++) {
      const before = hardMoves();
      if (await takeTurn(ann, await openPanel(ann, channel), dice)) continue;
      await eventually(() => (hardMoves() > before ? true : undefined), 'a hard bot move', 2_000).catch(
        () => undefined,
      );
    }
    expect(hardMoves(), bot.out()).toBeGreaterThanOrEqual(4);

    process.kill(bot.child.pid ?? 0, 'SIGTERM');
    expect(await within(bot.exited, WAIT_MS, 'still running')).toEqual({ code: 0, signal: null });
    group = undefined;
    const logged = logLines(bot.out());
    expect(logged.filter((l) => (l.level as number) >= 50).map((l) => l.msg)).toEqual([]);
  });
});
