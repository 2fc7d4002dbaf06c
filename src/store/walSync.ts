/**
 * Durability off the event loop. SQLite runs with synchronous=NORMAL in WAL mode: a commit writes
 * its frames to the -wal file without waiting for the disk. Before anything is acknowledged, the
 * caller awaits `durable()`, which fdatasyncs that file on libuv's thread pool. Commits that land
 * while one sync is under way share the next: under load, many actions pay for one flush (a group
 * commit), and the bot's single thread never blocks on the disk.
 */
import { closeSync, existsSync, fdatasync, openSync } from 'node:fs';

export type Sync = (fd: number, done: (error: NodeJS.ErrnoException | null) => void) => void;

export class WalSync {
  private fd: number | null = null;
  /** A flush that failed: nothing after it can be called durable (the kernel may have dropped pages). */
  private failure: Error | null = null;
  private committed = 0;
  private synced = 0;
  private running: Promise<void> | null = null;
  private closing = false;
  /** How many flushes ran (for tests and benchmarks: fewer than commits under load). */
  flushes = 0;
  /** Hears how long each flush that succeeded took, in seconds (the metrics' flush latency). */
  onFlushed: ((seconds: number) => void) | null = null;

  /** `walPath` null: nothing to flush (an in-memory database). `sync` is injectable for tests. */
  constructor(
    private readonly walPath: string | null,
    private readonly sync: Sync = fdatasync,
  ) {}

  /** Whether a flush failed (for good: see `durable`). */
  get failed(): boolean {
    return this.failure !== null;
  }

  /** A transaction just committed. */
  noteCommit(): void {
    this.committed++;
  }

  /**
   * Resolves once every commit made before the call is on disk. After a failed flush it rejects,
   * now and for good: pages the kernel failed to write may be gone, so nothing is acknowledged any
   * more (restart the bot: SQLite recovers from what the disk holds). A full disk (ENOSPC, EDQUOT)
   * is no exception: after a failed fsync Linux may have marked the unwritten pages clean, so a
   * second fsync could succeed with the data gone. (A commit the disk has no room for fails before
   * this, as SQLITE_FULL, and play resumes once there is room: see Store.transaction.)
   */
  async durable(): Promise<void> {
    const target = this.committed;
    while (this.synced < target || this.failure) {
      if (this.failure) throw this.failure;
      if (!this.running) this.running = this.flush().finally(() => (this.running = null));
      await this.running;
    }
  }

  /** Stops flushing and closes the file once any flush under way is done. */
  close(): void {
    this.closing = true;
    if (!this.running) this.release();
  }

  private async flush(): Promise<void> {
    const upTo = this.committed;
    let elapsed: number | null = null;
    try {
      const fd = this.open();
      if (fd === null) {
        // Commits without a WAL file would be commits nothing flushes: never call them durable.
        if (upTo > 0 && this.walPath !== null) throw new Error(`no WAL file at ${this.walPath}`);
      } else {
        const started = performance.now();
        await new Promise<void>((resolve, reject) =>
          this.sync(fd, (error) => (error ? reject(error) : resolve())),
        );
        this.flushes++;
        elapsed = (performance.now() - started) / 1000;
      }
    } catch (error) {
      this.failure = new FlushError(error);
      throw this.failure;
    } finally {
      if (this.closing) this.release();
    }
    this.synced = Math.max(this.synced, upTo);
    // Outside the try: whatever the listener does, it can never pass for a failed flush.
    if (elapsed !== null && this.onFlushed) {
      try {
        this.onFlushed(elapsed);
      } catch {
        // A listener's failure is its own.
      }
    }
  }

  private open(): number | null {
    if (this.fd !== null || this.walPath === null || this.closing) return this.fd;
    // The -wal file exists from the first write on, and stays (reused) while the database is open.
    if (!existsSync(this.walPath)) return null;
    // Read-write: flushing needs write access on some systems (Windows' FlushFileBuffers).
    this.fd = openSync(this.walPath, 'r+');
    return this.fd;
  }

  private release(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}

/** A flush that failed, with the system's code and number kept (ENOSPC, EIO...) for the log and the health state. */
export class FlushError extends Error {
  readonly code?: string;
  readonly errno?: number;

  constructor(cause: unknown) {
    super(`the database could not be flushed to disk (${messageOf(cause)})`, { cause });
    this.name = 'FlushError';
    const { code, errno } = (cause ?? {}) as { code?: unknown; errno?: unknown };
    if (typeof code === 'string') this.code = code;
    if (typeof errno === 'number') this.errno = errno;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
