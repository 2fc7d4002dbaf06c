/**
 * Events through the table service (docs/playing.md, "Events and seasons"): creating and checking
 * in, a duplicate event whose tables hold the same boards seat for seat and are scored against each
 * other, a rotating event with sit-outs and new partners, a round the host closes early, nothing of a
 * board shown before every table played it, and a restart in the middle of a round.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/app/core.js';
import { pairsOf } from '../../src/app/eventSeating.js';
import type { EventProgress, EventRecord, EventTable } from '../../src/app/eventService.js';
import type { ActOutcome } from '../../src/app/outcomes.js';
import { StatsService } from '../../src/app/stats.js';
import { renderBoard, renderEventMessage } from '../../src/discord/renderEvent.js';
import type { Seat } from '../../src/engine/index.js';
import { swingToImps } from '../../src/events/index.js';
import { accepted, CHANNEL, createFixture, type Fixture, GUILD, refusal } from '../support/service.js';
import { continueMatch, livelyPolicy } from '../support/statsPlay.js';

const PEOPLE: readonly Actor[] = Array.from({ length: 12 }, (_, n) => ({
  userId: `4000000000000000${String(n).padStart(2, '0')}`,
  name: `P${n}`,
}));
const HOST = PEOPLE[0] as Actor;
const thread = (n: number) => `5000000000000000${String(n).padStart(2, '0')}`;

let fx: Fixture;
let threads = 0;
beforeEach(() => {
  fx = createFixture();
  threads = 0;
});
afterEach(() => fx.cleanup());

function create(
  format: 'rotating' | 'duplicate',
  more: { hands?: number; rounds?: number } = {},
): EventRecord {
  return accepted(
    fx.service.events.create({
      guildId: GUILD,
      channelId: CHANNEL,
      host: HOST,
      format,
      hands: 2,
      rounds: 2,
      ...more,
    }),
  );
}

function checkIn(event: EventRecord, people: readonly Actor[]): void {
  for (const p of people) accepted(fx.service.events.checkIn(event.id, p));
}

/** Opens every table the progress asks for, each in a new thread; returns what started. */
function openAll(progress: EventProgress): ActOutcome[] {
  return progress.toOpen.map((slot) => {
    const opened = accepted(
      fx.service.events.openTable(progress.event.id, slot.round, slot.number, thread(++threads)),
    );
    if (!opened) throw new Error('already open');
    return opened;
  });
}

/** Plays each started table to its end (every seat a person, a lively policy). */
function playAll(started: readonly ActOutcome[], salt: string): void {
  for (const s of started) continueMatch(fx, s.table, s.state, livelyPolicy(salt));
}

describe('creating and checking in', () => {
  it('opens with the defaults of a championship: no Grand Tichu, unrated, 2/1/0/3', () => {
    const event = accepted(
      fx.service.events.create({ guildId: GUILD, channelId: CHANNEL, host: HOST, format: 'rotating' }),
    );
    expect(event).toMatchObject({ status: 'checkin', hands: 4, rounds: 3, round: 0 });
    expect(event.options).toEqual({
      timer: '2m',
      grandTichu: false,
      vp: { win: 2, tie: 1, loss: 0, doubleVictory: 3 },
      rated: false,
    });
  });

  it.each([
    [{ hands: 0 }, 'bad_hands'],
    [{ hands: 33 }, 'bad_hands'],
    [{ rounds: 41 }, 'bad_rounds'],
    [{ timer: '7m' }, 'bad_timer'],
    [{ vp: { win: 1, tie: 2, loss: 0, doubleVictory: 3 } }, 'bad_scheme'],
  ])('refuses %o (%s) and writes nothing', (bad, reason) => {
    const input = { guildId: GUILD, channelId: CHANNEL, host: HOST, format: 'rotating' as const, ...bad };
    expect(refusal(fx.service.events.create(input))).toMatchObject({ code: 'event', reason });
    expect(fx.service.events.ofServer(GUILD)).toEqual([]);
  });

  it('one open event per channel', () => {
    create('rotating');
    expect(
      refusal(
        fx.service.events.create({ guildId: GUILD, channelId: CHANNEL, host: HOST, format: 'duplicate' }),
      ),
    ).toMatchObject({ reason: 'channel_has_event' });
  });

  it('checks in and out, as a pair for duplicate once both say so, and says why it refuses', () => {
    const event = create('duplicate');
    const [a, b, c] = PEOPLE.slice(1) as [Actor, Actor, Actor];
    // A asks B: A is in, B is not, and nobody is paired until B says so.
    expect(accepted(fx.service.events.checkIn(event.id, a, b)).pairing).toBe('asked');
    expect(refusal(fx.service.events.checkIn(event.id, a, b))).toMatchObject({ reason: 'partner_asked' });
    const asked = accepted(fx.service.events.roster(event.id));
    expect(asked.players.map((p) => [p.name, p.partnerId, p.checkedIn])).toEqual([['P1', b.userId, true]]);
    expect(pairsOf(asked.players).map((p) => p.players)).toContainEqual([a.userId, null]);
    expect(refusal(fx.service.events.checkIn(event.id, c, c))).toMatchObject({ reason: 'partner_self' });
    // Only B may accept, and only what A asks.
    expect(refusal(fx.service.events.acceptPartner(event.id, a, a.userId, b.userId))).toMatchObject({
      reason: 'own_request',
    });
    expect(refusal(fx.service.events.acceptPartner(event.id, c, a.userId, b.userId))).toMatchObject({
      reason: 'not_asked',
    });
    expect(refusal(fx.service.events.acceptPartner(event.id, c, b.userId, c.userId))).toMatchObject({
      reason: 'request_gone',
    });
    expect(accepted(fx.service.events.acceptPartner(event.id, b, a.userId, b.userId)).pairing).toBe('paired');
    expect(refusal(fx.service.events.checkIn(event.id, a, b))).toMatchObject({ reason: 'checked_in' });
    // C may not ask someone who is paired already.
    expect(refusal(fx.service.events.checkIn(event.id, c, a))).toMatchObject({
      reason: 'partner_checked_in',
    });
    const roster = accepted(fx.service.events.checkIn(event.id, c));
    expect(roster.players.map((p) => [p.name, p.partnerId])).toEqual([
      ['P1', b.userId],
      ['P2', a.userId],
      ['P3', null],
    ]);
    expect(pairsOf(roster.players).map((p) => p.players)).toContainEqual([a.userId, b.userId]);
    // A checks out: B is single again.
    const after = accepted(fx.service.events.checkOut(event.id, a));
    expect(after.players.find((p) => p.userId === b.userId)?.partnerId).toBeNull();
    expect(refusal(fx.service.events.checkOut(event.id, a))).toMatchObject({ reason: 'not_checked_in' });
    // A request whose asker left is gone.
    expect(refusal(fx.service.events.acceptPartner(event.id, b, a.userId, b.userId))).toMatchObject({
      reason: 'request_gone',
    });
  });

  it('a pair stands when each names the other; naming someone new leaves the old partner single', () => {
    const event = create('duplicate');
    const [a, b, c] = PEOPLE.slice(1) as [Actor, Actor, Actor];
    accepted(fx.service.events.checkIn(event.id, c));
    accepted(fx.service.events.checkIn(event.id, a, b));
    expect(accepted(fx.service.events.checkIn(event.id, b, a)).pairing).toBe('paired');
    // A asks C instead: B is single again, and A counts as single until C accepts.
    expect(accepted(fx.service.events.checkIn(event.id, a, c)).pairing).toBe('asked');
    const roster = accepted(fx.service.events.roster(event.id));
    expect(roster.players.find((p) => p.userId === b.userId)?.partnerId).toBeNull();
    expect(roster.players.filter((p) => p.checkedIn)).toHaveLength(3);
    expect(accepted(fx.service.events.acceptPartner(event.id, c, a.userId, c.userId)).pairing).toBe('paired');
    const paired = accepted(fx.service.events.roster(event.id));
    expect(paired.players.map((p) => [p.name, p.partnerId])).toEqual([
      ['P3', a.userId],
      ['P1', c.userId],
      ['P2', null],
    ]);
  });

  it('starts only for its host and with at least four people', () => {
    const event = create('rotating');
    checkIn(event, PEOPLE.slice(0, 3));
    expect(refusal(fx.service.events.start(event.id, PEOPLE[1] as Actor))).toMatchObject({
      reason: 'not_host',
    });
    expect(refusal(fx.service.events.start(event.id, HOST))).toMatchObject({ reason: 'too_few', count: 4 });
  });
});

describe('a duplicate event of eight on two tables', () => {
  it('deals the same boards seat for seat at both tables, scores them as a team match, and moves on', () => {
    const event = create('duplicate');
    checkIn(event, PEOPLE.slice(0, 8));
    const round1 = accepted(fx.service.events.start(event.id, HOST));
    expect(round1.event).toMatchObject({ status: 'running', round: 1 });
    expect(round1.toOpen).toHaveLength(2);
    // Pairs check in in order: P0+P1, P2+P3, P4+P5, P6+P7. Team A's pairs are 0 and 1.
    expect(round1.toOpen.map((t) => t.seats)).toEqual([
      [PEOPLE[0]?.userId, PEOPLE[4]?.userId, PEOPLE[1]?.userId, PEOPLE[5]?.userId],
      [PEOPLE[6]?.userId, PEOPLE[2]?.userId, PEOPLE[7]?.userId, PEOPLE[3]?.userId],
    ]);
    expect(refusal(fx.service.events.checkIn(event.id, PEOPLE[9] as Actor))).toMatchObject({
      reason: 'pairs_fixed',
    });
    const started = openAll(round1);
    const [one, two] = started as [ActOutcome, ActOutcome];
    // Before any board, the event message says who plays with whom.
    expect(renderEventMessage(accepted(fx.service.events.results(event.id)), 'en').content).toContain(
      'Team A: P0 & P1, P2 & P3 · Team B: P4 & P5, P6 & P7. A team’s two pairs play the same boards',
    );
    // Grand Tichu is off: fourteen cards and the exchange at once; the same cards seat for seat.
    expect(one.state.hand.phase).toBe('exchange');
    expect(one.state.hand.hands).toEqual(two.state.hand.hands);
    expect(one.table.channelId).toBe(thread(1));
    expect(one.table.settings).toMatchObject({ grandTichu: false, handLimit: 2 });

    // Nothing of a board is shown before both tables played it.
    continueMatch(fx, one.table, one.state, livelyPolicy('t1'), (s) => s.history.length === 1);
    expect(fx.service.events.deal(event.id, 1, 1)).toBeNull();
    expect(accepted(fx.service.events.results(event.id)).boards).toEqual([]);
    expect(accepted(fx.service.events.settle(event.id)).boardsReady).toEqual([]);

    continueMatch(fx, two.table, two.state, livelyPolicy('t2'), (s) => s.history.length === 1);
    const settled = accepted(fx.service.events.settle(event.id));
    expect(settled.boardsReady).toEqual([{ round: 1, board: 1 }]);
    const deal = fx.service.events.deal(event.id, 1, 1);
    expect(deal?.map((d) => d.hands)).toEqual([one.state.hand.hands, one.state.hand.hands]);
    expect(fx.service.events.markPosted(event.id, 1, 1)).toBe(true);
    expect(fx.service.events.markPosted(event.id, 1, 1)).toBe(false);
    expect(accepted(fx.service.events.settle(event.id)).boardsReady).toEqual([]);

    // Both finish: round 2 seats team B's pairs the other way round.
    for (const s of started) {
      const now = fx.service.tableView(s.table.id);
      const view = accepted(now);
      continueMatch(
        fx,
        view.table,
        fx.store.matches.load(view.table.matchId as number)?.state as never,
        livelyPolicy('end'),
      );
    }
    const round2 = accepted(fx.service.events.settle(event.id));
    expect(round2.roundEnded).toBe(1);
    expect(round2.event.round).toBe(2);
    expect(round2.toOpen.map((t) => [t.nsPair, t.ewPair])).toEqual([
      [0, 3],
      [2, 1],
    ]);
    const results = accepted(fx.service.events.results(event.id));
    expect(results.boards.map((b) => [b.round, b.board])).toEqual([
      [1, 1],
      [1, 2],
    ]);
    expect(results.standings.kind).toBe('team');
    if (results.standings.kind !== 'team') return;
    // Each board's swing is N-S's net at table 1 minus N-S's net at table 2 (team A: pair 0 N-S at
    // table 1, pair 1 E-W at table 2), and team A's IMPs add up the scale's reading of them.
    let teamA = 0;
    for (const b of results.boards) {
      const [t1, t2] = b.tables.map(
        (at) => (at.total as readonly [number, number])[0] - (at.total as readonly [number, number])[1],
      );
      expect(b.team?.swing).toBe((t1 as number) - (t2 as number));
      teamA += swingToImps((t1 as number) - (t2 as number));
    }
    expect(results.standings.rows.find((r) => r.id === 'A')?.imps).toBe(teamA);
    // A board's message names the team its IMPs go to with its pairs: it is read on its own.
    const texts = results.boards.map((b) => renderBoard(b, results, 'en'));
    expect(texts.some((text) => /IMPs? to Team/.test(text))).toBe(true);
    for (const text of texts)
      expect(text).toMatch(/No swing|IMPs? to Team (?:A \(P0 & P1, P2 & P3\)|B \(P6 & P7, P4 & P5\))\./);
    expect(results.standings.rows.find((r) => r.id === 'A')?.pairs).toEqual([
      results.pairs[0]?.key,
      results.pairs[1]?.key,
    ]);

    playAll(openAll(round2), 'r2');
    const done = accepted(fx.service.events.settle(event.id));
    expect(done.event.status).toBe('finished');
    expect(done.toOpen).toEqual([]);
    expect(accepted(fx.service.events.results(event.id)).boards).toHaveLength(4);
  });

  it('two pairs of people and two of bots: the people are opponents, at both tables, every round', () => {
    const event = create('duplicate', { rounds: 2, hands: 1 });
    checkIn(event, PEOPLE.slice(0, 4));
    const [p0, p1, p2, p3] = PEOPLE.map((p) => p.userId) as [string, string, string, string];
    // Before the start, the message says who will play for whom, and what is compared.
    expect(renderEventMessage(accepted(fx.service.events.results(event.id)), 'en').content).toContain(
      'Team A: P0 & P1, Bot & Bot · Team B: Bot & Bot, P2 & P3. A team’s two pairs play the same boards at the two tables, in opposite directions.\nP0 & P1 and P2 & P3 play the same boards in the same seats, each against bots, and are compared board by board.',
    );
    const round1 = accepted(fx.service.events.start(event.id, HOST));
    // Pair P0 & P1 on team A, P2 & P3 on team B: each N-S at its table against bots, on the same boards.
    const seating = [
      [p0, null, p1, null],
      [p2, null, p3, null],
    ];
    expect(round1.toOpen.map((t) => t.seats)).toEqual(seating);
    expect(renderEventMessage(accepted(fx.service.events.results(event.id)), 'en').content).toContain(
      'Team A: P0 & P1, Bot & Bot · Team B: Bot & Bot, P2 & P3.',
    );
    playAll(openAll(round1), 'people');
    const round2 = accepted(fx.service.events.settle(event.id));
    expect(round2.event.round).toBe(2);
    // Not four bots at one table and the people at the other: the first round's seating again.
    expect(round2.toOpen.map((t) => t.seats)).toEqual(seating);
    // Whatever the check-in list says later, the pairs are as the tables seated them.
    for (const [userId, partnerId] of [
      [p0, p2],
      [p2, p0],
    ] as const) {
      const player = fx.store.events.players(event.id).find((p) => p.userId === userId);
      if (player) fx.store.events.savePlayer(event.id, { ...player, partnerId });
    }
    const results = accepted(fx.service.events.results(event.id));
    expect(results.pairs.map((p) => p.players)).toEqual([
      [p0, p1],
      [null, null],
      [null, null],
      [p2, p3],
    ]);
    if (results.standings.kind !== 'team') expect.fail('two tables are a team match');
    const { rows } = results.standings;
    const team = (id: string) => rows.find((r) => r.id === id)?.pairs;
    // "1 IMP", "-3 IMPs": the standings say it as people do.
    const text = renderEventMessage(results, 'en').content;
    for (const r of rows)
      expect(text).toMatch(
        new RegExp(`: [+-]?${Math.abs(r.imps)} IMP${Math.abs(r.imps) === 1 ? '' : 's'}\\b`),
      );
    expect(team('A')).toEqual([results.pairs[0]?.key, results.pairs[1]?.key]);
    expect(team('B')).toEqual([results.pairs[3]?.key, results.pairs[2]?.key]);
  });

  it('fills up with bot pairs to two whole tables, and marks them', () => {
    const event = create('duplicate', { rounds: 1, hands: 1 });
    checkIn(event, PEOPLE.slice(0, 5));
    const progress = accepted(fx.service.events.start(event.id, HOST));
    expect(progress.toOpen).toHaveLength(2);
    const seats = progress.toOpen.flatMap((t) => t.seats);
    expect(seats.filter((s) => s === null)).toHaveLength(3);
    playAll(openAll(progress), 'bots');
    expect(accepted(fx.service.events.settle(event.id)).event.status).toBe('finished');
    const results = accepted(fx.service.events.results(event.id));
    expect(results.event.status).toBe('finished');
    if (results.standings.kind !== 'team') expect.fail('two tables are a team match');
    expect(results.standings.rows.some((r) => r.marks.withBot > 0)).toBe(true);
  });
});

describe('a rotating event of ten over three rounds', () => {
  it('seats eight, two sit out in turn, partners are new each round, and everyone is ranked', () => {
    const event = create('rotating', { hands: 1, rounds: 3 });
    checkIn(event, PEOPLE.slice(0, 10));
    expect(renderEventMessage(accepted(fx.service.events.results(event.id)), 'en').content).toContain(
      'Tables take four: 2 people sit out each round, in turn (scoring the round’s average).',
    );
    // Partners change every round here: naming one is refused, and says how to check in.
    expect(refusal(fx.service.events.checkIn(event.id, PEOPLE[11] as Actor, HOST))).toMatchObject({
      reason: 'partners_duplicate',
    });
    let progress = accepted(fx.service.events.start(event.id, HOST));
    const partners = new Set<string>();
    for (let round = 1; round <= 3; round++) {
      expect(progress.event.round).toBe(round);
      expect(progress.toOpen).toHaveLength(2);
      for (const t of progress.toOpen)
        for (const [a, b] of [
          [t.seats[0], t.seats[2]],
          [t.seats[1], t.seats[3]],
        ]) {
          const key = [a, b].sort().join('+');
          expect(partners.has(key), `partners ${key} again in round ${round}`).toBe(false);
          partners.add(key);
        }
      // The round under way is not scored yet: its sit-outs are not counted before it ends.
      const during = accepted(fx.service.events.results(event.id));
      if (during.standings.kind !== 'rotating') expect.fail('rotating');
      const satOut = during.standings.rows.reduce((n, r) => n + r.marks.satOut, 0);
      expect(satOut, `round ${round}`).toBe(2 * (round - 1));
      playAll(openAll(progress), `r${round}`);
      progress = accepted(fx.service.events.settle(event.id));
    }
    expect(progress.event.status).toBe('finished');
    const sitOuts = fx.store.events.sitOuts(event.id);
    expect(sitOuts).toHaveLength(6);
    const counts = PEOPLE.slice(0, 10).map((p) => sitOuts.filter((s) => s.userId === p.userId).length);
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
    const results = accepted(fx.service.events.results(event.id));
    if (results.standings.kind !== 'rotating') expect.fail('rotating standings');
    expect(results.standings.rows).toHaveLength(10);
    const satOut = results.standings.rows.filter((r) => r.marks.satOut > 0);
    expect(satOut).toHaveLength(new Set(sitOuts.map((s) => s.userId)).size);
  });

  it('takes a late arrival from the next round on', () => {
    const event = create('rotating', { hands: 1, rounds: 2 });
    checkIn(event, PEOPLE.slice(0, 4));
    const progress = accepted(fx.service.events.start(event.id, HOST));
    accepted(fx.service.events.checkIn(event.id, PEOPLE[4] as Actor));
    playAll(openAll(progress), 'late');
    const next = accepted(fx.service.events.settle(event.id));
    expect(next.event.round).toBe(2);
    // Five people: one sits out, and it is the one who has not sat out (nobody has): any, fairly.
    expect(fx.store.events.sitOuts(event.id).filter((s) => s.round === 2)).toHaveLength(1);
  });
});

describe('the host closes a round early', () => {
  it('ends unfinished tables; their missing boards score the average, marked', () => {
    const event = create('duplicate', { rounds: 1, hands: 2 });
    checkIn(event, PEOPLE.slice(0, 8));
    const progress = accepted(fx.service.events.start(event.id, HOST));
    const [one, two] = openAll(progress) as [ActOutcome, ActOutcome];
    continueMatch(fx, one.table, one.state, livelyPolicy('done'));
    continueMatch(fx, two.table, two.state, livelyPolicy('half'), (s) => s.history.length === 1);
    expect(refusal(fx.service.events.closeRound(event.id, PEOPLE[1] as Actor))).toMatchObject({
      reason: 'not_host',
    });
    const closed = accepted(fx.service.events.closeRound(event.id, HOST));
    expect(closed.roundEnded).toBe(1);
    expect(closed.event.status).toBe('finished');
    expect(closed.boardsReady).toEqual([
      { round: 1, board: 1 },
      { round: 1, board: 2 },
    ]);
    expect(
      fx.service.tableView(two.table.id).ok ? accepted(fx.service.tableView(two.table.id)).table.status : '',
    ).toBe('abandoned');
    const results = accepted(fx.service.events.results(event.id));
    const board2 = results.boards.find((b) => b.board === 2);
    expect(board2?.tables.map((t) => t.total === null)).toEqual([false, true]);
    if (results.standings.kind !== 'team') expect.fail('team match');
    expect(results.standings.rows.every((r) => r.marks.averaged === 1)).toBe(true);
  });
});

describe('a restart in the middle of a round', () => {
  it('loses nothing: the tables to open, the boards played, the round', () => {
    const event = create('duplicate', { rounds: 2, hands: 1 });
    checkIn(event, PEOPLE.slice(0, 8));
    const progress = accepted(fx.service.events.start(event.id, HOST));
    const first = progress.toOpen[0];
    if (!first) expect.fail('a table to open');
    const opened = accepted(fx.service.events.openTable(event.id, 1, first.number, thread(1))) as ActOutcome;
    continueMatch(fx, opened.table, opened.state, livelyPolicy('before'));
    fx.restart();
    // The second table was never opened: it still is to be; the first's board waits for it.
    const after = accepted(fx.service.events.settle(event.id));
    expect(after.event.round).toBe(1);
    expect(after.toOpen.map((t) => t.number)).toEqual([1]);
    expect(after.boardsReady).toEqual([]);
    // Opening the first again does nothing.
    expect(accepted(fx.service.events.openTable(event.id, 1, first.number, thread(9)))).toBeNull();
    playAll(openAll(after), 'after');
    const next = accepted(fx.service.events.settle(event.id));
    expect(next.event.round).toBe(2);
    expect(next.boardsReady).toEqual([{ round: 1, board: 1 }]);
  });
});

it('an event table is known as one; the seat of a person is found', () => {
  const event = create('rotating', { hands: 1, rounds: 1 });
  checkIn(event, PEOPLE.slice(0, 4));
  const progress = accepted(fx.service.events.start(event.id, HOST));
  const [started] = openAll(progress) as [ActOutcome];
  expect(fx.service.events.ofTable(started.table.id)).toMatchObject({
    eventId: event.id,
    round: 1,
    number: 0,
  });
  const seat = started.table.seats.findIndex((o) => o?.kind === 'user' && o.userId === HOST.userId) as Seat;
  expect(seat).toBeGreaterThanOrEqual(0);
});

describe('placings, ratings and seasons', () => {
  it('writes each person’s placing when the event ends: entries below plus one, ties shared', () => {
    const event = create('rotating', { hands: 1, rounds: 1 });
    checkIn(event, PEOPLE.slice(0, 8));
    playAll(openAll(accepted(fx.service.events.start(event.id, HOST))), 'placings');
    accepted(fx.service.events.settle(event.id));
    const results = accepted(fx.service.events.results(event.id));
    if (results.standings.kind !== 'rotating') expect.fail('rotating');
    const rows = fx.store.db
      .prepare('SELECT user_id AS userId, rank, field, points FROM club_event_placings WHERE event_id = ?')
      .all(event.id) as Array<{ userId: string; rank: number; field: number; points: number }>;
    expect(rows).toHaveLength(8);
    for (const row of results.standings.rows) {
      const placing = rows.find((r) => r.userId === row.id);
      expect(placing).toEqual({ userId: row.id, rank: row.rank, field: 8, points: 8 - row.rank + 1 });
    }
  });

  it('leaves ratings alone unless the host made the event rated', () => {
    for (const rated of [false, true]) {
      const channelId = rated ? '200000000000000009' : CHANNEL;
      const event = accepted(
        fx.service.events.create({
          guildId: GUILD,
          channelId,
          host: HOST,
          format: 'rotating',
          hands: 3,
          rounds: 1,
          rated,
        }),
      );
      const four = rated ? PEOPLE.slice(4, 8) : PEOPLE.slice(0, 4);
      checkIn(event, four);
      // The host need not play: the second event's host only directs it.
      const progress = accepted(fx.service.events.start(event.id, HOST));
      playAll(openAll(progress), `rated-${rated}`);
      const ratings = four.map((p) => fx.store.stats.rating(GUILD, p.userId));
      expect(ratings.every((r) => (rated ? r !== null : r === null))).toBe(true);
    }
  });

  it('counts in the season running when it opened', () => {
    fx.store.db
      .prepare(
        "INSERT INTO seasons (guild_id, id, name, started_at, ended_at) VALUES (?, 1, 'Spring', 0, NULL)",
      )
      .run(GUILD);
    const event = create('rotating');
    expect(event.seasonId).toBe(1);
  });
});

describe('the host calls it off', () => {
  it('before it started: the message says it was cancelled, with no standings to show', () => {
    const event = create('rotating', { hands: 2, rounds: 2 });
    checkIn(event, PEOPLE.slice(0, 4));
    accepted(fx.service.events.cancel(event.id, HOST));
    const text = renderEventMessage(accepted(fx.service.events.results(event.id)), 'en').content;
    expect(text).toContain('The host cancelled this event.');
    expect(text).not.toContain('Final standings');
    expect(text).not.toContain('No board has been played');
  });

  it('ends the tables still playing and the event, with no placings; only the host may', () => {
    const event = create('rotating', { hands: 2, rounds: 2 });
    checkIn(event, PEOPLE.slice(0, 4));
    const [started] = openAll(accepted(fx.service.events.start(event.id, HOST))) as [ActOutcome];
    expect(refusal(fx.service.events.cancel(event.id, PEOPLE[1] as Actor))).toMatchObject({
      reason: 'not_host',
    });
    const cancelled = accepted(fx.service.events.cancel(event.id, HOST));
    expect(cancelled.event.status).toBe('cancelled');
    expect(cancelled.toOpen).toEqual([]);
    expect(accepted(fx.service.tableView(started.table.id)).table.status).toBe('abandoned');
    expect(fx.store.db.prepare('SELECT count(*) AS n FROM club_event_placings').get()).toEqual({ n: 0 });
    expect(refusal(fx.service.events.checkIn(event.id, PEOPLE[5] as Actor))).toMatchObject({
      reason: 'not_checking_in',
    });
    // The channel is free for a new event.
    accepted(
      fx.service.events.create({ guildId: GUILD, channelId: CHANNEL, host: HOST, format: 'duplicate' }),
    );
  });
});

it('lists a duplicate table only to its own players (its score would tell how a board went)', () => {
  const event = create('duplicate', { hands: 2, rounds: 1 });
  checkIn(event, PEOPLE.slice(0, 8));
  const [one] = openAll(accepted(fx.service.events.start(event.id, HOST))) as [ActOutcome];
  const seated = one.table.seats.find((o) => o?.kind === 'user') as { userId: string };
  const listed = (viewer: string) =>
    accepted(fx.service.listTables(GUILD, viewer, false, 0)).rows.map((r) => r.table.id);
  expect(listed(seated.userId)).toContain(one.table.id);
  const other = PEOPLE.slice(0, 8).find(
    (p) => !one.table.seats.some((o) => o?.kind === 'user' && o.userId === p.userId),
  );
  expect(listed((other as Actor).userId)).not.toContain(one.table.id);
  expect(accepted(fx.service.listTables(GUILD, (other as Actor).userId, false, 0)).total).toBe(1);
  expect(listed(PEOPLE[10]?.userId as string)).toEqual([]);
});

it('keeps a duplicate match out of /history until every table of its round has played', () => {
  const stats = new StatsService(fx.store);
  const event = create('duplicate', { hands: 1, rounds: 1 });
  checkIn(event, PEOPLE.slice(0, 8));
  const [one, two] = openAll(accepted(fx.service.events.start(event.id, HOST))) as [ActOutcome, ActOutcome];
  const done = continueMatch(fx, one.table, one.state, livelyPolicy('first'));
  const player = one.table.seats.find((o) => o?.kind === 'user') as { userId: string };
  expect(refusal(stats.matchDetail(GUILD, done.matchId))).toMatchObject({
    code: 'event',
    reason: 'board_hidden',
  });
  expect(refusal(stats.handLog(GUILD, done.matchId, 1))).toMatchObject({ reason: 'board_hidden' });
  expect(refusal(stats.exportMatch(GUILD, done.matchId))).toMatchObject({ reason: 'board_hidden' });
  expect(accepted(stats.recentMatches(GUILD, { userId: player.userId }))).toEqual([]);
  continueMatch(fx, two.table, two.state, livelyPolicy('second'));
  accepted(fx.service.events.settle(event.id));
  expect(accepted(stats.matchDetail(GUILD, done.matchId)).hands).toHaveLength(1);
  expect(accepted(stats.recentMatches(GUILD, { userId: player.userId })).map((m) => m.id)).toEqual([
    done.matchId,
  ]);
});

describe('what the review found', () => {
  it('a table of a round the host closed is not opened in a later round’s place', () => {
    const event = create('duplicate', { hands: 1, rounds: 2 });
    checkIn(event, PEOPLE.slice(0, 8));
    const progress = accepted(fx.service.events.start(event.id, HOST));
    const [first, second] = progress.toOpen as [EventTable, EventTable];
    expect(fx.service.events.setThread(event.id, 1, first.number, thread(1))).toBe(true);
    const opened = accepted(fx.service.events.openTable(event.id, 1, first.number, thread(1))) as ActOutcome;
    continueMatch(fx, opened.table, opened.state, livelyPolicy('one'));
    // The host closes round 1 while table 2's thread is still being made.
    const closed = accepted(fx.service.events.closeRound(event.id, HOST));
    expect(closed.event.round).toBe(2);
    expect(fx.service.events.setThread(event.id, 1, second.number, thread(2))).toBe(false);
    expect(refusal(fx.service.events.openTable(event.id, 1, second.number, thread(2)))).toMatchObject({
      reason: 'table_gone',
    });
    // Round 2's table 2 is still pending, for its own players.
    expect(closed.toOpen.map((t) => [t.round, t.number, t.tableId])).toEqual([
      [2, 0, null],
      [2, 1, null],
    ]);
  });

  it('a thread made before is used again on a retry', () => {
    const event = create('rotating', { hands: 1, rounds: 1 });
    checkIn(event, PEOPLE.slice(0, 4));
    const [slot] = accepted(fx.service.events.start(event.id, HOST)).toOpen as [EventTable];
    expect(fx.service.events.setThread(event.id, 1, slot.number, thread(7))).toBe(true);
    const again = accepted(fx.service.events.settle(event.id)).toOpen;
    expect(again.map((t) => t.threadId)).toEqual([thread(7)]);
  });

  it('a rotating event left with fewer than four people ends instead of stalling', () => {
    const event = create('rotating', { hands: 1, rounds: 3 });
    checkIn(event, PEOPLE.slice(0, 5));
    const progress = accepted(fx.service.events.start(event.id, HOST));
    accepted(fx.service.events.checkOut(event.id, PEOPLE[1] as Actor));
    accepted(fx.service.events.checkOut(event.id, PEOPLE[2] as Actor));
    playAll(openAll(progress), 'few');
    const after = accepted(fx.service.events.settle(event.id));
    expect(after.event.status).toBe('finished');
    expect(after.roundEnded).toBe(1);
  });

  it('refuses a new match at an event’s table: it plays the boards its event dealt, once', () => {
    const event = create('rotating', { hands: 1, rounds: 1 });
    checkIn(event, PEOPLE.slice(0, 4));
    const [started] = openAll(accepted(fx.service.events.start(event.id, HOST))) as [ActOutcome];
    continueMatch(fx, started.table, started.state, livelyPolicy('once'));
    expect(refusal(fx.service.start(started.table.id, HOST))).toMatchObject({
      code: 'event',
      reason: 'event_table',
    });
  });

  it('a duplicate player’s statistics move only when the round is over; their table still reads its own hands', () => {
    const stats = new StatsService(fx.store);
    const event = create('duplicate', { hands: 1, rounds: 1 });
    checkIn(event, PEOPLE.slice(0, 8));
    const [one, two] = openAll(accepted(fx.service.events.start(event.id, HOST))) as [ActOutcome, ActOutcome];
    const done = continueMatch(fx, one.table, one.state, livelyPolicy('stats'));
    const player = one.table.seats.find((o) => o?.kind === 'user') as { userId: string };
    expect(fx.store.stats.totals(GUILD, player.userId)).toBeNull();
    // The table's own summaries (posted in its thread) read the hand.
    expect(accepted(stats.handLog(GUILD, done.matchId, 1, true)).entries.length).toBeGreaterThan(0);
    continueMatch(fx, two.table, two.state, livelyPolicy('stats2'));
    accepted(fx.service.events.settle(event.id));
    expect(fx.store.stats.totals(GUILD, player.userId)?.hands).toBe(1);
  });
});

describe('what the second review found', () => {
  /** A duplicate event of eight, one round of one board, both tables open. */
  function duplicateRound() {
    const event = create('duplicate', { hands: 1, rounds: 1 });
    checkIn(event, PEOPLE.slice(0, 8));
    const [one, two] = openAll(accepted(fx.service.events.start(event.id, HOST))) as [ActOutcome, ActOutcome];
    const person = (o: ActOutcome) => o.table.seats.find((s) => s?.kind === 'user') as { userId: string };
    return { event, one, two, person };
  }

  it('a table played out before the host closes the round keeps its boards and its results', () => {
    const { event, one, person } = duplicateRound();
    continueMatch(fx, one.table, one.state, livelyPolicy('before-close'));
    // No settle between: the host's close comes first.
    const closed = accepted(fx.service.events.closeRound(event.id, HOST));
    expect(closed.event.status).toBe('finished');
    const results = accepted(fx.service.events.results(event.id));
    expect(results.boards[0]?.tables.map((t) => t.total === null)).toEqual([false, true]);
    expect(fx.store.stats.totals(GUILD, person(one).userId)?.hands).toBe(1);
  });

  it('/table end on a table whose match is over does not void its boards', () => {
    const { event, one, two, person } = duplicateRound();
    continueMatch(fx, one.table, one.state, livelyPolicy('ended'));
    accepted(fx.service.abandon(one.table.id, HOST));
    continueMatch(fx, two.table, two.state, livelyPolicy('other'));
    accepted(fx.service.events.settle(event.id));
    const results = accepted(fx.service.events.results(event.id));
    expect(results.boards[0]?.tables.every((t) => t.total !== null)).toBe(true);
    expect(fx.store.stats.totals(GUILD, person(one).userId)?.hands).toBe(1);
  });

  it('a cancelled duplicate round still counts the matches played out', () => {
    const { event, one, two, person } = duplicateRound();
    continueMatch(fx, one.table, one.state, livelyPolicy('counted'));
    accepted(fx.service.events.settle(event.id));
    accepted(fx.service.events.cancel(event.id, HOST));
    expect(fx.store.stats.totals(GUILD, person(one).userId)?.hands).toBe(1);
    expect(fx.store.stats.totals(GUILD, person(two).userId)).toBeNull();
  });

  it('nobody takes a seat at a second table of the same round', () => {
    const { one, two, person } = duplicateRound();
    const seat = one.table.seats.findIndex((o) => o?.kind === 'user');
    accepted(fx.service.goAway(one.table.id, one.table.seats[seat] as unknown as Actor));
    const other = { ...person(two), name: 'Other', isBot: false };
    return fx.service.replaceSeat(one.table.id, HOST, seat, other).then((r) => {
      expect(refusal(r)).toMatchObject({ code: 'event', reason: 'seated_elsewhere' });
      expect(refusal(fx.service.requestSeat(one.table.id, other, seat))).toMatchObject({
        reason: 'seated_elsewhere',
      });
    });
  });
});
