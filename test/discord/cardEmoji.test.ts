/**
 * Deploying the card emoji against the local Discord: 56 uploads the first time, none the second,
 * exactly one replaced when one picture changes, other emoji untouched, the set stored for the bot;
 * a refused upload leaves text cards and the commands registered.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Routes } from 'discord.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Config, loadConfig } from '../../src/config.js';
import { deploy } from '../../src/deployCommands.js';
import { cardOfEmoji, emojiName } from '../../src/discord/cardEmoji.js';
import { type CardImage, loadCardImages } from '../../src/discord/cardImages.js';
import { cardsLabel } from '../../src/discord/cardText.js';
import { facesFrom } from '../../src/discord/looks.js';
import { DECK } from '../../src/engine/index.js';
import { LocalDiscord } from '../../src/localDiscord/index.js';
import { Store } from '../../src/store/store.js';

const IMAGES = [...loadCardImages().values()];

let dir: string;
let discord: LocalDiscord;
let lines: string[];
let problems: string[];
const out = { say: (l: string) => lines.push(l), warn: (l: string) => problems.push(l) };

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tichu-emoji-'));
  lines = [];
  problems = [];
});
afterEach(async () => {
  await discord?.close();
  rmSync(dir, { recursive: true, force: true });
});

function configFor(d: LocalDiscord, guildId?: string): Config {
  const result = loadConfig({
    DISCORD_TOKEN: d.token,
    DISCORD_APPLICATION_ID: d.applicationId,
    DISCORD_API_URL: d.restUrl,
    DATABASE_PATH: join(dir, 'tichu.sqlite'),
    ...(guildId ? { DISCORD_DEV_GUILD_ID: guildId } : {}),
  });
  if (!result.ok) throw new Error(result.problems.join('; '));
  return result.config;
}

function stored(applicationId: string) {
  const store = Store.open(join(dir, 'tichu.sqlite'));
  try {
    return store.emoji.cardEmoji(applicationId);
  } finally {
    store.close();
  }
}

/** The same card with other art: another PNG, another hash. */
function redrawn(image: CardImage): CardImage {
  const png = Buffer.concat([image.png, Buffer.from('new art')]);
  return { card: image.card, png, sha256: createHash('sha256').update(png).digest('hex') };
}

const emojiCalls = (d: LocalDiscord, method: string) =>
  d.calls.filter((c) => c.method === method && c.route.startsWith('/applications/:app/emojis'));

describe('emoji names', () => {
  it('name each card after its picture’s hash, within Discord’s rules, and read back', () => {
    for (const image of IMAGES) {
      const name = emojiName(image.card, image.sha256);
      expect(name).toMatch(/^tc_\w+_[0-9a-f]{8}$/);
      expect(name.length).toBeLessThanOrEqual(32);
      expect(cardOfEmoji(name)).toBe(image.card);
    }
    expect(emojiName('Kst', 'ABCDEF0123456789')).toBe('tc_Kst_abcdef01');
    expect(cardOfEmoji('tc_Xst_12345678')).toBeNull();
    expect(cardOfEmoji('club_logo')).toBeNull();
  });
});

describe('deploy', () => {
  it('uploads 56 the first time, keeps them the second, replaces exactly the redrawn one; stores the set', async () => {
    discord = await LocalDiscord.start();
    const { guild } = discord.addGuild('Deploy');
    const config = configFor(discord, guild.id);
    // Emoji that are not ours' current cards: left alone (the second is not a card at all).
    const post = (name: string) =>
      fetch(`${discord.restUrl}/v10${Routes.applicationEmojis(discord.applicationId)}`, {
        method: 'POST',
        headers: { authorization: `Bot ${discord.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name, image: `data:image/png;base64,${IMAGES[0]?.png.toString('base64')}` }),
      });
    await post('club_logo');
    await post('tc_joker_12345678');

    expect(await deploy(config, IMAGES, out)).toBe(0);
    expect(lines).toContain('Card emoji: kept 0, uploaded 56, replaced 0.');
    expect(lines.some((l) => l.startsWith('Registered'))).toBe(true);
    expect(problems).toEqual([]);
    expect(emojiCalls(discord, 'POST').filter((c) => c.status === 201)).toHaveLength(58);
    const first = stored(discord.applicationId);
    expect(first.size).toBe(56);
    for (const image of IMAGES) expect(first.get(image.card)?.name).toBe(emojiName(image.card, image.sha256));
    const faces = facesFrom(first);
    expect(faces?.size).toBe(56);
    // Every stored id is an emoji the application owns.
    const owned = new Set(discord.applicationEmojis().map((e) => e.id));
    for (const emoji of first.values()) expect(owned.has(emoji.id)).toBe(true);

    lines = [];
    const postsBefore = emojiCalls(discord, 'POST').length;
    expect(await deploy(config, IMAGES, out)).toBe(0);
    expect(lines).toContain('Card emoji: kept 56, uploaded 0, replaced 0.');
    expect(emojiCalls(discord, 'POST')).toHaveLength(postsBefore);
    expect(emojiCalls(discord, 'DELETE')).toHaveLength(0);
    expect(stored(discord.applicationId)).toEqual(first);

    lines = [];
    const changed = IMAGES.map((image) => (image.card === 'Kst' ? redrawn(image) : image));
    expect(await deploy(config, changed, out)).toBe(0);
    expect(lines).toContain('Card emoji: kept 55, uploaded 0, replaced 1.');
    expect(emojiCalls(discord, 'POST')).toHaveLength(postsBefore + 1);
    expect(emojiCalls(discord, 'DELETE')).toHaveLength(1);
    const third = stored(discord.applicationId);
    expect(third.get('Kst')?.id).not.toBe(first.get('Kst')?.id);
    expect(third.get('Kst')?.name).toBe(
      emojiName('Kst', (changed.find((i) => i.card === 'Kst') as CardImage).sha256),
    );
    for (const card of DECK) if (card !== 'Kst') expect(third.get(card)).toEqual(first.get(card));
    const names = discord.applicationEmojis().map((e) => e.name);
    expect(names).toHaveLength(58);
    expect(names).toContain('club_logo');
    expect(names).toContain('tc_joker_12345678');
    expect(names).not.toContain(first.get('Kst')?.name);
  });

  it('a refused upload (the limit) is said in plain words; the commands are registered; the bot shows text cards', async () => {
    discord = await LocalDiscord.start({ applicationEmojiLimit: 10 });
    const config = configFor(discord);
    expect(await deploy(config, IMAGES, out)).toBe(0);
    expect(discord.hub.world.commands.get('global')?.length).toBeGreaterThan(0);
    expect(lines).toContain('Card emoji: kept 0, uploaded 10, replaced 0.');
    expect(problems[0]).toMatch(
      /^Discord refused the emoji for \w+ \(tc_\w+\): the application has as many emoji as Discord allows/,
    );
    expect(problems.at(-1)).toMatch(/Only 10 of 56 cards have their emoji: the bot shows cards as text/);
    // One refusal stops the run: no 46 more doomed uploads.
    expect(emojiCalls(discord, 'POST')).toHaveLength(11);
    const partial = stored(discord.applicationId);
    expect(partial.size).toBe(10);
    expect(facesFrom(partial)).toBeNull();
    const ui = { lang: 'en' as const, faces: facesFrom(partial) };
    expect(cardsLabel(['Kst', 'dragon'], ui)).toBe('🔴K 🐉 Dragon');
  });

  it('a picture Discord refuses (too big) leaves text cards, and the next deploy completes the set', async () => {
    discord = await LocalDiscord.start();
    const config = configFor(discord);
    const huge = IMAGES.map((image) =>
      image.card === '7pg'
        ? { ...redrawn(image), png: Buffer.concat([image.png, Buffer.alloc(300 * 1024)]) }
        : image,
    );
    expect(await deploy(config, huge, out)).toBe(0);
    expect(problems[0]).toMatch(/Discord refused the emoji for 7pg .*400 50035.*BINARY_TYPE_MAX_SIZE/);
    expect(facesFrom(stored(discord.applicationId))).toBeNull();
    lines = [];
    problems = [];
    expect(await deploy(config, IMAGES, out)).toBe(0);
    expect(problems).toEqual([]);
    expect(facesFrom(stored(discord.applicationId))?.size).toBe(56);
  });

  it('a failed registration fails the deploy before any emoji is touched', async () => {
    discord = await LocalDiscord.start();
    const config = { ...configFor(discord), discordToken: 'bad.token.here' };
    expect(await deploy(config, IMAGES, out)).toBe(1);
    expect(problems[0]).toMatch(/^Could not register the commands/);
    expect(emojiCalls(discord, 'GET')).toHaveLength(0);
  });
});
