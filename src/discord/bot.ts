/** The composition root: the database, the table service, the discord.js client and the handlers. */
import { Client, Events, GatewayIntentBits, Options, REST, Status } from 'discord.js';
import type { Logger } from 'pino';
import type { Scheduler } from '../app/clock.js';
import { type Environment, systemEnvironment } from '../app/ids.js';
import { StatsService } from '../app/stats.js';
import { TableService } from '../app/tableService.js';
import { WorkerPool } from '../bots/workerPool.js';
import { HEALTHY, type Health, type Metrics, NO_METRICS, type Recorder } from '../metrics/recorder.js';
import { reviewPool } from '../review/pool.js';
import { refuseDuringImport, takeBotLock } from '../store/botLock.js';
import { Store } from '../store/store.js';
import { ChallengeDesk } from './challengeDesk.js';
import type { BotContext } from './context.js';
import { isDeferral } from './door/answer.js';
import { guardRawInteractions } from './door/rawGuard.js';
import { EventDesk } from './eventDesk.js';
import { HandStory } from './handStory.js';
import { LivePanels } from './livePanels.js';
import { facesFrom, Looks } from './looks.js';
import { restRoute } from './metricLabels.js';
import { Outbox } from './outbox.js';
import {
  countWaits,
  hear429s,
  noWaits,
  type RestWaitKind,
  type RestWaits,
  routeInteractionWebhooks,
} from './rest/rateLimits.js';
import { RestThread } from './rest/restThread.js';
import { Router } from './router.js';
import { ownedBy, restUserAgent, type ShardId, shardTag, sharedWrites } from './shards.js';
import { TableMessages } from './tableMessages.js';
import { TurnNotifier } from './turnNotifier.js';

export interface BotOptions {
  readonly token: string;
  readonly applicationId: string;
  readonly databasePath: string;
  readonly logger: Logger;
  /** Discord's REST base, e.g. the local Discord's `http://127.0.0.1:PORT/api` in tests. */
  readonly restApi?: string;
  readonly env?: Environment;
  /** Runs the deadline heap's one timer: the system's by default; tests move a manual clock. */
  readonly scheduler?: Scheduler;
  readonly tableEditDelayMs?: number;
  /** The bot's own channel writes (table edits, turn messages) started per second at most (default 45). */
  readonly channelWritesPerSecond?: number;
  readonly turnPingIntervalMs?: number;
  /** How soon a live panel follows a change that asks nothing of its player (default FOLLOW_MS). */
  readonly panelFollowMs?: number;
  /** A handler that has not answered after this long is deferred (default 2000 ms; tests shorten it). */
  readonly deferAfterMs?: number;
  /**
   * The pause before each bot move of the play at a table where a person watches (BOT_PACE_MS, for
   * `npm start`): default 0, bots never wait (tests and benches; a test of pacing sets it).
   */
  readonly botPaceMs?: number;
  /** Wall-clock time a hard bot's decision may take (default DEFAULT_HARD_BUDGET_MS). */
  readonly hardBudgetMs?: number;
  /** Wall-clock time an expert bot's decision may take (default DEFAULT_EXPERT_BUDGET_MS). */
  readonly expertBudgetMs?: number;
  /** Wall-clock budget of one hand's review (default 8 s: docs/review.md). */
  readonly reviewBudgetMs?: number;
  /**
   * Whether REST requests go out from a thread of their own (src/discord/rest/): by default in one
   * process, not in a shard process (false: from the bot's own thread, as a shard does).
   */
  readonly restOnThread?: boolean;
  /** Worker threads for hard bots' decisions (default one fewer than the cores, at least one). */
  readonly botWorkers?: number;
  /**
   * Called once if the database can no longer be flushed to disk: the bot has stopped answering
   * (nothing it says could be trusted to last). `npm start` exits so a supervisor restarts it.
   */
  readonly onFatal?: (error: Error) => void;
  /**
   * The shard this process runs (a sharded bot's shard process): its client connects as that shard and
   * start-up takes charge of its guilds' tables only. Default: shard 0 of 1, every guild.
   */
  readonly shard?: ShardId;
  /**
   * Where the bot's metrics go (METRICS_PORT: src/metrics/registry.ts); by default nowhere. Its gauges
   * read the running bot (tables by status, the outboxes' depth, the health) once it is connected.
   */
  readonly metrics?: Metrics;
}

export interface RunningBot {
  readonly client: Client;
  readonly service: TableService;
  readonly store: Store;
  /**
   * Whether the bot is healthy now (/healthz): the gateway ready, the database writable, the bot
   * neither stopping nor stopped for good; if not, why in plain words. Cheap: asked at each request.
   */
  health(): Health;
  /** Finishes in-flight work, sends pending table edits, disconnects and closes the database. */
  stop(): Promise<void>;
  /**
   * How often each REST client held requests back on its own limits so far (rateLimits.ts
   * RestWaits): `bot`, the bot's own client (channel writes; its global limit is 50 a second), and
   * `webhooks`, the client of interaction tokens (panel edits, follow-ups). A copy.
   */
  restWaits(): Record<'bot' | 'webhooks', RestWaits>;
}

/**
 * Permissions the bot needs in a channel: view it, send messages, embed links; for events, make
 * public and private threads and send messages in them.
 */
export const BOT_PERMISSIONS =
  (1n << 10n) | (1n << 11n) | (1n << 14n) | (1n << 35n) | (1n << 36n) | (1n << 38n);

export function inviteLink(applicationId: string): string {
  return `https://discord.com/oauth2/authorize?client_id=${applicationId}&scope=bot+applications.commands&permissions=${BOT_PERMISSIONS}`;
}

export async function startBot(options: BotOptions): Promise<RunningBot> {
  // Not under an import (npm run guild -- import) writing to the file: refused before it is opened.
  refuseDuringImport(options.databasePath);
  const shard = options.shard ?? { id: 0, count: 1 };
  // A sharded bot's shards share the file: each waits for the other's write lock in short steps.
  const store = Store.open(options.databasePath, { otherWriters: shard.count > 1 });
  // Marks the file as in use while the bot runs: `npm run guild -- import` refuses to write under it.
  let lock: ReturnType<typeof takeBotLock>;
  try {
    lock = takeBotLock(options.databasePath);
  } catch (error) {
    // An import began between the look before opening and the mark: it goes first.
    store.close();
    throw error;
  }
  const logger = options.logger;
  // One error line when the disk fills, one when writes succeed again (`store.health.state()` is
  // part of what /healthz reads: `health()` below).
  store.health.log(logger);
  // Likewise for writes that fail for the file's sake (read-only, I/O errors, a lock held elsewhere).
  store.writes.log(logger);
  const metrics = options.metrics ?? NO_METRICS;
  if (options.metrics) store.wal.onFlushed = (seconds) => metrics.flushed(seconds);
  // Hard bots think in worker threads (started on the first hard decision), never on the thread
  // that answers clicks.
  const pool = new WorkerPool(options.botWorkers === undefined ? {} : { size: options.botWorkers });
  const env = options.env ?? systemEnvironment;
  const service = new TableService(store, env, {
    owns: ownedBy(shard),
    decider: pool,
    ...(options.scheduler ? { scheduler: options.scheduler } : {}),
    // Armed once connected: a deadline that falls at start-up is then announced like any other.
    armLater: true,
    onTimeoutFailed: (failure) =>
      logger.error({ ...failure }, 'a deadline could not be handled; it is tried again shortly'),
    ...(options.hardBudgetMs === undefined ? {} : { hardBudgetMs: options.hardBudgetMs }),
    ...(options.expertBudgetMs === undefined ? {} : { expertBudgetMs: options.expertBudgetMs }),
    // Reviews take seconds: a thread of their own, so no bot's move ever waits behind one.
    reviewer: reviewPool(1),
    ...(options.reviewBudgetMs === undefined ? {} : { reviewBudgetMs: options.reviewBudgetMs }),
    ...(options.botPaceMs === undefined ? {} : { botPaceMs: options.botPaceMs }),
    // A bot seat's refused or failed move is a bug worth an error line (ids and a code, never cards).
    onBotFault: (fault) => logger.error({ ...fault }, 'bot move refused or failed; another legal move made'),
    onDecisionFailed: (failure) =>
      logger.error({ ...failure }, 'hard bot decision failed off the main thread; decided at normal level'),
    ...(options.metrics ? { onBotDecision: (level, seconds) => metrics.botDecision(level, seconds) } : {}),
  });
  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
    // The bot reads messages only from the interactions that carry them: caching them (200 a
    // channel by default) only grows the heap and the garbage collector's pauses.
    makeCache: Options.cacheWithLimits({ ...Options.DefaultMakeCacheSettings, MessageManager: 0 }),
    // Always named, so the SHARDS a sharding manager or .env puts in the environment is not read.
    shards: [shard.id],
    shardCount: shard.count,
    rest: {
      ...(options.restApi ? { api: options.restApi } : {}),
      ...(shard.count > 1 ? { userAgentAppendix: shardTag(shard) } : {}),
    },
  });
  let router: Router | null = null;
  let fatal = false;
  /** Why the bot went silent for good (for /healthz), once it has. */
  let fatalWhy = '';
  /** The bot goes silent for good (and says why): `npm start` exits so a supervisor restarts it. */
  const stopForGood = (error: Error, why: string) => {
    if (fatal) return;
    fatal = true;
    fatalWhy = why;
    logger.fatal({ err: error.message }, why);
    router?.stopAccepting();
    options.onFatal?.(error);
  };
  const onDiskFailure = (error: Error) =>
    stopForGood(error, 'stopped answering: the database cannot be flushed to disk');
  // Live panels are edited through interaction webhooks, which Discord does not count against the
  // bot's global limit: their own REST client, so discord.js's limiter for the bot's requests does
  // not hold them back (nor they the table messages).
  const webhooks = new REST({
    version: '10',
    globalRequestsPerSecond: 500,
    ...(options.restApi ? { api: options.restApi } : {}),
    ...(shard.count > 1 ? { userAgentAppendix: restUserAgent(shard) } : {}),
  });
  // The waits each client made on its own limits (RunningBot.restWaits: the bench counts them).
  const waits: Record<'bot' | 'webhooks', RestWaits> = { bot: noWaits(), webhooks: noWaits() };
  const waited = (client: string, kind: RestWaitKind) => {
    if (client === 'bot' || client === 'webhooks') waits[client][kind]++;
  };
  // Both clients send from the REST thread, after what was committed is on disk. One process only:
  // shard processes already share the machine's cores among them, and there a thread more each left
  // clicks of the 200-table run unanswered past Discord's 3 s (bench/e2eShards.ts, 2 cores).
  const restThread = !(options.restOnThread ?? shard.count === 1)
    ? null
    : new RestThread(
        { bot: client.rest, webhooks },
        options.token,
        (reason, givenUp) => {
          if (givenUp) stopForGood(new Error(reason), 'stopped answering: the REST thread keeps dying');
          else
            logger.error(
              { reason },
              'the REST thread died; requests under way failed, a new one sends the next',
            );
        },
        (route, global) => metrics.rateLimited(restRoute(route), global),
        waited,
      );
  if (!restThread) {
    countWaits(client.rest, (kind) => waited('bot', kind));
    countWaits(webhooks, (kind) => waited('webhooks', kind));
  }
  // An interaction's follow-ups and reply edits go with its token, outside the bot's global limit.
  routeInteractionWebhooks(client.rest, webhooks, options.applicationId);
  if (!restThread && options.metrics)
    for (const rest of [client.rest, webhooks])
      hear429s(rest, (route, global) => metrics.rateLimited(restRoute(route), global));
  holdUntilDurable(client.rest, store, onDiskFailure);
  holdUntilDurable(webhooks, store, onDiskFailure);
  if (options.metrics) {
    countRequests(client.rest, metrics);
    countRequests(webhooks, metrics);
  }
  // Discord's global limit (50 a second) is the bot's, whatever its shards: each shard takes its share.
  const channelWrites = options.channelWritesPerSecond ?? (shard.count > 1 ? sharedWrites(shard) : undefined);
  const outbox = new Outbox(channelWrites === undefined ? {} : { ratePerSecond: channelWrites });
  const looks = new Looks(client);
  // Cards as the application's emoji when deploy uploaded every one of them, else as text.
  looks.faces = facesFrom(store.emoji.cardEmoji(options.applicationId));
  const tableMessages = new TableMessages(client, service, logger, outbox, looks, options.tableEditDelayMs);
  const notifier = new TurnNotifier(client, service, logger, outbox, looks, options.turnPingIntervalMs, () =>
    env.now(),
  );
  const panelWrites = new Outbox({ ratePerSecond: 200, concurrency: 8 });
  const livePanels = new LivePanels(
    webhooks,
    options.applicationId,
    service,
    panelWrites,
    logger,
    looks,
    () => env.now(),
    options.panelFollowMs,
  );
  tableMessages.onChange = (tableId) => livePanels.changed(tableId);
  const stats = new StatsService(store);
  // Each hand's summary and the match's result, posted whatever committed them.
  const story = new HandStory(client, stats, logger, outbox, looks);
  // A hand's summary lands below the players' panels as the next deal asks for their decisions:
  // their panels follow them down.
  story.onSummaryPosted = (tableId) => livePanels.below(tableId);
  // An event's table: its event moves on (boards to post, the next round's threads).
  const events = new EventDesk(client, service, logger, outbox, looks, tableMessages, notifier);
  tableMessages.onPauseShown = (tableId) => events.pauseChanged(tableId);
  // The weekly challenge: members' threads, their boards recorded, weeks closed.
  const challenges = new ChallengeDesk(client, service, logger, outbox, looks, tableMessages, notifier);
  service.onHandEnded((outcome) => {
    metrics.handPlayed();
    story.handEnded(outcome);
    events.handEnded(outcome);
    challenges.handEnded(outcome);
  });
  const ctx: BotContext = {
    service,
    stats,
    tableMessages,
    notifier,
    livePanels,
    events,
    challenges,
    looks,
    logger,
    now: () => env.now(),
    deferAfterMs: options.deferAfterMs ?? 2000,
    durable: () => store.durable(),
  };
  // Moves nobody's answer carries (a hard bot's, a timeout's, a table settled on load) are announced.
  service.onBotsMoved((outcome) => {
    tableMessages.schedule(outcome.table.id);
    notifier.afterAction(outcome, '');
  });
  service.onReminder((reminder) => notifier.remind(reminder));
  // A lobby that closed by itself (nobody touched it for a day): its message says so.
  // An event's table that ended (the host's /table end, a closed round): its event moves on too.
  service.onTableClosed((table) => {
    tableMessages.schedule(table.id);
    events.tableClosed(table.id);
  });
  // Payloads that break Discord's schema are refused before discord.js builds them (it would throw
  // on the gateway's thread and end the process): one event lost, never the bot.
  guardRawInteractions(client, logger);
  router = new Router(client, ctx, metrics);
  const running = router;
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  try {
    await client.login(options.token);
    await ready;
  } catch (error) {
    service.stopTimers();
    await client.destroy();
    await restThread?.close();
    await service.stopBots();
    store.close();
    lock.release();
    throw error;
  }
  logger.info({ user: client.user?.tag, guilds: client.guilds.cache.size }, 'connected to Discord');
  // Deadlines that passed while the bot was down start again (written before any table is read:
  // their messages show the new one). Then every table in play shows its stored state (the last
  // process may have stopped before an edit went out), through the outbox behind anything urgent.
  const restarted = service.armDeadlines();
  for (const tableId of service.tablesShownInPlay()) tableMessages.refresh(tableId);
  for (const tableId of restarted) tableMessages.schedule(tableId);
  // Tables whose bots owed a move when the last process stopped make it now, not at the next click.
  service.wakeStandIns();
  // Running events carry on: boards to post, a round's tables still to open.
  events.resume();
  // Challenge weeks that ended while the bot was down close now (then once a minute).
  challenges.start();
  let stopped = false;
  const health = (): Health => {
    if (fatal) return { ok: false, reason: fatalWhy };
    if (stopped) return { ok: false, reason: 'stopping: the bot is shutting down' };
    const gateway = gatewayProblem(client);
    if (gateway) return { ok: false, reason: gateway };
    const database = store.writeProblem();
    return database ? { ok: false, reason: database } : HEALTHY;
  };
  options.metrics?.attach({
    tablesByStatus: () => store.tables.countByStatus(),
    queueDepth: () => ({ channel: outbox.pending, panels: panelWrites.pending }),
    health,
  });
  return {
    client,
    service,
    store,
    health,
    restWaits: () => ({ bot: { ...waits.bot }, webhooks: { ...waits.webhooks } }),
    async stop() {
      if (stopped) return;
      stopped = true;
      // No deadline fires from here on: each is stored, and armed again on the next start.
      service.stopTimers();
      // Reviews waiting or running are dropped first (nothing of them was stored; asked again, they
      // run again): their askers are answered that the bot is restarting, so the drain below does
      // not wait seconds for them.
      await service.reviews.close();
      await running.drain();
      // Decisions in flight are dropped, not awaited: each is owed in the committed state and asked
      // again when its table is next read. Before the drains, so no answer lands after them.
      await service.stopBots();
      await tableMessages.drain();
      await livePanels.drain();
      await notifier.drain();
      await story.drain();
      await events.drain();
      await challenges.drain();
      await client.destroy();
      await restThread?.close();
      // The gauges read nothing of a closed store from here on: a scrape leaves them out.
      options.metrics?.attach(null);
      store.close();
      lock.release();
      logger.info('stopped');
    },
  };
}

/** Why the gateway is not ready, in words, or null: connected, and every session of this process ready. */
function gatewayProblem(client: Client): string | null {
  if (!client.isReady()) return 'the gateway is not ready: the bot is not connected to Discord';
  for (const shard of client.ws.shards.values())
    if (shard.status !== Status.Ready)
      return `the gateway is reconnecting to Discord (${GATEWAY_STATES[shard.status] ?? 'not ready'})`;
  return null;
}

const GATEWAY_STATES: Readonly<Record<number, string>> = {
  [Status.Connecting]: 'connecting',
  [Status.Reconnecting]: 'reconnecting',
  [Status.Idle]: 'idle',
  [Status.Nearly]: 'nearly ready',
  [Status.Disconnected]: 'disconnected',
  [Status.WaitingForGuilds]: 'waiting for its servers',
  [Status.Identifying]: 'identifying',
  [Status.Resuming]: 'resuming its session',
};

/**
 * Counts each REST request once it settled (after discord.js's own retries and the wait for the
 * flush): its bucketed route (never the path: it holds ids, and an interaction's token), its method
 * and its final status: `2xx`, Discord's error status, or `error` (no answer: a network failure).
 */
function countRequests(rest: REST, metrics: Recorder): void {
  const send = rest.request.bind(rest);
  rest.request = async (request) => {
    let status = 'error';
    try {
      const answer = await send(request);
      status = '2xx';
      return answer;
    } catch (error) {
      const code = (error as { status?: unknown } | null)?.status;
      if (typeof code === 'number') status = String(code);
      throw error;
    } finally {
      try {
        metrics.restCall(restRoute(request.fullRoute), request.method, status);
      } catch {
        // A count's failure never fails the request.
      }
    }
  };
}

/**
 * Nothing reaches Discord before what was committed is on disk: every REST request (an interaction's
 * answer, a table edit, a "your turn" message) first waits for the store's flush. One rule in one
 * place, rather than a wait before each of the many places that answer.
 */
function holdUntilDurable(rest: REST, store: Store, onFailure: (error: Error) => void): void {
  const send = rest.request.bind(rest);
  let failed = false;
  rest.request = async (request) => {
    // A deferral says nothing of what was committed: it goes at once, so a slow flush costs no answer.
    if (isDeferral(request)) return send(request);
    try {
      await store.durable();
    } catch (error) {
      // The disk failed a flush: the bot goes silent rather than confirm what may be lost.
      if (!failed) onFailure(error instanceof Error ? error : new Error(String(error)));
      failed = true;
      throw error;
    }
    return send(request);
  };
}
