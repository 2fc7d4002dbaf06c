/** Views: the channel sees no hand, a player sees only their own; finding tables; lazy loading. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/app/core.js';
import { Tables } from '../../src/app/tables.js';
import {
  type Card,
  legalActions,
  type MatchState,
  publicView,
  SEATS,
  type Seat,
  seatView,
} from '../../src/engine/index.js';
import {
  ALICE,
  accepted,
  BOB,
  CAROL,
  CHANNEL,
  createFixture,
  driveHumans,
  type Fixture,
  GUILD,
  HOST,
  OTHER_CHANNEL,
  OTHER_GUILD,
  openLobby,
  refusal,
  STRANGER,
  startFourHumans,
  USERS,
} from '../support/service.js';

let fx: Fixture;
beforeEach(() => {
  fx = createFixture();
});
afterEach(() => fx.cleanup());

/** Every card some seat holds, or has yet to be dealt, with its owner. */
function secrets(state: MatchState): [Seat, Card][] {
  return SEATS.flatMap((seat) =>
    [...state.hand.hands[seat], ...state.hand.undealt[seat]].map((card): [Seat, Card] => [seat, card]),
  );
}

function shows(json: string, card: Card): boolean {
  return json.includes(`"${card}"`);
}

/** Runs `check` on each state of four humans' first hand, from the deal on, for at most `max` states. */
function eachStateOfAHand(max: number, check: (id: string, state: MatchState) => void): number {
  const started = startFourHumans(fx);
  let checked = 0;
  driveHumans(
    fx,
    started.table.id,
    (state) => {
      check(started.table.id, state);
      checked++;
      return checked >= max || state.hand.number > 1;
    },
    undefined,
    max + 1,
  );
  return checked;
}

describe('the channel view', () => {
  it('shows the table but no match before the start', () => {
    const table = openLobby(fx, [HOST, ALICE]);
    expect(accepted(fx.service.tableView(table.id))).toEqual({ table, view: null });
  });

  it('never shows a card that is in any hand or not yet dealt', () => {
    const checked = eachStateOfAHand(120, (id, state) => {
      const snapshot = accepted(fx.service.tableView(id));
      expect(snapshot.view).toEqual(publicView(state));
      const json = JSON.stringify(snapshot);
      for (const [seat, card] of secrets(state))
        expect(
          shows(json, card),
          `the channel sees ${card} of seat ${seat} at version ${state.version}`,
        ).toBe(false);
    });
    expect(checked).toBeGreaterThan(50); // the Grand Tichu decisions, the exchange and many plays
  });

  it('shows what everyone may know: phase, turn, cards left, calls', () => {
    const started = startFourHumans(fx);
    const state = driveHumans(fx, started.table.id, (s) => s.hand.phase === 'play');
    const view = accepted(fx.service.tableView(started.table.id)).view;
    expect(view).toMatchObject({
      phase: 'play',
      turn: state.hand.turn,
      cardsLeft: [14, 14, 14, 14],
      calls: ['none', 'none', 'none', 'none'],
      version: state.version,
    });
  });
});

describe("a player's view", () => {
  it("shows that seat's hand and no card of another seat's hand", () => {
    eachStateOfAHand(120, (id, state) => {
      for (const seat of SEATS) {
        const mine = accepted(fx.service.playerView(id, (USERS[seat] as Actor).userId));
        expect(mine.seat).toBe(seat);
        expect(mine.view.hand).toEqual(state.hand.hands[seat]);
        expect(mine.view).toEqual(seatView(state, seat));
        // A seat knows the cards it gave away in the exchange, wherever they are now.
        const picks = state.hand.exchange[seat];
        const gave: Card[] = picks ? [picks.next, picks.partner, picks.previous] : [];
        const json = JSON.stringify(mine);
        for (const [owner, card] of secrets(state)) {
          if (owner === seat && state.hand.hands[seat].includes(card)) continue;
          if (gave.includes(card)) continue;
          expect(
            shows(json, card),
            `seat ${seat} sees ${card} of seat ${owner} at version ${state.version}`,
          ).toBe(false);
        }
      }
    });
  });

  it('lists the legal actions of that seat while playing (exchange picks left to the hand)', () => {
    const started = startFourHumans(fx);
    const state = driveHumans(fx, started.table.id, (s) => s.hand.phase === 'play');
    for (const seat of SEATS) {
      const { legal } = accepted(fx.service.playerView(started.table.id, (USERS[seat] as Actor).userId));
      expect(legal).toEqual(legalActions(state, seat, { exchanges: false }));
    }
    const turn = state.hand.turn as Seat;
    expect(
      accepted(fx.service.playerView(started.table.id, (USERS[turn] as Actor).userId)).legal.length,
    ).toBeGreaterThan(1);
  });

  it('refuses a user who is not seated, and a lobby without a match', () => {
    const table = openLobby(fx, [HOST, ALICE], { channelId: OTHER_CHANNEL });
    expect(refusal(fx.service.playerView(table.id, HOST.userId))).toMatchObject({
      code: 'wrong_status',
      status: 'lobby',
    });
    const started = startFourHumans(fx);
    expect(refusal(fx.service.playerView(started.table.id, STRANGER.userId))).toEqual({ code: 'not_seated' });
  });
});

describe('finding tables', () => {
  it('finds the active table of a channel, in the lobby, playing and paused', () => {
    const table = openLobby(fx, USERS.slice(0, 4));
    expect(accepted(fx.service.tableInChannel(CHANNEL)).table.status).toBe('lobby');
    accepted(fx.service.start(table.id, HOST));
    const playing = accepted(fx.service.tableInChannel(CHANNEL));
    expect(playing.table).toMatchObject({ id: table.id, status: 'playing' });
    expect(playing.view?.phase).toBe('grandTichu');
    accepted(fx.service.pause(table.id, HOST));
    expect(accepted(fx.service.tableInChannel(CHANNEL)).table.status).toBe('paused');
    fx.restart();
    expect(accepted(fx.service.tableInChannel(CHANNEL)).table).toMatchObject({
      id: table.id,
      status: 'paused',
    });
  });

  it('finds nothing in a channel without an active table, and refuses a malformed channel id', () => {
    expect(refusal(fx.service.tableInChannel(CHANNEL))).toEqual({ code: 'unknown_table' });
    const table = openLobby(fx);
    accepted(fx.service.abandon(table.id, HOST));
    expect(refusal(fx.service.tableInChannel(CHANNEL))).toEqual({ code: 'unknown_table' });
    expect(refusal(fx.service.tableInChannel('#general'))).toEqual({
      code: 'malformed_id',
      what: 'channel id',
    });
  });

  it("lists a server's active tables, not other servers' nor closed ones", () => {
    const a = openLobby(fx, [HOST], { channelId: '200000000000000011' });
    const b = openLobby(fx, [ALICE], { channelId: '200000000000000012' });
    const closed = openLobby(fx, [BOB], { channelId: '200000000000000013' });
    accepted(fx.service.abandon(closed.id, BOB));
    openLobby(fx, [CAROL], { channelId: '200000000000000014', guildId: OTHER_GUILD });
    expect(accepted(fx.service.tablesOfGuild(GUILD)).map((t) => t.id)).toEqual([a.id, b.id]);
    expect(accepted(fx.service.tablesOfGuild(OTHER_GUILD))).toHaveLength(1);
    expect(accepted(fx.service.tablesOfGuild('100000000000000077'))).toEqual([]);
    expect(refusal(fx.service.tablesOfGuild('guild'))).toEqual({ code: 'malformed_id', what: 'server id' });
  });

  it('remembers the message that shows the table, refusing a malformed message id', () => {
    const table = openLobby(fx);
    expect(accepted(fx.service.setMessageId(table.id, '400000000000000001')).messageId).toBe(
      '400000000000000001',
    );
    expect(refusal(fx.service.setMessageId(table.id, 'msg'))).toEqual({
      code: 'malformed_id',
      what: 'message id',
    });
    fx.restart();
    expect(accepted(fx.service.tableView(table.id)).table.messageId).toBe('400000000000000001');
  });
});

describe('lazy loading', () => {
  it('loads no table at start-up, and each table when first touched', () => {
    const ids = [0, 1, 2, 3].map(
      (n) => openLobby(fx, [USERS[n] as Actor], { channelId: `20000000000000010${n}` }).id,
    );
    const playing = openLobby(fx, USERS.slice(0, 4), { channelId: '200000000000000110' });
    accepted(fx.service.start(playing.id, HOST));
    accepted(fx.service.act(playing.id, ALICE, { type: 'grandTichu', call: false }, 0));

    fx.restart();
    expect(fx.service.loadedTables).toBe(0);
    expect(accepted(fx.service.tablesOfGuild(GUILD))).toHaveLength(5);
    expect(fx.service.loadedTables).toBe(0);

    accepted(fx.service.tableView(ids[2] as string));
    expect(fx.service.loadedTables).toBe(1);
    accepted(fx.service.tableView(ids[2] as string));
    expect(fx.service.loadedTables).toBe(1);
    const loaded = accepted(fx.service.playerView(playing.id, ALICE.userId));
    expect(loaded.view.version).toBe(1);
    expect(fx.service.loadedTables).toBe(2);
    expect(refusal(fx.service.tableView('nosuchtb'))).toEqual({ code: 'unknown_table' });
    expect(fx.service.loadedTables).toBe(2);
  });

  it('keeps at most its capacity in memory, least recently used out first, and drops tables that are over', () => {
    const ids = [0, 1, 2].map(
      (n) => openLobby(fx, [USERS[n] as Actor], { channelId: `20000000000000020${n}` }).id,
    );
    const tables = new Tables(fx.store, undefined, 2);
    const [a, b, c] = ids as [string, string, string];
    const first = tables.get(a);
    tables.get(b);
    tables.get(a); // a is now the most recently used
    tables.get(c); // so b goes
    expect(tables.size).toBe(2);
    // A dropped table is read again, as it was stored.
    expect(tables.get(b)).toEqual(tables.get(b));
    expect(tables.get(a)?.table).toEqual(first?.table);
    expect(tables.size).toBe(2);

    // A table that is over leaves memory at once; touched again, it is read from the file.
    accepted(fx.service.tableView(c));
    const before = fx.service.loadedTables;
    accepted(fx.service.abandon(c, USERS[2] as Actor));
    expect(fx.service.loadedTables).toBe(before - 1);
    expect(accepted(fx.service.tableView(c)).table.status).toBe('abandoned');
  });

  it('a table whose bringing up to date fails is not kept, so the next touch tries again', () => {
    const id = openLobby(fx, [USERS[0] as Actor], { channelId: '200000000000000301' }).id;
    let fail = true;
    const tables = new Tables(fx.store, (loaded) => {
      if (fail) throw new Error('SQLITE_BUSY');
      return loaded;
    });
    expect(() => tables.get(id)).toThrow('SQLITE_BUSY');
    expect(tables.size).toBe(0);
    fail = false;
    expect(tables.get(id)?.table.id).toBe(id);
    expect(tables.size).toBe(1);
  });
});
