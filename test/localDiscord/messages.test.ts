/** Channel messages and attachments through the real discord.js client. */
import { AttachmentBuilder, type Message } from 'discord.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { StoredMessage } from '../../src/localDiscord/world.js';
import {
  type DiscordFixture,
  refusedWith,
  startDiscordFixture,
  succeeded,
  testCommands,
  WAIT_MS,
  within,
} from '../support/discordFixture.js';

let fx: DiscordFixture;
beforeAll(async () => {
  fx = await startDiscordFixture({ guildCommands: testCommands() });
});
afterEach(() => fx?.forgetPending());
afterAll(() => fx?.close());

/** A message written by a scripted user, put straight into the world. */
function userMessage(authorId: string, content: string): StoredMessage {
  const world = fx.discord.hub.world;
  const message: StoredMessage = {
    id: world.ids.next(),
    channelId: fx.channel.id,
    guildId: fx.guild.id,
    authorId,
    content,
    embeds: [],
    components: [],
    attachments: [],
    flags: 0,
    visibleTo: null,
    interactionId: null,
    webhookId: null,
    createdAt: world.now(),
    editedAt: null,
    deleted: false,
  };
  world.addMessage(message);
  return message;
}

describe('channel messages', () => {
  it('channel.send creates a message everyone sees; message.edit changes it; delete removes it', async () => {
    const channel = fx.textChannel();
    const sent = await within(channel.send('a new table is open'), WAIT_MS, 'send');
    expect(sent.author.id).toBe(fx.discord.applicationId);
    expect(sent.channelId).toBe(fx.channel.id);
    expect(sent.id).toMatch(/^\d{17,19}$/);
    expect(fx.alice.messages(fx.channel.id).find((m) => m.id === sent.id)?.content).toBe(
      'a new table is open',
    );
    expect(fx.discord.channelMessages(fx.channel.id).find((m) => m.id === sent.id)?.ephemeral).toBe(false);

    const edited = await within(sent.edit('the table is full'), WAIT_MS, 'edit');
    expect(edited.content).toBe('the table is full');
    expect(edited.editedTimestamp).not.toBeNull();
    expect(fx.bob.messages(fx.channel.id).find((m) => m.id === sent.id)?.content).toBe('the table is full');

    const fetched = await within(channel.messages.fetch({ message: sent.id, force: true }), WAIT_MS, 'fetch');
    expect(fetched.content).toBe('the table is full');

    await within(sent.delete(), WAIT_MS, 'delete');
    expect(fx.bob.messages(fx.channel.id).some((m) => m.id === sent.id)).toBe(false);
    const gone = await refusedWith(channel.messages.fetch({ message: sent.id, force: true }));
    expect(gone.code).toBe(10008);
  });

  it('deleting a message already deleted is refused with 10008, as Discord does', async () => {
    const sent = await within(fx.textChannel().send('your turn'), WAIT_MS, 'send');
    await within(fx.client.rest.delete(`/channels/${fx.channel.id}/messages/${sent.id}`), WAIT_MS, 'delete');
    const again = await refusedWith(fx.client.rest.delete(`/channels/${fx.channel.id}/messages/${sent.id}`));
    expect(again.code).toBe(10008);
    expect(again.status).toBe(404);
    expect(
      fx.discord.calls
        .filter((c) => c.method === 'DELETE')
        .map((c) => c.status)
        .slice(-2),
    ).toEqual([204, 404]);
  });

  it('editing a message authored by someone else is refused with 50005', async () => {
    const theirs = userMessage(fx.alice.id, 'written by alice');
    const message = await within(
      fx.textChannel().messages.fetch({ message: theirs.id, force: true }),
      WAIT_MS,
      'fetch',
    );
    expect(message.author.id).toBe(fx.alice.id);
    const error = await refusedWith(message.edit('written by the bot'));
    expect(error.code).toBe(50005);
    expect(error.status).toBe(403);
    expect(fx.bob.messages(fx.channel.id).find((m) => m.id === theirs.id)?.content).toBe('written by alice');
  });

  it('a message in an unknown channel is refused with 10003', async () => {
    const error = await refusedWith(
      fx.client.rest.post('/channels/1234567890123456789/messages', { body: { content: 'hello?' } }),
    );
    expect(error.code).toBe(10003);
    expect(error.status).toBe(404);
  });
});

describe('attachments', () => {
  const hello = Buffer.from('hello, tichu players');

  it('a reply with a file arrives as multipart; the message shows the file with its name and size', async () => {
    const callback = fx.discord.nextCall((c) => c.route === '/interactions/:interaction/:token/callback');
    const outcome = fx.handleNext(async (interaction) => {
      if (!interaction.isChatInputCommand()) throw new Error('not a command');
      await interaction.reply({
        content: 'the score sheet',
        files: [new AttachmentBuilder(hello, { name: 'scores.txt' })],
      });
      return interaction.fetchReply();
    });
    const handle = fx.alice.slash(fx.channel.id, 'ping');
    const fetched = succeeded(await outcome);
    const call = await callback;
    expect(call.files).toEqual([{ filename: 'scores.txt', size: hello.length }]);
    expect(call.body).toMatchObject({ type: 4, data: { content: 'the score sheet' } });

    const view = await handle.reply();
    expect(view.content).toBe('the score sheet');
    expect(view.attachments).toHaveLength(1);
    expect(view.attachments[0]).toMatchObject({ filename: 'scores.txt', size: hello.length });
    expect(view.attachments[0]?.data.equals(hello)).toBe(true);
    expect(fx.bob.messages(fx.channel.id).find((m) => m.id === view.id)?.attachments).toHaveLength(1);

    // discord.js sees the attachment too, and its URL serves the bytes.
    const attachment = fetched.attachments.first();
    expect(attachment?.name).toBe('scores.txt');
    expect(attachment?.size).toBe(hello.length);
    const response = await within(fetch(attachment?.url ?? ''), WAIT_MS, 'the attachment URL');
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(hello)).toBe(true);
  });

  it('editReply with a new file replaces the file; with attachments listed it keeps the old one', async () => {
    const v2 = Buffer.from('version two, longer than before');
    const v3 = Buffer.from('v3');
    let first!: Message;
    let afterKeep!: Message;
    const outcome = fx.handleNext(async (interaction) => {
      if (!interaction.isChatInputCommand()) throw new Error('not a command');
      await interaction.reply({ files: [new AttachmentBuilder(hello, { name: 'v1.txt' })] });
      first = await interaction.editReply({ files: [new AttachmentBuilder(v2, { name: 'v2.txt' })] });
      afterKeep = await interaction.editReply({
        files: [new AttachmentBuilder(v3, { name: 'v3.txt' })],
        attachments: [...first.attachments.values()],
      });
    });
    const handle = fx.alice.slash(fx.channel.id, 'ping');
    succeeded(await outcome);
    expect(first.attachments.map((a) => `${a.name}:${a.size}`)).toEqual([`v2.txt:${v2.length}`]);
    expect(afterKeep.attachments.map((a) => a.name).sort()).toEqual(['v2.txt', 'v3.txt']);

    const view = await handle.reply();
    expect(view.attachments.map((a) => [a.filename, a.size])).toEqual([
      ['v2.txt', v2.length],
      ['v3.txt', v3.length],
    ]);
    expect(view.attachments[1]?.data.equals(v3)).toBe(true);
  });

  it('channel.send with only a file is not an empty message', async () => {
    const sent = await within(
      fx.textChannel().send({ files: [new AttachmentBuilder(hello, { name: 'only-a-file.txt' })] }),
      WAIT_MS,
      'send',
    );
    expect(sent.content).toBe('');
    expect(sent.attachments.first()?.name).toBe('only-a-file.txt');
    const view = fx.bob.messages(fx.channel.id).find((m) => m.id === sent.id);
    expect(view?.attachments.map((a) => a.filename)).toEqual(['only-a-file.txt']);
  });
});
