/**
 * The health and metrics endpoint of one bot process (`npm start` without SHARDS) or of a sharded
 * bot's main process, as src/botProcess.ts and src/main.ts open it from the configuration: nothing
 * at all without METRICS_PORT. A port that cannot be listened on stops the start with one sentence,
 * before the database or Discord is touched.
 */
import { answerMainProcess, FleetMetrics } from './cluster.js';
import type { Health } from './recorder.js';
import { BotMetrics } from './registry.js';
import { type MetricsServer, MetricsServerError, serveMetrics } from './server.js';

export interface EndpointConfig {
  readonly metricsPort: number | undefined;
  readonly metricsHost: string;
}

/** What the endpoint asks of the bot once it runs (RunningBot has it). */
export interface HealthSource {
  health(): Health;
}

const STARTING: Health = { ok: false, reason: 'starting: the bot is not connected to Discord yet' };

export interface BotEndpoint {
  /** What the bot records into; undefined without METRICS_PORT. */
  readonly metrics: BotMetrics | undefined;
  close(): Promise<void>;
}

/**
 * One bot process's metrics: served on METRICS_HOST:METRICS_PORT, or, in a shard process
 * (`shard`), handed to the main process over IPC when it asks (the main process serves them).
 * `bot` is the running bot once started (null before: /healthz says it is starting).
 */
export async function openBotEndpoint(
  config: EndpointConfig,
  shard: boolean,
  bot: () => HealthSource | null,
): Promise<BotEndpoint> {
  if (config.metricsPort === undefined) return { metrics: undefined, close: async () => {} };
  const metrics = new BotMetrics();
  const health = () => bot()?.health() ?? STARTING;
  if (shard) {
    const stop = answerMainProcess(process, {
      metricsJson: () => metrics.registry.getMetricsAsJSON(),
      health,
    });
    return { metrics, close: async () => stop() };
  }
  const server = await listen(config, { health, metrics: () => metrics.text() });
  return { metrics, close: () => server.close() };
}

/** The sharded main process's endpoint: every shard's metrics in one, and their health together. */
export async function openFleetEndpoint(
  config: EndpointConfig,
): Promise<{ readonly fleet: FleetMetrics; close(): Promise<void> } | null> {
  if (config.metricsPort === undefined) return null;
  const fleet = new FleetMetrics();
  const server = await listen(config, { health: () => fleet.health(), metrics: () => fleet.metrics() });
  return {
    fleet,
    close: () => {
      fleet.stop();
      return server.close();
    },
  };
}

/** Listens, or prints why not (naming the setting) and exits 1: the bot does not start without it. */
async function listen(
  config: EndpointConfig,
  endpoints: Parameters<typeof serveMetrics>[2],
): Promise<MetricsServer> {
  try {
    return await serveMetrics(config.metricsHost, config.metricsPort as number, endpoints);
  } catch (error) {
    console.error(
      error instanceof MetricsServerError
        ? `The bot cannot start: ${error.message}.`
        : `The bot cannot start: the health and metrics endpoint failed (${String(error)}).`,
    );
    process.exit(1);
  }
}
