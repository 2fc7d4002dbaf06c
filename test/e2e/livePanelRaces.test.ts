/**
 * Live panels when Discord and the table race: a table change that comes while a panel's answer is
 * still on its way to Discord reaches the panel once the answer lands (the edit waits for it rather
 * than failing on a message Discord does not have yet, which used to stop the panel following); a
 * panel made of another private message (**My hand** on the table copy that /table status gives)
 * retires the one before it, so one panel per player is live.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Card, type Seat, seatAfter } from '../../src/engine/index.js';
import type { MessageView } from '../../src/localDiscord/index.js';
import { type BotFixture, startFixture } from '../support/botFixture.js';
import { buttonLabelled, E2ETable, failedCalls, scriptedEnv } from '../support/e2eTable.js';

let fx: BotFixture;
let table: E2ETable;
let lead: Seat;
const scripted = scriptedEnv('race');

beforeAll(async () => {
  fx = await startFixture({ env: scripted.env });
  table = await E2ETable.open(fx, scripted.useSeed, 'live-races-seed');
  await table.dealToPlay({ keep: ['mahjong'] });
  lead = table.shadow.holder('mahjong');
});
afterAll(async () => {
  await fx?.close();
});

const lowestSingle = (seat: Seat) => table.shadow.singles(seat)[0] as Card;

/** Clicks "My hand" on `message` with Discord holding the bot's answer until `whileHeld` is done. */
async function panelAnsweredLate(
  seat: Seat,
  message: MessageView,
  whileHeld: () => Promise<unknown>,
): Promise<MessageView> {
  const hand = buttonLabelled(message, 'My hand');
  if (!hand?.custom_id) throw new Error('no My hand button');
  let heldId = '';
  const hold = fx.discord.holdRequests(
    (method, path) => method === 'POST' && heldId !== '' && path.startsWith(`/interactions/${heldId}/`),
  );
  const handle = table.user(seat).click(message.id, hand.custom_id);
  heldId = handle.id;
  await hold.arrived;
  await whileHeld();
  hold.release();
  return handle.reply();
}

describe('live panels racing Discord', () => {
  it('a turn that comes while the panel is on its way to Discord reaches it once it lands', async () => {
    const next = seatAfter(lead, 1);
    const panel = await panelAnsweredLate(next, table.message(), async () => {
      // Rendered before this play: the panel would say someone else is to play.
      await table.play(lead, [lowestSingle(lead)]);
      await table.waitText(/single/);
    });
    const followed = await table
      .user(next)
      .waitForMessage(fx.channelId, (m) => m.id === panel.id && /\*\*your turn\*\*/.test(m.content));
    expect(buttonLabelled(followed, 'Pass')).toBeDefined();
    // It still follows afterwards: the next pass moves it on again.
    await table.clickButton(next, followed, 'Pass');
    table.shadow.act(next, { type: 'pass' });
    const again = await table
      .user(next)
      .waitForMessage(fx.channelId, (m) => m.id === panel.id && !/\*\*your turn\*\*/.test(m.content));
    expect(again.content).toContain('Your hand');
    expect(failedCalls(fx)).toEqual([]);
  });

  it('My hand on the private table copy opens the live panel and retires the one before it', async () => {
    const seat = seatAfter(lead, 2);
    const first = await table.panel(seat);
    const user = table.user(seat);
    // The first /table status posts the table anew; the second, within 30 s, is a copy only they see.
    await user.slash(fx.channelId, 'table', { subcommand: 'status' }).reply();
    const copy = await user.slash(fx.channelId, 'table', { subcommand: 'status' }).reply();
    expect(copy.ephemeral).toBe(true);
    const hand = buttonLabelled(copy, 'My hand');
    if (!hand?.custom_id) throw new Error(`no My hand on the copy:\n${copy.content}`);
    const fromCopy = await user.click(copy.id, hand.custom_id).reply();
    // The copy is a Components V2 message, which a panel (content and rows) cannot replace: the
    // panel comes as a new message only they see, and the copy stays as it was.
    expect(fromCopy.id).not.toBe(copy.id);
    expect(fromCopy.ephemeral).toBe(true);
    expect(fromCopy.content).toContain('Your hand');
    expect(user.messages(fx.channelId).find((m) => m.id === copy.id)?.components).toEqual(copy.components);
    const retired = await user.waitForMessage(
      fx.channelId,
      (m) => m.id === first.id && m.content.includes('no longer live'),
    );
    expect(retired.components).toEqual([]);
  });
});
