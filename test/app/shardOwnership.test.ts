/**
 * Shards share one file, and each takes charge of its own guilds' tables only: at start-up a shard's
 * table service arms the deadlines, wakes the bot seats and lists for re-rendering the tables of its
 * guilds (guild_id >> 22) % count, never another shard's; one process (no `owns`) takes them all.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TableService } from '../../src/app/tableService.js';
import { ownedBy } from '../../src/discord/shards.js';
import type { TableRecord } from '../../src/store/records.js';
import { Store } from '../../src/store/store.js';
import {
  accepted,
  committedState,
  createFixture,
  type Fixture,
  HOST,
  openLobby,
  owingSeat,
  plainPolicy,
  refusal,
  STRANGER,
  USERS,
} from '../support/service.js';

/** Guild ids on shard 0 and shard 1 of two (the shard is the id's timestamp bits modulo 2). */
const GUILD_ZERO = String(100_000_000_000n << 22n);
const GUILD_ONE = String(100_000_000_001n << 22n);

let fx: Fixture;
const opened: Store[] = [];
beforeEach(() => {
  fx = createFixture();
});
afterEach(() => {
  for (const store of opened.splice(0)) store.close();
  fx.cleanup();
});

/** In `guildId`: a lobby, and a table playing with three bots and a turn timer, shown by a message. */
function tablesIn(guildId: string, channelBase: bigint): { lobby: TableRecord; playing: TableRecord } {
  const lobby = openLobby(fx, [HOST], { guildId, channelId: String(channelBase) });
  const playing = openLobby(fx, [HOST, 'bot', 'bot', 'bot'], {
    guildId,
    channelId: String(channelBase + 1n),
  });
  accepted(fx.service.changeSettings(playing.id, HOST, { timer: '60s' }));
  accepted(fx.service.start(playing.id, HOST));
  accepted(fx.service.setMessageId(playing.id, String(channelBase + 2n)));
  return { lobby, playing };
}

/** A second process on the same file: a table service taking charge of `owns`' guilds (or all). */
function serviceOn(owns?: (guildId: string) => boolean): TableService {
  const store = Store.open(fx.file);
  opened.push(store);
  return new TableService(store, fx.env, { scheduler: fx.env.clock, ...(owns ? { owns } : {}) });
}

describe('a shard takes charge of its own guilds’ tables only', () => {
  it('arms, wakes and re-renders the tables of its guilds at start-up, and one process all of them', () => {
    expect([ownedBy({ id: 0, count: 2 })(GUILD_ZERO), ownedBy({ id: 1, count: 2 })(GUILD_ONE)]).toEqual([
      true,
      true,
    ]);
    const zero = tablesIn(GUILD_ZERO, 500_000_000_000_000_000n);
    const one = tablesIn(GUILD_ONE, 600_000_000_000_000_000n);
    fx.service.stopTimers();

    const shardZero = serviceOn(ownedBy({ id: 0, count: 2 }));
    const shardOne = serviceOn(ownedBy({ id: 1, count: 2 }));
    const single = serviceOn();
    try {
      // Each shard: its lobby's idle deadline and its match's turn deadline, nothing of the other's.
      expect([shardZero.armedTimers, shardOne.armedTimers, single.armedTimers]).toEqual([2, 2, 4]);
      expect(shardZero.tablesShownInPlay()).toEqual([zero.playing.id]);
      expect(shardOne.tablesShownInPlay()).toEqual([one.playing.id]);
      expect(new Set(single.tablesShownInPlay())).toEqual(new Set([zero.playing.id, one.playing.id]));
      // Waking the stand-ins reads (and so holds in memory) the shard's own playing table only.
      expect(shardZero.wakeStandIns()).toBe(1);
      expect(shardZero.loadedTables).toBe(1);
      expect(accepted(shardZero.tableView(zero.playing.id)).table.guildId).toBe(GUILD_ZERO);
      expect(shardOne.wakeStandIns()).toBe(1);
      expect(single.wakeStandIns()).toBe(2);
    } finally {
      for (const service of [shardZero, shardOne, single]) service.stopTimers();
    }
  });

  it('treats another shard’s table as unknown: nothing loaded, cached, armed, asked of a bot or written', async () => {
    // Guild one's table plays with a hard bot and a timer; its host owes a decision.
    const playing = tablesIn(GUILD_ONE, 600_000_000_000_000_000n).playing.id;
    const hardLobby = openLobby(fx, [HOST], { guildId: GUILD_ONE, channelId: '600000000000000010' });
    accepted(fx.service.addBot(hardLobby.id, HOST, 1, 'hard'));
    await fx.service.botsIdle();
    fx.service.stopTimers();
    const rows = () =>
      fx.store.db
        .prepare('SELECT * FROM tables ORDER BY id')
        .all()
        .concat(fx.store.db.prepare('SELECT * FROM matches ORDER BY id').all());
    const before = JSON.stringify(rows());

    const shardZero = serviceOn(ownedBy({ id: 0, count: 2 }));
    try {
      expect(shardZero.armedTimers).toBe(0);
      const state = committedState(fx.store, fx.store.tables.get(playing) as TableRecord);
      const seat = owingSeat(state);
      expect(seat).not.toBeNull();
      const actor = USERS[seat as number] ?? HOST;
      const action = plainPolicy(state, seat as never);
      // A forged custom id in guild zero naming guild one's table, on every path a click takes.
      const refusals = [
        shardZero.tableView(playing),
        shardZero.playerView(playing, HOST.userId),
        shardZero.act(playing, actor, action, state.version),
        shardZero.pause(playing, HOST),
        shardZero.goAway(playing, HOST),
        shardZero.requestSeat(playing, STRANGER, 1),
        shardZero.join(hardLobby.id, STRANGER),
        shardZero.abandon(hardLobby.id, HOST),
        shardZero.tableInChannel('600000000000000001'),
      ].map((outcome) => refusal(outcome).code);
      expect(new Set(refusals)).toEqual(new Set(['unknown_table']));
      await shardZero.botsIdle();
      expect([shardZero.loadedTables, shardZero.armedTimers]).toEqual([0, 0]);
      expect(JSON.stringify(rows())).toBe(before);
    } finally {
      shardZero.stopTimers();
    }
    // The shard that owns it still sees it.
    const shardOne = serviceOn(ownedBy({ id: 1, count: 2 }));
    try {
      expect(accepted(shardOne.tableView(playing)).table.id).toBe(playing);
    } finally {
      shardOne.stopTimers();
    }
  });

  it('one shard of one owns every guild', () => {
    const owns = ownedBy({ id: 0, count: 1 });
    expect([owns(GUILD_ZERO), owns(GUILD_ONE)]).toEqual([true, true]);
    expect([ownedBy({ id: 1, count: 2 })(GUILD_ZERO), ownedBy({ id: 0, count: 2 })(GUILD_ONE)]).toEqual([
      false,
      false,
    ]);
  });
});
