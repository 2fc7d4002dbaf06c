/**
 * What the bot's layers tell the metrics (issue 31): plain calls with bounded labels, no prom-client
 * type in sight, so the Discord layer, the app and the store record without depending on it. The bot
 * passes a `BotMetrics` (registry.ts) when METRICS_PORT is set, `NO_METRICS` otherwise.
 *
 * Labels are bounded values only: an interaction's kind is the command or custom-id family the log
 * names (never the custom id, which carries table ids and card codes), its outcome a class such as
 * `ok` or `refused`; a REST route is the bucketed route (`/channels/:id/messages`), never a path with
 * ids or an interaction's token. No card, hand or token ever reaches a label.
 */

/** How a bot's decision was made: easy, normal or hard. */
export type DecisionLevel = 'easy' | 'normal' | 'hard' | 'expert';

/** The broad type of an interaction, for the latency histogram. */
export type InteractionType = 'command' | 'component' | 'autocomplete' | 'modal' | 'other';

/** How one slot of the backup schedule ended: made and checked, failed, or skipped (the one before still running). */
export type BackupOutcome = 'ok' | 'failed' | 'skipped';

/**
 * What the backup schedule tells the metrics. Its own interface: a sharded bot's schedule runs in
 * the main process, which records into the fleet endpoint's backup metrics, not a bot's.
 */
export interface BackupRecorder {
  /** The schedule started; `lastMadeMs` is when the newest scheduled backup already in its folder was made (null: none). */
  backupsScheduled(lastMadeMs: number | null): void;
  /** One slot ended: its outcome, and for a backup made, how long it took (s). */
  backupEnded(outcome: BackupOutcome, seconds: number | null): void;
}

export interface Recorder extends BackupRecorder {
  /** One interaction handled: its kind and outcome class, and how long until its first answer went out (s). */
  interaction(kind: string, outcome: string, type: InteractionType, answerSeconds: number | null): void;
  /** A hand ended (whoever made its last move). */
  handPlayed(): void;
  /** A bot seat's decision, and how long it took (s): on the spot, or asked of a worker until its answer. */
  botDecision(level: DecisionLevel, seconds: number): void;
  /** A REST request settled: its bucketed route, method and final status ("200", "404", "error"). */
  restCall(route: string, method: string, status: string): void;
  /** Discord answered 429 on a route (discord.js waits it out and sends the request again). */
  rateLimited(route: string, global: boolean): void;
  /** One flush of the database's WAL to disk, and how long it took (s). */
  flushed(seconds: number): void;
}

/** What the gauges read when scraped; attached once the bot runs. */
export interface MetricSources {
  /** Tables in the database, by status (every status, 0 included). */
  tablesByStatus(): Readonly<Record<string, number>>;
  /** Writes waiting in each outbox (`channel`: table messages and turn messages; `panels`: live panels). */
  queueDepth(): Readonly<Record<string, number>>;
  health(): Health;
}

/** A recorder whose gauges read the running bot (registry.ts's BotMetrics). */
export interface Metrics extends Recorder {
  /** What the gauges read from now on; null once the bot has stopped. */
  attach(sources: MetricSources | null): void;
}

/** Records nothing: the bot without METRICS_PORT, and tests. */
export const NO_METRICS: Recorder = {
  interaction() {},
  handPlayed() {},
  botDecision() {},
  restCall() {},
  rateLimited() {},
  flushed() {},
  backupsScheduled() {},
  backupEnded() {},
};

/** Whether the bot answers /healthz with 200, and if not, why in plain words. */
export type Health = { readonly ok: true } | { readonly ok: false; readonly reason: string };

export const HEALTHY: Health = { ok: true };
