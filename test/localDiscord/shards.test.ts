/**
 * The local Discord's sharding, as Discord does it: IDENTIFY with `shard: [id, count]`, READY
 * carrying it, GUILD_CREATE only for that shard's guilds, and every guild event (interactions,
 * messages) only to the session of shard `(guild_id >> 22) % count`, an event without a guild (a DM)
 * to shard 0 only; GET /gateway/bot's advice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { guildShard } from '../../src/localDiscord/gateway.js';
import { LocalDiscord, type ScriptedUser } from '../../src/localDiscord/index.js';
import { idOnShard } from '../support/shardGuilds.js';

const WAIT_MS = 5_000;
const GUILDS_AND_MESSAGES = 1 | (1 << 9);

interface Packet {
  readonly op: number;
  readonly t: string | null;
  readonly d: Record<string, unknown>;
}

/** A raw gateway session: every packet it received, and a bounded wait for one. */
class RawSession {
  readonly packets: Packet[] = [];
  closed: { code: number; reason: string } | null = null;
  private constructor(readonly socket: WebSocket) {
    socket.on('message', (raw) => this.packets.push(JSON.parse(String(raw)) as Packet));
    socket.on('close', (code, reason) => {
      this.closed = { code, reason: String(reason) };
    });
  }

  static async open(discord: LocalDiscord, identify: Record<string, unknown>): Promise<RawSession> {
    const session = new RawSession(new WebSocket(`ws://127.0.0.1:${discord.port}/gateway`));
    await session.until(() => session.packets.find((p) => p.op === 10), 'HELLO');
    session.socket.send(
      JSON.stringify({
        op: 2,
        d: { token: discord.token, intents: GUILDS_AND_MESSAGES, properties: {}, ...identify },
      }),
    );
    return session;
  }

  dispatched(type: string): Array<Record<string, unknown>> {
    return this.packets.filter((p) => p.op === 0 && p.t === type).map((p) => p.d);
  }

  async until<T>(check: () => T | undefined, what: string): Promise<T> {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const found = check();
      if (found !== undefined) return found;
      if (Date.now() > deadline) throw new Error(`no ${what} within ${WAIT_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  close(): void {
    this.socket.terminate();
  }
}

let discord: LocalDiscord;
let guilds: [string, string];
let channels: [string, string];
let ann: ScriptedUser;
beforeAll(async () => {
  discord = await LocalDiscord.start({
    heartbeatIntervalMs: 30_000,
    recommendedShards: 3,
    maxConcurrency: 4,
  });
  const a = discord.addGuild('Shard zero', ['tichu'], { guildId: idOnShard(discord, 0, 2) });
  const b = discord.addGuild('Shard one', ['tichu'], { guildId: idOnShard(discord, 1, 2) });
  guilds = [a.guild.id, b.guild.id];
  channels = [(a.channels[0] as { id: string }).id, (b.channels[0] as { id: string }).id];
  ann = discord.addUser('Ann');
  for (const guildId of guilds) {
    const response = await fetch(
      `${discord.restUrl}/v10/applications/${discord.applicationId}/guilds/${guildId}/commands`,
      {
        method: 'PUT',
        headers: { authorization: `Bot ${discord.token}`, 'content-type': 'application/json' },
        body: JSON.stringify([{ name: 'say', description: 'Says something' }]),
      },
    );
    expect(response.status).toBe(200);
  }
});
afterAll(() => discord?.close());

describe('sharded gateway', () => {
  it('the test guilds fall on different shards of two', () => {
    expect(guilds.map((g) => guildShard(g, 2))).toEqual([0, 1]);
  });

  it('GET /gateway/bot recommends the configured shard count and says how many may identify at once', async () => {
    const response = await fetch(`${discord.restUrl}/v10/gateway/bot`, {
      headers: { authorization: `Bot ${discord.token}` },
    });
    const body = (await response.json()) as { shards: number; session_start_limit: Record<string, number> };
    expect(body.shards).toBe(3);
    expect(body.session_start_limit).toMatchObject({ max_concurrency: 4, remaining: 999, total: 1000 });
  });

  it('each shard is told of its own guilds only, and hears only their interactions and messages', async () => {
    const zero = await RawSession.open(discord, { shard: [0, 2] });
    const one = await RawSession.open(discord, { shard: [1, 2] });
    try {
      for (const [session, shard] of [
        [zero, 0],
        [one, 1],
      ] as const) {
        const ready = await session.until(() => session.dispatched('READY')[0], 'READY');
        expect(ready.shard).toEqual([shard, 2]);
        expect((ready.guilds as Array<{ id: string }>).map((g) => g.id)).toEqual([guilds[shard]]);
        await session.until(() => session.dispatched('GUILD_CREATE')[0], 'GUILD_CREATE');
        expect(session.dispatched('GUILD_CREATE').map((g) => g.id)).toEqual([guilds[shard]]);
      }
      expect(discord.gateway.connectedShards()).toEqual([0, 1]);

      // An interaction in each guild reaches that guild's shard, and only it.
      const inZero = ann.slash(channels[0], 'say');
      const inOne = ann.slash(channels[1], 'say');
      const idsOf = (s: RawSession) => s.dispatched('INTERACTION_CREATE').map((d) => d.id);
      await one.until(() => (idsOf(one).length > 0 ? true : undefined), 'shard 1 interaction');
      await zero.until(() => (idsOf(zero).length > 0 ? true : undefined), 'shard 0 interaction');
      expect(idsOf(zero)).toEqual([inZero.id]);
      expect(idsOf(one)).toEqual([inOne.id]);

      // A message posted in guild 1's channel is dispatched to shard 1 only.
      const posted = await fetch(`${discord.restUrl}/v10/channels/${channels[1]}/messages`, {
        method: 'POST',
        headers: { authorization: `Bot ${discord.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ content: 'hello shard one' }),
      });
      expect(posted.status).toBe(200);
      await one.until(() => one.dispatched('MESSAGE_CREATE')[0], 'MESSAGE_CREATE on shard 1');
      expect(one.dispatched('MESSAGE_CREATE').map((m) => m.channel_id)).toEqual([channels[1]]);
      expect(zero.dispatched('MESSAGE_CREATE')).toEqual([]);
    } finally {
      zero.close();
      one.close();
    }
  });

  it('an event without a guild (a DM) goes to shard 0 only, as on Discord', async () => {
    const zero = await RawSession.open(discord, { shard: [0, 2] });
    const one = await RawSession.open(discord, { shard: [1, 2] });
    try {
      for (const session of [zero, one]) await session.until(() => session.dispatched('READY')[0], 'READY');
      discord.gateway.dispatch('MESSAGE_CREATE', { id: '1', channel_id: '2', content: 'a DM' });
      // Then a guild event for shard 1: once it arrived, the DM would have too (one socket, in order).
      discord.gateway.dispatch('MESSAGE_CREATE', { id: '3', channel_id: channels[1], guild_id: guilds[1] });
      await one.until(
        () => (one.dispatched('MESSAGE_CREATE').some((m) => m.id === '3') ? true : undefined),
        'shard 1 event',
      );
      await zero.until(() => zero.dispatched('MESSAGE_CREATE')[0], 'the DM on shard 0');
      expect(zero.dispatched('MESSAGE_CREATE').map((m) => m.id)).toEqual(['1']);
      expect(one.dispatched('MESSAGE_CREATE').map((m) => m.id)).toEqual(['3']);
    } finally {
      zero.close();
      one.close();
    }
  });

  it('an IDENTIFY without a shard gets every guild as shard [0, 1]', async () => {
    const whole = await RawSession.open(discord, {});
    try {
      const ready = await whole.until(() => whole.dispatched('READY')[0], 'READY');
      expect(ready.shard).toEqual([0, 1]);
      expect((ready.guilds as Array<{ id: string }>).map((g) => g.id).sort()).toEqual([...guilds].sort());
    } finally {
      whole.close();
    }
  });

  it.each([
    ['an id past the count', [2, 2]],
    ['a negative id', [-1, 2]],
    ['no count', [0]],
    ['a fractional count', [0, 1.5]],
    ['text', 'zero of two'],
  ])('refuses a shard with %s: close 4010, no session', async (_name, shard) => {
    const identifies = discord.gateway.identifies;
    const bad = await RawSession.open(discord, { shard });
    const closed = await bad.until(() => bad.closed ?? undefined, 'the close');
    expect(closed).toEqual({ code: 4010, reason: 'Invalid shard.' });
    expect(discord.gateway.identifies).toBe(identifies);
  });
});
