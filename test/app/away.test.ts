/**
 * Away seats in the table service: two timeouts in a row or `/table away` mark a seat away, the
 * normal policy then plays it at once, any action of its player or **I'm back** returns it, and a
 * table with nobody present pauses itself (src/app/away.ts).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/app/core.js';
import { type Action, type MatchState, owesAction, SEATS, type Seat } from '../../src/engine/index.js';
import type { LoggedEntry, TableRecord } from '../../src/store/records.js';
import {
  ALICE,
  accepted,
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

const TWO_MINUTES = 120_000;

let fx: Fixture;
beforeEach(() => {
  fx = createFixture();
});
afterEach(() => fx.cleanup());

function tableOf(id: string): TableRecord {
  return accepted(fx.service.tableView(id)).table;
}

function stateOf(id: string): MatchState {
  return committedState(fx.store, tableOf(id));
}

function logOf(id: string): LoggedEntry[] {
  return fx.store.matches.actions(tableOf(id).matchId as number);
}

function user(seat: Seat): Actor {
  return USERS[seat] as Actor;
}

function isCall(action: unknown): boolean {
  const a = action as Action;
  return a.type === 'tichu' || (a.type === 'grandTichu' && a.call);
}

/** The people play (plainly) until `seat` owes the next decision. */
function untilOwes(id: string, seat: Seat): MatchState {
  return driveHumans(fx, id, (s) => owingSeat(s) === seat);
}

describe('two timeouts in a row', () => {
  it('mark a seat away; from then on the normal policy plays it at once, logged as away, never calling', () => {
    const { table } = startFourHumans(fx);
    const id = table.id;
    const state = driveHumans(fx, id, (s) => s.hand.phase === 'play');
    const ben = owingSeat(state) as Seat;
    fx.env.advance(TWO_MINUTES);
    expect(tableOf(id).seats[ben]).toMatchObject({ timeouts: 1 });
    expect(tableOf(id).seats[ben]).not.toHaveProperty('away');
    // The others play on (each by their own hand) until it is Ben's turn again; he lets it pass.
    untilOwes(id, ben);
    fx.env.advance(TWO_MINUTES);
    expect(tableOf(id).seats[ben]).toMatchObject({ away: true, timeouts: 2 });
    const forced = logOf(id).filter((e) => e.forced !== null);
    expect(forced.slice(0, 2).map((e) => [e.seat, e.forced])).toEqual([
      [ben, 'timeout'],
      [ben, 'timeout'],
    ]);
    // His seat never owes at rest from now on: each of his decisions is made in the transaction of
    // the action before it.
    for (let i = 0; i < 40 && stateOf(id).hand.number === 1; i++) {
      const now = stateOf(id);
      const seat = owingSeat(now) as Seat;
      expect(seat).not.toBe(ben);
      const outcome = accepted(fx.service.act(id, user(seat), plainPolicy(now, seat), now.version));
      const made = logOf(id).filter((e) => e.version > now.version + 1);
      expect(outcome.state.version).toBe(now.version + 1 + made.length);
      for (const e of made.filter((m) => m.seat === ben))
        expect(e).toMatchObject({ userId: user(ben).userId, forced: 'away' });
    }
    const his = logOf(id).filter((e) => e.seat === ben && e.forced === 'away');
    expect(his.length).toBeGreaterThan(0);
    expect(
      logOf(id)
        .filter((e) => e.forced !== null)
        .some((e) => isCall(e.action)),
    ).toBe(false);
    // The clock runs for the present players only.
    const now = stateOf(id);
    expect(accepted(fx.service.playerView(id, user(ben).userId)).deadline).toBeNull();
    expect(tableOf(id).deadline).not.toBeNull();
    expect(owingSeat(now)).not.toBe(ben);
  });

  it('a timeout a phase: the Grand Tichu and the exchange running out make a seat away before play', () => {
    const table = openLobby(fx, [HOST, ALICE, 'bot', 'bot']);
    const id = accepted(fx.service.start(table.id, HOST)).table.id;
    accepted(fx.service.act(id, HOST, { type: 'grandTichu', call: false }));
    fx.env.advance(TWO_MINUTES);
    expect(stateOf(id).hand.phase).toBe('exchange');
    const [a, b, c] = stateOf(id).hand.hands[0] as [never, never, never];
    accepted(fx.service.act(id, HOST, { type: 'exchange', next: a, partner: b, previous: c }));
    fx.env.advance(TWO_MINUTES);
    expect(tableOf(id).seats[1]).toMatchObject({ away: true, timeouts: 2 });
    // In play Alice never owes: only the host does, when he does.
    const state = stateOf(id);
    expect(state.hand.phase).toBe('play');
    expect(owingSeat(state)).toBe(0);
  });

  it('an action of the player in between starts the count again', () => {
    const { table } = startFourHumans(fx);
    const id = table.id;
    const ben = owingSeat(driveHumans(fx, id, (s) => s.hand.phase === 'play')) as Seat;
    fx.env.advance(TWO_MINUTES);
    expect(tableOf(id).seats[ben]).toMatchObject({ timeouts: 1 });
    untilOwes(id, ben);
    const now = stateOf(id);
    accepted(fx.service.act(id, user(ben), plainPolicy(now, ben), now.version));
    expect(tableOf(id).seats[ben]).not.toHaveProperty('timeouts');
    untilOwes(id, ben);
    fx.env.advance(TWO_MINUTES);
    expect(tableOf(id).seats[ben]).toMatchObject({ timeouts: 1 });
    expect(tableOf(id).seats[ben]).not.toHaveProperty('away');
  });
});

describe('/table away and I’m back', () => {
  it('away: a decision the seat owes is made at once; refused when already away, not seated, or not playing', () => {
    const { table } = startFourHumans(fx);
    const id = table.id;
    expect(
      refusal(fx.service.goAway(openLobby(fx, [STRANGER], { channelId: '200000000000000005' }).id, STRANGER))
        .code,
    ).toBe('wrong_status');
    const state = driveHumans(fx, id, (s) => s.hand.phase === 'play');
    const lead = owingSeat(state) as Seat;
    const outcome = accepted(fx.service.goAway(id, user(lead)));
    expect(outcome.table.seats[lead]).toMatchObject({ away: true });
    expect(outcome.state.version).toBeGreaterThan(state.version);
    expect(logOf(id).find((e) => e.version === state.version + 1)).toMatchObject({
      seat: lead,
      userId: user(lead).userId,
      forced: 'away',
    });
    expect(owingSeat(outcome.state)).not.toBe(lead);
    expect(refusal(fx.service.goAway(id, user(lead))).code).toBe('already_away');
    expect(refusal(fx.service.goAway(id, STRANGER)).code).toBe('not_seated');
    expect(refusal(fx.service.comeBack(id, STRANGER)).code).toBe('not_seated');
  });

  it('I’m back: the seat is the player’s again at its next decision, on the clock; refused when not away', () => {
    const { table } = startFourHumans(fx);
    const id = table.id;
    const state = driveHumans(fx, id, (s) => s.hand.phase === 'play');
    const ben = ((owingSeat(state) as Seat) + 1) as Seat;
    expect(refusal(fx.service.comeBack(id, user(ben))).code).toBe('not_away');
    accepted(fx.service.goAway(id, user(ben)));
    const before = stateOf(id);
    const back = accepted(fx.service.comeBack(id, user(ben)));
    expect(back.table.seats[ben]).not.toHaveProperty('away');
    expect(back.state.version).toBe(before.version);
    const turn = untilOwes(id, ben);
    expect(owingSeat(turn)).toBe(ben);
    expect(accepted(fx.service.playerView(id, user(ben).userId)).deadline).toBe(tableOf(id).deadline?.at);
  });

  it('any action of the player returns the seat: a Tichu call out of turn', () => {
    const { table } = startFourHumans(fx);
    const id = table.id;
    const state = driveHumans(fx, id, (s) => s.hand.phase === 'play');
    const lead = owingSeat(state) as Seat;
    const ben = ((lead + 2) % 4) as Seat;
    accepted(fx.service.goAway(id, user(ben)));
    accepted(fx.service.act(id, user(ben), { type: 'tichu' }));
    expect(tableOf(id).seats[ben]).not.toHaveProperty('away');
    expect(stateOf(id).hand.calls[ben]).toBe('tichu');
  });
});

describe('nobody present', () => {
  it('a playing table whose seats are all away or bots pauses itself instead of playing bots against bots', () => {
    const table = openLobby(fx, [HOST, ALICE, 'bot', 'bot']);
    const id = accepted(fx.service.start(table.id, HOST)).table.id;
    accepted(fx.service.goAway(id, ALICE));
    const before = stateOf(id);
    const outcome = accepted(fx.service.goAway(id, HOST));
    expect(outcome.table.status).toBe('paused');
    expect(outcome.state.version).toBe(before.version);
    expect(outcome.table.deadline).toBeNull();
    fx.env.advance(3_600_000);
    expect(stateOf(id).version).toBe(before.version);
    // The host resumes: he is present again (Alice is still away), and play goes on with him.
    const resumed = accepted(fx.service.resume(id, HOST));
    expect(resumed.table.status).toBe('playing');
    expect(resumed.table.seats[0]).not.toHaveProperty('away');
    expect(resumed.table.seats[1]).toMatchObject({ away: true });
    expect(owingSeat(stateOf(id))).toBe(0);
  });

  it('I’m back resumes a table that paused for want of anyone, and play goes on from where it stood', () => {
    const table = openLobby(fx, [HOST, ALICE, 'bot', 'bot']);
    const id = accepted(fx.service.start(table.id, HOST)).table.id;
    accepted(fx.service.goAway(id, ALICE));
    accepted(fx.service.goAway(id, HOST));
    const before = stateOf(id);
    expect(tableOf(id).status).toBe('paused');
    // Alice is not the host: her word alone would not resume a paused table, but this pause was
    // only for want of anyone present.
    const back = accepted(fx.service.comeBack(id, ALICE));
    expect(back.table.status).toBe('playing');
    expect(back.table.seats[1]).not.toHaveProperty('away');
    expect(back.table.seats[0]).toMatchObject({ away: true });
    expect(back.table.deadline).not.toBeNull();
    // The away host's seat and the bots play at once, up to Alice's own decision.
    expect(stateOf(id).version).toBeGreaterThanOrEqual(before.version);
    expect(owingSeat(stateOf(id))).toBe(1);
  });

  it('nobody steps away from a paused match, so a pause the players asked for never looks like one for want of anyone', () => {
    const table = openLobby(fx, [HOST, ALICE, 'bot', 'bot']);
    const id = accepted(fx.service.start(table.id, HOST)).table.id;
    accepted(fx.service.goAway(id, ALICE));
    accepted(fx.service.pause(id, HOST));
    expect(refusal(fx.service.goAway(id, HOST))).toMatchObject({ code: 'wrong_status', status: 'paused' });
    // Alice coming back leaves the host's pause as it is.
    expect(accepted(fx.service.comeBack(id, ALICE)).table.status).toBe('paused');
  });

  it('a pause the players asked for stays when one of them comes back from away', () => {
    const table = openLobby(fx, [HOST, ALICE, 'bot', 'bot']);
    const id = accepted(fx.service.start(table.id, HOST)).table.id;
    accepted(fx.service.goAway(id, ALICE));
    expect(accepted(fx.service.pause(id, HOST)).table.status).toBe('paused');
    const back = accepted(fx.service.comeBack(id, ALICE));
    expect(back.table.status).toBe('paused');
    expect(back.table.seats[1]).not.toHaveProperty('away');
  });

  it('the last person timing out twice pauses the table too', () => {
    const table = openLobby(fx, [HOST, 'bot', 'bot', 'bot']);
    const id = accepted(fx.service.start(table.id, HOST)).table.id;
    fx.env.advance(TWO_MINUTES);
    fx.env.advance(TWO_MINUTES);
    const after = tableOf(id);
    expect(after.seats[0]).toMatchObject({ away: true, timeouts: 2 });
    expect(after.status).toBe('paused');
    // The partner's bot passes after the person (who might have called Tichu first): paused, it waits.
    const state = stateOf(id);
    expect(state.hand.phase).toBe('exchange');
    expect(SEATS.filter((seat) => owesAction(state, seat))).toEqual([2]);
    expect(after.notice?.moves).toEqual([{ seat: 0, action: { type: 'exchange' } }]);
  });

  it('a new match starts with everyone present', () => {
    const { table } = startFourHumans(fx, { targetScore: 50 });
    const id = table.id;
    accepted(fx.service.goAway(id, ALICE));
    driveHumans(fx, id, (s) => s.status === 'finished');
    expect(tableOf(id).status).toBe('finished');
    const again = accepted(fx.service.start(id, HOST));
    expect(SEATS.every((s) => !('away' in (again.table.seats[s] ?? {})))).toBe(true);
  });
});
