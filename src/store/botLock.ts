/**
 * The mark a running bot leaves beside its database file, so that `npm run guild -- import` refuses
 * to write under it (a running bot arms deadlines and stand-ins only at its start, and its in-memory
 * tables would overwrite imported rows). The mark is the file `<database>.bot-<pid>`, made when the
 * bot opens the database and removed when it stops: one per process, since a sharded bot's shard
 * processes share one file. A mark whose process is gone (a bot that was killed) is stale: ignored.
 * Advisory only: SQLite's own locking still guards every write.
 */
import { readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';

const MARK = '.bot-';

/** A running bot's mark on its database file. */
export interface BotLock {
  /** Removes the mark (again: nothing). */
  release(): void;
}

/** Marks the database at `path` as in use by this process (nothing for an in-memory database). */
export function takeBotLock(path: string, pid: number = process.pid): BotLock {
  if (path === ':memory:') return { release() {} };
  const mark = `${canonical(path)}${MARK}${pid}`;
  writeFileSync(mark, `${pid}\n`);
  let held = true;
  return {
    release() {
      if (!held) return;
      held = false;
      rmSync(mark, { force: true });
    },
  };
}

/** The pids of the live processes that marked the database at `path` (stale marks left out), in order. */
export function botsRunningOn(path: string): number[] {
  const file = canonical(path);
  const prefix = `${basename(file)}${MARK}`;
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
