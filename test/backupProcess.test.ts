/**
 * Backups and restore beside the real bot process (`node --import tsx src/main.ts`, the sources of
 * what `npm start` runs compiled), through `npm run backup` and `npm run restore` as an admin types
 * them: a backup made while the bot runs; a restore refused while it runs (one sentence, the bot's
 * files as they were), and done once it has stopped. With BACKUP_EVERY the one process runs the
 * schedule; with SHARDS=2 the main process runs it once for the file, and no shard process does.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalDiscord } from '../src/localDiscord/index.js';
import { Store } from '../src/store/store.js';
import { eventually } from './support/discordFixture.js';
import {
  botEnv,
  type Exit,
  killGroup,
  logLines,
  logOrExit,
  type MainProcess,
  ROOT,
  runMain,
  spawnProcess,
  within,
} from './support/mainProcess.js';

const WAIT_MS = 20_000;

let dir: string;
let database: string;
let discord: LocalDiscord;
let group: number | undefined;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tichu-backup-process-'));
  database = join(dir, 'data', 'tichu.sqlite');
  // Two shards may connect at once (as test/shards.test.ts does): no 5.5 s pause between them.
  discord = await LocalDiscord.start({ heartbeatIntervalMs: 30_000, maxConcurrency: 2 });
});
afterEach(async () => {
  killGroup(group);
  group = undefined;
  await discord.close();
  rmSync(dir, { recursive: true, force: true });
});

function startBot(env: Record<string, string> = {}): MainProcess {
  const run = runMain(
    botEnv({
      DISCORD_TOKEN: discord.token,
      DISCORD_APPLICATION_ID: discord.applicationId,
      DISCORD_API_URL: discord.restUrl,
      DATABASE_PATH: database,
      LOG_LEVEL: 'info',
      ...env,
    }),
    // Its own folder: no .env of the project is read, and the whole tree can be ended.
    { cwd: dir, detached: true },
  );
  group = run.child.pid;
  return run;
}

/** `npm run <script> -- args` in the project folder, as an admin runs it; its exit and output. */
async function npmRun(
  script: string,
  args: string[],
): Promise<{ exit: Exit | 'still running'; out: string }> {
  const run = spawnProcess('npm', ['run', '--silent', script, '--', ...args], botEnv({}), { cwd: ROOT });
  const exit = await within(run.exited, WAIT_MS, 'still running' as const);
  return { exit, out: run.out() };
}

/** The database's folder, each file with a hash of its content (the -shm, which readers write to, aside). */
function databaseFiles(): Record<string, string> {
  const folder = join(dir, 'data');
  const out: Record<string, string> = {};
  for (const name of readdirSync(folder).sort()) {
    const path = join(folder, name);
    if (name.endsWith('-shm') || !statSync(path).isFile()) out[name] = 'present';
    else out[name] = createHash('sha256').update(readFileSync(path)).digest('hex');
  }
  return out;
}

describe('at start', () => {
  it('with BACKUP_EVERY set, a BACKUP_DIR that is a file is refused in one sentence, nothing made', async () => {
    const file = join(dir, 'x');
    writeFileSync(file, 'not a folder');
    const bot = startBot({ BACKUP_EVERY: '6h', BACKUP_DIR: file });
    const exit = await within(bot.exited, WAIT_MS, 'still running' as const);
    expect(exit, bot.out()).toEqual({ code: 1, signal: null });
    expect(bot.out()).toContain(
      `The bot cannot start: BACKUP_DIR ${file} is a file, not a folder: move the file away or set BACKUP_DIR to a folder (it is made if missing).`,
    );
    expect(existsSync(database)).toBe(false);
  });
});

describe('beside the running bot', () => {
  it('backs up while it runs, refuses to restore under it, and restores once it has stopped', async () => {
    const bot = startBot({ BACKUP_EVERY: '6h', BACKUP_DIR: join(dir, 'scheduled') });
    // Three processes each load tsx: on a loaded machine that alone can take a while.
    const ready = await logOrExit(bot, 'ready: invite the bot with this link', 2 * WAIT_MS);
    expect(typeof ready === 'object', `the bot did not start:\n${bot.out()}`).toBe(true);
    await logOrExit(bot, 'scheduled backups on', WAIT_MS);
    const scheduled = logLines(bot.out()).filter((l) => l.msg === 'scheduled backups on');
    expect(scheduled).toEqual([
      expect.objectContaining({ dir: join(dir, 'scheduled'), everyMs: 21_600_000, keep: 7 }),
    ]);

    const backup = await npmRun('backup', ['--database', database, '--to', join(dir, 'manual')]);
    expect(backup.exit, backup.out).toEqual({ code: 0, signal: null });
    const [file] = readdirSync(join(dir, 'manual'));
    expect(file).toMatch(/^tichu-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.sqlite$/);
    expect(backup.out.trim()).toMatch(
      new RegExp(
        `^Backed up ${database} to ${join(dir, 'manual', file as string)} \\([\\d.]+ kB; its integrity check passed; [\\d.]+ s\\)\\.$`,
      ),
    );

    const files = databaseFiles();
    const refused = await npmRun('restore', [join(dir, 'manual', file as string), '--database', database]);
    expect(refused.exit, refused.out).toEqual({ code: 1, signal: null });
    expect(refused.out.trim().split('\n')).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Refused: a bot is running on ${database} \\(pid ${bot.child.pid}\\): stop it first.*Nothing was changed\\.$`,
        ),
      ),
    ]);
    expect(databaseFiles()).toEqual(files);

    process.kill(bot.child.pid as number, 'SIGTERM');
    expect(await within(bot.exited, WAIT_MS, 'still running')).toEqual({ code: 0, signal: null });
    const restored = await npmRun('restore', [join(dir, 'manual', file as string), '--database', database]);
    expect(restored.exit, restored.out).toEqual({ code: 0, signal: null });
    expect(restored.out.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^Restored .* into .*tichu\.sqlite \(.*\): it holds 0 playing and 0 paused tables, and 0 lobbies\.$/,
      ),
      expect.stringMatching(
        /^The database that was there is kept as .*tichu\.sqlite\.before-restore-.*Z: delete it/,
      ),
      'Start the bot: it resumes every table the backup holds.',
    ]);
    const store = Store.open(database);
    expect(store.db.pragma('integrity_check', { simple: true })).toBe('ok');
    store.close();
  }, 60_000);

  it('SHARDS=2: the main process runs the schedule for the file, the shard processes never do', async () => {
    const bot = startBot({ SHARDS: '2', BACKUP_EVERY: '1d' });
    const ready = await logOrExit(bot, 'ready: invite the bot with this link', WAIT_MS);
    expect(typeof ready === 'object', `the sharded bot did not start:\n${bot.out()}`).toBe(true);
    await logOrExit(bot, 'scheduled backups on', WAIT_MS);
    // Each shard logs its own 'shard ready' from its own process: it may come after the main
    // process's lines.
    await eventually(
      () => (logLines(bot.out()).filter((l) => l.msg === 'shard ready').length === 2 ? true : undefined),
      'both shards ready',
    );
    const lines = logLines(bot.out());
    const scheduled = lines.filter((l) => l.msg === 'scheduled backups on');
    expect(scheduled).toEqual([
      expect.objectContaining({ dir: join(dir, 'data', 'backups'), everyMs: 86_400_000 }),
    ]);
    expect(scheduled[0]).not.toHaveProperty('shard');
    process.kill(bot.child.pid as number, 'SIGTERM');
    expect(await within(bot.exited, WAIT_MS, 'still running')).toEqual({ code: 0, signal: null });
  }, 90_000);
});
