/**
 * The local Discord's raw injection (`injectInteraction`) and drafts, with a real discord.js client:
 * the payload goes out exactly as given; a draft's id and token are open, so an answer to them is
 * taken and recorded; one injected while no session is connected is held and delivered first to the
 * next session. An ordinary interaction made while the bot is down is queued on the old session
 * only: a new session (a restarted process identifies anew) never gets it, as on Discord.
 */
import { Client, Events, GatewayIntentBits } from 'discord.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalDiscord, type ScriptedUser } from '../../src/localDiscord/index.js';
import { eventually, within } from '../support/discordFixture.js';

let discord: LocalDiscord;
let ann: ScriptedUser;
let channelId = '';
let clients: Client[];
let packets: Array<{ t: string; d: unknown; client: number }>;

beforeEach(async () => {
  discord = await LocalDiscord.start({ heartbeatIntervalMs: 30_000 });
  ann = discord.addUser('Ann');
  channelId = (discord.addGuild('Injection Club', ['general']).channels[0] as { id: string }).id;
  clients = [];
  packets = [];
});
afterEach(async () => {
  for (const client of clients) await client.destroy();
  await discord.close();
});

/** A discord.js client logged in to the local Discord; every dispatch it gets is kept. */
async function connect(): Promise<Client> {
  const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: discord.restUrl } });
  const index = clients.length;
  clients.push(client);
  client.on(Events.Raw, (p: { t: string; d: unknown }) => packets.push({ t: p.t, d: p.d, client: index }));
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await within(client.login(discord.token), 5_000, 'login');
  await within(ready, 5_000, 'ready');
  return client;
}

const interactions = (client: number) =>
  packets.filter((p) => p.client === client && p.t === 'INTERACTION_CREATE').map((p) => p.d);

describe('injectInteraction', () => {
  it('sends exactly the payload given, even one no client could send', async () => {
    await connect();
    const odd = { id: 'x', type: 99, data: { options: [null] }, nested: [1, 'two', { three: null }] };
    const handle = discord.injectInteraction(odd);
    expect(handle.delivery).toBe('sent');
    expect(handle.id).toBe('x');
    await eventually(() => (interactions(0).length > 0 ? true : undefined), 'the injected payload');
    expect(interactions(0)).toEqual([odd]);
    expect(discord.injectInteraction(null).id).toBeNull();
  });

  it('a draft is the payload the action would send, not sent; an answer to its id and token is taken', async () => {
    const client = await connect();
    client.on(Events.InteractionCreate, (interaction) => {
      if (interaction.isButton()) void interaction.reply({ content: `got ${interaction.customId}` });
    });
    const draft = ann.draftForge(channelId, {
      kind: 'component',
      messageId: await postedMessageId(client),
      customId: 'hello',
      componentType: 2,
    });
    expect(interactions(0)).toEqual([]);
    expect(draft).toMatchObject({ type: 3, data: { custom_id: 'hello' }, member: { user: { id: ann.id } } });
    const handle = discord.injectInteraction(draft);
    const call = await handle.callback();
    expect(call.status).toBe(204);
    expect(handle.answered).toBe(true);
    expect(handle.callbacks()).toHaveLength(1);
    expect(ann.messages(channelId).some((m) => m.content === 'got hello')).toBe(true);
  });

  it('with no session connected it is held, then delivered first to the next session, once', async () => {
    const first = await connect();
    await first.destroy();
    await eventually(() => (discord.gateway.connected === 0 ? true : undefined), 'the session to close');
    const draft = ann.draftForge(channelId, { kind: 'command', name: 'hello' });
    const handle = discord.injectInteraction(draft);
    expect(handle.delivery).toBe('held');
    expect(discord.gateway.heldCount).toBe(1);
    await connect();
    await eventually(() => (interactions(1).length > 0 ? true : undefined), 'the held payload');
    expect(interactions(1)).toEqual([draft]);
    expect(discord.gateway.heldCount).toBe(0);
    // The first dispatch after the session's READY and guilds.
    const second = packets.filter((p) => p.client === 1).map((p) => p.t);
    expect(second.slice(0, 3)).toEqual(['READY', 'GUILD_CREATE', 'INTERACTION_CREATE']);
    // Delivered once: a third session does not get it again.
    await connect();
    expect(interactions(2)).toEqual([]);
  });

  it('an ordinary interaction made while the bot is down never reaches a new session', async () => {
    const first = await connect();
    await first.destroy();
    await eventually(() => (discord.gateway.connected === 0 ? true : undefined), 'the session to close');
    ann.forge(channelId, { kind: 'command', name: 'hello' });
    await connect();
    expect(discord.injectInteraction({ marker: true }).delivery).toBe('sent');
    await eventually(() => (interactions(1).length > 0 ? true : undefined), 'the marker');
    expect(interactions(1)).toEqual([{ marker: true }]);
  });
});

/** A message with a button, posted by the client in the channel; its id. */
async function postedMessageId(client: Client): Promise<string> {
  const channel = await client.channels.fetch(channelId);
  if (!channel?.isSendable()) throw new Error('no channel');
  const message = await channel.send({
    content: 'buttons',
    components: [{ type: 1, components: [{ type: 2, style: 1, custom_id: 'hello', label: 'Hello' }] }],
  });
  return message.id;
}
