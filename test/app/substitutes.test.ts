/**
 * Substitutes in the table service: someone not seated asks for an away or bot seat (`requestSeat`),
 * the host approves with one click (or, the host away, every other person present), and the
 * newcomer holds the seat from its next decision on; the host can hand a seat directly
 * (`replaceSeat`). Every bad request is refused and changes nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/app/core.js';
import type { Candidate } from '../../src/app/substitutes.js';
import { makeSettings, newMatch, type Seat } from '../../src/engine/index.js';
import type { TableRecord } from '../../src/store/records.js';
import { HeldDecider } from '../support/heldDecider.js';
import {
  ALICE,
  accepted,
  BOB,
  CAROL,
  committedState,
  createFixture,
  driveHumans,
  type Fixture,
  HOST,
  openLobby,
  owingSeat,
  plainPolicy,
  refusal,
  STRANGER,
  startFourHumans,
  USERS,
} from '../support/service.js';

const OTHER = USERS[5] as Actor;
const person = (a: Actor): Candidate => ({ ...a, isBot: false });

let fx: Fixture;
beforeEach(() => {
  fx = createFixture();
});
afterEach(async () => {
  await fx.service.stopBots();
  fx.cleanup();
});

const tableOf = (id: string): TableRecord => accepted(fx.service.tableView(id)).table;
const stateOf = (id: string) => committedState(fx.store, tableOf(id));
const requestsOf = (id: string) => fx.store.seats.requests(id);
const holdersOf = (id: string) => fx.store.seats.holders(tableOf(id).matchId as number);

/** Four people at play, Bob (seat 2) away: his seat is open. */
function bobAway(): string {
  const id = startFourHumans(fx).table.id;
  driveHumans(fx, id, (s) => s.hand.phase === 'play');
  accepted(fx.service.goAway(id, BOB));
  return id;
}

/** Everything a refusal must leave as it was: the table, the match, the requests, the holders. */
function snapshot(id: string) {
  return {
    table: tableOf(id),
    version: stateOf(id).version,
    requests: requestsOf(id),
    holders: holdersOf(id),
  };
}

describe('asking and the host’s one click', () => {
  it('the newcomer holds an away seat from its next decision on; the one who was away has left it', async () => {
    const id = bobAway();
    const asked = accepted(fx.service.requestSeat(id, STRANGER, 2));
    expect(asked.approvers).toEqual([HOST.userId]);
    expect(asked.request).toMatchObject({
      seat: 2,
      userId: STRANGER.userId,
      name: STRANGER.name,
      approvals: [],
    });
    // Asking changes no seat.
    expect(tableOf(id).seats[2]).toMatchObject({ userId: BOB.userId, away: true });
    const before = stateOf(id).version;
    const answer = accepted(await fx.service.approveSeat(id, HOST, 2, asked.request.nonce));
    if (!answer.done) return expect.fail('the host’s approval alone hands the seat over');
    expect(answer.outcome.table.seats[2]).toEqual({
      kind: 'user',
      userId: STRANGER.userId,
      name: STRANGER.name,
    });
    expect(answer.outcome.state.version).toBe(before);
    expect(requestsOf(id)).toEqual([]);
    expect(holdersOf(id).filter((h) => h.seat === 2)).toEqual([
      { seat: 2, since: 0, userId: BOB.userId, name: BOB.name, level: null },
      { seat: 2, since: before, userId: STRANGER.userId, name: STRANGER.name, level: null },
    ]);
    // Bob is no longer at the table; the newcomer's panel is seat 2's, with its clock when it owes.
    expect(refusal(fx.service.playerView(id, BOB.userId)).code).toBe('not_seated');
    expect(refusal(fx.service.comeBack(id, BOB)).code).toBe('not_seated');
    const people = (seat: Seat) => (seat === 2 ? STRANGER : (USERS[seat] as Actor));
    let now = stateOf(id);
    for (let i = 0; i < 60 && owingSeat(now) !== 2; i++) {
      const seat = owingSeat(now) as Seat;
      now = accepted(fx.service.act(id, people(seat), plainPolicy(now, seat), now.version)).state;
    }
    expect(owingSeat(now)).toBe(2);
    const mine = accepted(fx.service.playerView(id, STRANGER.userId));
    expect(mine.seat).toBe(2);
    expect(mine.deadline).toBe(tableOf(id).deadline?.at);
    accepted(fx.service.act(id, STRANGER, plainPolicy(now, 2), now.version));
    const log = fx.store.matches.actions(tableOf(id).matchId as number).filter((e) => e.seat === 2);
    expect(log.filter((e) => e.version <= before).every((e) => e.userId === BOB.userId)).toBe(true);
    expect(log.filter((e) => e.version > before)).toEqual([
      expect.objectContaining({ userId: STRANGER.userId, forced: null }),
    ]);
  });

  it('a bot seat becomes the newcomer’s: it waits for them from then on, on the clock', async () => {
    const table = openLobby(fx, [HOST, ALICE, 'bot', 'bot']);
    const id = accepted(fx.service.start(table.id, HOST)).table.id;
    const asked = accepted(fx.service.requestSeat(id, STRANGER, 3));
    accepted(await fx.service.approveSeat(id, HOST, 3, asked.request.nonce));
    expect(tableOf(id).seats[3]).toEqual({ kind: 'user', userId: STRANGER.userId, name: STRANGER.name });
    expect(
      holdersOf(id)
        .filter((h) => h.seat === 3)
        .map((h) => [h.userId, h.level]),
    ).toEqual([
      [null, 'normal'],
      [STRANGER.userId, null],
    ]);
    // The Grand Tichu decisions: seat 3 decided as a bot already; in the exchange it owes as a person.
    accepted(fx.service.act(id, HOST, { type: 'grandTichu', call: false }));
    accepted(fx.service.act(id, ALICE, { type: 'grandTichu', call: false }));
    const now = stateOf(id);
    expect(now.hand.phase).toBe('exchange');
    expect(owingSeat({ ...now, hand: { ...now.hand } })).not.toBeNull();
    expect(now.hand.exchange[3]).toBeNull();
    expect(accepted(fx.service.playerView(id, STRANGER.userId)).deadline).toBe(tableOf(id).deadline?.at);
  });

  it('a request survives a restart and is approved after it', async () => {
    const id = bobAway();
    const asked = accepted(fx.service.requestSeat(id, STRANGER, 2));
    fx.restart();
    expect(requestsOf(id)).toEqual([asked.request]);
    const answer = accepted(await fx.service.approveSeat(id, HOST, 2, asked.request.nonce));
    expect(answer.done).toBe(true);
    expect(tableOf(id).seats[2]).toMatchObject({ userId: STRANGER.userId });
  });
});

describe('without the host present', () => {
  it('every other person present must approve, each with one click; the host can still decide alone', async () => {
    const id = bobAway();
    accepted(fx.service.goAway(id, HOST));
    const asked = accepted(fx.service.requestSeat(id, STRANGER, 2));
    expect([...asked.approvers].sort()).toEqual([ALICE.userId, CAROL.userId].sort());
    const nonce = asked.request.nonce;
    const first = accepted(await fx.service.approveSeat(id, ALICE, 2, nonce));
    expect(first).toMatchObject({ done: false, waitingFor: [CAROL.userId] });
    expect(tableOf(id).seats[2]).toMatchObject({ userId: BOB.userId });
    expect(refusal(await fx.service.approveSeat(id, ALICE, 2, nonce)).code).toBe('already_approved');
    // Bob is away (not present), and the one asking is not at the table: neither approves.
    expect(refusal(await fx.service.approveSeat(id, BOB, 2, nonce)).code).toBe('not_approver');
    expect(refusal(await fx.service.approveSeat(id, STRANGER, 2, nonce)).code).toBe('not_approver');
    const last = accepted(await fx.service.approveSeat(id, CAROL, 2, nonce));
    expect(last.done).toBe(true);
    expect(tableOf(id).seats[2]).toMatchObject({ userId: STRANGER.userId });

    // The host, away, decides alone all the same.
    accepted(fx.service.goAway(id, ALICE));
    const again = accepted(fx.service.requestSeat(id, OTHER, 1));
    expect(again.approvers).toEqual([STRANGER.userId, CAROL.userId]);
    expect(accepted(await fx.service.approveSeat(id, HOST, 1, again.request.nonce)).done).toBe(true);
    expect(tableOf(id).seats[1]).toMatchObject({ userId: OTHER.userId });
  });

  it('an approval already counted completes the request once those still awaited are no longer present', async () => {
    const id = bobAway();
    accepted(fx.service.goAway(id, HOST));
    const asked = accepted(fx.service.requestSeat(id, STRANGER, 2));
    expect(accepted(await fx.service.approveSeat(id, ALICE, 2, asked.request.nonce)).done).toBe(false);
    // Carol steps away before approving: Alice alone is present, and her click is all it takes.
    accepted(fx.service.goAway(id, CAROL));
    expect(accepted(await fx.service.approveSeat(id, ALICE, 2, asked.request.nonce)).done).toBe(true);
    expect(tableOf(id).seats[2]).toMatchObject({ userId: STRANGER.userId });
  });

  it('the host’s own away seat passes, and the table gets a host who is present', async () => {
    const id = bobAway();
    accepted(fx.service.goAway(id, HOST));
    const asked = accepted(fx.service.requestSeat(id, STRANGER, 0));
    accepted(await fx.service.approveSeat(id, ALICE, 0, asked.request.nonce));
    const answer = accepted(await fx.service.approveSeat(id, CAROL, 0, asked.request.nonce));
    expect(answer.done).toBe(true);
    const table = tableOf(id);
    expect(table.seats[0]).toMatchObject({ userId: STRANGER.userId });
    expect(table.hostId).toBe(ALICE.userId);
  });
});

describe('refusals change nothing', () => {
  it('asking: seated, a present seat, a pending request, a second request, a lobby, a bad seat', () => {
    const id = bobAway();
    const before = snapshot(id);
    expect(refusal(fx.service.requestSeat(id, ALICE, 2))).toEqual({ code: 'already_seated', seat: 1 });
    expect(refusal(fx.service.requestSeat(id, STRANGER, 1))).toEqual({ code: 'seat_not_open', seat: 1 });
    expect(refusal(fx.service.requestSeat(id, STRANGER, 7))).toEqual({ code: 'bad_seat', seat: 7 });
    expect(refusal(fx.service.requestSeat(id, STRANGER, '2'))).toEqual({ code: 'bad_seat', seat: '2' });
    expect(refusal(fx.service.requestSeat('nope', STRANGER, 2)).code).toBe('malformed_id');
    expect(snapshot(id)).toEqual(before);
    const asked = accepted(fx.service.requestSeat(id, STRANGER, 2));
    const withRequest = snapshot(id);
    expect(refusal(fx.service.requestSeat(id, OTHER, 2))).toEqual({ code: 'request_pending', seat: 2 });
    accepted(fx.service.goAway(id, CAROL));
    const now = snapshot(id);
    expect(refusal(fx.service.requestSeat(id, STRANGER, 3))).toEqual({ code: 'already_asked', seat: 2 });
    expect(snapshot(id)).toEqual(now);
    expect(withRequest.requests).toEqual([asked.request]);
    const lobby = openLobby(fx, [OTHER], { channelId: '200000000000000009' });
    expect(refusal(fx.service.requestSeat(lobby.id, STRANGER, 1)).code).toBe('wrong_status');
  });

  it('answering: not the host, a stale or forged button, a seat whose player came back', async () => {
    const id = bobAway();
    const asked = accepted(fx.service.requestSeat(id, STRANGER, 2));
    const nonce = asked.request.nonce;
    const before = snapshot(id);
    // The host is present: the others do not decide.
    expect(refusal(await fx.service.approveSeat(id, ALICE, 2, nonce)).code).toBe('not_approver');
    expect(refusal(fx.service.declineSeat(id, OTHER, 2, nonce)).code).toBe('not_approver');
    expect(refusal(await fx.service.approveSeat(id, HOST, 2, 'forged')).code).toBe('no_request');
    expect(refusal(await fx.service.approveSeat(id, HOST, 3, nonce)).code).toBe('no_request');
    expect(refusal(await fx.service.approveSeat(id, HOST, 9, nonce)).code).toBe('bad_seat');
    expect(snapshot(id)).toEqual(before);
    // Bob is back: his seat is his, and the request no longer counts.
    accepted(fx.service.comeBack(id, BOB));
    const back = snapshot(id);
    expect(refusal(await fx.service.approveSeat(id, HOST, 2, nonce)).code).toBe('no_request');
    expect(snapshot(id)).toEqual(back);
    expect(tableOf(id).seats[2]).toMatchObject({ userId: BOB.userId });
    // Away again: an old request for his seat is gone for good; a new one can be made.
    accepted(fx.service.goAway(id, BOB));
    expect(refusal(await fx.service.approveSeat(id, HOST, 2, nonce)).code).toBe('no_request');
    fx.env.clock.step(5);
    const fresh = accepted(fx.service.requestSeat(id, OTHER, 2));
    expect(fresh.request.nonce).not.toBe(nonce);
    expect(requestsOf(id)).toEqual([fresh.request]);
  });

  it('declining: the host turns it down, the one asking withdraws; either way its buttons answer nothing', async () => {
    const id = bobAway();
    const first = accepted(fx.service.requestSeat(id, STRANGER, 2));
    expect(accepted(fx.service.declineSeat(id, HOST, 2, first.request.nonce)).withdrawn).toBe(false);
    expect(requestsOf(id)).toEqual([]);
    expect(refusal(await fx.service.approveSeat(id, HOST, 2, first.request.nonce)).code).toBe('no_request');
    fx.env.clock.step(5);
    const second = accepted(fx.service.requestSeat(id, STRANGER, 2));
    expect(accepted(fx.service.declineSeat(id, STRANGER, 2, second.request.nonce)).withdrawn).toBe(true);
    expect(refusal(fx.service.declineSeat(id, STRANGER, 2, second.request.nonce)).code).toBe('no_request');
    expect(tableOf(id).seats[2]).toMatchObject({ userId: BOB.userId, away: true });
  });

  it('a person plays one seat of a match: having left one, they may take back only that one', async () => {
    const id = bobAway();
    accepted(await fx.service.replaceSeat(id, HOST, 2, person(STRANGER)));
    // The newcomer plays seat 2 once before stepping away (a holder who made no decision left no mark).
    let now = stateOf(id);
    for (let i = 0; i < 60 && owingSeat(now) !== 2; i++) {
      const seat = owingSeat(now) as Seat;
      now = accepted(fx.service.act(id, USERS[seat] as Actor, plainPolicy(now, seat), now.version)).state;
    }
    accepted(fx.service.act(id, STRANGER, plainPolicy(now, 2), now.version));
    accepted(fx.service.goAway(id, STRANGER));
    accepted(await fx.service.replaceSeat(id, HOST, 2, person(OTHER)));
    accepted(fx.service.goAway(id, CAROL));
    const before = snapshot(id);
    expect(refusal(fx.service.requestSeat(id, STRANGER, 3))).toEqual({ code: 'held_other_seat', seat: 2 });
    expect(refusal(await fx.service.replaceSeat(id, HOST, 3, person(STRANGER)))).toEqual({
      code: 'held_other_seat',
      seat: 2,
      userId: STRANGER.userId,
    });
    expect(snapshot(id)).toEqual(before);
    // Bob, who left seat 2, may take it back once it is open again.
    accepted(fx.service.goAway(id, OTHER));
    const asked = accepted(fx.service.requestSeat(id, BOB, 2));
    expect(accepted(await fx.service.approveSeat(id, HOST, 2, asked.request.nonce)).done).toBe(true);
    expect(
      holdersOf(id)
        .filter((h) => h.seat === 2)
        .map((h) => h.userId),
    ).toEqual([BOB.userId, STRANGER.userId, OTHER.userId, BOB.userId]);
  });
});

describe('/table replace', () => {
  it('the host hands an away or bot seat to someone at once; every bad case is refused', async () => {
    const id = bobAway();
    const before = snapshot(id);
    expect(refusal(await fx.service.replaceSeat(id, ALICE, 2, person(STRANGER))).code).toBe('not_host');
    expect(refusal(await fx.service.replaceSeat(id, HOST, 2, { ...STRANGER, isBot: true })).code).toBe(
      'player_is_bot',
    );
    expect(refusal(await fx.service.replaceSeat(id, HOST, 2, person(ALICE)))).toEqual({
      code: 'player_seated',
      userId: ALICE.userId,
      seat: 1,
    });
    expect(refusal(await fx.service.replaceSeat(id, HOST, 1, person(STRANGER)))).toEqual({
      code: 'seat_not_open',
      seat: 1,
    });
    expect(refusal(await fx.service.replaceSeat(id, HOST, 4, person(STRANGER))).code).toBe('bad_seat');
    expect(
      refusal(await fx.service.replaceSeat(id, HOST, 2, { ...person(STRANGER), userId: 'x' })).code,
    ).toBe('malformed_id');
    expect(snapshot(id)).toEqual(before);
    // A pending request for the seat is settled by the handover.
    accepted(fx.service.requestSeat(id, OTHER, 2));
    const done = accepted(await fx.service.replaceSeat(id, HOST, 2, person(STRANGER)));
    expect(done.table.seats[2]).toEqual({ kind: 'user', userId: STRANGER.userId, name: STRANGER.name });
    expect(requestsOf(id)).toEqual([]);
  });

  it('works on a paused table too, which stays paused until resumed', async () => {
    const table = openLobby(fx, [HOST, ALICE, 'bot', 'bot']);
    const id = accepted(fx.service.start(table.id, HOST)).table.id;
    accepted(fx.service.goAway(id, ALICE));
    expect(accepted(fx.service.goAway(id, HOST)).table.status).toBe('paused');
    const done = accepted(await fx.service.replaceSeat(id, HOST, 1, person(STRANGER)));
    expect(done.table.status).toBe('paused');
    expect(done.table.seats[1]).toMatchObject({ userId: STRANGER.userId });
    expect(accepted(fx.service.resume(id, HOST)).table.status).toBe('playing');
  });
});

describe('a hard bot thinking about the seat’s decision', () => {
  it('finishes it; the newcomer holds the seat from the decision after', async () => {
    await fx.service.stopBots();
    fx.cleanup();
    const decider = new HeldDecider();
    fx = createFixture({ decider, hardBudgetMs: 40 });
    // A deal where seat 3 (the hard bot) holds the Mah Jong: it leads, and the lead is a search.
    const seed = Array.from({ length: 100 }, (_, i) => `sub-hard-${i}`).find((s) => {
      const { hand } = newMatch(makeSettings(), s);
      return [...hand.hands[3], ...hand.undealt[3]].includes('mahjong');
    }) as string;
    fx.env.seeds.push(seed);
    const table = openLobby(fx, [HOST, ALICE, BOB]);
    accepted(fx.service.addBot(table.id, HOST, 3, 'hard'));
    const id = accepted(fx.service.start(table.id, HOST)).table.id;
    const people = [HOST, ALICE, BOB];
    for (let i = 0; i < 20 && decider.asked.length === 0; i++) {
      const now = stateOf(id);
      const seat = owingSeat(now) as 0 | 1 | 2;
      accepted(fx.service.act(id, people[seat] as Actor, plainPolicy(now, seat), now.version));
    }
    const question = await decider.question(1);
    const asked = accepted(fx.service.requestSeat(id, STRANGER, 3));
    const approving = fx.service.approveSeat(id, HOST, 3, asked.request.nonce);
    const thinking = stateOf(id).version;
    expect(tableOf(id).seats[3]).toEqual({ kind: 'bot', level: 'hard' });
    question.answer({ ok: true, action: { type: 'play', cards: ['mahjong'] } });
    expect(accepted(await approving).done).toBe(true);
    const log = fx.store.matches.actions(tableOf(id).matchId as number);
    expect(log.find((e) => e.version === thinking + 1)).toMatchObject({ seat: 3, userId: null });
    const since = holdersOf(id).find((h) => h.userId === STRANGER.userId)?.since as number;
    expect(since).toBeGreaterThan(thinking);
    expect(
      log.filter((e) => e.seat === 3 && e.version > since).every((e) => e.userId === STRANGER.userId),
    ).toBe(true);
    expect(decider.asked).toHaveLength(1);
  });
});
