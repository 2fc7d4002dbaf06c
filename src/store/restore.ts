/**
 * `npm run restore`: puts a backup in the database's place while no bot runs on it.
 *
 * Nothing changes until the backup has passed every check: it is copied beside the database under
 * a temporary name (the backup itself is never opened, so a foreign or broken file is left exactly
 * as it was), and that copy must pass `PRAGMA integrity_check`, be at a schema version this code
 * knows (an older one is migrated at the next start, as any database is), and hold every table its
 * version's migrations make (a database of another program is refused). Then the database that was
 * there is kept aside with its -wal and -shm files (`tichu.sqlite.before-restore-<time>`: a -wal
 * left beside another file would be replayed onto it and damage it), the checked copy is flushed
 * and renamed into place, and the folder is flushed; then the -wal kept aside is folded into its
 * file. Each refusal is one sentence, and changes nothing; a failure once something has moved says
 * where each file is.
 *
 * A DATABASE_PATH that is a symbolic link stays one: SQLite opens the file the link points at (and
 * keeps its -wal beside that file), so the restore works on that file, in its folder.
 */
import {
  copyFileSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdtempSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { removePartial, syncFile, syncFolder } from './backupFiles.js';
import { botsRunningOn, importsRunningOn, markFile, restoresRunningOn, takeRestoreLock } from './botLock.js';
import { type Migration, readMigrations } from './migrate.js';
import { MIGRATIONS_DIR, makeFolder } from './open.js';

/** A restore refused or failed; its message says whether anything changed, and if so what. */
export class RestoreError extends Error {}

export interface RestoreReport {
  readonly target: string;
  readonly from: string;
  readonly bytes: number;
  /** The backup's schema version, and this code's (the bot migrates the file at its next start). */
  readonly version: number;
  readonly latest: number;
  /** The tables in play the backup holds, which the bot resumes at its next start. */
  readonly tables: { readonly lobby: number; readonly playing: number; readonly paused: number };
  /** Where the database that was there went (then its -wal, -shm): empty when there was none. */
  readonly keptAside: readonly string[];
}

export interface RestoreOptions {
  readonly now?: number;
  readonly migrationsDir?: string;
  /** The calls that move files into place (tests put failing ones in to see what is reported). */
  readonly fs?: Partial<PlacingCalls>;
}

/** What puts the checked copy in place: each call may fail on a real disk. */
export interface PlacingCalls {
  rename(from: string, to: string): void;
  link(existing: string, to: string): void;
  syncFolder(dir: string): void;
}

const PLACING: PlacingCalls = { rename: renameSync, link: linkSync, syncFolder };

/** The files SQLite keeps beside a database: they belong to it, and go where it goes. */
const SIDE_FILES = ['-wal', '-shm', '-journal'];

/**
 * Puts the backup `backup` in place of the database `target`; throws RestoreError: a refusal
 * changes nothing, and a failure after the first move says where each file is.
 */
export function restoreDatabase(target: string, backup: string, options: RestoreOptions = {}): RestoreReport {
  const file = realFile(target);
  const from = resolve(backup);
  refuseCandidate(file, from);
  try {
    makeFolder(file);
  } catch (error) {
    throw new RestoreError(`Refused: ${messageOf(error)} Nothing was changed.`);
  }
  // Marked first, then the bots looked for: a bot starting meanwhile sees this mark and waits.
  const lock = takeRestoreLock(file);
  try {
    refuseWhileInUse(file);
    const incoming = `${file}.incoming-${process.pid}`;
    const checked = copyAndCheck(from, incoming, readMigrations(options.migrationsDir ?? MIGRATIONS_DIR));
    let keptAside: string[];
    try {
      syncFile(incoming);
      keptAside = putInPlace(file, incoming, options.now ?? Date.now(), { ...PLACING, ...options.fs });
    } catch (error) {
      removePartial(incoming);
      if (error instanceof RestoreError) throw error;
      throw new RestoreError(`The restore failed and changed nothing: ${messageOf(error)}`);
    }
    return { target: file, from, bytes: statSync(file).size, ...checked, keptAside };
  } finally {
    lock.release();
  }
}

/** What a backup holds, once it has passed the checks a restore makes. */
export type CheckReport = Pick<RestoreReport, 'from' | 'bytes' | 'version' | 'latest' | 'tables'>;

/**
 * `npm run restore -- --check FILE`: the checks a restore makes (the same sentences, without the
 * restore), on a copy in the system's temporary folder, so that a backup copied off the machine can
 * be trusted before it is needed. Changes nothing: not the backup (never opened), not any database.
 */
export function checkBackup(
  backup: string,
  options: Pick<RestoreOptions, 'migrationsDir'> = {},
): CheckReport {
  const from = resolve(backup);
  refuseCandidate(null, from);
  const dir = mkdtempSync(join(tmpdir(), 'tichu-check-'));
  try {
    const checked = copyAndCheck(
      from,
      join(dir, basename(from)),
      readMigrations(options.migrationsDir ?? MIGRATIONS_DIR),
      'to the temporary folder',
    );
    return { from, bytes: statSync(from).size, ...checked };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The file the database really is: symbolic links followed (to a file that does not exist yet too),
 * its folder's as well, so that the copy, the file kept aside and the marks all lie beside it.
 */
function realFile(target: string): string {
  let file = resolve(target);
  for (let hops = 0; hops < 40; hops++) {
    try {
      if (!lstatSync(file).isSymbolicLink()) break;
    } catch {
      break;
    }
    file = resolve(dirname(file), readlinkSync(file));
  }
  try {
    return join(realpathSync(dirname(file)), basename(file));
  } catch {
    // No folder yet: it is made where the path says.
    return file;
  }
}

/** The backup must be a file of its own, not the database itself, and not a database in use. */
function refuseCandidate(file: string | null, from: string): void {
  if (!existsSync(from)) throw new RestoreError(`There is no file ${from} to restore. Nothing was changed.`);
  if (!statSync(from).isFile())
    throw new RestoreError(`${from} is not a file: name a backup file to restore. Nothing was changed.`);
  // SQLite opens an empty file as an empty database, which would read as "not the bot's".
  if (statSync(from).size === 0)
    throw new RestoreError(
      `Refused: ${from} is empty (0 bytes): it is no backup (a copy cut short, or a disk that was full?). Restore another backup. Nothing was changed.`,
    );
  if (file !== null && existsSync(file) && realpathSync(file) === realpathSync(from))
    throw new RestoreError(`${from} is the database itself: name a backup to restore. Nothing was changed.`);
  const wal = `${from}-wal`;
  if (existsSync(wal) && statSync(wal).size > 0)
    throw new RestoreError(
      `Refused: ${from} has a write-ahead log beside it (${wal}), so it is a database in use or copied while in use, not a backup. Restore a file made by npm run backup (or stop what uses ${from} first). Nothing was changed.`,
    );
  // A journal with content: a write was under way (perhaps half done) when the file was copied or
  // its program stopped; SQLite would roll it back only with the journal beside it, as it is here.
  const journal = `${from}-journal`;
  if (existsSync(journal) && statSync(journal).size > 0)
    throw new RestoreError(
      `Refused: ${from} has a rollback journal beside it (${journal}), so a program was writing to it, or it was copied in the middle of a write, and it may be half written. Restore a file made by npm run backup (or open ${from} once with the program that wrote it, which finishes or undoes that write). Nothing was changed.`,
    );
}

/** No bot, import or other restore may be at work on the database. */
function refuseWhileInUse(file: string): void {
  const bots = botsRunningOn(file);
  if (bots.length)
    throw new RestoreError(
      `Refused: a bot is running on ${file} (pid ${bots.join(', ')}): stop it first, restore, then start it again (if no bot runs, another process reuses that pid: remove ${markFile(file, bots[0] as number)}). Nothing was changed.`,
    );
  if (importsRunningOn(file).length)
    throw new RestoreError(
      `Refused: an import (npm run guild -- import) is writing to ${file}: restore once it has finished. Nothing was changed.`,
    );
  const others = restoresRunningOn(file).filter((pid) => pid !== process.pid);
  if (others.length)
    throw new RestoreError(
      `Refused: another restore (pid ${others.join(', ')}) is at work on ${file}: let it finish. Nothing was changed.`,
    );
}

type Checked = Pick<RestoreReport, 'version' | 'latest' | 'tables'>;

/** Copies the backup to `incoming` and checks the copy; a copy that fails is removed. */
function copyAndCheck(
  from: string,
  incoming: string,
  migrations: readonly Migration[],
  where = 'beside the database',
): Checked {
  removePartial(incoming);
  try {
    copyFileSync(from, incoming);
    return inspect(from, incoming, migrations);
  } catch (error) {
    removePartial(incoming);
    if (error instanceof RestoreError) throw error;
    throw new RestoreError(
      `Refused: ${from} could not be copied ${where} (${messageOf(error)}). Nothing was changed.`,
    );
  }
}

/** Integrity, schema version and tables of the copy; leaves it one file (no WAL) and closed. */
function inspect(from: string, incoming: string, migrations: readonly Migration[]): Checked {
  const refuse = (why: string) => new RestoreError(`Refused: ${from} ${why}. Nothing was changed.`);
  let db: Database.Database;
  try {
    db = new Database(incoming, { fileMustExist: true });
  } catch (error) {
    throw refuse(`cannot be opened as a database (${messageOf(error)})`);
  }
  try {
    let problems: string[];
    try {
      problems = (db.pragma('integrity_check(10)') as Array<{ integrity_check: string }>).map(
        (r) => r.integrity_check,
      );
    } catch (error) {
      throw refuse(`is not a SQLite database, or is damaged beyond reading (${messageOf(error)})`);
    }
    if (problems.length !== 1 || problems[0] !== 'ok')
      throw refuse(`is damaged: SQLite's integrity check says ${problems.slice(0, 3).join('; ')}`);
    const version = db.pragma('user_version', { simple: true }) as number;
    const latest = migrations.length;
    if (version > latest)
      throw refuse(
        `has schema version ${version}, newer than this code knows (${latest}): restore it with the newer version of the bot`,
      );
    if (version < 1)
      throw refuse(
        'is not a database of this bot: it has none of its schema (no migration was ever applied to it)',
      );
    const missing = missingTables(db, migrations.slice(0, version));
    if (missing.length)
      throw refuse(
        `is not a database of this bot: it lacks the bot's tables ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ` and ${missing.length - 5} more` : ''}`,
      );
    // One file in place: the bot turns WAL on again at its start.
    db.pragma('journal_mode = DELETE');
    return { version, latest, tables: inPlay(db) };
  } finally {
    db.close();
  }
}

/** The tables `migrations` make that `db` does not have. */
function missingTables(db: Database.Database, migrations: readonly Migration[]): string[] {
  const names = (d: Database.Database) =>
    new Set(
      (
        d
          .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
          .all() as Array<{
          name: string;
        }>
      ).map((r) => r.name),
    );
  const model = new Database(':memory:');
  try {
    for (const migration of migrations) model.exec(migration.sql);
    const present = names(db);
    return [...names(model)].filter((name) => !present.has(name)).sort();
  } finally {
    model.close();
  }
}

function inPlay(db: Database.Database): Checked['tables'] {
  const counts = { lobby: 0, playing: 0, paused: 0 };
  const rows = db
    .prepare(
      "SELECT status, count(*) AS n FROM tables WHERE status IN ('lobby', 'playing', 'paused') GROUP BY status",
    )
    .all() as Array<{ status: keyof typeof counts; n: number }>;
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}

/**
 * Keeps the database that is there aside (with its side files) and renames the checked copy into
 * its place. The old file is first linked to its new name, so that the database's name never points
 * at nothing; a step that fails puts back what was moved. Throws RestoreError: "changed nothing"
 * only when everything was put back, else where each file is now.
 */
function putInPlace(file: string, incoming: string, now: number, fs: PlacingCalls): string[] {
  const aside = asideName(file, now);
  const moved: Array<[string, string]> = [];
  let linked = false;
  try {
    if (existsSync(file)) {
      try {
        fs.link(file, aside);
        linked = true;
      } catch {
        // A file system without hard links: a plain rename (for a moment there is no database).
        fs.rename(file, aside);
        moved.push([file, aside]);
      }
    }
    for (const suffix of SIDE_FILES)
      if (existsSync(`${file}${suffix}`)) {
        fs.rename(`${file}${suffix}`, `${aside}${suffix}`);
        moved.push([`${file}${suffix}`, `${aside}${suffix}`]);
      }
    fs.rename(incoming, file);
  } catch (error) {
    throw putBack(error, file, aside, moved, linked, fs);
  }
  const kept = [...(linked ? [aside] : []), ...moved.map(([, to]) => to)];
  // The backup is in place from here on: a failure now must say so, never "nothing changed".
  try {
    fs.syncFolder(dirname(file));
  } catch (error) {
    const before = kept.length ? ` (the database that was there is kept as ${kept.join(', ')})` : '';
    throw new RestoreError(
      `The backup is in place of ${file}${before}, but the folder could not be flushed to disk (${messageOf(error)}), so a power cut could still undo the restore. Run sync, check that the disk is healthy, then start the bot.`,
    );
  }
  if (kept.length === 0) return [];
  foldIn(aside);
  return kept.filter((path) => existsSync(path));
}

/** Undoes the moves made before `error`; the error to throw says whether all of them were undone. */
function putBack(
  error: unknown,
  file: string,
  aside: string,
  moved: ReadonlyArray<readonly [string, string]>,
  linked: boolean,
  fs: PlacingCalls,
): RestoreError {
  const stuck: Array<readonly [string, string]> = [];
  for (const [was, to] of [...moved].reverse()) {
    try {
      fs.rename(to, was);
    } catch {
      stuck.push([was, to]);
    }
  }
  // The old file's second name goes (it is still under its own name, since it was linked).
  if (linked) rmSync(aside, { force: true });
  if (stuck.length === 0)
    return new RestoreError(`The restore failed and changed nothing: ${messageOf(error)}`);
  const where = stuck.map(([was, to]) => `${was} is now ${to}`).join('; ');
  return new RestoreError(
    `The restore failed (${messageOf(error)}) and could not put everything back: ${where}. Move ${stuck.length === 1 ? 'it' : 'each'} back to its old name by hand before you start the bot (a database without its -wal lacks its last writes); ${existsSync(file) ? `${file} is the database that was there` : `there is no database at ${file} now`}, and the backup was not put in place.`,
  );
}

/**
 * Folds the -wal kept aside into its file, as the bot's next open would: the old database is then
 * one file again, which `npm run restore` takes back like any backup. Best effort: a file too
 * damaged to open keeps its side files, which SQLite reads with it.
 */
function foldIn(aside: string): void {
  try {
    // A first read opens the WAL (recovering it); the last connection to close then checkpoints
    // it into the file and removes it.
    const db = new Database(aside, { fileMustExist: true });
    try {
      db.prepare('SELECT count(*) FROM sqlite_schema').get();
    } finally {
      db.close();
    }
  } catch {
    // Damaged (perhaps why it was replaced): left as it was moved.
  }
}

/** `tichu.sqlite.before-restore-2026-11-28T03-10-00Z`, with -2, -3… if one of that second is there. */
function asideName(file: string, now: number): string {
  const stamp = `${new Date(now).toISOString().slice(0, 19).replace(/:/g, '-')}Z`;
  const taken = (name: string) => ['', ...SIDE_FILES].some((suffix) => existsSync(`${name}${suffix}`));
  let name = `${file}.before-restore-${stamp}`;
  for (let n = 2; taken(name); n++) name = `${file}.before-restore-${stamp}-${n}`;
  return name;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
