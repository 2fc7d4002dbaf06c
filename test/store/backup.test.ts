/**
 * Backups on files: a copy taken while another connection keeps committing is the database as it
 * stood when the copy began (no step restarted, no later write in it), one checked file under a
 * name with its time, and nothing half-made is ever left under a backup's name (a stopped copy, a
 * name already taken, even by a link to nothing); a stop inside work SQLite cannot interrupt is
 * bounded and removes the copy itself. Pruning keeps exactly the newest N scheduled backups of that
 * database and touches nothing else in the folder, backups made by hand included; two databases of
 * the same name are not scheduled into one folder.
 */
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BackupError, backupDatabase, startBackup } from '../../src/store/backup.js';
import { backupName, listBackups, partialName, pruneBackups } from '../../src/store/backupFiles.js';
import { readMigrations } from '../../src/store/migrate.js';
import { MIGRATIONS_DIR } from '../../src/store/open.js';
import { Store } from '../../src/store/store.js';

const T0 = Date.parse('2026-11-28T03:10:00Z');
const HOUR = 3_600_000;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tichu-backup-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** The bot's database (migrated, WAL) with a table of `rows` filler rows of 4 KB each. */
function database(rows: number): string {
  const file = join(dir, 'tichu.sqlite');
  Store.open(file).close();
  const db = new Database(file);
  db.exec('CREATE TABLE filler (id INTEGER PRIMARY KEY, b BLOB)');
  db.prepare(
    'WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?) INSERT INTO filler (b) SELECT randomblob(4000) FROM n',
  ).run(rows);
  db.close();
  return file;
}

describe('a backup', () => {
  it('is the database as it stood when it began, although another connection commits all along', async () => {
    const file = database(2_000);
    const writer = new Database(file);
    writer.pragma('journal_mode = WAL');
    const count = () => (writer.prepare('SELECT count(*) AS n FROM filler').get() as { n: number }).n;
    // Small steps: the copy takes many of them, and the writer commits between them.
    const run = startBackup(file, join(dir, 'backups'), { now: T0, stepPages: 8 });
    let commits = 0;
    let copying = true;
    void run.done.finally(() => {
      copying = false;
    });
    // Commit while the thread copies (from the first page the copy makes to its end).
    while (copying && !existsSync(partialName(run.file))) await new Promise((r) => setImmediate(r));
    const before = count();
    while (copying) {
      writer.prepare('INSERT INTO filler (b) VALUES (randomblob(4000))').run();
      commits++;
      await new Promise((r) => setTimeout(r, 1));
    }
    const done = await run.done;
    expect(commits).toBeGreaterThan(5);
    expect(done.file).toBe(join(dir, 'backups', 'tichu-2026-11-28T03-10-00Z.sqlite'));
    expect(done.bytes).toBe(statSync(done.file).size);
    // One file, in rollback-journal mode (header bytes 18-19 are 1, not WAL's 2): nothing lies beside it.
    expect(readdirSync(join(dir, 'backups'))).toEqual(['tichu-2026-11-28T03-10-00Z.sqlite']);
    const header = readFileSync(done.file).subarray(18, 20);
    expect([...header]).toEqual([1, 1]);
    const copy = new Database(done.file, { readonly: true });
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(copy.pragma('user_version', { simple: true })).toBe(readMigrations(MIGRATIONS_DIR).length);
    // The snapshot: every row there when the copy began, none of those committed while it ran.
    const copied = (copy.prepare('SELECT count(*) AS n FROM filler').get() as { n: number }).n;
    copy.close();
    expect(copied).toBe(before);
    expect(count()).toBe(before + commits);
    writer.close();
  });

  it('never overwrites a backup of the same name, and leaves no copy behind when refused', async () => {
    const file = database(10);
    const first = await backupDatabase(file, join(dir, 'backups'), { now: T0 });
    const bytes = readFileSync(first.file);
    await expect(backupDatabase(file, join(dir, 'backups'), { now: T0 + 500 })).rejects.toThrow(
      /exists already \(a backup taken in the same second\): nothing was overwritten/,
    );
    expect(readFileSync(first.file).equals(bytes)).toBe(true);
    expect(readdirSync(join(dir, 'backups'))).toEqual([backupName(file, T0)]);
  });

  it('never takes a name already there, even a link to nothing (which existsSync misses)', async () => {
    const file = database(10);
    const backups = join(dir, 'backups');
    mkdirSync(backups);
    const name = join(backups, backupName(file, T0));
    symlinkSync(join(dir, 'nowhere'), name);
    await expect(backupDatabase(file, backups, { now: T0 })).rejects.toThrow(
      /exists already \(a backup taken in the same second\): nothing was overwritten/,
    );
    expect(lstatSync(name).isSymbolicLink()).toBe(true);
    expect(readdirSync(backups)).toEqual([backupName(file, T0)]);
  });

  it('refuses a database that is not there, making no folder', () => {
    expect(() => startBackup(join(dir, 'none.sqlite'), join(dir, 'backups'))).toThrow(BackupError);
    expect(() => startBackup(join(dir, 'none.sqlite'), join(dir, 'backups'))).toThrow(
      /^There is no database at .*none\.sqlite to back up/,
    );
    expect(existsSync(join(dir, 'backups'))).toBe(false);
  });

  it('stopped while it copies: fails, and nothing of it is left', async () => {
    const file = database(4_000);
    const run = startBackup(file, join(dir, 'backups'), { now: T0, stepPages: 4 });
    const partial = partialName(run.file);
    while (!existsSync(partial)) await new Promise((r) => setImmediate(r));
    await run.stop();
    await expect(run.done).rejects.toThrow(/failed: the bot stopped while it was being made/);
    expect(readdirSync(join(dir, 'backups'))).toEqual([]);
  });

  it('stopped inside work SQLite cannot interrupt (the integrity check): the stop is bounded and removes the copy itself', async () => {
    const file = database(10);
    const run = startBackup(file, join(dir, 'backups'), {
      now: T0,
      entry: new URL('../support/stuckBackupWorker.mjs', import.meta.url),
      stopWaitMs: 300,
    });
    const partial = partialName(run.file);
    while (!existsSync(`${partial}-journal`)) await new Promise((r) => setTimeout(r, 10));
    const started = Date.now();
    await run.stop();
    // The thread is still stuck (for two seconds): the stop did not wait for it, and left nothing.
    expect(Date.now() - started).toBeLessThan(1_200);
    expect(readdirSync(join(dir, 'backups'))).toEqual([]);
    await expect(run.done).rejects.toThrow(/the bot stopped while it was being made/);
  });
});

describe('scheduled backups', () => {
  it('are named apart from those made by hand, and one folder takes one database of a name', async () => {
    const first = database(10);
    const second = join(dir, 'elsewhere', 'tichu.sqlite');
    mkdirSync(join(dir, 'elsewhere'));
    Store.open(second).close();
    const shared = join(dir, 'shared');
    const made = await backupDatabase(first, shared, { now: T0, kind: 'scheduled' });
    expect(made.file).toBe(join(shared, 'tichu-auto-2026-11-28T03-10-00Z.sqlite'));
    // The other database of that name would prune these (and these its): refused, in words.
    expect(() => startBackup(second, shared, { now: T0 + HOUR, kind: 'scheduled' })).toThrow(
      new RegExp(
        `^The scheduled backup of ${second} was not made: the folder ${shared} already holds the scheduled backups of another database of the same name, ${first} \\(as ${join(shared, 'tichu-auto.owner')} says\\).* Set BACKUP_DIR to a folder of its own for each database`,
      ),
    );
    // By hand into the same folder: never pruned, so never refused.
    await backupDatabase(second, shared, { now: T0 + HOUR });
    expect(readdirSync(shared).sort()).toEqual([
      'tichu-2026-11-28T04-10-00Z.sqlite',
      'tichu-auto-2026-11-28T03-10-00Z.sqlite',
      'tichu-auto.owner',
    ]);
    // The first database gone (moved away): the folder is the second's.
    rmSync(first);
    await backupDatabase(second, shared, { now: T0 + 2 * HOUR, kind: 'scheduled' });
    expect(readFileSync(join(shared, 'tichu-auto.owner'), 'utf8')).toBe(`${second}\n`);
  });
});

describe('pruning', () => {
  it('keeps exactly the newest N scheduled backups of the database; those made by hand and everything else stay', () => {
    const backups = join(dir, 'backups');
    mkdirSync(backups);
    const db = join(dir, 'tichu.sqlite');
    const made = [0, 1, 2, 3, 4, 5].map((h) => join(backups, backupName(db, T0 + h * HOUR, 'scheduled')));
    for (const file of made) writeFileSync(file, 'backup');
    const others = [
      'notes.txt',
      // Made by hand (npm run backup), older and newer than the scheduled ones: never pruned.
      backupName(db, T0 - HOUR),
      backupName(db, T0 + 10 * HOUR),
      backupName(join(dir, 'other.sqlite'), T0, 'scheduled'),
      'tichu-yesterday.sqlite',
      `${backupName(db, T0 + 9 * HOUR, 'scheduled')}.bak`,
    ];
    for (const name of others) writeFileSync(join(backups, name), 'keep me');
    // Copies half-made by a process that is gone (a bot killed mid-backup, a backup by hand killed),
    // and one under way here.
    const stale = partialName(join(backups, backupName(db, T0 + 7 * HOUR, 'scheduled')), 2 ** 22 + 17);
    const staleByHand = partialName(join(backups, backupName(db, T0 + 7 * HOUR)), 2 ** 22 + 19);
    const live = partialName(join(backups, backupName(db, T0 + 8 * HOUR, 'scheduled')));
    writeFileSync(stale, 'half');
    writeFileSync(`${stale}-journal`, 'half');
    writeFileSync(staleByHand, 'half');
    writeFileSync(live, 'half');

    const removed = pruneBackups(backups, db, 3);
    expect(removed.sort()).toEqual([...made.slice(0, 3), stale, `${stale}-journal`, staleByHand].sort());
    expect(listBackups(backups, db, 'scheduled').map((b) => b.file)).toEqual(made.slice(3).reverse());
    expect(listBackups(backups, db, 'manual').map((b) => b.name)).toEqual([others[2], others[1]]);
    expect(readdirSync(backups).sort()).toEqual(
      [...made.slice(3), ...others, live].map((f) => f.split('/').at(-1)).sort(),
    );
    // Again: there is nothing more to remove.
    expect(pruneBackups(backups, db, 3)).toEqual([]);
  });
});
