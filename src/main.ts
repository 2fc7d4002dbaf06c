/** `npm start`: reads .env, checks the configuration, runs the bot until SIGINT or SIGTERM. */
import { config as loadDotenv } from 'dotenv';
import { loadConfig } from './config.js';
import { inviteLink, startBot } from './discord/bot.js';
import { createLogger } from './logger.js';
import { StoreOpenError } from './store/open.js';

loadDotenv({ quiet: true });
const result = loadConfig(process.env);
if (!result.ok) {
  console.error('The bot cannot start until its configuration is fixed. Copy .env.example to .env, then:');
  for (const problem of result.problems) console.error(`  - ${problem}`);
  process.exit(1);
}
const config = result.config;
const logger = createLogger(config.logLevel);

try {
  const bot = await startBot({
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
  logger.info(
    { invite: inviteLink(config.applicationId), database: config.databasePath },
    'ready: invite the bot with this link',
  );
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    bot.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: String(error) }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
} catch (error) {
  if (error instanceof StoreOpenError) {
    console.error(error.message);
  } else if (
    error instanceof Error &&
    /TokenInvalid|invalid token|401/i.test(`${error.name} ${error.message}`)
  ) {
    console.error(
      'Discord refused the token. Copy a fresh one from the developer portal (your application > Bot > Reset Token) into DISCORD_TOKEN in .env.',
    );
  } else {
    console.error(`The bot could not start: ${error instanceof Error ? error.message : String(error)}`);
  }
  process.exit(1);
}
