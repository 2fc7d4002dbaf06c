/**
 * `npm start`: reads .env, checks the configuration, proves the database writable, runs the bot
 * until SIGINT or SIGTERM. `npm start` execs this file as the only process under npm, so both
 * signals reach it (npm forwards them to its child).
 */
import { loadConfig, problemReport, readEnvFile } from './config.js';
import { inviteLink, type RunningBot, startBot } from './discord/bot.js';
import { createLogger } from './logger.js';
import { NewFiles } from './store/newFiles.js';
import { StoreOpenError } from './store/open.js';
import { proveWritable } from './store/writable.js';

/** A stop that has not finished by then exits anyway, non-zero, with a log line. */
const STOP_GUARD_MS = 5_000;

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

// Taken from the first moment: a signal during start-up stops the bot as soon as it is up.
let bot: RunningBot | null = null;
let stopping: string | null = null;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = signal;
  logger.info({ signal }, 'shutting down');
  setTimeout(() => {
    logger.error({ signal, afterMs: STOP_GUARD_MS }, 'shutdown did not finish in time; exiting anyway');
    process.exit(1);
  }, STOP_GUARD_MS);
  if (bot) finish(bot);
};
const finish = (running: RunningBot) =>
  running.stop().then(
    () => process.exit(0),
    (error: unknown) => {
      logger.error({ err: String(error) }, 'shutdown failed');
      process.exit(1);
    },
  );
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));

// A start that fails takes away the database file it created (a bad token leaves nothing behind).
const created = NewFiles.before(config.databasePath);
try {
  // Before connecting: a database the bot cannot write is refused here, not at the first click.
  proveWritable(config.databasePath);
  bot = await startBot({
    token: config.discordToken,
    applicationId: config.applicationId,
    databasePath: config.databasePath,
    logger,
    // The disk failed a flush: exit, so that a supervisor restarts the bot on what the disk holds.
    onFatal: () => process.exit(1),
    hardBudgetMs: config.hardBudgetMs,
    ...(config.botWorkers === undefined ? {} : { botWorkers: config.botWorkers }),
    ...(config.apiUrl ? { restApi: config.apiUrl } : {}),
  });
} catch (error) {
  // The one line that says why comes first: a failure to tidy up must not hide it.
  console.error(startFailure(error));
  try {
    created.remove();
  } catch (removeError) {
    console.error(`Could not remove the database file this start created: ${String(removeError)}`);
  }
  process.exit(1);
}
logger.info(
  { invite: inviteLink(config.applicationId), database: config.databasePath },
  'ready: invite the bot with this link',
);
if (stopping) finish(bot);

/** One line: what went wrong and what to do. */
function startFailure(error: unknown): string {
  if (error instanceof StoreOpenError) return error.message;
  const message = error instanceof Error ? error.message : String(error);
  const text = error instanceof Error ? `${error.name} ${message}` : message;
  if (/TokenInvalid|invalid token|401/i.test(text))
    return 'Discord refused the token. Copy a fresh one from the developer portal (your application > Bot > Reset Token) into DISCORD_TOKEN in .env.';
  if (/ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|ECONNRESET|fetch failed/.test(text)) {
    const where = config.apiUrl ? `the local Discord at ${config.apiUrl} (DISCORD_API_URL)` : 'Discord';
    return `The bot could not start: it could not reach ${where} (${message}). Check the network, then start again.`;
  }
  return `The bot could not start: ${message}`;
}
