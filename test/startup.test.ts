/**
 * `npm start`'s checks before it connects, run as the real process (`node --import tsx src/main.ts`,
 * the sources of what `npm start` runs compiled): a database it cannot write is refused with one line naming the path and
 * the cause, and nothing reaches Discord; a failed login leaves no new file; a missing or partial
 * .env names exactly the keys to fill in.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalDiscord } from '../src/localDiscord/index.js';
import { takeImportLock } from '../src/store/botLock.js';
import { Store } from '../src/store/store.js';
import {
  botEnv,
  logOrExit,
  MAIN_ARGS,
  type MainProcess,
  plainLines,
  type RunOptions,
  runMain,
  spawnProcess,
  within,
} from './support/mainProcess.js';
import { connectError, REFUSED_PORT } from './support/refusedPort.js';

const WAIT_MS = 20_000;
/**
 * Root writes through any file mode: the read-only cases run the bot as root without the
 * capabilities that let it (file modes then bind it as they bind any file's owner), and without
 * CAP_KILL (it may not signal another user's process, as an ordinary user may not). Still root, it
 * reads node_modules wherever the clone sits: an ordinary user could not in a folder only root may
 * enter (a clone in /root, a `mktemp -d` folder).
 */
const AS_ROOT = process.getuid?.() === 0;
const NOBODY = 65_534;
const boundByModes: RunOptions = AS_ROOT
  ? { withoutCapabilities: ['dac_override', 'dac_read_search', 'fowner', 'kill'] }
  : {};

let dir: string;
let discord: LocalDiscord;
let running: MainProcess | undefined;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tichu-startup-'));
  discord = await LocalDiscord.start({ heartbeatIntervalMs: 30_000 });
});
afterEach(async () => {
  running?.child.kill('SIGKILL');
  running = undefined;
  await discord.close();
  chmodSync(dir, 0o700);
  rmSync(dir, { recursive: true, force: true });
});

function connected(env: Record<string, string> = {}): Record<string, string> {
  return botEnv({
    DISCORD_TOKEN: discord.token,
    DISCORD_APPLICATION_ID: discord.applicationId,
    DISCORD_API_URL: discord.restUrl,
    LOG_LEVEL: 'info',
    ...env,
  });
}

/** A migrated database, closed cleanly (no -wal or -shm beside it). */
function existingDatabase(file: string): void {
  Store.open(file).close();
}

/**
 * Starts the bot and expects it to refuse: it exits 1 before 'ready' (bounded), prints one line
 * naming the file and matching `cause`, and never called Discord.
 */
async function expectRefusal(run: MainProcess, file: string, cause: RegExp): Promise<string> {
  running = run;
  const outcome = await logOrExit(run, 'ready: invite the bot with this link', WAIT_MS);
  expect(outcome, `the bot started instead of refusing:\n${run.out()}`).toBe('exited');
  expect((await run.exited).code).toBe(1);
  const said = plainLines(run.out());
  expect(said, run.out()).toHaveLength(1);
  expect(said[0]).toContain(file);
  expect(said[0]).toMatch(cause);
  expect(discord.calls).toEqual([]);
  return said[0] ?? '';
}

describe('npm start refuses a database it cannot write, before connecting', () => {
  it('a read-only file', async () => {
    const file = join(dir, 'tichu.sqlite');
    existingDatabase(file);
    chmodSync(file, 0o444);
    const line = await expectRefusal(
      runMain(connected({ DATABASE_PATH: file }), boundByModes),
      file,
      /is read-only \(attempt to write a readonly database\)/,
    );
    expect(line).toMatch(/Make the file writable .* or set DATABASE_PATH/);
  });

  it('a read-only folder', async () => {
    const folder = join(dir, 'data');
    mkdirSync(folder);
    const file = join(folder, 'tichu.sqlite');
    existingDatabase(file);
    chmodSync(folder, 0o555);
    const line = await expectRefusal(
      runMain(connected({ DATABASE_PATH: file }), boundByModes),
      file,
      /The folder .*data of the database .* is read-only \(EACCES/,
    );
    expect(line).toMatch(/Make the folder writable/);
  });

  it('a database locked by another process beyond the busy timeout', async () => {
    const file = join(dir, 'tichu.sqlite');
    existingDatabase(file);
    // This test process is the other process: it holds the write lock the whole time.
    const other = new Database(file);
    other.exec('BEGIN IMMEDIATE');
    try {
      await expectRefusal(
        runMain(connected({ DATABASE_PATH: file })),
        file,
        /is locked by another process \(database is locked\): is another copy of the bot running/,
      );
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
  });

  it('an import writing to the file (npm run guild -- import): refused before the file is made, one process or sharded', async () => {
    const file = join(dir, 'fresh', 'tichu.sqlite');
    mkdirSync(join(dir, 'fresh'));
    // The import: as root, a process of another user (the bot, without CAP_KILL, learns that it
    // lives only from EPERM); else this test process. Its mark stands beside the file the whole time.
    const other = AS_ROOT
      ? spawn('sleep', ['600'], { uid: NOBODY, gid: NOBODY, cwd: '/', stdio: 'ignore' })
      : undefined;
    const pid = other === undefined ? process.pid : (other.pid ?? 0);
    expect(pid).toBeGreaterThan(0);
    const importing = takeImportLock(file, pid);
    try {
      const said = await expectRefusal(
        runMain(connected({ DATABASE_PATH: file }), boundByModes),
        file,
        new RegExp(
          `^The bot could not start: an import \\(npm run guild -- import, pid ${pid}\\) is writing to `,
        ),
      );
      expect(said).not.toMatch(/token/i);
      expect(existsSync(file)).toBe(false);
      const sharded = runMain(connected({ DATABASE_PATH: file, SHARDS: '2' }), boundByModes);
      running = sharded;
      expect(await within(sharded.exited, WAIT_MS, 'still running')).toEqual({ code: 1, signal: null });
      expect(plainLines(sharded.out())).toEqual([expect.stringContaining(`is writing to ${file}`)]);
      expect(existsSync(file)).toBe(false);
    } finally {
      importing.release();
      other?.kill('SIGKILL');
    }
  });

  it('a file that is not a database', async () => {
    const file = join(dir, 'notes.sqlite');
    writeFileSync(file, 'this is not a database, but it is long enough to look like one. '.repeat(40));
    await expectRefusal(
      runMain(connected({ DATABASE_PATH: file })),
      file,
      /is damaged or not a database \(file is not a database\)\. Restore it from a backup/,
    );
  });

  // A real full disk: a 1 MiB tmpfs, filled up, mounted in a private mount namespace of the bot's
  // own (nothing outside sees it). Needs root with CAP_SYS_ADMIN; elsewhere the unit tests in
  // test/store/writable.test.ts cover a full disk through SQLITE_FULL and a real ENOSPC.
  const canMount =
    AS_ROOT && spawnSync('unshare', ['-m', 'mount', '-t', 'tmpfs', 'tmpfs', tmpdir()]).status === 0;
  it.skipIf(!canMount)('a full disk (a real one: a small tmpfs, filled)', async () => {
    const seed = join(dir, 'seed.sqlite');
    existingDatabase(seed);
    const disk = join(dir, 'disk');
    mkdirSync(disk);
    const file = join(disk, 'tichu.sqlite');
    const script =
      'mount -t tmpfs -o size=1m tmpfs "$1" && cp "$2" "$1/tichu.sqlite" && ' +
      '{ cat /dev/zero > "$1/filler" 2>/dev/null; true; } && shift 2 && exec "$@"';
    const run = spawnProcess(
      'unshare',
      ['-m', 'sh', '-c', script, 'sh', disk, seed, process.execPath, ...MAIN_ARGS],
      connected({ DATABASE_PATH: file }),
    );
    await expectRefusal(run, file, /The disk holding the database .* is full \(ENOSPC: no space left/);
  });
});

describe('a start that fails leaves no new file behind', () => {
  it('a token Discord refuses: exit 1, says so, and the database and its folders are gone', async () => {
    const top = join(dir, 'fresh');
    const file = join(top, 'data', 'tichu.sqlite');
    const run = runMain(
      connected({ DATABASE_PATH: file, DISCORD_TOKEN: 'MTAwMDAwMDAwMDAwMDAwMDAx.wrong.not-the-token' }),
    );
    running = run;
    expect(await within(run.exited, WAIT_MS, 'still running')).toEqual({ code: 1, signal: null });
    expect(plainLines(run.out())).toEqual([
      'Discord refused the token. Copy a fresh one from the developer portal (your application > Bot > Reset Token) into DISCORD_TOKEN in .env.',
    ]);
    // It was checked, and so created, before the login was tried.
    expect(discord.calls.map((c) => c.route)).toContain('/gateway/bot');
    expect(existsSync(top)).toBe(false);
  });

  it('a login that fails (nothing listens at the API address): no file, no -wal or -shm', async () => {
    const file = join(dir, 'tichu.sqlite');
    expect(await connectError(REFUSED_PORT)).toBe('ECONNREFUSED');
    const url = `http://127.0.0.1:${REFUSED_PORT}/api`;
    const run = runMain(connected({ DATABASE_PATH: file, DISCORD_API_URL: url }));
    running = run;
    expect(await within(run.exited, WAIT_MS, 'still running')).toEqual({ code: 1, signal: null });
    expect(plainLines(run.out())).toEqual([
      expect.stringMatching(
        /^The bot could not start: it could not reach the local Discord at http:\/\/127\.0\.0\.1:\d+\/api \(DISCORD_API_URL\) \(.*ECONNREFUSED.*\)\. Check the network/,
      ),
    ]);
    for (const suffix of ['', '-wal', '-shm', '-journal']) expect(existsSync(`${file}${suffix}`)).toBe(false);
  });

  it('a database that existed before is kept whole', async () => {
    const file = join(dir, 'tichu.sqlite');
    existingDatabase(file);
    const run = runMain(connected({ DATABASE_PATH: file, DISCORD_TOKEN: 'MTAw.wrong.token' }));
    running = run;
    expect(await within(run.exited, WAIT_MS, 'still running')).toEqual({ code: 1, signal: null });
    expect(existsSync(file)).toBe(true);
    const db = new Database(file, { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBeGreaterThan(0);
    db.close();
  });
});

describe('a missing or partial .env names exactly the keys to fill in', () => {
  /** The bot run from `cwd` (where it reads .env) with nothing set in the environment. */
  function runIn(cwd: string): MainProcess {
    const run = runMain({ PATH: process.env.PATH ?? '' }, { cwd });
    running = run;
    return run;
  }

  it('no .env at all: says there is none, where it was looked for, and both keys', async () => {
    const run = runIn(dir);
    expect(await within(run.exited, WAIT_MS, 'still running')).toEqual({ code: 1, signal: null });
    expect(plainLines(run.out())).toEqual([
      `The bot cannot start: there is no .env file at ${join(dir, '.env')}. Copy .env.example to .env there and fill it in (or set these in the environment):`,
      expect.stringMatching(
        /^ {2}- DISCORD_TOKEN is missing: in https:\/\/discord\.com\/developers\/applications, open your application > Bot > Reset Token/,
      ),
      expect.stringMatching(
        /^ {2}- DISCORD_APPLICATION_ID is missing: .*General Information > Application ID/,
      ),
      'No Discord application yet? Try it locally: npm run play',
    ]);
    expect(existsSync(join(dir, 'data'))).toBe(false);
  });

  it('an empty token and no application id: one says empty, the other missing, nothing else', async () => {
    writeFileSync(join(dir, '.env'), 'DISCORD_TOKEN=\nDATABASE_PATH=./data/t.sqlite\nLOG_LEVEL=info\n');
    const run = runIn(dir);
    expect(await within(run.exited, WAIT_MS, 'still running')).toEqual({ code: 1, signal: null });
    expect(plainLines(run.out())).toEqual([
      `The bot cannot start until these are fixed in ${join(dir, '.env')}:`,
      expect.stringMatching(
        /^ {2}- DISCORD_TOKEN is empty in \.env: in https:\/\/discord\.com\/developers\/applications/,
      ),
      expect.stringMatching(/^ {2}- DISCORD_APPLICATION_ID is missing: /),
      'No Discord application yet? Try it locally: npm run play',
    ]);
  });

  it('a misspelt key: the real one is missing and the misspelling is named', async () => {
    writeFileSync(
      join(dir, '.env'),
      `DISCORD_TOKN=${discord.token}\nDISCORD_APPLICATION_ID=${discord.applicationId}\n`,
    );
    const run = runIn(dir);
    expect(await within(run.exited, WAIT_MS, 'still running')).toEqual({ code: 1, signal: null });
    expect(plainLines(run.out()).slice(1)).toEqual([
      expect.stringMatching(/^ {2}- DISCORD_TOKEN is missing: /),
      '  - DISCORD_TOKN in .env is not a setting of this bot (misspelt?)',
      'No Discord application yet? Try it locally: npm run play',
    ]);
    expect(run.out()).not.toContain(discord.token);
  });

  it('a complete .env starts the bot', async () => {
    writeFileSync(
      join(dir, '.env'),
      [
        `DISCORD_TOKEN=${discord.token}`,
        `DISCORD_APPLICATION_ID=${discord.applicationId}`,
        `DISCORD_API_URL=${discord.restUrl}`,
        'DISCORD_DEV_GUILD_ID=',
        'BOT_WORKERS=',
        'DATABASE_PATH=./data/tichu.sqlite',
      ].join('\n'),
    );
    const run = runIn(dir);
    const ready = await logOrExit(run, 'ready: invite the bot with this link', WAIT_MS);
    expect(ready, run.out()).toMatchObject({ database: './data/tichu.sqlite' });
    expect(existsSync(join(dir, 'data', 'tichu.sqlite'))).toBe(true);
    run.child.kill('SIGTERM');
    expect(await within(run.exited, WAIT_MS, 'still running')).toEqual({ code: 0, signal: null });
  });
});
