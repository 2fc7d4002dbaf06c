/**
 * The weekly challenge's arithmetic: each board a member played scored by matchpoints against every
 * other member who played it (matchpoints.ts, fieldMatchpoints: 2 for each result beaten, 1 for each tie, out of 2 per
 * other result), the week a mean percentage over the boards played, and the grade each board shows
 * as a symbol in the share line. Pure: the rows in, the standings out.
 */
import { fieldMatchpoints } from './matchpoints.js';

/** How a board went against the field: at least 2/3 of the top, at most 1/3, between, or nobody to compare with. */
export type BoardGrade = 'top' | 'middle' | 'bottom' | 'alone';

export interface ChallengeResultRow {
  readonly userId: string;
  readonly board: number;
  /** N-S's hand score minus E-W's: the member sits North. */
  readonly nsDiff: number;
}

export interface ChallengeBoardScore {
  readonly board: number;
  readonly nsDiff: number;
  readonly mp: number;
  /** 2 per other member who played the board (0: nobody else did yet). */
  readonly top: number;
  readonly grade: BoardGrade;
}

export interface ChallengeStanding {
  readonly userId: string;
  /** 1-based; members with the same boards and percentage share it. */
  readonly rank: number;
  /** Boards played. */
  readonly boards: number;
  /** Mean percentage over the boards played that had a field; null when none had. */
  readonly percent: number | null;
  /** Each board played, by board number order. */
  readonly scores: readonly ChallengeBoardScore[];
}

export function gradeOf(mp: number, top: number): BoardGrade {
  if (top <= 0) return 'alone';
  if (3 * mp >= 2 * top) return 'top';
  if (3 * mp <= top) return 'bottom';
  return 'middle';
}

/**
 * Every member's standing from the week's board results: ranked by boards played (more first: a
 * week is eight boards, and a member who stops after a lucky one must not lead), then by percentage.
 */
export function challengeStandings(rows: readonly ChallengeResultRow[]): ChallengeStanding[] {
  const byBoard = new Map<number, ChallengeResultRow[]>();
  for (const row of rows) {
    const list = byBoard.get(row.board);
    if (list) list.push(row);
    else byBoard.set(row.board, [row]);
  }
  const scores = new Map<string, ChallengeBoardScore[]>();
  for (const board of [...byBoard.keys()].sort((a, b) => a - b)) {
    const field = byBoard.get(board) as ChallengeResultRow[];
    // Each member's N-S result against every other's (2 a result beaten, 1 a tie).
    const mps = fieldMatchpoints(field.map((r) => r.nsDiff));
    const top = 2 * (field.length - 1);
    field.forEach((r, i) => {
      const mp = mps[i] as number;
      const score: ChallengeBoardScore = { board, nsDiff: r.nsDiff, mp, top, grade: gradeOf(mp, top) };
      const list = scores.get(r.userId);
      if (list) list.push(score);
      else scores.set(r.userId, [score]);
    });
  }
  const unranked = [...scores].map(([userId, list]) => {
    const compared = list.filter((s) => s.top > 0);
    // Rounded (to a billionth of a percent) so that the same board percentages summed in another
    // order tie, as they should, rather than differ in their last bit.
    const percent =
      compared.length === 0
        ? null
        : Math.round((compared.reduce((sum, s) => sum + (100 * s.mp) / s.top, 0) / compared.length) * 1e9) /
          1e9;
    return { userId, boards: list.length, percent, scores: list };
  });
  unranked.sort(
    (a, b) => b.boards - a.boards || (b.percent ?? -1) - (a.percent ?? -1) || (a.userId < b.userId ? -1 : 1),
  );
  const out: ChallengeStanding[] = [];
  unranked.forEach((row, i) => {
    const before = out[i - 1];
    const tied = before !== undefined && before.boards === row.boards && before.percent === row.percent;
    out.push({ ...row, rank: tied ? before.rank : i + 1 });
  });
  return out;
}
