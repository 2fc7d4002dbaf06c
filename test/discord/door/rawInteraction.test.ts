/**
 * The first door's schema (src/discord/door/rawInteraction.ts): every payload the local Discord
 * builds, and one as Discord documents it with fields discord.js does not know, passes; every
 * malformed shape is refused naming the field that failed (and nothing anyone typed); and the
 * answer a refused payload gets: a sentence in the user's language, an empty autocomplete, or none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkRawInteraction, malformedText, refusalOf } from '../../../src/discord/door/rawInteraction.js';
import { langOf } from '../../../src/i18n/index.js';
import {
  type BaseKind,
  LocalDiscord,
  MALFORMED_SHAPES,
  type ScriptedUser,
} from '../../../src/localDiscord/index.js';
import { storeMessage } from '../../../src/localDiscord/restMessages.js';

let discord: LocalDiscord;
let ann: ScriptedUser;
let ben: ScriptedUser;
let channelId = '';
let messageId = '';

beforeAll(async () => {
  discord = await LocalDiscord.start();
  const { guild, channels } = discord.addGuild('Schema Club', ['schema']);
  channelId = (channels[0] as { id: string }).id;
  ann = discord.addUser('Ann');
  ben = discord.addUser('Ben', undefined, 'de');
  const row = { type: 1, components: [{ type: 2, custom_id: 'hand:1:0', label: 'My hand', style: 1 }] };
  messageId = storeMessage(
    discord.hub,
    {
      channelId,
      guildId: guild.id,
      authorId: discord.applicationId,
      visibleTo: null,
      interactionId: null,
      webhookId: null,
    },
    { content: 'table', embeds: [{ title: 'Tichu' }], components: [row], attachments: [], flags: 0 },
  ).id;
});
afterAll(async () => {
  await discord?.close();
});

function base(kind: BaseKind, user = ann): Record<string, unknown> {
  switch (kind) {
    case 'slash':
      return user.draftForge(channelId, {
        kind: 'command',
        name: 'play',
        options: [{ type: 3, name: 'cards', value: 'S2' }],
      });
    case 'subcommand':
      return user.draftForge(channelId, {
        kind: 'command',
        name: 'table',
        options: [{ type: 1, name: 'status', options: [] }],
      });
    case 'autocomplete':
      return user.draftForge(channelId, {
        kind: 'autocomplete',
        name: 'play',
        options: [{ type: 3, name: 'cards', value: 'S', focused: true }],
      });
    case 'click':
      return user.draftClick(messageId, 'hand:1:0');
    case 'select':
      return user.draftForge(channelId, {
        kind: 'component',
        messageId,
        customId: 'menu:1',
        componentType: 3,
        values: ['a', 'b'],
      });
    case 'modal':
      return user.draftForge(channelId, { kind: 'modal', customId: 'form:1', fields: { note: 'hi' } });
    case 'userMenu':
      return user.draftForge(channelId, {
        kind: 'command',
        name: 'Profile',
        commandType: 2,
        targetId: ben.id,
      });
    case 'messageMenu':
      return user.draftForge(channelId, {
        kind: 'command',
        name: 'Quote',
        commandType: 3,
        targetId: messageId,
      });
    case 'ping':
      return discord.pingPayload();
  }
}

describe('well-formed payloads pass', () => {
  it.each([
    'slash',
    'subcommand',
    'autocomplete',
    'click',
    'select',
    'modal',
    'userMenu',
    'messageMenu',
  ] as const)('what the local Discord sends: %s', (kind) => {
    expect(checkRawInteraction(base(kind))).toEqual({ ok: true });
  });

  it('user menus with resolved users and members, and a modal on a message', () => {
    const menu = ann.draftForge(channelId, {
      kind: 'component',
      messageId,
      customId: 'menu:users',
      componentType: 5,
      values: [ben.id],
    });
    expect(checkRawInteraction(menu)).toEqual({ ok: true });
    const form = ann.draftForge(channelId, {
      kind: 'modal',
      customId: 'form:2',
      messageId,
      fields: { a: 'b' },
    });
    expect(checkRawInteraction(form)).toEqual({ ok: true });
  });

  it('what a modified client may forge: an empty custom id, long names (the second door answers those)', () => {
    const form = ann.draftForge(channelId, { kind: 'modal', customId: '', fields: { text: 'zz' } });
    expect(checkRawInteraction(form)).toEqual({ ok: true });
    const command = ann.draftForge(channelId, {
      kind: 'command',
      name: 'x'.repeat(300),
      options: [{ type: 3, name: 'y'.repeat(300), value: '' }],
    });
    expect(checkRawInteraction(command)).toEqual({ ok: true });
  });

  it('one as Discord documents it, with fields discord.js does not know, in a DM and with a label', () => {
    const payload = {
      id: '1300000000000000001',
      application_id: '1200000000000000000',
      type: 5,
      token: 'aW50ZXJhY3Rpb246MTMwMDAwMDAwMDAwMDAwMDAwMTpzZWNyZXQ',
      version: 1,
      user: {
        id: '1100000000000000000',
        username: 'ann',
        global_name: null,
        discriminator: '0',
        avatar: null,
        avatar_decoration_data: null,
        collectibles: null,
        primary_guild: { identity_enabled: false },
        public_flags: 0,
      },
      channel: { id: '1400000000000000000', type: 1, flags: 0, recipients: [{ id: '1100000000000000000' }] },
      channel_id: '1400000000000000000',
      app_permissions: '562949953601536',
      locale: 'de',
      entitlements: [{ id: '1500000000000000000', sku_id: '1', deleted: false, type: 8 }],
      entitlement_sku_ids: [],
      authorizing_integration_owners: { '1': '1100000000000000000' },
      context: 1,
      attachment_size_limit: 10_485_760,
      some_future_field: { anything: [1, 'two'] },
      data: {
        custom_id: 'form:3',
        components: [
          { type: 18, id: 1, component: { type: 4, id: 2, custom_id: 'note', value: 'hello' } },
          { type: 18, id: 3, component: { type: 3, id: 4, custom_id: 'pick', values: ['a'] } },
          { type: 10, id: 5 },
        ],
      },
    };
    expect(checkRawInteraction(payload)).toEqual({ ok: true });
  });
});

/** Shapes inside what the door lets through: a locale it does not know, long texts, numbers as values. */
const PASSED_ON = new Set([
  'locale huge',
  'option value huge',
  'autocomplete focused value a number',
  // Past Discord's lengths, yet discord.js builds them and the second door answers them in words.
  'command name huge',
  'option name of 2,100 characters',
  'custom_id huge',
]);

/** The field named for the shapes the independent run found crashing, or unanswered, and a few more. */
const NAMED: Readonly<Record<string, string>> = {
  'options null': 'data.options',
  'option entry null': 'data.options.0',
  'user context menu without resolved': 'data.resolved',
  'user context menu without target_id': 'data.target_id',
  'component interaction without message': 'message',
  'modal components null': 'data.components',
  'guild interaction without member': 'member',
  'member without user': 'member.user',
  'locale a number': 'locale',
  'component type 99': 'data.component_type',
  'interaction type 99': 'type',
  'PING over the gateway': 'type',
  'token missing': 'token',
  'payload null': '(payload)',
  'entitlements missing': 'entitlements',
  'member permissions not a number': 'member.permissions',
  'resolved members without users': 'data.resolved.members',
};

describe('malformed payloads are refused', () => {
  it('the catalogue has about forty shapes and more, each named once', () => {
    expect(MALFORMED_SHAPES.length).toBeGreaterThanOrEqual(40);
    expect(new Set(MALFORMED_SHAPES.map((s) => s.name)).size).toBe(MALFORMED_SHAPES.length);
    for (const name of [...PASSED_ON, ...Object.keys(NAMED)])
      expect(MALFORMED_SHAPES.some((s) => s.name === name)).toBe(true);
  });

  it.each(MALFORMED_SHAPES.map((s) => [s.name, s] as const))('%s', (name, shape) => {
    const verdict = checkRawInteraction(shape.mutate(base(shape.base)));
    if (PASSED_ON.has(name)) {
      expect(verdict).toEqual({ ok: true });
      return;
    }
    expect(verdict.ok).toBe(false);
    if (verdict.ok) return;
    expect(verdict.paths.length).toBeGreaterThan(0);
    expect(verdict.paths.length).toBeLessThanOrEqual(5);
    const named = NAMED[name];
    if (named) expect(verdict.paths).toContain(named);
  });

  it('a key that comes from the payload is not repeated in the paths, nor any value', () => {
    const raw = base('messageMenu');
    const data = raw.data as { resolved: { messages: Record<string, unknown> } };
    data.resolved.messages = { 'my secret words': null };
    const verdict = checkRawInteraction(raw);
    expect(verdict).toMatchObject({ ok: false, paths: ['data.resolved.messages.?'] });
    expect(JSON.stringify(verdict)).not.toContain('secret');
    expect(JSON.stringify(verdict)).not.toContain(String(raw.token));
  });

  it('the id is kept for the log when it is a string (cut to 32 characters)', () => {
    const raw = { ...base('slash'), id: '7'.repeat(50), data: null };
    expect(checkRawInteraction(raw)).toMatchObject({ ok: false, id: '7'.repeat(32) });
    expect(checkRawInteraction({ ...base('slash'), id: 5 })).toMatchObject({ ok: false, id: null });
  });
});

describe('the answer to a refused payload', () => {
  it('a command, a click or a form: an ephemeral sentence in the user’s language', () => {
    for (const kind of ['slash', 'click', 'modal'] as const) {
      const raw: Record<string, unknown> = { ...base(kind), data: null };
      expect(refusalOf(raw)).toEqual({
        id: raw.id,
        token: raw.token,
        body: { type: 4, data: { content: malformedText('en'), flags: 64 } },
      });
    }
    const german = { ...base('slash', ben), data: null };
    expect(refusalOf(german)?.body.data.content).toBe(malformedText('de'));
    expect(malformedText('de')).not.toBe(malformedText('en'));
  });

  it('autocomplete: an empty list of suggestions', () => {
    expect(refusalOf({ ...base('autocomplete'), data: null })?.body).toEqual({
      type: 8,
      data: { choices: [] },
    });
  });

  it('a locale that is not text answers in English', () => {
    expect(refusalOf({ ...base('slash', ben), locale: { lang: 'de' } })?.body.data.content).toBe(
      malformedText('en'),
    );
  });

  it('none for a PING, an unknown type, or no id or token to answer to', () => {
    expect(refusalOf(base('ping'))).toBeNull();
    expect(refusalOf({ ...base('slash'), type: 99 })).toBeNull();
    expect(refusalOf({ ...base('slash'), type: '2' })).toBeNull();
    expect(refusalOf({ ...base('slash'), token: undefined })).toBeNull();
    expect(refusalOf({ ...base('slash'), id: 12 })).toBeNull();
    expect(refusalOf({ ...base('slash'), token: '../../channels/1/messages' })).toBeNull();
    expect(refusalOf({ ...base('slash'), token: '..' })).toBeNull();
    expect(refusalOf(null)).toBeNull();
    expect(refusalOf('payload')).toBeNull();
  });
});

describe('langOf', () => {
  it('takes anything: text that starts with "de" is German, everything else English', () => {
    expect(langOf('de')).toBe('de');
    expect(langOf('DE-at')).toBe('de');
    expect(langOf('en-US')).toBe('en');
    for (const odd of [42, { lang: 'de' }, ['de'], null, undefined, true, Symbol('de')])
      expect(langOf(odd)).toBe('en');
  });
});
