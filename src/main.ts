/**
 * `npm start`: reads .env, checks the configuration, then runs the bot: in this one process (SHARDS
 * empty or 1, as always), or as discord.js's ShardingManager with one process per shard (SHARDS=N or
 * auto). `npm start` execs this file, compiled (dist/src/main.js, built by scripts/build.mjs), as the
 * only process under npm, so SIGINT and SIGTERM reach it (npm forwards them to its child); a sharded
 * main process passes them on to its shards.
 */
import { fileURLToPath } from 'node:url';
import { type BackupSchedule, startScheduledBackups } from './app/backupSchedule.js';
import {
  exitDuringImport,
  exitOnBadBackupDir,
  madeByImport,
  onSignals,
  runBotProcess,
  STOP_GUARD_MS,
  startFailure,
} from './botProcess.js';
import { loadConfig, problemReport, readEnvFile } from './config.js';
import { inviteLink } from './discord/bot.js';
import { gatewayAdvice, MAX_SHARD_PROCESSES, shardCount, startShards } from './discord/shards.js';
import { createLogger } from './logger.js';
import { openFleetEndpoint } from './metrics/endpoint.js';
import { NewFiles } from './store/newFiles.js';
import { Store } from './store/store.js';
import { proveWritable } from './store/writable.js';

const envFile = readEnvFile(process.cwd());
const result = loadConfig(process.env, envFile);
if (!result.ok) {
  for (const line of problemReport('The bot cannot start', result.problems, envFile)) console.error(line);
  // Without an application there is nothing to fill in yet: the local play page needs none.
  if (result.problems.some((p) => /^DISCORD_(TOKEN|APPLICATION_ID) is (missing|empty)/.test(p)))
    console.error('No Discord application yet? Try it locally: npm run play');
  process.exit(1);
}
const config = result.config;
const logger = createLogger(config.logLevel);

if (config.shards === 1) await runBotProcess(config, logger);
else await runSharded();

/**
 * The sharded main process: asks Discord how many shards (auto) and how many may connect at once,
 * applies the migrations once, then spawns the shard processes and restarts any that dies (with a
 * growing pause; one that keeps dying stops the bot with exit code 1). Discord's recommendation is
 * capped at MAX_SHARD_PROCESSES, the most SHARDS accepts.
 */
async function runSharded(): Promise<void> {
  let stopRequested = false;
  let fleet: Awaited<ReturnType<typeof startShards>> | null = null;
  let backups: BackupSchedule | null = null;
  const stopFleet = (running: NonNullable<typeof fleet>) => {
    // /healthz says "stopping" from now on; the endpoint closes once the shards have stopped.
    endpoint?.fleet.stop();
    // No scheduled backup starts now; one under way is ended (nothing of it kept), awaited before
    // the exit: within a second, its half-made copy removed from here if its thread cannot stop.
    return Promise.all([backups?.stop(), running.stop(STOP_GUARD_MS)])
      .then(() => endpoint?.close())
      .then(
        () => {
          logger.info('stopped');
          process.exit(0);
        },
        (error: unknown) => {
          logger.error({ err: String(error) }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  let advice: Awaited<ReturnType<typeof gatewayAdvice>>;
  try {
    // Proves the token too: a refused one stops here, before any file or process is made.
    advice = await gatewayAdvice(config.discordToken, config.apiUrl);
  } catch (error) {
    console.error(startFailure(error, config.apiUrl));
    process.exit(1);
  }
  const { count, capped } = shardCount(config.shards, advice.shards);
  if (capped)
    logger.warn(
      { recommended: advice.shards, shards: count },
      `Discord recommends more shards than SHARDS allows (${MAX_SHARD_PROCESSES}): starting ${count}`,
    );
  // SHARD_IDS: this machine runs only these shards of `count` (config checked they fit).
  const ids = config.shardIds;
  if (count === 1) {
    logger.info('Discord recommends one shard: running the bot in this process');
    return runBotProcess(config, logger);
  }
  // The shards have their own 5 s guard: this one leaves them time to use it.
  onSignals(
    logger,
    () => {
      stopRequested = true;
      if (fleet) stopFleet(fleet);
    },
    STOP_GUARD_MS + 2_000,
  );
  // METRICS_PORT: one endpoint for every shard, served here (opened before anything is touched).
  const endpoint = await openFleetEndpoint(config);
  exitDuringImport(config);
  // The schedule runs here: a BACKUP_DIR that is a file is refused now, not at its first slot.
  exitOnBadBackupDir(config);
  const created = NewFiles.before(config.databasePath);
  try {
    // Once, here: the shards then open a file that is up to date (and find it writable).
    proveWritable(config.databasePath, { created });
    Store.open(config.databasePath).close();
    fleet = await startShards({
      // Compiled (dist/, as `npm start` runs it), the shards run shardMain.js with plain node; from
      // the sources, shardMain.ts with tsx by its absolute address (the shards run from any folder).
      ...(import.meta.url.endsWith('.js')
        ? { file: fileURLToPath(new URL('./shardMain.js', import.meta.url)), execArgv: [] }
        : {
            file: fileURLToPath(new URL('./shardMain.ts', import.meta.url)),
            execArgv: ['--import', import.meta.resolve('tsx')],
          }),
      token: config.discordToken,
      count,
      ...(ids ? { ids } : {}),
      maxConcurrency: advice.maxConcurrency,
      logger,
      // A shard that keeps dying: the others stop too, and the exit code tells a supervisor.
      onGiveUp: () => {
        stopRequested = true;
        if (fleet) fleet.stop(STOP_GUARD_MS).finally(() => process.exit(1));
      },
    });
    endpoint?.fleet.attach(() => (fleet ? fleet.links() : []));
    logger.info(
      {
        invite: inviteLink(config.applicationId),
        database: config.databasePath,
        shards: count,
        ...(ids ? { shardIds: ids } : {}),
      },
      'ready: invite the bot with this link',
    );
  } catch (error) {
    console.error(startFailure(error, config.apiUrl));
    if (madeByImport(error, config.databasePath)) process.exit(1);
    try {
      created.remove();
    } catch (removeError) {
      console.error(`Could not remove the database file this start created: ${String(removeError)}`);
    }
    process.exit(1);
  }
  // BACKUP_EVERY: the one file every shard shares is backed up here, never by a shard.
  // Its metrics are the main process's own, served beside the shards' (src/metrics/cluster.ts).
  if (!stopRequested)
    backups = startScheduledBackups(config.databasePath, config.backups, logger, endpoint?.fleet.backups);
  if (stopRequested) stopFleet(fleet);
}
