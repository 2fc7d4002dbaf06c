/**
 * Discord's rules, refused with Discord's codes, through the real discord.js client. Bodies that discord.js's
 * builders would refuse before sending are given as raw API JSON, so that the request reaches the server.
 */
import {
  type APIModalInteractionResponseCallbackData,
  type ChatInputCommandInteraction,
  type DiscordAPIError,
  type InteractionReplyOptions,
  type MessageCreateOptions,
  type RESTError,
  Routes,
} from 'discord.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  apiError,
  type DiscordFixture,
  startDiscordFixture,
  succeeded,
  testCommands,
} from '../support/discordFixture.js';

let fx: DiscordFixture;
beforeAll(async () => {
  fx = await startDiscordFixture({ guildCommands: testCommands() });
});
afterEach(() => fx?.forgetPending());
afterAll(() => fx?.close());

/** Runs `act` as the bot's answer to alice's /ping; resolves with what it returned. */
async function answer<T>(act: (interaction: ChatInputCommandInteraction) => Promise<T>) {
  const outcome = fx.handleNext(async (interaction) => {
    if (!interaction.isChatInputCommand()) throw new Error('not a command');
    return act(interaction);
  });
  const handle = fx.alice.slash(fx.channel.id, 'ping');
  return { outcome: await outcome, handle };
}

/** The DiscordAPIError `act` fails with. */
async function refusal(act: (interaction: ChatInputCommandInteraction) => Promise<unknown>) {
  return apiError((await answer(act)).outcome);
}

/** Replies with a raw API body (no builder validation in discord.js). */
function replyRaw(interaction: ChatInputCommandInteraction, body: object) {
  return interaction.reply(body as InteractionReplyOptions);
}

function errorPaths(error: DiscordAPIError): string {
  return JSON.stringify((error.rawError as RESTError).errors ?? {});
}

const button = (id: string, label = id) => ({ type: 2, style: 1, custom_id: id, label });
const row = (...components: object[]) => ({ type: 1, components });
const options = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ label: `Option ${i}`, value: `o${i}` }));
const select = (extra: object) => ({ type: 3, custom_id: 'pick', ...extra });

describe('acknowledgement deadline and token lifetime', () => {
  it('acknowledging after 3 s is refused with 10062', async () => {
    const error = await refusal(async (interaction) => {
      fx.discord.advanceTime(3_001);
      await interaction.reply('too late');
    });
    expect(error.code).toBe(10062);
    expect(error.status).toBe(404);
    expect(fx.alice.messages(fx.channel.id).some((m) => m.content === 'too late')).toBe(false);
  });

  it('acknowledging just before 3 s is accepted', async () => {
    const { outcome, handle } = await answer(async (interaction) => {
      fx.discord.advanceTime(2_500);
      await interaction.reply('just in time');
    });
    succeeded(outcome);
    expect((await handle.reply()).content).toBe('just in time');
  });

  it('a deferred reply may be edited long after 3 s', async () => {
    const { outcome, handle } = await answer(async (interaction) => {
      await interaction.deferReply();
      fx.discord.advanceTime(60_000);
      await interaction.editReply('a minute later');
    });
    succeeded(outcome);
    expect((await handle.reply()).content).toBe('a minute later');
  });

  it('acknowledging twice is refused with 40060', async () => {
    const sent: string[] = [];
    const error = await refusal(async (interaction) => {
      // discord.js refuses the second reply itself (InteractionAlreadyReplied): go around it.
      for (const content of ['once', 'twice']) {
        await fx.client.rest.post(Routes.interactionCallback(interaction.id, interaction.token), {
          body: { type: 4, data: { content } },
          auth: false,
        });
        sent.push(content);
      }
    });
    expect(sent).toEqual(['once']);
    expect(error.code).toBe(40060);
    expect(error.status).toBe(400);
    expect(fx.alice.messages(fx.channel.id).some((m) => m.content === 'twice')).toBe(false);
  });

  it('editReply 15 minutes later is refused with 50027; a follow-up too', async () => {
    const reached: string[] = [];
    const { outcome } = await answer(async (interaction) => {
      await interaction.reply('now');
      fx.discord.advanceTime(14 * 60_000);
      await interaction.editReply('14 minutes later');
      reached.push('edit at 14 min');
      fx.discord.advanceTime(60_000 + 1);
      const followUp = await interaction.followUp('after 15 minutes').then(
        () => null,
        (e: unknown) => e as DiscordAPIError,
      );
      expect(followUp?.code).toBe(50027);
      await interaction.editReply('15 minutes later');
    });
    expect(reached).toEqual(['edit at 14 min']);
    const error = apiError(outcome);
    expect(error.code).toBe(50027);
    expect(error.status).toBe(401);
    // discord.js still has its token: the 401 was on a webhook route (no bot auth).
    const me = await fx.client.rest.get(Routes.user('@me'));
    expect((me as { id: string }).id).toBe(fx.discord.applicationId);
  });
});

describe('message limits (50035 Invalid Form Body)', () => {
  const cases: Array<[string, object, RegExp]> = [
    ['content of 2001 characters', { content: 'x'.repeat(2001) }, /content/],
    [
      '6 action rows',
      { components: Array.from({ length: 6 }, (_, i) => row(button(`b${i}`))) },
      /components/,
    ],
    [
      '6 buttons in a row',
      { components: [row(...Array.from({ length: 6 }, (_, i) => button(`b${i}`)))] },
      /components/,
    ],
    ['a select with 0 options', { components: [row(select({ options: [] }))] }, /options/],
    ['a select with 26 options', { components: [row(select({ options: options(26) }))] }, /options/],
    [
      'a select with max_values above its options',
      { components: [row(select({ options: options(3), max_values: 4 }))] },
      /max_values/,
    ],
    [
      'a select with min_values above max_values',
      { components: [row(select({ options: options(3), min_values: 3, max_values: 2 }))] },
      /min_values/,
    ],
    ['a custom_id of 101 characters', { components: [row(button('c'.repeat(101), 'ok'))] }, /custom_id/],
    ['a button label of 81 characters', { components: [row(button('b', 'l'.repeat(81)))] }, /label/],
    [
      'a select placeholder of 151 characters',
      { components: [row(select({ options: options(2), placeholder: 'p'.repeat(151) }))] },
      /placeholder/,
    ],
    ['a duplicated custom_id', { components: [row(button('same'), button('same'))] }, /custom_id/],
    ['an embed title of 257 characters', { embeds: [{ title: 't'.repeat(257) }] }, /title/],
    [
      'an embed description of 4097 characters',
      { embeds: [{ description: 'd'.repeat(4097) }] },
      /description/,
    ],
    [
      'an embed with 26 fields',
      { embeds: [{ fields: Array.from({ length: 26 }, (_, i) => ({ name: `f${i}`, value: 'v' })) }] },
      /fields/,
    ],
    [
      'embeds over 6000 characters in total',
      { embeds: [{ description: 'd'.repeat(4000) }, { description: 'd'.repeat(2001) }] },
      /embeds/,
    ],
    ['11 embeds', { embeds: Array.from({ length: 11 }, (_, i) => ({ title: `e${i}` })) }, /embeds/],
    [
      'a select option label of 101 characters',
      { components: [row(select({ options: [{ label: 'l'.repeat(101), value: 'a' }] }))] },
      /label/,
    ],
    [
      'a select option value of 101 characters',
      { components: [row(select({ options: [{ label: 'a', value: 'v'.repeat(101) }] }))] },
      /value/,
    ],
    [
      'an embed field value of 1025 characters',
      { embeds: [{ fields: [{ name: 'f', value: 'v'.repeat(1025) }] }] },
      /fields/,
    ],
    ['an embed footer of 2049 characters', { embeds: [{ footer: { text: 'f'.repeat(2049) } }] }, /footer/],
  ];

  it.each(cases)('a reply with %s is refused', async (_what, body, path) => {
    const error = await refusal((interaction) => replyRaw(interaction, body));
    expect(error.code).toBe(50035);
    expect(error.status).toBe(400);
    expect(errorPaths(error)).toMatch(path);
  });

  it('an empty message is refused with 50006', async () => {
    const error = await refusal((interaction) => interaction.reply({ content: '' }));
    expect(error.code).toBe(50006);
    expect(error.status).toBe(400);
  });

  it('a reply at every limit is accepted', async () => {
    const body = {
      content: 'x'.repeat(2000),
      components: [
        ...Array.from({ length: 3 }, (_, r) =>
          row(...Array.from({ length: 5 }, (_, i) => button(`b${r}-${i}`))),
        ),
        row(button('c'.repeat(100), 'l'.repeat(80))),
        row(select({ options: options(25), min_values: 0, max_values: 25, placeholder: 'p'.repeat(150) })),
      ],
      embeds: [
        {
          title: 't'.repeat(256),
          description: 'd'.repeat(4096),
          fields: Array.from({ length: 25 }, (_, i) => ({ name: `f${i}`, value: 'v' })),
        },
      ],
    };
    const { outcome, handle } = await answer((interaction) => replyRaw(interaction, body));
    succeeded(outcome);
    const view = await handle.reply();
    expect(view.content).toHaveLength(2000);
    expect(view.components).toHaveLength(5);
    expect(view.embeds).toHaveLength(1);
  });

  it('the same limits hold for editReply, followUp, channel.send and message.edit', async () => {
    const tooLong = { content: 'x'.repeat(2001) };
    const sixRows = { components: Array.from({ length: 6 }, (_, i) => row(button(`b${i}`))) };
    const codes: Record<string, number | string | undefined> = {};
    const code = (p: Promise<unknown>) =>
      p.then(
        () => undefined,
        (e: unknown) => (e as DiscordAPIError).code,
      );
    const { outcome } = await answer(async (interaction) => {
      await interaction.reply('fine');
      codes.editReply = await code(interaction.editReply(tooLong));
      codes.followUp = await code(interaction.followUp(sixRows as InteractionReplyOptions));
      const channel = fx.textChannel();
      codes.send = await code(channel.send(sixRows as MessageCreateOptions));
      const sent = await channel.send('fine too');
      codes.edit = await code(sent.edit(tooLong));
    });
    succeeded(outcome);
    expect(codes).toEqual({ editReply: 50035, followUp: 50035, send: 50035, edit: 50035 });
  });

  it('an edit that would leave a message empty is refused with 50006', async () => {
    const codes: Record<string, number | string | undefined> = {};
    const code = (p: Promise<unknown>) =>
      p.then(
        () => undefined,
        (e: unknown) => (e as DiscordAPIError).code,
      );
    const { outcome, handle } = await answer(async (interaction) => {
      await interaction.reply('the reply');
      codes.editReply = await code(interaction.editReply({ content: '' }));
      const sent = await fx.textChannel().send('a message');
      codes.edit = await code(sent.edit({ content: '' }));
      return sent.id;
    });
    const sentId = succeeded(outcome);
    expect(codes).toEqual({ editReply: 50006, edit: 50006 });
    const contents = fx.bob
      .messages(fx.channel.id)
      .filter((m) => m.id === sentId || m.id === handle.record.originalId);
    expect(contents.map((m) => m.content)).toEqual(['the reply', 'a message']);
  });
});

describe('modal limits', () => {
  const modal = (title: string) =>
    ({
      custom_id: 'rename',
      title,
      components: [row({ type: 4, custom_id: 'name', label: 'Name', style: 1 })],
    }) as unknown as APIModalInteractionResponseCallbackData;

  const withInput = (input: object) =>
    ({
      custom_id: 'rename',
      title: 'Rename',
      components: [row({ type: 4, custom_id: 'name', label: 'Name', style: 1, ...input })],
    }) as unknown as APIModalInteractionResponseCallbackData;

  it.each<[string, object, RegExp]>([
    ['a text input label of 46 characters', { label: 'l'.repeat(46) }, /label/],
    ['a text input style other than 1 or 2', { style: 9 }, /style/],
    ['a max_length above 4000', { max_length: 4001 }, /max_length/],
    ['a min_length above max_length', { min_length: 10, max_length: 5 }, /min_length/],
    ['a required that is not a boolean', { required: 'yes' }, /required/],
  ])('a modal with %s is refused with 50035', async (_what, input, path) => {
    const error = await refusal((interaction) => interaction.showModal(withInput(input)));
    expect(error.code).toBe(50035);
    expect(errorPaths(error)).toMatch(path);
    expect(fx.alice.openModal).toBeNull();
  });

  it('a modal title of 46 characters is refused with 50035', async () => {
    const error = await refusal((interaction) => interaction.showModal(modal('m'.repeat(46))));
    expect(error.code).toBe(50035);
    expect(errorPaths(error)).toMatch(/title/);
    expect(fx.alice.openModal).toBeNull();
  });

  it('a modal title of 45 characters is accepted', async () => {
    const { outcome } = await answer((interaction) => interaction.showModal(modal('m'.repeat(45))));
    succeeded(outcome);
    expect(fx.alice.openModal?.title).toBe('m'.repeat(45));
    const submitted = fx.handleNext(async (interaction) => {
      if (!interaction.isModalSubmit()) throw new Error('not a modal submit');
      await interaction.reply(`named ${interaction.fields.getTextInputValue('name')}`);
    });
    const submit = fx.alice.submitModal({ name: 'x' });
    succeeded(await submitted);
    expect((await submit.reply()).content).toBe('named x');
  });

  it('a modal cannot answer a modal submit', async () => {
    await answer((interaction) => interaction.showModal(modal('First')));
    const outcome = fx.handleNext(async (interaction) => {
      if (!interaction.isModalSubmit()) throw new Error('not a modal submit');
      await fx.client.rest.post(Routes.interactionCallback(interaction.id, interaction.token), {
        body: { type: 9, data: modal('Second') },
        auth: false,
      });
    });
    fx.alice.submitModal({ name: 'x' });
    expect(apiError(await outcome).code).toBe(50035);
  });

  it('update (type 7) is refused for a slash command', async () => {
    const error = await refusal((interaction) =>
      fx.client.rest.post(Routes.interactionCallback(interaction.id, interaction.token), {
        body: { type: 7, data: { content: 'no message to update' } },
        auth: false,
      }),
    );
    expect(error.code).toBe(50035);
  });
});
