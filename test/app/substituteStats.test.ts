/**
 * Ratings and statistics stay honest with substitutes: each hand counts for whoever held the seat
 * when it ended, a call for whoever made it, a bomb for whoever held the seat when it was played; a
 * match is rated only when the same four people held the seats throughout (away spells included);
 * and the history names everyone who sat in a seat. Expectations are worked out in the test from
 * the final state and the raw events table.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/app/core.js';
import { isRated, MIN_RATED_HANDS } from '../../src/app/results.js';
import { StatsService } from '../../src/app/stats.js';
import { renderHandLog, renderMatchDetail } from '../../src/discord/renderHistory.js';
import { EN_TEXT } from '../../src/discord/ui.js';
import type { GameEvent } from '../../src/engine/index.js';
import { type Action, type MatchState, makeSettings, type Seat } from '../../src/engine/index.js';
import type { SeatHolder } from '../../src/store/records.js';
import {
  ALICE,
  accepted,
  BOB,
  CAROL,
  createFixture,
  type Fixture,
  GUILD,
  HOST,
  type Policy,
  plainPolicy,
  STRANGER,
} from '../support/service.js';
import { continueMatch, livelyPolicy, playMatch, searchSeed } from '../support/statsPlay.js';

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

const FOUR: readonly [Actor, Actor, Actor, Actor] = [HOST, ALICE, BOB, CAROL];
const policy = livelyPolicy();

function ratingOf(userId: string) {
  return fx.store.stats.rating(GUILD, userId);
}

function giveRatings(users: readonly Actor[]): void {
  users.forEach((u, i) => {
    fx.store.transaction(() => {
      fx.store.tables.upsertPlayer(u.userId, u.name, 1);
      fx.store.stats.saveRating(GUILD, u.userId, 30 - i, 5 + i, 30 - i - 3 * (5 + i), 1);
    });
  });
}

function rated(matchId: number): number {
  return (fx.store.db.prepare('SELECT rated FROM matches WHERE id = ?').get(matchId) as { rated: number })
    .rated;
}

interface Row {
  version: number;
  hand: number;
  seat: number;
  user: string | null;
  action: Action;
  events: GameEvent[];
}

/** The raw log, read here with SQL of the test's own. */
function rowsOf(matchId: number): Row[] {
  return (
    fx.store.db
      .prepare(
        'SELECT version, hand_number AS hand, seat, user_id AS user, action, events FROM events WHERE match_id = ? ORDER BY version',
      )
      .all(matchId) as Array<Omit<Row, 'action' | 'events'> & { action: string; events: string }>
  ).map((r) => ({ ...r, action: JSON.parse(r.action), events: JSON.parse(r.events) }));
}

/**
 * What `seat`'s person `userId` should be credited with, worked out from the log: the hands whose
 * last action came after `from` and no later than `to` (they held the seat when those ended), the
 * calls and bombs logged with their id.
 */
function expected(final: MatchState, rows: Row[], seat: Seat, userId: string, from: number, to: number) {
  const team = seat % 2;
  const ends = new Map<number, number>();
  for (const r of rows) ends.set(r.hand, r.version);
  const hands = final.history.filter((h) => {
    const end = ends.get(h.number) as number;
    return end > from && end <= to;
  });
  const mine = rows.filter((r) => r.seat === seat && r.user === userId);
  const calls = (type: string) =>
    mine.filter((r) => r.action.type === type && (type === 'tichu' || (r.action as { call?: boolean }).call));
  const made = (type: string) =>
    calls(type).filter((r) => final.history.find((h) => h.number === r.hand)?.out[0] === seat).length;
  const bombs = mine
    .flatMap((r) => r.events)
    .filter((e) => e.type === 'played' && ['fourOfAKind', 'straightFlush'].includes(e.combo.type)).length;
  return {
    matches: hands.length > 0 ? 1 : 0,
    wins: hands.length > 0 && final.winner === team ? 1 : 0,
    hands: hands.length,
    points: hands.reduce((sum, h) => sum + (h.total[team] as number), 0),
    tichuCalls: calls('tichu').length,
    tichuMade: made('tichu'),
    grandCalls: calls('grandTichu').length,
    grandMade: made('grandTichu'),
    doubleVictories: hands.filter((h) => h.doubleVictory === team).length,
    bombs,
  };
}

describe('a match with a substitute', () => {
  it('updates no rating; each person’s statistics hold the hands that ended while they held the seat', async () => {
    const { seed } = searchSeed(
      'subst',
      makeSettings({ targetScore: 300 }),
      policy,
      (f) => f.history.length >= 4,
    );
    giveRatings([...FOUR, STRANGER]);
    const before = [...FOUR, STRANGER].map((u) => ratingOf(u.userId));
    // Hand 1 is Bob's; at the start of hand 2 he steps away and the host hands his seat to the stranger.
    const first = playMatch(fx, FOUR, {
      seed,
      policy,
      settings: { targetScore: 300 },
      until: (s) => s.hand.number === 2,
    });
    accepted(fx.service.goAway(first.table.id, BOB));
    const handover = accepted(
      await fx.service.replaceSeat(first.table.id, HOST, 2, { ...STRANGER, isBot: false }),
    );
    const since = handover.state.version;
    const done = continueMatch(fx, handover.table, handover.state, policy);
    expect(done.state.status).toBe('finished');
    expect(done.state.history.length).toBeGreaterThanOrEqual(MIN_RATED_HANDS);

    expect(rated(done.matchId)).toBe(0);
    expect([...FOUR, STRANGER].map((u) => ratingOf(u.userId))).toEqual(before);
    const rows = rowsOf(done.matchId);
    const end = rows.at(-1)?.version as number;
    const totals = (u: Actor) => accepted(stats.playerStats(GUILD, u.userId)).totals;
    expect(totals(BOB)).toEqual(expected(done.state, rows, 2, BOB.userId, 0, since));
    expect(totals(STRANGER)).toEqual(expected(done.state, rows, 2, STRANGER.userId, since, end));
    expect(totals(BOB)?.hands).toBe(1);
    expect(totals(STRANGER)?.hands).toBe(done.state.history.length - 1);
    // The others played it all: every hand, and the match's points.
    for (const [seat, u] of [[0, HOST] as const, [1, ALICE] as const, [3, CAROL] as const]) {
      expect(totals(u)).toEqual(expected(done.state, rows, seat, u.userId, 0, end));
      expect(totals(u)?.points).toBe(done.state.scores[seat % 2]);
    }
    // Bob's hand and the stranger's add up to the seat's.
    expect((totals(BOB)?.points ?? 0) + (totals(STRANGER)?.points ?? 0)).toBe(done.state.scores[0]);

    // The history names both for seat 3 (seat index 2), in order, and each hand's own player.
    const detail = accepted(stats.matchDetail(GUILD, done.matchId));
    expect(detail.players.filter((p) => p.seat === 2).map((p) => p.name)).toEqual([BOB.name, STRANGER.name]);
    const text = JSON.stringify(renderMatchDetail(detail, 'en'));
    expect(text).toContain(`${HOST.name} & ${BOB.name} → ${STRANGER.name}`);
    const hand1 = JSON.stringify(
      renderHandLog(accepted(stats.handLog(GUILD, done.matchId, 1)), detail, EN_TEXT).full,
    );
    const hand2 = JSON.stringify(
      renderHandLog(accepted(stats.handLog(GUILD, done.matchId, 2)), detail, EN_TEXT).full,
    );
    expect(hand1).toContain(BOB.name);
    expect(hand1).not.toContain(STRANGER.name);
    expect(hand2).toContain(STRANGER.name);
    expect(accepted(stats.recentMatches(GUILD, { userId: BOB.userId })).map((m) => m.id)).toEqual([
      done.matchId,
    ]);
  });

  it('a seat changing hands mid-hand: the hand counts for whoever ended it, a call for whoever made it', async () => {
    // Bob (seat 2) calls Tichu at his first turn; then he leaves mid-hand and the stranger ends the hand.
    let called = false;
    const bobCalls: Policy = (state, seat) => {
      if (seat === 2 && !called && state.hand.phase === 'play' && state.hand.turn === 2) {
        called = true;
        return { type: 'tichu' };
      }
      return plainPolicy(state, seat);
    };
    const first = playMatch(fx, FOUR, {
      seed: 'mid-hand',
      policy: bobCalls,
      settings: { targetScore: 200 },
      until: () => called,
    });
    expect(first.state.hand.calls[2]).toBe('tichu');
    accepted(fx.service.goAway(first.table.id, BOB));
    const handover = accepted(
      await fx.service.replaceSeat(first.table.id, HOST, 2, { ...STRANGER, isBot: false }),
    );
    expect(handover.state.hand.number).toBe(1);
    const since = handover.state.version;
    const done = continueMatch(fx, handover.table, handover.state, plainPolicy);
    expect(done.state.status).toBe('finished');
    const rows = rowsOf(done.matchId);
    const end = rows.at(-1)?.version as number;
    const bob = accepted(stats.playerStats(GUILD, BOB.userId)).totals;
    const stranger = accepted(stats.playerStats(GUILD, STRANGER.userId)).totals;
    const madeIt = done.state.history[0]?.out[0] === 2 ? 1 : 0;
    // Bob ended no hand: no match, no hand, but his call (and whether it was made) is his.
    expect(bob).toMatchObject({ matches: 0, wins: 0, hands: 0, points: 0, tichuCalls: 1, tichuMade: madeIt });
    expect(bob).toEqual(expected(done.state, rows, 2, BOB.userId, 0, since));
    expect(stranger).toMatchObject({ matches: 1, hands: done.state.history.length, tichuCalls: 0 });
    expect(stranger).toEqual(expected(done.state, rows, 2, STRANGER.userId, since, end));
    expect(rated(done.matchId)).toBe(0);
    // The history says the same: hand 1's call is Bob's, its end the stranger's.
    const detail = accepted(stats.matchDetail(GUILD, done.matchId));
    const line = (
      (renderMatchDetail(detail, 'en').embeds[0] as { description: string }).description.split('\n') ?? []
    ).find((l) => l.startsWith('**Hand 1**')) as string;
    expect(line).toContain(`${BOB.name} Tichu ${madeIt ? '✅' : '❌'}`);
    expect(line).toContain(STRANGER.name);
  });
});

describe('the rating rule', () => {
  it('away spells and timeouts do not unrate a match: the same four people held the seats throughout', () => {
    const { seed } = searchSeed(
      'away-rated',
      makeSettings({ targetScore: 200 }),
      policy,
      (f) => f.history.length >= 3,
    );
    const first = playMatch(fx, FOUR, {
      seed,
      policy,
      settings: { targetScore: 200 },
      until: (s) => s.hand.number === 2,
    });
    accepted(fx.service.goAway(first.table.id, BOB));
    // The others let the Grand Tichu decisions time out, while Bob's seat is played for him.
    fx.env.advance(120_000);
    const now = accepted(fx.service.tableView(first.table.id));
    accepted(fx.service.comeBack(first.table.id, BOB));
    const table = accepted(fx.service.tableView(first.table.id)).table;
    const state = fx.store.matches.load(table.matchId as number)?.state as MatchState;
    const done = continueMatch(fx, table, state, policy);
    expect(done.state.status).toBe('finished');
    expect(now.table.seats[2]).toMatchObject({ away: true });
    const log = fx.store.matches.actions(done.matchId);
    expect(log.some((e) => e.forced === 'away' && e.userId === BOB.userId)).toBe(true);
    expect(log.some((e) => e.forced === 'timeout')).toBe(true);
    expect(rated(done.matchId)).toBe(1);
    for (const u of FOUR) expect(ratingOf(u.userId)?.ratedMatches, u.name).toBe(1);
    expect(accepted(stats.playerStats(GUILD, BOB.userId)).totals?.hands).toBe(done.state.history.length);
  });

  it('is decided by the seats’ holders: one person each, four different, a finished match of 3+ hands', () => {
    const finished = { status: 'finished', history: [{}, {}, {}] } as unknown as MatchState;
    const person = (seat: number, userId: string, since = 0): SeatHolder => ({
      seat: seat as Seat,
      since,
      userId,
      name: userId,
      level: null,
    });
    const four = [person(0, 'a'), person(1, 'b'), person(2, 'c'), person(3, 'd')];
    expect(isRated(finished, four)).toBe(true);
    expect(isRated({ ...finished, history: [{}, {}] } as unknown as MatchState, four)).toBe(false);
    expect(isRated({ ...finished, status: 'playing' } as MatchState, four)).toBe(false);
    expect(isRated(finished, [...four, person(2, 'e', 40)])).toBe(false);
    expect(isRated(finished, [...four.slice(0, 3), { ...person(3, 'x'), userId: null, level: 'hard' }])).toBe(
      false,
    );
    expect(isRated(finished, [...four.slice(0, 3), person(3, 'a')])).toBe(false);
    expect(isRated(finished, four.slice(0, 3))).toBe(false);
  });

  it('a bot seat taken over by a person: unrated, the person credited only with what they played', async () => {
    const table = playMatch(fx, [HOST, ALICE, BOB, 'bot'], {
      seed: 'bot-then-person',
      policy: plainPolicy,
      settings: { targetScore: 200 },
      until: (s) => s.hand.number === 2,
    });
    const asked = accepted(fx.service.requestSeat(table.table.id, CAROL, 3));
    const answer = accepted(await fx.service.approveSeat(table.table.id, HOST, 3, asked.request.nonce));
    if (!answer.done) return expect.fail('the host’s approval hands the seat over');
    const done = continueMatch(fx, answer.outcome.table, answer.outcome.state, plainPolicy);
    expect(done.state.status).toBe('finished');
    expect(rated(done.matchId)).toBe(0);
    expect(accepted(stats.playerStats(GUILD, CAROL.userId)).totals?.hands).toBe(
      done.state.history.length - 1,
    );
    const seat3 = fx.store.db
      .prepare(
        'SELECT user_id AS user, is_bot AS bot, hands_played AS hands FROM match_players WHERE match_id = ? AND seat = 3',
      )
      .all(done.matchId);
    expect(seat3).toEqual([
      { user: null, bot: 1, hands: 1 },
      { user: CAROL.userId, bot: 0, hands: done.state.history.length - 1 },
    ]);
  });
});
