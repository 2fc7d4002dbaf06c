/** The local Discord with the real discord.js client: login and READY, command registration, the call log. */
import {
  ChannelType,
  type ChatInputCommandInteraction,
  type RESTError,
  RESTEvents,
  Routes,
  SlashCommandBuilder,
} from 'discord.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RestCall } from '../../src/localDiscord/index.js';
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
beforeAll(async () => {
  fx = await startDiscordFixture();
});
afterEach(() => fx?.forgetPending());
afterAll(() => fx?.close());

describe('login', () => {
  it('starts with GET /gateway/bot, then the client is ready with the guild and its channel', () => {
    const { client, discord, guild, channel } = fx;
    expect(discord.calls[0]).toMatchObject({ method: 'GET', route: '/gateway/bot', status: 200 });
    expect(client.isReady()).toBe(true);
    expect(client.user.id).toBe(discord.applicationId);
    expect(client.user.bot).toBe(true);
    expect(discord.gateway.identifies).toBe(1);

    const types = fx.rawPackets.map((p) => p.t);
    expect(types.slice(0, 2)).toEqual(['READY', 'GUILD_CREATE']);

    const cachedGuild = client.guilds.cache.get(guild.id);
    expect(cachedGuild?.name).toBe('Tichu Club');
    expect(cachedGuild?.available).toBe(true);
    const cachedChannel = cachedGuild?.channels.cache.get(channel.id);
    expect(cachedChannel?.name).toBe('general');
    expect(cachedChannel?.type).toBe(ChannelType.GuildText);
    expect(fx.textChannel().guildId).toBe(guild.id);
    // The scripted users and the bot are members.
    expect(cachedGuild?.members.cache.has(fx.alice.id)).toBe(true);
    expect(cachedGuild?.members.cache.has(fx.bob.id)).toBe(true);
    expect(cachedGuild?.members.me?.id).toBe(discord.applicationId);
  });

  it('uses realistic snowflakes for ids', () => {
    for (const id of [fx.guild.id, fx.channel.id, fx.alice.id, fx.discord.applicationId]) {
      expect(id).toMatch(/^\d{17,19}$/);
    }
  });

  it('refuses a wrong token at the REST API with 401', async () => {
    const { REST } = await import('discord.js');
    const rest = new REST({ api: fx.discord.restUrl, retries: 0 }).setToken('not-the-token');
    try {
      const error = await refusedWith(rest.get(Routes.user('@me')));
      expect(error.status).toBe(401);
    } finally {
      rest.clearHashSweeper();
      rest.clearHandlerSweeper();
    }
  });
});

describe('command registration', () => {
  it('stores guild commands and global commands, and a scripted user can use both', async () => {
    const { rest, discord, guild } = fx;
    const guildBody = testCommands();
    const global = [new SlashCommandBuilder().setName('help').setDescription('How to play').toJSON()];
    const savedGuild = (await within(
      rest.put(Routes.applicationGuildCommands(discord.applicationId, guild.id), { body: guildBody }),
      WAIT_MS,
      'PUT guild commands',
    )) as Array<{ id: string; name: string; guild_id?: string; application_id: string }>;
    await within(
      rest.put(Routes.applicationCommands(discord.applicationId), { body: global }),
      WAIT_MS,
      'PUT global commands',
    );

    expect(savedGuild.map((c) => c.name)).toEqual(['ping', 'say', 'find']);
    for (const c of savedGuild) {
      expect(c.id).toMatch(/^\d{17,19}$/);
      expect(c.guild_id).toBe(guild.id);
      expect(c.application_id).toBe(discord.applicationId);
    }
    expect(discord.hub.world.commands.get(guild.id)?.map((c) => c.name)).toEqual(['ping', 'say', 'find']);
    expect(discord.hub.world.commands.get('global')?.map((c) => c.name)).toEqual(['help']);

    const listed = (await within(
      rest.get(Routes.applicationGuildCommands(discord.applicationId, guild.id)),
      WAIT_MS,
      'GET guild commands',
    )) as Array<{ name: string; options?: Array<{ name: string; autocomplete?: boolean }> }>;
    expect(listed.map((c) => c.name)).toEqual(['ping', 'say', 'find']);
    expect(listed.find((c) => c.name === 'find')?.options?.[0]).toMatchObject({
      name: 'query',
      autocomplete: true,
    });

    // Overwriting keeps the id of a command that stays.
    const again = (await within(
      rest.put(Routes.applicationGuildCommands(discord.applicationId, guild.id), { body: guildBody }),
      WAIT_MS,
      'PUT guild commands again',
    )) as Array<{ id: string }>;
    expect(again.map((c) => c.id)).toEqual(savedGuild.map((c) => c.id));

    // Both scopes are usable, and discord.js sees the command's name and options.
    for (const [name, input] of [
      ['help', {}],
      ['say', { options: { text: 'hi' } }],
    ] as const) {
      const outcome = fx.handleNext(async (interaction) => {
        const command = interaction as ChatInputCommandInteraction;
        await command.reply(`${command.commandName}:${command.options.getString('text') ?? '-'}`);
        return command.commandId;
      });
      const handle = fx.alice.slash(fx.channel.id, name, input);
      const commandId = succeeded(await outcome);
      expect((await handle.reply()).content).toBe(name === 'help' ? 'help:-' : 'say:hi');
      const registered = [...(discord.hub.world.commands.get(guild.id) ?? []), ...global].find(
        (c) => c.name === name,
      );
      if (name === 'say') expect(commandId).toBe((registered as { id: string }).id);
    }
  });

  it.each([
    ['upper case', 'Ping'],
    ['a space', 'two words'],
    ['33 characters', 'a'.repeat(33)],
  ])('refuses a command name with %s with 50035', async (_what, name) => {
    const { rest, discord, guild } = fx;
    const before = discord.hub.world.commands.get(guild.id);
    const error = await refusedWith(
      rest.put(Routes.applicationGuildCommands(discord.applicationId, guild.id), {
        body: [{ name, description: 'A command', type: 1 }],
      }),
    );
    expect(error.code).toBe(50035);
    expect(error.status).toBe(400);
    expect(JSON.stringify((error.rawError as RESTError).errors)).toContain(
      'APPLICATION_COMMAND_INVALID_NAME',
    );
    // Nothing was overwritten.
    expect(discord.hub.world.commands.get(guild.id)).toBe(before);
  });

  it('refuses a bad global command name too', async () => {
    const error = await refusedWith(
      fx.rest.put(Routes.applicationCommands(fx.discord.applicationId), {
        body: [{ name: 'Bad Name', description: 'x' }],
      }),
    );
    expect(error.code).toBe(50035);
  });

  it('refuses a slash command without a description with 50035', async () => {
    const error = await refusedWith(
      fx.rest.put(Routes.applicationCommands(fx.discord.applicationId), { body: [{ name: 'nodesc' }] }),
    );
    expect(error.code).toBe(50035);
  });
});

describe('the REST call record', () => {
  it('holds every call discord.js made, with method, route and status', async () => {
    const { client, discord } = fx;
    const seen: Array<{ method: string; path: string; status: number }> = [];
    const onResponse = (request: { method: string; path: string }, response: { status: number }) => {
      seen.push({ method: request.method.toUpperCase(), path: request.path, status: response.status });
    };
    client.rest.on(RESTEvents.Response, onResponse);
    const from = discord.calls.length;
    try {
      const outcome = fx.handleNext(async (interaction) => {
        if (!interaction.isChatInputCommand()) throw new Error('not a command');
        await interaction.deferReply();
        await interaction.editReply('pong');
        const sent = await fx.textChannel().send('a channel message');
        await sent.edit('an edited channel message');
        await interaction.followUp('a follow-up');
      });
      fx.alice.slash(fx.channel.id, 'ping');
      succeeded(await outcome);
    } finally {
      client.rest.off(RESTEvents.Response, onResponse);
    }

    const calls = discord.calls.slice(from);
    expect(calls.map((c) => `${c.method} ${c.route} ${c.status}`)).toEqual([
      'POST /interactions/:interaction/:token/callback 204',
      'PATCH /webhooks/:app/:token/messages/:message 200',
      'POST /channels/:channel/messages 200',
      'PATCH /channels/:channel/messages/:message 200',
      'POST /webhooks/:app/:token 200',
    ]);
    // discord.js saw exactly these requests, with these statuses.
    expect(seen.map((s) => `${s.method} ${s.status}`)).toEqual(calls.map((c) => `${c.method} ${c.status}`));
    expect(calls[1]?.path).toMatch(/\/messages\/@original$/);
    expect(calls[0]?.body).toMatchObject({ type: 5 });
    expect(calls[2]?.body).toMatchObject({ content: 'a channel message' });
    for (const call of calls) expect(call.at).toBeTypeOf('number');
  });

  it('nextCall resolves with the first matching call made after it was asked', async () => {
    const { discord } = fx;
    const earlier = discord.calls.length;
    const callback = discord.nextCall((c) => c.route === '/interactions/:interaction/:token/callback');
    const edit = discord.nextCall((c) => c.method === 'PATCH' && c.route.startsWith('/webhooks/'));
    const outcome = fx.handleNext(async (interaction) => {
      if (!interaction.isChatInputCommand()) throw new Error('not a command');
      await interaction.reply('first');
      await interaction.editReply('second');
    });
    const handle = fx.alice.slash(fx.channel.id, 'ping');
    const [cb, ed] = await Promise.all([callback, edit]);
    succeeded(await outcome);
    expect(cb.method).toBe('POST');
    expect(cb.status).toBe(204);
    expect(cb.path).toBe(`/interactions/${handle.id}/${handle.record.token}/callback`);
    expect(ed.status).toBe(200);
    expect((ed.body as { content?: string }).content).toBe('second');
    expect(discord.calls.indexOf(cb)).toBeGreaterThanOrEqual(earlier);
    expect(discord.calls.indexOf(ed)).toBeGreaterThan(discord.calls.indexOf(cb));
  });

  it('nextCall ignores calls made before it was asked and times out when nothing matches', async () => {
    const { discord } = fx;
    expect(discord.calls.some((c) => c.route === '/gateway/bot')).toBe(true);
    const started = Date.now();
    await expect(discord.nextCall((c: RestCall) => c.route === '/gateway/bot', 150)).rejects.toThrow(
      /timed out/,
    );
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('records refused calls with their status and Discord error body', async () => {
    const { discord } = fx;
    const failed = discord.nextCall((c) => c.status >= 400);
    await refusedWith(fx.textChannel().send({ content: '' }));
    const call = await failed;
    expect(call).toMatchObject({ method: 'POST', route: '/channels/:channel/messages', status: 400 });
    expect(call.response).toMatchObject({ code: 50006 });
    await eventually(() => (discord.calls.includes(call) ? true : undefined), 'the call in the log');
  });
});
