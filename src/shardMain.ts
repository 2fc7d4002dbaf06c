/**
 * One shard process of a sharded bot, spawned by the main process (discord.js's ShardingManager),
 * which gives it SHARDS (this shard's id) and SHARD_COUNT. It runs the bot for that shard's guilds
 * only, on the same database file as the other shards; it exits on SIGINT, SIGTERM, or when the
 * main process is gone.
 */
import { runBotProcess } from './botProcess.js';
import { loadConfig, problemReport, readEnvFile } from './config.js';
import { createLogger } from './logger.js';

const id = Number(process.env.SHARDS);
const count = Number(process.env.SHARD_COUNT);
if (!Number.isInteger(id) || !Number.isInteger(count) || count < 2 || id < 0 || id >= count) {
  console.error('src/shardMain.ts is a shard process: npm start runs it (set SHARDS in .env), not you.');
  process.exit(1);
}
const envFile = readEnvFile(process.cwd());
// SHARDS here is this shard's id (discord.js' convention), not the count the operator set.
const result = loadConfig({ ...process.env, SHARDS: String(count) }, envFile);
if (!result.ok) {
  for (const line of problemReport(`Shard ${id} cannot start`, result.problems, envFile)) console.error(line);
  process.exit(1);
}
const logger = createLogger(result.config.logLevel).child({ shard: id });
await runBotProcess(result.config, logger, { id, count });
