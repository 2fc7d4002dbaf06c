/**
 * The backup schedule's metrics (BACKUP_EVERY): the time of the last backup made, the slots by
 * outcome and how long a backup takes, so that monitoring sees a schedule that keeps failing (its
 * error lines are in a log nobody may read). They live in whichever process runs the schedule: the
 * bot's own registry (registry.ts), or a sharded bot's main process (cluster.ts), whose shards never
 * back up and whose merge therefore leaves these names out of theirs.
 */
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { BackupOutcome, BackupRecorder } from './recorder.js';

export const BACKUP_LAST_SUCCESS = 'tichu_backup_last_success_timestamp_seconds';
export const BACKUPS_TOTAL = 'tichu_backups_total';
export const BACKUP_SECONDS = 'tichu_backup_duration_seconds';
/** Every family here: a shard's copies of them are dropped in the main process's merge. */
export const BACKUP_FAMILIES: ReadonlySet<string> = new Set([
  BACKUP_LAST_SUCCESS,
  BACKUPS_TOTAL,
  BACKUP_SECONDS,
]);

const OUTCOMES: readonly BackupOutcome[] = ['ok', 'failed', 'skipped'];

export class BackupMetrics implements BackupRecorder {
  /**
   * Made once a backup is known: until then the gauge is left out of the scrape, never 0 (an age
   * since 1970 would page at once), and prom-client always writes an unlabelled gauge it has.
   */
  private lastSuccess: Gauge | null = null;
  private readonly total: Counter<'outcome'>;
  private readonly seconds: Histogram;

  constructor(
    private readonly registry: Registry,
    private readonly now: () => number = Date.now,
  ) {
    this.total = new Counter({
      name: BACKUPS_TOTAL,
      help: 'Slots of the backup schedule by outcome: ok (made and checked), failed, skipped (the one before still running).',
      labelNames: ['outcome'] as const,
      registers: [registry],
    });
    this.seconds = new Histogram({
      name: BACKUP_SECONDS,
      help: 'How long each scheduled backup took, from its start to its checked copy (s).',
      buckets: [0.1, 0.5, 1, 5, 15, 30, 60, 120, 300, 600, 1800],
      registers: [registry],
    });
  }

  backupsScheduled(lastMadeMs: number | null): void {
    // Every outcome shows 0 from the start, so that increase() sees the first failure.
    for (const outcome of OUTCOMES) this.total.inc({ outcome }, 0);
    if (lastMadeMs !== null && this.lastSuccess === null) this.madeAt(lastMadeMs);
  }

  backupEnded(outcome: BackupOutcome, seconds: number | null): void {
    this.total.inc({ outcome });
    if (outcome !== 'ok') return;
    this.madeAt(this.now());
    if (seconds !== null) this.seconds.observe(seconds);
  }

  private madeAt(ms: number): void {
    this.lastSuccess ??= new Gauge({
      name: BACKUP_LAST_SUCCESS,
      help: 'When the last scheduled backup was made and checked (Unix time, s); absent until one is known.',
      registers: [this.registry],
    });
    this.lastSuccess.set(ms / 1000);
  }
}
