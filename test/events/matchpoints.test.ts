/**
 * Matchpoints: "2 MP for every pair beaten, 1 for every tie", E-W on their own nets, and an unfinished
 * table scored as the average with the others scaled by Neuberg's formula.
 */
import { describe, expect, it } from 'vitest';
import { type BoardResults, matchpointBoard, neuberg, pairPercentages } from '../../src/events/index.js';

/** A board from rows of [N-S points, E-W points] or 'avg', pairs named n0/e0 by table. */
function board(rows: readonly (readonly [number, number] | 'avg')[]): BoardResults {
  return rows.map((row, table) =>
    row === 'avg'
      ? { table, nsPair: `n${table}`, ewPair: `e${table}`, averaged: true as const }
      : { table, nsPair: `n${table}`, ewPair: `e${table}`, ns: row[0], ew: row[1] },
  );
}

const mpOf = (results: BoardResults) =>
  Object.fromEntries(matchpointBoard(results).map((s) => [s.pair, s.mp]));

describe('matchpointBoard', () => {
  it('three tables with a tie: nets +50, +50, -100 (top 4)', () => {
    expect(
      mpOf(
        board([
          [75, 25],
          [75, 25],
          [0, 100],
        ]),
      ),
    ).toEqual({
      n0: 3,
      e0: 1,
      n1: 3,
      e1: 1,
      n2: 0,
      e2: 4,
    });
  });

  it('four tables with a tie in the middle: nets +200, 0, 0, -300 (top 6)', () => {
    const scores = matchpointBoard(
      board([
        [150, -50],
        [50, 50],
        [50, 50],
        [-100, 200],
      ]),
    );
    expect(Object.fromEntries(scores.map((s) => [s.pair, s.mp]))).toEqual({
      n0: 6,
      e0: 0,
      n1: 3,
      e1: 3,
      n2: 3,
      e2: 3,
      n3: 0,
      e3: 6,
    });
    expect(scores.every((s) => s.top === 6 && !s.averaged)).toBe(true);
  });

  it('an unfinished table scores 50%; the three played are scaled by Neuberg to a field of four', () => {
    // Raw among 3 played: n0 beats two = 4, n1 and n2 tie with each other = 1.
    // Neuberg: (M + 1) * 4 / 3 - 1, so n0 = 17/3, n1 = n2 = 5/3; E-W = 6 - N-S.
    const scores = matchpointBoard(board([[150, -50], [50, 50], [50, 50], 'avg']));
    const mp = Object.fromEntries(scores.map((s) => [s.pair, s.mp]));
    expect(mp.n0).toBeCloseTo(17 / 3, 9);
    expect(mp.n1).toBeCloseTo(5 / 3, 9);
    expect(mp.n2).toBeCloseTo(5 / 3, 9);
    expect(mp.e0).toBeCloseTo(1 / 3, 9);
    expect(mp.e1).toBeCloseTo(13 / 3, 9);
    expect([mp.n3, mp.e3]).toEqual([3, 3]);
    expect(scores.filter((s) => s.averaged).map((s) => s.pair)).toEqual(['n3', 'e3']);
    // The board still hands out the full field's matchpoints.
    expect(scores.reduce((sum, s) => sum + s.mp, 0)).toBeCloseTo(24, 9);
  });

  it.each([
    { rule: 'a full field is unchanged', raw: 3, played: 4, field: 4, mp: 3 },
    { rule: 'an average stays average', raw: 2, played: 3, field: 4, mp: 3 },
    { rule: 'a lone played result is average', raw: 0, played: 1, field: 5, mp: 4 },
    { rule: 'a top is scaled up but stays below the full top', raw: 4, played: 3, field: 4, mp: 17 / 3 },
  ])('neuberg: $rule', ({ raw, played, field, mp }) => {
    expect(neuberg(raw, played, field)).toBeCloseTo(mp, 9);
  });

  it('marks pairs that had a bot', () => {
    const results: BoardResults = [
      { table: 0, nsPair: 'a', ewPair: 'b', ns: 60, ew: 40, botSeats: [3] },
      { table: 1, nsPair: 'c', ewPair: 'd', ns: 40, ew: 60 },
    ];
    expect(
      matchpointBoard(results)
        .filter((s) => s.withBot)
        .map((s) => s.pair),
    ).toEqual(['b']);
  });
});

describe('pairPercentages', () => {
  it('sums matchpoints over boards as a percentage of the top', () => {
    const totals = pairPercentages([
      board([
        [75, 25],
        [75, 25],
        [0, 100],
      ]),
      board([[0, 100], [100, 0], 'avg']),
    ]);
    const n0 = totals.find((t) => t.pair === 'n0');
    // Board 1: 3 of 4. Board 2: n0 loses to n1 among two played: raw 0 -> (0+1)*3/2-1 = 0.5.
    expect(n0).toMatchObject({ mp: 3.5, top: 8, percent: 43.75, boards: 2, averagedBoards: 0 });
    expect(totals.find((t) => t.pair === 'e2')).toMatchObject({
      mp: 6,
      top: 8,
      percent: 75,
      averagedBoards: 1,
    });
  });
});
