/** The bot's configuration: parsed once from the environment with zod, every problem listed in plain words. */
import { z } from 'zod';
import { DEFAULT_HARD_BUDGET_MS } from './bots/registry.js';

const PORTAL = 'https://discord.com/developers/applications';
const snowflake = /^\d{17,20}$/;

const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;

/** An optional whole number within bounds, refused with one plain sentence whatever is wrong with it. */
function boundedInteger(min: number, max: number, message: string) {
  const error = { error: message };
  return z.preprocess(
    emptyToUndefined,
    z.coerce.number(error).int(error).min(min, error).max(max, error).optional(),
  );
}

const schema = z.object({
  DISCORD_TOKEN: z.preprocess(
    emptyToUndefined,
    z
      .string({
        error: `DISCORD_TOKEN is missing: in ${PORTAL}, open your application > Bot > Reset Token, and put it in .env`,
      })
      .regex(/^[\w-]+\.[\w-]+\.[\w-]+$/, {
        error: `DISCORD_TOKEN does not look like a bot token (three parts separated by dots): copy it again from ${PORTAL} > your application > Bot`,
      }),
  ),
  DISCORD_APPLICATION_ID: z.preprocess(
    emptyToUndefined,
    z
      .string({
        error: `DISCORD_APPLICATION_ID is missing: in ${PORTAL}, open your application > General Information > Application ID`,
      })
      .regex(snowflake, {
        error: 'DISCORD_APPLICATION_ID must be the 17-20 digit Application ID from General Information',
      }),
  ),
  DISCORD_DEV_GUILD_ID: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(snowflake, {
        error:
          'DISCORD_DEV_GUILD_ID must be a 17-20 digit server id (Discord: Developer Mode on, right-click the server > Copy Server ID), or left empty',
      })
      .optional(),
  ),
  DATABASE_PATH: z.preprocess(emptyToUndefined, z.string().default('./data/tichu.sqlite')),
  DISCORD_API_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^http:\/\/(127\.0\.0\.1|localhost):\d{1,5}\/api$/, {
        error:
          'DISCORD_API_URL is only for the local Discord (http://127.0.0.1:PORT/api): leave it empty to use Discord itself',
      })
      .optional(),
  ),
  BOT_HARD_BUDGET_MS: boundedInteger(
    10,
    60_000,
    `BOT_HARD_BUDGET_MS must be the milliseconds a hard bot may think, a whole number from 10 to 60000 (default ${DEFAULT_HARD_BUDGET_MS}), or left empty`,
  ),
  BOT_WORKERS: boundedInteger(
    1,
    256,
    'BOT_WORKERS must be how many threads make hard bots’ decisions, a whole number from 1 to 256, or left empty (one fewer than the cores)',
  ),
  LOG_LEVEL: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toLowerCase() || undefined : value),
    z.enum(LOG_LEVELS, { error: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  ),
});

export interface Config {
  readonly discordToken: string;
  readonly applicationId: string;
  readonly devGuildId: string | undefined;
  readonly databasePath: string;
  readonly logLevel: (typeof LOG_LEVELS)[number];
  /** The local Discord's REST base (tests, sandbox); undefined means Discord itself. */
  readonly apiUrl: string | undefined;
  /** Wall-clock time a hard bot's decision may take, in milliseconds. */
  readonly hardBudgetMs: number;
  /** Threads for hard bots' decisions; undefined: one fewer than the cores, at least one. */
  readonly botWorkers: number | undefined;
}

export type ConfigResult = { ok: true; config: Config } | { ok: false; problems: string[] };

/** Parses the environment; never throws, and never echoes the token back. */
export function loadConfig(env: Readonly<Record<string, string | undefined>>): ConfigResult {
  const parsed = schema.safeParse(env);
  if (!parsed.success) return { ok: false, problems: parsed.error.issues.map((issue) => issue.message) };
  const v = parsed.data;
  return {
    ok: true,
    config: {
      discordToken: v.DISCORD_TOKEN,
      applicationId: v.DISCORD_APPLICATION_ID,
      devGuildId: v.DISCORD_DEV_GUILD_ID,
      databasePath: v.DATABASE_PATH,
      logLevel: v.LOG_LEVEL,
      apiUrl: v.DISCORD_API_URL,
      hardBudgetMs: v.BOT_HARD_BUDGET_MS ?? DEFAULT_HARD_BUDGET_MS,
      botWorkers: v.BOT_WORKERS,
    },
  };
}
