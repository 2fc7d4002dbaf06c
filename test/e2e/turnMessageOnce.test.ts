/**
 * A turn message Discord posted but whose answer was lost (a 502 after the work) is not posted
 * twice when discord.js tries again: the post carries an enforced nonce, and Discord answers the
 * second try with the first message. Without it, the orphan would stand in the channel for good
 * (the bot deletes only the turn message it knows).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptedUser } from '../../src/localDiscord/index.js';
import { type BotFixture, startFixture } from '../support/botFixture.js';
import { eventually } from '../support/discordFixture.js';
import { scriptedEnv } from '../support/e2eTable.js';
import { Dice, openPanel, takeTurn } from '../support/panelPlayer.js';

let fx: BotFixture;
const dice = new Dice(7);

beforeAll(async () => {
  fx = await startFixture({ env: scriptedEnv('turn').env, turnPingIntervalMs: 0 });
  const [ann, ...others] = fx.users as [ScriptedUser, ...ScriptedUser[]];
  await ann.slash(fx.channelId, 'table', { subcommand: 'create' }).reply();
  for (const u of others) await u.slash(fx.channelId, 'table', { subcommand: 'join' }).reply();
  await ann.slash(fx.channelId, 'table', { subcommand: 'start' }).reply();
});
afterAll(async () => {
  fx?.discord.faults.clear();
  await fx?.close();
});

/** The turn messages standing in the channel (the bot deletes each when it sends the next). */
const standing = () =>
  fx.discord
    .channelMessages(fx.channelId)
    .filter((m) => !m.ephemeral && m.content.includes('it is your turn'));

describe('a turn message whose answer Discord lost', () => {
  it('stands once: the retry is answered with the message Discord already posted', async () => {
    // The match is on the table message before Discord starts failing.
    await openPanel(fx.users[0] as ScriptedUser, fx.channelId);
    const post = new RegExp(`^POST /channels/${fx.channelId}/messages$`);
    const fault = fx.discord.faults.rest({ route: post, status: 502, times: 2, processed: true });
    // Players act until the next turn message meets the fault (every decision pings the next person).
    for (let step = 0; step < 40 && fault.hits < 2; step++) {
      const user = fx.users[step % 4] as ScriptedUser;
      await takeTurn(user, await openPanel(user, fx.channelId), dice, { passChance: 50 });
    }
    expect(fault.hits).toBe(2);
    fx.discord.faults.clear();
    // One more decision: its turn message replaces the standing one.
    const found = await eventually(
      () => (standing().length > 0 ? standing() : undefined),
      'a turn message to stand in the channel',
    );
    expect(found.length).toBe(1);
    expect(fx.errors).toEqual([]);
  });
});
