/**
 * Away seats through the local Discord with the real bot, time moved by hand: two timeouts in a row
 * make a seat away and the bot plays it on (the table message says so), **I'm back** on the panel
 * returns it with the clock running for it again, and `/table away` by the last person present
 * pauses the table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/app/clock.js';
import type { ScriptedUser } from '../../src/localDiscord/index.js';
import { type BotFixture, startFixture } from '../support/botFixture.js';
import { buttonLabelled, embedText, failedCalls, scriptedEnv } from '../support/e2eTable.js';
import { Dice, isTableMessage, openPanel, tableMessage, takeTurn } from '../support/panelPlayer.js';

const TWO_MINUTES = 120_000;

let fx: BotFixture;
let ann: ScriptedUser;
let ben: ScriptedUser;
const clock = new ManualClock(Date.now());

beforeAll(async () => {
  fx = await startFixture({ users: 2, env: scriptedEnv('awy').env, clock });
  [ann, ben] = fx.users as [ScriptedUser, ScriptedUser];
});
afterAll(async () => {
  await fx?.close();
});

/** Waits (bounded) until the table message passes `test`; returns its text. */
async function tableText(test: (text: string) => boolean): Promise<string> {
  try {
    const m = await ann.waitForMessage(fx.channelId, (x) => isTableMessage(x) && test(embedText(x)));
    return embedText(m);
  } catch {
    throw new Error(
      `the table message never matched; it shows:\n${embedText(tableMessage(ann, fx.channelId))}`,
    );
  }
}

function state() {
  const here = fx.bot.service.tableInChannel(fx.channelId);
  if (!here.ok || !here.value.view) throw new Error('no match here');
  return here.value;
}

describe('the timer setting', () => {
  it('is chosen at /table create and changed by the host in the lobby; the table message names it', async () => {
    await ann.slash(fx.channelId, 'table', { subcommand: 'create', options: { timer: '5m' } }).reply();
    await tableText((t) => t.includes('Standard rules · ⏱️ 5 minutes a decision'));
    await ben.slash(fx.channelId, 'table', { subcommand: 'join', options: { seat: 2 } }).reply();
    const refused = await ben
      .slash(fx.channelId, 'table', { subcommand: 'timer', options: { length: 'off' } })
      .reply();
    expect(refused.content).toBe('Only the table’s host can do that.');
    const set = await ann
      .slash(fx.channelId, 'table', { subcommand: 'timer', options: { length: '60s' } })
      .reply();
    expect(set.content).toBe('Turn timer: ⏱️ 1 minute a decision.');
    await tableText((t) => t.includes('Standard rules · ⏱️ 1 minute a decision'));
    for (const seat of [3, 4])
      await ann.slash(fx.channelId, 'table', { subcommand: 'bot', options: { do: 'add', seat } }).reply();
    await ann.slash(fx.channelId, 'table', { subcommand: 'start' }).reply();
    const late = await ann
      .slash(fx.channelId, 'table', { subcommand: 'timer', options: { length: '2m' } })
      .reply();
    expect(late.content).toBe(
      'That is not possible while the match is being played. The turn timer is set before the start.',
    );
  });
});

describe('away seats', () => {
  it('two timeouts in a row make a seat away, and the bot plays it on', async () => {
    await tableText((t) => t.includes('⏱️ 1 minute a decision') && t.includes('Grand Tichu?'));
    const dice = new Dice(3);
    // Ann decides on Grand Tichu; Ben lets his minute run out.
    expect(await takeTurn(ann, await openPanel(ann, fx.channelId), dice)).toBe(true);
    fx.advance(60_000);
    await tableText(
      (t) => t.includes('⏰ **Ben** ran out of time: no Grand Tichu') && t.includes('Exchange:'),
    );
    // Ann exchanges; Ben lets it run out again: his seat is away from now on.
    expect(await takeTurn(ann, await openPanel(ann, fx.channelId), dice)).toBe(true);
    fx.advance(60_000);
    const text = await tableText((t) => t.includes('2. Ben · away (bot playing)'));
    expect(text).toContain('⏰ **Ben** ran out of time: cards passed for them');
    // Ann plays on; Ben's seat never waits: his cards go down as the bot plays them.
    for (let i = 0; i < 60 && state().view?.cardsLeft[1] === 14; i++) {
      expect(state().table.deadline === null || state().view?.turn !== 1).toBe(true);
      expect(await takeTurn(ann, await openPanel(ann, fx.channelId), dice, { passChance: 50 })).toBe(true);
    }
    expect(state().view?.cardsLeft[1]).toBeLessThan(14);
    const log = fx.bot.store.matches.actions(state().table.matchId as number);
    expect(log.filter((e) => e.seat === 1 && e.forced === 'away').length).toBeGreaterThan(0);
    expect(log.filter((e) => e.seat === 1).every((e) => e.userId === ben.id)).toBe(true);
  });

  it('I’m back on the panel returns the seat: the table message drops "away", the clock runs for Ben again', async () => {
    const panel = await openPanel(ben, fx.channelId);
    expect(panel.content).toContain('You are away');
    const back = buttonLabelled(panel, 'I’m back');
    expect(back?.custom_id).toBeDefined();
    const after = await ben.click(panel.id, back?.custom_id as string).reply();
    expect(after.content).toContain('Welcome back');
    expect(buttonLabelled(after, 'I’m back')).toBeUndefined();
    await tableText((t) => t.includes('2. Ben —') && !t.includes('Ben · away'));
    // Ann plays until Ben owes a decision: his panel shows his deadline.
    const dice = new Dice(9);
    for (let i = 0; i < 60 && state().table.deadline !== null && !owes(1); i++)
      expect(await takeTurn(ann, await openPanel(ann, fx.channelId), dice, { passChance: 50 })).toBe(true);
    expect(owes(1)).toBe(true);
    const mine = await openPanel(ben, fx.channelId);
    expect(mine.content).toContain(
      `⏰ Your time runs out <t:${Math.floor((state().table.deadline?.at ?? 0) / 1000)}:R>`,
    );
  });

  it('the last person present stepping away pauses the table, and says so', async () => {
    const reply = await ben.slash(fx.channelId, 'table', { subcommand: 'away' }).reply();
    expect(reply.content).toMatch(/^You are away/);
    const last = await ann.slash(fx.channelId, 'table', { subcommand: 'away' }).reply();
    expect(last.content).toBe(
      'You are away, and so is everyone else: the match is paused. It goes on when someone clicks **I’m back** on their panel, or with /table resume.',
    );
    await tableText((t) => t.includes('Paused: nobody is at the table'));
    // Both live panels show the pause before twenty minutes pass (their tokens expire in fifteen).
    for (const user of [ann, ben]) {
      const live = user
        .messages(fx.channelId)
        .filter((m) => m.ephemeral && m.content.includes('Your hand'))
        .at(-1);
      if (live)
        await user.waitForMessage(fx.channelId, (m) => m.id === live.id && m.content.includes('paused'));
    }
    const version = state().view?.version;
    fx.advance(TWO_MINUTES * 10);
    expect(state().view?.version).toBe(version);
    const again = await ann.slash(fx.channelId, 'table', { subcommand: 'away' }).reply();
    expect(again.content).toBe('You are already away: the bot plays your seat until you click **I’m back**.');
  });

  it('I’m back on a panel goes on with a table that paused for want of anyone', async () => {
    const panel = await openPanel(ben, fx.channelId);
    expect(panel.content).toContain('paused');
    // Paused, nobody plays the seat: the panel says how play goes on, not that the bot plays.
    expect(panel.content).toContain('💤 You are away. Click **I’m back** below and play goes on.');
    expect(panel.content).not.toContain('the bot plays your seat');
    const back = buttonLabelled(panel, 'I’m back');
    expect(back?.custom_id).toBeDefined();
    const after = await ben.click(panel.id, back?.custom_id as string).reply();
    expect(after.content).toContain('Welcome back');
    expect(after.content).not.toContain('The match is paused');
    await tableText((t) => !t.includes('Paused') && t.includes('Ann (host) · away (bot playing)'));
    const here = fx.bot.service.tableInChannel(fx.channelId);
    expect(here.ok && here.value.table.status).toBe('playing');
  });

  it('every REST call the bot made succeeded', () => {
    expect(failedCalls(fx)).toEqual([]);
  });
});

/** Whether `seat` owes the next decision (its turn, or a wish or Dragon gift). */
function owes(seat: number): boolean {
  const view = state().view;
  if (view?.phase !== 'play') return false;
  return (view.pending?.seat ?? view.turn) === seat;
}
