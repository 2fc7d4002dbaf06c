/** The "your turn" notifier remembers recent activity only as long as it holds a ping back. */

import type { Client } from 'discord.js';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { ActOutcome } from '../../src/app/outcomes.js';
import type { TableService } from '../../src/app/tableService.js';
import { Looks } from '../../src/discord/looks.js';
import { Outbox } from '../../src/discord/outbox.js';
import { TurnNotifier } from '../../src/discord/turnNotifier.js';
import { type MatchState, makeSettings, newMatch } from '../../src/engine/index.js';
import { playingTable, RECORD_USERS } from '../support/records.js';

describe('TurnNotifier memory', () => {
  it('forgets activity older than the interval, so a long-running bot does not grow without end', () => {
    let now = 0;
    // Activity only: neither Discord nor the service is reached.
    const notifier = new TurnNotifier(
      {} as Client,
      {} as TableService,
      pino({ level: 'silent' }),
      new Outbox(),
      new Looks(null),
      60_000,
      () => now,
    );
    for (let i = 0; i < 20_000; i++) {
      now += 100; // 10 players a second, each at a different table
      notifier.noteActivity(`t${String(i).padStart(7, '0')}`, String(i));
    }
    // Only the last minute (600 entries) can still hold a ping back; sweeps keep it within a bound.
    expect(notifier.remembered).toBeGreaterThanOrEqual(600);
    expect(notifier.remembered).toBeLessThanOrEqual(2_000);
  });
});

describe('TurnNotifier pings', () => {
  const users = RECORD_USERS;
  /** A playing table whose turn is `seat`'s (the state's other fields do not matter here). */
  function outcome(seat: 0 | 1 | 2 | 3): ActOutcome {
    const base = newMatch(makeSettings(), 'pings');
    const state: MatchState = { ...base, hand: { ...base.hand, phase: 'play', turn: seat, pending: null } };
    return {
      table: playingTable(state.settings),
      state,
      events: [],
    };
  }

  function setup(optedOut: string[] = []) {
    let now = 1_000_000;
    const posted: Array<{ route: string; body: { content: string; allowed_mentions: unknown } }> = [];
    const client = {
      rest: {
        post: async (route: string, options: { body: { content: string; allowed_mentions: unknown } }) => {
          posted.push({ route, body: options.body });
          return {};
        },
      },
    } as unknown as Client;
    const service = { wantsTurnPings: (id: string) => !optedOut.includes(id) } as unknown as TableService;
    const notifier = new TurnNotifier(
      client,
      service,
      pino({ level: 'silent' }),
      new Outbox(),
      new Looks(null),
      60_000,
      () => now,
    );
    return { notifier, posted, advance: (ms: number) => (now += ms) };
  }

  it('mentions the player whose turn it is, at most once a minute, and never the one who acted', async () => {
    const { notifier, posted, advance } = setup();
    notifier.afterAction(outcome(1), users[0] as string);
    expect(posted).toHaveLength(1);
    expect(posted[0]?.route).toBe('/channels/200000000000000001/messages');
    expect(posted[0]?.body.content).toMatch(new RegExp(`^<@${users[1]}> it is your turn`));
    expect(posted[0]?.body.allowed_mentions).toEqual({ users: [users[1]] });
    // Again within the minute: no second ping.
    advance(30_000);
    notifier.afterAction(outcome(1), users[3] as string);
    expect(posted).toHaveLength(1);
    // After the minute: pinged again.
    advance(31_000);
    notifier.afterAction(outcome(1), users[3] as string);
    await notifier.drain();
    expect(posted).toHaveLength(2);
    // Their own action: nobody to remind.
    notifier.afterAction(outcome(2), users[2] as string);
    expect(posted).toHaveLength(2);
  });

  it('holds back a ping for a player who just acted, and never pings one who opted out', () => {
    const { notifier, posted, advance } = setup([users[3] as string]);
    notifier.noteActivity('abcd1234', users[2] as string);
    advance(10_000);
    notifier.afterAction(outcome(2), users[1] as string);
    expect(posted).toHaveLength(0);
    notifier.afterAction(outcome(3), users[2] as string);
    expect(posted).toHaveLength(0);
    advance(60_000);
    notifier.afterAction(outcome(2), users[1] as string);
    expect(posted).toHaveLength(1);
  });
});

describe('TurnNotifier: deadlines and one turn message per table', () => {
  const users = RECORD_USERS;
  const AT = 1_700_000_120_000;

  function outcome(seat: 0 | 1 | 2 | 3, extra: Partial<ActOutcome> = {}): ActOutcome {
    const base = newMatch(makeSettings(), 'pings');
    const state: MatchState = { ...base, hand: { ...base.hand, phase: 'play', turn: seat, pending: null } };
    return { table: playingTable(state.settings), state, events: [], ...extra };
  }

  function setup() {
    let n = 0;
    const posted: Array<{ id: string; content: string; users: unknown }> = [];
    const deleted: string[] = [];
    const client = {
      rest: {
        post: async (
          _route: string,
          options: { body: { content: string; allowed_mentions: { users: unknown } } },
        ) => {
          const id = `50000000000000000${n++}`;
          posted.push({ id, content: options.body.content, users: options.body.allowed_mentions.users });
          return { id };
        },
        delete: async (route: string) => {
          deleted.push(route.split('/').at(-1) as string);
        },
      },
    } as unknown as Client;
    const service = { wantsTurnPings: (id: string) => id !== users[3] } as unknown as TableService;
    const notifier = new TurnNotifier(
      client,
      service,
      pino({ level: 'silent' }),
      new Outbox(),
      new Looks(null),
      0,
      () => 0,
    );
    return { notifier, posted, deleted };
  }

  it('carries the deadline as a Discord countdown', async () => {
    const { notifier, posted } = setup();
    const table = { ...outcome(1).table, deadline: { at: AT, key: 'k' } };
    notifier.afterAction({ ...outcome(1), table }, users[0] as string);
    await notifier.drain();
    expect(posted[0]?.content).toBe(
      `<@${users[1]}> it is your turn at the Tichu table: time runs out <t:${AT / 1000}:R>. (Turn these off with /notify turn:off.)`,
    );
  });

  it('deletes its previous turn message at a table when it sends the next, and the last when the hand ends', async () => {
    const { notifier, posted, deleted } = setup();
    notifier.afterAction(outcome(1), users[0] as string);
    notifier.afterAction(outcome(2), users[1] as string);
    await notifier.drain();
    expect(posted.map((p) => p.id)).toHaveLength(2);
    expect(deleted).toEqual([posted[0]?.id]);
    expect(notifier.standing).toBe(1);
    const ended = outcome(2, {
      events: [{ type: 'handEnded', result: {} } as unknown as ActOutcome['events'][number]],
    });
    notifier.afterAction(
      { ...ended, state: { ...ended.state, hand: { ...ended.state.hand, phase: 'grandTichu' } } },
      '',
    );
    await notifier.drain();
    expect(deleted).toEqual([posted[0]?.id, posted[1]?.id]);
    expect(notifier.standing).toBe(0);
  });

  it('takes its message away once the seat it named has moved, so no countdown reads "seconds ago"', async () => {
    const { notifier, posted, deleted } = setup();
    notifier.afterAction(outcome(1), users[0] as string);
    // Seat 1 plays; the turn is seat 2's, whose player is the one who just acted: no new ping.
    notifier.afterAction(outcome(2), users[2] as string);
    await notifier.drain();
    expect(posted).toHaveLength(1);
    expect(deleted).toEqual([posted[0]?.id]);
    expect(notifier.standing).toBe(0);
  });

  it('keeps a reminder while one seat it named still owes a move', async () => {
    const { notifier, deleted } = setup();
    const base = outcome(1);
    const exchange = (done: Array<0 | 1 | 2 | 3>): ActOutcome => {
      const owed = [0, 1, 2, 3].map((s) => (done.includes(s as 0) ? [] : null));
      return {
        ...base,
        state: { ...base.state, hand: { ...base.state.hand, phase: 'exchange', exchange: owed as never } },
      };
    };
    notifier.remind({ table: base.table, seats: [1, 2], at: AT });
    notifier.afterAction(exchange([1]), users[1] as string);
    await notifier.drain();
    expect(deleted).toEqual([]);
    expect(notifier.standing).toBe(1);
    notifier.afterAction(exchange([1, 2]), users[2] as string);
    await notifier.drain();
    expect(deleted).toHaveLength(1);
    expect(notifier.standing).toBe(0);
  });

  it('never pings an away seat: the bot plays it', async () => {
    const { notifier, posted } = setup();
    const base = outcome(1);
    const seats = [...base.table.seats];
    seats[1] = { ...(seats[1] as object), away: true } as never;
    notifier.afterAction({ ...base, table: { ...base.table, seats: seats as never } }, users[0] as string);
    await notifier.drain();
    expect(posted).toEqual([]);
  });

  it('reminds the seats a deadline runs for, in one message, never one who opted out; it replaces the turn message', async () => {
    const { notifier, posted, deleted } = setup();
    notifier.afterAction(outcome(1), users[0] as string);
    notifier.remind({ table: outcome(1).table, seats: [1, 2, 3], at: AT });
    await notifier.drain();
    expect(posted[1]?.content).toBe(
      `<@${users[1]}> <@${users[2]}> ⏰ time runs out <t:${AT / 1000}:R> at the Tichu table: then the bot decides for you. (Turn these off with /notify turn:off.)`,
    );
    expect(posted[1]?.users).toEqual([users[1], users[2]]);
    expect(deleted).toEqual([posted[0]?.id]);
    notifier.remind({ table: outcome(1).table, seats: [3], at: AT });
    await notifier.drain();
    expect(posted).toHaveLength(2);
  });
});
