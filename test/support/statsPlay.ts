/**
 * Whole matches for the statistics tests: a deterministic "lively" policy (calls, bombs, random
 * plays), an engine-only simulation to search seeds, and a driver that plays a match through the
 * table service with any seating (humans by seat, bots played by the service itself).
 */
import type Database from 'better-sqlite3';
import type { Actor } from '../../src/app/core.js';
import { randomAction } from '../../src/bots/randomBot.js';
import {
  type Action,
  apply,
  type GameEvent,
  isBomb,
  legalActions,
  type MatchState,
  newMatch,
  owesAction,
  Rng,
  readCombos,
  SEATS,
  type Seat,
  type Settings,
  seedRng,
} from '../../src/engine/index.js';
import type { TableRecord } from '../../src/store/records.js';
import { accepted, type Fixture, openLobby, type Policy } from './service.js';

export function isBombPlay(action: Action): boolean {
  return action.type === 'play' && readCombos(action.cards).some(isBomb);
}

/**
 * A deterministic policy (a function of the state, the seat and `salt` only): Grand Tichu now and
 * then, Tichu now and then, bombs when it has them, otherwise a random legal action.
 */
export function livelyPolicy(salt = 'lively', odds = { grand: 0.06, tichu: 0.12, bomb: 0.8 }): Policy {
  return (state, seat) => {
    const rng = new Rng(seedRng(`${salt}:${state.seed}:${state.version}:${seat}`));
    const hand = state.hand;
    if (hand.phase === 'grandTichu') return { type: 'grandTichu', call: rng.nextFloat() < odds.grand };
    if (hand.phase === 'exchange') {
      const exchange = randomAction(state, seat, rng);
      if (!exchange) throw new Error(`seat ${seat} cannot exchange`);
      return exchange;
    }
    const legal = legalActions(state, seat, { exchanges: false });
    if (legal.some((a) => a.type === 'tichu') && hand.turn === seat && rng.nextFloat() < odds.tichu)
      return { type: 'tichu' };
    const moves = legal.filter((a) => a.type !== 'tichu');
    const bombs = moves.filter(isBombPlay);
    if (bombs.length > 0 && rng.nextFloat() < odds.bomb) return bombs[rng.nextInt(bombs.length)] as Action;
    const action = moves[rng.nextInt(moves.length)];
    if (!action) throw new Error(`seat ${seat} owes an action but has none at version ${state.version}`);
    return action;
  };
}

/** The seat that owes the next decision (the lowest such seat), among `seats` if given. */
export function nextSeat(state: MatchState, seats: readonly Seat[] = SEATS): Seat | null {
  return seats.find((seat) => owesAction(state, seat)) ?? null;
}

/** Plays a whole match with the engine alone (four seats, one policy); at most `max` actions. */
export function simulate(settings: Settings, seed: string, policy: Policy, max = 6_000): MatchState {
  let state = newMatch(settings, seed);
  for (let i = 0; i < max && state.status !== 'finished'; i++) {
    const seat = nextSeat(state);
    if (seat === null) throw new Error(`nobody owes an action at version ${state.version}`);
    const step = apply(state, seat, policy(state, seat));
    if (!step.ok) throw new Error(`the engine refused the policy's action: ${step.error.code}`);
    state = step.value.state;
  }
  if (state.status !== 'finished') throw new Error(`seed ${seed} did not finish within ${max} actions`);
  return state;
}

/** The first seed `${prefix}-<n>` (n < limit) whose simulated match passes `test`. */
export function searchSeed(
  prefix: string,
  settings: Settings,
  policy: Policy,
  test: (final: MatchState) => boolean,
  limit = 200,
): { seed: string; final: MatchState } {
  for (let i = 0; i < limit; i++) {
    const seed = `${prefix}-${i}`;
    const final = simulate(settings, seed, policy);
    if (test(final)) return { seed, final };
  }
  throw new Error(`no seed ${prefix}-<n> below ${limit} passes the test`);
}

export type SeatSpec = Actor | 'bot';

export interface PlayedMatch {
  readonly table: TableRecord;
  readonly matchId: number;
  readonly state: MatchState;
}

/**
 * Opens a table with `seats` in seat order (seat 0 must be a human: the host), starts it with
 * `seed`, and lets the humans play with `policy` (bots are played by the service) until `until`
 * holds or the match is over; at most `max` human actions.
 */
export function playMatch(
  fx: Fixture,
  seats: readonly [Actor, SeatSpec, SeatSpec, SeatSpec],
  options: {
    seed: string;
    policy: Policy;
    settings?: Partial<Settings>;
    guildId?: string;
    channelId?: string;
    until?: (state: MatchState) => boolean;
    max?: number;
  },
): PlayedMatch {
  const table = openLobby(fx, seats, {
    ...(options.guildId ? { guildId: options.guildId } : {}),
    ...(options.channelId ? { channelId: options.channelId } : {}),
    ...(options.settings ? { settings: options.settings } : {}),
  });
  const host = seats[0];
  fx.env.seeds.push(options.seed);
  const started = accepted(fx.service.start(table.id, host));
  return continueMatch(fx, started.table, started.state, options.policy, options.until, options.max);
}

/** Lets the seated humans play on from `state` until `until` holds or the match is over. */
export function continueMatch(
  fx: Fixture,
  from: TableRecord,
  fromState: MatchState,
  policy: Policy,
  until: (state: MatchState) => boolean = () => false,
  max = 6_000,
): PlayedMatch {
  let table = from;
  let state = fromState;
  const humans = SEATS.filter((s) => table.seats[s]?.kind === 'user');
  for (let i = 0; i < max; i++) {
    if (table.status !== 'playing' || until(state)) return { table, matchId: table.matchId as number, state };
    const seat = nextSeat(state, humans);
    if (seat === null) throw new Error(`no human owes an action at version ${state.version}`);
    const occupant = table.seats[seat] as { userId: string; name: string };
    const done = accepted(
      fx.service.act(
        table.id,
        { userId: occupant.userId, name: occupant.name },
        policy(state, seat),
        state.version,
      ),
    );
    table = done.table;
    state = done.state;
  }
  throw new Error(`the match did not reach its end within ${max} human actions`);
}

/** Bombs per seat in a match, counted in JavaScript from the rows of the events table. */
export function bombsFromEvents(db: Database.Database, matchId: number): number[] {
  const rows = db.prepare('SELECT events FROM events WHERE match_id = ? ORDER BY version').all(matchId) as {
    events: string;
  }[];
  const bombs = [0, 0, 0, 0];
  for (const row of rows) {
    for (const event of JSON.parse(row.events) as GameEvent[]) {
      if (
        event.type === 'played' &&
        (event.combo.type === 'fourOfAKind' || event.combo.type === 'straightFlush')
      )
        bombs[event.seat] = (bombs[event.seat] ?? 0) + 1;
    }
  }
  return bombs;
}

export interface ExpectedTotals {
  matches: number;
  wins: number;
  hands: number;
  points: number;
  tichuCalls: number;
  tichuMade: number;
  grandCalls: number;
  grandMade: number;
  doubleVictories: number;
  bombs: number;
}

export const NO_TOTALS: ExpectedTotals = {
  matches: 0,
  wins: 0,
  hands: 0,
  points: 0,
  tichuCalls: 0,
  tichuMade: 0,
  grandCalls: 0,
  grandMade: 0,
  doubleVictories: 0,
  bombs: 0,
};

/** What one seat's statistics should be for a finished match, worked out from its final state. */
export function expectedForSeat(final: MatchState, seat: Seat, bombs: number): ExpectedTotals {
  const team = seat % 2;
  const calls = (call: string) => final.history.filter((h) => h.calls[seat] === call);
  return {
    matches: 1,
    wins: final.winner === team ? 1 : 0,
    hands: final.history.length,
    points: final.scores[team] as number,
    tichuCalls: calls('tichu').length,
    tichuMade: calls('tichu').filter((h) => h.out[0] === seat).length,
    grandCalls: calls('grandTichu').length,
    grandMade: calls('grandTichu').filter((h) => h.out[0] === seat).length,
    doubleVictories: final.history.filter((h) => h.doubleVictory === team).length,
    bombs,
  };
}

export function addTotals(a: ExpectedTotals, b: ExpectedTotals): ExpectedTotals {
  const sum = { ...a };
  for (const key of Object.keys(sum) as (keyof ExpectedTotals)[]) sum[key] = a[key] + b[key];
  return sum;
}
