/**
 * A hand's summary lands in the channel just as the next deal asks each player for their Grand
 * Tichu decision, above which their live panel would sit out of sight: the bot sends each live
 * panel again as a new private message below the summary (a follow-up on its token), and the one
 * above says it is no longer live. The moved panel is played from as any other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageView, ScriptedUser } from '../../src/localDiscord/index.js';
import { type BotFixture, startFixture } from '../support/botFixture.js';
import { failedCalls, scriptedEnv } from '../support/e2eTable.js';
import { componentsOf, Dice, openPanel, takeTurn } from '../support/panelPlayer.js';

let fx: BotFixture;
let ann: ScriptedUser;

beforeAll(async () => {
  fx = await startFixture({ env: scriptedEnv('below').env });
  [ann] = fx.users as [ScriptedUser];
});
afterAll(async () => {
  await fx?.close();
});

const isSummary = (m: MessageView) => !m.ephemeral && /^\*\*Hand 1 over\*\*/.test(m.content);

/**
 * Ann plays the first hand from one panel, opened once and kept live (the bots play themselves),
 * until its summary is posted; returns that panel as it then stands, above the summary.
 */
/**
 * The move waits for the summary's post and then the panel's follow-up, each behind the outbox: on
 * a loaded machine (a clean-clone CI beside a browser session) it took over the default 5 s once.
 */
const MOVE_MS = 15_000;

async function playFirstHand(): Promise<MessageView> {
  const dice = new Dice(7);
  const { id } = await openPanel(ann, fx.channelId);
  const panel = () => ann.messages(fx.channelId).find((m) => m.id === id) as MessageView;
  for (let step = 0; step < 2_000; step++) {
    if (ann.messages(fx.channelId).some(isSummary)) return panel();
    if (!(await takeTurn(ann, panel(), dice, { passChance: 20 })))
      await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('the first hand did not end within 2,000 steps');
}

describe('a live panel after a hand’s summary', () => {
  it('moves below the summary as a new private message; the one above retires', async () => {
    await ann.slash(fx.channelId, 'table', { subcommand: 'create' }).reply();
    for (let i = 0; i < 3; i++)
      await ann.slash(fx.channelId, 'table', { subcommand: 'bot', options: { do: 'add' } }).reply();
    await ann.slash(fx.channelId, 'table', { subcommand: 'start' }).reply();
    const last = await playFirstHand();
    const summary = ann.messages(fx.channelId).find(isSummary) as MessageView;

    // Without a click of Ann's: a new panel of hers below the summary, on the next deal.
    const order = () => ann.messages(fx.channelId).map((m) => m.id);
    const below = await ann.waitForMessage(
      fx.channelId,
      (m) =>
        m.ephemeral &&
        m.id !== last.id &&
        m.content.startsWith('**Your hand**') &&
        order().indexOf(m.id) > order().indexOf(summary.id),
      MOVE_MS,
    );
    expect(below.content).toContain('🏁 End of hand 1');
    const old = await ann.waitForMessage(
      fx.channelId,
      (m) => m.id === last.id && m.content.includes('no longer live'),
      MOVE_MS,
    );
    expect(componentsOf(old)).toEqual([]);

    // Played from as any panel: its Refresh answers in place.
    const refresh = componentsOf(below).find((c) => c.label === 'Refresh');
    expect(refresh?.custom_id).toBeDefined();
    const answer = await ann.click(below.id, refresh?.custom_id as string).reply();
    expect(answer.id).toBe(below.id);
    expect(answer.content).toMatch(/^\*\*Your hand\*\* \(\d+\)/);
    expect(fx.errors).toEqual([]);
  });

  it('every REST call the bot made succeeded', () => {
    expect(failedCalls(fx)).toEqual([]);
  });
});
