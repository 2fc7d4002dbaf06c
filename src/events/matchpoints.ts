/**
 * Matchpoints: each duplicate board scored against the field, tables the host closed early
 * scoring the average, and the other tables scaled to the full field with Neuberg's formula.
 */
import type { Seat } from '../engine/index.js';

interface TableSeating {
  readonly table: number;
  readonly nsPair: string;
  readonly ewPair: string;
  /** Seats a bot played at this table (0 and 2 are the N-S pair's, 1 and 3 the E-W pair's). */
  readonly botSeats?: readonly Seat[];
}

/** A board played out: each side's hand points (card points plus calls). */
export interface PlayedTable extends TableSeating {
  readonly ns: number;
  readonly ew: number;
}

/** A board the host closed before this table finished it: both pairs score the field's average. */
export interface AveragedTable extends TableSeating {
  readonly averaged: true;
}

export type TableResult = PlayedTable | AveragedTable;

/** One board: its result at every table of the field. */
export type BoardResults = readonly TableResult[];

export type Direction = 'ns' | 'ew';

export interface PairBoardScore {
  readonly pair: string;
  readonly direction: Direction;
  readonly mp: number;
  /** The most a pair could score on this board: 2 per other table. */
  readonly top: number;
  readonly averaged: boolean;
  readonly withBot: boolean;
}

export function isPlayed(result: TableResult): result is PlayedTable {
  return !('averaged' in result);
}

/** N-S's result at a table: what the N-S pairs compare; E-W's is the same negated. */
export function nsNet(result: PlayedTable): number {
  return result.ns - result.ew;
}

/**
 * Neuberg's formula, in our units of 2 per pair beaten and 1 per tie: with `played` results out of a
 * `field`, a raw score M becomes (M + 1) * field / played - 1 (the textbook (M + 0.5) * N / n - 0.5,
 * doubled). An average stays exactly average and the sum over the board stays the full field's.
 */
export function neuberg(raw: number, played: number, field: number): number {
  return played === field ? raw : ((raw + 1) * field) / played - 1;
}

/** 2 for every other result beaten, 1 for every tie (the result itself excluded). */
function rawMatchpoints(net: number, nets: readonly number[]): number {
  let mp = -1; // the result ties with itself
  for (const other of nets) mp += net > other ? 2 : net === other ? 1 : 0;
  return mp;
}

/**
 * Every result's raw matchpoints against the rest of its field (`rawMatchpoints` for each, in the
 * same order), counted on the sorted nets: a field of a thousand takes n log n, not n².
 */
export function fieldMatchpoints(nets: readonly number[]): number[] {
  const sorted = [...nets].sort((a, b) => a - b);
  const mpOf = new Map<number, number>();
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j < sorted.length && sorted[j] === sorted[i]) j++;
    // i results below, j - i equal (itself among them).
    mpOf.set(sorted[i] as number, 2 * i + (j - i - 1));
    i = j;
  }
  return nets.map((net) => mpOf.get(net) as number);
}

const botIn = (result: TableResult, seats: readonly Seat[]) =>
  result.botSeats?.some((seat) => seats.includes(seat)) ?? false;

/** Every pair's matchpoints on one board, N-S and E-W each against their own direction. */
export function matchpointBoard(results: BoardResults): PairBoardScore[] {
  const field = results.length;
  const top = 2 * Math.max(0, field - 1);
  const played = results.filter(isPlayed);
  const nets = played.map(nsNet);
  return results.flatMap((result): PairBoardScore[] => {
    const averaged = !isPlayed(result);
    // E-W nets are N-S nets negated, so E-W's matchpoints are the top minus N-S's, Neuberg or not.
    const ns = averaged ? top / 2 : neuberg(rawMatchpoints(nsNet(result), nets), played.length, field);
    return [
      { pair: result.nsPair, direction: 'ns', mp: ns, top, averaged, withBot: botIn(result, [0, 2]) },
      { pair: result.ewPair, direction: 'ew', mp: top - ns, top, averaged, withBot: botIn(result, [1, 3]) },
    ];
  });
}

export interface PairTotal {
  readonly pair: string;
  readonly mp: number;
  readonly top: number;
  /** The matchpoints as a percentage of the top; 50 when no board had anyone to compare with. */
  readonly percent: number;
  readonly boards: number;
  readonly averagedBoards: number;
  readonly botBoards: number;
}

/** Each pair's event score, in the order pairs first appear. */
export function pairPercentages(boards: readonly BoardResults[]): PairTotal[] {
  const totals = new Map<
    string,
    { mp: number; top: number; boards: number; averaged: number; bot: number }
  >();
  for (const board of boards) {
    for (const score of matchpointBoard(board)) {
      const total = totals.get(score.pair) ?? { mp: 0, top: 0, boards: 0, averaged: 0, bot: 0 };
      total.mp += score.mp;
      total.top += score.top;
      total.boards += 1;
      if (score.averaged) total.averaged += 1;
      if (score.withBot) total.bot += 1;
      totals.set(score.pair, total);
    }
  }
  return [...totals].map(([pair, t]) => ({
    pair,
    mp: t.mp,
    top: t.top,
    percent: t.top > 0 ? (100 * t.mp) / t.top : 50,
    boards: t.boards,
    averagedBoards: t.averaged,
    botBoards: t.bot,
  }));
}
