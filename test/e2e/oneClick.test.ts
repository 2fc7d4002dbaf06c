/**
 * One click a move: four people play a whole match (to 200) through the local Discord, each opening
 * their panel once a hand and from then on acting only on what that live panel shows, never
 * refreshing it. Every decision but the exchange (three cards, then Confirm) is one interaction,
 * and nobody ever acts on a panel the bot had not brought up to date (no stale refusal).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageView, ScriptedUser } from '../../src/localDiscord/index.js';
import { type BotFixture, startFixture } from '../support/botFixture.js';
import { failedCalls, scriptedEnv } from '../support/e2eTable.js';
import { Dice, find, openPanel, tableMessage, takeTurn } from '../support/panelPlayer.js';
import { tableParts } from '../support/tableParts.js';

let fx: BotFixture;
beforeAll(async () => {
  fx = await startFixture({ env: scriptedEnv('click').env });
});
afterAll(async () => {
  await fx?.close();
});

function handOf(message: MessageView | undefined): number {
  const title = message ? (tableParts(message)?.title ?? '') : '';
  return Number(/hand (\d+)/.exec(title)?.[1] ?? 0);
}

describe('one click a move', () => {
  it('a match played from live panels: one interaction per decision, one panel per player and hand', async () => {
    const [ann, ...others] = fx.users as [ScriptedUser, ...ScriptedUser[]];
    await ann.slash(fx.channelId, 'table', { subcommand: 'create', options: { target: 200 } }).reply();
    for (const u of others) await u.slash(fx.channelId, 'table', { subcommand: 'join' }).reply();
    await ann.slash(fx.channelId, 'table', { subcommand: 'start' }).reply();
    const users = fx.users;
    await ann.waitForMessage(fx.channelId, (m) => !m.ephemeral && handOf(m) === 1);
    const ids = new Set(users.map((u) => u.id));
    const sentBefore = [...fx.discord.hub.world.interactions.values()].filter((i) =>
      ids.has(i.userId),
    ).length;

    const dice = new Dice(17);
    const panels = new Map<string, { id: string; hand: number }>();
    let opened = 0;
    let decisions = 0;
    let hands = new Set<number>();
    let finished = false;
    for (let round = 0; round < 20_000 && !finished; round++) {
      let acted = false;
      for (const user of users) {
        if (!fx.bot.service.tableInChannel(fx.channelId).ok) break;
        const hand = handOf(tableMessage(user, fx.channelId));
        hands.add(hand);
        const known = panels.get(user.id);
        let panel =
          known && known.hand === hand
            ? user.messages(fx.channelId).find((m) => m.id === known.id)
            : undefined;
        if (!panel || panel.components.length === 0) {
          // After a hand's summary the bot sends the live panel again below it: the newest panel
          // with buttons, if it is not the one known, is that one, and nothing needs opening.
          const moved = user
            .messages(fx.channelId)
            .filter((m) => m.ephemeral && m.components.length > 0 && m.content.startsWith('**Your hand**'))
            .at(-1);
          if (moved && moved.id !== known?.id) panel = moved;
          else {
            panel = await openPanel(user, fx.channelId);
            opened++;
          }
          panels.set(user.id, { id: panel.id, hand });
        }
        const exchanging = find(panel, 'exs') !== undefined;
        if (await takeTurn(user, panel, dice)) {
          acted = true;
          decisions += exchanging ? 3 : 1;
        }
      }
      finished = !fx.bot.service.tableInChannel(fx.channelId).ok;
      // Nobody's panel offered a move yet: the bot's edits are on their way.
      if (!acted && !finished) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(finished).toBe(true);
    hands = new Set([...hands].filter((h) => h > 0));
    expect(hands.size).toBeGreaterThanOrEqual(2);

    const sent = [...fx.discord.hub.world.interactions.values()].filter((i) => ids.has(i.userId)).length;
    const interactions = sent - sentBefore;
    // Each panel opened at most once per player and hand (a retired or emptied one reopened: never
    // here; one moved below a hand's summary is not opened).
    expect(opened).toBeLessThanOrEqual(4 * hands.size);
    // Besides opening, one interaction a decision, and one Confirm per exchange (4 a hand).
    expect(interactions - opened).toBe(decisions + 4 * hands.size);
    expect((interactions - opened) / decisions).toBeLessThanOrEqual(1.1);
    // Nobody acted on a panel the table had moved on from: the bot never had to say so.
    const stale = [...fx.discord.hub.world.messages.values()].filter((m) =>
      /moved on since this panel was shown/.test(m.content),
    );
    expect(stale.map((m) => m.content.slice(0, 80))).toEqual([]);
    expect(failedCalls(fx)).toEqual([]);
  });
});
