/** A complete match through the local Discord: four scripted users, only what each can see and click. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BotFixture, startFixture } from '../support/botFixture.js';
import { Dice, openPanel, tableMessage, takeTurn } from '../support/panelPlayer.js';

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
    // The public message shows the result once its last edit lands.
    const final = await ann!.waitForMessage(
      fx.channelId,
      (m) => !m.ephemeral && /win \d+ to -?\d+/.test(m.embeds[0]?.description as string),
    );
    expect(final.embeds[0]?.description).toMatch(/🏆/);
    expect(tableMessage(ann!, fx.channelId)?.id).toBe(final.id);
  });
});
