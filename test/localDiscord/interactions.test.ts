/** Interactions end to end with the real discord.js client: replies, components, modals, defers, follow-ups. */
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  ComponentType,
  LabelBuilder,
  MessageFlags,
  ModalBuilder,
  Routes,
  StringSelectMenuBuilder,
  TextInputBuilder,
  TextInputStyle,
} from 'discord.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  apiError,
  type DiscordFixture,
  eventually,
  startDiscordFixture,
  succeeded,
  testCommands,
  within,
} from '../support/discordFixture.js';

let fx: DiscordFixture;
beforeAll(async () => {
  fx = await startDiscordFixture({ guildCommands: testCommands(), users: ['alice', 'bob', 'carol'] });
});
afterEach(() => fx?.forgetPending());
afterAll(() => fx?.close());

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Raw dispatch packets whose JSON mentions `text`. */
function packetsMentioning(text: string): string[] {
  return fx.rawPackets.filter((p) => JSON.stringify(p.d).includes(text)).map((p) => p.t);
}

function buttonRow(...ids: string[]) {
  return new ActionRowBuilder<ButtonBuilder>().addComponents(
    ids.map((id) => new ButtonBuilder().setCustomId(id).setLabel(id).setStyle(ButtonStyle.Primary)),
  );
}

describe('slash commands', () => {
  it('a reply is seen by everyone in the channel', async () => {
    const outcome = fx.handleNext(async (interaction) => {
      if (!interaction.isChatInputCommand()) throw new Error('not a command');
      expect(interaction.user.id).toBe(fx.alice.id);
      expect(interaction.channelId).toBe(fx.channel.id);
      expect(interaction.guildId).toBe(fx.guild.id);
      await interaction.reply(`you said ${interaction.options.getString('text', true)}`);
      return interaction.replied;
    });
    const handle = fx.alice.slash(fx.channel.id, 'say', { options: { text: 'hello' } });
    expect(succeeded(await outcome)).toBe(true);
    const reply = await handle.reply();
    expect(reply).toMatchObject({
      content: 'you said hello',
      authorId: fx.discord.applicationId,
      ephemeral: false,
      loading: false,
      interactionUserId: fx.alice.id,
    });
    expect(await handle.acknowledged()).toMatchObject({ type: 4 });
    expect(fx.bob.messages(fx.channel.id).map((m) => m.id)).toContain(reply.id);
    expect(fx.discord.channelMessages(fx.channel.id).map((m) => m.id)).toContain(reply.id);
  });

  it('an ephemeral reply is seen only by its user, and never sent over the gateway', async () => {
    const secret = `only for alice ${Date.now()}`;
    const outcome = fx.handleNext(async (interaction) => {
      if (!interaction.isChatInputCommand()) throw new Error('not a command');
      await interaction.reply({ content: secret, flags: MessageFlags.Ephemeral });
      const fetched = await interaction.fetchReply();
      return { ephemeral: interaction.ephemeral, flags: fetched.flags.has(MessageFlags.Ephemeral) };
    });
    const handle = fx.alice.slash(fx.channel.id, 'ping');
    expect(succeeded(await outcome)).toEqual({ ephemeral: true, flags: true });
    const reply = await handle.reply();
    expect(reply.ephemeral).toBe(true);
    expect(fx.alice.messages(fx.channel.id).find((m) => m.id === reply.id)?.content).toBe(secret);
    expect(fx.bob.messages(fx.channel.id).some((m) => m.id === reply.id || m.content === secret)).toBe(false);
    expect(fx.discord.channelMessages(fx.channel.id).some((m) => m.content === secret)).toBe(false);

    // The bot's REST view of the channel does not list it either.
    const listed = await within(fx.textChannel().messages.fetch({ limit: 100 }), 5_000, 'messages.fetch');
    expect(listed.some((m) => m.content === secret)).toBe(false);

    // The spy works (it saw this interaction), and no dispatch carried the ephemeral content.
    expect(
      fx.rawPackets.some((p) => p.t === 'INTERACTION_CREATE' && JSON.stringify(p.d).includes(handle.id)),
    ).toBe(true);
    expect(packetsMentioning(secret)).toEqual([]);
  });
  it('reply and deferReply withResponse give the message back to discord.js', async () => {
    const outcome = fx.handleNext(async (interaction) => {
      if (!interaction.isChatInputCommand()) throw new Error('not a command');
      const response = await interaction.reply({ content: 'with a response', withResponse: true });
      return { id: response.resource?.message?.id, content: response.resource?.message?.content };
    });
    const handle = fx.alice.slash(fx.channel.id, 'ping');
    const got = succeeded(await outcome);
    const view = await handle.reply();
    expect(got).toEqual({ id: view.id, content: 'with a response' });

    const deferred = fx.handleNext(async (interaction) => {
      if (!interaction.isChatInputCommand()) throw new Error('not a command');
      const response = await interaction.deferReply({ withResponse: true });
      await interaction.editReply('filled in');
      return response.resource?.message?.id;
    });
    const second = fx.alice.slash(fx.channel.id, 'ping');
    const deferredId = succeeded(await deferred);
    expect((await second.reply()).id).toBe(deferredId);
  });
});

describe('buttons', () => {
  it('update (type 7) changes the clicked message in place', async () => {
    const first = fx.handleNext(async (interaction) => {
      if (!interaction.isChatInputCommand()) throw new Error('not a command');
      await interaction.reply({ content: 'score: 0', components: [buttonRow('plus', 'minus')] });
    });
    const slash = fx.alice.slash(fx.channel.id, 'ping');
    succeeded(await first);
    const message = await slash.reply();
    expect(message.components).toHaveLength(1);

    const second = fx.handleNext(async (interaction) => {
      if (!interaction.isButton()) throw new Error('not a button');
      expect(interaction.message.id).toBe(message.id);
      expect(interaction.user.id).toBe(fx.bob.id);
      await interaction.update({
        content: `score: 1 (${interaction.customId} by ${interaction.user.username})`,
        components: [buttonRow('plus')],
      });
    });
    const click = fx.bob.click(message.id, 'plus');
    succeeded(await second);
    expect(await click.acknowledged()).toMatchObject({ type: 7 });

    const seen = fx.alice.messages(fx.channel.id).filter((m) => m.id === message.id);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.content).toBe('score: 1 (plus by bob)');
    const buttons = (seen[0]!.components[0] as { components: Array<{ custom_id: string }> }).components;
    expect(buttons.map((b) => b.custom_id)).toEqual(['plus']);
    // No new message was created by the update.
    expect(
      fx.discord.channelMessages(fx.channel.id).filter((m) => m.content.startsWith('score:')),
    ).toHaveLength(1);
    // The removed button can no longer be clicked.
    expect(() => fx.bob.click(message.id, 'minus')).toThrow(/no component minus/);
  });

  it('deferUpdate then editReply edits the source message', async () => {
    const first = fx.handleNext(async (interaction) => {
      if (!interaction.isChatInputCommand()) throw new Error('not a command');
      await interaction.reply({ content: 'waiting', components: [buttonRow('go')] });
    });
    const slash = fx.alice.slash(fx.channel.id, 'ping');
    succeeded(await first);
    const message = await slash.reply();

    const second = fx.handleNext(async (interaction) => {
      if (!interaction.isButton()) throw new Error('not a button');
      await interaction.deferUpdate();
      const edited = await interaction.editReply({ content: 'done', components: [] });
      return edited.id;
    });
    const click = fx.alice.click(message.id, 'go');
    expect(succeeded(await second)).toBe(message.id);
    expect(await click.acknowledged()).toMatchObject({ type: 6 });
    const after = fx.bob.messages(fx.channel.id).find((m) => m.id === message.id);
    expect(after).toMatchObject({ content: 'done', components: [] });
  });

  it('refuses to click a disabled button or one that does not exist', async () => {
    const first = fx.handleNext(async (interaction) => {
      if (!interaction.isChatInputCommand()) throw new Error('not a command');
      await interaction.reply({
        content: 'locked',
        components: [
          new ActionRowBuilder<ButtonBuilder>().addComponents(
            new ButtonBuilder().setCustomId('locked').setLabel('Locked').setStyle(2).setDisabled(true),
          ),
        ],
      });
    });
    const slash = fx.alice.slash(fx.channel.id, 'ping');
    succeeded(await first);
    const message = await slash.reply();
    expect(() => fx.alice.click(message.id, 'locked')).toThrow(/disabled/);
    expect(() => fx.alice.click(message.id, 'nope')).toThrow(/no component/);
  });

  it('another user cannot click a button on an ephemeral message', async () => {
    const first = fx.handleNext(async (interaction) => {
      if (!interaction.isChatInputCommand()) throw new Error('not a command');
      await interaction.reply({
        content: 'yours',
        components: [buttonRow('mine')],
        flags: MessageFlags.Ephemeral,
      });
    });
    const slash = fx.alice.slash(fx.channel.id, 'ping');
    succeeded(await first);
    const message = await slash.reply();
    expect(() => fx.bob.click(message.id, 'mine')).toThrow(/cannot see/);

    const second = fx.handleNext(async (interaction) => {
      if (!interaction.isButton()) throw new Error('not a button');
      await interaction.update({ content: 'clicked', components: [] });
    });
    fx.alice.click(message.id, 'mine');
    succeeded(await second);
    expect(fx.alice.messages(fx.channel.id).find((m) => m.id === message.id)).toMatchObject({
      content: 'clicked',
      ephemeral: true,
    });
    expect(fx.discord.channelMessages(fx.channel.id).some((m) => m.id === message.id)).toBe(false);
  });
});

describe('string selects', () => {
  async function menu(): Promise<string> {
    const outcome = fx.handleNext(async (interaction) => {
      if (!interaction.isChatInputCommand()) throw new Error('not a command');
      await interaction.reply({
        content: 'pick cards',
        components: [
          new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
            new StringSelectMenuBuilder()
              .setCustomId('cards')
              .setPlaceholder('Cards')
              .setMinValues(1)
              .setMaxValues(2)
              .addOptions(
                { label: 'Dragon', value: 'dragon' },
                { label: 'Phoenix', value: 'phoenix' },
                { label: 'Dog', value: 'dog' },
              ),
          ),
        ],
      });
    });
    const slash = fx.alice.slash(fx.channel.id, 'ping');
    succeeded(await outcome);
    return (await slash.reply()).id;
  }

  it('the picked values arrive in interaction.values', async () => {
    const messageId = await menu();
    const outcome = fx.handleNext(async (interaction) => {
      if (!interaction.isStringSelectMenu()) throw new Error('not a string select');
      expect(interaction.componentType).toBe(ComponentType.StringSelect);
      expect(interaction.customId).toBe('cards');
      await interaction.reply({ content: `you picked ${interaction.values.join('+')}` });
      return interaction.values;
    });
    const handle = fx.bob.select(messageId, 'cards', ['phoenix', 'dog']);
    expect(succeeded(await outcome)).toEqual(['phoenix', 'dog']);
    expect((await handle.reply()).content).toBe('you picked phoenix+dog');
  });

  it('the scripted user refuses a value that is not an option, or too many or too few values', async () => {
    const messageId = await menu();
    expect(() => fx.bob.select(messageId, 'cards', ['mahjong'])).toThrow(/no option mahjong/);
    expect(() => fx.bob.select(messageId, 'cards', ['dragon', 'phoenix', 'dog'])).toThrow(/1 to 2 values/);
    expect(() => fx.bob.select(messageId, 'cards', [])).toThrow(/1 to 2 values/);
    expect(() => fx.bob.click(messageId, 'cards')).toThrow(/not a button/);
  });
});

describe('modals', () => {
  function nameModal() {
    return new ModalBuilder()
      .setCustomId('rename')
      .setTitle('Rename the table')
      .addComponents(
        new ActionRowBuilder<TextInputBuilder>().addComponents(
          new TextInputBuilder().setCustomId('name').setLabel('New name').setStyle(TextInputStyle.Short),
        ),
        new ActionRowBuilder<TextInputBuilder>().addComponents(
          new TextInputBuilder()
            .setCustomId('note')
            .setLabel('Note')
            .setStyle(TextInputStyle.Paragraph)
            .setRequired(false),
        ),
      );
  }

  it('showModal on a slash command; the submitted fields reach the bot, which replies', async () => {
    const shown = fx.handleNext(async (interaction) => {
      if (!interaction.isChatInputCommand()) throw new Error('not a command');
      await interaction.showModal(nameModal());
    });
    const slash = fx.alice.slash(fx.channel.id, 'ping');
    succeeded(await shown);
    expect(await slash.acknowledged()).toMatchObject({ type: 9 });
    expect(fx.alice.openModal).toMatchObject({ custom_id: 'rename', title: 'Rename the table' });
    expect(fx.bob.openModal).toBeNull();
    // A modal is not a message.
    expect(fx.alice.messages(fx.channel.id).some((m) => m.id === slash.record.originalId)).toBe(false);

    const submitted = fx.handleNext(async (interaction) => {
      if (!interaction.isModalSubmit()) throw new Error('not a modal submit');
      expect(interaction.customId).toBe('rename');
      const name = interaction.fields.getTextInputValue('name');
      const note = interaction.fields.getTextInputValue('note');
      await interaction.reply({ content: `renamed to ${name} (${note || 'no note'})` });
      return { name, note };
    });
    const submit = fx.alice.submitModal({ name: 'High Stakes' });
    expect(succeeded(await submitted)).toEqual({ name: 'High Stakes', note: '' });
    expect((await submit.reply()).content).toBe('renamed to High Stakes (no note)');
    expect(fx.alice.openModal).toBeNull();
    expect(() => fx.alice.submitModal({ name: 'again' })).toThrow(/no modal open/);
  });

  it('a modal from a button; its submit can update the button message', async () => {
    const first = fx.handleNext(async (interaction) => {
      if (!interaction.isChatInputCommand()) throw new Error('not a command');
      await interaction.reply({ content: 'table: unnamed', components: [buttonRow('rename')] });
    });
    const slash = fx.alice.slash(fx.channel.id, 'ping');
    succeeded(await first);
    const message = await slash.reply();

    const shown = fx.handleNext(async (interaction) => {
      if (!interaction.isButton()) throw new Error('not a button');
      await interaction.showModal(nameModal());
    });
    fx.bob.click(message.id, 'rename');
    succeeded(await shown);

    const submitted = fx.handleNext(async (interaction) => {
      if (!interaction.isModalSubmit() || !interaction.isFromMessage()) throw new Error('not from a message');
      expect(interaction.message.id).toBe(message.id);
      await interaction.update({ content: `table: ${interaction.fields.getTextInputValue('name')}` });
    });
    fx.bob.submitModal({ name: 'Dragons', note: 'x' });
    succeeded(await submitted);
    expect(fx.alice.messages(fx.channel.id).find((m) => m.id === message.id)?.content).toBe('table: Dragons');
  });

  // discord.js 14.28 deprecates action rows in modals (ModalBuilder#addComponents) in favour of labels
  // (component type 18), which Discord accepts since 2025.
  it('accepts a modal built with labels (LabelBuilder), and its submit reaches the bot', async () => {
    const shown = fx.handleNext(async (interaction) => {
      if (!interaction.isChatInputCommand()) throw new Error('not a command');
      await interaction.showModal(
        new ModalBuilder()
          .setCustomId('bid')
          .setTitle('Your bid')
          .addLabelComponents(
            new LabelBuilder()
              .setLabel('Points')
              .setTextInputComponent(
                new TextInputBuilder().setCustomId('points').setStyle(TextInputStyle.Short),
              ),
          ),
      );
    });
    fx.alice.slash(fx.channel.id, 'ping');
    succeeded(await shown);

    const submitted = fx.handleNext(async (interaction) => {
      if (!interaction.isModalSubmit()) throw new Error('not a modal submit');
      const points = interaction.fields.getTextInputValue('points');
      await interaction.reply(`bid ${points}`);
      return points;
    });
    const submit = fx.alice.submitModal({ points: '100' });
    expect(succeeded(await submitted)).toBe('100');
    expect((await submit.reply()).content).toBe('bid 100');
  });
});

describe('deferred replies', () => {
  it('deferReply then editReply: loading meanwhile; reply() waits; fetchReply; deleteReply removes it', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const outcome = fx.handleNext(async (interaction) => {
      if (!interaction.isChatInputCommand()) throw new Error('not a command');
      await interaction.deferReply();
      expect(interaction.deferred).toBe(true);
      await gate;
      await interaction.editReply('the table is ready');
      const fetched = await interaction.fetchReply();
      await gate2;
      await interaction.deleteReply();
      return { content: fetched.content, id: fetched.id };
    });
    let release2!: () => void;
    const gate2 = new Promise<void>((resolve) => {
      release2 = resolve;
    });
    const handle = fx.alice.slash(fx.channel.id, 'ping');
    let replied = false;
    const reply = handle.reply().then((view) => {
      replied = true;
      return view;
    });
    expect(await handle.acknowledged()).toMatchObject({ type: 5 });
    const loading = await fx.bob.waitForMessage(fx.channel.id, (m) => m.id === handle.record.originalId);
    expect(loading).toMatchObject({ loading: true, content: '' });
    await pause(100);
    expect(replied).toBe(false);

    release();
    const view = await reply;
    expect(view).toMatchObject({ content: 'the table is ready', loading: false, id: loading.id });

    release2();
    expect(succeeded(await outcome)).toEqual({ content: 'the table is ready', id: loading.id });
    expect(fx.alice.messages(fx.channel.id).some((m) => m.id === loading.id)).toBe(false);
    expect(fx.discord.channelMessages(fx.channel.id).some((m) => m.id === loading.id)).toBe(false);
  });

  it('an ephemeral deferReply stays ephemeral after its edit', async () => {
    const outcome = fx.handleNext(async (interaction) => {
      if (!interaction.isChatInputCommand()) throw new Error('not a command');
      await interaction.deferReply({ flags: MessageFlags.Ephemeral });
      await interaction.editReply('psst');
    });
    const handle = fx.alice.slash(fx.channel.id, 'ping');
    succeeded(await outcome);
    const view = await handle.reply();
    expect(view).toMatchObject({ content: 'psst', ephemeral: true });
    expect(fx.bob.messages(fx.channel.id).some((m) => m.id === view.id)).toBe(false);
  });
});

describe('follow-ups', () => {
  it('follow-ups after a reply, public and ephemeral', async () => {
    const outcome = fx.handleNext(async (interaction) => {
      if (!interaction.isChatInputCommand()) throw new Error('not a command');
      await interaction.reply('first');
      const publicOne = await interaction.followUp('second, for everyone');
      const privateOne = await interaction.followUp({
        content: 'third, for you',
        flags: MessageFlags.Ephemeral,
      });
      const edited = await interaction.webhook.editMessage(publicOne, { content: 'second, edited' });
      return { publicId: publicOne.id, privateId: privateOne.id, edited: edited.content };
    });
    const handle = fx.alice.slash(fx.channel.id, 'ping');
    const { publicId, privateId, edited } = succeeded(await outcome);
    expect(edited).toBe('second, edited');
    expect((await handle.reply()).content).toBe('first');

    const alice = fx.alice.messages(fx.channel.id);
    expect(alice.find((m) => m.id === publicId)).toMatchObject({
      content: 'second, edited',
      ephemeral: false,
    });
    expect(alice.find((m) => m.id === privateId)).toMatchObject({
      content: 'third, for you',
      ephemeral: true,
    });
    const bob = fx.bob.messages(fx.channel.id);
    expect(bob.some((m) => m.id === publicId)).toBe(true);
    expect(bob.some((m) => m.id === privateId)).toBe(false);
    expect(packetsMentioning('third, for you')).toEqual([]);
  });

  it('a follow-up before any acknowledgement is refused', async () => {
    const outcome = fx.handleNext(async (interaction) => {
      if (!interaction.isChatInputCommand()) throw new Error('not a command');
      // discord.js refuses this itself (InteractionNotReplied): send it raw so Discord decides.
      try {
        await fx.client.rest.post(Routes.webhook(interaction.applicationId, interaction.token), {
          body: { content: 'too early' },
          auth: false,
        });
      } finally {
        await interaction.reply('acknowledged now');
      }
    });
    fx.alice.slash(fx.channel.id, 'ping');
    const error = apiError(await outcome);
    expect(error.code).toBe(10015);
    expect(error.status).toBe(404);
    expect(fx.alice.messages(fx.channel.id).some((m) => m.content === 'too early')).toBe(false);
  });
});

describe('autocomplete', () => {
  it("the bot's respond() choices reach user.autocomplete", async () => {
    const outcome = fx.handleNext(async (interaction) => {
      if (!interaction.isAutocomplete()) throw new Error('not autocomplete');
      const focused = interaction.options.getFocused(true);
      expect(focused.name).toBe('query');
      await interaction.respond(
        ['dragons', 'dogs', 'phoenix']
          .filter((n) => n.startsWith(String(focused.value)))
          .map((n) => ({ name: `Table ${n}`, value: n })),
      );
    });
    const choices = await fx.alice.autocomplete(fx.channel.id, 'find', {
      options: { query: 'd' },
      focused: 'query',
    });
    succeeded(await outcome);
    expect(choices).toEqual([
      { name: 'Table dragons', value: 'dragons' },
      { name: 'Table dogs', value: 'dogs' },
    ]);
  });

  it('more than 25 choices is refused with 50035; a valid answer afterwards still goes through', async () => {
    const all = Array.from({ length: 26 }, (_, i) => ({ name: `t${i}`, value: `t${i}` }));
    const outcome = fx.handleNext(async (interaction) => {
      if (!interaction.isAutocomplete()) throw new Error('not autocomplete');
      const refused = await interaction.respond(all).then(
        () => null,
        (e: unknown) => e,
      );
      await interaction.respond(all.slice(0, 25));
      return refused;
    });
    const choices = fx.alice.autocomplete(fx.channel.id, 'find', {
      options: { query: 't' },
      focused: 'query',
    });
    const error = apiError({ ok: false, error: succeeded(await outcome) });
    expect(error.code).toBe(50035);
    expect(error.status).toBe(400);
    expect((await choices).map((c) => c.value)).toEqual(all.slice(0, 25).map((c) => c.value));
  });

  it('an autocomplete interaction cannot be answered with a message', async () => {
    const outcome = fx.handleNext(async (interaction) => {
      if (!interaction.isAutocomplete()) throw new Error('not autocomplete');
      const refused = await fx.client.rest
        .post(Routes.interactionCallback(interaction.id, interaction.token), {
          body: { type: 4, data: { content: 'no' } },
          auth: false,
        })
        .then(
          () => null,
          (e: unknown) => e,
        );
      await interaction.respond([]);
      return refused;
    });
    const choices = fx.alice.autocomplete(fx.channel.id, 'find', {
      options: { query: 'x' },
      focused: 'query',
    });
    expect(apiError({ ok: false, error: succeeded(await outcome) }).code).toBe(50035);
    expect(await choices).toEqual([]);
    expect(fx.alice.messages(fx.channel.id).some((m) => m.content === 'no')).toBe(false);
  });
});

describe('what the scripted users see', () => {
  it('waitForMessage waits for a matching message and times out otherwise', async () => {
    const carol = fx.users[2]!;
    const waiting = carol.waitForMessage(fx.channel.id, (m) => m.content === 'for carol to see');
    const outcome = fx.handleNext(async (interaction) => {
      if (!interaction.isChatInputCommand()) throw new Error('not a command');
      await interaction.reply('for carol to see');
    });
    fx.alice.slash(fx.channel.id, 'ping');
    succeeded(await outcome);
    expect((await waiting).content).toBe('for carol to see');
    await expect(carol.waitForMessage(fx.channel.id, (m) => m.content === 'never sent', 100)).rejects.toThrow(
      /timed out/,
    );
    await eventually(() => (fx.handlerErrors.length === 0 ? true : undefined), 'no handler errors');
  });
});
