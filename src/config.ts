/** The bot's configuration: read from .env and the environment, parsed once with zod, every problem listed in plain words. */
import { isIP } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { config as loadDotenv } from 'dotenv';
import { z } from 'zod';
import { DEFAULT_EXPERT_BUDGET_MS, DEFAULT_HARD_BUDGET_MS } from './bots/registry.js';

const PORTAL = 'https://discord.com/developers/applications';

/**
 * How long a bot waits before each move at a table where a person watches (a table's pace setting
 * halves or doubles it): long enough to see each play land and to drop a bomb before the next one.
 */
export const DEFAULT_BOT_PACE_MS = 900;
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

/** The most shard processes one machine runs: `SHARDS` alone, or the ids `SHARD_IDS` names. */
export const MAX_SHARDS = 64;
/** The most shards of all machines together that `SHARDS` may count when `SHARD_IDS` names this machine's. */
export const MAX_TOTAL_SHARDS = 16_384;
const SHARDS_HELP = `SHARDS must be auto (as many shard processes as Discord recommends) or how many to run, a whole number from 1 to ${MAX_SHARDS}, or left empty (one process)`;

const SHARD_IDS_HELP =
  'SHARD_IDS must list the shards this machine runs, as ids and ranges such as 0-3 or 0,2,5-7 (each below SHARDS), or be left empty (every shard)';

/** "0-2,5" as [0, 1, 2, 5]: sorted, each once; null when it is not such a list. */
export function parseShardIds(text: string): number[] | null {
  const ids = new Set<number>();
  for (const part of text.split(',')) {
    const match = /^\s*(\d{1,4})\s*(?:-\s*(\d{1,4})\s*)?$/.exec(part);
    if (!match) return null;
    const from = Number(match[1]);
    const to = match[2] === undefined ? from : Number(match[2]);
    if (to < from) return null;
    for (let id = from; id <= to; id++) ids.add(id);
  }
  return [...ids].sort((a, b) => a - b);
}

/** Where /healthz and /metrics listen unless METRICS_HOST says otherwise: this machine only. */
export const DEFAULT_METRICS_HOST = '127.0.0.1';
const METRICS_HOST_HELP =
  'METRICS_HOST must be the address the health and metrics endpoint listens on: an IP address such as 127.0.0.1 (the default: this machine only) or 0.0.0.0 (every address), or a host name, or left empty';

/** An IP address, or a host name made of letters, digits, dots and hyphens. */
function isHost(text: string): boolean {
  return (
    isIP(text) !== 0 ||
    (text.length <= 253 &&
      /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i.test(text))
  );
}

/** How many backups the bot's schedule keeps unless BACKUP_KEEP says otherwise. */
export const DEFAULT_BACKUP_KEEP = 7;
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const DURATION_UNITS: Readonly<Record<string, number>> = { m: MINUTE_MS, h: 60 * MINUTE_MS, d: DAY_MS };
/** The shortest and longest BACKUP_EVERY: a copy a minute at most, and at least one a month. */
const BACKUP_EVERY_MIN_MS = MINUTE_MS;
const BACKUP_EVERY_MAX_MS = 30 * DAY_MS;
const BACKUP_EVERY_HELP =
  'BACKUP_EVERY must be how often the bot backs up its database, a whole number and a unit such as 30m, 6h or 1d (m minutes, h hours, d days; from 1m to 30d), or left empty (no scheduled backups)';
const BACKUP_KEEP_HELP = `BACKUP_KEEP must be how many of the bot's scheduled backups (named <database>-auto-<time>) to keep, the newest, a whole number from 1 to 1000 (default ${DEFAULT_BACKUP_KEEP}), or left empty; backups made by npm run backup are never removed`;

/** "6h" as milliseconds (m, h or d after a whole number; spaces and case ignored); null when it is not one. */
export function parseDuration(text: string): number | null {
  const match = /^\s*(\d{1,6})\s*([mhd])\s*$/i.exec(text);
  if (!match) return null;
  return Number(match[1]) * (DURATION_UNITS[(match[2] as string).toLowerCase()] as number);
}

type Env = Readonly<Record<string, string | undefined>>;

/** What `.env` held, so that a problem can say where a value came from. */
export interface EnvFile {
  /** The absolute path read (`.env` in the folder `npm start` runs in). */
  readonly path: string;
  readonly found: boolean;
  /** Why a file that exists could not be read (its permissions, say), else undefined. */
  readonly unreadable?: string;
  /** Keys whose value came from the file. */
  readonly applied: ReadonlySet<string>;
  /** Keys the file sets that the environment had set already: the environment's value wins. */
  readonly shadowed: ReadonlySet<string>;
}

/**
 * Reads `.env` in `dir` into `env` (process.env by default). As dotenv does, a variable already set
 * in the environment wins, even when it is empty.
 */
export function readEnvFile(dir: string, env: Record<string, string | undefined> = process.env): EnvFile {
  const path = resolve(dir, '.env');
  const before = new Set(Object.keys(env));
  const result = loadDotenv({ path, processEnv: env, quiet: true });
  const keys = Object.keys(result.parsed ?? {});
  const code = (result.error as { code?: string } | undefined)?.code;
  return {
    path,
    found: result.error === undefined,
    ...(result.error && code !== 'ENOENT' ? { unreadable: result.error.message } : {}),
    applied: new Set(keys.filter((key) => !before.has(key))),
    shadowed: new Set(keys.filter((key) => before.has(key))),
  };
}

/** Where an empty value came from, in words. */
function emptyWhere(key: string, file: EnvFile | undefined): string {
  if (!file) return `${key} is empty`;
  if (file.applied.has(key)) return `${key} is empty in .env`;
  if (file.shadowed.has(key))
    return `${key} is set but empty in the environment, which wins over the value in .env (unset it)`;
  return `${key} is set but empty in the environment`;
}

/** A value the bot cannot run without: missing, empty and malformed are three different messages. */
function required(key: string, help: string, format: RegExp, malformed: string, file: EnvFile | undefined) {
  return z
    .string({ error: `${key} is missing: ${help}` })
    .refine((value) => value.trim() !== '', { error: `${emptyWhere(key, file)}: ${help}`, abort: true })
    .regex(format, { error: malformed });
}

const schemaFor = (file: EnvFile | undefined) =>
  z.object({
    DISCORD_TOKEN: required(
      'DISCORD_TOKEN',
      `in ${PORTAL}, open your application > Bot > Reset Token, and put it in .env`,
      /^[\w-]+\.[\w-]+\.[\w-]+$/,
      `DISCORD_TOKEN does not look like a bot token (three parts separated by dots): copy it again from ${PORTAL} > your application > Bot`,
      file,
    ),
    DISCORD_APPLICATION_ID: required(
      'DISCORD_APPLICATION_ID',
      `in ${PORTAL}, open your application > General Information > Application ID`,
      snowflake,
      'DISCORD_APPLICATION_ID must be the 17-20 digit Application ID from General Information',
      file,
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
    BOT_EXPERT_BUDGET_MS: boundedInteger(
      10,
      60_000,
      `BOT_EXPERT_BUDGET_MS must be the milliseconds an expert bot may think, a whole number from 10 to 60000 (default ${DEFAULT_EXPERT_BUDGET_MS}), or left empty`,
    ),
    BOT_PACE_MS: boundedInteger(
      0,
      10_000,
      `BOT_PACE_MS must be the milliseconds a bot waits before each move at a table where someone watches, a whole number from 0 (no pause) to 10000 (default ${DEFAULT_BOT_PACE_MS}), or left empty`,
    ),
    BOT_WORKERS: boundedInteger(
      1,
      256,
      'BOT_WORKERS must be how many threads make hard bots’ decisions, a whole number from 1 to 256, or left empty (one fewer than the cores)',
    ),
    SHARDS: z.preprocess(
      (value) => (typeof value === 'string' ? value.trim().toLowerCase() || undefined : value),
      z
        .union(
          [
            z.literal('auto', { error: SHARDS_HELP }),
            z.coerce
              .number({ error: SHARDS_HELP })
              .int({ error: SHARDS_HELP })
              .min(1, { error: SHARDS_HELP })
              .max(MAX_TOTAL_SHARDS, { error: SHARDS_HELP }),
          ],
          { error: SHARDS_HELP },
        )
        .optional(),
    ),
    SHARD_IDS: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .transform((text, ctx) => {
          const ids = parseShardIds(text);
          if (ids) return ids;
          ctx.addIssue({ code: 'custom', message: SHARD_IDS_HELP });
          return z.NEVER;
        })
        .optional(),
    ),
    METRICS_PORT: boundedInteger(
      1,
      65_535,
      'METRICS_PORT must be the port of the health and metrics endpoint (/healthz, /metrics), a whole number from 1 to 65535 (9464 is usual), or left empty (no endpoint)',
    ),
    METRICS_HOST: z.preprocess(
      (value) => (typeof value === 'string' ? value.trim() || undefined : value),
      z.string().refine(isHost, { error: METRICS_HOST_HELP }).optional(),
    ),
    BACKUP_DIR: z.preprocess(emptyToUndefined, z.string().optional()),
    BACKUP_EVERY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .transform((text, ctx) => {
          const ms = parseDuration(text);
          if (ms !== null && ms >= BACKUP_EVERY_MIN_MS && ms <= BACKUP_EVERY_MAX_MS) return ms;
          ctx.addIssue({ code: 'custom', message: BACKUP_EVERY_HELP });
          return z.NEVER;
        })
        .optional(),
    ),
    BACKUP_KEEP: boundedInteger(1, 1000, BACKUP_KEEP_HELP),
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
  /** Wall-clock time an expert bot's decision may take, in milliseconds. */
  readonly expertBudgetMs: number;
  /** The pause before each bot move at a table where a person watches (0: none). */
  readonly botPaceMs: number;
  /** Threads for hard bots' decisions; undefined: one fewer than the cores, at least one. */
  readonly botWorkers: number | undefined;
  /**
   * Shard processes: 1 (the default) runs the bot in this one process, as always; more, or `auto`
   * (Discord's recommended count), runs discord.js's ShardingManager with one process per shard.
   */
  readonly shards: number | 'auto';
  /**
   * The shards this machine runs (SHARD_IDS), each below `shards`, which is then a number: the
   * other shards run on other machines, each with its own database file. Undefined: every shard.
   */
  readonly shardIds: readonly number[] | undefined;
  /** The health and metrics endpoint's port (METRICS_PORT); undefined: no endpoint. */
  readonly metricsPort: number | undefined;
  /** The address it listens on (METRICS_HOST; loopback by default). */
  readonly metricsHost: string;
  readonly backups: BackupSettings;
}

/** Backups the bot makes by itself (BACKUP_EVERY), and where `npm run backup` puts its copies. */
export interface BackupSettings {
  /** The folder (BACKUP_DIR): by default `backups` beside the database. */
  readonly dir: string;
  /** Milliseconds between two scheduled backups; null: none (the default). */
  readonly everyMs: number | null;
  /** How many backups the schedule keeps (the newest). */
  readonly keep: number;
}

export type ConfigResult = { ok: true; config: Config } | { ok: false; problems: string[] };

/** Every setting the bot reads. */
export const KNOWN_KEYS: readonly string[] = Object.keys(schemaFor(undefined).shape);

/**
 * Parses the environment; never throws, and never echoes the token back. With `file` (what
 * readEnvFile found), an empty value says whether it is empty in .env or in the environment, and a
 * key in .env that looks like one of the bot's but is not is named (a typo leaves the real key missing).
 */
export function loadConfig(env: Env, file?: EnvFile): ConfigResult {
  const schema = schemaFor(file);
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) =>
      withValue(issue.message, String(issue.path[0]), env, file),
    );
    // The settings that must agree with each other are checked too wherever both parsed: every
    // problem at once, so that fixing one does not reveal the next.
    const failed = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
    const pair = schema.pick({ SHARDS: true, SHARD_IDS: true, METRICS_HOST: true, METRICS_PORT: true });
    const both = pair
      .partial()
      .safeParse(
        Object.fromEntries(
          ['SHARDS', 'SHARD_IDS', 'METRICS_HOST', 'METRICS_PORT']
            .filter((key) => !failed.has(key))
            .map((key) => [key, env[key]]),
        ),
      );
    if (both.success) {
      const known = (...keys: string[]) => keys.every((key) => !failed.has(key));
      problems.push(...agreementProblems(both.data, known).filter((problem) => !problems.includes(problem)));
    }
    for (const key of [...(file?.applied ?? []), ...(file?.shadowed ?? [])])
      if (/^(DISCORD|BOT|DATABASE|LOG|METRICS|BACKUP)_/.test(key) && !KNOWN_KEYS.includes(key))
        problems.push(`${key} in .env is not a setting of this bot (misspelt?)`);
    return { ok: false, problems };
  }
  const v = parsed.data;
  const disagreements = agreementProblems(v, () => true);
  if (disagreements.length > 0) return { ok: false, problems: disagreements };
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
      expertBudgetMs: v.BOT_EXPERT_BUDGET_MS ?? DEFAULT_EXPERT_BUDGET_MS,
      botPaceMs: v.BOT_PACE_MS ?? DEFAULT_BOT_PACE_MS,
      botWorkers: v.BOT_WORKERS,
      shards: v.SHARDS ?? 1,
      shardIds: v.SHARD_IDS,
      metricsPort: v.METRICS_PORT,
      metricsHost: v.METRICS_HOST ?? DEFAULT_METRICS_HOST,
      backups: backupSettings(v),
    },
  };
}

/** The longest value a problem repeats; a longer one is cut (a pasted paragraph, a whole file). */
const LONGEST_ECHO = 40;
/** Settings whose value is never repeated: a secret must not reach a terminal's scrollback or a log. */
const SECRETS = new Set(['DISCORD_TOKEN']);

/**
 * A bad value's problem with the value given and where it came from (.env or the environment), so
 * that "6 hours" can be seen for what it is and looked for in the right place. Missing and empty
 * values say where already (emptyWhere); the token's value is never repeated, only where it is.
 */
function withValue(message: string, key: string, env: Env, file: EnvFile | undefined): string {
  const value = env[key];
  if (value === undefined || value.trim() === '') return message;
  const where = !file
    ? ''
    : file.applied.has(key)
      ? ' in .env'
      : file.shadowed.has(key)
        ? ' in the environment, which wins over the value in .env'
        : ' in the environment';
  if (SECRETS.has(key)) return where === '' ? message : `${message} (it is set${where})`;
  const shown = value.length > LONGEST_ECHO ? `${value.slice(0, LONGEST_ECHO)}…` : value;
  return `${message} (it is ${JSON.stringify(shown)}${where})`;
}

/**
 * The problems of settings that each parsed but do not fit together; `known(...keys)` says whether
 * those keys parsed (a key that failed has its own problem already, and is not judged again here).
 */
function agreementProblems(
  v: {
    SHARDS?: number | 'auto' | undefined;
    SHARD_IDS?: number[] | undefined;
    METRICS_HOST?: string | undefined;
    METRICS_PORT?: number | undefined;
  },
  known: (...keys: string[]) => boolean,
): string[] {
  const problems: string[] = [];
  const shardProblem = known('SHARDS', 'SHARD_IDS') ? shardIdsProblem(v.SHARD_IDS, v.SHARDS) : null;
  if (shardProblem) problems.push(shardProblem);
  if (known('METRICS_HOST', 'METRICS_PORT') && v.METRICS_HOST !== undefined && v.METRICS_PORT === undefined)
    problems.push(
      `METRICS_HOST is set (${v.METRICS_HOST}) but METRICS_PORT is empty: set METRICS_PORT to serve /healthz and /metrics, or empty METRICS_HOST`,
    );
  return problems;
}

/** Why SHARD_IDS does not fit SHARDS, or null: a list needs a count to be part of (not auto, not one). */
function shardIdsProblem(
  ids: readonly number[] | undefined,
  shards: number | 'auto' | undefined,
): string | null {
  // Alone, SHARDS is how many processes run here; only with SHARD_IDS may it count other machines' too.
  if (ids === undefined) return typeof shards === 'number' && shards > MAX_SHARDS ? SHARDS_HELP : null;
  if (ids.length > MAX_SHARDS)
    return `SHARD_IDS names ${ids.length} shards: one machine runs at most ${MAX_SHARDS} (give the others to more machines)`;
  if (typeof shards !== 'number' || shards < 2)
    return 'SHARD_IDS needs SHARDS set to the number of shards of every machine together (2 or more, not auto: each machine must count the same)';
  const outside = ids.filter((id) => id >= shards);
  if (outside.length > 0)
    return `SHARD_IDS names shard ${outside.join(', ')}, but SHARDS=${shards} numbers them 0 to ${shards - 1}`;
  return null;
}

/**
 * Only the database path, as the bot reads it (same key, same default), for tools that need no
 * Discord token (`npm run guild`): nothing else is checked.
 */
export function loadDatabasePath(env: Env): string {
  return schemaFor(undefined).shape.DATABASE_PATH.parse(env.DATABASE_PATH);
}

function backupSettings(v: {
  DATABASE_PATH: string;
  BACKUP_DIR?: string | undefined;
  BACKUP_EVERY?: number | undefined;
  BACKUP_KEEP?: number | undefined;
}): BackupSettings {
  return {
    dir: v.BACKUP_DIR ?? join(dirname(v.DATABASE_PATH), 'backups'),
    everyMs: v.BACKUP_EVERY ?? null,
    keep: v.BACKUP_KEEP ?? DEFAULT_BACKUP_KEEP,
  };
}

/**
 * The database path and the backup folder, as the bot reads them (same keys, same defaults), for
 * `npm run backup` and `npm run restore`: no Discord token needed, and nothing else is checked.
 */
export function loadBackupPaths(
  env: Env,
): { ok: true; databasePath: string; backupDir: string } | { ok: false; problems: string[] } {
  const parsed = schemaFor(undefined).pick({ DATABASE_PATH: true, BACKUP_DIR: true }).safeParse(env);
  if (!parsed.success) return { ok: false, problems: parsed.error.issues.map((issue) => issue.message) };
  return { ok: true, databasePath: parsed.data.DATABASE_PATH, backupDir: backupSettings(parsed.data).dir };
}

/** The lines a person reads when the configuration is not usable: where to look, then each problem. */
export function problemReport(what: string, problems: readonly string[], file: EnvFile): string[] {
  const head = file.unreadable
    ? `${what}: ${file.path} exists but cannot be read (${file.unreadable}). Fix its permissions; meanwhile:`
    : file.found
      ? problems.some((problem) => / in the environment\b/.test(problem))
        ? `${what} until these are fixed, each where it says (${file.path} or the environment):`
        : `${what} until these are fixed in ${file.path}:`
      : `${what}: there is no .env file at ${file.path}. Copy .env.example to .env there and fill it in (or set these in the environment):`;
  return [head, ...problems.map((problem) => `  - ${problem}`)];
}
