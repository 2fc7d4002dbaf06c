/** `npm start`: reads .env, checks the configuration, and says exactly what is missing. */
import { config as loadDotenv } from 'dotenv';
import { loadConfig } from './config.js';

loadDotenv({ quiet: true });
const result = loadConfig(process.env);
if (!result.ok) {
  console.error('The bot cannot start until its configuration is fixed. Copy .env.example to .env, then:');
  for (const problem of result.problems) console.error(`  - ${problem}`);
  process.exit(1);
}
console.error(
  'Configuration is valid. The Discord bot itself is not built yet (issue #5): today this project is the rules engine; see README.md.',
);
process.exit(1);
