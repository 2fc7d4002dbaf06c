/**
 * Durability off the event loop. SQLite runs with synchronous=NORMAL in WAL mode: a commit writes
 * its frames to the -wal file without waiting for the disk. Before anything is acknowledged, the
 * caller awaits `durable()`, which fdatasyncs that file on libuv's thread pool. Commits that land
 * while one sync is under way share the next: under load, many actions pay for one flush (a group
 * commit), and the bot's single thread never blocks on the disk.
 */
import { closeSync, existsSync, fdatasync, openSync } from 'node:fs';

export class WalSync {
  private fd: number | null = null;
  private committed = 0;
  private synced = 0;
  private running: Promise<void> | null = null;
  private closing = false;
  /** How many flushes ran (for tests and benchmarks: fewer than commits under load). */
  flushes = 0;

  /** `walPath` null: nothing to flush (an in-memory database). */
  constructor(private readonly walPath: string | null) {}

  /** A transaction just committed. */
  noteCommit(): void {
    this.committed++;
  }

  /** Resolves once every commit made before the call is on disk. */
  async durable(): Promise<void> {
    const target = this.committed;
    while (this.synced < target) {
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
    const fd = this.open();
    if (fd !== null) {
      await new Promise<void>((resolve, reject) =>
        fdatasync(fd, (error) => (error ? reject(error) : resolve())),
      );
      this.flushes++;
    }
    this.synced = Math.max(this.synced, upTo);
    if (this.closing) this.release();
  }

  private open(): number | null {
    if (this.fd !== null || this.walPath === null || this.closing) return this.fd;
    // The -wal file exists from the first write on, and stays (reused) while the database is open.
    if (!existsSync(this.walPath)) return null;
    this.fd = openSync(this.walPath, 'r');
    return this.fd;
  }

  private release(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}
