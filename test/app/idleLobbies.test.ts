/**
 * Idle lobbies: a lobby nobody touches for 24 hours closes itself, driven by the tables' one deadline
 * heap on the injected clock; any change starts the 24 hours again, and a restart keeps the deadline.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closedIdle } from '../../src/app/tableService.js';
import { IDLE_LOBBY_MS, type TableRecord } from '../../src/store/records.js';
import {
  ALICE,
  accepted,
  BOB,
  CAROL,
  CHANNEL,
  createFixture,
  type Fixture,
  HOST,
  openLobby,
} from '../support/service.js';

const HOUR = 3_600_000;

let fx: Fixture;
let closed: TableRecord[];
beforeEach(() => {
  fx = createFixture();
  closed = [];
  fx.service.onTableClosed((t) => closed.push(t));
});
afterEach(() => fx.cleanup());

const statusOf = (id: string) => fx.store.tables.get(id)?.status;

describe('a lobby nobody touches', () => {
  it('closes itself 24 hours after it was opened, says why, and frees its channel', () => {
    const lobby = openLobby(fx, [HOST]);
    expect(lobby.deadline).toEqual({ at: lobby.updatedAt + IDLE_LOBBY_MS, key: 'idle' });
    expect(fx.store.tables.get(lobby.id)?.deadline).toEqual(lobby.deadline);
    expect(fx.service.armedTimers).toBe(1);
    fx.env.advance(IDLE_LOBBY_MS - 1_000);
    expect(statusOf(lobby.id)).toBe('lobby');
    expect(closed).toEqual([]);
    fx.env.advance(1_000);
    expect(statusOf(lobby.id)).toBe('abandoned');
    expect(closed.map((t) => t.id)).toEqual([lobby.id]);
    expect(closedIdle(closed[0] as TableRecord)).toBe(true);
    expect(closedIdle(accepted(fx.service.tableView(lobby.id)).table)).toBe(true);
    expect(fx.service.armedTimers).toBe(0);
    // Closed for good: no join, and the channel takes a new table.
    expect(accepted(fx.service.tableView(lobby.id)).table.status).toBe('abandoned');
    expect(fx.service.join(lobby.id, ALICE).ok).toBe(false);
    openLobby(fx, [ALICE]);
    expect(closed).toHaveLength(1);
  });

  it('any change starts the 24 hours again: a join, a bot, a setting', () => {
    const lobby = openLobby(fx, [HOST]);
    fx.env.advance(20 * HOUR);
    accepted(fx.service.join(lobby.id, ALICE));
    fx.env.advance(20 * HOUR);
    accepted(fx.service.addBot(lobby.id, HOST));
    fx.env.advance(20 * HOUR);
    accepted(fx.service.changeSettings(lobby.id, HOST, { timer: '5m' }));
    fx.env.advance(23 * HOUR);
    expect(statusOf(lobby.id)).toBe('lobby');
    // A refused request is no touch.
    expect(fx.service.join(lobby.id, ALICE).ok).toBe(false);
    fx.env.advance(HOUR);
    expect(statusOf(lobby.id)).toBe('abandoned');
    expect(closed).toHaveLength(1);
  });

  it('a match started drops it; a table closed by its host is not "idle"', () => {
    const lobby = openLobby(fx, [HOST, ALICE, BOB, CAROL]);
    accepted(fx.service.changeSettings(lobby.id, HOST, { timer: 'off' }));
    accepted(fx.service.start(lobby.id, HOST));
    expect(fx.service.armedTimers).toBe(0);
    fx.env.advance(48 * HOUR);
    expect(statusOf(lobby.id)).toBe('playing');
    const other = openLobby(fx, [BOB], { channelId: '200000000000000077' });
    accepted(fx.service.abandon(other.id, BOB));
    expect(closedIdle(accepted(fx.service.tableView(other.id)).table)).toBe(false);
    expect(accepted(fx.service.tableView(other.id)).table.deadline).toBeNull();
    fx.env.advance(48 * HOUR);
    expect(closed).toEqual([]);
  });
});

describe('across a restart', () => {
  it('the stored deadline is armed again at its time, without loading the lobby', () => {
    const lobby = openLobby(fx, [HOST]);
    fx.env.advance(10 * HOUR);
    fx.restart();
    fx.service.onTableClosed((t) => closed.push(t));
    expect(fx.service.loadedTables).toBe(0);
    expect(fx.service.armedTimers).toBe(1);
    fx.env.advance(14 * HOUR - 2_000);
    expect(statusOf(lobby.id)).toBe('lobby');
    fx.env.advance(2_000);
    expect(statusOf(lobby.id)).toBe('abandoned');
    expect(closed.map((t) => t.id)).toEqual([lobby.id]);
  });

  it('a deadline that passed while the bot was down closes the lobby at once', () => {
    const lobby = openLobby(fx, [HOST], { channelId: CHANNEL });
    fx.service.stopTimers();
    fx.env.clock.step(25 * HOUR);
    fx.restart();
    fx.service.onTableClosed((t) => closed.push(t));
    expect(statusOf(lobby.id)).toBe('lobby');
    fx.env.advance(0);
    expect(statusOf(lobby.id)).toBe('abandoned');
    expect(closed.map((t) => t.id)).toEqual([lobby.id]);
  });
});
