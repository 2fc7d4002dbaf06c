/** The local Discord's global limit: past it the bot's own requests get 429 as from Discord; answers to interactions are not counted. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalDiscord } from '../../src/localDiscord/index.js';

let discord: LocalDiscord;
let channelId: string;
beforeAll(async () => {
  discord = await LocalDiscord.start({ globalRequestsPerSecond: 5 });
  channelId = (discord.addGuild('Limits', ['limits']).channels[0] as { id: string }).id;
});
afterAll(() => discord?.close());

const post = (path: string, body: unknown, auth = true) =>
  fetch(`${discord.restUrl}/v10${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(auth ? { authorization: `Bot ${discord.token}` } : {}),
    },
    body: JSON.stringify(body),
  });

describe('the global limit', () => {
  it('takes that many of the bot requests a second, then answers 429 with a global retry, then takes them again', async () => {
    const statuses: number[] = [];
    let limited: Response | null = null;
    for (let i = 0; i < 8; i++) {
      const res = await post(`/channels/${channelId}/messages`, { content: `message ${i}` });
      statuses.push(res.status);
      if (res.status === 429 && !limited) limited = res;
    }
    // A second window may open mid-loop on a slow machine: at least the first 5 pass, some are refused.
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(limited?.headers.get('x-ratelimit-global')).toBe('true');
    const body = (await limited?.json()) as { global: boolean; retry_after: number };
    expect(body.global).toBe(true);
    expect(body.retry_after).toBeGreaterThan(0);
    expect(body.retry_after).toBeLessThanOrEqual(1);
    // Refused requests change nothing: only the accepted messages are in the channel.
    expect(discord.channelMessages(channelId)).toHaveLength(statuses.filter((s) => s === 200).length);
    await new Promise((resolve) => setTimeout(resolve, body.retry_after * 1000 + 20));
    expect((await post(`/channels/${channelId}/messages`, { content: 'again' })).status).toBe(200);
  });

  it('does not count requests made without the bot token (interaction answers and webhooks are exempt)', async () => {
    await new Promise((resolve) => setTimeout(resolve, 1_050));
    // Unauthenticated routes are not limited: these are unknown interactions (404), never 429.
    for (let i = 0; i < 10; i++) {
      const res = await post(
        `/interactions/1${String(i).padStart(17, '0')}/token/callback`,
        { type: 1 },
        false,
      );
      expect(res.status).not.toBe(429);
    }
    expect(
      (await post(`/channels/${channelId}/messages`, { content: 'still counted from zero' })).status,
    ).toBe(200);
  });
});
