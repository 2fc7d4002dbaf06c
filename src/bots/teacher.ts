/**
 * The search as a teacher for the normal level (issue 29): positions from self-play, and for each
 * card play on a seat's own turn the value of every candidate (normal@v1's choice, pass, the cheapest
 * other shapes) from paired playouts on deals sampled from what the seat knows. Who plays the
 * playouts is the teacher: normal@v1 to the end of the hand (the first round), or a learned normal
 * on hard's short playouts (each later round, with the weights the round before learned).
 * `npm run tune:normal` fits the normal level's model to these values; the bench measures how often
 * a level agrees with the teacher.
 */
import {
  type Action,
  apply,
  legalActions,
  type MatchState,
  makeSettings,
  newMatch,
  Rng,
  type Seat,
  seatView,
  seedRng,
} from '../engine/index.js';
import { canPass, distinctPlays, playOptions } from './choose.js';
import { sampledState, sampleHands } from './determinize.js';
import { shapeOf } from './handShape.js';
import { HARD_BAR, playOutWith, shortRollout, V1_ROLLOUT } from './hard.js';
import type { PlayOut } from './hardCalls.js';
import { memoryOf } from './memory.js';
import { playOnTurnV1 } from './normal.js';
import { candidatesOf, featuresOf, MODEL_WEIGHTS } from './normalModel.js';
import { botsToAsk, decideFor, makeBudget } from './registry.js';

export interface Position {
  readonly state: MatchState;
  readonly seat: Seat;
}

/** One taught position: each candidate's features, and its mean playout value for the seat's team. */
export interface Lesson {
  readonly features: number[][];
  readonly values: number[];
  /** The hard search's choice from these samples: normal@v1's (0) unless another is clearly better. */
  readonly hard: number;
}

/** Paired playouts per position by default: enough to tell a 10-point difference most of the time. */
export const TEACH_SAMPLES = 24;

/**
 * Who plays the teacher's playouts: 'v1' is normal@v1 to the end of the hand (hard@v1's playouts);
 * weights are a learned normal on hard's short playouts (hard's own when they are MODEL_WEIGHTS).
 */
export type Teacher = 'v1' | readonly number[];

export function teacherPlayOut(teacher: Teacher): PlayOut {
  return playOutWith(teacher === 'v1' ? V1_ROLLOUT : shortRollout(teacher));
}

const NO_TIME = makeBudget(Number.POSITIVE_INFINITY, 1);

/**
 * Card plays owed on a seat's own turn with a choice to make, from hands of normal@v1 in every seat,
 * dealt from `seed`: every `every`-th such decision, until `count` are found (bounded by hands).
 */
export function selfPlayPositions(seed: string, count: number, every = 3): Position[] {
  const out: Position[] = [];
  let seen = 0;
  for (let game = 0; out.length < count && game < count; game++) {
    let state = newMatch(makeSettings(), `${seed}/${game}`);
    for (let moves = 0; moves < 2_000 && state.hand.number === 1 && out.length < count; moves++) {
      const ask = botsToAsk(state, () => true).find((a) => a.owes);
      if (!ask) break;
      const hand = state.hand;
      if (
        hand.phase === 'play' &&
        hand.pending === null &&
        hand.turn === ask.seat &&
        choices(state, ask.seat) >= 2
      ) {
        if (seen++ % every === 0) out.push({ state, seat: ask.seat });
      }
      const rng = new Rng(seedRng(`${seed}/${game}/${state.version}`));
      const action = decideFor('normal@v1', state, ask.seat, rng, NO_TIME);
      if (!action) break;
      const step = apply(state, ask.seat, action);
      if (!step.ok) break;
      state = step.value.state;
    }
  }
  return out;
}

function choices(state: MatchState, seat: Seat): number {
  const legal = legalActions(state, seat, { exchanges: false });
  return distinctPlays(playOptions(legal), state.hand.hands[seat]).length + (canPass(legal) ? 1 : 0);
}

/** The candidates at a position, normal@v1's choice first, as the normal level weighs them. */
function candidatesAt(position: Position) {
  const { state, seat } = position;
  const view = seatView(state, seat);
  const legal = legalActions(state, seat, { exchanges: false }).filter((a) => a.type !== 'tichu');
  const plays = distinctPlays(playOptions(legal), view.hand);
  const base = playOnTurnV1(view, legal, plays) as Action;
  return { view, candidates: candidatesOf(view.hand, canPass(legal), plays, base) };
}

/** The teacher's values of the candidates at a position, from `samples` paired playouts of `playOut`. */
export function teach(
  position: Position,
  rng: Rng,
  samples = TEACH_SAMPLES,
  playOut: PlayOut = teacherPlayOut(MODEL_WEIGHTS),
): Lesson | null {
  const { view, candidates } = candidatesAt(position);
  if (candidates.length < 2) return null;
  const memory = memoryOf(position.state, position.seat);
  const sums = new Array<number>(candidates.length).fill(0);
  // Squares of each candidate's difference from the base choice, sample by sample (paired).
  const squares = new Array<number>(candidates.length).fill(0);
  for (let s = 0; s < samples; s++) {
    const state = sampledState(view, memory, sampleHands(view, memory, rng));
    let base = 0;
    for (let i = 0; i < candidates.length; i++) {
      const v = playOut(state, position.seat, candidates[i]?.action as Action);
      if (i === 0) base = v;
      sums[i] = (sums[i] as number) + v;
      squares[i] = (squares[i] as number) + (v - base) ** 2;
    }
  }
  const values = sums.map((v) => v / samples);
  let hard = 0;
  let bar: number = HARD_BAR.minGain;
  for (let i = 1; i < candidates.length; i++) {
    const gain = (values[i] as number) - (values[0] as number);
    const se = Math.sqrt(Math.max(0, (squares[i] as number) / samples - gain * gain) / samples);
    if (gain > bar && gain > HARD_BAR.confidence * se) {
      bar = gain;
      hard = i;
    }
  }
  const before = shapeOf(view.hand).cost;
  return { features: candidates.map((c, i) => featuresOf(view, c, i === 0, before)), values, hard };
}

/** The index of the largest value (the earlier on a tie). */
export function argmax(values: readonly number[]): number {
  let best = 0;
  for (let i = 1; i < values.length; i++) if ((values[i] as number) > (values[best] as number)) best = i;
  return best;
}

/** The candidate a model with `weights` picks from a lesson's features. */
export function pick(lesson: Lesson, weights: readonly number[]): number {
  return argmax(lesson.features.map((f) => f.reduce((s, x, k) => s + x * (weights[k] ?? 0), 0)));
}

export interface Agreement {
  /** Contested decisions: card plays on the seat's own turn with at least two candidates. */
  readonly contested: number;
  /** Shares of them where normal@v1 and the normal level choose as the hard search does. */
  readonly v1: number;
  readonly normal: number;
  /** How many the search overrules normal@v1 on, and the share of those where the normal level follows it. */
  readonly overruled: number;
  readonly normalOnOverruled: number;
}

/** How often normal@v1 (candidate 0) and the normal level's model choose as the hard search does. */
export function agreementOf(
  lessons: readonly Lesson[],
  weights: readonly number[] = MODEL_WEIGHTS,
): Agreement {
  const share = (list: readonly Lesson[], choose: (l: Lesson) => number) =>
    list.length === 0 ? 0 : list.filter((l) => choose(l) === l.hard).length / list.length;
  const overruled = lessons.filter((l) => l.hard !== 0);
  return {
    contested: lessons.length,
    v1: share(lessons, () => 0),
    normal: share(lessons, (l) => pick(l, weights)),
    overruled: overruled.length,
    normalOnOverruled: share(overruled, (l) => pick(l, weights)),
  };
}

/** Lessons for `count` positions from `seed` (deterministic), every one taught from its own rng. */
export function lessonsFor(
  seed: string,
  count: number,
  samples = TEACH_SAMPLES,
  part = 0,
  parts = 1,
  teacher: Teacher = MODEL_WEIGHTS,
): Lesson[] {
  const playOut = teacherPlayOut(teacher);
  const positions = selfPlayPositions(seed, count);
  const out: Lesson[] = [];
  positions.forEach((position, i) => {
    if (i % parts !== part) return;
    const lesson = teach(position, new Rng(seedRng(`${seed}/teach/${i}`)), samples, playOut);
    if (lesson) out.push(lesson);
  });
  return out;
}
