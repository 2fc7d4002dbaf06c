/** Durability: every accepted action is committed before it is acknowledged, and a restart resumes it. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/app/core.js';
import type { ActOutcome } from '../../src/app/outcomes.js';
import { TableService } from '../../src/app/tableService.js';
import {
  apply,
  type MatchState,
  newMatch,
  owesAction,
  publicView,
  replay,
  SEATS,
  seatView,
} from '../../src/engine/index.js';
import type { TableRecord } from '../../src/store/records.js';
import { Store } from '../../src/store/store.js';
import {
  ALICE,
  accepted,
  BOB,
  CAROL,
  committedState,
  createFixture,
  type Fixture,
  HOST,
  openLobby,
  owingSeat,
  plainPolicy,
  refusal,
  startFourHumans,
  USERS,
} from '../support/service.js';

let fx: Fixture;
beforeEach(() => {
  fx = createFixture();
});
afterEach(() => fx.cleanup());

/** Opens the file with a brand-new Store and TableService, runs `check`, and closes it again. */
function withFreshService<T>(check: (service: TableService, store: Store) => T): T {
  const store = Store.open(fx.file);
  try {
    return check(new TableService(store, fx.env), store);
  } finally {
    store.close();
  }
}

function expectDurable(tableId: string, table: TableRecord, state: MatchState, actor: Actor | null): void {
  withFreshService((service, store) => {
    const matchId = table.matchId as number;
    expect(service.loadedTables).toBe(0);
    const seen = accepted(service.tableView(tableId));
    expect(seen.table).toEqual(table);
    expect(seen.view).toEqual(publicView(state));
    for (const seat of SEATS)
      expect(accepted(service.playerView(tableId, (USERS[seat] as Actor).userId)).view).toEqual(
        seatView(state, seat),
      );

    const stored = store.matches.load(matchId);
    expect(stored?.state).toEqual(state);
    const versions = store.db
      .prepare('SELECT version FROM events WHERE match_id = ? ORDER BY version')
      .pluck()
      .all(matchId);
    expect(versions).toEqual(Array.from({ length: state.version }, (_, i) => i + 1));
    const actions = store.matches.actions(matchId);
    if (actor) expect(actions.at(-1)?.userId).toBe(actor.userId);
    expect(replay(stored!.settings, stored!.seed, actions)).toEqual({ ok: true, value: state });
  });
}

describe('every accepted action is durable', () => {
  it('a new Store and TableService on the file see the same state after each action, and the log replays to it', () => {
    const started = startFourHumans(fx);
    const id = started.table.id;
    expectDurable(id, started.table, started.state, null);
    let state = started.state;
    let handEnded = false;
    // Through the Grand Tichu decisions, the exchange, a whole first hand and into the second.
    for (let i = 0; i < 400 && state.hand.number < 2; i++) {
      const seat = owingSeat(state);
      expect(seat, `someone owes an action at version ${state.version}`).not.toBeNull();
      const actor = USERS[seat as 0] as Actor;
      const done = accepted(fx.service.act(id, actor, plainPolicy(state, seat as 0), state.version));
      expect(done.state.version).toBe(state.version + 1);
      state = done.state;
      handEnded ||= done.events.some((e) => e.type === 'handEnded');
      expectDurable(id, done.table, state, actor);
      // Now and then the service itself restarts, and play goes on from what it loads.
      if (i % 40 === 39) fx.restart();
    }
    expect(state.hand.number).toBe(2);
    expect(handEnded).toBe(true);
    const hands = fx.store.db
      .prepare('SELECT number, result IS NOT NULL AS done FROM hands WHERE match_id = ? ORDER BY number')
      .all(started.table.matchId);
    expect(hands).toEqual([
      { number: 1, done: 1 },
      { number: 2, done: 0 },
    ]);
  });

  it('a refused action leaves no trace in the file', () => {
    const started = startFourHumans(fx);
    const id = started.table.id;
    accepted(fx.service.act(id, HOST, { type: 'grandTichu', call: false }, 0));
    fx.service.act(id, HOST, { type: 'grandTichu', call: true }, 1);
    fx.service.act(id, ALICE, { type: 'pass' }, 1);
    fx.service.act(id, BOB, { type: 'grandTichu', call: false }, 0);
    withFreshService((_service, store) => {
      expect(store.matches.actions(started.table.matchId as number).map((a) => a.version)).toEqual([1, 2]);
    });
  });

  it('keeps the lobby as it was left: seats, host, settings and message id', () => {
    const table = openLobby(fx, [HOST, ALICE]);
    accepted(fx.service.chooseSeat(table.id, ALICE, 3));
    accepted(fx.service.addBot(table.id, HOST, 1));
    accepted(fx.service.join(table.id, BOB));
    accepted(
      fx.service.changeSettings(table.id, HOST, { targetScore: 750, wishOptional: false, seating: 'random' }),
    );
    accepted(fx.service.setMessageId(table.id, '400000000000000001'));
    const last = accepted(fx.service.leave(table.id, HOST));
    expect(last.hostId).toBe(BOB.userId);
    fx.restart();
    expect(fx.service.loadedTables).toBe(0);
    expect(accepted(fx.service.tableView(table.id)).table).toEqual(last);
    // And the new host carries on from there.
    expect(accepted(fx.service.join(table.id, CAROL)).seats[0]).toEqual({
      kind: 'user',
      userId: CAROL.userId,
      name: CAROL.name,
    });
  });

  it('after a restart, an action from a view seen before the restart is judged as before', () => {
    const started = startFourHumans(fx);
    const id = started.table.id;
    for (const seat of [0, 1, 2] as const)
      accepted(fx.service.act(id, USERS[seat] as Actor, { type: 'grandTichu', call: false }, seat));
    fx.restart();
    const done = accepted(fx.service.act(id, USERS[3] as Actor, { type: 'grandTichu', call: false }, 3));
    expect(done.state.version).toBe(4);
    expect(done.state.hand.phase).toBe('exchange');
    expectDurable(id, done.table, done.state, USERS[3] as Actor);
  });

  it('rebuilds a snapshot that disagrees with the log from the log, and play continues', () => {
    const started = startFourHumans(fx);
    const id = started.table.id;
    let state = started.state;
    for (let i = 0; i < 6; i++) {
      const seat = owingSeat(state) as 0;
      state = accepted(
        fx.service.act(id, USERS[seat] as Actor, plainPolicy(state, seat), state.version),
      ).state;
    }
    fx.store.db
      .prepare('UPDATE snapshots SET version = 0, state = ? WHERE match_id = ?')
      .run(JSON.stringify(newMatch(state.settings, state.seed)), started.table.matchId);
    fx.restart();
    expect(accepted(fx.service.tableView(id)).view).toEqual(publicView(state));
    const seat = owingSeat(state) as 0;
    const next = accepted(fx.service.act(id, USERS[seat] as Actor, plainPolicy(state, seat), state.version));
    expect(next.state.version).toBe(state.version + 1);
    expect(committedState(fx.store, next.table)).toEqual(next.state);
  });

  describe('bot seats owe moves a crash cut short', () => {
    /** The host alone with three bots; the bots have decided, the host owes the Grand Tichu decision. */
    function hostWithBots(): TableRecord {
      const table = openLobby(fx, [HOST]);
      for (let i = 0; i < 3; i++) accepted(fx.service.addBot(table.id, HOST));
      return accepted(fx.service.start(table.id, HOST)).table;
    }

    /** Commits the host's decision as the service would, then "crashes" before the bots answer. */
    function commitHostOnly(table: TableRecord): MatchState {
      const matchId = table.matchId as number;
      const before = committedState(fx.store, table);
      expect(owingSeat(before)).toBe(0);
      const action = { type: 'grandTichu', call: false } as const;
      const step = apply(before, 0, action);
      if (!step.ok) expect.fail(step.error.code);
      fx.store.transaction(() =>
        fx.store.matches.record(
          matchId,
          before,
          step.value.state,
          0,
          HOST.userId,
          action,
          step.value.events,
          1,
        ),
      );
      fx.restart();
      // Now in the exchange: every bot owes its picks.
      expect(SEATS.filter((seat) => owesAction(step.value.state, seat))).toEqual([0, 1, 2, 3]);
      return step.value.state;
    }

    function expectBotsDone(table: TableRecord, crashed: MatchState): MatchState {
      const state = committedState(fx.store, table);
      // The host's partner (seat 2) passes after the host, who may still call Tichu before passing.
      expect(state.version).toBe(crashed.version + 2);
      expect(SEATS.filter((seat) => owesAction(state, seat))).toEqual([0, 2]);
      const stored = fx.store.matches.load(table.matchId as number);
      expect(
        replay(stored!.settings, stored!.seed, fx.store.matches.actions(table.matchId as number)),
      ).toEqual({
        ok: true,
        value: state,
      });
      return state;
    }

    it('they make them when the table is first loaded again, and the host plays on', () => {
      const table = hostWithBots();
      const crashed = commitHostOnly(table);
      const heard: ActOutcome[] = [];
      fx.service.onBotsMoved((outcome) => heard.push(outcome));
      const seen = accepted(fx.service.tableView(table.id));
      const state = expectBotsDone(table, crashed);
      expect(seen.view).toEqual(publicView(state));
      // No answer carries these moves: the service tells its listener (the Discord layer edits).
      expect(
        heard.map((o) => [
          o.table.id,
          o.state.version,
          o.events.filter((e) => e.type === 'exchangeChosen').length,
        ]),
      ).toEqual([[table.id, state.version, 2]]);
      const picks = plainPolicy(state, 0);
      expect(accepted(fx.service.act(table.id, HOST, picks, state.version)).state.hand.phase).toBe('play');
    });

    it('a paused table waits for its resume, then they make them', () => {
      const table = hostWithBots();
      accepted(fx.service.pause(table.id, HOST));
      const crashed = commitHostOnly(table);
      expect(accepted(fx.service.tableView(table.id)).table.status).toBe('paused');
      expect(committedState(fx.store, table)).toEqual(crashed);
      accepted(fx.service.resume(table.id, HOST));
      expectBotsDone(table, crashed);
    });
  });

  it('a write over a version another process already moved past is refused as stale, and the table reads afresh', () => {
    const started = startFourHumans(fx);
    const id = started.table.id;
    accepted(fx.service.tableView(id)); // this service holds version 0
    withFreshService((other) => {
      accepted(other.act(id, USERS[1] as Actor, { type: 'grandTichu', call: false }, 0));
    });
    // The first service still holds version 0: its write is refused, not thrown, and changes nothing.
    expect(refusal(fx.service.act(id, USERS[2] as Actor, { type: 'grandTichu', call: false }, 0))).toEqual({
      code: 'stale_view',
      seen: 0,
      version: 1,
    });
    expect(committedState(fx.store, started.table).version).toBe(1);
    // Read afresh, it plays on.
    const next = accepted(fx.service.act(id, USERS[2] as Actor, { type: 'grandTichu', call: false }, 1));
    expect(next.state.version).toBe(2);
    expect(next.state.hand.grand).toEqual([null, false, false, null]);
  });
});
