/** The "your turn" notifier remembers recent activity only as long as it holds a ping back. */
import type { Client } from 'discord.js';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { ActOutcome } from '../../src/app/outcomes.js';
import type { TableService } from '../../src/app/tableService.js';
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
    const notifier = new TurnNotifier(client, service, pino({ level: 'silent' }), 60_000, () => now);
    return { notifier, posted, advance: (ms: number) => (now += ms) };
  }

  it('mentions the player whose turn it is, at most once a minute, and never the one who acted', () => {
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
