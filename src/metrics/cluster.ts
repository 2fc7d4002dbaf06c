/**
 * One endpoint for a sharded bot: the main process serves /healthz and /metrics, asking each shard
 * process over its IPC channel for its metrics (prom-client's JSON) and its health. A shard that
 * does not answer within `timeoutMs` is reported (by name in /healthz, as `tichu_shard_up 0` in
 * /metrics), not waited on.
 *
 * The shards' metrics are put side by side, never added up: each of a shard's series carries a
 * `shard` label, and PromQL's `sum by` does the adding. A sum made here would drop whenever a shard
 * is started again (its counters begin at 0) or misses one scrape, and Prometheus would read each
 * drop as a counter reset (rate() and increase() then spike). Per series, a restarted shard is an
 * ordinary reset and a missed scrape a gap. Two exceptions: `tichu_tables`, read from the database
 * file every shard shares, is one shard's (the same numbers, once, without a shard label); and
 * `tichu_healthy` is the main process's own, 0 whenever /healthz is not 200 (a shard missing or
 * unwell), as the shards' own could not say. The backup metrics are the main process's own too
 * (`backups`): it runs BACKUP_EVERY's schedule, the shards never do.
 */
import { type Metric, Registry } from 'prom-client';
import { BACKUP_FAMILIES, BackupMetrics } from './backupMetrics.js';
import type { Health } from './recorder.js';
import { HEALTHY, HEALTHY_HELP, PREFIX, TABLES } from './registry.js';

/** One registry's metrics as prom-client's JSON: what crosses the IPC channel. */
type MetricsJson = Awaited<ReturnType<Registry['getMetricsAsJSON']>>;

/** What the main process holds of one shard process (src/discord/shards.ts makes these from discord.js's Shards). */
export interface ShardLink {
  readonly id: number;
  /** Whether its process runs and can be asked (not between a death and its restart). */
  running(): boolean;
  /** Sends a message over its IPC channel (dropped if the channel is gone). */
  send(message: unknown): void;
  /** Hears every message the shard sends that is not discord.js's own. */
  onMessage(listener: (message: unknown) => void): void;
}

interface Ask {
  readonly tichuMetrics: 'ask';
  readonly id: number;
}

interface Reply {
  readonly tichuMetrics: 'answer';
  readonly id: number;
  readonly metrics: MetricsJson;
  readonly health: Health;
}

/** What a shard process holds to answer: its metrics' JSON and its health. */
export interface ShardSide {
  metricsJson(): Promise<MetricsJson>;
  health(): Health;
}

/**
 * In a shard process: answers the main process's requests for metrics and health, over `channel`
 * (the process itself). Returns the way to stop answering.
 */
export function answerMainProcess(channel: NodeJS.Process, side: ShardSide): () => void {
  const listener = (message: unknown) => {
    if ((message as Partial<Ask> | null)?.tichuMetrics !== 'ask') return;
    const { id } = message as Ask;
    void side
      .metricsJson()
      .catch((): MetricsJson => [])
      .then((metrics) => {
        const reply: Reply = { tichuMetrics: 'answer', id, metrics, health: side.health() };
        // The channel may close meanwhile (the main process gone): nothing to answer then.
        if (channel.connected) channel.send?.(reply, undefined, {}, () => {});
      });
  };
  channel.on('message', listener);
  return () => channel.off('message', listener);
}

/** What the shards said to one request: each answer, and why any other shard gave none. */
export interface Gathered {
  readonly answers: ReadonlyMap<number, Reply>;
  readonly missing: ReadonlyMap<number, string>;
}

/** How long a shard may take to answer before it is reported (default). */
export const SHARD_ANSWER_MS = 1_000;

/** The main process's side: asks every shard and makes one answer of theirs. */
export class FleetMetrics {
  private nextId = 0;
  private readonly listening = new Set<ShardLink>();
  private readonly waiting = new Map<number, (shard: number, reply: Reply) => void>();
  private links: (() => readonly ShardLink[]) | null = null;
  private stopping = false;
  private readonly ownRegistry = new Registry();
  /** What the main process's backup schedule records into (served with the shards' metrics). */
  readonly backups = new BackupMetrics(this.ownRegistry);

  constructor(private readonly timeoutMs = SHARD_ANSWER_MS) {}

  /** The shards to ask, once they are all started (until then /healthz says the bot is starting). */
  attach(links: () => readonly ShardLink[]): void {
    this.links = links;
  }

  /** The bot is stopping: /healthz says so. */
  stop(): void {
    this.stopping = true;
  }

  async health(): Promise<Health> {
    return this.judge(await this.ask());
  }

  /**
   * Every shard's metrics in one Prometheus text (each family once, its samples labelled with their
   * shard), the bot's health as /healthz judges it, and whether each shard answered.
   */
  async metrics(): Promise<string> {
    const gathered = await this.ask();
    const healthy = this.judge(gathered).ok ? 1 : 0;
    const { answers, missing } = gathered;
    const registry = new Registry();
    // The shape prom-client's own AggregatorRegistry registers: a family whose values are fixed.
    for (const family of mergeShards(answers))
      registry.registerMetric({ ...family, get: async () => family } as unknown as Metric);
    const own = [
      `# HELP ${HEALTHY} ${HEALTHY_HELP} Sharded: 0 while any shard is missing or unwell.`,
      `# TYPE ${HEALTHY} gauge`,
      `${HEALTHY} ${healthy}`,
      `# HELP ${PREFIX}shard_up 1 when the shard process answered the main process in time, else 0.`,
      `# TYPE ${PREFIX}shard_up gauge`,
      ...[...answers.keys(), ...missing.keys()]
        .sort((a, b) => a - b)
        .map((id) => `${PREFIX}shard_up{shard="${id}"} ${answers.has(id) ? 1 : 0}`),
    ];
    const shards = registry.getMetricsAsArray().length > 0 ? await registry.metrics() : '';
    const text = `${shards}${await this.ownRegistry.metrics()}`;
    return `${text}${text.endsWith('\n') || text === '' ? '' : '\n'}${own.join('\n')}\n`;
  }

  /** What the shards said, or nothing when there is none to ask yet (or any more). */
  private async ask(): Promise<Gathered> {
    if (!this.links || this.stopping) return { answers: new Map(), missing: new Map() };
    return this.gather();
  }

  /** The bot's health from what the shards said: ok only when every shard answered and is healthy. */
  private judge({ answers, missing }: Gathered): Health {
    if (this.stopping) return { ok: false, reason: 'stopping: the bot is shutting down' };
    if (!this.links) return { ok: false, reason: 'starting: the shards are not all connected yet' };
    const problems = [...missing].map(([id, why]) => ({ id, why }));
    for (const [id, reply] of answers)
      if (!reply.health.ok) problems.push({ id, why: `shard ${id}: ${reply.health.reason}` });
    if (answers.size === 0 && problems.length === 0)
      return { ok: false, reason: 'no shard is running on this machine' };
    if (problems.length === 0) return { ok: true };
    problems.sort((a, b) => a.id - b.id);
    return { ok: false, reason: problems.map((p) => p.why).join('; ') };
  }

  /** Asks every shard once; those that have not answered after `timeoutMs` are reported missing. */
  private gather(): Promise<Gathered> {
    const links = this.links?.() ?? [];
    const id = this.nextId++;
    const answers = new Map<number, Reply>();
    const missing = new Map<number, string>();
    const asked = new Set<number>();
    for (const link of links) {
      this.listen(link);
      if (!link.running()) {
        missing.set(link.id, `shard ${link.id} is not running (it is being started again)`);
        continue;
      }
      asked.add(link.id);
    }
    if (asked.size === 0) return Promise.resolve({ answers, missing });
    return new Promise((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        this.waiting.delete(id);
        for (const shard of asked)
          if (!answers.has(shard))
            missing.set(shard, `shard ${shard} did not answer within ${this.timeoutMs} ms`);
        resolve({ answers, missing });
      };
      const timer = setTimeout(finish, this.timeoutMs);
      this.waiting.set(id, (shard, reply) => {
        if (!asked.has(shard)) return;
        answers.set(shard, reply);
        if (answers.size === asked.size) finish();
      });
      const ask: Ask = { tichuMetrics: 'ask', id };
      for (const link of links) if (asked.has(link.id)) link.send(ask);
    });
  }

  private listen(link: ShardLink): void {
    if (this.listening.has(link)) return;
    this.listening.add(link);
    link.onMessage((message) => {
      const reply = message as Partial<Reply> | null;
      if (reply?.tichuMetrics !== 'answer' || typeof reply.id !== 'number') return;
      this.waiting.get(reply.id)?.(link.id, reply as Reply);
    });
  }
}

/**
 * The shards' families as one list: each family once (its HELP and TYPE from the lowest shard that
 * has it), every shard's samples in it labelled `shard`. The tables, read from the one file they
 * share, come from the lowest shard whose read worked, unlabelled; the shards' own health is left
 * out (the main process writes the bot's), and so are the backup metrics (the main process backs up).
 */
export function mergeShards(answers: ReadonlyMap<number, { readonly metrics: MetricsJson }>): MetricsJson {
  const families = new Map<string, MetricsJson[number]>();
  for (const id of [...answers.keys()].sort((a, b) => a - b)) {
    for (const family of answers.get(id)?.metrics ?? []) {
      // The bot's health and its backups are the main process's own.
      if (family.name === HEALTHY || BACKUP_FAMILIES.has(family.name)) continue;
      let merged = families.get(family.name);
      if (!merged) {
        merged = { ...family, values: [] };
        families.set(family.name, merged);
      }
      if (family.name === TABLES) {
        if (merged.values.length === 0) merged.values.push(...family.values);
        continue;
      }
      for (const value of family.values)
        merged.values.push({ ...value, labels: { ...value.labels, shard: String(id) } });
    }
  }
  return [...families.values()];
}
