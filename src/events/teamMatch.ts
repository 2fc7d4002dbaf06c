/**
 * The two-table team match: team A is the N-S pair of table 0 with the E-W pair of table 1 (between
 * them they held all four hands' cards), team B the other two; each board's swing between the tables
 * becomes IMP-like points. `teamMatchRound` in movement.ts keeps the teams fixed for the whole match.
 */
import type { PerTeam, Seat } from '../engine/index.js';
import { type BoardResults, isPlayed, nsNet, type TableResult } from './matchpoints.js';

/**
 * `IMP_THRESHOLDS[k - 1]` is the smallest swing worth k IMPs. Tichu nets move in steps of 10 and a
 * board's swing reaches ~800 with Grand Tichus, so: under 20 (a trick's worth of card points) is 0;
 * a Tichu made at one table and failed at the other (~200) is 5; a Grand Tichu's (~400) is 8; a double
 * victory with a Grand Tichu against the opposite (~800) is 12. The steps widen from 20-40 points to
 * ratios of ~1.15, so it grows roughly logarithmically, capped at 16 from 1300 on.
 */
export const IMP_THRESHOLDS = [
  20, 50, 90, 130, 180, 240, 300, 370, 450, 540, 640, 750, 870, 1000, 1150, 1300,
] as const;

export const MAX_IMPS = IMP_THRESHOLDS.length;

/** A swing in hand points as signed IMPs (positive: the first team gained). */
export function swingToImps(swing: number): number {
  const size = Math.abs(swing);
  let imps = 0;
  while (imps < MAX_IMPS && size >= (IMP_THRESHOLDS[imps] as number)) imps++;
  if (imps === 0) return 0;
  return swing < 0 ? -imps : imps;
}

export type TeamName = 'A' | 'B';

export interface TeamBoardResult {
  /** Net N-S at table 0 minus net N-S at table 1: team A's gain; null when a table was averaged. */
  readonly swing: number | null;
  /** Team A's IMPs, then team B's; 0 each on an averaged board. */
  readonly imps: PerTeam<number>;
  readonly averaged: boolean;
  readonly pairs: Readonly<Record<TeamName, readonly [string, string]>>;
  readonly botTeams: readonly TeamName[];
}

function tableResult(board: BoardResults, table: number): TableResult {
  const result = board.find((r) => r.table === table);
  if (!result || board.length !== 2) throw new RangeError('a team-match board has exactly tables 0 and 1');
  return result;
}

const hasBot = (result: TableResult, seats: readonly Seat[]) =>
  result.botSeats?.some((seat) => seats.includes(seat)) ?? false;

/** One board of the team match; the swing is team A's since its pairs sit N-S at table 0, E-W at table 1. */
export function teamBoardResult(board: BoardResults): TeamBoardResult {
  const first = tableResult(board, 0);
  const second = tableResult(board, 1);
  const pairs = {
    A: [first.nsPair, second.ewPair] as const,
    B: [second.nsPair, first.ewPair] as const,
  };
  const botTeams: TeamName[] = [];
  if (hasBot(first, [0, 2]) || hasBot(second, [1, 3])) botTeams.push('A');
  if (hasBot(second, [0, 2]) || hasBot(first, [1, 3])) botTeams.push('B');
  if (!isPlayed(first) || !isPlayed(second))
    return { swing: null, imps: [0, 0], averaged: true, pairs, botTeams };
  const swing = nsNet(first) - nsNet(second);
  const imps = swingToImps(swing);
  return { swing, imps: [imps, 0 - imps], averaged: false, pairs, botTeams };
}
