/**
 * One bot process: proves the database writable, starts the bot (all guilds, or one shard's), runs it
 * until SIGINT or SIGTERM (or, for a shard, until its manager is gone) and exits. `npm start` runs
 * it directly with one shard; with more, each shard process (src/shardMain.ts) runs it.
 */
import type { Logger } from 'pino';
import { type BackupSchedule, startScheduledBackups } from './app/backupSchedule.js';
import type { Config } from './config.js';
import { inviteLink, type RunningBot, startBot } from './discord/bot.js';
import type { ShardId } from './discord/shards.js';
import { openBotEndpoint } from './metrics/endpoint.js';
import { ImportRunningError, importsRunningOn, refuseDuringImport } from './store/botLock.js';
import { backupDirProblem } from './store/folderErrors.js';
import { NewFiles } from './store/newFiles.js';
import { StoreOpenError } from './store/open.js';
import { proveWritable } from './store/writable.js';

/** A stop that has not finished by then exits anyway, non-zero, with a log line. */
export const STOP_GUARD_MS = 5_000;

/**
 * Calls `onStop` once, on the first of SIGINT or SIGTERM (and `more` events), with a guard that exits
 * non-zero if stopping takes longer than `guardMs`.
 */
export function onSignals(logger: Logger, onStop: (signal: string) => void, guardMs = STOP_GUARD_MS) {
  let stopping: string | null = null;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = signal;
    logger.info({ signal }, 'shutting down');
    setTimeout(() => {
      logger.error({ signal, afterMs: guardMs }, 'shutdown did not finish in time; exiting anyway');
      process.exit(1);
    }, guardMs);
    onStop(signal);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  return { stop, stopping: () => stopping };
}

/** Runs the bot in this process until a signal stops it; exits the process (0 on a clean stop). */
export async function runBotProcess(config: Config, logger: Logger, shard?: ShardId): Promise<void> {
  // Taken from the first moment: a signal during start-up stops the bot as soon as it is up.
  let bot: RunningBot | null = null;
  let backups: BackupSchedule | null = null;
  const finish = (running: RunningBot) =>
    Promise.all([backups?.stop(), running.stop()]).then(
      () => endpoint.close().then(() => process.exit(0)),
      (error: unknown) => {
        logger.error({ err: String(error) }, 'shutdown failed');
        process.exit(1);
      },
    );
  let managerGone = false;
  const signals = onSignals(logger, () => {
    if (bot && !managerGone) finish(bot);
  });
  // A shard whose manager is gone (its IPC channel closed: killed, say) stops at once, not after a
  // drain: a new main process may already be starting this shard again, and two processes must
  // never run one shard's tables side by side.
  if (shard)
    process.on('disconnect', () => {
      if (managerGone) return;
      managerGone = true;
      logger.warn('the shard manager is gone: stopping at once');
      setTimeout(() => {
        logger.error({ afterMs: STOP_GUARD_MS }, 'stopping at once did not finish in time; exiting anyway');
        process.exit(1);
      }, STOP_GUARD_MS).unref();
      if (bot) halt(bot, logger);
    });

  // METRICS_PORT: /healthz and /metrics (a shard's go to the main process, which serves them), opened
  // before the database, so that a port that cannot be listened on stops the start with nothing touched.
  const endpoint = await openBotEndpoint(config, shard !== undefined, () => bot);

  exitDuringImport(config);
  if (!shard) exitOnBadBackupDir(config);
  // A start that fails takes away the database file it created (a bad token leaves nothing behind).
  const created = NewFiles.before(config.databasePath);
  try {
    // Before connecting: a database the bot cannot write is refused here, not at the first click.
    proveWritable(config.databasePath, { created });
    bot = await startBot({
      token: config.discordToken,
      applicationId: config.applicationId,
      databasePath: config.databasePath,
      logger,
      // The disk failed a flush: exit, so that a supervisor restarts the bot on what the disk holds.
      onFatal: () => process.exit(1),
      hardBudgetMs: config.hardBudgetMs,
      expertBudgetMs: config.expertBudgetMs,
      botPaceMs: config.botPaceMs,
      ...(config.botWorkers === undefined ? {} : { botWorkers: config.botWorkers }),
      ...(config.apiUrl ? { restApi: config.apiUrl } : {}),
      ...(shard ? { shard } : {}),
      ...(endpoint.metrics ? { metrics: endpoint.metrics } : {}),
    });
  } catch (error) {
    // The one line that says why comes first: a failure to tidy up must not hide it.
    console.error(startFailure(error, config.apiUrl));
    if (madeByImport(error, config.databasePath)) process.exit(1);
    try {
      created.remove();
    } catch (removeError) {
      console.error(`Could not remove the database file this start created: ${String(removeError)}`);
    }
    process.exit(1);
  }
  if (shard) logger.info({ guilds: bot.client.guilds.cache.size }, 'shard ready');
  else
    logger.info(
      { invite: inviteLink(config.applicationId), database: config.databasePath },
      'ready: invite the bot with this link',
    );
  // BACKUP_EVERY: this process backs the file up, unless it is a shard's (the main process does).
  if (!shard && !signals.stopping())
    backups = startScheduledBackups(config.databasePath, config.backups, logger, endpoint.metrics);
  if (managerGone) halt(bot, logger);
  else if (signals.stopping()) finish(bot);
}

/**
 * Stops a shard at once: no new interaction is taken (the gateway closes first), no deadline fires
 * and no hard bot's answer lands, what was committed is flushed to disk (commits are synchronous, so
 * none is ever cut in half), and the process exits. Table edits still queued for Discord are left:
 * the next start re-renders every table in play.
 */
async function halt(bot: RunningBot, logger: Logger): Promise<never> {
  try {
    await bot.client.destroy();
    bot.service.stopTimers();
    await bot.service.stopBots();
    await bot.store.durable();
    bot.store.close();
  } catch (error) {
    logger.error({ err: String(error) }, 'stopping at once failed');
    process.exit(1);
  }
  logger.info('stopped at once');
  process.exit(0);
}

/**
 * Exits, saying why, when BACKUP_EVERY is set and BACKUP_DIR is a file (or lies below one): the
 * first slot, hours later, would be the first to say so. Only the process that runs the schedule asks.
 */
export function exitOnBadBackupDir(config: Config): void {
  if (config.backups.everyMs === null || config.databasePath === ':memory:') return;
  const problem = backupDirProblem(config.backups.dir);
  if (problem === null) return;
  console.error(`The bot cannot start: ${problem}.`);
  process.exit(1);
}

/** Exits, saying why, while an import writes to the file: before anything opens (or creates) it. */
export function exitDuringImport(config: Config): void {
  try {
    refuseDuringImport(config.databasePath);
  } catch (error) {
    console.error(startFailure(error, config.apiUrl));
    process.exit(1);
  }
}

/**
 * Whether a failed start must leave the database file alone although it was not there before: an
 * import that began meanwhile may have made it, and it is the import's.
 */
export function madeByImport(error: unknown, path: string): boolean {
  return error instanceof ImportRunningError || importsRunningOn(path).length > 0;
}

/** One line: what went wrong and what to do. */
export function startFailure(error: unknown, apiUrl: string | undefined): string {
  if (error instanceof StoreOpenError) return error.message;
  // Its sentence names a pid and a path, which the patterns below must not read as a token or network error.
  if (error instanceof ImportRunningError) return `The bot could not start: ${error.message}`;
  const message = error instanceof Error ? error.message : String(error);
  const text = error instanceof Error ? `${error.name} ${message}` : message;
  if (/TokenInvalid|invalid token|401|Unauthorized/i.test(text))
    return 'Discord refused the token. Copy a fresh one from the developer portal (your application > Bot > Reset Token) into DISCORD_TOKEN in .env.';
  if (/ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|ECONNRESET|fetch failed/.test(text)) {
    const where = apiUrl ? `the local Discord at ${apiUrl} (DISCORD_API_URL)` : 'Discord';
    return `The bot could not start: it could not reach ${where} (${message}). Check the network, then start again.`;
  }
  return `The bot could not start: ${message}`;
}
