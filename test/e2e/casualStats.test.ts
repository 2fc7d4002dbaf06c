/**
 * Casual statistics through the local Discord with the real bot: one person plays a whole match
 * against three bots by clicking their panel; /stats then shows it as a casual match, while
 * /leaderboard (ranked by rating: rated matches only) still lists nobody.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptedUser } from '../../src/localDiscord/index.js';
import { type BotFixture, startFixture } from '../support/botFixture.js';
import { embedText, failedCalls, scriptedEnv } from '../support/e2eTable.js';
import { Dice, openPanel, takeTurn } from '../support/panelPlayer.js';

const TARGET = 200;

let fx: BotFixture;
const scripted = scriptedEnv('cas');

beforeAll(async () => {
  fx = await startFixture({ users: 2, env: scripted.env });
  scripted.useSeed('casual-e2e');
});
afterAll(async () => {
  await fx?.close();
});
afterEach(() => {
  expect(failedCalls(fx)).toEqual([]);
});

describe('a finished match with bots', () => {
  it('shows in /stats as a casual match, and /leaderboard still lists nobody', async () => {
    const ann = fx.users[0] as ScriptedUser;
    await ann.slash(fx.channelId, 'table', { subcommand: 'create', options: { target: TARGET } }).reply();
    for (const seat of [2, 3, 4])
      await ann.slash(fx.channelId, 'table', { subcommand: 'bot', options: { do: 'add', seat } }).reply();
    const started = await ann.slash(fx.channelId, 'table', { subcommand: 'start' }).reply();
    expect(started.content).toContain('match begins');
    const dice = new Dice(5);
    let finished = false;
    for (let round = 0; round < 3000 && !finished; round++) {
      const acted = await takeTurn(ann, await openPanel(ann, fx.channelId), dice);
      finished = !fx.bot.service.tableInChannel(fx.channelId).ok;
      expect(acted || finished).toBe(true);
    }
    expect(finished).toBe(true);
    const match = fx.bot.store.db
      .prepare('SELECT id, rated, winner, hands_played AS hands FROM matches WHERE guild_id = ?')
      .get(fx.guildId) as { id: number; rated: number; winner: number; hands: number };
    expect(match.rated).toBe(0);

    const stats = await ann.slash(fx.channelId, 'stats').reply();
    expect(stats.ephemeral).toBe(true);
    const text = embedText(stats);
    expect(text).not.toContain('No finished match');
    expect(text).not.toContain('Rated matches');
    // Ann sat in seat 1 (team A): the match is hers, won or lost as her team did.
    const won = match.winner === 0 ? 1 : 0;
    expect(text).toContain(`Casual matches: Matches: ${won} won of 1 (${won * 100}%)`);
    expect(text).toContain(`Hands: ${match.hands} ·`);
    expect((stats.embeds[0] as { footer?: { text?: string } }).footer?.text).toContain(
      'Casual matches are unrated',
    );
    // Another member asks for Ann's: the same.
    const asked = await (fx.users[1] as ScriptedUser)
      .slash(fx.channelId, 'stats', { options: { player: ann.id } })
      .reply();
    expect(embedText(asked)).toContain(`Casual matches: Matches: ${won} won of 1`);

    const board = await ann.slash(fx.channelId, 'leaderboard', { subcommand: 'top' }).reply();
    // The rating board says why a finished casual match is not on it.
    expect(embedText(board)).toContain('Nobody is ranked here yet. Only rated matches count');
    expect(embedText(board)).toContain('You are not on this board yet.');
  });
});
