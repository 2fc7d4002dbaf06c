/**
 * Buttons and menus are checked at the door: each verb's arguments, the kind of component, and the
 * values a menu sent (numeric strings, codes that name no card, repeats, too many). Each gets a
 * sentence on the player's panel, and nothing changes. Ids of no scheme of this bot's are told apart:
 * those come from an older version of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeId } from '../../src/discord/customIds.js';
import type { MessageView, ScriptedUser } from '../../src/localDiscord/index.js';
import { type BotFixture, startFixture } from '../support/botFixture.js';
import { componentsOf, openPanel } from '../support/panelPlayer.js';

let fx: BotFixture;
let ben: ScriptedUser;
let tableId = '';

beforeAll(async () => {
  fx = await startFixture({ users: 4 });
  const [ann, ...rest] = fx.users as ScriptedUser[];
  await ann!.slash(fx.channelId, 'table', { subcommand: 'create' }).reply();
  for (const u of rest) await u.slash(fx.channelId, 'table', { subcommand: 'join' }).reply();
  await ann!.slash(fx.channelId, 'table', { subcommand: 'start' }).reply();
  const here = fx.bot.service.tableInChannel(fx.channelId);
  if (!here.ok) throw new Error('no table');
  tableId = here.value.table.id;
  // Everyone declines Grand Tichu: the exchange phase, where the panel has menus.
  for (const u of fx.users) {
    const panel = await openPanel(u, fx.channelId);
    const no = componentsOf(panel).find((c) => c.custom_id?.startsWith('gt:') && c.custom_id.endsWith(':0'));
    await u.click(panel.id, no!.custom_id!).reply();
  }
  ben = fx.users[1]!;
});
afterAll(async () => {
  await fx?.close();
});

function state(): string {
  const view = fx.bot.service.tableView(tableId);
  if (!view.ok) return 'none';
  const { messageId: _m, updatedAt: _u, ...table } = view.value.table;
  return JSON.stringify({ table, version: view.value.view?.version });
}

function version(): number {
  const view = fx.bot.service.tableView(tableId);
  return view.ok ? (view.value.view?.version ?? 0) : 0;
}

async function sent(panel: MessageView, customId: string, componentType: 2 | 3 | 5, values: string[] = []) {
  const before = state();
  const handle = ben.forge(fx.channelId, {
    kind: 'component',
    messageId: panel.id,
    customId,
    componentType,
    values,
  });
  const ack = await handle.acknowledged();
  expect(state()).toBe(before);
  expect(JSON.stringify(ack.data)).not.toMatch(/went wrong/);
  return String(ack.data?.content ?? '');
}

describe('component input checked at the door', () => {
  it.each([
    ['a numeric string that is no rank, in the wish menu', 'wish', ['5x'], 'That wish is not valid.'],
    ['a rank past the Ace, in the wish menu', 'wish', ['15'], 'That wish is not valid.'],
    ['a code that names no card, in the exchange menu', 'exs', ['1k'], 'That exchange choice is not valid.'],
    ['two values in the one-card exchange menu', 'exs', ['00', '01'], 'That exchange choice is not valid.'],
    ['the same card twice, in the card picker', 'pick', ['12', '12'], 'That card choice is not valid.'],
    ['no card at all, in the card picker', 'pick', [], 'That card choice is not valid.'],
    ['a play that is not a play, in the plays menu', 'lp', ['99999'], 'That play is not valid.'],
    [
      'a kind that is no kind name, in the kinds menu',
      'hand',
      ['Straight!'],
      'That kind of play is not valid.',
    ],
  ])('%s: said on the panel, nothing changes', async (_name, verb, values, words) => {
    const panel = await openPanel(ben, fx.channelId);
    const args = verb === 'exs' ? [0, '------'] : verb === 'hand' ? ['kind'] : [];
    const content = await sent(panel, encodeId(verb as 'wish', tableId, version(), ...args), 3, values);
    expect(content.startsWith(`> ${words}\n`)).toBe(true);
    expect(content).toMatch(/Your hand/);
  });

  it.each([
    ['a menu verb on a button', encodeId('pick', 'x', 0).replace(':x:', ':TABLE:'), 2, '> '],
    ['a Grand Tichu answer that is neither yes nor no', 'gt:TABLE:V:2', 2, '> '],
    // A table message's button on a panel: not made for it, so said in a message of its own.
    ['a seat past the fourth', 'take:TABLE:V:4', 2, ''],
    ['a button verb on a menu', 'pass:TABLE:V', 3, '> '],
    ['the kinds menu as a button', 'hand:TABLE:V:kind', 2, '> '],
  ] as const)('%s is not valid', async (_name, pattern, type, onPanel) => {
    const panel = await openPanel(ben, fx.channelId);
    const customId = pattern.replace('TABLE', tableId).replace(':V', `:${version()}`);
    const content = await sent(panel, customId, type, type === 3 ? ['00'] : []);
    expect(content.startsWith(`${onPanel}That ${type === 3 ? 'menu' : 'button'} is not valid.`)).toBe(true);
  });

  it('ids of no scheme of this bot are from an older version of it', async () => {
    const panel = await openPanel(ben, fx.channelId);
    expect(await sent(panel, 'v1|pass|abc', 2)).toBe(
      'This button is out of date: it comes from an older version of the bot. Use /hand or /table status for fresh ones.',
    );
    expect(await sent(panel, 'who', 5)).toMatch(/^This menu is out of date/);
    expect(fx.errors).toEqual([]);
  });
});
