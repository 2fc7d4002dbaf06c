/**
 * The table service tells of every committed hand end once, after its transaction, whatever made
 * it (a player's action, the away seats' moves, a timeout's), and never again after a restart; a
 * rated match stores each person's rating before and after on their result row.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ActOutcome } from '../../src/app/outcomes.js';
import { StatsService } from '../../src/app/stats.js';
import type { MatchState } from '../../src/engine/index.js';
import {
  ALICE,
  accepted,
  BOB,
  CAROL,
  committedState,
  createFixture,
  driveHumans,
  type Fixture,
  GUILD,
  HOST,
  plainPolicy,
  startFourHumans,
  USERS,
} from '../support/service.js';

const TWO_MINUTES = 120_000;

interface Told {
  readonly hands: number[];
  readonly path: string;
  readonly finished: boolean;
  readonly matchEnded: boolean;
  /** Whether the store held the told state and no transaction was open when the listener ran. */
  readonly afterCommit: boolean;
}

let fx: Fixture;
let told: Told[];
let path: string;

function listen(): void {
  fx.service.onHandEnded((outcome: ActOutcome) => {
    const stored = committedState(fx.store, outcome.table);
    told.push({
      hands: outcome.events.flatMap((e) => (e.type === 'handEnded' ? [e.result.number] : [])),
      path,
      finished: outcome.state.status === 'finished',
      matchEnded: outcome.events.some((e) => e.type === 'matchEnded'),
      afterCommit: !fx.store.db.inTransaction && stored.version === outcome.state.version,
    });
  });
}

beforeEach(() => {
  fx = createFixture();
  told = [];
  path = 'none';
  listen();
});
afterEach(() => fx.cleanup());

describe('hand ends, told by the table service', () => {
  it('each once, after its commit, whether a player, the away seats or a timeout made it; the match end too', () => {
    const started = startFourHumans(fx, { targetScore: 1000 });
    const tableId = started.table.id;
    // Three step away (their seats play at once); the host's decisions alternate: a timeout, an action.
    for (const actor of [ALICE, BOB, CAROL]) accepted(fx.service.goAway(tableId, actor));
    let state: MatchState = committedState(fx.store, started.table);
    for (let i = 0; i < 3_000 && state.status !== 'finished'; i++) {
      if (i % 2 === 0) {
        path = 'timeout';
        fx.env.advance(TWO_MINUTES + 1);
      } else {
        path = 'action';
        accepted(fx.service.act(tableId, HOST, plainPolicy(state, 0), state.version));
      }
      state = committedState(fx.store, started.table);
    }
    expect(state.status).toBe('finished');
    // Target 1000 takes at least three hands.
    expect(state.history.length).toBeGreaterThanOrEqual(3);
    expect(told.flatMap((t) => t.hands)).toEqual(state.history.map((h) => h.number));
    expect(told.every((t) => t.afterCommit)).toBe(true);
    expect(new Set(told.map((t) => t.path))).toEqual(new Set(['timeout', 'action']));
    expect(told.filter((t) => t.matchEnded || t.finished)).toEqual([told.at(-1)]);
    expect(told.at(-1)).toMatchObject({ finished: true, matchEnded: true });

    // Rated (timeouts and away spells do not unrate): each person's rating before and after is kept.
    const detail = accepted(new StatsService(fx.store).matchDetail(GUILD, started.table.matchId as number));
    expect(detail.match.rated).toBe(true);
    const ratings = fx.store.db
      .prepare('SELECT user_id AS userId, ordinal FROM ratings WHERE guild_id = ?')
      .all(GUILD) as Array<{ userId: string; ordinal: number }>;
    expect(detail.ratingChanges.map((c) => ({ seat: c.seat, userId: c.userId, before: c.before }))).toEqual(
      [0, 1, 2, 3].map((seat) => ({ seat, userId: USERS[seat]?.userId, before: 0 })),
    );
    for (const c of detail.ratingChanges)
      expect(c.after).toBe(ratings.find((r) => r.userId === c.userId)?.ordinal);
    const winners = detail.ratingChanges.filter((c) => c.seat % 2 === state.winner);
    expect(winners.every((c) => c.after > c.before)).toBe(true);
  });

  it('a listener that throws costs the commit nothing: the action stands and the next hand is told', () => {
    const started = startFourHumans(fx, { targetScore: 1000 });
    fx.service.onHandEnded(() => {
      throw new Error('listener bug');
    });
    const state = driveHumans(fx, started.table.id, (s) => s.hand.number === 2);
    expect(committedState(fx.store, started.table).history.map((h) => h.number)).toEqual([1]);
    expect(state.hand.number).toBe(2);
    listen();
    driveHumans(fx, started.table.id, (s) => s.hand.number === 3);
    expect(told.map((t) => t.hands)).toEqual([[2]]);
  });

  it('a restart tells no old hand end again, and an abandoned match tells none', () => {
    const started = startFourHumans(fx, { targetScore: 1000 });
    driveHumans(fx, started.table.id, (s) => s.hand.number === 2);
    expect(told.map((t) => t.hands)).toEqual([[1]]);
    told = [];
    fx.restart();
    listen();
    // Reading the table back (and its bots settling) tells nothing: hand 1 was told before.
    const view = accepted(fx.service.tableView(started.table.id));
    expect(view.table.status).toBe('playing');
    accepted(fx.service.abandon(started.table.id, HOST));
    expect(told).toEqual([]);
  });
});
