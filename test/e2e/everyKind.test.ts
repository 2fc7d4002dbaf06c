/**
 * Every kind of interaction Discord can send gets an answer, in words a person understands: unknown
 * and stale commands (slash, context menus, the entry point), autocomplete without a handler, unknown
 * components of every type, and modal submits (the bot shows no modals, so any is stale).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptedUser } from '../../src/localDiscord/index.js';
import type { Forged } from '../../src/localDiscord/interactions.js';
import { type BotFixture, startFixture } from '../support/botFixture.js';

let fx: BotFixture;
let ann: ScriptedUser;
let tableMessageId = '';

beforeAll(async () => {
  fx = await startFixture({ users: 2 });
  ann = fx.users[0]!;
  tableMessageId = (await ann.slash(fx.channelId, 'table', { subcommand: 'create' }).reply()).id;
});
afterAll(async () => {
  await fx?.close();
});

/** What the table holds (not its message id, which is set once the reply that created it lands). */
function tableState(): unknown {
  const here = fx.bot.service.tableInChannel(fx.channelId);
  if (!here.ok) return here;
  const { messageId: _m, updatedAt: _u, ...table } = here.value.table;
  return { table, version: here.value.view?.version ?? null };
}

const STALE_COMMAND = 'This command is out of date; ask an admin to run `npm run deploy-commands`.';

const kinds: Array<[string, () => Forged, RegExp | 'choices']> = [
  ['an unknown slash command', () => ({ kind: 'command', name: 'teleport' }), /out of date/],
  [
    'a known command with an unknown subcommand',
    () => ({ kind: 'command', name: 'table', options: [{ type: 1, name: 'frobnicate', options: [] }] }),
    /out of date/,
  ],
  [
    'a user context menu',
    () => ({ kind: 'command', name: 'Tichu stats', commandType: 2, targetId: fx.users[1]!.id }),
    /out of date/,
  ],
  [
    'a message context menu',
    () => ({ kind: 'command', name: 'Report', commandType: 3, targetId: tableMessageId }),
    /out of date/,
  ],
  ['the entry point command', () => ({ kind: 'command', name: 'launch', commandType: 4 }), /out of date/],
  [
    'autocomplete of a command without a handler',
    () => ({
      kind: 'autocomplete',
      name: 'table',
      options: [{ type: 1, name: 'join', options: [{ type: 4, name: 'seat', value: '1', focused: true }] }],
    }),
    'choices',
  ],
  [
    'autocomplete of an unknown command',
    () => ({
      kind: 'autocomplete',
      name: 'teleport',
      options: [{ type: 3, name: 'to', value: 'x', focused: true }],
    }),
    'choices',
  ],
  [
    'a button with an unknown custom id',
    () => ({ kind: 'component', messageId: tableMessageId, customId: 'v1-old-button', componentType: 2 }),
    /out of date|no longer/,
  ],
  [
    'a string select with an unknown custom id',
    () => ({
      kind: 'component',
      messageId: tableMessageId,
      customId: 'old-menu',
      componentType: 3,
      values: ['a'],
    }),
    /out of date|no longer/,
  ],
  ...([5, 6, 7, 8] as const).map((componentType): [string, () => Forged, RegExp] => [
    `a select menu of component type ${componentType}`,
    () => ({
      kind: 'component',
      messageId: tableMessageId,
      customId: 'pick-someone',
      componentType,
      values: [],
    }),
    /out of date|no longer/,
  ]),
  [
    'a modal submit with no message',
    () => ({ kind: 'modal', customId: 'feedback', fields: { text: 'hello' } }),
    /form/i,
  ],
  [
    'a modal submit from a message',
    () => ({ kind: 'modal', customId: 'rename', fields: { name: 'x' }, messageId: tableMessageId }),
    /form/i,
  ],
];

describe('every kind of interaction is answered', () => {
  it.each(kinds)('%s', async (_name, forged, expected) => {
    const before = tableState();
    const handle = ann.forge(fx.channelId, forged());
    const ack = await handle.acknowledged();
    if (expected === 'choices') {
      expect(ack.type).toBe(8);
      expect(ack.data?.choices).toEqual([]);
    } else {
      const reply = await handle.reply();
      expect(reply.ephemeral).toBe(true);
      expect(reply.content).toMatch(expected);
      expect(reply.content).not.toMatch(/went wrong/);
    }
    // Nothing changed at the table.
    expect(tableState()).toEqual(before);
    expect(fx.errors).toEqual([]);
  });

  it('an unknown command says exactly what to do', async () => {
    const reply = await ann.forge(fx.channelId, { kind: 'command', name: 'teleport' }).reply();
    expect(reply.content).toBe(STALE_COMMAND);
  });
});
