import { describe, expect, it } from 'vitest';
import { DEFAULT_HARD_BUDGET_MS } from '../src/bots/registry.js';
import { loadConfig } from '../src/config.js';

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
        botWorkers: undefined,
      },
    });
  });

  it('reads the hard bots’ thinking time and thread count', () => {
    const result = loadConfig({ ...good, BOT_HARD_BUDGET_MS: ' 400 ', BOT_WORKERS: '3' });
    expect(result.ok && [result.config.hardBudgetMs, result.config.botWorkers]).toEqual([400, 3]);
  });

  it.each([
    ['a missing token says where to find it', {}, /DISCORD_TOKEN is missing.*Bot > Reset Token/],
    ['an empty token counts as missing', { DISCORD_TOKEN: '  ' }, /DISCORD_TOKEN is missing/],
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
      'a hard budget that is not a number',
      { ...good, BOT_HARD_BUDGET_MS: 'fast' },
      /BOT_HARD_BUDGET_MS must be/,
    ],
    ['a hard budget out of bounds', { ...good, BOT_HARD_BUDGET_MS: '5' }, /BOT_HARD_BUDGET_MS must be/],
    ['a fractional worker count', { ...good, BOT_WORKERS: '1.5' }, /BOT_WORKERS must be/],
    ['no workers', { ...good, BOT_WORKERS: '0' }, /BOT_WORKERS must be/],
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
});
