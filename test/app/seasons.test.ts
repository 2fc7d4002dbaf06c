/**
 * Seasons through the use cases on a real SQLite file: starting and ending them (and every
 * refusal, which changes nothing), a rated match before a season (all-time ratings only) and inside
 * one (both, the season's fresh from its start), and the window a season's other boards count in.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/app/core.js';
import { rateTeams } from '../../src/app/ratings.js';
import { MIN_RATED_HANDS } from '../../src/app/results.js';
import { ALL_TIME, SEASON_NAME_MAX, type SeasonRecord } from '../../src/app/seasons.js';
import { StatsService } from '../../src/app/stats.js';
import { makeSettings, SEATS } from '../../src/engine/index.js';
import {
  ALICE,
  accepted,
  BOB,
  CAROL,
  count,
  createFixture,
  type Fixture,
  GUILD,
  HOST,
  OTHER_GUILD,
  refusal,
} from '../support/service.js';
import { livelyPolicy, playMatch, searchSeed } from '../support/statsPlay.js';

let fx: Fixture;
let stats: StatsService;
beforeEach(() => {
  fx = createFixture();
  stats = new StatsService(fx.store);
});
afterEach(() => fx.cleanup());

const FOUR: readonly [Actor, Actor, Actor, Actor] = [HOST, ALICE, BOB, CAROL];
const policy = livelyPolicy();
const now = () => fx.env.now();
const seasonRows = () => count(fx.store, 'SELECT count(*) AS n FROM seasons');

describe('starting and ending seasons', () => {
  it.each([
    ['an empty name', '   ', { code: 'season_name_empty' }],
    [
      'a name too long',
      'x'.repeat(SEASON_NAME_MAX + 1),
      { code: 'season_name_too_long', max: SEASON_NAME_MAX },
    ],
    ['the all-time board’s name', ' All  Time ', { code: 'season_name_reserved', name: 'All Time' }],
    ['its German name', 'alle Zeiten', { code: 'season_name_reserved', name: 'alle Zeiten' }],
    ['a malformed server id', 'Spring', { code: 'malformed_id', what: 'server id' }, 'x'],
  ])('refuses %s, and starts nothing', (_what, name, expected, guild = GUILD) => {
    expect(refusal(stats.seasons.start(guild, name, now()))).toEqual(expected);
    expect(seasonRows()).toBe(0);
  });

  it('one running season per server: a second start is refused, end ends it, a used name stays used', () => {
    const spring = accepted(stats.seasons.start(GUILD, '  Spring\t2025 ', now()));
    expect(spring).toMatchObject({ guildId: GUILD, id: 1, name: 'Spring 2025', endedAt: null });
    expect(refusal(stats.seasons.start(GUILD, 'Summer', now()))).toEqual({
      code: 'season_running',
      name: 'Spring 2025',
    });
    // Another server has its own seasons, numbered from 1: starting one there is no overlap.
    expect(accepted(stats.seasons.start(OTHER_GUILD, 'Spring 2025', now()))).toMatchObject({ id: 1 });

    const ended = accepted(stats.seasons.end(GUILD, now()));
    expect(ended.id).toBe(1);
    expect(ended.endedAt).toBeGreaterThan(spring.startedAt);
    expect(refusal(stats.seasons.end(GUILD, now()))).toEqual({ code: 'season_none_running' });
    expect(refusal(stats.seasons.start(GUILD, 'SPRING 2025', now()))).toEqual({
      code: 'season_name_taken',
      name: 'Spring 2025',
    });
    expect(accepted(stats.seasons.start(GUILD, 'Summer', now()))).toMatchObject({ id: 2, name: 'Summer' });
    expect(accepted(stats.seasons.list(GUILD)).map((s) => [s.name, s.endedAt === null])).toEqual([
      ['Summer', true],
      ['Spring 2025', false],
    ]);
    expect(accepted(stats.seasons.list(OTHER_GUILD)).map((s) => s.name)).toEqual(['Spring 2025']);
  });

  it('the database itself holds one running season per server and one use of each name', () => {
    accepted(stats.seasons.start(GUILD, 'Spring', now()));
    const insert = fx.store.db.prepare(
      'INSERT INTO seasons (guild_id, id, name, started_at, ended_at) VALUES (?, ?, ?, ?, ?)',
    );
    expect(() => insert.run(GUILD, 2, 'Summer', now(), null)).toThrow(/UNIQUE/);
    expect(() => insert.run(GUILD, 2, 'sPRING', now(), now() + 1)).toThrow(/UNIQUE/);
    expect(() => insert.run(GUILD, 2, 'x'.repeat(SEASON_NAME_MAX + 1), now(), now() + 1)).toThrow(/CHECK/);
    insert.run(GUILD, 2, 'Autumn', now(), now() + 1);
    insert.run(OTHER_GUILD, 1, 'Summer', now(), null);
  });

  it('the board shows the running season by default, any by name, and all time on request', () => {
    expect(accepted(stats.seasons.boardSeason(GUILD, null))).toBeNull();
    const spring = accepted(stats.seasons.start(GUILD, 'Spring', now()));
    expect(accepted(stats.seasons.boardSeason(GUILD, null))).toEqual(spring);
    expect(accepted(stats.seasons.boardSeason(GUILD, ' spring '))).toEqual(spring);
    expect(accepted(stats.seasons.boardSeason(GUILD, ALL_TIME))).toBeNull();
    expect(accepted(stats.seasons.boardSeason(GUILD, 'All time'))).toBeNull();
    expect(refusal(stats.seasons.boardSeason(GUILD, 'Winter'))).toEqual({
      code: 'season_unknown',
      name: 'Winter',
    });
    // Another server's season is unknown here.
    expect(refusal(stats.seasons.boardSeason(OTHER_GUILD, 'Spring'))).toMatchObject({
      code: 'season_unknown',
    });
    expect(refusal(stats.seasons.season(OTHER_GUILD, spring.id))).toMatchObject({ code: 'season_unknown' });
    expect(stats.seasons.suggestions(GUILD, 'PRI', 25).map((s) => s.name)).toEqual(['Spring']);
  });
});

describe('season ratings and the season window', () => {
  const settings = makeSettings({ targetScore: 200 });
  const { seed, final } = searchSeed('season', settings, policy, (f) => f.history.length >= MIN_RATED_HANDS);
  const winner = final.winner as 0 | 1;
  const play = () => playMatch(fx, FOUR, { seed, policy, settings: { targetScore: 200 } });

  const allTime = (userId: string) => fx.store.stats.rating(GUILD, userId);
  const inSeason = (season: SeasonRecord, userId: string) =>
    fx.store.seasons.rating(GUILD, season.id, userId);
  const board = (season: SeasonRecord | null, sort: 'rating' | 'wins' = 'rating') =>
    accepted(stats.leaderboard(GUILD, sort, 0, HOST.userId, season));

  it('a rated match before a season moves only all-time ratings; one inside moves both, the season’s from fresh', () => {
    const before = play();
    expect(before.state).toEqual(final);
    const afterFirst = FOUR.map((p) => allTime(p.userId));
    expect(afterFirst.every((r) => r?.ratedMatches === 1)).toBe(true);

    const season = accepted(stats.seasons.start(GUILD, 'Spring', now()));
    expect(count(fx.store, 'SELECT count(*) AS n FROM season_ratings')).toBe(0);
    play();
    // All time: moved a second time, from where the first match left it.
    const expectedAllTime = rateTeams(afterFirst, winner);
    // The season: as if nobody had played before it.
    const expectedSeason = rateTeams([null, null, null, null], winner);
    for (const seat of SEATS) {
      const userId = FOUR[seat].userId;
      expect(allTime(userId)).toMatchObject({ ratedMatches: 2, ordinal: expectedAllTime[seat]?.ordinal });
      expect(inSeason(season, userId)).toMatchObject({
        ratedMatches: 1,
        mu: expectedSeason[seat]?.mu,
        sigma: expectedSeason[seat]?.sigma,
        ordinal: expectedSeason[seat]?.ordinal,
      });
    }
    // The season's board ranks the season's ratings; all time the all-time ones.
    const seasonBoard = board(season);
    expect(seasonBoard.season).toEqual(season);
    expect(seasonBoard.rows.map((r) => r.value).sort()).toEqual(expectedSeason.map((r) => r.ordinal).sort());
    expect(
      board(null)
        .rows.map((r) => r.value)
        .sort(),
    ).toEqual(expectedAllTime.map((r) => r.ordinal).sort());
  });

  it('wins and matches count only the matches that ended in the season’s window; an ended season stays as it was', () => {
    play(); // before the season
    const season = accepted(stats.seasons.start(GUILD, 'Spring', now()));
    play(); // inside it
    const ended = accepted(stats.seasons.end(GUILD, now()));
    play(); // after it

    const winners = FOUR.filter((_, seat) => seat % 2 === winner).map((p) => p.userId);
    const seasonWins = board(ended, 'wins');
    expect(seasonWins.total).toBe(4);
    for (const row of seasonWins.rows) {
      expect(row.matches, row.name).toBe(1);
      expect(row.wins, row.name).toBe(winners.includes(row.userId) ? 1 : 0);
    }
    for (const row of board(null, 'wins').rows) {
      expect(row.matches, row.name).toBe(3);
      expect(row.wins, row.name).toBe(winners.includes(row.userId) ? 3 : 0);
    }
    // The season's ratings stopped with it: one rated match each.
    for (const p of FOUR) expect(inSeason(season, p.userId)?.ratedMatches).toBe(1);
    expect(board(ended).rows.map((r) => r.matches)).toEqual([1, 1, 1, 1]);
    // With no season running the default board is all time again.
    expect(accepted(stats.seasons.boardSeason(GUILD, null))).toBeNull();
    // The viewer's rank is the season's too.
    const viewer = board(ended, 'wins').viewer;
    expect(viewer?.value).toBe(winners.includes(HOST.userId) ? 1 : 0);
  });

  it('a season of one server is not moved by another server’s matches', () => {
    const season = accepted(stats.seasons.start(OTHER_GUILD, 'Spring', now()));
    play(); // in GUILD
    expect(count(fx.store, 'SELECT count(*) AS n FROM season_ratings')).toBe(0);
    expect(accepted(stats.leaderboard(OTHER_GUILD, 'wins', 0, HOST.userId, season)).total).toBe(0);
  });
});
