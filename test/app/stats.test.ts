/**
 * Ratings, statistics, leaderboards and history on real SQLite files: whole matches played through
 * the table service by four users, checked against expectations worked out independently in the
 * test (from the final match state, the events table and openskill itself).
 */
import { ordinal, type Rating, rate, rating } from 'openskill';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/app/core.js';
import { MIN_RATED_HANDS } from '../../src/app/results.js';
import { BOARD_MIN_MATCHES, BOARD_PAGE_SIZE, replayExport, StatsService } from '../../src/app/stats.js';
import { type MatchState, makeSettings, SEATS, type Seat, type Settings } from '../../src/engine/index.js';
import type { BoardSort } from '../../src/store/statsRepo.js';
import {
  ALICE,
  accepted,
  BOB,
  CAROL,
  CHANNEL,
  count,
  createFixture,
  type Fixture,
  GUILD,
  HOST,
  OTHER_CHANNEL,
  OTHER_GUILD,
  refusal,
  STRANGER,
} from '../support/service.js';
import {
  addTotals,
  bombsFromEvents,
  continueMatch,
  type ExpectedTotals,
  expectedForSeat,
  livelyPolicy,
  NO_TOTALS,
  type PlayedMatch,
  playMatch,
  searchSeed,
  simulate,
} from '../support/statsPlay.js';

let fx: Fixture;
let stats: StatsService;
beforeEach(() => {
  fx = createFixture();
  stats = new StatsService(fx.store);
});
afterEach(() => fx.cleanup());

const policy = livelyPolicy();
const FOUR: readonly [Actor, Actor, Actor, Actor] = [HOST, ALICE, BOB, CAROL];
const DEFAULT_MU = 25;
const DEFAULT_SIGMA = 25 / 3;
const DEFAULT_ORDINAL = DEFAULT_MU - 3 * DEFAULT_SIGMA;

const settingsOf = (targetScore: number): Settings => makeSettings({ targetScore });

/** A seed whose match (four humans playing `policy`) passes `test`, found with the engine alone. */
function seedFor(prefix: string, targetScore: number, test: (final: MatchState) => boolean) {
  return searchSeed(prefix, settingsOf(targetScore), policy, test, 300);
}

function matchRow(id: number) {
  return fx.store.db
    .prepare(
      'SELECT status, rated, hands_played AS hands, score_a AS a, score_b AS b, winner FROM matches WHERE id = ?',
    )
    .get(id) as { status: string; rated: number; hands: number; a: number; b: number; winner: number | null };
}

function ratingRow(userId: string, guildId = GUILD) {
  return (
    (fx.store.db
      .prepare(
        'SELECT mu, sigma, ordinal, rated_matches, updated_at FROM ratings WHERE guild_id = ? AND user_id = ?',
      )
      .get(guildId, userId) as
      | { mu: number; sigma: number; ordinal: number; rated_matches: number; updated_at: number }
      | undefined) ?? null
  );
}

function totalsOf(userId: string, guildId = GUILD) {
  return accepted(stats.playerStats(guildId, userId)).totals;
}

/** Gives players a rating as if they had played before (to see that unrated matches leave it alone). */
function giveRatings(users: readonly Actor[]): void {
  users.forEach((u, i) => {
    fx.store.transaction(() => {
      fx.store.tables.upsertPlayer(u.userId, u.name, 1);
      fx.store.stats.saveRating(GUILD, u.userId, 30 - i, 5 + i, 30 - i - 3 * (5 + i), 1);
    });
  });
}

describe('ratings', () => {
  it(`a rated match (four people, finished, >= ${MIN_RATED_HANDS} hands) moves winners up and losers down`, () => {
    const { seed, final: simulated } = seedFor('rated', 200, (f) => f.history.length >= MIN_RATED_HANDS + 1);
    const played = playMatch(fx, FOUR, { seed, policy, settings: { targetScore: 200 } });
    expect(played.state).toEqual(simulated); // the service plays the same match as the engine
    expect(played.state.status).toBe('finished');
    const winner = played.state.winner as 0 | 1;
    expect(matchRow(played.matchId)).toEqual({
      status: 'finished',
      rated: 1,
      hands: played.state.history.length,
      a: played.state.scores[0],
      b: played.state.scores[1],
      winner,
    });

    // What openskill itself says for two teams of new players (seats 0 & 2 against 1 & 3).
    const [teamA, teamB] = rate(
      [
        [rating(), rating()],
        [rating(), rating()],
      ],
      { rank: winner === 0 ? [1, 2] : [2, 1] },
    );
    const expected = [teamA?.[0], teamB?.[0], teamA?.[1], teamB?.[1]];
    for (const seat of SEATS) {
      const row = ratingRow(FOUR[seat].userId);
      expect(row, `rating of seat ${seat}`).not.toBeNull();
      const r = row as NonNullable<typeof row>;
      expect(r.rated_matches).toBe(1);
      expect(r.sigma).toBeLessThan(DEFAULT_SIGMA);
      if (seat % 2 === winner) {
        expect(r.mu, `winner seat ${seat}`).toBeGreaterThan(DEFAULT_MU);
        expect(r.ordinal, `winner seat ${seat}`).toBeGreaterThan(DEFAULT_ORDINAL);
      } else {
        expect(r.mu, `loser seat ${seat}`).toBeLessThan(DEFAULT_MU);
        expect(r.ordinal, `loser seat ${seat}`).toBeLessThan(DEFAULT_ORDINAL);
      }
      const want = expected[seat] as { mu: number; sigma: number };
      expect(r.mu).toBeCloseTo(want.mu, 9);
      expect(r.sigma).toBeCloseTo(want.sigma, 9);
      expect(r.ordinal).toBeCloseTo(ordinal(want), 9);
      expect(r.ordinal).toBeCloseTo(r.mu - 3 * r.sigma, 9);
      // The service reports the same rating.
      expect(accepted(stats.playerStats(GUILD, FOUR[seat].userId)).rating).toMatchObject({
        mu: r.mu,
        sigma: r.sigma,
        ordinal: r.ordinal,
        ratedMatches: 1,
      });
    }
  });

  it('a second rated match starts from the stored ratings and counts rated_matches', () => {
    const first = seedFor('rated', 200, (f) => f.history.length >= MIN_RATED_HANDS);
    playMatch(fx, FOUR, { seed: first.seed, policy, settings: { targetScore: 200 } });
    const before = new Map(FOUR.map((u) => [u.userId, ratingRow(u.userId)]));
    // New teams: HOST & CAROL against BOB & ALICE.
    const seats = [HOST, BOB, CAROL, ALICE] as const;
    const second = seedFor('again', 200, (f) => f.history.length >= MIN_RATED_HANDS);
    const played = playMatch(fx, seats, { seed: second.seed, policy, settings: { targetScore: 200 } });
    expect(matchRow(played.matchId).rated).toBe(1);
    const winner = played.state.winner as 0 | 1;
    const old = seats.map((u) => {
      const r = before.get(u.userId);
      if (!r) throw new Error(`${u.name} had no rating after the first match`);
      return rating({ mu: r.mu, sigma: r.sigma });
    }) as [Rating, Rating, Rating, Rating];
    const [teamA, teamB] = rate(
      [
        [old[0], old[2]],
        [old[1], old[3]],
      ],
      { rank: winner === 0 ? [1, 2] : [2, 1] },
    );
    const expected = [teamA?.[0], teamB?.[0], teamA?.[1], teamB?.[1]];
    seats.forEach((u, seat) => {
      const r = ratingRow(u.userId) as NonNullable<ReturnType<typeof ratingRow>>;
      const was = before.get(u.userId) as NonNullable<ReturnType<typeof ratingRow>>;
      expect(r.rated_matches, u.name).toBe(2);
      expect(r.mu).toBeCloseTo((expected[seat] as { mu: number }).mu, 9);
      expect(r.sigma).toBeCloseTo((expected[seat] as { sigma: number }).sigma, 9);
      if (seat % 2 === winner) expect(r.mu, `${u.name} won`).toBeGreaterThan(was.mu);
      else expect(r.mu, `${u.name} lost`).toBeLessThan(was.mu);
    });
  });

  it('a match with a bot seat is unrated: ratings unchanged, the humans counted in player_stats, no bot', () => {
    giveRatings([HOST, ALICE]);
    const before = [HOST, ALICE].map((u) => ratingRow(u.userId));
    // Three humans and a bot in seat 3; the match is long enough to be rated if it had four people.
    let played: PlayedMatch | null = null;
    for (let i = 0; i < 20 && !played; i++) {
      const table = playMatch(fx, [HOST, ALICE, BOB, 'bot'], {
        seed: `bot-${i}`,
        policy,
        settings: { targetScore: 200 },
      });
      if (table.state.history.length >= MIN_RATED_HANDS) played = table;
    }
    if (!played) throw new Error(`no bot match of ${MIN_RATED_HANDS}+ hands in 20 seeds`);
    const { matchId, state } = played;
    expect(state.status).toBe('finished');
    expect(matchRow(matchId)).toMatchObject({ status: 'finished', rated: 0, hands: state.history.length });
    expect([HOST, ALICE].map((u) => ratingRow(u.userId))).toEqual(before);
    expect(ratingRow(BOB.userId)).toBeNull();
    expect(count(fx.store, 'SELECT count(*) AS n FROM ratings')).toBe(2);
    // The humans' totals count this match (each of the 20 tries that finished, in fact); the bot has none.
    const matchesPlayed = count(
      fx.store,
      "SELECT count(*) AS n FROM matches WHERE guild_id = ? AND status = 'finished'",
      GUILD,
    );
    for (const u of [HOST, ALICE, BOB]) expect(totalsOf(u.userId)?.matches, u.name).toBe(matchesPlayed);
    expect(count(fx.store, 'SELECT count(*) AS n FROM player_stats')).toBe(3);
    const bombs = bombsFromEvents(fx.store.db, matchId);
    expect(
      fx.store.db
        .prepare('SELECT seat, user_id, is_bot, bombs FROM match_players WHERE match_id = ? ORDER BY seat')
        .all(matchId),
    ).toEqual(
      SEATS.map((seat) => ({
        seat,
        user_id: seat === 3 ? null : ([HOST, ALICE, BOB][seat] as Actor).userId,
        is_bot: seat === 3 ? 1 : 0,
        bombs: bombs[seat],
      })),
    );
  });

  it('an abandoned match is unrated and records no results at all', () => {
    giveRatings([HOST, ALICE, BOB, CAROL]);
    const before = FOUR.map((u) => ratingRow(u.userId));
    const played = playMatch(fx, FOUR, {
      seed: 'abandon-me',
      policy,
      until: (s) => s.history.length >= 1 && s.hand.phase === 'play',
    });
    accepted(fx.service.abandon(played.table.id, HOST));
    expect(matchRow(played.matchId)).toMatchObject({ status: 'abandoned', rated: 0, winner: null });
    expect(FOUR.map((u) => ratingRow(u.userId))).toEqual(before);
    expect(
      count(fx.store, 'SELECT count(*) AS n FROM match_players WHERE match_id = ?', played.matchId),
    ).toBe(0);
    expect(count(fx.store, 'SELECT count(*) AS n FROM player_stats')).toBe(0);
    for (const u of FOUR) expect(totalsOf(u.userId), u.name).toBeNull();
  });

  it(`a match of fewer than ${MIN_RATED_HANDS} hands is unrated but counted; exactly ${MIN_RATED_HANDS} is rated`, () => {
    giveRatings([HOST, ALICE, BOB, CAROL]);
    const before = FOUR.map((u) => ratingRow(u.userId));
    const expected = new Map<string, ExpectedTotals>(FOUR.map((u) => [u.userId, NO_TOTALS]));
    const short = [
      seedFor('one-hand', 50, (f) => f.history.length === 1 && f.history[0]?.doubleVictory !== null),
      seedFor('two-hands', 200, (f) => f.history.length === MIN_RATED_HANDS - 1),
    ];
    for (const { seed } of short) {
      const target = seed.startsWith('one') ? 50 : 200;
      const played = playMatch(fx, FOUR, { seed, policy, settings: { targetScore: target } });
      expect(played.state.status).toBe('finished');
      expect(matchRow(played.matchId)).toMatchObject({ rated: 0, hands: played.state.history.length });
      const bombs = bombsFromEvents(fx.store.db, played.matchId);
      FOUR.forEach((u, seat) => {
        expected.set(
          u.userId,
          addTotals(
            expected.get(u.userId) as ExpectedTotals,
            expectedForSeat(played.state, seat as Seat, bombs[seat] ?? 0),
          ),
        );
      });
    }
    expect(FOUR.map((u) => ratingRow(u.userId))).toEqual(before);
    for (const u of FOUR) {
      expect(totalsOf(u.userId), u.name).toEqual(expected.get(u.userId));
      expect(totalsOf(u.userId)?.matches).toBe(2);
    }

    const exact = seedFor('three-hands', 200, (f) => f.history.length === MIN_RATED_HANDS);
    const played = playMatch(fx, FOUR, { seed: exact.seed, policy, settings: { targetScore: 200 } });
    expect(played.state.history.length).toBe(MIN_RATED_HANDS);
    expect(matchRow(played.matchId).rated).toBe(1);
    FOUR.forEach((u, seat) => {
      const r = ratingRow(u.userId);
      expect(r?.rated_matches, u.name).toBe(2); // the one given above, and this match
      const was = before[seat] as NonNullable<(typeof before)[number]>;
      if (seat % 2 === played.state.winner) expect(r?.mu).toBeGreaterThan(was.mu);
      else expect(r?.mu).toBeLessThan(was.mu);
    });
  });
});

describe('statistics', () => {
  it('equal a hand-computed expectation over fixed-seed matches; the favourite partner plays most with you', () => {
    // Three matches of the same four people with HOST's partner BOB, then CAROL, then BOB again.
    const seatings: ReadonlyArray<readonly [Actor, Actor, Actor, Actor]> = [
      [HOST, ALICE, BOB, CAROL],
      [HOST, ALICE, CAROL, BOB],
      [HOST, CAROL, BOB, ALICE],
    ];
    const wants: Array<(f: MatchState) => boolean> = [
      // Tichu calls made and failed, a double victory, at least three hands.
      (f) =>
        f.history.length >= 3 &&
        f.history.some((h) => h.doubleVictory !== null) &&
        f.history.some((h) => h.calls.some((c, s) => c === 'tichu' && h.out[0] === s)) &&
        f.history.some((h) => h.calls.some((c, s) => c === 'tichu' && h.out[0] !== s)),
      // A Grand Tichu call.
      (f) => f.history.some((h) => h.calls.includes('grandTichu')),
      (f) => f.history.length >= 2,
    ];
    const expected = new Map<string, ExpectedTotals>(FOUR.map((u) => [u.userId, NO_TOTALS]));
    const partners = new Map<string, Map<string, { matches: number; wins: number }>>();
    let bombsSeen = 0;
    for (const [i, seats] of seatings.entries()) {
      const { seed } = seedFor(`stats${i}`, 200, wants[i] as (f: MatchState) => boolean);
      const played = playMatch(fx, seats, { seed, policy, settings: { targetScore: 200 } });
      const final = played.state;
      expect(final.status).toBe('finished');
      const bombs = bombsFromEvents(fx.store.db, played.matchId);
      bombsSeen += bombs.reduce((a, b) => a + b, 0);
      seats.forEach((u, seat) => {
        const mine = expectedForSeat(final, seat as Seat, bombs[seat] ?? 0);
        expected.set(u.userId, addTotals(expected.get(u.userId) as ExpectedTotals, mine));
        const partner = seats[(seat + 2) % 4] as Actor;
        const byPartner = partners.get(u.userId) ?? new Map();
        const was = byPartner.get(partner.userId) ?? { matches: 0, wins: 0 };
        byPartner.set(partner.userId, { matches: was.matches + 1, wins: was.wins + mine.wins });
        partners.set(u.userId, byPartner);
      });
    }
    // A match that must not count here: the same people on another server.
    const elsewhere = seedFor('elsewhere', 50, () => true);
    playMatch(fx, [HOST, BOB, ALICE, CAROL], {
      seed: elsewhere.seed,
      policy,
      settings: { targetScore: 50 },
      guildId: OTHER_GUILD,
      channelId: OTHER_CHANNEL,
    });

    const sum = (key: keyof ExpectedTotals) => [...expected.values()].reduce((total, t) => total + t[key], 0);
    // The checks below can fail: the matches hold calls made and failed, Grand Tichus, double victories.
    expect(sum('tichuCalls')).toBeGreaterThan(sum('tichuMade'));
    expect(sum('tichuMade')).toBeGreaterThan(0);
    expect(sum('grandCalls')).toBeGreaterThan(0);
    expect(sum('doubleVictories')).toBeGreaterThan(0);
    expect(bombsSeen, 'bombs in the three matches (the policy plays them when it has them)').toBeGreaterThan(
      0,
    );

    for (const u of FOUR) {
      const got = accepted(stats.playerStats(GUILD, u.userId));
      expect(got.totals, u.name).toEqual(expected.get(u.userId));
      expect(got.hidden).toBe(false);
      // The favourite partner: most matches together (every player here has one partner twice).
      const best = [...(partners.get(u.userId) as Map<string, { matches: number; wins: number }>)].sort(
        (a, b) => b[1].matches - a[1].matches,
      )[0] as [string, { matches: number; wins: number }];
      expect(best[1].matches).toBe(2);
      expect(got.favouritePartner, u.name).toEqual({
        userId: best[0],
        name: (FOUR.find((x) => x.userId === best[0]) as Actor).name,
        matches: 2,
        wins: best[1].wins,
      });
    }
    expect(accepted(stats.playerStats(GUILD, HOST.userId)).favouritePartner?.userId).toBe(BOB.userId);
    // On the other server only that one match counts.
    expect(accepted(stats.playerStats(OTHER_GUILD, HOST.userId)).totals?.matches).toBe(1);
    expect(accepted(stats.playerStats(OTHER_GUILD, HOST.userId)).favouritePartner?.userId).toBe(ALICE.userId);
    // Someone who never played has no statistics, and a malformed id is refused.
    expect(accepted(stats.playerStats(GUILD, STRANGER.userId))).toMatchObject({
      totals: null,
      rating: null,
      rank: null,
      favouritePartner: null,
    });
    expect(refusal(stats.playerStats(GUILD, 'me'))).toEqual({ code: 'malformed_id', what: 'user id' });
  });

  it('counts each bomb for the seat that played it, from the stored events', () => {
    // The first seed whose match has a bomb; the count per seat is taken from the events table in JS.
    let found: PlayedMatch | null = null;
    for (let i = 0; i < 40 && !found; i++) {
      const played = playMatch(fx, FOUR, { seed: `bombs-${i}`, policy, settings: { targetScore: 50 } });
      if (bombsFromEvents(fx.store.db, played.matchId).some((n) => n > 0)) found = played;
    }
    if (!found) throw new Error('no match with a bomb in 40 seeds');
    const bombs = bombsFromEvents(fx.store.db, found.matchId);
    const rows = fx.store.db
      .prepare('SELECT seat, bombs FROM match_players WHERE match_id = ? ORDER BY seat')
      .all(found.matchId) as { seat: number; bombs: number }[];
    expect(rows.map((r) => r.bombs)).toEqual(bombs);
    const all = new Map<string, number>();
    const matches = fx.store.db.prepare("SELECT id FROM matches WHERE status = 'finished'").all() as {
      id: number;
    }[];
    for (const { id } of matches) {
      const perSeat = bombsFromEvents(fx.store.db, id);
      FOUR.forEach((u, seat) => {
        all.set(u.userId, (all.get(u.userId) ?? 0) + (perSeat[seat] ?? 0));
      });
    }
    for (const u of FOUR) expect(totalsOf(u.userId)?.bombs, u.name).toBe(all.get(u.userId));
  });
});

/** Players inserted straight into the tables behind the boards. */
interface Seeded {
  userId: string;
  name: string;
  matches: number;
  wins: number;
  calls: number;
  made: number;
  ordinal: number;
  mu: number;
  sigma: number;
}

function boardPlayers(n: number, prefix = '4000000000000000'): Seeded[] {
  return Array.from({ length: n }, (_, i) => {
    const matches = 2 + ((i * 7) % 9); // 2..10: some below the minimum of 5
    const wins = (i * 5) % (matches + 1);
    const calls = (i * 3) % 8; // 0..7
    const made = calls === 0 ? 0 : (i * 11) % (calls + 1);
    const sigma = 2 + (i % 3);
    const ordinal = ((i * 4) % 7) - 2; // many ties, so the user id decides
    return {
      userId: `${prefix}${String(i).padStart(2, '0')}`,
      name: `Seeded ${i}`,
      matches,
      wins,
      calls,
      made,
      ordinal,
      mu: ordinal + 3 * sigma,
      sigma,
    };
  });
}

function insertBoard(players: readonly Seeded[], guildId = GUILD): void {
  const db = fx.store.db;
  const player = db.prepare(
    `INSERT INTO players (user_id, display_name, created_at, updated_at) VALUES (?, ?, 1, 1)
     ON CONFLICT (user_id) DO NOTHING`,
  );
  const totals = db.prepare(
    `INSERT INTO player_stats (guild_id, user_id, matches, wins, hands, points, tichu_calls, tichu_made, grand_calls,
       grand_made, double_victories, bombs, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, 1)`,
  );
  const ratings = db.prepare(
    'INSERT INTO ratings (guild_id, user_id, mu, sigma, ordinal, rated_matches, updated_at) VALUES (?, ?, ?, ?, ?, ?, 1)',
  );
  // Inserted in a scrambled order, so no board can come out right by insertion order.
  const order = players.map((_, i) => (i * 7) % players.length);
  db.transaction(() => {
    for (const i of order) {
      const p = players[i] as Seeded;
      player.run(p.userId, p.name);
      const grand = p.calls > 3 ? 1 : 0;
      totals.run(
        guildId,
        p.userId,
        p.matches,
        p.wins,
        p.matches * 5,
        p.wins * 100,
        p.calls - grand,
        p.made - Math.min(grand, p.made),
        grand,
        Math.min(grand, p.made),
      );
      ratings.run(guildId, p.userId, p.mu, p.sigma, p.ordinal, p.matches);
    }
  })();
}

/** The board as it should be: the measure, the minimum, highest first, ties by user id. */
function expectedBoard(
  players: readonly Seeded[],
  sort: BoardSort,
): Array<{ userId: string; value: number }> {
  const rows = players.flatMap((p) => {
    if (sort === 'rating') return [{ userId: p.userId, value: p.ordinal }];
    if (sort === 'wins') return [{ userId: p.userId, value: p.wins }];
    if (sort === 'winrate')
      return p.matches >= BOARD_MIN_MATCHES ? [{ userId: p.userId, value: p.wins / p.matches }] : [];
    return p.calls >= BOARD_MIN_MATCHES ? [{ userId: p.userId, value: p.made / p.calls }] : [];
  });
  return rows.sort((a, b) => b.value - a.value || (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
}

function wholeBoard(guildId: string, sort: BoardSort, viewer: string) {
  const first = accepted(stats.leaderboard(guildId, sort, 0, viewer));
  const rows = [...first.rows];
  for (let page = 1; page < first.pages; page++)
    rows.push(...accepted(stats.leaderboard(guildId, sort, page, viewer)).rows);
  return { first, rows };
}

describe('leaderboards', () => {
  const SORTS: readonly BoardSort[] = ['rating', 'wins', 'winrate', 'tichu'];

  it.each(SORTS)(
    'sorted by %s: highest first, ties by user id, minimums applied, every rank consistent',
    (sort) => {
      const players = boardPlayers(25);
      insertBoard(players);
      const want = expectedBoard(players, sort);
      expect(want.length).toBeGreaterThan(sort === 'rating' || sort === 'wins' ? 20 : 5);
      if (sort === 'winrate' || sort === 'tichu') expect(want.length).toBeLessThan(25); // the minimum leaves some out
      const viewer = players[0] as Seeded;
      const { first, rows } = wholeBoard(GUILD, sort, viewer.userId);
      expect(first.total).toBe(want.length);
      expect(first.pages).toBe(Math.max(1, Math.ceil(want.length / BOARD_PAGE_SIZE)));
      expect(rows.map((r) => ({ userId: r.userId, value: r.value }))).toEqual(want);
      expect(rows.map((r) => r.rank)).toEqual(want.map((_, i) => i + 1));
      // The rows carry what the message shows.
      for (const row of rows) {
        const p = players.find((x) => x.userId === row.userId) as Seeded;
        expect(row).toMatchObject({
          name: p.name,
          matches: p.matches,
          wins: p.wins,
          mu: p.mu,
          sigma: p.sigma,
        });
      }
      // Everyone's own rank agrees with the rows; players off this board have none.
      for (const p of players) {
        const board = accepted(stats.leaderboard(GUILD, sort, 0, p.userId));
        const at = want.findIndex((w) => w.userId === p.userId);
        expect(board.viewer, `${p.name} on ${sort}`).toEqual(
          at < 0 ? null : { rank: at + 1, value: want[at]?.value },
        );
      }
    },
  );

  it('pages by 10: 25 players make 3 pages; the page is clamped; the viewer sees their own rank on every page', () => {
    const players = boardPlayers(25);
    insertBoard(players);
    const want = expectedBoard(players, 'rating');
    const viewer = want[16] as { userId: string; value: number }; // rank 17: on page 3 only
    const pages = [0, 1, 2].map((p) => accepted(stats.leaderboard(GUILD, 'rating', p, viewer.userId)));
    expect(pages.map((p) => p.rows.length)).toEqual([10, 10, 5]);
    expect(pages.map((p) => p.page)).toEqual([0, 1, 2]);
    for (const p of pages) {
      expect(p).toMatchObject({ pages: 3, total: 25, sort: 'rating', viewerHidden: false });
      expect(p.viewer).toEqual({ rank: 17, value: viewer.value });
    }
    expect(pages[0]?.rows.some((r) => r.userId === viewer.userId)).toBe(false);
    expect(pages.flatMap((p) => p.rows.map((r) => r.rank))).toEqual(want.map((_, i) => i + 1));
    expect(pages[1]?.rows.map((r) => r.userId)).toEqual(want.slice(10, 20).map((w) => w.userId));
    for (const [asked, got] of [
      [99, 2],
      [3, 2],
      [-1, 0],
      [1.7, 1],
    ] as const) {
      const board = accepted(stats.leaderboard(GUILD, 'rating', asked, viewer.userId));
      expect(board.page, `page ${asked}`).toBe(got);
      expect(board.rows).toEqual(pages[got]?.rows);
    }
    // A server with nobody ranked: one empty page.
    expect(accepted(stats.leaderboard(OTHER_GUILD, 'rating', 4, viewer.userId))).toEqual({
      sort: 'rating',
      page: 0,
      pages: 1,
      total: 0,
      rows: [],
      viewer: null,
      viewerHidden: false,
      season: null,
    });
    expect(refusal(stats.leaderboard('x', 'rating', 0, viewer.userId))).toEqual({
      code: 'malformed_id',
      what: 'server id',
    });
    expect(refusal(stats.leaderboard(GUILD, 'rating', 0, '12'))).toEqual({
      code: 'malformed_id',
      what: 'user id',
    });
  });

  it('a page that is not a number shows the first page (the service does not throw)', () => {
    insertBoard(boardPlayers(25));
    const viewer = boardPlayers(1)[0] as Seeded;
    const board = stats.leaderboard(GUILD, 'rating', Number.NaN, viewer.userId);
    expect(accepted(board).page).toBe(0);
  });

  it('ties are broken by user id', () => {
    const players = boardPlayers(6).map((p) => ({
      ...p,
      ordinal: 1.5,
      wins: 3,
      matches: 6,
      calls: 5,
      made: 2,
    }));
    insertBoard([...players].reverse());
    for (const sort of SORTS) {
      const board = accepted(stats.leaderboard(GUILD, sort, 0, (players[3] as Seeded).userId));
      expect(
        board.rows.map((r) => r.userId),
        sort,
      ).toEqual(players.map((p) => p.userId));
      expect(board.viewer?.rank, sort).toBe(4);
    }
  });

  it('hidden players are left out of rows, counts and ranks; a hidden viewer is told so', () => {
    const players = boardPlayers(25);
    insertBoard(players);
    const want = expectedBoard(players, 'rating');
    const hiddenTop = want[1]?.userId as string; // on page 1
    const hiddenViewer = want[20]?.userId as string; // on page 3
    const watcher = want[12] as { userId: string; value: number };
    accepted(stats.setHidden(hiddenTop, 'Seeded', true, 5));
    accepted(stats.setHidden(hiddenViewer, 'Seeded', true, 5));
    const visible = want.filter((w) => w.userId !== hiddenTop && w.userId !== hiddenViewer);
    for (const sort of SORTS) {
      const all = expectedBoard(players, sort).filter(
        (w) => w.userId !== hiddenTop && w.userId !== hiddenViewer,
      );
      const { first, rows } = wholeBoard(GUILD, sort, watcher.userId);
      expect(first.total, sort).toBe(all.length);
      expect(
        rows.map((r) => r.userId),
        sort,
      ).toEqual(all.map((w) => w.userId));
      expect(
        rows.map((r) => r.rank),
        sort,
      ).toEqual(all.map((_, i) => i + 1));
      const hiddenBoard = accepted(stats.leaderboard(GUILD, sort, 0, hiddenViewer));
      expect(hiddenBoard.viewerHidden).toBe(true);
      expect(hiddenBoard.viewer).toBeNull();
    }
    // The watcher moved up one place (a hidden player ranked above them).
    expect(accepted(stats.leaderboard(GUILD, 'rating', 0, watcher.userId)).viewer).toEqual({
      rank: visible.findIndex((w) => w.userId === watcher.userId) + 1,
      value: watcher.value,
    });
    expect(visible.findIndex((w) => w.userId === watcher.userId)).toBe(11);
    const own = accepted(stats.playerStats(GUILD, hiddenViewer));
    expect(own).toMatchObject({ hidden: true, rank: null });
    expect(own.rating).not.toBeNull();
    // Shown again: back in place.
    accepted(stats.setHidden(hiddenTop, 'Seeded', false, 6));
    const back = wholeBoard(GUILD, 'rating', hiddenTop);
    expect(back.first.total).toBe(24);
    expect(back.first.viewer).toEqual({ rank: 2, value: want[1]?.value });
    expect(back.rows[1]?.userId).toBe(hiddenTop);
    expect(refusal(stats.setHidden('nobody', 'x', true, 1))).toEqual({
      code: 'malformed_id',
      what: 'user id',
    });
  });

  it("is scoped to one server: another server's rows never appear", () => {
    const players = boardPlayers(25);
    insertBoard(players);
    const before = Object.fromEntries(
      SORTS.map((s) => [s, wholeBoard(GUILD, s, (players[3] as Seeded).userId)]),
    );
    // The same people and newcomers on another server, all with far better figures.
    const elsewhere = [...players.slice(0, 10), ...boardPlayers(12, '4100000000000000')].map((p) => ({
      ...p,
      ordinal: p.ordinal + 100,
      mu: p.mu + 100,
      wins: p.wins + 50,
      matches: p.matches + 50,
      calls: 9,
      made: 9,
    }));
    insertBoard(elsewhere, OTHER_GUILD);
    for (const sort of SORTS) {
      const after = wholeBoard(GUILD, sort, (players[3] as Seeded).userId);
      expect(after.rows, sort).toEqual(before[sort]?.rows);
      expect(after.first.total).toBe(before[sort]?.first.total);
      expect(after.first.viewer).toEqual(before[sort]?.first.viewer);
      const other = wholeBoard(OTHER_GUILD, sort, (players[3] as Seeded).userId);
      expect(other.rows.map((r) => r.userId).sort()).toEqual(elsewhere.map((p) => p.userId).sort());
      expect(other.rows.every((r) => r.value >= (sort === 'rating' ? 98 : sort === 'wins' ? 50 : 0))).toBe(
        true,
      );
    }
    expect(accepted(stats.playerStats(GUILD, (players[0] as Seeded).userId)).totals?.matches).toBe(
      players[0]?.matches,
    );
    expect(accepted(stats.playerStats(OTHER_GUILD, (players[0] as Seeded).userId)).totals?.matches).toBe(
      (players[0]?.matches ?? 0) + 50,
    );
  });
});

describe('history', () => {
  const THIRD_CHANNEL = '200000000000000003';

  function shortMatch(
    seats: readonly [Actor, Actor, Actor, Actor],
    prefix: string,
    where: { guildId?: string; channelId?: string } = {},
  ) {
    const { seed } = seedFor(prefix, 50, (f) => f.history.length === 1);
    return playMatch(fx, seats, { seed, policy, settings: { targetScore: 50 }, ...where });
  }

  it('recent matches of a player and of a channel: newest first, only this server', () => {
    const m1 = shortMatch(FOUR, 'h1');
    const m2 = shortMatch(FOUR, 'h2', { guildId: OTHER_GUILD, channelId: OTHER_CHANNEL });
    const m3 = playMatch(fx, FOUR, { seed: 'h3', policy, until: (s) => s.hand.phase === 'play' });
    accepted(fx.service.abandon(m3.table.id, HOST));
    const m4 = shortMatch([ALICE, HOST, CAROL, BOB], 'h4');
    const m5 = shortMatch([ALICE, BOB, CAROL, STRANGER], 'h5', { channelId: THIRD_CHANNEL });
    const m6 = playMatch(fx, FOUR, { seed: 'h6', policy, until: (s) => s.version > 5 }); // still playing
    const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

    expect(ids(accepted(stats.recentMatches(GUILD, { userId: HOST.userId })))).toEqual([
      m4.matchId,
      m1.matchId,
    ]);
    expect(ids(accepted(stats.recentMatches(OTHER_GUILD, { userId: HOST.userId })))).toEqual([m2.matchId]);
    expect(ids(accepted(stats.recentMatches(GUILD, { userId: ALICE.userId })))).toEqual([
      m5.matchId,
      m4.matchId,
      m1.matchId,
    ]);
    expect(ids(accepted(stats.recentMatches(GUILD, { userId: ALICE.userId }, 2)))).toEqual([
      m5.matchId,
      m4.matchId,
    ]);
    expect(ids(accepted(stats.recentMatches(GUILD, { channelId: CHANNEL })))).toEqual([
      m4.matchId,
      m3.matchId,
      m1.matchId,
    ]);
    expect(ids(accepted(stats.recentMatches(GUILD, { channelId: CHANNEL }, 1)))).toEqual([m4.matchId]);
    expect(ids(accepted(stats.recentMatches(GUILD, { channelId: THIRD_CHANNEL })))).toEqual([m5.matchId]);
    expect(accepted(stats.recentMatches(GUILD, { channelId: OTHER_CHANNEL }))).toEqual([]);
    expect(ids(accepted(stats.recentMatches(OTHER_GUILD, { channelId: OTHER_CHANNEL })))).toEqual([
      m2.matchId,
    ]);
    expect(ids(accepted(stats.recentMatches(GUILD, { userId: STRANGER.userId })))).toEqual([m5.matchId]);
    expect(ids(accepted(stats.recentMatches(GUILD, { channelId: CHANNEL })))).not.toContain(m6.matchId);

    const [latest] = accepted(stats.recentMatches(GUILD, { userId: HOST.userId }));
    expect(latest).toMatchObject({
      id: m4.matchId,
      tableId: m4.table.id,
      channelId: CHANNEL,
      guildId: GUILD,
      status: 'finished',
      scoreA: m4.state.scores[0],
      scoreB: m4.state.scores[1],
      winner: m4.state.winner,
      rated: false,
      handsPlayed: 1,
    });
    const abandoned = accepted(stats.recentMatches(GUILD, { channelId: CHANNEL })).find(
      (m) => m.id === m3.matchId,
    );
    expect(abandoned).toMatchObject({ status: 'abandoned', winner: null });
    expect(refusal(stats.recentMatches(GUILD, { channelId: 'general' }))).toEqual({
      code: 'malformed_id',
      what: 'channel id',
    });
  });

  it('a match hand by hand, and the play-by-play of a hand only once it is over (exchanges included)', () => {
    const { seed } = seedFor('detail', 1000, (f) => f.history.length >= 3);
    const midway = playMatch(fx, FOUR, {
      seed,
      policy,
      until: (s) => s.history.length === 1 && s.hand.phase === 'play' && s.hand.out.length === 0,
    });
    const id = midway.matchId;
    // Hand 2 is being played: its log (and any later hand's) is refused; hand 1's is given.
    expect(refusal(stats.handLog(GUILD, id, 2))).toEqual({ code: 'hand_not_over' });
    expect(refusal(stats.handLog(GUILD, id, 3))).toEqual({ code: 'hand_not_over' });
    expect(refusal(stats.handLog(GUILD, id, 0))).toEqual({ code: 'hand_not_over' });
    const detailNow = accepted(stats.matchDetail(GUILD, id));
    expect(detailNow.match.status).toBe('playing');
    expect(detailNow.hands).toEqual(midway.state.history);
    expect(refusal(stats.exportMatch(GUILD, id))).toEqual({ code: 'match_in_progress' });
    accepted(fx.service.pause(midway.table.id, HOST));
    expect(refusal(stats.exportMatch(GUILD, id))).toEqual({ code: 'match_in_progress' });
    accepted(fx.service.resume(midway.table.id, HOST));

    const log = accepted(stats.handLog(GUILD, id, 1));
    const rows = fx.store.db
      .prepare(
        'SELECT version, seat, action, events FROM events WHERE match_id = ? AND hand_number = 1 ORDER BY version',
      )
      .all(id) as { version: number; seat: number; action: string; events: string }[];
    expect(rows.length).toBeGreaterThan(20);
    expect(log.number).toBe(1);
    expect(log.entries).toEqual(
      rows.map((r) => ({
        version: r.version,
        seat: r.seat,
        action: JSON.parse(r.action),
        events: JSON.parse(r.events),
      })),
    );
    const exchanges = log.entries.filter((e) => (e.action as { type: string }).type === 'exchange');
    expect(exchanges.map((e) => e.seat).sort()).toEqual([0, 1, 2, 3]);
    expect(log.entries.flatMap((e) => e.events).find((e) => e.type === 'handEnded')).toEqual({
      type: 'handEnded',
      result: midway.state.history[0],
    });
    // Nothing of hand 2 is in hand 1's log: its last event announces hand 2 and no more.
    expect(log.entries.at(-1)?.events.at(-1)).toEqual({ type: 'handStarted', number: 2 });

    const done = continueMatch(fx, midway.table, midway.state, policy);
    expect(done.state.status).toBe('finished');
    const detail = accepted(stats.matchDetail(GUILD, id));
    expect(detail.hands).toEqual(done.state.history);
    expect(detail.hands.length).toBeGreaterThanOrEqual(3);
    expect(detail.match).toMatchObject({
      status: 'finished',
      scoreA: done.state.scores[0],
      scoreB: done.state.scores[1],
      winner: done.state.winner,
      rated: true,
      handsPlayed: done.state.history.length,
    });
    expect(detail.players).toEqual(
      FOUR.map((u, seat) => ({
        seat,
        userId: u.userId,
        name: u.name,
        bombs: bombsFromEvents(fx.store.db, id)[seat],
      })),
    );
    const last = done.state.history.length;
    expect(accepted(stats.handLog(GUILD, id, last)).entries.length).toBeGreaterThan(0);
    expect(refusal(stats.handLog(GUILD, id, last + 1))).toEqual({ code: 'hand_not_over' });
  });

  it('an abandoned match reports the hands it played (in the list as in its detail)', () => {
    const stopped = playMatch(fx, FOUR, {
      seed: 'abandon-later',
      policy,
      until: (s) => s.history.length === 2 && s.hand.phase === 'play',
    });
    accepted(fx.service.abandon(stopped.table.id, HOST));
    const detail = accepted(stats.matchDetail(GUILD, stopped.matchId));
    expect(detail.hands).toEqual(stopped.state.history);
    expect(detail.hands.length).toBe(2);
    // "/history matches" shows "abandoned · N hands" from this figure.
    expect(detail.match.handsPlayed).toBe(2);
    // No result rows are written for it, yet its detail still names who sat where.
    expect(detail.players.map((p) => [p.seat, p.userId, p.name])).toEqual(
      FOUR.map((u, seat) => [seat, u.userId, u.name]),
    );
    expect(accepted(stats.recentMatches(GUILD, { channelId: CHANNEL }))[0]).toMatchObject({
      id: stopped.matchId,
      status: 'abandoned',
      handsPlayed: 2,
    });
  });

  it("refuses another server's match, and match numbers that do not exist, as unknown_match", () => {
    const m = shortMatch(FOUR, 'scope');
    for (const outcome of [
      stats.matchDetail(OTHER_GUILD, m.matchId),
      stats.exportMatch(OTHER_GUILD, m.matchId),
      stats.handLog(OTHER_GUILD, m.matchId, 1),
      stats.matchDetail(GUILD, m.matchId + 1),
      stats.matchDetail(GUILD, 0),
      stats.matchDetail(GUILD, -1),
      stats.matchDetail(GUILD, 1.5),
      stats.exportMatch(GUILD, 999),
    ])
      expect(refusal(outcome)).toEqual({ code: 'unknown_match' });
    expect(refusal(stats.matchDetail('1', m.matchId))).toEqual({ code: 'malformed_id', what: 'server id' });
    expect(accepted(stats.matchDetail(GUILD, m.matchId)).match.id).toBe(m.matchId);
  });

  it('an exported match replays with the engine to its final score and hands (also after JSON)', () => {
    const { seed, final } = seedFor('export', 200, (f) => f.history.length >= 3);
    const played = playMatch(fx, FOUR, { seed, policy, settings: { targetScore: 200 } });
    const data = accepted(stats.exportMatch(GUILD, played.matchId));
    expect(data).toMatchObject({
      format: 'tichu-match/1',
      matchId: played.matchId,
      guildId: GUILD,
      seed,
      settings: settingsOf(200),
      result: { scores: final.scores, winner: final.winner, status: 'finished' },
    });
    expect(data.actions.length).toBe(final.version);
    expect(data.hands).toEqual(final.history);
    for (const copy of [data, JSON.parse(JSON.stringify(data))]) {
      const replayed = replayExport(copy);
      if (!replayed.ok) expect.fail(`the export does not replay: ${JSON.stringify(replayed.error)}`);
      expect(replayed.value.scores).toEqual(copy.result.scores);
      expect(replayed.value.history).toEqual(copy.hands);
      expect(replayed.value.status).toBe('finished');
      expect(replayed.value.winner).toBe(copy.result.winner);
      expect(replayed.value).toEqual(played.state);
    }
    // The engine refuses an export whose log was tampered with.
    const tampered = { ...data, actions: data.actions.slice(1) };
    expect(replayExport(tampered).ok).toBe(false);
    // An abandoned match exports too, and replays to where it stopped.
    const stopped = playMatch(fx, FOUR, {
      seed: 'export-abandoned',
      policy,
      until: (s) => s.history.length === 1,
    });
    accepted(fx.service.abandon(stopped.table.id, HOST));
    const partial = accepted(stats.exportMatch(GUILD, stopped.matchId));
    expect(partial.result).toEqual({ scores: stopped.state.scores, winner: null, status: 'abandoned' });
    const replayed = replayExport(partial);
    expect(replayed.ok && replayed.value.scores).toEqual(stopped.state.scores);
    expect(simulate(settingsOf(200), seed, policy)).toEqual(final);
  });
});
