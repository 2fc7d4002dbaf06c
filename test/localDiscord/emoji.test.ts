/** Application emoji in the local Discord: the routes and their errors, and unknown emoji refused in payloads. */
import { Routes } from 'discord.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LocalDiscord } from '../../src/localDiscord/index.js';
import {
  apiError,
  type DiscordFixture,
  raw,
  refusedWith,
  startDiscordFixture,
  testCommands,
  WAIT_MS,
  within,
} from '../support/discordFixture.js';

interface Emoji {
  readonly id: string;
  readonly name: string;
  readonly animated: boolean;
  readonly require_colons: boolean;
  readonly user?: { id: string };
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const png = (bytes = 200) => Buffer.concat([PNG, Buffer.alloc(bytes, 7)]);
const dataUri = (data: Buffer, type = 'image/png') => `data:${type};base64,${data.toString('base64')}`;

let fx: DiscordFixture;
beforeAll(async () => {
  fx = await startDiscordFixture({ guildCommands: testCommands() });
});
afterEach(() => fx?.forgetPending());
afterAll(() => fx?.close());

const app = () => fx.discord.applicationId;
const create = (name: string, image = dataUri(png())) =>
  fx.rest.post(Routes.applicationEmojis(app()), { body: { name, image } }) as Promise<Emoji>;
const list = async () =>
  ((await fx.rest.get(Routes.applicationEmojis(app()))) as { items: Emoji[] }).items.map((e) => e.name);

/** The `_errors` codes at a path of a 50035 error body. */
function codesAt(error: { rawError: unknown }, ...path: Array<string | number>): string[] {
  let node = (error.rawError as { errors?: Record<string, unknown> }).errors as Record<string, unknown>;
  for (const key of path) node = (node?.[String(key)] ?? {}) as Record<string, unknown>;
  return ((node?._errors as Array<{ code: string }> | undefined) ?? []).map((e) => e.code);
}

describe('application emoji routes', () => {
  it('create, list, get, rename and delete, in Discord’s shapes', async () => {
    const made = await create('tc_Kst_1a2b3c4d');
    expect(made).toMatchObject({ name: 'tc_Kst_1a2b3c4d', animated: false, require_colons: true });
    expect(made.id).toMatch(/^\d{17,19}$/);
    expect(made.user?.id).toBe(app());
    expect(await list()).toContain('tc_Kst_1a2b3c4d');
    const got = (await fx.rest.get(Routes.applicationEmoji(app(), made.id))) as Emoji;
    expect(got.name).toBe('tc_Kst_1a2b3c4d');
    const renamed = (await fx.rest.patch(Routes.applicationEmoji(app(), made.id), {
      body: { name: 'tc_Kst_renamed' },
    })) as Emoji;
    expect(renamed).toMatchObject({ id: made.id, name: 'tc_Kst_renamed' });
    expect(fx.discord.applicationEmojis().find((e) => e.id === made.id)?.name).toBe('tc_Kst_renamed');
    await fx.rest.delete(Routes.applicationEmoji(app(), made.id));
    expect(await list()).not.toContain('tc_Kst_renamed');
  });

  it('serves an emoji’s picture where Discord’s CDN would', async () => {
    const picture = png(50);
    const made = await create('served', dataUri(picture));
    const response = await fetch(fx.discord.emojiUrl(made.id));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(picture);
    expect((await fetch(fx.discord.emojiUrl('123456789012345678'))).status).toBe(404);
  });

  it.each([
    ['too short', 'a', 'BASE_TYPE_BAD_LENGTH'],
    ['too long', 'x'.repeat(33), 'BASE_TYPE_BAD_LENGTH'],
    ['a dash', 'tc-Kst', 'STRING_TYPE_REGEX'],
    ['a space', 'tc Kst', 'STRING_TYPE_REGEX'],
  ])('refuses a name with %s: 400 50035 on name', async (_what, name, code) => {
    const error = await refusedWith(create(name));
    expect(error.status).toBe(400);
    expect(error.code).toBe(50035);
    expect(codesAt(error, 'name')).toEqual([code]);
  });

  it('refuses a name already taken, and a rename onto one', async () => {
    const first = await create('taken_name');
    const error = await refusedWith(create('taken_name'));
    expect(error.code).toBe(50035);
    expect(codesAt(error, 'name')).toEqual(['APPLICATION_EMOJI_NAME_ALREADY_TAKEN']);
    const other = await create('other_name');
    const rename = await refusedWith(
      fx.rest.patch(Routes.applicationEmoji(app(), other.id), { body: { name: 'taken_name' } }),
    );
    expect(codesAt(rename, 'name')).toEqual(['APPLICATION_EMOJI_NAME_ALREADY_TAKEN']);
    await fx.rest.delete(Routes.applicationEmoji(app(), first.id));
    await fx.rest.delete(Routes.applicationEmoji(app(), other.id));
  });

  it('refuses a picture over 256 KiB, and one that is not an image', async () => {
    const big = await refusedWith(create('too_big', dataUri(png(256 * 1024))));
    expect(big.status).toBe(400);
    expect(big.code).toBe(50035);
    expect(codesAt(big, 'image')).toEqual(['BINARY_TYPE_MAX_SIZE']);
    // Exactly 256 KiB is allowed.
    const atLimit = await create('at_limit', dataUri(png(256 * 1024 - PNG.length)));
    await fx.rest.delete(Routes.applicationEmoji(app(), atLimit.id));
    for (const image of [
      'not a data uri',
      dataUri(Buffer.from('plain text')),
      'data:text/plain;base64,AAAA',
    ]) {
      const error = await refusedWith(create('not_image', image));
      expect(codesAt(error, 'image')).toEqual(['IMAGE_INVALID']);
    }
    expect(await list()).not.toContain('too_big');
  });

  it('answers an unknown emoji with 404 10014, another application’s with 403 50001', async () => {
    for (const request of [
      fx.rest.get(Routes.applicationEmoji(app(), '123456789012345678')),
      fx.rest.patch(Routes.applicationEmoji(app(), '123456789012345678'), { body: { name: 'abc' } }),
      fx.rest.delete(Routes.applicationEmoji(app(), '123456789012345678')),
    ]) {
      const error = await refusedWith(request);
      expect([error.status, error.code]).toEqual([404, 10014]);
    }
    const other = await refusedWith(fx.rest.get(Routes.applicationEmojis('123456789012345678')));
    expect([other.status, other.code]).toEqual([403, 50001]);
  });

  it('refuses an emoji past the application’s limit with 400 30008', async () => {
    const discord = await LocalDiscord.start({ applicationEmojiLimit: 2 });
    const { REST } = await import('discord.js');
    const rest = new REST({ api: discord.restUrl, retries: 0 }).setToken(discord.token);
    try {
      const post = (name: string) =>
        rest.post(Routes.applicationEmojis(discord.applicationId), { body: { name, image: dataUri(png()) } });
      await post('one');
      await post('two');
      const error = await refusedWith(post('three'));
      expect([error.status, error.code]).toEqual([400, 30008]);
      expect(discord.applicationEmojis().map((e) => e.name)).toEqual(['one', 'two']);
    } finally {
      rest.clearHashSweeper();
      rest.clearHandlerSweeper();
      await discord.close();
    }
  });
});

describe('custom emoji in payloads', () => {
  const UNKNOWN = '<:tc_Kst_00000000:123456789012345678>';

  it('refuses an unknown custom emoji in content and embeds, accepts a known one', async () => {
    const channel = fx.textChannel();
    const known = await create('tc_Ajd_1a2b3c4d');
    const mine = `<:${known.name}:${known.id}>`;
    const sent = await within(channel.send(`Your hand: ${mine} 🟢7`), WAIT_MS, 'send');
    expect(sent.content).toBe(`Your hand: ${mine} 🟢7`);
    const inContent = await refusedWith(channel.send(`Your hand: ${mine} ${UNKNOWN}`));
    expect([inContent.status, inContent.code]).toEqual([400, 50035]);
    expect(codesAt(inContent, 'content')).toEqual(['UNKNOWN_CUSTOM_EMOJI']);
    const inEmbed = await refusedWith(channel.send({ embeds: [{ description: `led ${UNKNOWN}` }] }));
    expect(codesAt(inEmbed, 'embeds', 0, 'description')).toEqual(['UNKNOWN_CUSTOM_EMOJI']);
    const inField = await refusedWith(
      channel.send({ embeds: [{ fields: [{ name: 'Trick', value: `<a:spin:123456789012345678>` }] }] }),
    );
    expect(codesAt(inField, 'embeds', 0, 'fields', 0, 'value')).toEqual(['UNKNOWN_CUSTOM_EMOJI']);
    // An edit is checked too; a deleted emoji is unknown from then on.
    const edit = await refusedWith(sent.edit(`now ${UNKNOWN}`));
    expect(edit.code).toBe(50035);
    await fx.rest.delete(Routes.applicationEmoji(app(), known.id));
    const gone = await refusedWith(channel.send(mine));
    expect(codesAt(gone, 'content')).toEqual(['UNKNOWN_CUSTOM_EMOJI']);
  });

  it('names no emoji in its refusal (the bot logs it; a card emoji would tell a private card), only the field', async () => {
    const channel = fx.textChannel();
    const error = await refusedWith(
      channel.send({ content: `Your hand: ${UNKNOWN}`, embeds: [{ description: `led ${UNKNOWN}` }] }),
    );
    expect(codesAt(error, 'content')).toEqual(['UNKNOWN_CUSTOM_EMOJI']);
    // As the bot logs it (String(error)), and every part of Discord's answer.
    for (const text of [String(error), error.message, JSON.stringify(error.rawError)]) {
      expect(text).not.toContain('tc_Kst_00000000');
      expect(text).not.toContain('123456789012345678');
      expect(text).not.toContain('<:');
    }
    expect(String(error)).toMatch(/content\[UNKNOWN_CUSTOM_EMOJI\]: Invalid emoji/);
    expect(String(error)).toMatch(/embeds\[0\]\.description\[UNKNOWN_CUSTOM_EMOJI\]: Invalid emoji/);
  });

  it('refuses an unknown emoji id on a button or select option, as Discord does', async () => {
    const channel = fx.textChannel();
    const known = await create('tc_dragon_1a2b3c4d');
    const row = (emoji: object, optionEmoji: object) => [
      raw({
        type: 1,
        components: [{ type: 2, style: 2, custom_id: 'b', label: 'Dragon', emoji }],
      }),
      raw({
        type: 1,
        components: [
          { type: 3, custom_id: 's', options: [{ label: 'Dragon', value: 'dragon', emoji: optionEmoji }] },
        ],
      }),
    ];
    const ok = await within(
      channel.send({
        content: 'pick',
        components: row({ id: known.id }, { id: known.id, name: known.name }),
      }),
      WAIT_MS,
      'send with known emoji',
    );
    expect(ok.components).toHaveLength(2);
    const unicode = await within(
      channel.send({ content: 'pick', components: row({ name: '🔄' }, { name: '🐉' }) }),
      WAIT_MS,
      'send with unicode emoji',
    );
    expect(unicode.components).toHaveLength(2);
    const error = await refusedWith(
      channel.send({
        content: 'pick',
        components: row({ id: '123456789012345678', name: 'nope' }, { id: '123456789012345679' }),
      }),
    );
    expect([error.status, error.code]).toEqual([400, 50035]);
    expect(codesAt(error, 'components', 0, 'components', 0, 'emoji', 'id')).toEqual([
      'BUTTON_COMPONENT_INVALID_EMOJI',
    ]);
    expect(codesAt(error, 'components', 1, 'components', 0, 'options', 0, 'emoji', 'id')).toEqual([
      'BUTTON_COMPONENT_INVALID_EMOJI',
    ]);
  });

  it('accepts the guild’s own emoji', async () => {
    const emoji = fx.discord.addGuildEmoji(fx.guild.id, 'club_logo');
    const sent = await within(fx.textChannel().send(`<:club_logo:${emoji.id}>`), WAIT_MS, 'send');
    expect(sent.content).toBe(`<:club_logo:${emoji.id}>`);
  });

  it('checks an interaction’s reply too', async () => {
    const outcome = fx.handleNext(async (interaction) => {
      if (!interaction.isChatInputCommand()) throw new Error('not a command');
      await interaction.reply({ content: UNKNOWN });
    });
    fx.alice.slash(fx.channel.id, 'ping');
    const error = apiError(await outcome);
    expect([error.status, error.code]).toEqual([400, 50035]);
    expect(codesAt(error, 'content')).toEqual(['UNKNOWN_CUSTOM_EMOJI']);
  });
});
