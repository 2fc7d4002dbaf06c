/** The gateway with the real discord.js client: heartbeats, and RESUME after the connection drops. */
import { Events, Status } from 'discord.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type DiscordFixture,
  eventually,
  startDiscordFixture,
  succeeded,
  testCommands,
  WAIT_MS,
  within,
} from '../support/discordFixture.js';

const HEARTBEAT_MS = 400;

let fx: DiscordFixture;
beforeAll(async () => {
  fx = await startDiscordFixture({ guildCommands: testCommands(), heartbeatIntervalMs: HEARTBEAT_MS });
});
afterEach(() => fx?.forgetPending());
afterAll(() => fx?.close());

describe('gateway', () => {
  it('acknowledges heartbeats: the client measures a ping and keeps its session', async () => {
    const { client, discord } = fx;
    const ping = await eventually(
      () => (client.ws.ping >= 0 ? client.ws.ping : undefined),
      'a heartbeat ACK',
    );
    expect(ping).toBeLessThan(1_000);
    // A missed ACK would make discord.js drop the connection and resume at the next beat.
    await new Promise((resolve) => setTimeout(resolve, HEARTBEAT_MS * 3));
    expect(discord.gateway.identifies).toBe(1);
    expect(discord.gateway.resumes).toBe(0);
    expect(client.ws.status).toBe(Status.Ready);
    expect(discord.gateway.connected).toBe(1);
  });

  it('after the connection drops, the client RESUMEs and gets the interaction sent meanwhile', async () => {
    const { client, discord } = fx;
    const identifies = discord.gateway.identifies;
    const resumes = discord.gateway.resumes;
    const resumed = within(
      new Promise<number>((resolve) => client.once(Events.ShardResume, (_id, replayed) => resolve(replayed))),
      WAIT_MS,
      'ShardResume',
    );
    const outcome = fx.handleNext(async (interaction) => {
      if (!interaction.isChatInputCommand()) throw new Error('not a command');
      await interaction.reply(`resumed, ${interaction.options.getString('text', true)}`);
      return interaction.id;
    });

    discord.dropGatewayConnections();
    expect(discord.gateway.connected).toBe(0);
    // Dispatched while the bot is disconnected: queued for its session.
    const handle = fx.alice.slash(fx.channel.id, 'say', { options: { text: 'welcome back' } });

    expect(succeeded(await outcome)).toBe(handle.id);
    expect((await handle.reply()).content).toBe('resumed, welcome back');
    expect(await resumed).toBeGreaterThanOrEqual(1);
    expect(discord.gateway.resumes).toBe(resumes + 1);
    expect(discord.gateway.identifies).toBe(identifies);
    await discord.waitForBot();
    expect(discord.gateway.connected).toBe(1);
    // Delivered exactly once.
    const deliveries = fx.rawPackets.filter(
      (p) => p.t === 'INTERACTION_CREATE' && (p.d as { id: string }).id === handle.id,
    );
    expect(deliveries).toHaveLength(1);
  });

  it('keeps working after a resume: the next interaction is answered normally', async () => {
    const outcome = fx.handleNext(async (interaction) => {
      if (!interaction.isChatInputCommand()) throw new Error('not a command');
      await interaction.reply('still here');
    });
    const handle = fx.bob.slash(fx.channel.id, 'ping');
    succeeded(await outcome);
    expect((await handle.reply()).content).toBe('still here');
    expect(fx.handlerErrors).toEqual([]);
  });
});
