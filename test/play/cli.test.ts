/**
 * `npm run play`'s card emoji: each run has a new local Discord, so the emoji ids stored by an earlier
 * run are unknown to it. With `--text-cards` none are stored (the bot shows text cards, which the
 * local Discord accepts); with pictures, only this run's.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emojiName } from '../../src/discord/cardEmoji.js';
import { facesFrom } from '../../src/discord/looks.js';
import { DECK } from '../../src/engine/index.js';
import { LocalDiscord } from '../../src/localDiscord/index.js';
import {
  type Args,
  addPeople,
  parseArgs,
  playLogLevel,
  storeCardEmoji,
  UsageError,
} from '../../src/play/cli.js';
import { Store } from '../../src/store/store.js';

const APP = '1000000000000000001';
let dir: string;
let database: string;
let discord: LocalDiscord | undefined;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tichu-play-cli-'));
  database = join(dir, 'play.sqlite');
  // What an earlier run with pictures left: 56 emoji of a local Discord that is gone.
  const store = Store.open(database);
  store.emoji.replaceCardEmoji(
    APP,
    new Map(
      DECK.map((card, i) => [
        card,
        { id: String(1_200_000_000_000_000_000n + BigInt(i)), name: emojiName(card, 'a'.repeat(8)) },
      ]),
    ),
  );
  store.close();
});
afterEach(async () => {
  await discord?.close();
  discord = undefined;
  rmSync(dir, { recursive: true, force: true });
});

function stored() {
  const store = Store.open(database);
  try {
    return store.emoji.cardEmoji(APP);
  } finally {
    store.close();
  }
}

describe('npm run play: the card emoji stored for the bot', () => {
  it('with --text-cards, clears those of an earlier run: the bot shows text cards', async () => {
    discord = await LocalDiscord.start({ applicationId: APP });
    await storeCardEmoji(discord, database, false);
    expect(stored().size).toBe(0);
    expect(facesFrom(stored())).toBeNull();
    expect(discord.applicationEmojis()).toHaveLength(0);
  });

  it('with pictures, stores this run’s emoji only, each one the local Discord knows', async () => {
    discord = await LocalDiscord.start({ applicationId: APP });
    await storeCardEmoji(discord, database, true);
    const faces = stored();
    expect(facesFrom(faces)?.size).toBe(56);
    const owned = new Set(discord.applicationEmojis().map((e) => e.id));
    for (const emoji of faces.values()) expect(owned.has(emoji.id)).toBe(true);
  });
});

describe('npm run play: the page’s people', () => {
  it('are called by names (the bot says "Ann passes", never "You passes"), all in the page’s language', async () => {
    discord = await LocalDiscord.start({ applicationId: APP });
    const people = addPeople(discord, 'de');
    const world = discord.hub.world;
    expect(people.map((p) => world.users.get(p.id)?.globalName)).toEqual(['Ann', 'Ben', 'Cat', 'Dan']);
    expect(people.map((p) => world.users.get(p.id)?.locale)).toEqual(['de', 'de', 'de', 'de']);
  });
});

describe('npm run play -- --users N', () => {
  it('makes N people (4 to 12) with fixed ids, the first four as before', async () => {
    discord = await LocalDiscord.start({ applicationId: APP });
    const people = addPeople(discord, 'en-US', 8);
    const world = discord.hub.world;
    expect(people.map((p) => world.users.get(p.id)?.globalName)).toEqual([
      'Ann',
      'Ben',
      'Cat',
      'Dan',
      'Eve',
      'Fay',
      'Gus',
      'Hal',
    ]);
    expect(people.map((p) => p.id)).toEqual(
      Array.from({ length: 8 }, (_, i) => `10000000000000000${11 + i}`),
    );
  });

  it('reads --users N and --users=N, 4 by default', () => {
    const users = (argv: string[]) => (parseArgs(argv) as Args).users;
    expect(users([])).toBe(4);
    expect(users(['--users', '8'])).toBe(8);
    expect(users(['--users=12', '--fresh'])).toBe(12);
    expect(users(['--users', '4'])).toBe(4);
  });

  it('refuses a bad count in one line', () => {
    for (const bad of [
      ['--users', '3'],
      ['--users', '13'],
      ['--users=8.5'],
      ['--users', 'eight'],
      ['--users'],
    ]) {
      expect(() => parseArgs(bad)).toThrow(UsageError);
      expect(() => parseArgs(bad)).toThrow(
        /^--users wants a whole number from 4 to 12 \(the page's people\), not "[^\n]*"\.$/,
      );
    }
  });

  it('exits with code 2 after saying what is wrong, before starting anything', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/play/cli.ts', '--users', '2'], {
      cwd: join(import.meta.dirname, '..', '..'),
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(2);
    expect(run.stderr.trim()).toBe(
      '--users wants a whole number from 4 to 12 (the page\'s people), not "2".',
    );
    expect(run.stdout).toBe('');
  });
});

describe('the bot’s log level on the play page', () => {
  it('is LOG_LEVEL from the environment, else from .env, else warn', () => {
    const root = mkdtempSync(join(tmpdir(), 'tichu-play-env-'));
    try {
      expect(playLogLevel({}, root)).toBe('warn');
      writeFileSync(join(root, '.env'), 'LOG_LEVEL=info\nDATABASE_PATH=./data/tichu.sqlite\n');
      expect(playLogLevel({}, root)).toBe('info');
      expect(playLogLevel({ LOG_LEVEL: 'debug' }, root)).toBe('debug');
      expect(playLogLevel({ LOG_LEVEL: '' }, root)).toBe('info');
      // Reading .env leaves the page's own environment alone.
      expect(process.env.DATABASE_PATH).not.toBe('./data/tichu.sqlite');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
