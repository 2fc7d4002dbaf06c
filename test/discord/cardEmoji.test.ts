/**
 * Deploying the card emoji against the local Discord: 56 uploads the first time, none the second,
 * exactly one replaced when one picture changes (its older emoji kept for a running bot until the
 * next deploy), other emoji untouched, the set stored for the bot; a refused upload leaves the
 * commands registered and each card its emoji where one exists; an emoji list Discord does not give
 * leaves the stored set alone; missing pictures leave text cards and the commands registered.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Routes } from 'discord.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Config, loadConfig } from '../../src/config.js';
import { deploy } from '../../src/deployCommands.js';
import { cardOfEmoji, emojiName } from '../../src/discord/cardEmoji.js';
import { type CardImage, loadCardImages } from '../../src/discord/cardImages.js';
import { cardsLabel, playLabel } from '../../src/discord/cardText.js';
import { facesFrom } from '../../src/discord/looks.js';
import type { CardEmoji } from '../../src/discord/ui.js';
import { type Card, type Combo, DECK } from '../../src/engine/index.js';
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

/** Uploads an emoji straight through the API, as someone in the Developer Portal (or an older deploy) would. */
async function upload(d: LocalDiscord, name: string): Promise<CardEmoji> {
  const response = await fetch(`${d.restUrl}/v10${Routes.applicationEmojis(d.applicationId)}`, {
    method: 'POST',
    headers: { authorization: `Bot ${d.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name, image: `data:image/png;base64,${IMAGES[0]?.png.toString('base64')}` }),
  });
  return (await response.json()) as CardEmoji;
}

/**
 * A way to the local Discord on which listing the application's emoji fails (403, as for a token of
 * another application); everything else passes through unchanged.
 */
async function refusingEmojiList(d: LocalDiscord): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      if (req.method === 'GET' && /\/applications\/\d+\/emojis$/.test(req.url ?? '')) {
        res.writeHead(403, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: 50001, message: 'Missing Access' }));
        return;
      }
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(([k]) => !['host', 'content-length', 'connection'].includes(k)),
      ) as Record<string, string>;
      const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
      const answer = await fetch(`http://127.0.0.1:${d.port}${req.url}`, {
        method: req.method,
        headers,
        body,
      });
      res.writeHead(answer.status, {
        'content-type': answer.headers.get('content-type') ?? 'application/json',
      });
      res.end(Buffer.from(await answer.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`, server };
}

describe('emoji names', () => {
  it('name each card readably after its picture’s hash, within Discord’s rules, and read back', () => {
    for (const image of IMAGES) {
      const name = emojiName(image.card, image.sha256);
      expect(name).toMatch(/^[A-Z][a-z]+_(?:[0-9JQKA]+_|Jong_)?[0-9a-f]{8}$/);
      expect(name.length).toBeGreaterThanOrEqual(2);
      expect(name.length).toBeLessThanOrEqual(19);
      expect(cardOfEmoji(name)).toBe(image.card);
    }
    expect(emojiName('Kst', 'ABCDEF0123456789')).toBe('Star_K_abcdef01');
    expect(emojiName('10pg', 'ABCDEF0123456789')).toBe('Pagoda_10_abcdef01');
    expect(emojiName('mahjong', 'ABCDEF0123456789')).toBe('Mah_Jong_abcdef01');
    expect(emojiName('dragon', 'ABCDEF0123456789')).toBe('Dragon_abcdef01');
    // The earlier scheme is still read as ours, so that a deploy cleans it up.
    expect(cardOfEmoji('tc_Kst_1a2b3c4d')).toBe('Kst');
    expect(cardOfEmoji('tc_Xst_12345678')).toBeNull();
    expect(cardOfEmoji('Star_X_12345678')).toBeNull();
    expect(cardOfEmoji('Star_K')).toBeNull();
    expect(cardOfEmoji('club_logo')).toBeNull();
  });
});

describe('deploy', () => {
  it('uploads 56 the first time, keeps them the second, replaces exactly the redrawn one; stores the set', async () => {
    discord = await LocalDiscord.start();
    const { guild } = discord.addGuild('Deploy');
    const config = configFor(discord, guild.id);
    // Emoji that are not ours' current cards: left alone (the second is not a card at all).
    await upload(discord, 'club_logo');
    await upload(discord, 'tc_joker_12345678');

    expect(await deploy(config, () => IMAGES, out)).toBe(0);
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
    expect(await deploy(config, () => IMAGES, out)).toBe(0);
    expect(lines).toContain('Card emoji: kept 56, uploaded 0, replaced 0.');
    expect(emojiCalls(discord, 'POST')).toHaveLength(postsBefore);
    expect(emojiCalls(discord, 'DELETE')).toHaveLength(0);
    expect(stored(discord.applicationId)).toEqual(first);

    lines = [];
    const changed = IMAGES.map((image) => (image.card === 'Kst' ? redrawn(image) : image));
    expect(await deploy(config, () => changed, out)).toBe(0);
    expect(lines).toContain('Card emoji: kept 55, uploaded 0, replaced 1.');
    expect(lines.join('\n')).toMatch(/new card art after a restart \(npm start\)/);
    expect(emojiCalls(discord, 'POST')).toHaveLength(postsBefore + 1);
    const third = stored(discord.applicationId);
    expect(third.get('Kst')?.id).not.toBe(first.get('Kst')?.id);
    expect(third.get('Kst')?.name).toBe(
      emojiName('Kst', (changed.find((i) => i.card === 'Kst') as CardImage).sha256),
    );
    for (const card of DECK) if (card !== 'Kst') expect(third.get(card)).toEqual(first.get(card));
    // A bot started before this deploy still shows the old Kst: it stays until the next deploy.
    expect(emojiCalls(discord, 'DELETE')).toHaveLength(0);
    const names = () => discord.applicationEmojis().map((e) => e.name);
    expect(names()).toHaveLength(59);
    expect(names()).toContain(first.get('Kst')?.name);

    // The next deploy deletes it (no set uses it any more), and only it.
    lines = [];
    expect(await deploy(config, () => changed, out)).toBe(0);
    expect(lines).toContain('Card emoji: kept 56, uploaded 0, replaced 0; deleted 1 no longer in use.');
    expect(emojiCalls(discord, 'POST')).toHaveLength(postsBefore + 1);
    expect(emojiCalls(discord, 'DELETE')).toHaveLength(1);
    expect(stored(discord.applicationId)).toEqual(third);
    expect(names()).toHaveLength(58);
    expect(names()).toContain('club_logo');
    expect(names()).toContain('tc_joker_12345678');
    expect(names()).not.toContain(first.get('Kst')?.name);

    // And from then on nothing changes.
    lines = [];
    expect(await deploy(config, () => changed, out)).toBe(0);
    expect(lines).toContain('Card emoji: kept 56, uploaded 0, replaced 0.');
    expect(emojiCalls(discord, 'POST')).toHaveLength(postsBefore + 1);
    expect(emojiCalls(discord, 'DELETE')).toHaveLength(1);
  });

  it('emoji of the earlier naming scheme stay while stored for a running bot, and go the deploy after', async () => {
    discord = await LocalDiscord.start();
    const config = configFor(discord);
    // What a deploy of the earlier scheme left: every card as tc_<card>_<hash>, stored for the bot.
    const earlier = new Map<string, CardEmoji>();
    for (const image of IMAGES)
      earlier.set(image.card, await upload(discord, `tc_${image.card}_${image.sha256.slice(0, 8)}`));
    const store = Store.open(join(dir, 'tichu.sqlite'));
    store.emoji.replaceCardEmoji(discord.applicationId, earlier);
    store.close();

    expect(await deploy(config, () => IMAGES, out)).toBe(0);
    expect(lines).toContain('Card emoji: kept 0, uploaded 0, replaced 56.');
    expect(discord.applicationEmojis()).toHaveLength(112);
    lines = [];
    expect(await deploy(config, () => IMAGES, out)).toBe(0);
    expect(lines).toContain('Card emoji: kept 56, uploaded 0, replaced 0; deleted 56 no longer in use.');
    expect(discord.applicationEmojis().map((e) => e.name)).toEqual(
      IMAGES.map((i) => emojiName(i.card, i.sha256)),
    );
    expect(problems).toEqual([]);
  });

  it('a refused upload (the limit) is said in plain words; the commands are registered; the bot shows text cards', async () => {
    discord = await LocalDiscord.start({ applicationEmojiLimit: 10 });
    const config = configFor(discord);
    expect(await deploy(config, () => IMAGES, out)).toBe(0);
    expect(discord.hub.world.commands.get('global')?.length).toBeGreaterThan(0);
    expect(lines).toContain('Card emoji: kept 0, uploaded 10, replaced 0.');
    expect(problems[0]).toMatch(
      /^Discord refused the emoji for \w+ \(\w+_[0-9a-f]{8}\): the application has as many emoji as Discord allows/,
    );
    expect(problems.at(-1)).toMatch(/Only 10 of 56 cards have their emoji: the bot shows cards as text/);
    // One refusal stops the uploads: no 46 more doomed ones.
    expect(emojiCalls(discord, 'POST')).toHaveLength(11);
    const partial = stored(discord.applicationId);
    expect(partial.size).toBe(10);
    expect(facesFrom(partial)).toBeNull();
    const ui = { lang: 'en' as const, faces: facesFrom(partial) };
    expect(cardsLabel(['Kst', 'dragon'], ui)).toBe('🔴K 🐉 Dragon');
  });

  it('after a refused upload, the cards whose emoji are there keep them, and a redrawn card its older one', async () => {
    discord = await LocalDiscord.start();
    const config = configFor(discord);
    expect(await deploy(config, () => IMAGES, out)).toBe(0);
    const first = stored(discord.applicationId);
    // Early in the deck a picture Discord refuses (too big), later one it would take: neither goes up.
    const [refused, skipped] = [DECK[4], DECK[40]] as [Card, Card];
    const changed = IMAGES.map((image) =>
      image.card === refused
        ? { ...redrawn(image), png: Buffer.concat([image.png, Buffer.alloc(300 * 1024)]) }
        : image.card === skipped
          ? redrawn(image)
          : image,
    );
    lines = [];
    const postsBefore = emojiCalls(discord, 'POST').length;
    expect(await deploy(config, () => changed, out)).toBe(0);
    expect(problems[0]).toMatch(
      new RegExp(`^Discord refused the emoji for ${refused} .*BINARY_TYPE_MAX_SIZE`),
    );
    expect(problems).toContainEqual(expect.stringMatching(/^2 of 56 cards keep their older picture/));
    expect(lines).toContain('Card emoji: kept 54, uploaded 0, replaced 0.');
    expect(emojiCalls(discord, 'POST')).toHaveLength(postsBefore + 1);
    // Every card still has its emoji: the bot keeps showing pictures.
    const after = stored(discord.applicationId);
    expect(after).toEqual(first);
    expect(facesFrom(after)?.size).toBe(56);
  });

  it('a picture Discord refuses (too big) leaves text cards, and the next deploy completes the set', async () => {
    discord = await LocalDiscord.start();
    const config = configFor(discord);
    const huge = IMAGES.map((image) =>
      image.card === '7pg'
        ? { ...redrawn(image), png: Buffer.concat([image.png, Buffer.alloc(300 * 1024)]) }
        : image,
    );
    expect(await deploy(config, () => huge, out)).toBe(0);
    expect(problems[0]).toMatch(/Discord refused the emoji for 7pg .*400 50035.*BINARY_TYPE_MAX_SIZE/);
    expect(facesFrom(stored(discord.applicationId))).toBeNull();
    lines = [];
    problems = [];
    expect(await deploy(config, () => IMAGES, out)).toBe(0);
    expect(problems).toEqual([]);
    expect(facesFrom(stored(discord.applicationId))?.size).toBe(56);
  });

  it('when Discord does not list the emoji, the stored set is kept as it was, and the deploy says so', async () => {
    discord = await LocalDiscord.start();
    const config = configFor(discord);
    expect(await deploy(config, () => IMAGES, out)).toBe(0);
    const first = stored(discord.applicationId);
    const proxy = await refusingEmojiList(discord);
    try {
      lines = [];
      const changed = IMAGES.map((image) => (image.card === 'Kst' ? redrawn(image) : image));
      expect(await deploy({ ...config, apiUrl: proxy.url }, () => changed, out)).toBe(0);
      expect(lines.some((l) => l.startsWith('Registered'))).toBe(true);
      expect(problems[0]).toMatch(
        /^Could not list the application's emoji: Discord denied access \(403 50001\)/,
      );
      expect(problems).toContainEqual(
        expect.stringMatching(/^The card emoji stored before are kept as they were/),
      );
      expect(stored(discord.applicationId)).toEqual(first);
      expect(emojiCalls(discord, 'POST')).toHaveLength(56);
      expect(emojiCalls(discord, 'DELETE')).toHaveLength(0);
    } finally {
      await new Promise((resolve) => proxy.server.close(resolve));
    }
  });

  it('missing card pictures: the commands are registered first, the deploy says what to run, exits 0, touches no emoji', async () => {
    discord = await LocalDiscord.start();
    const config = configFor(discord);
    const missing = () => {
      throw new Error("ENOENT: no such file or directory, open 'assets/cards/png/Kst.png'");
    };
    expect(await deploy(config, missing, out)).toBe(0);
    expect(discord.hub.world.commands.get('global')?.length).toBeGreaterThan(0);
    expect(lines.some((l) => l.startsWith('Registered'))).toBe(true);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^Card pictures missing or unreadable \(ENOENT.*\): run npm run cards/);
    expect(emojiCalls(discord, 'GET')).toHaveLength(0);
    expect(stored(discord.applicationId).size).toBe(0);
  });

  it('a failed registration fails the deploy before any emoji is touched', async () => {
    discord = await LocalDiscord.start();
    const config = { ...configFor(discord), discordToken: 'bad.token.here' };
    expect(await deploy(config, () => IMAGES, out)).toBe(1);
    expect(problems[0]).toMatch(/^Could not register the commands/);
    expect(emojiCalls(discord, 'GET')).toHaveLength(0);
  });
});

describe('a special card played, with card emoji', () => {
  const faces = new Map<Card, CardEmoji>(
    DECK.map((card, i) => [
      card,
      { id: String(1_300_000_000_000_000_000n + BigInt(i)), name: emojiName(card, 'ab'.repeat(4)) },
    ]),
  );
  const single = (card: Card, rank: number): Combo => ({ type: 'single', cards: [card], rank });

  it('keeps its name beside its emoji, in the reader’s language, for a screen reader', () => {
    const dragon = faces.get('dragon') as CardEmoji;
    expect(playLabel(single('dragon', 30), { lang: 'en', faces })).toBe(
      `<:${dragon.name}:${dragon.id}> Dragon`,
    );
    expect(playLabel(single('dragon', 30), { lang: 'de', faces })).toMatch(
      new RegExp(`^<:${dragon.name}:${dragon.id}> Drache$`),
    );
    const dog = faces.get('dog') as CardEmoji;
    expect(playLabel({ type: 'dog', cards: ['dog'], rank: 0 }, { lang: 'en', faces })).toBe(
      `<:${dog.name}:${dog.id}> Dog`,
    );
    const mahjong = faces.get('mahjong') as CardEmoji;
    expect(playLabel(single('mahjong', 2), { lang: 'en', faces })).toBe(
      `<:${mahjong.name}:${mahjong.id}> Mah Jong`,
    );
    // Without emoji, as before: the symbol and the name.
    expect(playLabel(single('dragon', 30), { lang: 'en', faces: null })).toBe('🐉 Dragon');
  });
});
