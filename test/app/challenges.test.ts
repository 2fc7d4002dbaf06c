/**
 * The weekly challenge through the table service: every member's match deals the week's boards, the
 * bots answer two members who play alike with the same moves (logged, compared), each board is
 * recorded as it ends and scored against the field, nothing of the week shows before it closes, the
 * close ends a table still playing (its boards played count) and opens the boards, once.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChallengeEntry, PlayAnswer } from '../../src/app/challengeService.js';
import type { Actor } from '../../src/app/core.js';
import { StatsService } from '../../src/app/stats.js';
import { accepted, CHANNEL, createFixture, type Fixture, GUILD, refusal } from '../support/service.js';
import { continueMatch, livelyPolicy } from '../support/statsPlay.js';

const MEMBERS: readonly Actor[] = Array.from({ length: 5 }, (_, n) => ({
  userId: `41000000000000000${n}`,
  name: `M${n}`,
}));
const [ANN, BEN, CAT, DAN] = MEMBERS as [Actor, Actor, Actor, Actor];
const thread = (n: number) => `51000000000000000${n}`;
const DAY = 86_400_000;

let fx: Fixture;
let threads = 0;
beforeEach(() => {
  fx = createFixture();
  threads = 0;
  // Each board is recorded when its hand ends, as the bot's hand-end listener does.
  fx.service.onHandEnded((outcome) => fx.service.challenges.handEnded(outcome.table.id));
});
afterEach(() => fx.cleanup());

/** /challenge play, the thread made and the table opened: the member's entry, playing. */
function enter(member: Actor): ChallengeEntry {
  const answer = accepted(fx.service.challenges.play(GUILD, CHANNEL, member));
  expect(answer.kind).toBe('open');
  const { entry } = answer as Extract<PlayAnswer, { kind: 'open' }>;
  expect(fx.service.challenges.setThread(GUILD, entry.weekStart, member.userId, thread(threads++))).toBe(
    true,
  );
  const opened = accepted(fx.service.challenges.openTable(GUILD, entry.weekStart, member.userId));
  expect(opened).not.toBeNull();
  return fx.store.challenges.entry(GUILD, entry.weekStart, member.userId) as ChallengeEntry;
}

/** Plays the member's boards with `salt`'s policy (a function of the state only), `hands` of them. */
function play(entry: ChallengeEntry, salt: string, hands = 8) {
  const loaded = fx.service.tableView(entry.tableId as string);
  if (!loaded.ok) expect.fail('table');
  const table = fx.store.tables.get(entry.tableId as string);
  const state = fx.store.matches.load(table?.matchId as number)?.state;
  if (!table || !state) expect.fail('match');
  return continueMatch(fx, table, state, livelyPolicy(salt), (s) => s.history.length >= hands);
}

/** What seats 1-3 (the bots) did, hand by hand, in order. */
function botActions(matchId: number) {
  return fx.store.matches
    .actions(matchId)
    .filter((a) => a.seat !== 0)
    .map((a) => ({ hand: a.handNumber, seat: a.seat, action: a.action }));
}

describe('the week’s boards', () => {
  it('before anyone played this week: the standings say how to start, last week’s that there was none', () => {
    expect(refusal(fx.service.challenges.standings(GUILD, 'current'))).toEqual({
      code: 'challenge',
      reason: 'not_started',
    });
    expect(refusal(fx.service.challenges.standings(GUILD, 'previous'))).toEqual({
      code: 'challenge',
      reason: 'no_week',
    });
  });

  it('deal the same to every member, and the bots answer the same actions with the same moves', () => {
    const ann = enter(ANN);
    // Ben enters a day later: another table id, another time; the same week.
    fx.env.advance(DAY);
    const ben = enter(BEN);
    expect(ben.weekStart).toBe(ann.weekStart);
    expect(ben.tableId).not.toBe(ann.tableId);
    const a = play(ann, 'alike');
    const b = play(ben, 'alike');
    expect(a.state.status).toBe('finished');
    expect(a.state.history.length).toBe(8);
    // The same boards, the same play, the same bots: the same eight results.
    expect(b.state.history).toEqual(a.state.history);
    const bots = botActions(a.matchId);
    expect(bots.length).toBeGreaterThan(100);
    expect(botActions(b.matchId)).toEqual(bots);
    // Every hand of the match was the week's board.
    const week = fx.store.challenges.week(GUILD, ann.weekStart);
    expect(fx.store.matches.load(a.matchId)?.seed).toBe(week?.seed);
    // Both entries finished, every board recorded.
    for (const m of [ANN, BEN]) {
      const entry = fx.store.challenges.entry(GUILD, ann.weekStart, m.userId);
      expect(entry?.status).toBe('finished');
      expect(fx.store.challenges.resultsOf(GUILD, ann.weekStart, m.userId)).toHaveLength(8);
    }
    // Two identical results tie every board: 50% each, one rank.
    const standings = accepted(fx.service.challenges.standings(GUILD, 'current'));
    expect(standings.rows.map((r) => [r.name, r.rank, r.percent])).toEqual([
      ['M0', 1, 50],
      ['M1', 1, 50],
    ]);
    // A member who plays otherwise meets other results (and so other bot moves).
    const cat = enter(CAT);
    const c = play(cat, 'otherwise');
    expect(c.state.history).not.toEqual(a.state.history);
    const rows = accepted(fx.service.challenges.standings(GUILD, 'current')).rows;
    expect(rows).toHaveLength(3);
    for (const r of rows) expect(r.scores.every((s) => s.top === 4)).toBe(true);
  });

  it('is one entry a week: playing again points to the thread, after the last board says how it went', () => {
    const ann = enter(ANN);
    const again = accepted(fx.service.challenges.play(GUILD, CHANNEL, ANN));
    expect(again.kind).toBe('playing');
    expect(again.entry.threadId).toBe(ann.threadId);
    play(ann, 'once');
    const done = accepted(fx.service.challenges.play(GUILD, CHANNEL, ANN));
    expect(done.kind).toBe('done');
    if (done.kind !== 'done') return;
    expect(done.standing?.boards).toBe(8);
    // The table plays the week's boards once: no new match, no seat for anyone else.
    expect(refusal(fx.service.start(ann.tableId as string, ANN))).toEqual({
      code: 'challenge',
      reason: 'solo_table',
    });
  });

  it('refuses a substitute or a seat request at a challenge table', () => {
    const ann = enter(ANN);
    expect(refusal(fx.service.requestSeat(ann.tableId as string, BEN, 1))).toEqual({
      code: 'challenge',
      reason: 'solo_table',
    });
  });
});

describe('before the week closes', () => {
  it('hides its matches from history and its tables from everyone else’s list; its boards are refused', () => {
    const ann = enter(ANN);
    const played = play(ann, 'hidden', 2);
    const stats = new StatsService(fx.store);
    expect(fx.service.challenges.hidden(played.matchId)).toBe(true);
    expect(refusal(stats.matchDetail(GUILD, played.matchId))).toEqual({
      code: 'challenge',
      reason: 'not_closed',
    });
    expect(accepted(fx.service.listTables(GUILD, BEN.userId, false, 0)).total).toBe(0);
    expect(accepted(fx.service.listTables(GUILD, ANN.userId, false, 0)).total).toBe(1);
    expect(refusal(fx.service.challenges.boards(GUILD, 'current', 1))).toEqual({
      code: 'challenge',
      reason: 'not_closed',
    });
    // Sharing waits for the last board.
    expect(refusal(fx.service.challenges.share(GUILD, ANN.userId, 'current'))).toEqual({
      code: 'challenge',
      reason: 'still_playing',
    });
  });
});

describe('the close of the week', () => {
  it('ends a table still playing (its boards count), opens the boards, and happens once', () => {
    const ann = enter(ANN);
    const ben = enter(BEN);
    play(ann, 'closing');
    const partial = play(ben, 'closing', 3);
    expect(partial.state.status).toBe('playing');
    const week = fx.store.challenges.week(GUILD, ann.weekStart);
    if (!week) expect.fail('week');
    expect(fx.service.challenges.closeDue()).toEqual([]);
    fx.env.advance(week.endsAt - fx.env.now() + 1);
    const closed = fx.service.challenges.closeDue();
    expect(closed).toHaveLength(1);
    expect(closed[0]?.ended.map((e) => e.entry.userId)).toEqual([BEN.userId]);
    expect(fx.store.tables.get(ben.tableId as string)?.status).toBe('abandoned');
    expect(fx.store.challenges.entry(GUILD, ann.weekStart, BEN.userId)?.status).toBe('ended');
    expect(fx.service.challenges.closeDue()).toEqual([]);
    // Ben's three boards count; he ranks after Ann's eight.
    const standings = accepted(fx.service.challenges.standings(GUILD, 'previous'));
    expect(standings.info.closed).toBe(true);
    expect(standings.rows.map((r) => [r.name, r.boards])).toEqual([
      ['M0', 8],
      ['M1', 3],
    ]);
    // Nothing is hidden any more: the match, the boards with their deal.
    expect(fx.service.challenges.hidden(partial.matchId)).toBe(false);
    const board = accepted(fx.service.challenges.boards(GUILD, 'previous', 2));
    if (!('hands' in board)) expect.fail('a board');
    expect(board.hands.map((h) => h.length)).toEqual([14, 14, 14, 14]);
    expect(board.results.map((r) => r.name).sort()).toEqual(['M0', 'M1']);
    expect(accepted(fx.service.challenges.share(GUILD, BEN.userId, 'previous')).standing?.boards).toBe(3);
    // The new week has other boards.
    const next = enter(DAN);
    expect(next.weekStart).toBe(week.endsAt);
    expect(fx.store.challenges.week(GUILD, next.weekStart)?.seed).not.toBe(week.seed);
  });

  it('moves the turn from the next week: the week under way keeps its end', () => {
    const ann = enter(ANN);
    const week = fx.store.challenges.week(GUILD, ann.weekStart);
    if (!week) expect.fail('week');
    const set = accepted(fx.service.challenges.setTurn(GUILD, { weekday: 5, hour: 18 }));
    expect(set.from).toBe(week.endsAt);
    expect(fx.store.challenges.week(GUILD, ann.weekStart)?.endsAt).toBe(week.endsAt);
    expect(refusal(fx.service.challenges.setTurn(GUILD, { weekday: 9, hour: 0 }))).toEqual({
      code: 'challenge',
      reason: 'bad_turn',
    });
    fx.env.advance(week.endsAt - fx.env.now() + 1);
    fx.service.challenges.closeDue();
    const next = enter(BEN);
    const nextWeek = fx.store.challenges.week(GUILD, next.weekStart);
    expect(next.weekStart).toBe(week.endsAt);
    const end = new Date(nextWeek?.endsAt ?? 0);
    expect([end.getUTCDay(), end.getUTCHours()]).toEqual([5, 18]);
  });
});
