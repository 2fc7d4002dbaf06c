/**
 * Seasons through the local Discord with the real bot: a member without Manage Server is refused
 * /season start; the admin (Ann) starts "Spring", four users click a rated match to its end, and
 * /leaderboard shows Spring by default (its own ratings); once Spring ended and "Summer" runs,
 * `/leaderboard top season:` shows Spring as it was, and all time (with Eve, who played before
 * seasons). Every REST call the bot makes must succeed.
 */
import { PermissionFlagsBits } from 'discord.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MIN_RATED_HANDS } from '../../src/app/results.js';
import type { MessageView, ScriptedUser } from '../../src/localDiscord/index.js';
import { type BotFixture, startFixture } from '../support/botFixture.js';
import { buttonLabelled, embedText, failedCalls, scriptedEnv } from '../support/e2eTable.js';
import { Dice, openPanel, takeTurn } from '../support/panelPlayer.js';

// As in leaderboard.test.ts: with this seed (and Dice(11)) the match lasts at least MIN_RATED_HANDS hands.
const SEED = 'lb-e2e-5';
const TARGET = 200;

let fx: BotFixture;
const scripted = scriptedEnv('ssn');

beforeAll(async () => {
  fx = await startFixture({ users: 5, env: scripted.env });
  scripted.useSeed(SEED);
  makeAdmin(fx.users[0] as ScriptedUser);
  seedEve();
});
afterAll(async () => {
  await fx?.close();
});
afterEach(() => {
  expect(failedCalls(fx)).toEqual([]);
});

const user = (i: number) => fx.users[i] as ScriptedUser;
const db = () => fx.bot.store.db;

/**
 * The local Discord gives every member the same permissions, without Manage Server: Ann's
 * interactions carry it too, as Discord's would for a server admin.
 */
function makeAdmin(admin: ScriptedUser): void {
  const world = fx.discord.hub.world;
  const memberJson = world.memberJson.bind(world);
  world.memberJson = (guildId, userId) => {
    const member = memberJson(guildId, userId);
    if (userId !== admin.id) return member;
    const permissions = BigInt(String(member.permissions)) | PermissionFlagsBits.ManageGuild;
    return { ...member, permissions: String(permissions) };
  };
}

/** Eve played before seasons existed: an all-time rating and totals, nothing in any season. */
function seedEve(): void {
  const now = Date.now() - 60_000;
  const eve = user(4);
  db()
    .prepare('INSERT INTO players (user_id, display_name, created_at, updated_at) VALUES (?, ?, ?, ?)')
    .run(eve.id, 'Eve', now, now);
  db()
    .prepare(
      `INSERT INTO player_stats (guild_id, user_id, matches, wins, hands, points, tichu_calls, tichu_made, grand_calls,
         grand_made, double_victories, bombs, updated_at) VALUES (?, ?, 6, 4, 30, 900, 0, 0, 0, 0, 0, 0, ?)`,
    )
    .run(fx.guildId, eve.id, now);
  db()
    .prepare(
      'INSERT INTO ratings (guild_id, user_id, mu, sigma, ordinal, rated_matches, updated_at) VALUES (?, ?, 30, 2, 24, 6, ?)',
    )
    .run(fx.guildId, eve.id, now);
}

function embedOf(message: MessageView) {
  return message.embeds[0] as { author?: { name: string }; title: string; description: string };
}

/** The names on a leaderboard, in order. */
function boardNames(message: MessageView): string[] {
  return embedOf(message)
    .description.split('\n')
    .flatMap((line) => {
      const m = /^\*\*\d+\.\*\* (.+?) — /.exec(line);
      return m ? [m[1] as string] : [];
    });
}

/** A finished event of the server in `season`, its players placed in order (points: field − rank + 1). */
function finishedEvent(id: string, season: number, placed: readonly ScriptedUser[]): void {
  const at = Date.now();
  db()
    .prepare(
      `INSERT INTO club_events (id, guild_id, channel_id, host_id, format, hands, rounds, options, seed, status, round,
         season_id, created_at, updated_at)
       VALUES (?, ?, ?, ?, 'rotating', 4, 3, '{}', 'seed', 'finished', 3, ?, ?, ?)`,
    )
    .run(id, fx.guildId, fx.channelId, user(0).id, season, at, at);
  const insert = db().prepare(
    `INSERT INTO club_event_placings (event_id, guild_id, season_id, user_id, rank, field, points)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  placed.forEach((u, i) => {
    insert.run(id, fx.guildId, season, u.id, i + 1, placed.length, placed.length - i);
  });
}

const seasonCount = () => (db().prepare('SELECT count(*) AS n FROM seasons').get() as { n: number }).n;

async function slashSeason(u: ScriptedUser, subcommand: string, options?: Record<string, string>) {
  return u.slash(fx.channelId, 'season', { subcommand, ...(options ? { options } : {}) }).reply();
}

async function board(u: ScriptedUser, options?: Record<string, string>) {
  return u.slash(fx.channelId, 'leaderboard', { subcommand: 'top', ...(options ? { options } : {}) }).reply();
}

describe('seasons on a server', () => {
  it('a member without Manage Server is refused /season start and /season end, and nothing changes', async () => {
    const ben = user(1);
    const start = await slashSeason(ben, 'start', { name: 'Spring' });
    expect(start.ephemeral).toBe(true);
    expect(start.content).toBe(
      'Only a server admin (with the Manage Server permission) can start or end a season.',
    );
    const end = await slashSeason(ben, 'end');
    expect(end.content).toContain('Only a server admin');
    expect(seasonCount()).toBe(0);
    // Without a season the leaderboard is all time.
    expect(embedOf(await board(ben)).author?.name).toBe('📅 All time');
  });

  it('the admin starts a season, said in the channel; a second one is refused while it runs', async () => {
    const ann = user(0);
    const started = await slashSeason(ann, 'start', { name: 'Spring' });
    expect(started.ephemeral).toBe(false);
    expect(started.content).toContain('📅 Season **Spring** has started.');
    const again = await slashSeason(ann, 'start', { name: 'Summer' });
    expect(again.ephemeral).toBe(true);
    expect(again.content).toBe(
      'Season **Spring** is still running: end it with `/season end` before starting another.',
    );
    const blank = await slashSeason(ann, 'start', { name: '   ' });
    expect(blank.content).toContain('A season needs a name');
    expect(seasonCount()).toBe(1);
  });

  it('a rated match in the season: /leaderboard shows the season by default, with its own ratings', async () => {
    const [ann, ...others] = fx.users.slice(0, 4) as [ScriptedUser, ...ScriptedUser[]];
    await ann.slash(fx.channelId, 'table', { subcommand: 'create', options: { target: TARGET } }).reply();
    for (const u of others) await u.slash(fx.channelId, 'table', { subcommand: 'join' }).reply();
    await ann.slash(fx.channelId, 'table', { subcommand: 'start' }).reply();
    const dice = new Dice(11);
    let finished = false;
    for (let round = 0; round < 3000 && !finished; round++) {
      for (const u of fx.users.slice(0, 4)) {
        if (!fx.bot.service.tableInChannel(fx.channelId).ok) break;
        await takeTurn(u, await openPanel(u, fx.channelId), dice);
      }
      finished = !fx.bot.service.tableInChannel(fx.channelId).ok;
    }
    expect(finished).toBe(true);
    const match = db().prepare('SELECT rated, hands_played AS hands FROM matches').get() as {
      rated: number;
      hands: number;
    };
    expect(match.hands).toBeGreaterThanOrEqual(MIN_RATED_HANDS);
    expect(match.rated).toBe(1);
    const seasonRatings = db()
      .prepare(
        'SELECT user_id AS userId, ordinal, rated_matches AS n FROM season_ratings WHERE season_id = 1',
      )
      .all() as Array<{ userId: string; ordinal: number; n: number }>;
    expect(seasonRatings.map((r) => r.userId).sort()).toEqual(
      fx.users
        .slice(0, 4)
        .map((u) => u.id)
        .sort(),
    );
    expect(seasonRatings.every((r) => r.n === 1)).toBe(true);

    const eve = user(4);
    const shown = await board(eve);
    expect(embedOf(shown).author?.name).toBe('📅 Season: Spring');
    expect(boardNames(shown).sort()).toEqual(['Ann', 'Ben', 'Cat', 'Dan']);
    expect(embedText(shown)).toContain('You are not on this board yet.');
    expect(embedOf(shown).description).toMatch(/Season \*\*Spring\*\*, since <t:\d+:d>\./);
    // Sorting and paging stay in the season.
    const wins = await eve.click(shown.id, buttonLabelled(shown, 'Wins')?.custom_id as string).reply();
    expect(embedOf(wins).author?.name).toBe('📅 Season: Spring');
    expect(embedOf(wins).title).toContain('Wins');
    expect(boardNames(wins)).toHaveLength(4);
  });

  it('after the season: the next one is the default; `season:` shows the past one as it was, and all time', async () => {
    const [ann, eve] = [user(0), user(4)];
    const ended = await slashSeason(ann, 'end');
    expect(ended.content).toMatch(/📅 Season \*\*Spring\*\* has ended \(<t:\d+:d> – <t:\d+:d>\)\./);
    await slashSeason(ann, 'start', { name: 'Summer' });

    const summer = await board(eve);
    expect(embedOf(summer).author?.name).toBe('📅 Season: Summer');
    expect(embedText(summer)).toContain('Nobody is ranked here yet.');

    const spring = await board(eve, { season: 'Spring' });
    expect(embedOf(spring).author?.name).toBe('📅 Season: Spring');
    expect(embedOf(spring).description).toMatch(/Season \*\*Spring\*\*, <t:\d+:d> – <t:\d+:d>\./);
    const ordinals = db()
      .prepare(
        `SELECT p.display_name AS name FROM season_ratings r JOIN players p ON p.user_id = r.user_id
         WHERE r.season_id = 1 ORDER BY r.ordinal DESC, r.user_id`,
      )
      .all() as Array<{ name: string }>;
    expect(boardNames(spring)).toEqual(ordinals.map((r) => r.name));

    const allTime = await board(eve, { season: 'all-time' });
    expect(embedOf(allTime).author?.name).toBe('📅 All time');
    expect(boardNames(allTime)[0]).toBe('Eve'); // her all-time ordinal of 24 leads
    expect(boardNames(allTime)).toHaveLength(5);

    const unknown = await board(eve, { season: 'Winter' });
    expect(unknown.ephemeral).toBe(true);
    expect(unknown.content).toContain('There is no season named **Winter** on this server.');

    // The option suggests all time and the server's seasons, newest first, or those matching.
    const every = await eve.autocomplete(fx.channelId, 'leaderboard', {
      subcommand: 'top',
      options: { season: '' },
      focused: 'season',
    });
    expect(every.map((c) => c.value)).toEqual(['all-time', 'Summer', 'Spring']);
    expect(String(every[1]?.name)).toMatch(/^Summer \(running since \d{4}-\d\d-\d\d\)$/);
    const typed = await eve.autocomplete(fx.channelId, 'leaderboard', {
      subcommand: 'top',
      options: { season: 'spr' },
      focused: 'season',
    });
    expect(typed.map((c) => c.value)).toEqual(['Spring']);
  });

  it('/season list shows the server’s seasons with their dates, newest first, to anyone', async () => {
    const list = await slashSeason(user(2), 'list');
    expect(list.ephemeral).toBe(true);
    const lines = embedOf(list).description.split('\n');
    expect(lines[0]).toMatch(/^\*\*Summer\*\* — since <t:\d+:d> \(running\)$/);
    expect(lines[1]).toMatch(/^\*\*Spring\*\* — <t:\d+:d> – <t:\d+:d>$/);
  });

  it('/leaderboard top by:events: the event standings of the season shown (or all time), the scheme under them', async () => {
    const [ann, ben, cat, dan, eve] = [0, 1, 2, 3, 4].map(user) as [
      ScriptedUser,
      ScriptedUser,
      ScriptedUser,
      ScriptedUser,
      ScriptedUser,
    ];
    // A finished event in Spring (season 1): four players; one in Summer (season 2): two.
    finishedEvent('spring-night', 1, [cat, ann, ben, dan]);
    finishedEvent('summer-night', 2, [eve, ann]);

    const summer = await board(ben, { by: 'events' });
    expect(embedOf(summer).author?.name).toBe('📅 Season: Summer');
    expect(embedOf(summer).title).toContain('Event points');
    expect(embedOf(summer).description.split('\n').slice(0, 2)).toEqual([
      '**1.** Eve — 2 points · 1 event · best 1st',
      '**2.** Ann — 1 point · 1 event · best 2nd',
    ]);
    expect((summer.embeds[0] as { footer?: { text: string } }).footer?.text).toContain(
      'Event points: each event gives the number of entries below you plus one; ties share.',
    );
    // The sort buttons lead there too, in the season shown.
    const spring = await board(ben, { season: 'Spring' });
    const events = await ben
      .click(spring.id, buttonLabelled(spring, 'Event points')?.custom_id as string)
      .reply();
    expect(embedOf(events).author?.name).toBe('📅 Season: Spring');
    expect(boardNames(events)).toEqual(['Cat', 'Ann', 'Ben', 'Dan']);
    expect(embedOf(events).description).toContain('You: **#3** (2 points)');

    // All time: Cat's 4 points in one event lead Ann's 4 in two; Eve's best 1st beats Ben's 3rd.
    const allTime = await board(ben, { by: 'events', season: 'all-time' });
    expect(embedOf(allTime).author?.name).toBe('📅 All time');
    expect(boardNames(allTime)).toEqual(['Cat', 'Ann', 'Eve', 'Ben', 'Dan']);
  });
});
