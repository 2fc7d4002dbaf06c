/**
 * A full disk while the bot runs, through the local Discord: a move gets a plain sentence in the
 * player's language instead of the generic apology, nothing changes (in the file or in memory),
 * however many clicks are refused the log says it once, and once there is room again the next move
 * is accepted and the log says so. Twice: with a fault SQLite raises itself (the file may not grow,
 * and every move must grow it: SQLITE_FULL), and with a real full disk (a small tmpfs, filled:
 * ENOSPC, which SQLite reports as SQLITE_FULL), where the test runs as root.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmdirSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ScriptedUser } from '../../src/localDiscord/index.js';
import { DISK_FULL_LINE, DISK_ROOM_LINE } from '../../src/store/diskHealth.js';
import { type BotFixture, type FixtureOptions, startFixture } from '../support/botFixture.js';
import { buttonLabelled, E2ETable, scriptedEnv } from '../support/e2eTable.js';

const SENTENCE =
  'The bot cannot save moves right now because its disk is full. Nothing was lost; try again in a while.';
const SATZ =
  'Der Bot kann gerade keine Züge speichern, weil sein Speicher voll ist. Es ist nichts verloren; versuch es später noch einmal.';

/** How the disk fills and empties in one run of the scenario. */
interface Disk {
  fill(fx: BotFixture): void;
  free(fx: BotFixture): void;
}

type Line = Record<string, unknown>;

/** Starts the bot, opens a table of four, fills the disk and plays the scenario's checks. */
function scenario(name: string, disk: Disk, fixture: () => Partial<FixtureOptions> = () => ({})): void {
  describe(name, () => {
    let fx: BotFixture;
    let table: E2ETable;
    let eve: ScriptedUser;
    const lines: Line[] = [];
    const scripted = scriptedEnv('dsk');
    const said = (msg: string) => lines.filter((l) => l.msg === msg);

    beforeAll(async () => {
      fx = await startFixture({
        users: 5,
        env: scripted.env,
        moreChannels: ['other'],
        // Eve, not seated, reads German.
        locales: ['en-US', 'en-US', 'en-US', 'en-US', 'de'],
        onLog: (line) => lines.push(line),
        ...fixture(),
      });
      eve = fx.users[4] as ScriptedUser;
      table = await E2ETable.open(fx, scripted.useSeed, 'disk-full-seed');
    });
    afterAll(async () => {
      await fx?.close();
    });

    /** The match's version as the bot holds it in memory, and as the file has it (another connection). */
    function versions(): { memory: number; file: number } {
      const here = fx.bot.service.tableInChannel(fx.channelId);
      if (!here.ok || !here.value.view) throw new Error('no match in the channel');
      const matchId = here.value.table.matchId;
      const db = new Database(fx.databasePath, { readonly: true });
      try {
        const row = db.prepare('SELECT version FROM snapshots WHERE match_id = ?').get(matchId) as {
          version: number;
        };
        return { memory: here.value.view.version, file: row.version };
      } finally {
        db.close();
      }
    }

    it('a move gets the sentence, in the player’s language, and changes nothing; the log says it once', async () => {
      const panel = await table.panel(0);
      const decline = buttonLabelled(panel, 'No, deal my cards');
      expect(decline?.custom_id).toBeDefined();
      const before = versions();
      expect(before.memory).toBe(before.file);
      disk.fill(fx);

      for (let i = 0; i < 3; i++) {
        const answer = await table
          .user(0)
          .click(panel.id, decline?.custom_id as string)
          .reply();
        expect(answer.ephemeral).toBe(true);
        expect(answer.content).toBe(SENTENCE);
      }
      // A German player opening a table elsewhere is told the same in German; no table is made.
      const other = fx.channelIds[1] as string;
      const created = await eve.slash(other, 'table', { subcommand: 'create' }).reply();
      expect(created.ephemeral).toBe(true);
      expect(created.content).toBe(SATZ);
      expect(fx.bot.service.tableInChannel(other).ok).toBe(false);

      // Nothing was kept: the bot's memory and the file agree, at the version before the clicks.
      expect(versions()).toEqual(before);
      // One error line for the whole spell, naming the file and the code; no "handler failed".
      expect(fx.errors).toEqual([DISK_FULL_LINE]);
      expect(said(DISK_FULL_LINE)).toEqual([
        expect.objectContaining({ level: 50, path: fx.databasePath, code: 'SQLITE_FULL' }),
      ]);
      // Each interaction's own line (info) follows its answer: waited for, bounded.
      await vi.waitFor(
        () => expect(said('interaction').filter((l) => l.outcome === 'disk_full')).toHaveLength(4),
        { timeout: 2_000 },
      );
      const health = fx.bot.store.health.state();
      expect(health).toMatchObject({ diskFull: true, code: 'SQLITE_FULL', refused: 4 });
      expect(health.since).toBeGreaterThan(0);
    });

    it('once there is room, the next move is accepted, and the log says writes succeed again', async () => {
      disk.free(fx);
      const before = versions();
      const after = await table.decideGrand(0, false);
      expect(after.content).not.toContain(SENTENCE);
      expect(versions()).toEqual({ memory: before.memory + 1, file: before.file + 1 });
      expect(said(DISK_ROOM_LINE)).toEqual([
        expect.objectContaining({ level: 40, path: fx.databasePath, refused: 4 }),
      ]);
      expect(fx.bot.store.health.state()).toEqual({ diskFull: false, since: null, code: null, refused: 0 });
      // Play goes on as usual, and no other error was logged.
      await table.decideGrand(1, false);
      expect(versions().file).toBe(before.file + 2);
      expect(fx.errors).toEqual([DISK_FULL_LINE]);
    });
  });
}

/** SQLite's own SQLITE_FULL: the file may not grow, and every move and every new table must grow it. */
const pageLimit: Disk = {
  fill(fx) {
    const db = fx.bot.store.db;
    db.exec('CREATE TABLE IF NOT EXISTS test_filler (b BLOB)');
    for (const target of ['events', 'tables'])
      db.exec(
        `CREATE TEMP TRIGGER IF NOT EXISTS test_grow_${target} AFTER INSERT ON main.${target}
         BEGIN INSERT INTO test_filler VALUES (zeroblob(1048576)); END`,
      );
    db.pragma(`max_page_count = ${db.pragma('page_count', { simple: true })}`);
  },
  free(fx) {
    fx.bot.store.db.pragma('max_page_count = 1073741823');
  },
};

scenario('a full disk (the file may not grow: SQLITE_FULL)', pageLimit);

// A real full disk: a small tmpfs holds the database and a file fills what is left of it. Mounting
// needs root (this runs as root here and in CI).
const AS_ROOT = process.getuid?.() === 0;
const canMount =
  AS_ROOT && spawnSync('unshare', ['-m', 'mount', '-t', 'tmpfs', 'tmpfs', tmpdir()]).status === 0;

describe.skipIf(!canMount)('on a real disk', () => {
  let mountPoint = '';
  const filler = () => join(mountPoint, 'filler');
  beforeAll(() => {
    mountPoint = mkdtempSync(join(tmpdir(), 'tichu-tmpfs-'));
    const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=8m', 'tmpfs', mountPoint]);
    expect(mounted.status, String(mounted.stderr)).toBe(0);
  });
  afterAll(() => {
    if (!mountPoint) return;
    spawnSync('umount', [mountPoint]);
    rmdirSync(mountPoint);
  });

  const tmpfs: Disk = {
    fill() {
      const fd = openSync(filler(), 'w');
      try {
        // Big chunks, then pages, until the disk says no more (bounded: 8 MiB / 4 KiB writes at most).
        for (const size of [64 * 1024, 4096]) {
          const chunk = Buffer.alloc(size);
          for (let i = 0; i < (8 * 1024 * 1024) / size; i++) {
            try {
              writeSync(fd, chunk);
            } catch (error) {
              expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
              break;
            }
          }
        }
      } finally {
        closeSync(fd);
      }
    },
    free() {
      unlinkSync(filler());
    },
  };

  scenario('a full tmpfs (ENOSPC, as SQLite reports it: SQLITE_FULL)', tmpfs, () => ({
    parentDir: mountPoint,
  }));
});
