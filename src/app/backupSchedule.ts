/**
 * The bot's own backups (BACKUP_EVERY in .env): one at each slot, the slots being the multiples of
 * the interval on the UTC clock (every 6h: at 00:00, 06:00, 12:00 and 18:00 UTC; every 1d: at
 * midnight UTC), so that a restart neither postpones nor repeats one. Each backup runs in a thread
 * of its own (src/store/backup.ts), so clicks are not held up; once it is made, the oldest scheduled
 * backups beyond BACKUP_KEEP are removed (`tichu-auto-<time>.sqlite`: those made by hand never are).
 * A backup that fails is an error line, and the next slot tries
 * again; one still being made when the next slot comes is a warning for the slot it skips.
 * Nothing is ever dropped without a line saying so, and each slot's outcome is counted in the
 * metrics (BackupRecorder) too, so that monitoring sees a schedule that keeps failing.
 *
 * One schedule per database file: `npm start` runs it in its one process, or in the main process
 * of a sharded bot (never in a shard process: every shard shares the one file).
 */
import { type BackupRecorder, NO_METRICS } from '../metrics/recorder.js';
import { type BackupRun, startBackup } from '../store/backup.js';
import { listBackups, pruneBackups } from '../store/backupFiles.js';

/** What the schedule writes to the log (pino's Logger has all three). */
export interface BackupLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export const BACKUP_MADE_LINE = 'backup made';
export const BACKUP_FAILED_LINE = 'backup failed: the next slot tries again';
export const BACKUP_SKIPPED_LINE = 'backup slot skipped: the backup before it is still being made';

export interface ScheduleOptions {
  readonly databasePath: string;
  readonly dir: string;
  readonly everyMs: number;
  readonly keep: number;
  readonly log: BackupLog;
  /** Where each slot's outcome is counted (METRICS_PORT); nothing by default. */
  readonly metrics?: BackupRecorder;
  readonly now?: () => number;
  /** Starts one backup taken at `at` (default: into `dir`, off this thread); tests put theirs. */
  readonly start?: (at: number) => BackupRun;
}

/** A timer waits at most this long (Node's limit, about 24.8 days); a longer wait is several. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** The first slot after `now`: the next multiple of `everyMs` since the epoch (UTC). */
export function nextSlot(now: number, everyMs: number): number {
  return (Math.floor(now / everyMs) + 1) * everyMs;
}

export class BackupSchedule {
  private readonly now: () => number;
  private slot = 0;
  private timer: NodeJS.Timeout | null = null;
  private running: BackupRun | null = null;
  private ending: Promise<void> = Promise.resolve();
  private stopped = false;
  private readonly metrics: BackupRecorder;

  constructor(private readonly options: ScheduleOptions) {
    this.now = options.now ?? Date.now;
    this.metrics = options.metrics ?? NO_METRICS;
  }

  start(): void {
    const { dir, everyMs, keep, databasePath } = this.options;
    // The newest backup a previous run made: an alert on its age holds across a restart.
    this.metrics.backupsScheduled(listBackups(dir, databasePath, 'scheduled')[0]?.at ?? null);
    this.slot = nextSlot(this.now(), everyMs);
    this.options.log.info({ dir, everyMs, keep, next: iso(this.slot) }, 'scheduled backups on');
    this.arm();
  }

  /** Resolves once the backup under way, if any, has ended and been logged (for tests). */
  settled(): Promise<void> {
    return this.ending;
  }

  /**
   * No slot from now on; the backup under way is ended, nothing of it kept: its thread ends between
   * two steps of the copy, or, inside the integrity check, the stop waits at most a second and
   * removes the half-made copy itself (see BackupRun.stop).
   */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.stop();
  }

  private arm(): void {
    if (this.stopped) return;
    const wait = Math.min(Math.max(0, this.slot - this.now()), LONGEST_TIMER_MS);
    this.timer = setTimeout(() => this.wake(), wait);
    // The schedule alone never keeps a process alive.
    this.timer.unref();
  }

  private wake(): void {
    this.timer = null;
    if (this.stopped) return;
    const now = this.now();
    // Early (a wait longer than one timer, or a clock set back): wait on for the slot.
    if (now < this.slot) {
      this.arm();
      return;
    }
    const slot = this.slot;
    // The slot after now: slots missed while the machine slept make one backup, not a burst of them.
    this.slot = nextSlot(now, this.options.everyMs);
    this.take(slot, now);
    this.arm();
  }

  private take(slot: number, now: number): void {
    const { log } = this.options;
    if (this.running) {
      log.warn({ slot: iso(slot), file: this.running.file, next: iso(this.slot) }, BACKUP_SKIPPED_LINE);
      this.metrics.backupEnded('skipped', null);
      return;
    }
    let run: BackupRun;
    try {
      run = this.options.start
        ? this.options.start(now)
        : startBackup(this.options.databasePath, this.options.dir, { now, kind: 'scheduled' });
    } catch (error) {
      log.error({ slot: iso(slot), err: messageOf(error), next: iso(this.slot) }, BACKUP_FAILED_LINE);
      this.metrics.backupEnded('failed', null);
      return;
    }
    this.running = run;
    this.ending = run.done
      .then(
        (done) => {
          this.metrics.backupEnded('ok', done.ms / 1000);
          const removed = this.prune();
          log.info(
            { file: done.file, bytes: done.bytes, ms: Math.round(done.ms), removed },
            BACKUP_MADE_LINE,
          );
        },
        (error: unknown) => {
          // A stop ends the copy on purpose: the next start's slots make the next one.
          if (this.stopped) return;
          log.error({ slot: iso(slot), err: messageOf(error), next: iso(this.slot) }, BACKUP_FAILED_LINE);
          this.metrics.backupEnded('failed', null);
        },
      )
      .finally(() => {
        this.running = null;
      });
  }

  /** Keeps the newest BACKUP_KEEP scheduled backups; a failure to remove one is an error line, never the backup's. */
  private prune(): string[] {
    const { dir, databasePath, keep, log } = this.options;
    try {
      return pruneBackups(dir, databasePath, keep);
    } catch (error) {
      log.error({ dir, err: messageOf(error) }, 'old backups could not be removed');
      return [];
    }
  }
}

/** The schedule `npm start` runs, or null when BACKUP_EVERY is empty (no scheduled backups). */
export function startScheduledBackups(
  databasePath: string,
  backups: { readonly dir: string; readonly everyMs: number | null; readonly keep: number },
  log: BackupLog,
  metrics: BackupRecorder = NO_METRICS,
): BackupSchedule | null {
  if (backups.everyMs === null || databasePath === ':memory:') return null;
  const schedule = new BackupSchedule({
    databasePath,
    dir: backups.dir,
    everyMs: backups.everyMs,
    keep: backups.keep,
    log,
    metrics,
  });
  schedule.start();
  return schedule;
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
