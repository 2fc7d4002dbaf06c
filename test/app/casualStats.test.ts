/**
 * Casual statistics: matches with bots or substitutes (any unrated match) show in /stats apart from
 * rated ones, counted by the rules of results.ts; bots get no rows; leaderboards by rating never see
 * them. Matches are played through the table service; expectations come from the final state.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/app/core.js';
import { MIN_RATED_HANDS } from '../../src/app/results.js';
import { StatsService } from '../../src/app/stats.js';
import { decideFor, makeBudget } from '../../src/bots/registry.js';
import { legalActions, type MatchState, makeSettings, Rng, seedRng } from '../../src/engine/index.js';
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
  type Policy,
} from '../support/service.js';
import {
  addTotals,
  bombsFromEvents,
  continueMatch,
  expectedForSeat,
  livelyPolicy,
  type PlayedMatch,
  playMatch,
  type SeatSpec,
  searchSeed,
} from '../support/statsPlay.js';

const policy = livelyPolicy();
/**
 * The person at a table of bots: plays as the normal bot does (random play rarely goes out first
 * against bots), calls Tichu at the first chance and Grand Tichu one time in four, so that a few
 * seeds show every case.
 */
const caller: Policy = (state, seat) => {
  const rng = new Rng(seedRng(`caller:${state.seed}:${state.version}:${seat}`));
  if (state.hand.phase === 'grandTichu') return { type: 'grandTichu', call: rng.nextFloat() < 0.25 };
  if (legalActions(state, seat, { exchanges: false }).some((a) => a.type === 'tichu'))
    return { type: 'tichu' };
  return decideFor('normal', state, seat, rng, makeBudget(Number.POSITIVE_INFINITY)) ?? policy(state, seat);
};
const TARGET = 200;
const MAX_TRIES = 60;

let fx: Fixture;
let stats: StatsService;
beforeEach(() => {
  fx = createFixture();
  stats = new StatsService(fx.store);
});
afterEach(async () => {
  await fx.service.stopBots();
  fx.cleanup();
});

const mine = (u: Actor) => accepted(stats.playerStats(GUILD, u.userId));

/** Plays `seats` with seeds `${prefix}-<n>`, each on a fresh database, until `test` holds of one. */
function playUntil(
  prefix: string,
  seats: readonly [Actor, SeatSpec, SeatSpec, SeatSpec],
  test: (final: MatchState) => boolean,
): PlayedMatch {
  for (let i = 0; i < MAX_TRIES; i++) {
    const played = playMatch(fx, seats, {
      seed: `${prefix}-${i}`,
      policy: caller,
      settings: { targetScore: TARGET },
    });
    if (test(played.state)) return played;
    fx.cleanup();
    fx = createFixture();
    stats = new StatsService(fx.store);
  }
  throw new Error(`no seed ${prefix}-<n> below ${MAX_TRIES} gives the case`);
}

const hostCalled = (f: MatchState, call: string, made: boolean) =>
  f.history.some((h) => h.calls[0] === call && (h.out[0] === 0) === made);

describe('a match with bots counts as casual for the person, never as rated', () => {
  const BOTS: readonly [Actor, SeatSpec, SeatSpec, SeatSpec] = [HOST, 'bot', 'bot', 'bot'];
  const cases: Array<{ name: string; test: (f: MatchState) => boolean }> = [
    { name: 'won (the person and their bot partner)', test: (f) => f.winner === 0 },
    { name: 'lost', test: (f) => f.winner === 1 },
    { name: 'a Tichu made', test: (f) => hostCalled(f, 'tichu', true) },
    { name: 'a Tichu failed', test: (f) => hostCalled(f, 'tichu', false) },
    { name: 'a Grand Tichu called', test: (f) => f.history.some((h) => h.calls[0] === 'grandTichu') },
    {
      name: 'a double victory of the person’s team',
      test: (f) => f.history.some((h) => h.doubleVictory === 0),
    },
  ];

  it.each(cases)('$name', ({ name, test }) => {
    const { matchId, state } = playUntil(name.replace(/\W+/g, '-'), BOTS, test);
    expect(state.status).toBe('finished');
    const expected = expectedForSeat(state, 0, bombsFromEvents(fx.store.db, matchId)[0] as number);
    const got = mine(HOST);
    expect(got.casual).toEqual(expected);
    expect(got.rated).toBeNull();
    expect(got.rating).toBeNull();
    // What the wins boards count is the same match.
    expect(got.totals).toEqual(expected);
    // Bots are not people: no totals of theirs, and their result rows name nobody.
    expect(count(fx.store, 'SELECT count(*) AS n FROM player_stats')).toBe(1);
    expect(
      count(
        fx.store,
        'SELECT count(*) AS n FROM match_players WHERE match_id = ? AND user_id IS NULL',
        matchId,
      ),
    ).toBe(3);
    // The rating board lists rated matches only.
    expect(accepted(stats.leaderboard(GUILD, 'rating', 0, HOST.userId)).rows).toEqual([]);
  });
});

describe('rated and casual apart', () => {
  it('a rated match, a short one of four people and a match with a bot: each in its place, summing to the totals', () => {
    const FOUR: readonly [Actor, Actor, Actor, Actor] = [HOST, ALICE, BOB, CAROL];
    const settings = makeSettings({ targetScore: TARGET });
    const long = searchSeed('apart-rated', settings, policy, (f) => f.history.length >= MIN_RATED_HANDS);
    const short = searchSeed('apart-short', settings, policy, (f) => f.history.length < MIN_RATED_HANDS);
    const rated = playMatch(fx, FOUR, { seed: long.seed, policy, settings: { targetScore: TARGET } });
    const quick = playMatch(fx, FOUR, { seed: short.seed, policy, settings: { targetScore: TARGET } });
    const withBot = playMatch(fx, [HOST, ALICE, BOB, 'bot'], {
      seed: 'apart-bot',
      policy,
      settings: { targetScore: TARGET },
    });
    const of = (p: PlayedMatch, seat: 0 | 1 | 2 | 3) =>
      expectedForSeat(p.state, seat, bombsFromEvents(fx.store.db, p.matchId)[seat] as number);
    const host = mine(HOST);
    expect(host.rated).toEqual(of(rated, 0));
    expect(host.rated?.points).toBe(rated.state.scores[0]);
    expect(host.casual).toEqual(addTotals(of(quick, 0), of(withBot, 0)));
    expect(host.totals).toEqual(addTotals(of(rated, 0), addTotals(of(quick, 0), of(withBot, 0))));
    expect(host.rating?.ratedMatches).toBe(1);
    // Carol sat out the match with the bot: one rated, one casual.
    expect(mine(CAROL).rated).toEqual(of(rated, 3));
    expect(mine(CAROL).casual).toEqual(of(quick, 3));
  });
});

describe('substitutes', () => {
  it('a person who takes a bot’s seat counts the hands that ended while they held it; unrated for all', async () => {
    const first = playMatch(fx, [HOST, ALICE, BOB, 'bot'], {
      seed: 'casual-takeover',
      policy,
      settings: { targetScore: 500 },
      until: (s) => s.hand.number === 2,
    });
    const asked = accepted(fx.service.requestSeat(first.table.id, CAROL, 3));
    const answer = accepted(await fx.service.approveSeat(first.table.id, HOST, 3, asked.request.nonce));
    if (!answer.done) return expect.fail('the host’s approval hands the seat over');
    const done = continueMatch(fx, answer.outcome.table, answer.outcome.state, policy);
    expect(done.state.status).toBe('finished');
    expect(done.state.history.length).toBeGreaterThan(1);
    const later = done.state.history.filter((h) => h.number >= 2);
    const carol = mine(CAROL);
    expect(carol.rated).toBeNull();
    expect(carol.casual).toMatchObject({
      matches: 1,
      wins: done.state.winner === 1 ? 1 : 0,
      hands: later.length,
      points: later.reduce((sum, h) => sum + (h.total[1] as number), 0),
      doubleVictories: later.filter((h) => h.doubleVictory === 1).length,
    });
    // The same credit as the totals the substitute rules give (test/app/substituteStats.test.ts).
    expect(carol.casual).toEqual(carol.totals);
    for (const u of [HOST, ALICE, BOB]) {
      expect(mine(u).rated, u.name).toBeNull();
      expect(mine(u).casual?.hands, u.name).toBe(done.state.history.length);
    }
  });
});

describe('the upgrade (migration 0010)', () => {
  it('backfills each result row’s points from the stored hands, substitutes included, as the match end writes them', async () => {
    playMatch(fx, [HOST, ALICE, BOB, CAROL], {
      seed: 'backfill-four',
      policy,
      settings: { targetScore: TARGET },
    });
    const first = playMatch(fx, [HOST, ALICE, BOB, 'bot'], {
      seed: 'backfill-takeover',
      policy,
      settings: { targetScore: 500 },
      until: (s) => s.hand.number === 2,
    });
    const asked = accepted(fx.service.requestSeat(first.table.id, CAROL, 3));
    const answer = accepted(await fx.service.approveSeat(first.table.id, HOST, 3, asked.request.nonce));
    if (!answer.done) return expect.fail('the host’s approval hands the seat over');
    const done = continueMatch(fx, answer.outcome.table, answer.outcome.state, policy);
    const rows = () =>
      fx.store.db
        .prepare('SELECT match_id, seat, user_id, points FROM match_players ORDER BY match_id, seat, rowid')
        .all() as Array<{ match_id: number; seat: number; user_id: string | null; points: number }>;
    const written = rows();
    const before = [HOST, CAROL].map(mine);
    // The seat that changed hands has a row for the bot and one for Carol, whose points share its score.
    const seat3 = written.filter((r) => r.match_id === done.matchId && r.seat === 3);
    expect(seat3.map((r) => r.user_id)).toEqual([null, CAROL.userId]);
    expect(seat3.reduce((sum, r) => sum + r.points, 0)).toBe(done.state.scores[1]);
    const sql = readFileSync(join(import.meta.dirname, '../../migrations/0010_casual_stats.sql'), 'utf8');
    const backfill = sql.slice(sql.indexOf('UPDATE match_players'));
    fx.store.db.exec('UPDATE match_players SET points = 0');
    fx.store.db.exec(backfill);
    expect(rows()).toEqual(written);
    // /stats reads the same after the upgrade as the match ends wrote it.
    expect([HOST, CAROL].map(mine)).toEqual(before);
  });
});
