/**
 * `/table list` in the table service: a server's lobbies, matches and paused matches with their
 * channel, players, score and last activity, the most recently active first, paged; `mine` narrows
 * it to the viewer's tables.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LIST_PAGE_SIZE } from '../../src/app/tableService.js';
import {
  ALICE,
  accepted,
  BOB,
  CAROL,
  createFixture,
  driveHumans,
  type Fixture,
  GUILD,
  HOST,
  OTHER_GUILD,
  openLobby,
  refusal,
  STRANGER,
  USERS,
} from '../support/service.js';

let fx: Fixture;
beforeEach(() => {
  fx = createFixture();
});
afterEach(() => fx.cleanup());

const channel = (n: number) => `2000000000000001${String(n).padStart(2, '0')}`;
const ids = (list: { rows: readonly { table: { id: string } }[] }) => list.rows.map((r) => r.table.id);

describe('/table list', () => {
  it('shows the active tables of this server, the most recently active first, with what a row needs', () => {
    const playing = openLobby(fx, USERS.slice(0, 4), { channelId: channel(1) });
    accepted(fx.service.start(playing.id, HOST));
    const paused = openLobby(fx, [STRANGER, ALICE, 'bot', 'bot'], { channelId: channel(2) });
    accepted(fx.service.start(paused.id, STRANGER));
    accepted(fx.service.pause(paused.id, STRANGER));
    fx.env.advance(60_000);
    const lobby = openLobby(fx, [BOB], { channelId: channel(3) });
    const elsewhere = openLobby(fx, [CAROL], { channelId: channel(4), guildId: OTHER_GUILD });
    const closed = openLobby(fx, [CAROL], { channelId: channel(5) });
    accepted(fx.service.abandon(closed.id, CAROL));
    // The playing table moves last: it is the most recent.
    fx.env.advance(60_000);
    const now = driveHumans(fx, playing.id, (s) => s.version >= 3);

    const list = accepted(fx.service.listTables(GUILD, HOST.userId, false, 0));
    expect(ids(list)).toEqual([playing.id, lobby.id, paused.id]);
    expect(list).toMatchObject({ page: 0, pages: 1, total: 3, mine: false });
    const [first, second, third] = list.rows;
    expect(first?.table).toMatchObject({ channelId: channel(1), status: 'playing' });
    expect(first?.view?.scores).toEqual([0, 0]);
    expect(first?.view?.version).toBe(now.version);
    const lastAction = fx.store.matches.actions(first?.table.matchId as number).length;
    expect(lastAction).toBe(now.version);
    expect(first?.activeAt).toBeGreaterThan(second?.activeAt as number);
    expect(second?.table).toMatchObject({ status: 'lobby', channelId: channel(3) });
    expect(second?.view).toBeNull();
    expect(second?.activeAt).toBe(lobby.updatedAt);
    expect(third?.table).toMatchObject({ status: 'paused', channelId: channel(2) });
    expect(third?.table.seats[0]).toMatchObject({ userId: STRANGER.userId });
    // The other server sees only its own.
    expect(ids(accepted(fx.service.listTables(OTHER_GUILD, HOST.userId, false, 0)))).toEqual([elsewhere.id]);
  });

  it('mine: only the tables where the viewer is seated', () => {
    const a = openLobby(fx, [HOST, ALICE], { channelId: channel(1) });
    const b = openLobby(fx, [BOB, ALICE], { channelId: channel(2) });
    openLobby(fx, [CAROL], { channelId: channel(3) });
    expect(ids(accepted(fx.service.listTables(GUILD, ALICE.userId, true, 0)))).toEqual([b.id, a.id]);
    expect(ids(accepted(fx.service.listTables(GUILD, HOST.userId, true, 0)))).toEqual([a.id]);
    const none = accepted(fx.service.listTables(GUILD, STRANGER.userId, true, 0));
    expect(none).toMatchObject({ rows: [], total: 0, pages: 1, page: 0, mine: true });
  });

  it(`pages by ${LIST_PAGE_SIZE}; a page out of range is clamped`, () => {
    const opened = Array.from({ length: 23 }, (_, i) =>
      openLobby(fx, [HOST], { channelId: channel(i + 10) }),
    );
    const newestFirst = opened.map((t) => t.id).reverse();
    const pages = [0, 1, 2].map((p) => accepted(fx.service.listTables(GUILD, HOST.userId, false, p)));
    expect(pages.map((p) => p.rows.length)).toEqual([10, 10, 3]);
    expect(pages.flatMap(ids)).toEqual(newestFirst);
    expect(pages[2]).toMatchObject({ page: 2, pages: 3, total: 23 });
    expect(ids(accepted(fx.service.listTables(GUILD, HOST.userId, false, 99)))).toEqual(
      ids(pages[2] as never),
    );
    expect(ids(accepted(fx.service.listTables(GUILD, HOST.userId, false, -4)))).toEqual(
      ids(pages[0] as never),
    );
  });

  it('refuses a malformed server or user id', () => {
    expect(refusal(fx.service.listTables('guild', HOST.userId, false, 0))).toEqual({
      code: 'malformed_id',
      what: 'server id',
    });
    expect(refusal(fx.service.listTables(GUILD, 'me', false, 0))).toEqual({
      code: 'malformed_id',
      what: 'user id',
    });
  });
});
