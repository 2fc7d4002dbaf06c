/**
 * Turn timers in the table service: the setting, a deadline for every decision a person owes (one
 * for a whole Grand Tichu or exchange phase), the normal policy deciding when it passes (logged as a
 * timeout with the player's id), the reminder, and pause and resume (src/app/deadlines.ts,
 * src/app/timeouts.ts). Bursts and restarts: timerRestarts.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/app/core.js';
import type { Reminder } from '../../src/app/outcomes.js';
import { type MatchState, owesAction, SEATS, type Seat } from '../../src/engine/index.js';
import type { TableRecord } from '../../src/store/records.js';
import {
  ALICE,
  accepted,
  BOB,
  CAROL,
  committedState,
  createFixture,
  driveHumans,
  type Fixture,
  forcedChoice,
  HOST,
  openLobby,
  owingSeat,
  plainPolicy,
  refusal,
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

function user(seat: Seat): Actor {
  return USERS[seat] as Actor;
}

/** Four humans at the first lead of the match. */
function atFirstLead(): { id: string; state: MatchState } {
  const { table } = startFourHumans(fx);
  const state = driveHumans(fx, table.id, (s) => s.hand.phase === 'play');
  return { id: table.id, state };
}

describe('the timer setting', () => {
  it('is 2m unless the host chose another; the host changes it in the lobby; anything else is refused', () => {
    const table = openLobby(fx);
    expect(table.timer).toBe('2m');
    expect(accepted(fx.service.changeSettings(table.id, HOST, { timer: '30s' })).timer).toBe('30s');
    expect(fx.store.tables.get(table.id)?.timer).toBe('30s');
    expect(refusal(fx.service.changeSettings(table.id, HOST, { timer: '10s' as never })).code).toBe(
      'bad_settings',
    );
    expect(refusal(fx.service.changeSettings(table.id, ALICE, { timer: 'off' })).code).toBe('not_host');
    expect(tableOf(table.id).timer).toBe('30s');
    const other = accepted(
      fx.service.openTable({
        guildId: table.guildId,
        channelId: '200000000000000009',
        host: ALICE,
        timer: '5m',
      }),
    );
    expect(other.timer).toBe('5m');
    expect(
      refusal(
        fx.service.openTable({
          guildId: table.guildId,
          channelId: '200000000000000008',
          host: BOB,
          timer: 7,
        }),
      ).code,
    ).toBe('bad_settings');
  });

  it('off: no deadline ever, and time passing forces nothing', () => {
    const table = openLobby(fx, USERS.slice(0, 4));
    accepted(fx.service.changeSettings(table.id, HOST, { timer: 'off' }));
    const started = accepted(fx.service.start(table.id, HOST));
    expect(started.table.deadline).toBeNull();
    fx.env.advance(3_600_000);
    expect(stateOf(table.id).version).toBe(started.state.version);
    expect(fx.service.armedTimers).toBe(0);
  });
});

describe('deadlines', () => {
  it('one deadline for the whole Grand Tichu phase, for the seats still to decide; a new one for the exchange', () => {
    const started = startFourHumans(fx);
    const id = started.table.id;
    const first = started.table.deadline;
    expect(first?.at).toBeGreaterThanOrEqual(fx.env.clock.now() + TWO_MINUTES - 10);
    expect(fx.store.tables.get(id)?.deadline).toEqual(first);
    expect(accepted(fx.service.playerView(id, HOST.userId)).deadline).toBe(first?.at);
    fx.env.advance(60_000);
    accepted(fx.service.act(id, HOST, { type: 'grandTichu', call: false }));
    // Seat 0 decided: the clock no longer runs for it, and runs on unchanged for the others.
    expect(accepted(fx.service.playerView(id, HOST.userId)).deadline).toBeNull();
    expect(accepted(fx.service.playerView(id, ALICE.userId)).deadline).toBe(first?.at);
    for (const seat of [1, 2] as const)
      accepted(fx.service.act(id, user(seat), { type: 'grandTichu', call: false }));
    expect(tableOf(id).deadline).toEqual(first);
    accepted(fx.service.act(id, user(3), { type: 'grandTichu', call: false }));
    const exchange = tableOf(id).deadline;
    expect(stateOf(id).hand.phase).toBe('exchange');
    expect(exchange?.key).not.toBe(first?.key);
    expect(exchange?.at).toBeGreaterThan((first?.at ?? 0) + 50_000);
  });

  it('each turn has its own; a Tichu call stops none and starts none', () => {
    const { id, state } = atFirstLead();
    const lead = owingSeat(state) as Seat;
    const deadline = tableOf(id).deadline;
    expect(deadline).not.toBeNull();
    expect(accepted(fx.service.playerView(id, user(lead).userId)).deadline).toBe(deadline?.at);
    const other = ((lead + 1) % 4) as Seat;
    expect(accepted(fx.service.playerView(id, user(other).userId)).deadline).toBeNull();
    fx.env.advance(10_000);
    accepted(fx.service.act(id, user(other), { type: 'tichu' }));
    expect(tableOf(id).deadline).toEqual(deadline);
    const single = state.hand.hands[lead].find((c) => c !== 'dog') as string;
    const next = accepted(fx.service.act(id, user(lead), { type: 'play', cards: [single] }));
    expect(next.table.deadline?.key).not.toBe(deadline?.key);
    expect(next.table.deadline?.at).toBeGreaterThanOrEqual(fx.env.clock.now() + TWO_MINUTES - 10);
  });

  it('bot seats have none: with three bots the clock runs for the person alone', () => {
    const table = openLobby(fx, [HOST, 'bot', 'bot', 'bot']);
    const started = accepted(fx.service.start(table.id, HOST));
    // The bots decided at once; only the host owes.
    expect(SEATS.filter((s) => owesAction(started.state, s))).toEqual([0]);
    expect(started.table.deadline).not.toBeNull();
    accepted(fx.service.act(table.id, HOST, { type: 'grandTichu', call: false }));
    const state = driveHumans(
      fx,
      table.id,
      (s) => owingSeat(s) === 0 && s.hand.phase === 'play',
      undefined,
      50,
    );
    expect(owingSeat(state)).toBe(0);
    expect(tableOf(table.id).deadline).not.toBeNull();
  });
});

describe('when a deadline passes', () => {
  it('nothing happens a moment before it', () => {
    const { id, state } = atFirstLead();
    fx.env.advance(TWO_MINUTES - 1_000);
    expect(stateOf(id).version).toBe(state.version);
  });

  it('the normal policy makes the turn’s decision, logged as a timeout with the player’s id, and play goes on', () => {
    const { id, state } = atFirstLead();
    const lead = owingSeat(state) as Seat;
    const deadline = tableOf(id).deadline;
    const expected = forcedChoice(state, lead);
    const moved: string[] = [];
    fx.service.onBotsMoved((o) => moved.push(o.table.id));
    fx.env.advance(TWO_MINUTES);
    const after = stateOf(id);
    expect(after.version).toBe(state.version + 1);
    const log = fx.store.matches.actions(tableOf(id).matchId as number);
    expect(log.at(-1)).toMatchObject({
      seat: lead,
      userId: user(lead).userId,
      action: expected,
      forced: 'timeout',
    });
    // Every other entry is a player's own.
    expect(log.slice(0, -1).every((e) => e.forced === null)).toBe(true);
    const table = tableOf(id);
    expect(table.notice).toEqual({ moves: [{ seat: lead, action: expected }] });
    expect(table.seats[lead]).toMatchObject({ timeouts: 1 });
    expect(table.seats[lead]).not.toHaveProperty('away');
    // The table goes on: the next decision (another seat's, or the wish after a Mah Jong) is on a
    // fresh clock, and the Discord layer was told.
    expect(moved).toEqual([id]);
    const next = owingSeat(after) as Seat;
    expect(table.deadline?.key).not.toBe(deadline?.key);
    expect(table.deadline?.at).toBeGreaterThanOrEqual(fx.env.clock.now() + TWO_MINUTES - 10);
    expect(accepted(fx.service.playerView(id, user(next).userId)).deadline).toBe(table.deadline?.at);
    // The next person to act clears the notice (and their own count, had they one).
    accepted(fx.service.act(id, user(next), plainPolicy(after, next)));
    expect(tableOf(id).notice).toBeNull();
  });

  it('in the Grand Tichu phase, every seat still to decide is decided for at once: never a call', () => {
    const started = startFourHumans(fx);
    const id = started.table.id;
    accepted(fx.service.act(id, HOST, { type: 'grandTichu', call: false }));
    fx.env.advance(TWO_MINUTES);
    const state = stateOf(id);
    expect(state.hand.phase).toBe('exchange');
    const log = fx.store.matches.actions(started.table.matchId as number);
    expect(log.map((e) => [e.seat, e.userId, e.action, e.forced])).toEqual([
      [0, HOST.userId, { type: 'grandTichu', call: false }, null],
      ...[1, 2, 3].map((s) => [s, user(s as Seat).userId, { type: 'grandTichu', call: false }, 'timeout']),
    ]);
    expect(tableOf(id).notice?.moves.map((m) => m.seat)).toEqual([1, 2, 3]);
    // The exchange has its own deadline; when it passes, the picks are made for all four, unseen.
    fx.env.advance(TWO_MINUTES);
    const played = stateOf(id);
    expect(played.hand.phase).toBe('play');
    const notice = tableOf(id).notice;
    expect(notice?.moves).toEqual(SEATS.map((seat) => ({ seat, action: { type: 'exchange' } })));
  });

  it('reminds the seats it runs for once, 30 seconds before; with the 30s timer, never', () => {
    const reminders: Reminder[] = [];
    const { id, state } = atFirstLead();
    fx.service.onReminder((r) => reminders.push(r));
    const lead = owingSeat(state) as Seat;
    const deadline = tableOf(id).deadline?.at as number;
    fx.env.advance(TWO_MINUTES - 31_000);
    expect(reminders).toEqual([]);
    fx.env.advance(1_000);
    expect(reminders.map((r) => ({ seats: r.seats, at: r.at, table: r.table.id }))).toEqual([
      { seats: [lead], at: deadline, table: id },
    ]);
    fx.env.advance(29_000);
    expect(reminders).toHaveLength(1);

    const quick = openLobby(fx, [CAROL, 'bot', 'bot', 'bot'], { channelId: '200000000000000007' });
    accepted(fx.service.changeSettings(quick.id, CAROL, { timer: '30s' }));
    accepted(fx.service.start(quick.id, CAROL));
    fx.env.advance(29_000);
    expect(reminders.filter((r) => r.table.id === quick.id)).toEqual([]);
  });
});

describe('pause and resume', () => {
  it('a pause stops the clock; time passing while paused forces nothing; resume starts it with the full time', () => {
    const { id, state } = atFirstLead();
    fx.env.advance(100_000);
    const paused = accepted(fx.service.pause(id, HOST));
    expect(paused.table.deadline).toBeNull();
    expect(fx.store.tables.get(id)?.deadline).toBeNull();
    expect(fx.service.armedTimers).toBe(0);
    fx.env.advance(3_600_000);
    expect(stateOf(id).version).toBe(state.version);
    const resumed = accepted(fx.service.resume(id, HOST));
    const at = resumed.table.deadline?.at as number;
    expect(at).toBeGreaterThanOrEqual(fx.env.clock.now() + TWO_MINUTES - 10);
    fx.env.advance(TWO_MINUTES - 1_000);
    expect(stateOf(id).version).toBe(state.version);
    fx.env.advance(1_000);
    expect(stateOf(id).version).toBe(state.version + 1);
  });
});
