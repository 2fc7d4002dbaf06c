/** `npm run deploy-commands`: registers the slash commands (to DISCORD_DEV_GUILD_ID if set, else globally). */
import { loadConfig, problemReport, readEnvFile } from './config.js';
import { registerCommands } from './discord/deploy.js';

// The same reading of .env as `npm start`, and the same report naming each missing or empty key.
const envFile = readEnvFile(process.cwd());
const result = loadConfig(process.env, envFile);
if (!result.ok) {
  for (const line of problemReport('Cannot register the commands', result.problems, envFile))
    console.error(line);
  process.exit(1);
}
const { discordToken, applicationId, devGuildId, apiUrl } = result.config;
try {
  const count = await registerCommands(discordToken, applicationId, devGuildId, apiUrl);
  console.log(
    devGuildId
      ? `Registered ${count} commands on server ${devGuildId} (available at once).`
      : `Registered ${count} commands globally (Discord may take up to an hour to show them everywhere).`,
  );
} catch (error) {
  console.error(`Could not register the commands: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
