/**
 * The weekly challenge through the local Discord with the real bot: two members play board 1 of the
 * week in their own private threads with the same actions and meet the same bot moves (the logged
 * actions compared); the standings; the share line posted in the channel (no card in it); the boards
 * refused while the week runs and shown once the clock has passed its close, which ends a table still
 * playing.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/app/clock.js';
import { cardLabel } from '../../src/discord/cardText.js';
import { DECK, owesAction } from '../../src/engine/index.js';
import { LANGS } from '../../src/i18n/index.js';
import type { ScriptedUser } from '../../src/localDiscord/index.js';
import { type BotFixture, startFixture } from '../support/botFixture.js';
import { eventually } from '../support/discordFixture.js';
import { failedCalls } from '../support/e2eTable.js';
import { Dice, find, openPanel, takeTurn } from '../support/panelPlayer.js';

let fx: BotFixture;
let clock: ManualClock;
beforeAll(async () => {
  clock = new ManualClock();
  fx = await startFixture({ users: 3, clock, reviewBudgetMs: 1_500 });
  fx.discord.threadCreateLimit = null;
});
afterAll(async () => {
  await fx?.close();
});
afterEach(() => {
  expect(failedCalls(fx)).toEqual([]);
  expect(fx.errors).toEqual([]);
});

const user = (i: number) => fx.users[i] as ScriptedUser;
const challenges = () => fx.bot.store.challenges;
const CARD_LABELS = LANGS.flatMap((lang) => DECK.map((card) => cardLabel(card, { lang, faces: null })));

function entryOf(userId: string) {
  const week = challenges().latestWeek(fx.guildId);
  return week ? challenges().entry(fx.guildId, week.startsAt, userId) : null;
}

function stateOf(userId: string) {
  const entry = entryOf(userId);
  const table = entry?.tableId ? fx.bot.store.tables.get(entry.tableId) : null;
  return table?.matchId ? (fx.bot.store.matches.load(table.matchId)?.state ?? null) : null;
}

/** Plays the member's panel until `hands` boards are over; each choice a function of the state only. */
async function playBoards(u: ScriptedUser, thread: string, hands: number): Promise<void> {
  for (let step = 0; step < 2_000; step++) {
    const state = stateOf(u.id);
    if (!state || state.history.length >= hands || state.status !== 'playing') return;
    if (!owesAction(state, 0)) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      continue;
    }
    const panel = await openPanel(u, thread);
    // Dice from the committed state: a click refused as stale and retried picks the same again.
    await takeTurn(u, panel, new Dice(state.version + 17), { passChance: 20 });
  }
  throw new Error('the boards were not played');
}

async function play(u: ScriptedUser): Promise<string> {
  const answer = await u.slash(fx.channelId, 'challenge', { subcommand: 'play' }).reply();
  expect(answer.ephemeral).toBe(true);
  expect(answer.content).toMatch(/^Your table for week \d+ is ready: <#\d+>/);
  return answer.content.match(/<#(\d+)>/)?.[1] as string;
}

describe('the weekly challenge', () => {
  let annThread = '';
  let benThread = '';

  it('opens each member’s table in a private thread only they see', async () => {
    annThread = await play(user(0));
    benThread = await play(user(1));
    expect(annThread).not.toBe(benThread);
    for (const [thread, who, other, name] of [
      [annThread, user(0), user(1), 'Ann'],
      [benThread, user(1), user(0), 'Ben'],
    ] as const) {
      const made = fx.discord.threads(fx.channelId).find((t) => t.id === thread);
      expect(made?.type).toBe(12);
      expect(made?.name).toMatch(new RegExp(`^Challenge · week \\d+ · ${name}$`));
      expect(who.canView(thread)).toBe(true);
      expect(other.canView(thread)).toBe(false);
      expect(user(2).canView(thread)).toBe(false);
    }
    // The table message offers nobody a seat: no Take seat beside the bots.
    const table = await user(0).waitForMessage(
      annThread,
      (m) => !m.ephemeral && find(m, 'hand') !== undefined,
    );
    expect(find(table, 'take')).toBeUndefined();
    // Again: where it plays.
    const again = await user(0).slash(fx.channelId, 'challenge', { subcommand: 'play' }).reply();
    expect(again.content).toContain(`You are playing week`);
    expect(again.content).toContain(`<#${annThread}>`);
  });

  it('meets two members who play alike with the same bot moves on the same board', async () => {
    await playBoards(user(0), annThread, 1);
    await playBoards(user(1), benThread, 1);
    const bots = (userId: string) => {
      const entry = entryOf(userId);
      const table = fx.bot.store.tables.get(entry?.tableId as string);
      return fx.bot.store.matches
        .handActions(table?.matchId as number, 1)
        .map((a) => ({ seat: a.seat, action: a.action }));
    };
    const ann = bots(user(0).id);
    expect(ann.filter((a) => a.seat !== 0).length).toBeGreaterThan(10);
    expect(bots(user(1).id)).toEqual(ann);
    expect(stateOf(user(1).id)?.history[0]).toEqual(stateOf(user(0).id)?.history[0]);
    await eventually(
      () =>
        challenges().resultsOf(fx.guildId, entryOf(user(1).id)?.weekStart ?? 0, user(1).id).length === 1
          ? true
          : undefined,
      'board 1 recorded',
    );
  });

  it('refuses a review of a board while its week is open; its button says when it opens', async () => {
    const summary = await user(0).waitForMessage(annThread, (m) => find(m, 'rv') !== undefined);
    expect(find(summary, 'rv')?.label).toBe('Review my hand (once the week closes)');
    const review = await user(0)
      .click(summary.id, find(summary, 'rv')?.custom_id as string)
      .reply();
    expect(review.ephemeral).toBe(true);
    expect(review.content).toBe(
      'That board is in this week’s challenge: its reviews open when the week closes.',
    );
    expect(fx.bot.store.db.prepare('SELECT count(*) AS n FROM hand_reviews').get()).toEqual({ n: 0 });
  });

  it('ranks the week in /challenge standings', async () => {
    const standings = await user(2).slash(fx.channelId, 'challenge', { subcommand: 'standings' }).reply();
    expect(standings.ephemeral).toBe(true);
    expect(standings.content).toMatch(/\*\*Weekly challenge · week \d+\*\* \(closes <t:\d+:f>\)/);
    expect(standings.content).toContain('1. Ann — 50% · 1/8 (playing)');
    expect(standings.content).toContain('1. Ben — 50% · 1/8 (playing)');
    // The board symbols are explained where they are shown.
    expect(standings.content).toContain('Boards: 🟩 two thirds of the points or more');
    const ann = await user(0).slash(fx.channelId, 'challenge', { subcommand: 'standings' }).reply();
    expect(ann.content).toMatch(/You: rank 1 of 2 · /);
  });

  it('posts the share line in the channel, with no card in it', async () => {
    const early = await user(0).slash(fx.channelId, 'challenge', { subcommand: 'share' }).reply();
    expect(early.ephemeral).toBe(true);
    expect(early.content).toContain('Finish your eight boards first');
    // Ann stops after one board: her table ends, the board counts.
    const ended = await user(0).slash(annThread, 'table', { subcommand: 'end' }).reply();
    expect(ended.content).not.toContain('Only');
    const shared = await user(0).slash(fx.channelId, 'challenge', { subcommand: 'share' }).reply();
    expect(shared.ephemeral).toBe(false);
    expect(shared.content).toMatch(/^Tichu challenge · week \d+ · Ann 🟨⬛⬛⬛⬛⬛⬛⬛ 50%$/);
    for (const label of CARD_LABELS) expect(shared.content.includes(label)).toBe(false);
    // /challenge play now says how it went, with a Share button that posts the line in the channel.
    const done = await user(0).slash(fx.channelId, 'challenge', { subcommand: 'play' }).reply();
    expect(done.content).toMatch(/^You have played week \d+: 🟨⬛⬛⬛⬛⬛⬛⬛ 50%/);
    const button = find(done, 'ch');
    expect(button?.label).toBe('Share');
    const before = user(2).messages(fx.channelId).length;
    const clicked = await user(0)
      .click(done.id, button?.custom_id as string)
      .reply();
    expect(clicked.content).toBe(`Posted in <#${fx.channelId}>.`);
    const posted = await eventually(() => {
      const fresh = user(2).messages(fx.channelId).slice(before);
      return fresh.find((m) => m.content.startsWith('Tichu challenge · week'));
    }, 'the shared line');
    expect(posted.content).toContain('Ann 🟨⬛⬛⬛⬛⬛⬛⬛ 50%');
    for (const label of CARD_LABELS) expect(posted.content.includes(label)).toBe(false);
  });

  it('refuses the boards before the close and shows them after; the close ends the tables', async () => {
    const refused = await user(2)
      .slash(fx.channelId, 'challenge', { subcommand: 'boards', options: { board: 1 } })
      .reply();
    expect(refused.content).toContain('That week is still open');
    expect(refused.content).toMatch(/It closes <t:\d+:f>\./);
    const week = challenges().latestWeek(fx.guildId);
    if (!week) expect.fail('week');
    fx.advance(week.endsAt - clock.now() + 1_000);
    const shown = await user(2)
      .slash(fx.channelId, 'challenge', { subcommand: 'boards', options: { week: 'current', board: 1 } })
      .reply();
    // The week that closed is now the previous one.
    expect(shown.content).toContain('no such week');
    const board = await user(2)
      .slash(fx.channelId, 'challenge', { subcommand: 'boards', options: { week: 'previous', board: 1 } })
      .reply();
    expect(board.content).toMatch(/\*\*Weekly challenge · week \d+, board 1\*\*/);
    expect(board.content).toMatch(/North: .+\nEast: .+\nSouth: .+\nWest: .+/);
    expect(board.content).toMatch(/Ann: [+-]?\d+ · 50%/);
    expect(board.content).toMatch(/Ben: [+-]?\d+ · 50%/);
    // Ben's table, still playing at the close, ended; his thread was told.
    expect(fx.bot.store.tables.get(entryOf(user(1).id)?.tableId as string)?.status).toBe('abandoned');
    expect(challenges().week(fx.guildId, week.startsAt)?.closedAt).not.toBeNull();
    await user(1).waitForMessage(benThread, (m) => m.content.startsWith('The week has closed'));
    // The week closed: Ann's review of board 1 opens, to her alone.
    const summary = await user(0).waitForMessage(annThread, (m) => find(m, 'rv') !== undefined);
    const review = await user(0)
      .click(summary.id, find(summary, 'rv')?.custom_id as string)
      .reply(30_000);
    expect(review.ephemeral).toBe(true);
    expect(review.content).toContain('Review of your hand 1');
  });
});
