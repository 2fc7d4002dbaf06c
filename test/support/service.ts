/**
 * A table service on a real SQLite file in a temporary directory, with a deterministic environment
 * (table ids, seeds, clock and seating draws are predictable), plus helpers that drive a match.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { ManualClock } from '../../src/app/clock.js';
import type { Actor } from '../../src/app/core.js';
import type { Environment } from '../../src/app/ids.js';
import type { ActOutcome } from '../../src/app/outcomes.js';
import { type ServiceOptions, TableService } from '../../src/app/tableService.js';
import { requestAt, runDecision } from '../../src/bots/decisionJob.js';
import {
  type Action,
  canonicalHand,
  legalActions,
  type MatchState,
  owesAction,
  type Result,
  SEATS,
  type Seat,
  setSeat,
} from '../../src/engine/index.js';
import type { TableRecord } from '../../src/store/records.js';
import { Store } from '../../src/store/store.js';

export const GUILD = '100000000000000001';
export const OTHER_GUILD = '100000000000000002';
export const CHANNEL = '200000000000000001';
export const OTHER_CHANNEL = '200000000000000002';

/** Distinct users with 18-digit ids; USERS[0] is the usual host. */
export const USERS: readonly Actor[] = [0, 1, 2, 3, 4, 5].map((n) => ({
  userId: `30000000000000000${n}`,
  name: `Player ${n}`,
}));
export const [HOST, ALICE, BOB, CAROL, STRANGER] = USERS as [Actor, Actor, Actor, Actor, Actor, Actor];

export interface TestEnvironment extends Environment {
  /** Seeds handed out by newSeed() before falling back to `seed-<n>`. */
  readonly seeds: string[];
  /** Values returned by randomInt() (each taken modulo n) before falling back to 0. */
  readonly randomValues: number[];
  /** The n of every randomInt(n) call, in order. */
  readonly randomCalls: number[];
  /** The clock `now` reads and the deadline heap's scheduler: time passes only with `advance`. */
  readonly clock: ManualClock;
  /** Moves time forward by `ms` and runs every deadline and reminder that came due. */
  advance(ms: number): void;
}

export function testEnvironment(): TestEnvironment {
  const clock = new ManualClock(1_700_000_000_000);
  let tables = 0;
  let seeds = 0;
  const env: TestEnvironment = {
    seeds: [],
    randomValues: [],
    randomCalls: [],
    clock,
    advance: (ms) => void clock.advance(ms),
    // Each reading moves the clock a millisecond, so no two writes share a time.
    now: () => {
      clock.step(1);
      return clock.now();
    },
    newTableId: () => `t${String(++tables).padStart(7, '0')}`,
    newSeed: () => env.seeds.shift() ?? `seed-${++seeds}`,
    randomInt: (n) => {
      env.randomCalls.push(n);
      return (env.randomValues.shift() ?? 0) % n;
    },
  };
  return env;
}

export interface Fixture {
  readonly dir: string;
  readonly file: string;
  readonly env: TestEnvironment;
  /** The current store and service (replaced by `restart`). */
  store: Store;
  service: TableService;
  /** Closes the store and opens a new Store and TableService on the same file, as after a restart. */
  restart(): void;
  cleanup(): void;
}

/**
 * `options` go to every TableService the fixture makes (the first and each after a restart). Its
 * deadlines run on the environment's manual clock: they fire only when a test calls `env.advance`.
 */
export function createFixture(options: ServiceOptions = {}): Fixture {
  const dir = mkdtempSync(join(tmpdir(), 'tichu-'));
  const file = join(dir, 'tichu.sqlite');
  const env = testEnvironment();
  const store = Store.open(file);
  const fx: Fixture = {
    dir,
    file,
    env,
    store,
    service: new TableService(store, env, { scheduler: env.clock, ...options }),
    restart() {
      fx.service.stopTimers();
      fx.store.close();
      fx.store = Store.open(file);
      fx.service = new TableService(fx.store, env, { scheduler: env.clock, ...options });
    },
    cleanup() {
      fx.service.stopTimers();
      fx.store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return fx;
}

/** Unwraps an outcome that must be accepted, failing with the refusal otherwise. */
export function accepted<T>(outcome: Result<T, unknown>): T {
  if (!outcome.ok) expect.fail(`refused: ${JSON.stringify(outcome.error)}`);
  return outcome.value;
}

/** The refusal of an outcome that must be refused. */
export function refusal<E>(outcome: Result<unknown, E>): E {
  if (outcome.ok) expect.fail('expected a refusal, but it was accepted');
  return outcome.error;
}

/**
 * Opens a lobby hosted by the first player; the others join in order ("bot": the host adds a bot
 * in the next seat).
 */
export function openLobby(
  fx: Fixture,
  players: readonly [Actor, ...Array<Actor | 'bot'>] | readonly Actor[] = [HOST],
  options: {
    channelId?: string;
    guildId?: string;
    settings?: Parameters<TableService['openTable']>[0]['settings'];
  } = {},
): TableRecord {
  const [host, ...others] = players as [Actor, ...Array<Actor | 'bot'>];
  let table = accepted(
    fx.service.openTable({
      guildId: options.guildId ?? GUILD,
      channelId: options.channelId ?? CHANNEL,
      host,
      ...(options.settings ? { settings: options.settings } : {}),
    }),
  );
  for (const player of others)
    table = accepted(
      player === 'bot' ? fx.service.addBot(table.id, host) : fx.service.join(table.id, player),
    );
  return table;
}

/** Four humans (USERS[0..3] in seats 0..3), started: the match is in its Grand Tichu decisions. */
export function startFourHumans(fx: Fixture, settings?: { targetScore: number }): ActOutcome {
  const table = openLobby(fx, USERS.slice(0, 4), settings ? { settings } : {});
  return accepted(fx.service.start(table.id, HOST));
}

/** The current state of the table's match, as committed (read from the store's snapshot). */
export function committedState(store: Store, table: TableRecord): MatchState {
  if (table.matchId === null) throw new Error('the table has no match');
  const stored = store.matches.load(table.matchId);
  if (!stored) throw new Error(`match ${table.matchId} not found`);
  return stored.state;
}

export function count(store: Store, sql: string, ...params: unknown[]): number {
  return (store.db.prepare(sql).get(...params) as { n: number }).n;
}

/** Who owes a decision now (the first such seat), or null. */
export function owingSeat(state: MatchState): Seat | null {
  return SEATS.find((seat) => owesAction(state, seat)) ?? null;
}

export type Policy = (state: MatchState, seat: Seat) => Action;

/** No calls; exchange the first three cards; otherwise the first legal action that is not a call. */
export const plainPolicy: Policy = (state, seat) => {
  const hand = state.hand;
  if (hand.phase === 'grandTichu') return { type: 'grandTichu', call: false };
  if (hand.phase === 'exchange') {
    const [next, partner, previous] = hand.hands[seat] as [never, never, never];
    return { type: 'exchange', next, partner, previous };
  }
  if (hand.pending?.kind === 'wish') return { type: 'wish', rank: null };
  const actions = legalActions(state, seat, { exchanges: false }).filter((a) => a.type !== 'tichu');
  const action = actions[0];
  if (!action) throw new Error(`seat ${seat} owes an action but has none`);
  return action;
};

/**
 * Four humans play (each seat's user acts with the version it saw) until `until` holds; at most
 * `max` actions. Returns the state where it stopped.
 */
export function driveHumans(
  fx: Fixture,
  tableId: string,
  until: (state: MatchState) => boolean,
  policy: Policy = plainPolicy,
  max = 1_000,
): MatchState {
  const table = () => accepted(fx.service.tableView(tableId)).table;
  let state = committedState(fx.store, table());
  for (let i = 0; i < max; i++) {
    if (until(state)) return state;
    const seat = owingSeat(state);
    if (seat === null) throw new Error(`nobody owes an action at version ${state.version}`);
    state = accepted(fx.service.act(tableId, USERS[seat] as Actor, policy(state, seat), state.version)).state;
  }
  throw new Error(`condition not reached within ${max} actions`);
}

/** What the normal policy decides for `seat` at `state` with its call window closed, as a timeout does. */
export function forcedChoice(state: MatchState, seat: Seat): Action | null {
  const closed = {
    ...state,
    hand: canonicalHand({ ...state.hand, played: setSeat(state.hand.played, seat, true) }),
  };
  const answer = runDecision(
    requestAt('normal', closed, seat, `${state.seed}:bots:${state.version}:${seat}`, 150),
  );
  return answer.ok ? answer.action : null;
}
