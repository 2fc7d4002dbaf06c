/**
 * Interaction-token requests (follow-ups, reply edits) leave the bot's own REST client for the
 * webhooks client, so its global limit (50 a second, shared with the channel writes) never holds
 * them back; everything else stays. And each client's own waits are counted: on its global limit,
 * on a bucket, and the requests that arrived while its global limit was spent.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { REST, Routes } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countWaits, noWaits, routeInteractionWebhooks } from '../../src/discord/rest/rateLimits.js';

const APP = '100000000000000001';
const CHANNEL = '100000000000000002';
let server: Server;
let api: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: '1', path: req.url }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

type Sent = { client: string; route: string };

function recorded(name: string, sent: Sent[]): REST {
  const rest = new REST({ version: '10', api });
  rest.request = async (request) => {
    sent.push({ client: name, route: request.fullRoute });
    return { ok: true };
  };
  return rest;
}

describe('interaction-token requests', () => {
  it('go through the webhooks client; channel writes, callbacks and other webhooks stay', async () => {
    const sent: Sent[] = [];
    const bot = recorded('bot', sent);
    const webhooks = recorded('webhooks', sent);
    routeInteractionWebhooks(bot, webhooks, APP);
    await bot.post(Routes.webhook(APP, 'tok'), { body: {}, auth: false });
    await bot.patch(Routes.webhookMessage(APP, 'tok', '@original'), { body: {}, auth: false });
    await bot.delete(Routes.webhookMessage(APP, 'tok', '@original'), { auth: false });
    await bot.patch(Routes.channelMessage(CHANNEL, '5'), { body: {} });
    await bot.post(Routes.interactionCallback('7', 'tok'), { body: {}, auth: false });
    // A webhook of another application, or one asked with the bot's token: the bot's own.
    await bot.post(Routes.webhook('100000000000000009', 'tok'), { body: {}, auth: false });
    await bot.post(Routes.webhook(APP, 'tok'), { body: {} });
    expect(sent.map((s) => s.client)).toEqual([
      'webhooks',
      'webhooks',
      'webhooks',
      'bot',
      'bot',
      'bot',
      'bot',
    ]);
  });

  it('are not held back by the bot client spending its global limit', async () => {
    const bot = new REST({ version: '10', api, globalRequestsPerSecond: 2 }).setToken('t');
    const webhooks = new REST({ version: '10', api, globalRequestsPerSecond: 500 });
    const waits = { bot: noWaits(), webhooks: noWaits() };
    countWaits(bot, (kind) => waits.bot[kind]++);
    countWaits(webhooks, (kind) => waits.webhooks[kind]++);
    routeInteractionWebhooks(bot, webhooks, APP);
    // The bot's two a second spent by channel writes...
    await Promise.all(
      [0, 1].map((i) => bot.patch(Routes.channelMessage(CHANNEL, String(10 + i)), { body: {} })),
    );
    // ...then follow-ups and callbacks go at once, while a third channel write waits for the next second.
    const started = performance.now();
    const third = bot.patch(Routes.channelMessage('100000000000000003', '12'), { body: {} });
    await Promise.all([
      ...[0, 1, 2, 3].map((i) => bot.post(Routes.webhook(APP, `tok${i}`), { body: {}, auth: false })),
      // A callback is never held (nor counted as held): @discordjs/rest sends it past its limits.
      bot.post(Routes.interactionCallback('7', 'tok'), { body: {}, auth: false }),
    ]);
    const followUps = performance.now() - started;
    await third;
    expect(followUps).toBeLessThan(500);
    expect(waits.webhooks).toEqual({ global: 0, bucket: 0, held: 0 });
    expect(waits.bot.held).toBe(1);
    expect(waits.bot.global).toBeGreaterThanOrEqual(1);
    for (const rest of [bot, webhooks]) {
      rest.clearHashSweeper();
      rest.clearHandlerSweeper();
    }
  });
});
