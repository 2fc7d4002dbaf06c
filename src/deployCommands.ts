/** `npm run deploy-commands`: registers the slash commands (to DISCORD_DEV_GUILD_ID if set, else globally). */
import { config as loadDotenv } from 'dotenv';
import { loadConfig } from './config.js';
import { registerCommands } from './discord/deploy.js';

loadDotenv({ quiet: true });
const result = loadConfig(process.env);
if (!result.ok) {
  console.error(
    'Cannot register commands until the configuration is fixed. Copy .env.example to .env, then:',
  );
  for (const problem of result.problems) console.error(`  - ${problem}`);
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
