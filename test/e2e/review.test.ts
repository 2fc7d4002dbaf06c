/**
 * Hand reviews through the real bot: Ann plays a hand against three bots; the hand's summary carries
 * a Review button whose answer reaches Ann alone (private), reviews her own seat, and comes from the
 * store the second time; someone who did not play the hand is refused, and so is a hand not over;
 * `/history hand … review:true` answers the same. Nothing of it is public.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageView, ScriptedUser } from '../../src/localDiscord/index.js';
import { type BotFixture, startFixture } from '../support/botFixture.js';
import { scriptedEnv } from '../support/e2eTable.js';
import { componentsOf, Dice, openPanel, takeTurn } from '../support/panelPlayer.js';

let fx: BotFixture;
let ann: ScriptedUser;
let ben: ScriptedUser;

beforeAll(async () => {
  fx = await startFixture({ env: scriptedEnv('review').env, reviewBudgetMs: 1_500 });
  [ann, ben] = fx.users as [ScriptedUser, ScriptedUser];
});
afterAll(async () => {
  await fx?.close();
});

const reviewButton = (m: MessageView) => componentsOf(m).find((c) => c.custom_id?.startsWith('rv:'));

/** Ann plays (the bots play themselves) until the first hand's summary is posted. */
async function playFirstHand(): Promise<MessageView> {
  const dice = new Dice(11);
  for (let step = 0; step < 600; step++) {
    const summary = ann.messages(fx.channelId).find((m) => !m.ephemeral && reviewButton(m) !== undefined);
    if (summary) return summary;
    const panel = await openPanel(ann, fx.channelId);
    if (!(await takeTurn(ann, panel, dice, { passChance: 20 }))) await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('the first hand did not end within 600 steps');
}

describe('reviewing a hand', () => {
  it('answers its player alone, from the store the second time; refuses others and hands not over', async () => {
    await ann.slash(fx.channelId, 'table', { subcommand: 'create' }).reply();
    for (let i = 0; i < 3; i++)
      await ann.slash(fx.channelId, 'table', { subcommand: 'bot', options: { do: 'add' } }).reply();
    await ann.slash(fx.channelId, 'table', { subcommand: 'start' }).reply();
    const summary = await playFirstHand();
    expect(summary.content).toMatch(/Hand 1/);
    const id = reviewButton(summary)?.custom_id as string;
    expect(id).toMatch(/^rv:\d+:1$/);
    const matchId = Number(id.split(':')[1]);

    // Ben sat at no seat of that hand: refused, privately, and nothing is stored.
    const refused = await ben.click(summary.id, id).reply(20_000);
    expect([refused.ephemeral, refused.interactionUserId]).toEqual([true, ben.id]);
    expect(refused.content).toContain('You did not play that hand');
    const stored = () =>
      (fx.bot.store.db.prepare('SELECT count(*) AS n FROM hand_reviews').get() as { n: number }).n;
    expect(stored()).toBe(0);

    // Ann's review: private to her, of her seat (seat 1: she created the table), within its budget.
    const first = await ann.click(summary.id, id).reply(30_000);
    expect([first.ephemeral, first.interactionUserId]).toEqual([true, ann.id]);
    expect(first.content).toContain('Review of your hand 1');
    expect(first.content).toMatch(/decisions? with a choice reviewed/);
    expect(first.content).toMatch(/chance to go out first/);
    // Which cards and which judge the deal's chance is, so the call advisor's figure beside it can differ.
    expect(first.content).toContain(
      'Your 14 cards as dealt, before the exchange (a quick rating of the hand alone)',
    );
    // The key names the band by the cost less its error, so "Good · about 13 points, ±5" reads true.
    expect(first.content).toContain(
      'the points lost, less one error (the best of several estimates runs high), name it: under 10 good, inaccuracy 10+',
    );
    expect(stored()).toBe(1);
    const row = fx.bot.store.db.prepare('SELECT seat, user_id AS userId FROM hand_reviews').get() as {
      seat: number;
      userId: string;
    };
    expect(row).toEqual({ seat: 0, userId: ann.id });

    // Asked again (the button or /history), it is read from the store: the same words, nothing new.
    const again = await ann.click(summary.id, id).reply(5_000);
    expect(again.content).toBe(first.content);
    const fromHistory = await ann
      .slash(fx.channelId, 'history', {
        subcommand: 'hand',
        options: { match: matchId, hand: 1, review: true },
      })
      .reply(5_000);
    expect([fromHistory.ephemeral, fromHistory.interactionUserId]).toEqual([true, ann.id]);
    expect(fromHistory.content).toBe(first.content);
    expect(stored()).toBe(1);

    // The hand being played is not reviewed.
    const early = await ann
      .slash(fx.channelId, 'history', {
        subcommand: 'hand',
        options: { match: matchId, hand: 2, review: true },
      })
      .reply();
    expect(early.content).toContain('That hand is not over yet');

    // No review reached anyone else, and the channel shows none.
    const reviews = [...fx.discord.hub.world.messages.values()].filter((m) =>
      m.content.includes('Review of your hand'),
    );
    expect(reviews.length).toBeGreaterThanOrEqual(3);
    for (const m of reviews) expect(m.visibleTo).toBe(ann.id);
    expect(fx.errors).toEqual([]);
  });

  it('its My hand opens the clicker’s panel below it while the match goes on; others are refused', async () => {
    const summary = ann.messages(fx.channelId).find((m) => !m.ephemeral && reviewButton(m) !== undefined);
    const hand = componentsOf(summary as MessageView).find((c) => c.custom_id?.startsWith('hand:'));
    expect(hand?.label).toBe('My hand');
    const panel = await ann.click((summary as MessageView).id, hand?.custom_id as string).reply();
    expect([panel.ephemeral, panel.interactionUserId]).toEqual([true, ann.id]);
    expect(panel.content).toMatch(/\*\*Your hand\*\* \(\d+\)/);
    // A new message: below the summary, where the player is looking.
    const order = ann.messages(fx.channelId).map((m) => m.id);
    expect(order.indexOf(panel.id)).toBeGreaterThan(order.indexOf((summary as MessageView).id));
    const refused = await ben.click((summary as MessageView).id, hand?.custom_id as string).reply();
    expect(refused.content).toBe(
      'You are not seated at this table: only its players can do that. To play, ask the host for a bot’s or an away player’s seat: 🙋 **Take seat** on the table message, or `/table sit`.',
    );
  });

  it('a Review id forged onto another message does nothing', async () => {
    const table = ann
      .messages(fx.channelId)
      .find((m) => !m.ephemeral && reviewButton(m) === undefined && m.authorId !== ann.id);
    expect(table).toBeDefined();
    const answer = await ann.forgeClick((table as MessageView).id, 'rv:1:1').reply();
    expect(answer.content).toBe('That button is not valid.');
  });
});
