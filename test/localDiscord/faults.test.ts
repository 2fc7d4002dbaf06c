/**
 * The local Discord's failures on cue (src/localDiscord/faults.ts): the shapes Discord sends (a
 * 429's body and headers, per route and global; 5xx before or after the work; slow requests), and
 * the gateway's cues (op 7, op 9 either way, a connection dropped in the middle of a burst) as the
 * real discord.js client lives through them.
 */
import { Events, Routes } from 'discord.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RestCall } from '../../src/localDiscord/index.js';
import {
  type DiscordFixture,
  eventually,
  startDiscordFixture,
  testCommands,
  WAIT_MS,
  within,
} from '../support/discordFixture.js';

let fx: DiscordFixture;
beforeAll(async () => {
  fx = await startDiscordFixture({
    guildCommands: testCommands(),
    onInteraction: async (interaction) => {
      if (interaction.isChatInputCommand()) await interaction.reply(`pong ${interaction.id}`);
    },
  });
});
afterEach(() => {
  fx?.discord.faults.clear();
  fx?.forgetPending();
});
afterAll(() => fx?.close());

const api = (path: string, init: { method?: string; body?: unknown; auth?: boolean } = {}) =>
  fetch(`${fx.discord.restUrl}/v10${path}`, {
    method: init.method ?? 'POST',
    headers: {
      'content-type': 'application/json',
      ...(init.auth === false ? {} : { authorization: `Bot ${fx.discord.token}` }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
const messagesPath = () => `/channels/${fx.channel.id}/messages`;
const callsSince = (from: number): RestCall[] => fx.discord.calls.slice(from);

describe('REST failures on cue', () => {
  it("a route's 429: Discord's body and headers, only on that route, then the route works again", async () => {
    const fault = fx.discord.faults.rest({
      route: /^POST \/channels\/\d+\/messages$/,
      status: 429,
      retryAfterMs: 1_500,
    });
    const limited = await api(messagesPath(), { body: { content: 'one' } });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      message: 'You are being rate limited.',
      retry_after: 1.5,
      global: false,
    });
    expect(limited.headers.get('retry-after')).toBe('2');
    expect(limited.headers.get('x-ratelimit-limit')).toBe('5');
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(limited.headers.get('x-ratelimit-reset-after')).toBe('1.500');
    expect(Number(limited.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
    expect(limited.headers.get('x-ratelimit-bucket')).toMatch(/^[0-9a-f]{8}$/);
    expect(limited.headers.get('x-ratelimit-scope')).toBe('user');
    expect(limited.headers.get('x-ratelimit-global')).toBeNull();
    expect(fault.hits).toBe(1);
    // Refused: nothing was posted. Spent after one request: the next one goes through.
    expect(fx.discord.channelMessages(fx.channel.id).some((m) => m.content === 'one')).toBe(false);
    expect((await api(messagesPath(), { body: { content: 'two' } })).status).toBe(200);
  });

  it("a global 429 falls on the bot's own requests only, never on interaction callbacks", async () => {
    const fault = fx.discord.faults.rest({ status: 429, global: true, times: 2, retryAfterMs: 250 });
    // A callback without the bot's token: not counted (an unknown interaction, 404, not 429).
    const callback = await api(`/interactions/100000000000000000/nope/callback`, {
      body: { type: 1 },
      auth: false,
    });
    expect(callback.status).toBe(404);
    const limited = await api(messagesPath(), { body: { content: 'global' } });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      message: 'You are being rate limited.',
      retry_after: 0.25,
      global: true,
    });
    expect(limited.headers.get('x-ratelimit-global')).toBe('true');
    expect(limited.headers.get('x-ratelimit-scope')).toBe('global');
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(fault.hits).toBe(1);
    fault.clear();
    expect((await api(messagesPath(), { body: { content: 'after' } })).status).toBe(200);
  });

  it("discord.js waits out a route's 429 and a global one, and sends the request once it may", async () => {
    const from = fx.discord.calls.length;
    fx.discord.faults.rest({ route: /\/messages$/, status: 429, retryAfterMs: 200 });
    await fx.rest.post(Routes.channelMessages(fx.channel.id), { body: { content: 'waited' } });
    fx.discord.faults.rest({ route: /\/messages$/, status: 429, retryAfterMs: 200, global: true });
    await fx.rest.post(Routes.channelMessages(fx.channel.id), { body: { content: 'waited globally' } });
    expect(callsSince(from).map((c) => c.status)).toEqual([429, 200, 429, 200]);
    const posted = fx.discord.channelMessages(fx.channel.id).map((m) => m.content);
    expect(posted.filter((c) => c.startsWith('waited'))).toEqual(['waited', 'waited globally']);
  });

  it('5xx: a few are retried by discord.js; one after the work is done does it once, the answer lost', async () => {
    const from = fx.discord.calls.length;
    const fault = fx.discord.faults.rest({ route: /\/messages$/, status: 503, times: 2 });
    await fx.rest.post(Routes.channelMessages(fx.channel.id), { body: { content: 'third time' } });
    expect(callsSince(from).map((c) => c.status)).toEqual([503, 503, 200]);
    expect(callsSince(from)[0]?.response).toEqual({ message: '503: Service Unavailable', code: 0 });
    expect(fault.hits).toBe(2);

    const before = fx.discord.channelMessages(fx.channel.id).length;
    fx.discord.faults.rest({ route: /^GET \/channels\/\d+$/, status: 502, processed: true });
    const res = await api(`/channels/${fx.channel.id}`, { method: 'GET' });
    expect(res.status).toBe(502);
    // After the work: a POST is done, then answered 502 (a retry would post it twice, as on Discord).
    fx.discord.faults.rest({ route: /\/messages$/, status: 500, processed: true });
    expect((await api(messagesPath(), { body: { content: 'done, answer lost' } })).status).toBe(500);
    expect(fx.discord.channelMessages(fx.channel.id).length).toBe(before + 1);

    // More 5xx in a row than discord.js retries (3): the request fails with an HTTPError.
    fx.discord.faults.rest({ route: /\/messages$/, status: 500, times: 10 });
    await expect(
      fx.rest.post(Routes.channelMessages(fx.channel.id), { body: { content: 'never' } }),
    ).rejects.toMatchObject({ status: 500 });
  });

  it('a slow route: handled only after its delay (request phase), or handled at once and answered late', async () => {
    const order: string[] = [];
    fx.discord.faults.slow(/\/messages$/, 300, { times: 1 });
    const slow = api(messagesPath(), { body: { content: 'slow' } }).then(() => order.push('slow'));
    const quick = api(`/channels/${fx.channel.id}`, { method: 'GET' }).then(() => order.push('quick'));
    await Promise.all([slow, quick]);
    expect(order).toEqual(['quick', 'slow']);

    fx.discord.faults.slow(/\/messages$/, 300, { times: 1, phase: 'response' });
    const late = api(messagesPath(), { body: { content: 'answered late' } });
    // The message is there before its answer comes back.
    await eventually(
      () =>
        fx.discord.channelMessages(fx.channel.id).some((m) => m.content === 'answered late')
          ? true
          : undefined,
      'the message before its answer',
    );
    expect((await late).status).toBe(200);
  });
});

describe('gateway failures on cue', () => {
  const ping = async () => {
    const handle = fx.alice.slash(fx.channel.id, 'ping');
    expect((await handle.reply()).content).toBe(`pong ${handle.id}`);
    return handle.id;
  };
  const resumed = () =>
    within(
      new Promise<void>((resolve) => fx.client.once(Events.ShardResume, () => resolve())),
      WAIT_MS,
      'ShardResume',
    );

  it('op 7: the client reconnects and resumes (no new IDENTIFY), and answers again', async () => {
    const { identifies, resumes } = fx.discord.gateway;
    const done = resumed();
    expect(fx.discord.faults.reconnect()).toBe(1);
    await done;
    expect(fx.discord.gateway.resumes).toBe(resumes + 1);
    expect(fx.discord.gateway.identifies).toBe(identifies);
    await ping();
  });

  it('op 9 resumable: the client resumes its session', async () => {
    const { identifies, resumes } = fx.discord.gateway;
    const done = resumed();
    fx.discord.faults.invalidSession(true);
    await done;
    expect(fx.discord.gateway.resumes).toBe(resumes + 1);
    expect(fx.discord.gateway.identifies).toBe(identifies);
    await ping();
  });

  it('op 9 not resumable: the session is gone, the client identifies anew and answers again', async () => {
    const { identifies, resumes } = fx.discord.gateway;
    fx.discord.faults.invalidSession(false);
    await eventually(
      () =>
        fx.discord.gateway.identifies === identifies + 1 && fx.discord.gateway.connected === 1
          ? true
          : undefined,
      'a new IDENTIFY',
    );
    expect(fx.discord.gateway.resumes).toBe(resumes);
    await ping();
  });

  it('a connection dropped in the middle of a burst: every event delivered once, every interaction answered', async () => {
    const { resumes } = fx.discord.gateway;
    const dropped = fx.discord.faults.dropAfter(3);
    const handles = Array.from({ length: 8 }, (_, i) =>
      (i % 2 ? fx.bob : fx.alice).slash(fx.channel.id, 'ping'),
    );
    await within(dropped, WAIT_MS, 'the drop');
    for (const handle of handles) expect((await handle.reply()).content).toBe(`pong ${handle.id}`);
    expect(fx.discord.gateway.resumes).toBe(resumes + 1);
    for (const handle of handles) {
      const deliveries = fx.rawPackets.filter(
        (p) => p.t === 'INTERACTION_CREATE' && (p.d as { id: string }).id === handle.id,
      );
      expect(deliveries).toHaveLength(1);
    }
  });
});

describe('request bodies', () => {
  it("a body past Discord's 25 MB is refused whole (413, 40005), the server reads it to its end and goes on", async () => {
    const from = fx.discord.calls.length;
    const huge = await api(messagesPath(), { body: { content: 'x'.repeat(26 * 1024 * 1024) } });
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as { code: number }).code).toBe(40005);
    expect(callsSince(from).map((c) => c.status)).toEqual([413]);
    // Nothing was posted, and the next request is read and answered as usual.
    const next = await api(messagesPath(), { body: { content: 'after the large one' } });
    expect(next.status).toBe(200);
    expect(fx.discord.channelMessages(fx.channel.id).map((m) => m.content)).toContain('after the large one');
  });

  it('a body that is not JSON is a form error (400, 50035), not a crash', async () => {
    const bad = await fetch(`${fx.discord.restUrl}/v10${messagesPath()}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bot ${fx.discord.token}` },
      body: '{"content": ',
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { code: number }).code).toBe(50035);
  });
});
