/**
 * Event standings: rotating (VP, then point difference), duplicate (percent, matchpoints) and the
 * two-table team match (IMPs); tied scores share a rank, ids only fix the order within a tie.
 */
import type { PerTeam, Seat, Team } from '../engine/index.js';
import { type BoardResults, pairPercentages } from './matchpoints.js';
import { type TeamName, teamBoardResult } from './teamMatch.js';
import { DEFAULT_VP_SCHEME, type VpScheme, victoryPoints } from './victoryPoints.js';

export interface HandRecord {
  readonly round: number;
  readonly table: number;
  /** Player ids by seat (0 and 2 are team 0); a bot standing in keeps the absent player's id. */
  readonly seats: readonly [string, string, string, string];
  readonly total: PerTeam<number>;
  readonly doubleVictory: Team | null;
  /** The host closed the round before this hand finished: its players score the round's average hand. */
  readonly averaged?: boolean;
  readonly botSeats?: readonly Seat[];
}

export interface SitOut {
  readonly round: number;
  readonly player: string;
}

export interface Marks {
  readonly satOut: number;
  /** Hands (rotating) or boards (duplicate, team match) scored as the average instead of played. */
  readonly averaged: number;
  /** Hands or boards where a bot played a seat at the table (rotating) or in the pair or team. */
  readonly withBot: number;
}

export interface RotatingRow {
  readonly rank: number;
  readonly id: string;
  readonly vp: number;
  /** Own team's hand points minus the opponents', summed; 0 for sit-outs and averaged hands. */
  readonly diff: number;
  readonly hands: number;
  readonly marks: Marks;
}

export interface DuplicateRow {
  readonly rank: number;
  readonly id: string;
  readonly percent: number;
  readonly mp: number;
  readonly top: number;
  readonly boards: number;
  readonly marks: Marks;
}

export interface TeamRow {
  readonly rank: number;
  readonly id: TeamName;
  readonly pairs: readonly string[];
  readonly imps: number;
  readonly marks: Marks;
}

/** Scores compared to 1e-6, so fractional averages that are equal on paper tie in floating point too. */
const level = (x: number) => Math.round(x * 1e6);

/** Sorts best first by `keys` (higher is better), then by id, and gives tied keys the same rank (1, 2, 2, 4). */
function ranked<T extends { readonly id: string }>(
  rows: readonly T[],
  keys: (row: T) => readonly number[],
): (T & { rank: number })[] {
  const keyed = rows.map((row) => ({ row, keys: keys(row).map(level) }));
  const compare = (a: readonly number[], b: readonly number[]) => {
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return (b[i] as number) - (a[i] as number);
    return 0;
  };
  keyed.sort((a, b) => compare(a.keys, b.keys) || (a.row.id < b.row.id ? -1 : a.row.id > b.row.id ? 1 : 0));
  let rank = 0;
  return keyed.map((entry, i) => {
    const previous = keyed[i - 1];
    if (!previous || compare(previous.keys, entry.keys) !== 0) rank = i + 1;
    return { ...entry.row, rank };
  });
}

interface Tally {
  vp: number;
  diff: number;
  hands: number;
  satOut: number;
  averaged: number;
  withBot: number;
}

function groupByRound(hands: readonly HandRecord[]): Map<number, HandRecord[]> {
  const rounds = new Map<number, HandRecord[]>();
  for (const hand of hands) {
    const round = rounds.get(hand.round);
    if (round) round.push(hand);
    else rounds.set(hand.round, [hand]);
  }
  return rounds;
}

/**
 * Rotating standings. An averaged hand gives its four players the round's average VP per played
 * hand (the scheme's (win + loss) / 2 if none was played); a sit-out scores the round's average VP
 * per seated player, and 0 point difference.
 */
export function rotatingStandings(
  hands: readonly HandRecord[],
  sitOuts: readonly SitOut[],
  scheme: VpScheme = DEFAULT_VP_SCHEME,
): RotatingRow[] {
  const tallies = new Map<string, Tally>();
  const tally = (id: string) => {
    const t = tallies.get(id) ?? { vp: 0, diff: 0, hands: 0, satOut: 0, averaged: 0, withBot: 0 };
    tallies.set(id, t);
    return t;
  };
  const seatedAverage = new Map<number, number>();
  for (const [round, roundHands] of groupByRound(hands)) {
    const played = roundHands.filter((h) => !h.averaged);
    const vps = played.map((h) => victoryPoints(h.total, h.doubleVictory, scheme));
    const handAverage = played.length
      ? vps.reduce((sum, [a, b]) => sum + a + b, 0) / (2 * played.length)
      : (scheme.win + scheme.loss) / 2;
    const roundVp = new Map<string, number>();
    for (const hand of roundHands) {
      const vp = hand.averaged
        ? [handAverage, handAverage]
        : victoryPoints(hand.total, hand.doubleVictory, scheme);
      const [a, b] = hand.total;
      const diff = hand.averaged ? [0, 0] : [a - b, b - a];
      hand.seats.forEach((id, seat) => {
        const team = seat % 2;
        const t = tally(id);
        t.vp += vp[team] as number;
        t.diff += diff[team] as number;
        t.hands += 1;
        if (hand.averaged) t.averaged += 1;
        if (hand.botSeats?.length) t.withBot += 1;
        roundVp.set(id, (roundVp.get(id) ?? 0) + (vp[team] as number));
      });
    }
    const seated = [...roundVp.values()];
    seatedAverage.set(round, seated.reduce((sum, vp) => sum + vp, 0) / seated.length);
  }
  for (const { round, player } of sitOuts) {
    const t = tally(player);
    t.vp += seatedAverage.get(round) ?? 0;
    t.satOut += 1;
  }
  const rows = [...tallies].map(([id, t]) => ({
    id,
    vp: t.vp,
    diff: t.diff,
    hands: t.hands,
    marks: { satOut: t.satOut, averaged: t.averaged, withBot: t.withBot },
  }));
  return ranked(rows, (row) => [row.vp, row.diff]);
}

/** Duplicate standings over all pairs by percentage, then total matchpoints. */
export function duplicateStandings(boards: readonly BoardResults[]): DuplicateRow[] {
  const rows = pairPercentages(boards).map((p) => ({
    id: p.pair,
    percent: p.percent,
    mp: p.mp,
    top: p.top,
    boards: p.boards,
    marks: { satOut: 0, averaged: p.averagedBoards, withBot: p.botBoards },
  }));
  return ranked(rows, (row) => [row.percent, row.mp]);
}

/** The two teams of a two-table match by IMPs; each team's pairs as they sat (see teamBoardResult). */
export function teamMatchStandings(boards: readonly BoardResults[]): TeamRow[] {
  const teams = {
    A: { pairs: new Set<string>(), imps: 0, averaged: 0, withBot: 0 },
    B: { pairs: new Set<string>(), imps: 0, averaged: 0, withBot: 0 },
  };
  for (const board of boards) {
    const result = teamBoardResult(board);
    (['A', 'B'] as const).forEach((name, i) => {
      const team = teams[name];
      for (const pair of result.pairs[name]) team.pairs.add(pair);
      team.imps += result.imps[i] as number;
      if (result.averaged) team.averaged += 1;
      if (result.botTeams.includes(name)) team.withBot += 1;
    });
  }
  const rows = (['A', 'B'] as const).map((id) => ({
    id,
    pairs: [...teams[id].pairs],
    imps: teams[id].imps,
    marks: { satOut: 0, averaged: teams[id].averaged, withBot: teams[id].withBot },
  }));
  return ranked(rows, (row) => [row.imps]);
}
