/**
 * One backup, as the backup thread makes it (src/store/backupWorker.ts): a consistent copy of the
 * database while the bot keeps writing, checked, then given its name.
 *
 * Consistent: SQLite's backup API copies page by page, and a write by another connection (the bot's)
 * between two steps would restart the copy from the first page; so this connection opens one read
 * transaction first and holds it to the end. In WAL mode a reader never blocks a writer: the bot
 * commits as usual, the copy is the database as it stood at that moment, and no step is ever
 * restarted. The steps are small (SQLite's work between two of them cannot be interrupted), so a
 * bot that stops ends the thread between two of them; the integrity check is one such piece of work
 * (seconds for a large file), which backup.ts's stop does not wait for beyond a second.
 *
 * Checked and named: the copy is made under a temporary name (`….<pid>.partial`), turned into a
 * single file (rollback journal, not WAL: nothing must lie beside it), passed through
 * `PRAGMA integrity_check`, flushed to disk and only then given its final name (never over a file
 * already there). A copy that fails any of it is removed: a file with a backup's name is a whole,
 * checked backup.
 */
import {
  closeSync,
  existsSync,
  fdatasyncSync,
  linkSync,
  lstatSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { removePartial, syncFile, syncFolder } from './backupFiles.js';

/** Pages copied per step: 16 MB of 4 KB pages, some tens of milliseconds of disk work. */
export const STEP_PAGES = 4096;

export interface BackupJob {
  /** The database to copy (it must exist). */
  readonly source: string;
  /** The temporary name the copy is made under, in the same folder as `final`. */
  readonly partial: string;
  /** The backup's name once whole and checked. */
  readonly final: string;
  readonly stepPages?: number;
}

export interface BackupDone {
  readonly file: string;
  readonly bytes: number;
  /** Milliseconds from the start to the rename, the check included. */
  readonly ms: number;
  /** Of which the integrity check. */
  readonly checkMs: number;
}

/** A backup that could not be made; nothing of it was kept. */
export class BackupFailure extends Error {}

/** Makes the backup `job` describes; throws BackupFailure (its partial file removed) if it cannot. */
export async function makeBackup(job: BackupJob): Promise<BackupDone> {
  const started = performance.now();
  let checkMs = 0;
  try {
    // Refused before the copy too, not only at the name: a copy bound to fail is not made.
    if (nameTaken(job.final)) throw taken(job.final);
    removePartial(job.partial);
    await copy(job);
    const checking = performance.now();
    check(job.partial);
    checkMs = performance.now() - checking;
    syncFile(job.partial);
    publish(job.partial, job.final);
    syncFolder(dirname(job.final));
  } catch (error) {
    removePartial(job.partial);
    if (error instanceof BackupFailure) throw error;
    throw new BackupFailure(reason(error), { cause: error });
  }
  return { file: job.final, bytes: statSync(job.final).size, ms: performance.now() - started, checkMs };
}

/**
 * Gives the checked copy its name, never over a file already there (two backups in one second): a
 * hard link fails with EEXIST where a rename would overwrite, with no moment between a check and
 * the move. A file system without hard links (some network shares) gets the check, then the rename.
 */
function publish(partial: string, final: string): void {
  try {
    linkSync(partial, final);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (code === 'EEXIST') throw taken(final);
    if (!NO_HARD_LINKS.has(code)) throw error;
    if (nameTaken(final)) throw taken(final);
    renameSync(partial, final);
    return;
  }
  rmSync(partial, { force: true });
}

/** What a file system without hard links answers to one. */
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EMLINK']);

/** Whether anything has the name: a file, a folder, or a link (to nothing too, which existsSync misses). */
function nameTaken(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

function taken(final: string): BackupFailure {
  return new BackupFailure(
    `${final} exists already (a backup taken in the same second): nothing was overwritten`,
  );
}

/** The copy, from one read transaction held from the first page to the last. */
async function copy(job: BackupJob): Promise<void> {
  // Read-write but never writing (query_only): a read-only connection would leave -wal and -shm
  // files behind when no bot has the file open.
  const source = new Database(job.source, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    source.pragma('query_only = ON');
    source.exec('BEGIN');
    // A deferred transaction reads from its first statement on: the copy's moment is now.
    source.prepare('SELECT count(*) FROM sqlite_schema').get();
    const pages = job.stepPages ?? STEP_PAGES;
    const behind = writeBehind(job.partial);
    try {
      await source.backup(job.partial, {
        progress: () => {
          behind.flush();
          return pages;
        },
      });
    } finally {
      behind.close();
    }
    source.exec('COMMIT');
  } finally {
    source.close();
  }
}

/**
 * Flushes what the copy has written so far, at each step. Linux would otherwise keep a whole 1 GB
 * copy in memory and write it at the final flush in one burst, and the bot's own flush before each
 * answer would wait behind that burst: flushed step by step, at most one step's worth is ever
 * pending on the disk.
 */
function writeBehind(partial: string): { flush(): void; close(): void } {
  let fd: number | null = null;
  return {
    flush() {
      if (fd === null && existsSync(partial)) fd = openSync(partial, 'r');
      if (fd !== null) fdatasyncSync(fd);
    },
    close() {
      if (fd !== null) closeSync(fd);
      fd = null;
    },
  };
}

/** One file (no WAL beside it), and SQLite's own check of every page and index. */
function check(partial: string): void {
  const copy = new Database(partial, { fileMustExist: true });
  try {
    // The source's WAL mode came with its first page: a backup is one file, openable read-only anywhere.
    copy.pragma('journal_mode = DELETE');
    const problems = (copy.pragma('integrity_check(10)') as Array<{ integrity_check: string }>).map(
      (row) => row.integrity_check,
    );
    if (problems.length !== 1 || problems[0] !== 'ok')
      throw new BackupFailure(
        `the copy failed its integrity check (${problems.join('; ')}): the database itself may be damaged`,
      );
  } finally {
    copy.close();
  }
}

function reason(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const code = String((error as { code?: unknown } | null)?.code ?? '');
  if (/^(SQLITE_FULL|ENOSPC|EDQUOT)/.test(code) || /disk is full|no space/i.test(text))
    return `the disk holding the backup is full (${text})`;
  return code && !text.includes(code) ? `${text} (${code})` : text;
}
