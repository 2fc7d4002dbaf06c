/**
 * `npm run deploy-commands`: registers the slash commands (to DISCORD_DEV_GUILD_ID if set, else
 * globally), then uploads the card pictures as the application's emoji and stores their ids in the
 * database `npm start` uses (DATABASE_PATH), where the bot finds them at its next start.
 */
import { pathToFileURL } from 'node:url';
import { type Config, loadConfig, problemReport, readEnvFile } from './config.js';
import { type CardImage, loadCardImages } from './discord/cardImages.js';
import { deployCardEmoji, emojiReport, registerCommands } from './discord/deploy.js';
import { Store } from './store/store.js';

/** Where deploy writes: lines a person reads, and lines about what failed. */
export interface DeployOutput {
  readonly say: (line: string) => void;
  readonly warn: (line: string) => void;
}

/**
 * Registers the commands, then deploys the card emoji; returns the exit code. Failing to register
 * is an error (1); Discord refusing an emoji is not (0): the bot then shows cards as text. A
 * database that cannot be opened is an error, as it is for `npm start`.
 */
export async function deploy(
  config: Config,
  images: readonly CardImage[],
  out: DeployOutput,
): Promise<number> {
  const { discordToken, applicationId, devGuildId, apiUrl } = config;
  try {
    const count = await registerCommands(discordToken, applicationId, devGuildId, apiUrl);
    out.say(
      devGuildId
        ? `Registered ${count} commands on server ${devGuildId} (available at once).`
        : `Registered ${count} commands globally (Discord may take up to an hour to show them everywhere).`,
    );
  } catch (error) {
    out.warn(`Could not register the commands: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  let store: Store;
  try {
    store = Store.open(config.databasePath);
  } catch (error) {
    out.warn(
      `Could not open the database to store the card emoji: ${error instanceof Error ? error.message : String(error)}`,
    );
    return 1;
  }
  try {
    const sync = await deployCardEmoji(discordToken, applicationId, images, apiUrl);
    // The set replaces the last one whole: ids of deleted emoji must not linger.
    store.emoji.replaceCardEmoji(applicationId, sync.faces);
    await store.durable();
    const [summary, ...problems] = emojiReport(sync, images.length);
    out.say(summary as string);
    for (const line of problems) out.warn(line);
    if (problems.length === 0 && sync.uploaded + sync.replaced > 0)
      out.say('Restart the bot (npm start) to show the new card emoji.');
    return 0;
  } finally {
    store.close();
  }
}

const isEntryPoint = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isEntryPoint) {
  // The same reading of .env as `npm start`, and the same report naming each missing or empty key.
  const envFile = readEnvFile(process.cwd());
  const result = loadConfig(process.env, envFile);
  if (!result.ok) {
    for (const line of problemReport('Cannot register the commands', result.problems, envFile))
      console.error(line);
    process.exit(1);
  }
  const images = [...loadCardImages().values()];
  process.exitCode = await deploy(result.config, images, { say: console.log, warn: console.error });
}
