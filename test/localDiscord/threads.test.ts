/** Threads end to end with the real discord.js client: creating, members, messages, interactions, privacy, limits, archiving. */
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  ChannelType,
  Client,
  Events,
  GatewayIntentBits,
  MessageFlags,
  type PrivateThreadChannel,
  type PublicThreadChannel,
  type ThreadChannel,
} from 'discord.js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ScriptedUser } from '../../src/localDiscord/index.js';
import {
  type DiscordFixture,
  eventually,
  refusedWith,
  startDiscordFixture,
  succeeded,
  testCommands,
  WAIT_MS,
  within,
} from '../support/discordFixture.js';

let fx: DiscordFixture;
let carol: ScriptedUser;
beforeAll(async () => {
  fx = await startDiscordFixture({
    guildCommands: testCommands(),
    users: ['alice', 'bob', 'carol'],
    intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages, GatewayIntentBits.GuildMembers],
  });
  carol = fx.users[2] as ScriptedUser;
});
// Most tests create threads freely; the rate-limit tests set the limit they test.
beforeEach(() => {
  fx.discord.threadCreateLimit = null;
});
afterEach(() => fx?.forgetPending());
afterAll(() => fx?.close());

let counter = 0;
const tableName = () => `table ${++counter}`;

function createPrivate(name = tableName()): Promise<PrivateThreadChannel> {
  return within(
    fx.textChannel().threads.create({
      name,
      type: ChannelType.PrivateThread,
      invitable: false,
    }) as Promise<PrivateThreadChannel>,
    WAIT_MS,
    'threads.create (private)',
  );
}

function createPublic(name = tableName()): Promise<PublicThreadChannel<false>> {
  return within(
    fx.textChannel().threads.create({ name, type: ChannelType.PublicThread }) as Promise<
      PublicThreadChannel<false>
    >,
    WAIT_MS,
    'threads.create (public)',
  );
}

/** The raw dispatches of a type whose data has this id (or thread id). */
function packets(type: string, id: string): Array<Record<string, unknown>> {
  return fx.rawPackets
    .filter((p) => p.t === type && (p.d as { id?: string; channel_id?: string }).id === id)
    .map((p) => p.d as Record<string, unknown>);
}

function buttonRow(id: string) {
  return new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder().setCustomId(id).setLabel(id).setStyle(ButtonStyle.Primary),
  );
}

describe('creating threads', () => {
  it('a public thread: the channel object Discord answers, THREAD_CREATE (newly created), the bot its owner and member', async () => {
    const thread = await createPublic('Table 1');
    expect(thread.type).toBe(ChannelType.PublicThread);
    expect(thread.parentId).toBe(fx.channel.id);
    expect(thread.guildId).toBe(fx.guild.id);
    expect(thread.ownerId).toBe(fx.discord.applicationId);
    expect(thread.name).toBe('Table 1');
    expect(thread.archived).toBe(false);
    expect(thread.locked).toBe(false);
    expect(thread.joined).toBe(true);
    expect(fx.client.channels.cache.get(thread.id)).toBe(thread);
    expect(fx.textChannel().threads.cache.get(thread.id)).toBe(thread);

    const created = await eventually(() => packets('THREAD_CREATE', thread.id)[0], 'THREAD_CREATE');
    expect(created).toMatchObject({
      type: 11,
      parent_id: fx.channel.id,
      guild_id: fx.guild.id,
      owner_id: fx.discord.applicationId,
      newly_created: true,
      member_count: 1,
      thread_metadata: { archived: false, locked: false, auto_archive_duration: 1440 },
    });
    await eventually(() => packets('THREAD_MEMBER_UPDATE', thread.id)[0], 'THREAD_MEMBER_UPDATE');
    const call = fx.discord.calls.find((c) => c.route === '/channels/:channel/threads' && c.status === 201);
    expect(call?.body).toMatchObject({ name: 'Table 1', type: 11 });

    // Everyone in the guild sees a public thread; GET /channels/:id answers it.
    expect(fx.discord.canView(fx.alice.id, thread.id)).toBe(true);
    expect(fx.bob.canView(thread.id)).toBe(true);
    const fetched = await within(fx.client.channels.fetch(thread.id, { force: true }), WAIT_MS, 'fetch');
    expect(fetched?.isThread() && fetched.parentId).toBe(fx.channel.id);
    expect(fx.discord.thread(thread.id)?.name).toBe('Table 1');
  });

  it('a private thread, invitable false; members added with thread.members.add, listed and removed', async () => {
    const thread = await createPrivate('Board 7');
    expect(thread.type).toBe(ChannelType.PrivateThread);
    expect(thread.invitable).toBe(false);
    expect(fx.discord.threadMembers(thread.id)).toEqual([fx.discord.applicationId]);
    expect(fx.alice.canView(thread.id)).toBe(false);

    await within(thread.members.add(fx.alice.id), WAIT_MS, 'members.add');
    expect(fx.discord.threadMembers(thread.id)).toEqual([fx.discord.applicationId, fx.alice.id]);
    expect(fx.alice.canView(thread.id)).toBe(true);
    expect(fx.bob.canView(thread.id)).toBe(false);
    // With GUILD_MEMBERS the bot hears of every member added (discord.js caches them).
    const update = await eventually(
      () => packets('THREAD_MEMBERS_UPDATE', thread.id).find((d) => Array.isArray(d.added_members)),
      'THREAD_MEMBERS_UPDATE',
    );
    expect(update).toMatchObject({ member_count: 2, added_members: [{ user_id: fx.alice.id }] });
    await eventually(() => (thread.members.cache.has(fx.alice.id) ? true : undefined), 'the cached member');

    // Adding again changes nothing (204).
    await within(thread.members.add(fx.alice.id), WAIT_MS, 'members.add again');
    const members = await within(thread.members.fetch({ cache: false }), WAIT_MS, 'members.fetch');
    expect([...members.keys()].sort()).toEqual([fx.discord.applicationId, fx.alice.id].sort());

    await within(thread.members.add(carol.id), WAIT_MS, 'members.add carol');
    await within(thread.members.remove(carol.id), WAIT_MS, 'members.remove');
    expect(carol.canView(thread.id)).toBe(false);
    await eventually(
      () => packets('THREAD_MEMBERS_UPDATE', thread.id).find((d) => Array.isArray(d.removed_member_ids)),
      'THREAD_MEMBERS_UPDATE (removed)',
    );
  });

  it('a thread from a message has its id, and the message says it has a thread', async () => {
    const message = await within(fx.textChannel().send('table 9 is open'), WAIT_MS, 'send');
    const thread = await within(message.startThread({ name: 'Table 9' }), WAIT_MS, 'startThread');
    expect(thread.id).toBe(message.id);
    expect(thread.type).toBe(ChannelType.PublicThread);
    const fetched = await within(
      fx.textChannel().messages.fetch({ message: message.id, force: true }),
      WAIT_MS,
      'fetch',
    );
    expect(fetched.hasThread).toBe(true);
    expect(fetched.thread?.id).toBe(thread.id);
    // discord.js knows already (hasThread); Discord refuses it too.
    const again = await refusedWith(
      fx.client.rest.post(`/channels/${fx.channel.id}/messages/${message.id}/threads`, {
        body: { name: 'Table 9 again' },
      }),
    );
    expect(again.code).toBe(160004);
  });

  it('validation as Discord: bad name or type is 50035 with its field errors; not in a thread, not for unknown users', async () => {
    const route = `/channels/${fx.channel.id}/threads` as const;
    const empty = await refusedWith(fx.client.rest.post(route, { body: { name: '', type: 11 } }));
    expect(empty.code).toBe(50035);
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.rawError)).toContain('BASE_TYPE_BAD_LENGTH');
    expect((empty.rawError as { errors: Record<string, unknown> }).errors).toHaveProperty('name');

    const long = await refusedWith(fx.textChannel().threads.create({ name: 'x'.repeat(101) }));
    expect(long.code).toBe(50035);
    const missing = await refusedWith(fx.client.rest.post(route, { body: { type: 11 } }));
    expect((missing.rawError as { errors: Record<string, unknown> }).errors).toHaveProperty('name');

    const badType = await refusedWith(fx.client.rest.post(route, { body: { name: 'ok', type: 0 } }));
    expect(badType.code).toBe(50035);
    expect((badType.rawError as { errors: Record<string, unknown> }).errors).toHaveProperty('type');
    const badDuration = await refusedWith(
      fx.client.rest.post(route, { body: { name: 'ok', type: 11, auto_archive_duration: 30 } }),
    );
    expect((badDuration.rawError as { errors: Record<string, unknown> }).errors).toHaveProperty(
      'auto_archive_duration',
    );

    // No type: a private thread (API v10's default).
    const untyped = (await within(
      fx.client.rest.post(route, { body: { name: 'untyped' } }),
      WAIT_MS,
      'post',
    )) as { type: number; id: string };
    expect(untyped.type).toBe(12);

    const thread = await createPublic();
    const nested = await refusedWith(
      fx.client.rest.post(`/channels/${thread.id}/threads`, { body: { name: 'n' } }),
    );
    expect(nested.code).toBe(50024);
    const unknownUser = await refusedWith(thread.members.add('123456789012345678'));
    expect(unknownUser.code).toBe(10013);
    const notThread = await refusedWith(
      fx.client.rest.put(`/channels/${fx.channel.id}/thread-members/${fx.alice.id}`),
    );
    expect(notThread.code).toBe(50024);
    const unknownChannel = await refusedWith(
      fx.client.rest.post('/channels/123456789012345678/threads', { body: { name: 'n' } }),
    );
    expect(unknownChannel.code).toBe(10003);
    // Nothing was made by the refused requests.
    expect(fx.discord.threads(fx.channel.id).some((t) => t.name === 'ok' || t.name === '')).toBe(false);
  });
});

describe('messages in threads', () => {
  it('send, edit, fetch and delete work as in a text channel; MESSAGE_CREATE carries the thread', async () => {
    const thread = await createPrivate();
    await within(thread.members.add(fx.alice.id), WAIT_MS, 'members.add');
    const sent = await within(thread.send('deal 1: your cards'), WAIT_MS, 'send');
    expect(sent.channelId).toBe(thread.id);
    expect(sent.channel).toBe(thread);
    const created = await eventually(
      () => fx.rawPackets.find((p) => p.t === 'MESSAGE_CREATE' && (p.d as { id: string }).id === sent.id),
      'MESSAGE_CREATE',
    );
    expect((created.d as { channel_id: string }).channel_id).toBe(thread.id);

    const edited = await within(sent.edit('deal 1: played'), WAIT_MS, 'edit');
    expect(edited.content).toBe('deal 1: played');
    const fetched = await within(thread.messages.fetch({ message: sent.id, force: true }), WAIT_MS, 'fetch');
    expect(fetched.content).toBe('deal 1: played');
    expect(fx.alice.messages(thread.id).map((m) => m.content)).toEqual(['deal 1: played']);
    expect(fx.discord.channelMessages(thread.id).map((m) => m.id)).toEqual([sent.id]);
    // The parent channel does not show it.
    expect(fx.alice.messages(fx.channel.id).some((m) => m.id === sent.id)).toBe(false);

    // Not a member of the private thread: bob sees nothing there, and waits for nothing in vain.
    expect(fx.bob.messages(thread.id)).toEqual([]);
    await expect(fx.bob.waitForMessage(thread.id, () => true, 100)).rejects.toThrow(/timed out/);
    expect(() => fx.bob.click(sent.id, 'none')).toThrow(/cannot see message/);

    expect(fx.discord.thread(thread.id)).toMatchObject({ messageCount: 1, totalMessageSent: 1 });
    await within(sent.delete(), WAIT_MS, 'delete');
    expect(fx.alice.messages(thread.id)).toEqual([]);
    expect(fx.discord.thread(thread.id)).toMatchObject({ messageCount: 0, totalMessageSent: 1 });
  });
});

describe('interactions in threads', () => {
  it('a member clicks a button in a private thread: channelId is the thread, an ephemeral reply reaches only the clicker', async () => {
    const thread = await createPrivate();
    await within(thread.members.add(fx.alice.id), WAIT_MS, 'members.add alice');
    await within(thread.members.add(carol.id), WAIT_MS, 'members.add carol');
    const board = await within(
      thread.send({ content: 'board 3', components: [buttonRow('play')] }),
      WAIT_MS,
      'send',
    );

    const secret = `your hand ${Date.now()}`;
    const outcome = fx.handleNext(async (interaction) => {
      if (!interaction.isButton()) throw new Error('not a button');
      expect(interaction.channelId).toBe(thread.id);
      expect(interaction.channel?.isThread()).toBe(true);
      expect(interaction.channel?.type).toBe(ChannelType.PrivateThread);
      expect((interaction.channel as ThreadChannel).parentId).toBe(fx.channel.id);
      expect(interaction.message.id).toBe(board.id);
      await interaction.reply({ content: secret, flags: MessageFlags.Ephemeral });
      return interaction.channelId;
    });
    const click = fx.alice.click(board.id, 'play');
    expect(succeeded(await outcome)).toBe(thread.id);
    const reply = await click.reply();
    expect(reply).toMatchObject({ content: secret, ephemeral: true, channelId: thread.id });
    expect(fx.alice.messages(thread.id).some((m) => m.content === secret)).toBe(true);
    expect(carol.messages(thread.id).some((m) => m.content === secret)).toBe(false);
    expect(carol.messages(thread.id).map((m) => m.id)).toEqual([board.id]);
    expect(fx.bob.messages(thread.id)).toEqual([]);

    // A non-member can neither click there nor use a command there.
    expect(() => fx.bob.click(board.id, 'play')).toThrow(/cannot see message/);
    expect(() => fx.bob.forgeClick(board.id, 'play')).toThrow(/cannot see message/);
    expect(() => fx.bob.slash(thread.id, 'ping')).toThrow(/cannot see channel/);
    expect(fx.discord.canView(fx.bob.id, thread.id)).toBe(false);
  });

  it('a slash command in a public thread: discord.js builds the interaction with the thread as its channel', async () => {
    const thread = await createPublic();
    const outcome = fx.handleNext(async (interaction) => {
      if (!interaction.isChatInputCommand()) throw new Error('not a command');
      expect(interaction.channel?.type).toBe(ChannelType.PublicThread);
      await interaction.reply('pong in the thread');
      return interaction.channelId;
    });
    const handle = fx.bob.slash(thread.id, 'ping');
    expect(succeeded(await outcome)).toBe(thread.id);
    const reply = await handle.reply();
    expect(reply.channelId).toBe(thread.id);
    expect(fx.alice.messages(thread.id).map((m) => m.id)).toContain(reply.id);
    const payload = fx.rawPackets.find(
      (p) => p.t === 'INTERACTION_CREATE' && (p.d as { id: string }).id === handle.id,
    )?.d as { channel_id: string; channel: { type: number; parent_id: string } };
    expect(payload.channel_id).toBe(thread.id);
    expect(payload.channel).toMatchObject({ type: 11, parent_id: fx.channel.id });

    // A public thread can be joined by anyone who sees it.
    fx.bob.joinThread(thread.id);
    expect(fx.discord.threadMembers(thread.id)).toContain(fx.bob.id);
  });
});

describe('archiving, locking, deleting', () => {
  it('an archived thread refuses edits (50083) until a post unarchives it; THREAD_UPDATE each time', async () => {
    const thread = await createPublic();
    const sent = await within(thread.send('score 0:0'), WAIT_MS, 'send');
    await within(thread.setArchived(true), WAIT_MS, 'setArchived');
    expect(thread.archived).toBe(true);
    expect(fx.discord.thread(thread.id)?.archived).toBe(true);
    await eventually(
      () =>
        packets('THREAD_UPDATE', thread.id).find(
          (d) => (d.thread_metadata as { archived: boolean }).archived,
        ),
      'THREAD_UPDATE (archived)',
    );
    const edit = await refusedWith(sent.edit('score 1:0'));
    expect(edit.code).toBe(50083);
    const rename = await refusedWith(thread.setName('renamed'));
    expect(rename.code).toBe(50083);
    const add = await refusedWith(thread.members.add(fx.alice.id));
    expect(add.code).toBe(50083);

    // A post unarchives it (Discord does so for a member when it is not locked).
    await within(thread.send('back again'), WAIT_MS, 'send');
    expect(fx.discord.thread(thread.id)?.archived).toBe(false);
    await eventually(() => (thread.archived ? undefined : true), 'discord.js to see it unarchived');
    await within(sent.edit('score 1:0'), WAIT_MS, 'edit');

    // Unarchiving and renaming in one request is allowed.
    await within(thread.setArchived(true), WAIT_MS, 'archive');
    const edited = await within(thread.edit({ archived: false, name: 'Final' }), WAIT_MS, 'edit thread');
    expect(edited.name).toBe('Final');
    expect(edited.archived).toBe(false);
  });

  it('a locked thread refuses the bot posts (160005; 50083 when also archived); unlocking lets them through', async () => {
    const thread = await createPublic();
    const board = await within(
      thread.send({ content: 'the end', components: [buttonRow('again')] }),
      WAIT_MS,
      'send',
    );
    await within(thread.setLocked(true), WAIT_MS, 'setLocked');
    expect(thread.locked).toBe(true);
    const locked = await refusedWith(thread.send('one more'));
    expect(locked.code).toBe(160005);

    // An interaction's answer in a locked (not archived) thread still goes.
    const outcome = fx.handleNext(async (interaction) => {
      if (!interaction.isButton()) throw new Error('not a button');
      await interaction.reply({ content: 'the game is over', flags: MessageFlags.Ephemeral });
    });
    const click = fx.alice.click(board.id, 'again');
    succeeded(await outcome);
    expect((await click.reply()).content).toBe('the game is over');

    await within(thread.setArchived(true), WAIT_MS, 'setArchived');
    const archived = await refusedWith(thread.send('one more'));
    expect(archived.code).toBe(50083);
    expect(fx.discord.thread(thread.id)).toMatchObject({ archived: true, locked: true });

    await within(thread.edit({ archived: false, locked: false }), WAIT_MS, 'unlock');
    await within(thread.send('open again'), WAIT_MS, 'send');
  });

  it('threads idle past their auto-archive duration are archived when the clock moves on', async () => {
    const thread = await within(
      fx
        .textChannel()
        .threads.create({ name: tableName(), type: ChannelType.PublicThread, autoArchiveDuration: 60 }),
      WAIT_MS,
      'create',
    );
    fx.discord.advanceTime(61 * 60_000);
    expect(fx.discord.thread(thread.id)?.archived).toBe(true);
    await eventually(() => (thread.archived ? true : undefined), 'discord.js to see it archived');
  });

  it('deleting a thread: THREAD_DELETE, gone from discord.js, from the world and from everyone', async () => {
    const thread = await createPrivate();
    await within(thread.members.add(fx.alice.id), WAIT_MS, 'members.add');
    await within(thread.send('soon gone'), WAIT_MS, 'send');
    await within(thread.delete(), WAIT_MS, 'delete');
    await eventually(() => packets('THREAD_DELETE', thread.id)[0], 'THREAD_DELETE');
    await eventually(() => (fx.client.channels.cache.has(thread.id) ? undefined : true), 'the cache');
    expect(fx.discord.thread(thread.id)).toBeUndefined();
    expect(fx.alice.canView(thread.id)).toBe(false);
    expect(fx.alice.messages(thread.id)).toEqual([]);
    const gone = await refusedWith(fx.client.rest.get(`/channels/${thread.id}`));
    expect(gone.code).toBe(10003);
  });

  it('a bot connecting anew gets the active threads in GUILD_CREATE, and fetchActive lists them', async () => {
    const active = await createPrivate();
    const archived = await createPublic();
    await within(archived.setArchived(true), WAIT_MS, 'archive');
    const second = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: fx.discord.restUrl } });
    try {
      const ready = within(
        new Promise<void>((resolve) => second.once(Events.ClientReady, () => resolve())),
        WAIT_MS,
        'ClientReady',
      );
      await within(second.login(fx.discord.token), WAIT_MS, 'login');
      await ready;
      const cached = second.channels.cache.get(active.id);
      expect(cached?.isThread() && cached.joined).toBe(true);
      expect(second.channels.cache.has(archived.id)).toBe(false);
      const fetched = await within(
        fx.client.guilds.cache.get(fx.guild.id)!.channels.fetchActiveThreads(),
        WAIT_MS,
        'fetchActiveThreads',
      );
      expect(fetched.threads.has(active.id)).toBe(true);
      expect(fetched.threads.has(archived.id)).toBe(false);
      const old = await within(
        fx.textChannel().threads.fetchArchived({ type: 'public' }),
        WAIT_MS,
        'fetchArchived',
      );
      expect(old.threads.has(archived.id)).toBe(true);
    } finally {
      await second.destroy();
    }
  });
});

describe("Discord's thread-creation limit", () => {
  it('past the limit, 429 with retry_after and the bucket headers, as Discord answers', async () => {
    fx.discord.threadCreateLimit = { count: 2, windowMs: 300 };
    // Threads the tests before made count in the window too: let it pass.
    await new Promise((resolve) => setTimeout(resolve, 320));
    const post = () =>
      fetch(`${fx.discord.restUrl}/v10/channels/${fx.channel.id}/threads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bot ${fx.discord.token}` },
        body: JSON.stringify({ name: tableName(), type: 11 }),
      });
    const statuses = [(await post()).status, (await post()).status];
    const limited = await post();
    expect(statuses).toEqual([201, 201]);
    expect(limited.status).toBe(429);
    const body = (await limited.json()) as { retry_after: number; global: boolean };
    expect(body.global).toBe(false);
    expect(body.retry_after).toBeGreaterThan(0);
    expect(body.retry_after).toBeLessThanOrEqual(0.3);
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(limited.headers.get('x-ratelimit-scope')).toBe('shared');
    expect(Number(limited.headers.get('x-ratelimit-reset-after'))).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, body.retry_after * 1000 + 20));
    expect((await post()).status).toBe(201);
  });

  it('a bot creating 12 threads at once meets 429s; discord.js waits and retries, and all are created', async () => {
    fx.discord.threadCreateLimit = { count: 4, windowMs: 300 };
    const from = fx.discord.calls.length;
    const names = Array.from({ length: 12 }, () => tableName());
    const threads = await within(
      Promise.all(
        names.map((name) => fx.textChannel().threads.create({ name, type: ChannelType.PrivateThread })),
      ),
      15_000,
      'twelve threads',
    );
    expect(threads.map((t) => t.name)).toEqual(names);
    const calls = fx.discord.calls.slice(from).filter((c) => c.route === '/channels/:channel/threads');
    expect(calls.filter((c) => c.status === 429).length).toBeGreaterThan(0);
    expect(calls.filter((c) => c.status === 201)).toHaveLength(12);
    const made = fx.discord.threads(fx.channel.id).filter((t) => names.includes(t.name));
    expect(made).toHaveLength(12);
  });
});
