/**
 * Message events over the gateway: like Discord, MESSAGE_CREATE / _UPDATE / _DELETE go only to
 * clients with the GUILD_MESSAGES intent, and an ephemeral message is never dispatched at all.
 */
import { GatewayIntentBits, MessageFlags } from 'discord.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type DiscordFixture,
  eventually,
  startDiscordFixture,
  succeeded,
  testCommands,
  within,
} from '../support/discordFixture.js';

describe('with the GUILD_MESSAGES intent', () => {
  let fx: DiscordFixture;
  beforeAll(async () => {
    fx = await startDiscordFixture({
      guildCommands: testCommands(),
      intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages],
    });
  });
  afterEach(() => fx.forgetPending());
  afterAll(async () => {
    await fx?.close();
  });

  const packets = (type: string, text: string) =>
    fx.rawPackets.filter((p) => p.t === type && JSON.stringify(p.d).includes(text));

  it('a public message is dispatched when created, edited and deleted', async () => {
    const sent = await within(fx.textChannel().send('hello table'), 5_000, 'send');
    await eventually(
      () => (packets('MESSAGE_CREATE', 'hello table').length > 0 ? true : undefined),
      'MESSAGE_CREATE',
    );
    await within(sent.edit('hello again'), 5_000, 'edit');
    await eventually(
      () => (packets('MESSAGE_UPDATE', 'hello again').length > 0 ? true : undefined),
      'MESSAGE_UPDATE',
    );
    await within(sent.delete(), 5_000, 'delete');
    await eventually(
      () => (packets('MESSAGE_DELETE', sent.id).length > 0 ? true : undefined),
      'MESSAGE_DELETE',
    );
  });

  it('an ephemeral reply is never dispatched, while the public reply after it is', async () => {
    const secret = `only for alice ${Date.now()}`;
    const outcome = fx.handleNext(async (interaction) => {
      if (!interaction.isChatInputCommand()) throw new Error('not a command');
      await interaction.reply({ content: secret, flags: MessageFlags.Ephemeral });
      await interaction.followUp({ content: `${secret} (public)` });
      return true;
    });
    await fx.alice.slash(fx.channel.id, 'ping').reply();
    succeeded(await outcome);
    await eventually(
      () => (packets('MESSAGE_CREATE', `${secret} (public)`).length > 0 ? true : undefined),
      'the public follow-up',
    );
    const leaked = fx.rawPackets.filter(
      (p) =>
        p.t.startsWith('MESSAGE_') &&
        JSON.stringify(p.d).includes(secret) &&
        !JSON.stringify(p.d).includes('(public)'),
    );
    expect(leaked).toEqual([]);
  });
});

describe('without it (as the bot)', () => {
  let fx: DiscordFixture;
  beforeAll(async () => {
    fx = await startDiscordFixture({ guildCommands: testCommands() });
  });
  afterAll(async () => {
    await fx?.close();
  });

  it('no message event arrives at all', async () => {
    await within(fx.textChannel().send('nobody hears this'), 5_000, 'send');
    // A later interaction proves the gateway delivered everything sent before it.
    const outcome = fx.handleNext(async (interaction) => {
      if (!interaction.isChatInputCommand()) throw new Error('not a command');
      await interaction.reply({ content: 'pong' });
      return true;
    });
    await fx.alice.slash(fx.channel.id, 'ping').reply();
    expect(succeeded(await outcome)).toBe(true);
    expect(fx.rawPackets.filter((p) => p.t.startsWith('MESSAGE_'))).toEqual([]);
  });
});
