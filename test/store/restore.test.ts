/**
 * Restore on files: a backup is put in place with the database that was there kept aside together
 * with its -wal (which holds commits not yet in the main file), folded into it; an older
 * backup is restored and brought up to date at the next open. Refused, each time changing nothing
 * in either folder: while a bot runs on the file, a broken file, a file that is no database, a
 * SQLite file of another program, one newer than this code, one with a write-ahead log or a hot
 * rollback journal beside it, and the database itself. A database reached through a symbolic link
 * keeps its link. A failure once a file has moved (put in by the restore's seam) says where each file
 * is, never "changed nothing". The CLI answers with its lines and exit codes.
 */
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkedLine, restoredLines, runRestoreCli } from '../../src/restoreCli.js';
import { backupDatabase } from '../../src/store/backup.js';
import { takeBotLock } from '../../src/store/botLock.js';
import { migrate, readMigrations } from '../../src/store/migrate.js';
import { MIGRATIONS_DIR } from '../../src/store/open.js';
import { RestoreError, type RestoreOptions, restoreDatabase } from '../../src/store/restore.js';
import { Store } from '../../src/store/store.js';

const LATEST = readMigrations(MIGRATIONS_DIR).length;
const T0 = Date.parse('2026-11-28T03:10:00Z');

let dir: string;
let live: string;
let target: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tichu-restore-'));
  live = join(dir, 'data');
  mkdirSync(live);
  target = join(live, 'tichu.sqlite');
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** A bot database at `file` whose players are `names` (a row each, nothing else). */
function botDatabase(file: string, names: readonly string[]): void {
  const store = Store.open(file);
  const add = store.db.prepare(
    'INSERT INTO players (user_id, display_name, created_at, updated_at) VALUES (?, ?, 0, 0)',
  );
  for (const [i, name] of names.entries()) add.run(String(300_000_000_000_000_000n + BigInt(i)), name);
  store.close();
}

const playersOf = (file: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare('SELECT display_name AS n FROM players ORDER BY n').all() as Array<{ n: string }>).map(
      (r) => r.n,
    );
  } finally {
    db.close();
  }
};

/** Every file of `folder` with a hash of its content: what "nothing changed" compares. */
function snapshot(folder: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(folder).sort()) {
    const path = join(folder, name);
    out[name] = statSync(path).isFile()
      ? createHash('sha256').update(readFileSync(path)).digest('hex')
      : 'dir';
  }
  return out;
}

/** A backup of a bot database holding Ann and Ben, made as `npm run backup` makes it. */
async function goodBackup(): Promise<string> {
  const source = join(dir, 'source.sqlite');
  botDatabase(source, ['Ann', 'Ben']);
  return (await backupDatabase(source, join(dir, 'backups'), { now: T0 })).file;
}

describe('restore', () => {
  it('puts a backup in place and keeps the database that was there aside, its -wal folded in', async () => {
    const backup = await goodBackup();
    botDatabase(target, ['Old']);
    // What a bot killed outright leaves: commits still only in its -wal. Copied while the writer's
    // connection is open (its close would merge them), then put where the bot's files were.
    const dying = new Database(target);
    dying.pragma('wal_autocheckpoint = 0');
    dying
      .prepare(
        "INSERT INTO players (user_id, display_name, created_at, updated_at) VALUES ('399999999999999999', 'Walled', 0, 0)",
      )
      .run();
    const crashed = join(dir, 'crashed.sqlite');
    copyFileSync(target, crashed);
    copyFileSync(`${target}-wal`, `${crashed}-wal`);
    dying.close();
    renameSync(crashed, target);
    renameSync(`${crashed}-wal`, `${target}-wal`);
    expect(statSync(`${target}-wal`).size).toBeGreaterThan(0);
    const report = restoreDatabase(target, backup, { now: T0 + 60_000 });

    const aside = `${target}.before-restore-2026-11-28T03-11-00Z`;
    expect(report.keptAside).toEqual([aside]);
    expect(readdirSync(live).sort()).toEqual([
      'tichu.sqlite',
      'tichu.sqlite.before-restore-2026-11-28T03-11-00Z',
    ]);
    expect(playersOf(target)).toEqual(['Ann', 'Ben']);
    expect(new Database(target, { readonly: true }).pragma('integrity_check', { simple: true })).toBe('ok');
    // The old file holds what it held, the write that was only in its -wal included.
    expect(playersOf(aside)).toEqual(['Old', 'Walled']);
    expect(report).toMatchObject({ target, from: backup, version: LATEST, latest: LATEST });
    expect(restoredLines(report)).toEqual([
      expect.stringMatching(
        /^Restored .*source-2026-11-28T03-10-00Z\.sqlite into .*tichu\.sqlite \(\d+\.\d kB, schema version \d+\): it holds 0 playing and 0 paused tables, and 0 lobbies\.$/,
      ),
      `The database that was there is kept as ${aside}: delete it once you no longer need it.`,
      'Start the bot: it resumes every table the backup holds.',
    ]);
    // The backup itself is untouched, and the bot opens the restored file as any other.
    expect(existsSync(`${backup}-wal`)).toBe(false);
    const store = Store.open(target);
    expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal');
    store.close();
  });

  it('restores where no database was, and an older backup is brought up to date at the next start', () => {
    const old = join(dir, 'old.sqlite');
    const db = new Database(old);
    migrate(db, readMigrations(MIGRATIONS_DIR).slice(0, 10), old);
    db.prepare(
      "INSERT INTO players (user_id, display_name, created_at, updated_at) VALUES ('300000000000000001', 'Ann', 0, 0)",
    ).run();
    db.close();
    const report = restoreDatabase(target, old, { now: T0 });
    expect(report).toMatchObject({ version: 10, latest: LATEST, keptAside: [] });
    expect(restoredLines(report).slice(1)).toEqual([
      `There was no database at ${target} before.`,
      `Start the bot: it brings the file from schema version 10 to ${LATEST}, then resumes every table it holds.`,
    ]);
    const store = Store.open(target);
    expect(store.db.pragma('user_version', { simple: true })).toBe(LATEST);
    store.close();
    expect(playersOf(target)).toEqual(['Ann']);
  });

  it('through a symbolic link: the link stays a link, and the file it points at is replaced beside itself', async () => {
    const backup = await goodBackup();
    const disk = join(realpathSync(dir), 'disk');
    mkdirSync(disk);
    const real = join(disk, 'tichu.sqlite');
    botDatabase(real, ['Old']);
    symlinkSync(real, target);
    const report = restoreDatabase(target, backup, { now: T0 });
    expect(lstatSync(target).isSymbolicLink()).toBe(true);
    expect(readlinkSync(target)).toBe(real);
    const aside = `${real}.before-restore-2026-11-28T03-10-00Z`;
    expect(report).toMatchObject({ target: real, keptAside: [aside] });
    // Nothing of the restore beside the link; the file kept aside beside the file.
    expect(readdirSync(live)).toEqual(['tichu.sqlite']);
    expect(readdirSync(disk).sort()).toEqual([
      'tichu.sqlite',
      'tichu.sqlite.before-restore-2026-11-28T03-10-00Z',
    ]);
    expect(playersOf(target)).toEqual(['Ann', 'Ben']);
    expect(playersOf(aside)).toEqual(['Old']);
  });

  describe('fails once something has moved: says where each file is', () => {
    const aside = () => `${target}.before-restore-2026-11-28T03-10-00Z`;
    function failure(backup: string, options: RestoreOptions): string {
      try {
        restoreDatabase(target, backup, options);
      } catch (error) {
        expect(error).toBeInstanceOf(RestoreError);
        return (error as Error).message;
      }
      throw new Error('expected the restore to fail');
    }

    it('the folder cannot be flushed once the backup is in place', async () => {
      const backup = await goodBackup();
      botDatabase(target, ['Old']);
      const message = failure(backup, {
        now: T0,
        fs: {
          syncFolder: () => {
            throw new Error('EIO: i/o error, fsync');
          },
        },
      });
      expect(message).toBe(
        `The backup is in place of ${target} (the database that was there is kept as ${aside()}), but the folder could not be flushed to disk (EIO: i/o error, fsync), so a power cut could still undo the restore. Run sync, check that the disk is healthy, then start the bot.`,
      );
      expect(playersOf(target)).toEqual(['Ann', 'Ben']);
      expect(playersOf(aside())).toEqual(['Old']);
    });

    it('the last move fails, and moving a side file back fails too', async () => {
      const backup = await goodBackup();
      botDatabase(target, ['Old']);
      writeFileSync(`${target}-wal`, '');
      const message = failure(backup, {
        now: T0,
        fs: {
          rename: (from, to) => {
            if (to === target) throw new Error('ENOSPC: no space left on device, rename');
            if (to === `${target}-wal`) throw new Error('EIO: i/o error, rename');
            renameSync(from, to);
          },
        },
      });
      expect(message).toBe(
        `The restore failed (ENOSPC: no space left on device, rename) and could not put everything back: ${target}-wal is now ${aside()}-wal. Move it back to its old name by hand before you start the bot (a database without its -wal lacks its last writes); ${target} is the database that was there, and the backup was not put in place.`,
      );
      expect(readdirSync(live).sort()).toEqual([
        'tichu.sqlite',
        'tichu.sqlite.before-restore-2026-11-28T03-10-00Z-wal',
      ]);
      expect(playersOf(target)).toEqual(['Old']);
    });

    it('a move that fails and is put back changed nothing', async () => {
      const backup = await goodBackup();
      botDatabase(target, ['Old']);
      writeFileSync(`${target}-wal`, '');
      const message = failure(backup, {
        now: T0,
        fs: {
          rename: (from, to) => {
            if (to === target) throw new Error('ENOSPC: no space left on device, rename');
            renameSync(from, to);
          },
        },
      });
      expect(message).toBe('The restore failed and changed nothing: ENOSPC: no space left on device, rename');
      expect(readdirSync(live).sort()).toEqual(['tichu.sqlite', 'tichu.sqlite-wal']);
    });
  });

  describe('refuses, changing nothing', () => {
    /** Restores `file` expecting `refusal`; both folders as they were, byte for byte. */
    function expectRefused(file: string, refusal: RegExp): void {
      const before = [snapshot(live), snapshot(dir)];
      let error: unknown;
      try {
        restoreDatabase(target, file, { now: T0 });
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(RestoreError);
      expect((error as Error).message).toMatch(refusal);
      expect((error as Error).message).toMatch(/Nothing was changed\.$/);
      expect([snapshot(live), snapshot(dir)]).toEqual(before);
    }

    beforeEach(() => {
      botDatabase(target, ['Current']);
    });

    it('while a bot runs on the database', async () => {
      const backup = await goodBackup();
      const lock = takeBotLock(target);
      try {
        expectRefused(
          backup,
          new RegExp(
            `^Refused: a bot is running on .*tichu\\.sqlite \\(pid ${process.pid}\\): stop it first`,
          ),
        );
      } finally {
        lock.release();
      }
      // Once it has stopped, the same restore goes through.
      expect(restoreDatabase(target, backup, { now: T0 }).keptAside).toHaveLength(1);
    });

    it('a backup damaged inside (SQLite’s integrity check fails)', async () => {
      const backup = await goodBackup();
      // Scramble the players table's root page: the header still reads, the table does not.
      const db = new Database(backup, { readonly: true });
      const root = (
        db.prepare("SELECT rootpage FROM sqlite_schema WHERE name = 'players'").get() as { rootpage: number }
      ).rootpage;
      const pageSize = db.pragma('page_size', { simple: true }) as number;
      db.close();
      const bytes = readFileSync(backup);
      bytes.fill(0x5a, (root - 1) * pageSize + 8, root * pageSize);
      writeFileSync(backup, bytes);
      expectRefused(
        backup,
        /^Refused: .*source-2026-11-28T03-10-00Z\.sqlite is damaged: SQLite's integrity check says /,
      );
    });

    it('a file that is no database', () => {
      const file = join(dir, 'notes.sqlite');
      writeFileSync(file, 'these are not the tables you are looking for\n'.repeat(200));
      expectRefused(file, /^Refused: .*notes\.sqlite is not a SQLite database/);
    });

    it('an empty file: said to be empty, not foreign', () => {
      const file = join(dir, 'cut.sqlite');
      writeFileSync(file, '');
      expectRefused(file, /^Refused: .*cut\.sqlite is empty \(0 bytes\): it is no backup/);
    });

    it('a SQLite database of another program', () => {
      const file = join(dir, 'foreign.sqlite');
      const db = new Database(file);
      db.exec('CREATE TABLE tables (id TEXT); CREATE TABLE notes (x)');
      db.pragma('user_version = 3');
      db.close();
      expectRefused(
        file,
        /^Refused: .*foreign\.sqlite is not a database of this bot: it lacks the bot's tables events, hands/,
      );
      const empty = join(dir, 'empty.sqlite');
      new Database(empty).exec('CREATE TABLE x (y)');
      expectRefused(
        empty,
        /^Refused: .*empty\.sqlite is not a database of this bot: it has none of its schema/,
      );
    });

    it('a backup newer than this code', async () => {
      const backup = await goodBackup();
      const db = new Database(backup);
      db.pragma(`user_version = ${LATEST + 1}`);
      db.close();
      expectRefused(
        backup,
        new RegExp(`has schema version ${LATEST + 1}, newer than this code knows \\(${LATEST}\\)`),
      );
    });

    it('a file with a write-ahead log beside it, and the database itself', async () => {
      const backup = await goodBackup();
      writeFileSync(`${backup}-wal`, 'frames');
      expectRefused(backup, /has a write-ahead log beside it/);
      expectRefused(target, /is the database itself: name a backup to restore/);
      expectRefused(join(dir, 'missing.sqlite'), /^There is no file .*missing\.sqlite to restore/);
    });

    it('a file with a hot rollback journal beside it (copied in the middle of a write)', async () => {
      const backup = await goodBackup();
      writeFileSync(`${backup}-journal`, 'half a write');
      expectRefused(
        backup,
        /^Refused: .*source-2026-11-28T03-10-00Z\.sqlite has a rollback journal beside it \(.*-journal\), so a program was writing to it.* may be half written\. Restore a file made by npm run backup/,
      );
    });
  });
});

describe('npm run restore', () => {
  it('says what it did, refuses in one sentence, and answers bad usage with its help', async () => {
    const backup = await goodBackup();
    const said: string[] = [];
    const warned: string[] = [];
    const out = { say: (l: string) => said.push(l), warn: (l: string) => warned.push(l) };
    const env = { DATABASE_PATH: target };
    expect(runRestoreCli([], env, out)).toBe(2);
    expect(warned[0]).toBe('Name the backup file to restore.');
    warned.length = 0;
    expect(runRestoreCli([join(dir, 'missing.sqlite')], env, out)).toBe(1);
    expect(warned).toEqual([
      expect.stringMatching(/^There is no file .* to restore\. Nothing was changed\.$/),
    ]);
    expect(existsSync(target)).toBe(false);
    expect(runRestoreCli([backup], env, out, () => T0)).toBe(0);
    expect(said).toHaveLength(3);
    expect(said[0]).toContain(`into ${target}`);
    expect(playersOf(target)).toEqual(['Ann', 'Ben']);
  });
});

describe('npm run restore -- --check', () => {
  it('makes the restore’s checks on the file alone and changes nothing, whatever they find', async () => {
    const backup = await goodBackup();
    const said: string[] = [];
    const warned: string[] = [];
    const out = { say: (l: string) => said.push(l), warn: (l: string) => warned.push(l) };
    const before = { backups: snapshot(join(dir, 'backups')), live: snapshot(live) };
    // No DATABASE_PATH needed, and none is touched.
    expect(runRestoreCli(['--check', backup], {}, out)).toBe(0);
    expect(said).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${backup.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} passes the checks a restore makes \\(.*, schema version ${LATEST}, integrity check ok\\): it holds 0 playing and 0 paused tables, and 0 lobbies\\. Nothing was changed\\.$`,
        ),
      ),
    ]);
    expect({ backups: snapshot(join(dir, 'backups')), live: snapshot(live) }).toEqual(before);

    const bytes = readFileSync(backup);
    bytes.fill(0x5a, 4096 + 8, 2 * 4096);
    const damaged = join(dir, 'damaged.sqlite');
    writeFileSync(damaged, bytes);
    const empty = join(dir, 'empty.sqlite');
    writeFileSync(empty, '');
    const hash = snapshot(dir);
    expect(runRestoreCli(['--check', empty], {}, out)).toBe(1);
    expect(warned.at(-1)).toBe(
      `The check failed: ${empty} is empty (0 bytes): it is no backup (a copy cut short, or a disk that was full?). Restore another backup. It could not be restored.`,
    );
    expect(runRestoreCli([damaged, '--check'], {}, out)).toBe(1);
    expect(warned.at(-1)).toMatch(
      /^The check failed: .*damaged\.sqlite (is damaged|is not a SQLite database)/,
    );
    expect(snapshot(dir)).toEqual(hash);
    expect(runRestoreCli(['--check'], {}, out)).toBe(2);
    expect(warned.at(-2)).toBe('Name the backup file to check.');
  });

  it('reads as one line', () => {
    expect(
      checkedLine({
        from: '/b/t.sqlite',
        bytes: 1_500_000,
        version: 3,
        latest: 3,
        tables: { lobby: 1, playing: 2, paused: 0 },
      }),
    ).toBe(
      '/b/t.sqlite passes the checks a restore makes (1.5 MB, schema version 3, integrity check ok): it holds 2 playing and 0 paused tables, and 1 lobby. Nothing was changed.',
    );
  });
});
