import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_EXPERT_BUDGET_MS, DEFAULT_HARD_BUDGET_MS } from '../src/bots/registry.js';
import {
  DEFAULT_BACKUP_KEEP,
  DEFAULT_BOT_PACE_MS,
  loadConfig,
  parseDuration,
  problemReport,
  readEnvFile,
} from '../src/config.js';

const good = {
  DISCORD_TOKEN: 'MTA1.abc-DEF_123.xyz',
  DISCORD_APPLICATION_ID: '123456789012345678',
};

describe('loadConfig', () => {
  it('accepts a valid environment and fills in the defaults', () => {
    const result = loadConfig(good);
    expect(result).toEqual({
      ok: true,
      config: {
        discordToken: good.DISCORD_TOKEN,
        applicationId: good.DISCORD_APPLICATION_ID,
        devGuildId: undefined,
        databasePath: './data/tichu.sqlite',
        logLevel: 'info',
        apiUrl: undefined,
        hardBudgetMs: DEFAULT_HARD_BUDGET_MS,
        expertBudgetMs: DEFAULT_EXPERT_BUDGET_MS,
        botPaceMs: DEFAULT_BOT_PACE_MS,
        botWorkers: undefined,
        shards: 1,
        shardIds: undefined,
        metricsPort: undefined,
        metricsHost: '127.0.0.1',
        backups: { dir: 'data/backups', everyMs: null, keep: DEFAULT_BACKUP_KEEP },
      },
    });
  });

  it('reads the backup schedule: BACKUP_EVERY in minutes, hours or days; BACKUP_DIR beside the database by default', () => {
    const backups = (env: Record<string, string>) => {
      const result = loadConfig({ ...good, ...env });
      return result.ok ? result.config.backups : result.problems;
    };
    expect(backups({ BACKUP_EVERY: '6h', DATABASE_PATH: '/srv/tichu/main.sqlite' })).toEqual({
      dir: '/srv/tichu/backups',
      everyMs: 6 * 3_600_000,
      keep: DEFAULT_BACKUP_KEEP,
    });
    expect(backups({ BACKUP_EVERY: ' 30M ', BACKUP_DIR: '/mnt/copies', BACKUP_KEEP: '3' })).toEqual({
      dir: '/mnt/copies',
      everyMs: 30 * 60_000,
      keep: 3,
    });
    expect(
      [backups({ BACKUP_EVERY: '1m' }), backups({ BACKUP_EVERY: '30d' })].map(
        (b) => !Array.isArray(b) && b.everyMs,
      ),
    ).toEqual([60_000, 30 * 86_400_000]);
    expect(backups({ BACKUP_EVERY: '' })).toMatchObject({ everyMs: null });
  });

  it('reads the pieces of a duration, and nothing else', () => {
    expect(['1d', '90m', ' 2 H ', '6', 'h', '1.5h', '1h30m', '-1h', '6 hours'].map(parseDuration)).toEqual([
      86_400_000,
      90 * 60_000,
      2 * 3_600_000,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('reads SHARDS: a count, auto (any case), or one process when empty', () => {
    const shards = (value: string) => {
      const result = loadConfig({ ...good, SHARDS: value });
      return result.ok ? result.config.shards : result.problems;
    };
    expect([shards('4'), shards(' AUTO '), shards(''), shards('1')]).toEqual([4, 'auto', 1, 1]);
  });

  it('reads SHARD_IDS: the shards of this machine as ids and ranges, sorted, each once', () => {
    const ids = (value: string) => {
      const result = loadConfig({ ...good, SHARDS: '8', SHARD_IDS: value });
      return result.ok ? result.config.shardIds : result.problems;
    };
    expect([ids('0-3'), ids(' 5, 1-2 ,2 '), ids('7'), ids('')]).toEqual([
      [0, 1, 2, 3],
      [1, 2, 5],
      [7],
      undefined,
    ]);
  });

  it('reads the hard bots’ thinking time and thread count', () => {
    const result = loadConfig({ ...good, BOT_HARD_BUDGET_MS: ' 400 ', BOT_WORKERS: '3' });
    expect(result.ok && [result.config.hardBudgetMs, result.config.botWorkers]).toEqual([400, 3]);
    const expert = loadConfig({ ...good, BOT_EXPERT_BUDGET_MS: '2500' });
    expect(expert.ok && expert.config.expertBudgetMs).toBe(2500);
  });

  it('reads the health and metrics endpoint: none by default, on loopback unless METRICS_HOST says otherwise', () => {
    const endpoint = (env: Record<string, string>) => {
      const result = loadConfig({ ...good, ...env });
      return result.ok ? [result.config.metricsPort, result.config.metricsHost] : result.problems;
    };
    expect(endpoint({ METRICS_PORT: '', METRICS_HOST: '' })).toEqual([undefined, '127.0.0.1']);
    expect(endpoint({ METRICS_PORT: ' 9464 ' })).toEqual([9464, '127.0.0.1']);
    expect(endpoint({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' })).toEqual([9464, '0.0.0.0']);
    expect(endpoint({ METRICS_PORT: '9464', METRICS_HOST: '::1' })).toEqual([9464, '::1']);
    expect(endpoint({ METRICS_PORT: '9464', METRICS_HOST: 'metrics.internal' })).toEqual([
      9464,
      'metrics.internal',
    ]);
  });

  it('reads the bots’ pace: about 900 ms by default, 0 for none', () => {
    const paces = ['', '0', '250', '10000'].map((value) => {
      const result = loadConfig({ ...good, BOT_PACE_MS: value });
      return result.ok ? result.config.botPaceMs : null;
    });
    expect(paces).toEqual([900, 0, 250, 10_000]);
  });

  it.each([
    [
      'a pace that is not a number',
      { ...good, BOT_PACE_MS: 'slow' },
      /^BOT_PACE_MS must be the milliseconds/,
    ],
    ['a negative pace', { ...good, BOT_PACE_MS: '-1' }, /^BOT_PACE_MS must be/],
    ['a pace past ten seconds', { ...good, BOT_PACE_MS: '10001' }, /^BOT_PACE_MS must be/],
    ['a missing token says where to find it', {}, /DISCORD_TOKEN is missing.*Bot > Reset Token/],
    ['an empty token is named as empty', { DISCORD_TOKEN: '  ' }, /DISCORD_TOKEN is empty: in https/],
    [
      'a malformed token is named',
      { DISCORD_TOKEN: 'not a token' },
      /DISCORD_TOKEN does not look like a bot token/,
    ],
    [
      'a missing application id says where to find it',
      {},
      /DISCORD_APPLICATION_ID is missing.*General Information/,
    ],
    ['a malformed application id', { DISCORD_APPLICATION_ID: '12ab' }, /17-20 digit Application ID/],
    ['a malformed dev guild id', { ...good, DISCORD_DEV_GUILD_ID: 'guild' }, /DISCORD_DEV_GUILD_ID must be/],
    ['an unknown log level', { ...good, LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of/],
    [
      'a metrics port of 0',
      { ...good, METRICS_PORT: '0' },
      /^METRICS_PORT must be the port .* from 1 to 65535/,
    ],
    ['a metrics port past 65535', { ...good, METRICS_PORT: '65536' }, /^METRICS_PORT must be/],
    ['a metrics port that is no number', { ...good, METRICS_PORT: 'nine' }, /^METRICS_PORT must be/],
    [
      'a metrics host with a space',
      { ...good, METRICS_PORT: '9464', METRICS_HOST: 'my host' },
      /^METRICS_HOST must be the address .* 127\.0\.0\.1 .* 0\.0\.0\.0/,
    ],
    [
      'a metrics host without a port',
      { ...good, METRICS_HOST: '0.0.0.0' },
      /^METRICS_HOST is set \(0\.0\.0\.0\) but METRICS_PORT is empty/,
    ],
    [
      'a hard budget that is not a number',
      { ...good, BOT_HARD_BUDGET_MS: 'fast' },
      /BOT_HARD_BUDGET_MS must be/,
    ],
    ['a hard budget out of bounds', { ...good, BOT_HARD_BUDGET_MS: '5' }, /BOT_HARD_BUDGET_MS must be/],
    [
      'an expert budget out of bounds',
      { ...good, BOT_EXPERT_BUDGET_MS: '90000' },
      /BOT_EXPERT_BUDGET_MS must be/,
    ],
    ['a fractional worker count', { ...good, BOT_WORKERS: '1.5' }, /BOT_WORKERS must be/],
    ['no workers', { ...good, BOT_WORKERS: '0' }, /BOT_WORKERS must be/],
    [
      'no shards',
      { ...good, SHARDS: '0' },
      /^SHARDS must be auto .* or left empty \(one process\) \(it is "0"\)$/,
    ],
    ['a fractional shard count', { ...good, SHARDS: '2.5' }, /^SHARDS must be auto/],
    ['too many shards', { ...good, SHARDS: '65' }, /^SHARDS must be auto .* from 1 to 64/],
    ['a word that is not auto', { ...good, SHARDS: 'many' }, /^SHARDS must be auto/],
    ['shard ids that are not a list', { ...good, SHARDS: '4', SHARD_IDS: 'first' }, /^SHARD_IDS must list/],
    ['a range backwards', { ...good, SHARDS: '4', SHARD_IDS: '3-1' }, /^SHARD_IDS must list/],
    ['a negative shard id', { ...good, SHARDS: '4', SHARD_IDS: '-1' }, /^SHARD_IDS must list/],
    ['shard ids without SHARDS', { ...good, SHARD_IDS: '0-1' }, /^SHARD_IDS needs SHARDS set to the number/],
    ['shard ids with SHARDS=auto', { ...good, SHARDS: 'auto', SHARD_IDS: '0' }, /not auto/],
    [
      'a shard id past SHARDS',
      { ...good, SHARDS: '4', SHARD_IDS: '2-5' },
      /^SHARD_IDS names shard 4, 5, but SHARDS=4 numbers them 0 to 3$/,
    ],
    [
      'a backup interval without a unit',
      { ...good, BACKUP_EVERY: '6' },
      /^BACKUP_EVERY must be how often .* such as 30m, 6h or 1d/,
    ],
    ['a backup interval in words', { ...good, BACKUP_EVERY: 'daily' }, /^BACKUP_EVERY must be/],
    [
      'a backup interval under a minute',
      { ...good, BACKUP_EVERY: '0m' },
      /^BACKUP_EVERY must be .*from 1m to 30d/,
    ],
    ['a backup interval past 30 days', { ...good, BACKUP_EVERY: '31d' }, /^BACKUP_EVERY must be/],
    [
      'no backups kept',
      { ...good, BACKUP_KEEP: '0' },
      /^BACKUP_KEEP must be how many of the bot's scheduled backups \(named <database>-auto-<time>\) to keep, .*; backups made by npm run backup are never removed \(it is "0"\)$/,
    ],
    ['a fractional number of backups', { ...good, BACKUP_KEEP: '2.5' }, /^BACKUP_KEEP must be/],
    [
      'an API address that is not the local Discord',
      { ...good, DISCORD_API_URL: 'http://10.0.0.5:8080/api' },
      /DISCORD_API_URL is only for the local Discord/,
    ],
  ])('%s', (_name, env, message) => {
    const result = loadConfig(env);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.join('\n')).toMatch(message);
  });

  it('never repeats the token in its messages', () => {
    const result = loadConfig({ ...good, DISCORD_APPLICATION_ID: 'x' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.join('\n')).not.toContain(good.DISCORD_TOKEN);
  });

  it('lists every problem at once', () => {
    const result = loadConfig({ LOG_LEVEL: 'loud' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems).toHaveLength(3);
  });

  it('lists the problems of settings that must agree with the others, not alone and not instead of them', () => {
    const disagree = { SHARD_IDS: '0-1', METRICS_HOST: '0.0.0.0' };
    const alone = loadConfig({ ...good, ...disagree });
    expect(alone.ok).toBe(false);
    if (!alone.ok)
      expect(alone.problems).toEqual([
        expect.stringMatching(/^SHARD_IDS needs SHARDS set to the number/),
        expect.stringMatching(/^METRICS_HOST is set \(0\.0\.0\.0\) but METRICS_PORT is empty/),
      ]);
    const withOthers = loadConfig({ LOG_LEVEL: 'loud', ...disagree });
    expect(withOthers.ok).toBe(false);
    if (!withOthers.ok) {
      expect(withOthers.problems).toHaveLength(5);
      expect(withOthers.problems.slice(3)).toEqual(!alone.ok ? alone.problems : []);
    }
    // A setting that is wrong by itself is named once, and not judged against the others.
    const badPort = loadConfig({ ...good, METRICS_PORT: 'nine', METRICS_HOST: '0.0.0.0' });
    expect(badPort.ok).toBe(false);
    if (!badPort.ok) expect(badPort.problems).toEqual([expect.stringMatching(/^METRICS_PORT must be/)]);
  });
});

describe('.env: which keys are missing or empty, and where', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'tichu-env-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  /** Reads `dir`/.env (if written) over `env`, as `npm start` does, and the report it prints. */
  function startWith(envText: string | null, env: Record<string, string> = {}) {
    if (envText !== null) writeFileSync(join(dir, '.env'), envText);
    const merged: Record<string, string | undefined> = { ...env };
    const file = readEnvFile(dir, merged);
    const result = loadConfig(merged, file);
    return {
      file,
      result,
      report: result.ok ? [] : problemReport('The bot cannot start', result.problems, file),
    };
  }

  it('no .env: says so with its path, and names both required keys as missing', () => {
    const { file, report } = startWith(null);
    expect(file.found).toBe(false);
    expect(report).toEqual([
      `The bot cannot start: there is no .env file at ${join(dir, '.env')}. Copy .env.example to .env there and fill it in (or set these in the environment):`,
      expect.stringMatching(/^ {2}- DISCORD_TOKEN is missing: /),
      expect.stringMatching(/^ {2}- DISCORD_APPLICATION_ID is missing: /),
    ]);
  });

  it('.env copied from .env.example and not filled in: both keys empty in .env, nothing else', () => {
    const example = readFileSync(join(import.meta.dirname, '..', '.env.example'), 'utf8');
    const { report } = startWith(example);
    expect(report).toEqual([
      `The bot cannot start until these are fixed in ${join(dir, '.env')}:`,
      expect.stringMatching(/^ {2}- DISCORD_TOKEN is empty in \.env: .*Bot > Reset Token/),
      expect.stringMatching(/^ {2}- DISCORD_APPLICATION_ID is empty in \.env: .*Application ID/),
    ]);
  });

  it('a partial .env: only the key that is absent is named', () => {
    const { result } = startWith(`DISCORD_TOKEN=${good.DISCORD_TOKEN}\n`);
    expect(result).toEqual({
      ok: false,
      problems: [expect.stringMatching(/^DISCORD_APPLICATION_ID is missing: /)],
    });
  });

  it('an empty variable in the environment wins over .env, and the message says so', () => {
    const { result } = startWith(
      `DISCORD_TOKEN=${good.DISCORD_TOKEN}\nDISCORD_APPLICATION_ID=${good.DISCORD_APPLICATION_ID}\n`,
      {
        DISCORD_TOKEN: '',
      },
    );
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.problems).toEqual([
        expect.stringMatching(
          /^DISCORD_TOKEN is set but empty in the environment, which wins over the value in \.env/,
        ),
      ]);
      expect(result.problems.join('\n')).not.toContain(good.DISCORD_TOKEN);
    }
  });

  it('a bad value is repeated with where it came from, and the first line names both places when one is in the environment', () => {
    const { report } = startWith(
      `DISCORD_TOKEN=${good.DISCORD_TOKEN}\nDISCORD_APPLICATION_ID=${good.DISCORD_APPLICATION_ID}\nBACKUP_EVERY=6 hours\n`,
      { METRICS_PORT: '70000' },
    );
    expect(report).toEqual([
      `The bot cannot start until these are fixed, each where it says (${join(dir, '.env')} or the environment):`,
      expect.stringMatching(/^ {2}- METRICS_PORT must be the port .* \(it is "70000" in the environment\)$/),
      expect.stringMatching(/^ {2}- BACKUP_EVERY must be how often .* \(it is "6 hours" in \.env\)$/),
    ]);
  });

  it('all in .env: the first line names .env; a value set in both says the environment wins', () => {
    const { report } = startWith(
      `DISCORD_TOKEN=${good.DISCORD_TOKEN}\nDISCORD_APPLICATION_ID=${good.DISCORD_APPLICATION_ID}\nLOG_LEVEL=loud\n`,
    );
    expect(report).toEqual([
      `The bot cannot start until these are fixed in ${join(dir, '.env')}:`,
      expect.stringMatching(/^ {2}- LOG_LEVEL must be one of .* \(it is "loud" in \.env\)$/),
    ]);
    const both = startWith(
      `DISCORD_TOKEN=${good.DISCORD_TOKEN}\nDISCORD_APPLICATION_ID=${good.DISCORD_APPLICATION_ID}\nSHARDS=2\n`,
      { SHARDS: 'many' },
    );
    expect(both.report[1]).toMatch(
      /^ {2}- SHARDS must be auto .* \(it is "many" in the environment, which wins over the value in \.env\)$/,
    );
  });

  it('never repeats the token, only where it is; a long value is cut', () => {
    const bad = `${'x'.repeat(30)}.not-a-token`;
    const { report } = startWith(
      `DISCORD_TOKEN=${bad}\nDISCORD_APPLICATION_ID=${good.DISCORD_APPLICATION_ID}\n`,
      {
        DATABASE_PATH: './data/t.sqlite',
        LOG_LEVEL: 'y'.repeat(100),
      },
    );
    expect(report.join('\n')).not.toContain(bad);
    expect(report).toContainEqual(
      expect.stringMatching(/^ {2}- DISCORD_TOKEN does not look like a bot token .* \(it is set in \.env\)$/),
    );
    expect(report).toContainEqual(
      `  - LOG_LEVEL must be one of fatal, error, warn, info, debug, trace (it is "${'y'.repeat(40)}…" in the environment)`,
    );
  });

  it('a full .env is read', () => {
    const { result } = startWith(
      `DISCORD_TOKEN=${good.DISCORD_TOKEN}\nDISCORD_APPLICATION_ID=${good.DISCORD_APPLICATION_ID}\n`,
    );
    expect(result.ok && result.config.applicationId).toBe(good.DISCORD_APPLICATION_ID);
  });
});
