/**
 * The play API with eight people (`npm run play -- --users 8`): a duplicate event made, eight
 * checked in with the event message's button, started by the host; the bot opens two tables in
 * private threads, and each person's channel list holds the channel and their own table's thread
 * only (asking for the other one shows the channel, never the thread). In the thread the table
 * message, its My hand panel and slash commands work as in the channel.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PlayServer, startPlayServer } from '../../src/play/playServer.js';
import { type BotFixture, startFixture } from '../support/botFixture.js';
import { interactive } from '../support/tableParts.js';

const WAIT_MS = 10_000;
let fx: BotFixture;
let server: PlayServer;
let ids: string[];

beforeAll(async () => {
  fx = await startFixture({ users: 8 });
  server = await startPlayServer({
    discord: fx.discord,
    guildId: fx.guildId,
    channelId: fx.channelId,
    users: fx.users,
    port: 0,
  });
  ids = fx.users.map((u) => u.id);
});
afterAll(async () => {
  await server?.close();
  await fx?.close();
});

interface Message {
  id: string;
  content: string;
  ephemeral: boolean;
  components: unknown[];
}
interface Channel {
  id: string;
  name: string;
  thread: boolean;
  private?: boolean;
  last: string | null;
}
interface Seen {
  channel: string;
  channels: Channel[];
  messages: Message[];
}

async function post(verb: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${server.url}/api/${verb}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

async function seen(user: string, channel?: string): Promise<Seen> {
  const where = channel === undefined ? '' : `&channel=${channel}`;
  const res = await fetch(`${server.url}/api/messages?user=${user}${where}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Seen;
}

/** Polls `read` (every 20 ms, for at most WAIT_MS) until it gives something. */
async function until<T>(what: string, read: () => Promise<T | undefined>): Promise<T> {
  for (const start = Date.now(); Date.now() - start < WAIT_MS; ) {
    const found = await read();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no ${what} within ${WAIT_MS} ms`);
}

const button = (m: Message, label: string) =>
  (interactive(m.components) as Array<{ label?: string; custom_id?: string }>).find((c) => c.label === label);

/** Clicks the button `label` of the newest message `user` sees in `channel` that has it. */
async function press(user: string, label: string, channel?: string): Promise<void> {
  const { messageId, customId } = await until(`a "${label}" button`, async () => {
    const m = (await seen(user, channel)).messages.findLast((x) => button(x, label));
    const id = m && button(m, label)?.custom_id;
    return m && id ? { messageId: m.id, customId: id } : undefined;
  });
  expect((await post('click', { user, messageId, customId })).json).toMatchObject({
    ok: true,
    answered: true,
  });
}

describe('an event on the play page with eight people', () => {
  it('has eight people, each of whom sees the channel and their own table’s private thread only', async () => {
    const session = (await (await fetch(`${server.url}/api/session`)).json()) as {
      users: Array<{ name: string }>;
    };
    expect(session.users.map((u) => u.name)).toEqual([
      'Ann',
      'Ben',
      'Cat',
      'Dan',
      'Eve',
      'Fay',
      'Gus',
      'Hal',
    ]);
    const [host] = ids as [string];
    // Before: the channel only.
    expect((await seen(host)).channels.map((c) => c.id)).toEqual([fx.channelId]);

    const created = await post('slash', {
      user: host,
      name: 'event',
      options: { subcommand: 'create', format: 'duplicate', hands: 1, rounds: 1 },
    });
    expect(created.json).toMatchObject({ ok: true, answered: true });
    for (const user of ids) await press(user, 'Check in');
    await until('eight checked in', async () =>
      (await seen(host)).messages.some((m) => m.content.includes('Pairs (4)')) ? true : undefined,
    );
    await press(host, 'Start');

    // Each person's list: the channel, then their table's thread (private), and nothing else.
    const lists = await until('two tables, each in a thread', async () => {
      if (fx.discord.threads(fx.channelId).length < 2) return undefined;
      const all = await Promise.all(ids.map(async (u) => (await seen(u)).channels));
      return all.every((l) => l.length === 2) ? all : undefined;
    });
    const threads = fx.discord.threads(fx.channelId);
    expect(threads).toHaveLength(2);
    const [one, two] = threads as unknown as [{ id: string; name: string }, { id: string; name: string }];
    ids.forEach((user, i) => {
      const list = lists[i] as Channel[];
      expect(list[0]).toMatchObject({ id: fx.channelId, name: 'tichu', thread: false });
      expect(list[1]).toMatchObject({ thread: true, private: true });
      expect(fx.discord.canView(user, list[1]?.id as string)).toBe(true);
    });
    const atOne = ids.filter((_, i) => lists[i]?.[1]?.id === one.id);
    const atTwo = ids.filter((_, i) => lists[i]?.[1]?.id === two.id);
    expect([atOne.length, atTwo.length]).toEqual([4, 4]);
    expect(lists.flat().map((c) => c.name)).toContain('Round 1 · Table 1');

    // Asking for the other table's thread shows the channel, never one of the thread's messages.
    const [a] = atOne as [string];
    const [b] = atTwo as [string];
    const theirs = await until('a message in the other thread', async () => {
      const found = fx.discord.hub.world.visibleMessages(two.id, '').map((m) => m.id);
      return found.length > 0 ? found : undefined;
    });
    const peek = await seen(a, two.id);
    expect(peek.channel).toBe(fx.channelId);
    expect(peek.channels.map((c) => c.id)).not.toContain(two.id);
    expect(peek.messages.some((m) => theirs.includes(m.id))).toBe(false);
    // Nor can they use a command there; an id that is no thread of the channel is refused too.
    for (const channel of [two.id, '123']) {
      const refused = await post('slash', { user: a, channel, name: 'help', options: {} });
      expect(refused.status).toBe(400);
      expect(refused.json.ok).toBe(false);
    }
    expect(JSON.stringify(await seen(b, two.id))).toContain(two.id);

    // In the thread: the welcome, the table message's My hand and its panel, all in that thread.
    expect((await seen(a, one.id)).channel).toBe(one.id);
    await until('the welcome in the thread', async () =>
      (await seen(a, one.id)).messages.some((m) => m.content.includes('your table for round 1'))
        ? true
        : undefined,
    );
    await press(a, 'My hand', one.id);
    const panel = await until('the panel in the thread', async () =>
      (await seen(a, one.id)).messages.findLast((m) => m.ephemeral),
    );
    expect(JSON.stringify(panel)).toMatch(/exs:|Exchange|exchange/);
    expect((await seen(a)).messages.some((m) => m.id === panel.id)).toBe(false);

    // A slash command in the thread is answered there.
    const asked = await post('slash', {
      user: a,
      channel: one.id,
      name: 'event',
      options: { subcommand: 'results' },
    });
    expect(asked.json).toMatchObject({ ok: true, answered: true });
    const answer = await until('the answer in the thread', async () =>
      (await seen(a, one.id)).messages.findLast((m) => m.ephemeral && m.content.includes('Results')),
    );
    expect((await seen(a)).messages.some((m) => m.id === answer.id)).toBe(false);
  });
});
