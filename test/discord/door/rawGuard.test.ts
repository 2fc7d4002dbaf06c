/**
 * The hook on discord.js's INTERACTION_CREATE action (src/discord/door/rawGuard.ts), on a client
 * that never logs in: unguarded, discord.js throws on a malformed payload (what ended the process);
 * guarded, the payload is refused with one warning and a raw callback, a well-formed one reaches the
 * listeners as before, and a throw while discord.js builds or emits costs that event only.
 */
import { Client, Events, GatewayIntentBits, type Interaction } from 'discord.js';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { guardRawInteractions, MALFORMED_LINE } from '../../../src/discord/door/rawGuard.js';
import { malformedText } from '../../../src/discord/door/rawInteraction.js';

type Line = Record<string, unknown> & { level: number; msg: string };
interface Action {
  handle(data: unknown): unknown;
}

let client: Client;
let lines: Line[];
let posts: Array<{ route: string; options: unknown }>;
let postFails: boolean;

const action = () =>
  (client as unknown as { actions: { InteractionCreate: Action } }).actions.InteractionCreate;

beforeEach(() => {
  client = new Client({ intents: [GatewayIntentBits.Guilds] });
  lines = [];
  posts = [];
  postFails = false;
  client.rest.post = (async (route: string, options: unknown) => {
    posts.push({ route, options });
    if (postFails) throw Object.assign(new Error('Unknown interaction'), { code: 10062 });
    return undefined;
  }) as Client['rest']['post'];
});
afterEach(async () => {
  await client.destroy();
});

function logger() {
  return pino({ level: 'info' }, { write: (text: string) => lines.push(JSON.parse(text) as Line) });
}

const TOKEN = 'aW50ZXJhY3Rpb246c2VjcmV0LXRva2Vu';

function slash(): Record<string, unknown> {
  return {
    id: '1300000000000000001',
    application_id: '1200000000000000000',
    type: 2,
    token: TOKEN,
    version: 1,
    guild_id: '1000000000000000000',
    channel: { id: '1400000000000000000', type: 0 },
    channel_id: '1400000000000000000',
    member: { user: { id: '1100000000000000000', username: 'ann' }, roles: [], permissions: '0' },
    locale: 'de',
    entitlements: [],
    authorizing_integration_owners: { '0': '1000000000000000000' },
    data: {
      id: '1500000000000000000',
      name: 'play',
      type: 1,
      options: [{ type: 3, name: 'cards', value: 'my hidden words' }],
    },
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('unguarded', () => {
  it('discord.js throws while it builds an interaction from a malformed payload', () => {
    expect(() =>
      action().handle({ ...slash(), data: { ...(slash().data as object), options: [null] } }),
    ).toThrow(TypeError);
    expect(() => action().handle({ ...slash(), member: { roles: [] } })).toThrow(TypeError);
  });
});

describe('guarded', () => {
  it('a malformed payload: no throw, one warning with its id and fields, a sentence in the user’s language', async () => {
    guardRawInteractions(client, logger());
    const emitted: Interaction[] = [];
    client.on(Events.InteractionCreate, (i) => emitted.push(i));
    const raw: Record<string, unknown> = {
      ...slash(),
      data: { ...(slash().data as object), options: [null] },
    };
    expect(() => action().handle(raw)).not.toThrow();
    await flush();
    expect(emitted).toEqual([]);
    const refusals = lines.filter((l) => l.msg === MALFORMED_LINE);
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toMatchObject({ level: 40, interaction: raw.id, paths: ['data.options.0'] });
    expect(posts).toEqual([
      {
        route: `/interactions/${raw.id}/${TOKEN}/callback`,
        options: { body: { type: 4, data: { content: malformedText('de'), flags: 64 } }, auth: false },
      },
    ]);
    // Neither the token nor anything typed reaches the log.
    expect(JSON.stringify(lines)).not.toContain(TOKEN);
    expect(JSON.stringify(lines)).not.toContain('hidden');
  });

  it('a well-formed payload reaches the listeners as before, with nothing logged or posted', async () => {
    guardRawInteractions(client, logger());
    const emitted: Interaction[] = [];
    client.on(Events.InteractionCreate, (i) => emitted.push(i));
    action().handle(slash());
    await flush();
    expect(emitted).toHaveLength(1);
    expect(emitted[0]?.isChatInputCommand() && emitted[0].options.getString('cards')).toBe('my hidden words');
    expect(lines).toEqual([]);
    expect(posts).toEqual([]);
  });

  it('a PING or an unknown type: logged once, not answered', async () => {
    guardRawInteractions(client, logger());
    action().handle({ id: '1300000000000000002', application_id: '1', type: 1, token: TOKEN, version: 1 });
    action().handle({ ...slash(), type: 99 });
    await flush();
    expect(lines.map((l) => [l.msg, l.paths])).toEqual([
      [MALFORMED_LINE, ['type']],
      [MALFORMED_LINE, ['type']],
    ]);
    expect(posts).toEqual([]);
  });

  it('an answer that fails is logged, not thrown', async () => {
    postFails = true;
    guardRawInteractions(client, logger());
    action().handle({ ...slash(), data: null });
    await flush();
    expect(lines.map((l) => l.msg)).toEqual([
      MALFORMED_LINE,
      'malformed interaction: the refusal could not be sent',
    ]);
    expect(lines[1]).toMatchObject({ level: 40, code: 10062, interaction: '1300000000000000001' });
  });

  it('a throw while discord.js builds or emits one costs that event: logged where, and answered', async () => {
    // A payload the schema passes that discord.js still cannot take (say, after an upgrade).
    action().handle = () => {
      throw new TypeError("Cannot read properties of undefined (reading 'my hidden words')");
    };
    guardRawInteractions(client, logger());
    expect(() => action().handle(slash())).not.toThrow();
    await flush();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 40,
      msg: MALFORMED_LINE,
      stage: 'build',
      err: 'TypeError',
      interaction: '1300000000000000001',
    });
    expect(String(lines[0]?.at)).toMatch(/rawGuard\.test\.ts:\d+$/);
    expect(JSON.stringify(lines)).not.toContain('hidden');
    expect(posts).toHaveLength(1);
  });
});
