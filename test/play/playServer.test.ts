/**
 * The play page's API over the real bot and the local Discord: the page acts as scripted users
 * and reads what each of them sees; every bad request is refused in plain words and changes
 * nothing; a user never sees another's private messages; the page hears when something changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { PlayServer } from '../../src/play/playServer.js';
import type { BotFixture } from '../support/botFixture.js';
import { type PlayFixture, startPlayFixture } from '../support/playFixture.js';
import { interactive, isV2 } from '../support/tableParts.js';

let play: PlayFixture;
let fx: BotFixture;
let server: PlayServer;
let ids: string[];

beforeAll(async () => {
  play = await startPlayFixture();
  ({ fx, server } = play);
  ids = fx.users.map((u) => u.id);
});
afterAll(async () => {
  await play?.close();
});

interface Message {
  id: string;
  authorName: string;
  authorIsBot: boolean;
  content: string;
  embeds: Array<{ title?: string }>;
  components: Array<{ type: number; components: Array<{ label?: string; custom_id?: string }> }>;
  ephemeral: boolean;
}

async function post(verb: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${server.url}/api/${verb}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

async function messagesOf(user: string): Promise<Message[]> {
  const res = await fetch(`${server.url}/api/messages?user=${user}`);
  return ((await res.json()) as { messages: Message[] }).messages;
}

/** A button by its label: in a row, or (Components V2) in the table's container or beside a seat. */
const button = (m: Message, label: string) =>
  (interactive(m.components) as Array<{ label?: string; custom_id?: string }>).find((c) => c.label === label);

describe('the play API', () => {
  it('tells the page its channel, its people and the registered commands', async () => {
    const res = await fetch(`${server.url}/api/session`);
    const session = (await res.json()) as {
      channel: { id: string };
      users: Array<{ id: string; name: string }>;
      commands: Array<{ name: string }>;
    };
    expect(session.channel.id).toBe(fx.channelId);
    expect(session.users.map((u) => u.name)).toEqual(['Ann', 'Ben', 'Cat', 'Dan']);
    expect(session.commands.map((c) => c.name)).toEqual(expect.arrayContaining(['table', 'help', 'play']));
  });

  it('plays as the chosen user: a table made, joined and started, each panel private to its owner', async () => {
    const events = new WebSocket(`${server.url.replace('http', 'ws')}/api/events?user=${ids[0]}`);
    const heard = new Promise<string>((resolve) => events.once('message', (data) => resolve(String(data))));
    expect(
      (await post('slash', { user: ids[0], name: 'table', options: { subcommand: 'create' } })).json,
    ).toMatchObject({
      ok: true,
      answered: true,
    });
    expect(await heard).toBe('{"type":"changed"}');
    events.close();
    // The page can say who used which command ("Ann used /table create").
    const made = (await messagesOf(ids[0] as string)) as unknown as Array<{
      interactionUser: { name: string; command?: string } | null;
    }>;
    expect(made.map((m) => m.interactionUser)).toContainEqual(
      expect.objectContaining({ name: 'Ann', command: 'table create' }),
    );
    for (const user of ids.slice(1))
      expect((await post('slash', { user, name: 'table', options: { subcommand: 'join' } })).json.ok).toBe(
        true,
      );
    expect(
      (await post('slash', { user: ids[0], name: 'table', options: { subcommand: 'start' } })).json.ok,
    ).toBe(true);

    // The table message is edited after the start's answer: wait (bounded) until it offers My hand.
    let table: Message | undefined;
    for (let i = 0; i < 200 && !(table && button(table, 'My hand')); i++) {
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, 10));
      table = (await messagesOf(ids[0] as string)).findLast((m) => isV2(m) && !m.ephemeral);
    }
    const hand = table && button(table, 'My hand');
    if (!table || !hand?.custom_id) throw new Error('no table message with My hand');
    const clicked = await post('click', { user: ids[0], messageId: table.id, customId: hand.custom_id });
    expect(clicked.json).toMatchObject({ ok: true, answered: true });
    const panel = (await messagesOf(ids[0] as string)).findLast((m) => m.ephemeral);
    expect(panel?.content).toMatch(/Grand Tichu/);
    // Ben sees the table but never Ann's panel, and cannot click on it.
    const bens = await messagesOf(ids[1] as string);
    expect(bens.some((m) => m.id === table.id)).toBe(true);
    expect(bens.some((m) => m.id === panel?.id)).toBe(false);
    const grand = panel?.components.flatMap((r) => r.components).find((c) => c.custom_id);
    const refused = await post('click', { user: ids[1], messageId: panel?.id, customId: grand?.custom_id });
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ ok: false, code: 'stale' });
    expect(String(refused.json.error)).not.toBe('');
    // A button the table message no longer has (an old page): said as out of date, no ids quoted.
    const stale = await post('click', { user: ids[0], messageId: table.id, customId: 'hand:gone:0' });
    expect(stale.status).toBe(409);
    expect(stale.json).toMatchObject({ ok: false, code: 'stale' });
    expect(String(stale.json.error)).not.toMatch(/\d{6,}|hand:/);
  });

  it('offers the bot’s autocomplete', async () => {
    const { json } = await post('autocomplete', {
      user: ids[0],
      name: 'play',
      options: { cards: '' },
      focused: 'cards',
    });
    expect(json.ok).toBe(true);
    expect(Array.isArray(json.choices)).toBe(true);
  });

  it('refuses bad requests in plain words, and nothing reaches the bot', async () => {
    const before = fx.discord.hub.world.interactions.size;
    const cases: Array<[string, unknown, number, RegExp]> = [
      ['slash', '{not json', 400, /not valid JSON/],
      ['slash', { user: 'nobody', name: 'table', options: {} }, 400, /No such player/],
      ['slash', { user: ids[0], name: 'nosuchcommand', options: {} }, 400, /./],
      ['click', { user: ids[0], messageId: '1', customId: 'x' }, 409, /out of date/],
      ['select', { user: ids[0], messageId: '1', customId: 'x', values: 'a' }, 400, /Bad request: values/],
      ['shutdown', {}, 404, /no such request/],
    ];
    for (const [verb, body, status, error] of cases) {
      const { status: got, json } = await post(verb, body);
      expect([verb, got]).toEqual([verb, status]);
      expect(json.ok).toBe(false);
      expect(String(json.error)).toMatch(error);
    }
    expect(fx.discord.hub.world.interactions.size).toBe(before);
    const unknown = await fetch(`${server.url}/api/messages?user=nobody`);
    expect(unknown.status).toBe(400);
    expect((await fetch(`${server.url}/api/slash`)).status).toBe(405);
  });

  it('answers only this machine’s page: a foreign Host, a non-JSON post and an oversized frame are refused', async () => {
    const { request } = await import('node:http');
    const status = (headers: Record<string, string>, method = 'GET', body = '') =>
      new Promise<number>((resolve, reject) => {
        const req = request(`${server.url}/api/session`, { method, headers }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end(body);
      });
    expect(await status({ host: 'tichu.example:80' })).toBe(403);
    expect(await status({ host: `localhost:${new URL(server.url).port}` })).toBe(200);
    const plain = await fetch(`${server.url}/api/slash`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ user: ids[0], name: 'help', options: {} }),
    });
    expect(plain.status).toBe(415);
    // A frame the page never sends, too large: that socket ends, the server goes on.
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/api/events?user=${ids[0]}`);
    await new Promise((resolve) => ws.once('open', resolve));
    const closed = new Promise((resolve) => ws.once('close', resolve));
    ws.send('x'.repeat(4_096));
    await closed;
    expect((await fetch(`${server.url}/api/session`)).status).toBe(200);
  });

  it('serves only the page’s own files', async () => {
    expect((await fetch(`${server.url}/..%2Fplay.ts`)).status).toBe(404);
    expect((await fetch(`${server.url}/%E0%A4%A`)).status).toBe(404);
    expect((await fetch(`${server.url}/nothing.js`)).status).toBe(404);
    // The icon a browser asks for on its own: nothing, and no error in the page's console.
    expect((await fetch(`${server.url}/favicon.ico`)).status).toBe(204);
  });
});
