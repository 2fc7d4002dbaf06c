/** A complete match through the local Discord: four scripted users, only what each can see and click. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Card } from '../../src/engine/index.js';
import type { RestCall } from '../../src/localDiscord/index.js';
import { type BotFixture, startFixture } from '../support/botFixture.js';
import { embedText } from '../support/e2eTable.js';
import { Dice, isTableMessage, openPanel, tableMessage, takeTurn } from '../support/panelPlayer.js';
import { cardsShown, isPublicCall } from '../support/privacy.js';

let fx: BotFixture;
beforeAll(async () => {
  let n = 0;
  // Fixed ids and seeds, so the match is the same every run.
  fx = await startFixture({
    env: {
      now: () => Date.now(),
      newTableId: () => `e2etab${String(n++).padStart(2, '0')}`,
      newSeed: () => 'e2e-match-seed',
      randomInt: () => 0,
    },
  });
});
afterAll(async () => {
  await fx?.close();
});

describe('a complete match', () => {
  it('plays from /table create to the final score with four players clicking their panels', async () => {
    const [ann, ...others] = fx.users;
    await ann!.slash(fx.channelId, 'table', { subcommand: 'create', options: { target: 200 } }).reply();
    for (const u of others) await u.slash(fx.channelId, 'table', { subcommand: 'join' }).reply();
    await ann!.slash(fx.channelId, 'table', { subcommand: 'start' }).reply();
    // Privacy at the wire: each public payload is checked against the cards in hands as the call
    // arrives and as the previous call arrived (a card leaked from a hand is in it at both moments).
    const leaks: string[] = [];
    let before = new Set<Card>();
    const handsNow = () => {
      const cards = new Set<Card>();
      for (const u of fx.users) {
        const seen = fx.bot.service.playerView(
          fx.bot.service.tableInChannel(fx.channelId).ok
            ? (fx.bot.service.tableInChannel(fx.channelId) as { value: { table: { id: string } } }).value
                .table.id
            : '',
          u.id,
        );
        if (seen.ok) for (const c of seen.value.view.hand) cards.add(c);
      }
      return cards;
    };
    const onCall = (call: RestCall) => {
      const now = handsNow();
      if (isPublicCall(fx.discord, call)) {
        const secret = [...now].filter((c) => before.has(c));
        const shown = cardsShown(call.body, secret);
        if (shown.length > 0) leaks.push(`${call.method} ${call.route} shows ${shown.join(' ')}`);
      }
      before = now;
    };
    fx.discord.hub.on('call', onCall);
    const dice = new Dice(7);
    let finished = false;
    let actions = 0;
    for (let round = 0; round < 3000 && !finished; round++) {
      let acted = false;
      for (const user of fx.users) {
        if (!fx.bot.service.tableInChannel(fx.channelId).ok) break; // the match ended
        const panel = await openPanel(user, fx.channelId);
        if (await takeTurn(user, panel, dice)) {
          acted = true;
          actions++;
        }
      }
      const view = fx.bot.service.tableInChannel(fx.channelId);
      finished = !view.ok; // the finished table is no longer active in the channel
      expect(acted || finished).toBe(true);
    }
    expect(finished).toBe(true);
    expect(actions).toBeGreaterThan(40);
    const table = fx.bot.store.tables.activeInGuild(fx.guildId);
    expect(table).toEqual([]);
    const hands = fx.bot.store.db
      .prepare('SELECT count(*) AS n FROM hands WHERE result IS NOT NULL')
      .get() as { n: number };
    expect(hands.n).toBeGreaterThanOrEqual(2);
    fx.discord.hub.off('call', onCall);
    expect(leaks).toEqual([]);
    // Every panel (it shows "Your hand", or says it is no longer live once a newer one replaced it)
    // was ephemeral and went only to the user who asked.
    const panels = [...fx.discord.hub.world.messages.values()].filter(
      (m) => m.content.includes('Your hand') || m.content.includes('no longer live'),
    );
    expect(panels.length).toBeGreaterThan(100);
    for (const m of panels) {
      const asker = m.interactionId
        ? fx.discord.hub.world.interactions.get(m.interactionId)?.userId
        : undefined;
      expect(m.visibleTo).not.toBeNull();
      expect(m.visibleTo).toBe(asker);
    }
    // Every payload the bot sent passed Discord's limits: the local Discord refuses anything else.
    expect(
      fx.discord.calls
        .filter((c) => c.status >= 400)
        .map((c) => `${c.method} ${c.route} ${JSON.stringify(c.response)}`),
    ).toEqual([]);
    // The public message shows the result once its last edit lands.
    const final = await ann!.waitForMessage(
      fx.channelId,
      (m) => isTableMessage(m) && /win \d+ to -?\d+/.test(embedText(m)),
    );
    expect(embedText(final)).toMatch(/🏆/);
    expect(tableMessage(ann!, fx.channelId)?.id).toBe(final.id);
  });
});
