/** One arena game: four seated levels play a match (or its first hands) from a seed, and what it yields. */
import type { Budget } from '../bots/policy.js';
import { botsToAsk, DEFAULT_EXPERT_BUDGET_MS, DEFAULT_HARD_BUDGET_MS, makeBudget } from '../bots/registry.js';
import {
  apply,
  type Call,
  handSeed,
  isBomb,
  type MatchState,
  makeSettings,
  newMatch,
  type PerSeat,
  type PerTeam,
  Rng,
  type Seat,
  seedRng,
  type Team,
  teamOf,
} from '../engine/index.js';
import { type ArenaLevel, decideAt } from './levels.js';

export interface GameSpec {
  /** The match seed: it deals every hand, so two games with one seed see the same cards. */
  readonly seed: string;
  readonly levels: PerSeat<ArenaLevel>;
  readonly target: number;
  /** Stop after this many hands (single deals); without it the match is played to its end. */
  readonly hands?: number;
  readonly budgetMs: number;
  /** Caps search by work instead of time (ms becomes unlimited), so search levels repeat exactly. */
  readonly playouts?: number;
  /** Expert's thinking time (default DEFAULT_EXPERT_BUDGET_MS); the other search levels take budgetMs. */
  readonly expertBudgetMs?: number;
  /** Expert's playout cap (default: `playouts` scaled by expert's default budget over hard's). */
  readonly expertPlayouts?: number;
  /** Accepted actions allowed before the game is declared stuck. */
  readonly maxMoves?: number;
  /**
   * Also time the random level on each decision's state (not played), under `floor:<level of the
   * seat asked>`: what any decision costs (legal actions, view, memory), a floor for the timings.
   */
  readonly floor?: boolean;
}

export interface HandRecord {
  /** The deal's seed: equal in both games of a mirrored pair for the same hand number. */
  readonly seed: string;
  readonly total: PerTeam<number>;
  readonly calls: PerSeat<Call>;
  readonly firstOut: Seat | null;
  readonly doubleVictory: Team | null;
  readonly bombs: PerTeam<number>;
}

export type TimedLevel = ArenaLevel | `floor:${ArenaLevel}`;

export interface GameRecord {
  readonly seed: string;
  readonly levels: PerSeat<ArenaLevel>;
  /** Null when the game stopped after `hands` before the match ended. */
  readonly winner: Team | null;
  readonly scores: PerTeam<number>;
  readonly hands: readonly HandRecord[];
  readonly moves: number;
  /** Wall-clock milliseconds of every decision, by level. */
  readonly times: Partial<Record<TimedLevel, number[]>>;
}

export class ArenaError extends Error {}

export const DEFAULT_MAX_MOVES = 50_000;

const everySeat = () => true;

/** Plays one game. Throws ArenaError when a bot owes a move and gives none, or the engine refuses one. */
export function playGame(spec: GameSpec): GameRecord {
  const maxMoves = spec.maxMoves ?? DEFAULT_MAX_MOVES;
  const budgets = levelBudgets(spec);
  const times: Partial<Record<TimedLevel, number[]>> = {};
  const hands: HandRecord[] = [];
  let bombs: [number, number] = [0, 0];
  let state = newMatch(makeSettings({ targetScore: spec.target }), spec.seed);
  let moves = 0;

  const timed = (level: TimedLevel, seat: Seat, current: MatchState) => {
    const deciding = level.startsWith('floor:') ? 'random' : (level as ArenaLevel);
    // Each decision's randomness comes from the seed, the version and the seat alone, so a game
    // repeats exactly whatever ran before it (in this worker or another).
    const rng = new Rng(seedRng(`${spec.seed}/${current.version}/${seat}`));
    const start = performance.now();
    const action = decideAt(
      deciding,
      current,
      seat,
      rng,
      deciding === 'expert' ? budgets.expert : budgets.other,
    );
    const list = times[level] ?? [];
    list.push(performance.now() - start);
    times[level] = list;
    return action;
  };

  while (state.status === 'playing' && (spec.hands === undefined || hands.length < spec.hands)) {
    let acted = false;
    for (const ask of botsToAsk(state, everySeat)) {
      const level = spec.levels[ask.seat];
      const action = timed(level, ask.seat, state);
      // After the real decision, so any cache it warms flatters the floor, never the level.
      if (spec.floor) timed(`floor:${level}`, ask.seat, state);
      if (action === null) {
        if (ask.owes) throw stuck(spec, state, `seat ${ask.seat} owes a move and gave none`);
        continue;
      }
      const step = apply(state, ask.seat, action);
      if (!step.ok)
        throw stuck(spec, state, `seat ${ask.seat}: ${JSON.stringify(action)} refused (${step.error.code})`);
      for (const event of step.value.events) {
        if (event.type === 'played' && isBomb(event.combo)) bombs[teamOf(event.seat)]++;
        if (event.type === 'handEnded') {
          const r = event.result;
          hands.push({
            seed: handSeed(spec.seed, r.number),
            total: r.total,
            calls: r.calls,
            firstOut: r.out[0] ?? null,
            doubleVictory: r.doubleVictory,
            bombs,
          });
          bombs = [0, 0];
        }
      }
      state = step.value.state;
      if (++moves >= maxMoves) throw stuck(spec, state, `no end after ${maxMoves} moves`);
      // A tichu call or a bomb changes who may do what: ask again from the top.
      acted = true;
      break;
    }
    if (!acted) throw stuck(spec, state, 'nobody acted');
  }
  return {
    seed: spec.seed,
    levels: spec.levels,
    winner: state.winner,
    scores: state.scores,
    hands,
    moves,
    times,
  };
}

/** Expert's budget and every other level's: by time, or by playouts when the spec caps them. */
export function levelBudgets(spec: GameSpec): { expert: Budget; other: Budget } {
  if (spec.playouts === undefined)
    return {
      expert: makeBudget(spec.expertBudgetMs ?? DEFAULT_EXPERT_BUDGET_MS),
      other: makeBudget(spec.budgetMs),
    };
  const scaled = Math.round((spec.playouts * DEFAULT_EXPERT_BUDGET_MS) / DEFAULT_HARD_BUDGET_MS);
  return {
    expert: makeBudget(Number.POSITIVE_INFINITY, spec.expertPlayouts ?? scaled),
    other: makeBudget(Number.POSITIVE_INFINITY, spec.playouts),
  };
}

function stuck(spec: GameSpec, state: MatchState, what: string): ArenaError {
  return new ArenaError(
    `arena game ${spec.seed} (${spec.levels.join('/')}) at version ${state.version}: ${what}`,
  );
}
