/**
 * The mark a running bot leaves beside its database file, so that `npm run guild -- import` refuses
 * to write under it (a running bot arms deadlines and stand-ins only at its start, and its in-memory
 * tables would overwrite imported rows). The mark is the file `<database>.bot-<pid>`, made when the
 * bot opens the database and removed when it stops: one per process, since a sharded bot's shard
 * processes share one file. A mark whose process is gone (a bot that was killed) is stale: ignored.
 *
 * The other way round too: an import marks the file `<database>.import-<pid>` while it runs, and a
 * bot does not start under it. Each side marks first and then looks for the other's mark, so of two
 * starting at the same moment at least one sees the other (both may, and both then refuse).
 * A restore (`npm run restore`) marks the file `<database>.restore-<pid>` while it puts a backup in
 * place, the same way: a bot does not start under it, and it refuses under a bot's mark.
 *
 * Advisory only: SQLite's own locking still guards every write.
 */
import { readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

const MARK = '.bot-';
const IMPORT_MARK = '.import-';
const RESTORE_MARK = '.restore-';

/** A bot refused to start because an import is writing to its database. */
export class ImportRunningError extends Error {}

/** A running bot's mark on its database file. */
export interface BotLock {
  /** Removes the mark (again: nothing). */
  release(): void;
}

/**
 * Marks the database at `path` as in use by this process (nothing for an in-memory database).
 * Throws ImportRunningError, leaving no mark, while an import writes to it.
 */
export function takeBotLock(path: string, pid: number = process.pid): BotLock {
  if (path === ':memory:') return { release() {} };
  const lock = mark(path, MARK, pid);
  removeStaleMarks(path, MARK, pid);
  try {
    refuseDuringImport(path);
  } catch (error) {
    lock.release();
    throw error;
  }
  return lock;
}

/** Marks the database at `path` as being written by an import run by this process. */
export function takeImportLock(path: string, pid: number = process.pid): BotLock {
  return mark(path, IMPORT_MARK, pid);
}

/** Marks the database at `path` as being replaced by a restore run by this process. */
export function takeRestoreLock(path: string, pid: number = process.pid): BotLock {
  return mark(path, RESTORE_MARK, pid);
}

/** Throws ImportRunningError while a live import (or restore) has marked the database at `path`. */
export function refuseDuringImport(path: string): void {
  if (path === ':memory:') return;
  const imports = importsRunningOn(path);
  if (imports.length > 0)
    throw new ImportRunningError(
      `an import (npm run guild -- import, pid ${imports.join(', ')}) is writing to ${resolve(path)}: start the bot once it has finished. (If no import runs, another process reuses that pid: remove ${canonical(path)}${IMPORT_MARK}${imports[0]}.)`,
    );
  const restores = restoresRunningOn(path);
  if (restores.length > 0)
    throw new ImportRunningError(
      `a restore (npm run restore, pid ${restores.join(', ')}) is putting a backup in place of ${resolve(path)}: start the bot once it has finished. (If no restore runs, another process reuses that pid: remove ${canonical(path)}${RESTORE_MARK}${restores[0]}.)`,
    );
}

function mark(path: string, kind: string, pid: number): BotLock {
  const file = `${canonical(path)}${kind}${pid}`;
  writeFileSync(file, `${pid}\n`);
  let held = true;
  return {
    release() {
      if (!held) return;
      held = false;
      rmSync(file, { force: true });
    },
  };
}

/** The pids of the live processes that marked the database at `path` (stale marks left out), in order. */
export function botsRunningOn(path: string): number[] {
  return marksOn(path, MARK);
}

/** The pids of the live imports that marked the database at `path`, in order. */
export function importsRunningOn(path: string): number[] {
  return marksOn(path, IMPORT_MARK);
}

/** The pids of the live restores that marked the database at `path`, in order. */
export function restoresRunningOn(path: string): number[] {
  return marksOn(path, RESTORE_MARK);
}

/** The live pids of `kind`'s marks on the database at `path`, in order. */
function marksOn(path: string, kind: string): number[] {
  const file = canonical(path);
  const prefix = `${basename(file)}${kind}`;
  let names: string[];
  try {
    names = readdirSync(dirname(file));
  } catch {
    return [];
  }
  return names
    .filter((name) => name.startsWith(prefix) && /^\d+$/.test(name.slice(prefix.length)))
    .map((name) => Number(name.slice(prefix.length)))
    .filter((pid) => pid > 0 && alive(pid))
    .sort((a, b) => a - b);
}

/**
 * Removes `kind`'s marks whose process is gone (a bot killed, a machine that lost power): ignored as
 * they are, they were left to puzzle an admin listing the folder. Only at a bot's start, and only a
 * bot's marks. A bot that reuses a dead pid and marks in the instant between the look and the removal
 * would lose its mark: advisory only, as every mark is (SQLite's locking guards every write).
 */
function removeStaleMarks(path: string, kind: string, own: number): void {
  const file = canonical(path);
  const prefix = `${basename(file)}${kind}`;
  let names: string[];
  try {
    names = readdirSync(dirname(file));
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(name.slice(prefix.length));
    if (!name.startsWith(prefix) || !/^\d+$/.test(name.slice(prefix.length))) continue;
    if (pid === own || alive(pid)) continue;
    try {
      rmSync(join(dirname(file), name), { force: true });
    } catch {
      // A folder that refuses it: the mark stays stale, and is ignored as before.
    }
  }
}

/** The mark's file name for `pid`, for the operator who must remove a mark left by another process reusing a pid. */
export function markFile(path: string, pid: number): string {
  return `${canonical(path)}${MARK}${pid}`;
}

/** The file as SQLite opens it (symbolic links resolved) when it exists, else its absolute path. */
function canonical(path: string): string {
  const file = resolve(path);
  try {
    return realpathSync(file);
  } catch {
    return file;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
