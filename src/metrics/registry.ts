/**
 * The bot's metrics in prom-client's registry: every metric's definition, recorded through the
 * `Recorder` calls (a counter's inc or a histogram's observe each: nothing else per interaction),
 * and gauges read at scrape time from what the bot attaches (`attach`): the tables by status (one
 * query), the outboxes' depth and the health. Node's default metrics (CPU, memory, event-loop lag,
 * GC...) come with it. docs/operations.md ("Health and metrics") names each one.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { BackupMetrics } from './backupMetrics.js';
import type { BackupOutcome, DecisionLevel, InteractionType, MetricSources, Metrics } from './recorder.js';

/** The prefix of the bot's own metrics. */
export const PREFIX = 'tichu_';

/** Tables by status: read from the database file, which every shard shares (see cluster.ts). */
export const TABLES = `${PREFIX}tables`;
/** Whether /healthz would answer 200: a sharded bot's main process writes its own (see cluster.ts). */
export const HEALTHY = `${PREFIX}healthy`;
export const HEALTHY_HELP = '1 when /healthz would answer 200 (gateway ready, database writable), else 0.';

export class BotMetrics implements Metrics {
  readonly registry = new Registry();
  private sources: MetricSources | null = null;

  private readonly interactions = new Counter({
    name: `${PREFIX}interactions_total`,
    help: 'Interactions handled, by kind (command or button family) and outcome (ok, refused, error...).',
    labelNames: ['kind', 'outcome'] as const,
    registers: [this.registry],
  });

  private readonly answerSeconds = new Histogram({
    name: `${PREFIX}interaction_answer_seconds`,
    help: 'From an interaction reaching the bot to its first answer (or deferral) accepted by Discord.',
    labelNames: ['type'] as const,
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 3, 5],
    registers: [this.registry],
  });

  private readonly hands = new Counter({
    name: `${PREFIX}hands_played_total`,
    help: 'Hands that ended.',
    registers: [this.registry],
  });

  private readonly decisions = new Histogram({
    name: `${PREFIX}bot_decision_seconds`,
    help: "Bot seats' decisions by level, and how long each took (a hard one: from asking its worker to its answer).",
    labelNames: ['level'] as const,
    buckets: [0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });

  private readonly rest = new Counter({
    name: `${PREFIX}discord_requests_total`,
    help: 'REST requests to Discord, by bucketed route, method and final status (after discord.js retries).',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [this.registry],
  });

  private readonly limited = new Counter({
    name: `${PREFIX}discord_rate_limited_total`,
    help: 'Responses 429 from Discord, by bucketed route and whether the limit was global.',
    labelNames: ['route', 'global'] as const,
    registers: [this.registry],
  });

  private readonly flushSeconds = new Histogram({
    name: `${PREFIX}flush_seconds`,
    help: "Flushes of the database's WAL to disk (fdatasync): each answer waits for one.",
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    registers: [this.registry],
  });

  constructor() {
    const metrics = this;
    // Each gauge is emptied before it is set: a read that fails (a closed store) leaves it out of
    // the scrape, never at the value of the last read that worked.
    new Gauge({
      name: TABLES,
      help: 'Tables in the database, by status (lobby, playing, paused, finished, abandoned).',
      labelNames: ['status'] as const,
      registers: [this.registry],
      collect() {
        this.reset();
        const counts = metrics.read((s) => s.tablesByStatus());
        if (counts) for (const [status, n] of Object.entries(counts)) this.set({ status }, n);
      },
    });
    new Gauge({
      name: `${PREFIX}outbox_depth`,
      help: "Writes waiting in the bot's outboxes: channel (table and turn messages), panels (live panels).",
      labelNames: ['queue'] as const,
      registers: [this.registry],
      collect() {
        this.reset();
        const depth = metrics.read((s) => s.queueDepth());
        if (depth) for (const [queue, n] of Object.entries(depth)) this.set({ queue }, n);
      },
    });
    new Gauge({
      name: HEALTHY,
      help: HEALTHY_HELP,
      registers: [this.registry],
      collect() {
        this.set(metrics.read((s) => (s.health().ok ? 1 : 0)) ?? 0);
      },
    });
    collectDefaultMetrics({ register: this.registry });
  }

  /** BACKUP_EVERY's schedule, when this process runs it (backupMetrics.ts). */
  private readonly backups = new BackupMetrics(this.registry);

  /** What the gauges read from now on (the running bot). */
  attach(sources: MetricSources | null): void {
    this.sources = sources;
  }

  interaction(kind: string, outcome: string, type: InteractionType, answerSeconds: number | null): void {
    this.interactions.inc({ kind, outcome });
    if (answerSeconds !== null) this.answerSeconds.observe({ type }, answerSeconds);
  }

  handPlayed(): void {
    this.hands.inc();
  }

  botDecision(level: DecisionLevel, seconds: number): void {
    this.decisions.observe({ level }, seconds);
  }

  restCall(route: string, method: string, status: string): void {
    this.rest.inc({ route, method, status });
  }

  rateLimited(route: string, global: boolean): void {
    this.limited.inc({ route, global: global ? 'true' : 'false' });
  }

  flushed(seconds: number): void {
    this.flushSeconds.observe(seconds);
  }

  backupsScheduled(lastMadeMs: number | null): void {
    this.backups.backupsScheduled(lastMadeMs);
  }

  backupEnded(outcome: BackupOutcome, seconds: number | null): void {
    this.backups.backupEnded(outcome, seconds);
  }

  /** The text Prometheus scrapes. */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  /** A scrape must not fail for a source that cannot answer now (a closed store): that gauge is left out. */
  private read<T>(read: (sources: MetricSources) => T): T | null {
    if (!this.sources) return null;
    try {
      return read(this.sources);
    } catch {
      return null;
    }
  }
}
