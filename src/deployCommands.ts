/**
 * `npm run deploy-commands`: registers the slash commands (to DISCORD_DEV_GUILD_ID if set, else
 * globally), then uploads the card pictures as the application's emoji and stores their ids in the
 * database `npm start` uses (DATABASE_PATH), where the bot finds them at its next start. The emoji
 * of the set stored before stay on Discord until the next deploy, for a bot still running on them.
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
 * is an error (1); card pictures that cannot be read, or Discord refusing an emoji, are not (0): the
 * bot then shows cards as text (or the emoji deployed before). A database that cannot be opened is
 * an error, as it is for `npm start`. `pictures` reads the card PNGs (after the commands are in).
 */
export async function deploy(
  config: Config,
  pictures: () => readonly CardImage[],
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
    out.warn(`Could not register the commands: ${message(error)}`);
    return 1;
  }
  let images: readonly CardImage[];
  try {
    images = pictures();
  } catch (error) {
    out.warn(
      `Card pictures missing or unreadable (${message(error)}): run npm run cards to draw them, then npm run deploy-commands again. The card emoji were left as they were (the bot shows cards as text if none were deployed before).`,
    );
    return 0;
  }
  let store: Store;
  try {
    store = Store.open(config.databasePath);
  } catch (error) {
    out.warn(`Could not open the database to store the card emoji: ${message(error)}`);
    return 1;
  }
  try {
    // The set a running bot loaded at its start: kept on Discord through this deploy.
    const before = store.emoji.cardEmoji(applicationId);
    const sync = await deployCardEmoji(discordToken, applicationId, images, apiUrl, before);
    // Not listed: nothing is known of what exists, so the stored set stays as it was.
    if (sync.listed) {
      // The set replaces the last one whole: ids of deleted emoji must not linger.
      store.emoji.replaceCardEmoji(applicationId, sync.faces);
      await store.durable();
    }
    const [summary, ...problems] = emojiReport(sync, images.length);
    out.say(summary as string);
    for (const line of problems) out.warn(line);
    if (sync.listed && sync.faces.size === images.length && sync.uploaded + sync.replaced > 0)
      out.say(
        sync.replaced > 0
          ? 'The bot shows the new card art after a restart (npm start). Until then it shows the older emoji, kept for it until the next deploy: restart before deploying again.'
          : 'The bot shows the card emoji after a restart (npm start).',
      );
    return 0;
  } finally {
    store.close();
  }
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
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
  process.exitCode = await deploy(result.config, () => [...loadCardImages().values()], {
    say: console.log,
    warn: console.error,
  });
}
