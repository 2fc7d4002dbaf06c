/** The public side: table-message edits coalesce, and "your turn" messages mention, rate-limited and opt-out. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BotFixture, startFixture } from '../support/botFixture.js';
import { eventually } from '../support/discordFixture.js';
import { Dice, openPanel, takeTurn } from '../support/panelPlayer.js';

let fx: BotFixture;
beforeAll(async () => {
  let n = 0;
  fx = await startFixture({
    tableEditDelayMs: 200,
    turnPingIntervalMs: 0,
    env: {
      now: () => Date.now(),
      newTableId: () => `msgtab${String(n++).padStart(2, '0')}`,
      newSeed: () => 'messages-seed',
      randomInt: () => 0,
    },
  });
  const [ann, ...others] = fx.users;
  await ann!.slash(fx.channelId, 'table', { subcommand: 'create' }).reply();
  for (const u of others) await u.slash(fx.channelId, 'table', { subcommand: 'join' }).reply();
});
afterAll(async () => {
  await fx?.close();
});

const tableEdits = () =>
  fx.discord.calls.filter((c) => c.method === 'PATCH' && c.route === '/channels/:channel/messages/:message');
const mentions = (userId: string) =>
  fx.discord
    .channelMessages(fx.channelId)
    .filter((m) => m.content.startsWith(`<@${userId}>`) && m.content.includes('your turn'));

describe('the public messages', () => {
  it('turns off turn messages for a player who asks, before the match', async () => {
    const dan = fx.users[3]!;
    const reply = await dan.slash(fx.channelId, 'notify', { options: { turn: 'off' } }).reply();
    expect(reply.content).toMatch(/No more turn messages/);
    await fx.users[0]!.slash(fx.channelId, 'table', { subcommand: 'start' }).reply();
  });

  it('a burst of actions costs far fewer edits of the table message than actions', async () => {
    const dice = new Dice(3);
    const before = tableEdits().length;
    let actions = 0;
    // Everyone decides on Grand Tichu and the exchange at once, round by round, as four people
    // clicking together do: a round fits the 200 ms coalescing window even on a loaded machine
    // (one player after the other took up to 1.3 s there, and so up to seven windows).
    for (let round = 0; round < 3; round++) {
      const panels = await Promise.all(fx.users.map((user) => openPanel(user, fx.channelId)));
      const taken = await Promise.all(fx.users.map((user, i) => takeTurn(user, panels[i]!, dice)));
      actions += taken.filter(Boolean).length;
    }
    // The last window's edit goes out after the burst (bounded wait), then a little more for stragglers.
    await eventually(() => (tableEdits().length > before ? true : undefined), 'a table edit after the burst');
    await new Promise((resolve) => setTimeout(resolve, 400));
    const edits = tableEdits().length - before;
    expect(actions).toBeGreaterThanOrEqual(8);
    expect(edits).toBeGreaterThan(0);
    expect(edits).toBeLessThan(actions / 2);
  });

  it('mentions the player whose turn it is in a new message, but never one who turned them off', async () => {
    const dice = new Dice(5);
    for (let step = 0; step < 60; step++) {
      for (const user of fx.users) {
        if (!fx.bot.service.tableInChannel(fx.channelId).ok) break;
        const panel = await openPanel(user, fx.channelId);
        await takeTurn(user, panel, dice);
      }
    }
    const [ann, ben, cat, dan] = fx.users;
    const pinged = [ann!, ben!, cat!].filter((u) => mentions(u.id).length > 0);
    expect(pinged.length).toBeGreaterThan(0);
    expect(mentions(dan!.id)).toEqual([]);
    for (const u of pinged) expect(mentions(u.id)[0]?.ephemeral).toBe(false);
  });
});
