/** Custom ids are user input: forged, malformed or foreign ones are refused in plain words and change nothing. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCards, encodeId } from '../../src/discord/customIds.js';
import { type BotFixture, startFixture } from '../support/botFixture.js';
import { find, openPanel } from '../support/panelPlayer.js';

let fx: BotFixture;
let tableId = '';
let tableMessageId = '';

beforeAll(async () => {
  fx = await startFixture({ users: 5 });
  const [ann, ...rest] = fx.users;
  const created = await ann!.slash(fx.channelId, 'table', { subcommand: 'create' }).reply();
  tableMessageId = created.id;
  for (const u of rest.slice(0, 3)) await u.slash(fx.channelId, 'table', { subcommand: 'join' }).reply();
  await ann!.slash(fx.channelId, 'table', { subcommand: 'start' }).reply();
  const here = fx.bot.service.tableInChannel(fx.channelId);
  if (!here.ok) throw new Error('no table');
  tableId = here.value.table.id;
});
afterAll(async () => {
  await fx?.close();
});

function versionNow(): number {
  const view = fx.bot.service.tableView(tableId);
  return view.ok && view.value.view ? view.value.view.version : -1;
}

describe('forged and malformed custom ids', () => {
  it.each([
    ['an unknown verb', 'steal:abcd1234:0'],
    ['no table id', 'pass'],
    ['a malformed table id', 'pass:ABC:0'],
    ['a malformed version', 'pass:abcd1234:x'],
    ['too many characters', `pass:abcd1234:0:${'a'.repeat(90)}`],
  ])('%s is refused as not valid, and nothing changes', async (_name, customId) => {
    const before = versionNow();
    const reply = await fx.users[1]!.forgeClick(tableMessageId, customId).reply();
    expect(reply.ephemeral).toBe(true);
    expect(reply.content).toBe('That button is not valid.');
    expect(versionNow()).toBe(before);
  });

  it('a well-formed id of a table that does not exist is refused: the message was not made for it', async () => {
    const before = versionNow();
    const reply = await fx.users[1]!.forgeClick(tableMessageId, encodeId('pass', 'zzzz9999', 0)).reply();
    expect(reply.ephemeral).toBe(true);
    expect(reply.content).toBe('That button is not valid.');
    expect(versionNow()).toBe(before);
  });

  it('a click by someone who is not seated is refused and shows no cards', async () => {
    const eve = fx.users[4]!;
    const reply = await eve.forgeClick(tableMessageId, encodeId('hand', tableId, versionNow())).reply();
    expect(reply.ephemeral).toBe(true);
    expect(reply.content).toMatch(/not seated/);
    expect(reply.content).not.toMatch(/Your hand/);
  });

  it('a forged play of cards the player does not hold is refused by the rules', async () => {
    const ben = fx.users[1]!;
    const panel = await openPanel(ben, fx.channelId);
    const theirs = fx.bot.service.playerView(tableId, fx.users[2]!.id);
    if (!theirs.ok) throw new Error('no view');
    const stolen = theirs.value.view.hand[0]!;
    const before = versionNow();
    const reply = await ben
      .forgeClick(panel.id, encodeId('play', tableId, before, encodeCards([stolen])))
      .reply();
    expect(reply.ephemeral).toBe(true);
    expect(reply.content).toMatch(/^> /m);
    expect(versionNow()).toBe(before);
    expect(find(reply, 'hand')).toBeDefined();
  });

  it('a forged Grand Tichu decision for another seat is impossible: identity comes from the user', async () => {
    const cat = fx.users[2]!;
    const panel = await openPanel(cat, fx.channelId);
    const before = fx.bot.service.tableView(tableId);
    const reply = await cat.forgeClick(panel.id, encodeId('gt', tableId, versionNow(), 0)).reply();
    expect(reply.ephemeral).toBe(true);
    const after = fx.bot.service.tableView(tableId);
    if (!before.ok || !after.ok || !before.value.view || !after.value.view) throw new Error('no view');
    // Only Cat's own decision could have been recorded.
    const catSeat = 2;
    const changed = after.value.view.grandDecided.map((d, s) => d !== before.value.view?.grandDecided[s]);
    expect(changed.filter((c, s) => c && s !== catSeat)).toEqual([]);
  });

  it('every call the bot made in these tests was accepted by Discord', () => {
    expect(fx.discord.calls.filter((c) => c.status >= 400)).toEqual([]);
  });
});
