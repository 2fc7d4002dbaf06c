/**
 * Writes that fail for the file's sake (read-only, an I/O error, a lock held elsewhere, damage; a
 * full disk is DiskHealth's): the last such failure, for /healthz, from the first one until a write
 * succeeds again. As with a full disk, each change is told once: one error line when writes start
 * failing and one when they succeed again, however many clicks fail meanwhile. Without it, a -wal
 * made immutable showed only in /healthz: each click's failure was answered, never logged.
 */
import { type WriteFailure, writeFailureOf } from './writeCheck.js';

export const WRITES_FAILING_LINE = 'writes to the database fail: moves cannot be saved';
export const WRITES_BACK_LINE = 'writes to the database succeed again: moves are saved';

/** What `log` calls (pino's Logger has both). */
export interface WriteLogger {
  error(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

export type WriteChange =
  | { readonly kind: 'failing'; readonly path: string; readonly failure: WriteFailure }
  | {
      readonly kind: 'back';
      readonly path: string;
      readonly since: number;
      readonly at: number;
      /** Writes that failed meanwhile. */
      readonly failed: number;
    };

export class WriteFailures {
  private last: WriteFailure | null = null;
  private since = 0;
  private count = 0;
  private readonly listeners = new Set<(change: WriteChange) => void>();

  constructor(
    readonly path: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** The failure that stands (null while writes succeed). */
  get current(): WriteFailure | null {
    return this.last;
  }

  /** A write failed: remembered if it says something of the file (not a constraint, say). */
  failed(error: unknown): void {
    const failure = writeFailureOf(error, this.now());
    if (!failure) return;
    if (this.last === null) {
      this.since = failure.at;
      this.count = 0;
      this.tell({ kind: 'failing', path: this.path, failure });
    }
    this.count++;
    this.last = failure;
  }

  /** A write succeeded (or a look again found the lock free): the failure is over. */
  wrote(): void {
    this.replace(null);
  }

  /** What a look again found (writeCheck.ts's probeWrite): the same failure, another, or none. */
  replace(failure: WriteFailure | null): void {
    if (failure !== null) {
      this.last = failure;
      return;
    }
    if (this.last === null) return;
    this.last = null;
    this.tell({ kind: 'back', path: this.path, since: this.since, at: this.now(), failed: this.count });
  }

  /** Hears of each change; returns the way to stop hearing. */
  onChange(listener: (change: WriteChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** One error line when writes start failing, one warning when they succeed again. */
  log(logger: WriteLogger): () => void {
    return this.onChange((change) => {
      if (change.kind === 'failing') {
        const { path, failure } = change;
        logger.error({ path, code: failure.code, err: failure.message }, WRITES_FAILING_LINE);
      } else {
        const { path, since, at, failed } = change;
        logger.warn({ path, since: new Date(since).toISOString(), ms: at - since, failed }, WRITES_BACK_LINE);
      }
    });
  }

  private tell(change: WriteChange): void {
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch {
        // A listener's failure is its own: the store's write path must not throw for it.
      }
    }
  }
}
