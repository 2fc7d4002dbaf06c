/**
 * Whether the database's disk takes writes. It counts as full from the first write refused for
 * want of room (SQLITE_FULL, ENOSPC, EDQUOT) until the next write that succeeds. Each change is told
 * once: one error line when the disk fills and one when it has room again, however many clicks are
 * refused meanwhile. The state is there for a health check to read (`Store.health.state()`).
 */
import { statfsSync } from 'node:fs';
import { dirname } from 'node:path';
import { errorCode, saysDiskFull } from './open.js';

export interface DiskHealthState {
  readonly diskFull: boolean;
  /** When the disk was first found full (ms since the epoch); null while writes succeed. */
  readonly since: number | null;
  /** What said so: SQLITE_FULL, ENOSPC, EDQUOT, or an SQLITE_IOERR_* while the disk had no room. */
  readonly code: string | null;
  /** Writes refused for want of room since then. */
  readonly refused: number;
}

export type DiskChange =
  | {
      readonly kind: 'full';
      readonly path: string;
      readonly code: string;
      /** The system's error number, when the error carries one (a flush's ENOSPC: -28). */
      readonly errno?: number;
      readonly message: string;
      readonly at: number;
    }
  | {
      readonly kind: 'room';
      readonly path: string;
      readonly since: number;
      readonly at: number;
      readonly refused: number;
    };

/** What `log` calls (pino's Logger has both). */
export interface DiskLogger {
  error(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

export const DISK_FULL_LINE = "the database's disk is full: moves cannot be saved";
export const DISK_ROOM_LINE = "the database's disk has room again: moves are saved";

/**
 * A write the store refused for want of room: nothing of it was kept (its transaction rolled back).
 * It keeps SQLite's (or the system's) code, and the original error as its cause.
 */
export class DiskFullError extends Error {
  readonly code: string;

  constructor(
    readonly path: string,
    code: string,
    cause: unknown,
  ) {
    super(`${DISK_FULL_LINE} (${path}: ${describe(cause)})`, { cause });
    this.name = 'DiskFullError';
    this.code = code;
  }
}

const HEALTHY: DiskHealthState = { diskFull: false, since: null, code: null, refused: 0 };

export class DiskHealth {
  private current: DiskHealthState = HEALTHY;
  private readonly listeners = new Set<(change: DiskChange) => void>();

  /** `path`: the database file (its folder's free space is asked when SQLite reports an I/O error). */
  constructor(
    readonly path: string,
    private readonly now: () => number = Date.now,
  ) {}

  get diskFull(): boolean {
    return this.current.diskFull;
  }

  /** For a health check: full or not, since when, why, and how many writes were refused. */
  state(): DiskHealthState {
    return this.current;
  }

  /**
   * A write failed. Returns the code that makes it a full disk, or null for any other failure
   * (which changes nothing here). The first one after writes succeeded is told to the listeners.
   */
  refused(error: unknown): string | null {
    const code = diskFullCode(error, this.path);
    if (code === null) return null;
    if (this.current.diskFull) {
      this.current = { ...this.current, refused: this.current.refused + 1 };
      return code;
    }
    const at = this.now();
    this.current = { diskFull: true, since: at, code, refused: 1 };
    const errno = (error as { errno?: unknown } | null)?.errno;
    this.tell({
      kind: 'full',
      path: this.path,
      code,
      ...(typeof errno === 'number' ? { errno } : {}),
      message: describe(error),
      at,
    });
    return code;
  }

  /** A write reached the file: the disk has room (again). */
  wrote(): void {
    if (!this.current.diskFull) return;
    const { since, refused } = this.current;
    this.current = HEALTHY;
    this.tell({ kind: 'room', path: this.path, since: since ?? 0, at: this.now(), refused });
  }

  /** Hears of each change; returns the way to stop hearing. */
  onChange(listener: (change: DiskChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** One error line when the disk fills, one warning when writes succeed again. */
  log(logger: DiskLogger): () => void {
    return this.onChange((change) => {
      if (change.kind === 'full') {
        const { path, code, errno, message } = change;
        logger.error({ path, code, ...(errno === undefined ? {} : { errno }), err: message }, DISK_FULL_LINE);
      } else {
        const { path, since, at, refused } = change;
        logger.warn({ path, since: new Date(since).toISOString(), ms: at - since, refused }, DISK_ROOM_LINE);
      }
    });
  }

  private tell(change: DiskChange): void {
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch {
        // A listener's failure is its own: the store's write path must not throw for it.
      }
    }
  }
}

/**
 * Why `error` is a full disk, or null. SQLite turns a write's ENOSPC into SQLITE_FULL, but a failed
 * fsync or truncate comes back as SQLITE_IOERR_* (better-sqlite3 does not expose the system's
 * errno): that one counts as full when the database's folder has no room left.
 */
export function diskFullCode(error: unknown, path: string): string | null {
  if (error instanceof DiskFullError) return error.code;
  const code = errorCode(error);
  if (saysDiskFull(error)) return code || 'DISK_FULL';
  if (code.startsWith('SQLITE_IOERR') && path !== ':memory:' && noRoomLeft(dirname(path))) return code;
  return null;
}

/** Less than a few pages free for the bot's user on the folder's file system. */
function noRoomLeft(folder: string): boolean {
  try {
    const { bavail, bsize } = statfsSync(folder);
    return bavail * bsize < 64 * 1024;
  } catch {
    return false;
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
