/** The two-table team match: swings as IMP-like points, team A = N-S at table 0 with E-W at table 1. */
import { describe, expect, it } from 'vitest';
import {
  type BoardResults,
  IMP_THRESHOLDS,
  MAX_IMPS,
  swingToImps,
  teamBoardResult,
} from '../../src/events/index.js';

describe('swingToImps', () => {
  const edges = IMP_THRESHOLDS.flatMap((threshold, i) => [
    { swing: threshold - 10, imps: i },
    { swing: threshold, imps: i + 1 },
  ]);

  it.each(edges)(
    'a swing of $swing is $imps IMPs (each threshold and the step below it)',
    ({ swing, imps }) => {
      expect(swingToImps(swing)).toBe(imps);
      expect(swingToImps(-swing)).toBe(imps === 0 ? 0 : -imps);
    },
  );

  it.each([
    { rule: 'no swing', swing: 0, imps: 0 },
    { rule: 'a trick of card points is nothing', swing: 10, imps: 0 },
    { rule: 'a Tichu made against one failed', swing: 200, imps: 5 },
    { rule: 'a Grand Tichu made against one failed', swing: 400, imps: 8 },
    { rule: 'a double victory with a Grand against the opposite', swing: 800, imps: 12 },
    { rule: 'capped', swing: 5000, imps: MAX_IMPS },
  ])('$rule: $swing -> $imps', ({ swing, imps }) => {
    expect(swingToImps(swing)).toBe(imps);
  });

  it('never shrinks as the swing grows, and caps between 15 and 20', () => {
    for (let swing = 0; swing < 2000; swing += 5)
      expect(swingToImps(swing + 5)).toBeGreaterThanOrEqual(swingToImps(swing));
    expect(MAX_IMPS).toBeGreaterThanOrEqual(15);
    expect(MAX_IMPS).toBeLessThanOrEqual(20);
  });
});

describe('teamBoardResult', () => {
  const played: BoardResults = [
    { table: 1, nsPair: 'p3', ewPair: 'p1', ns: -100, ew: 200 },
    { table: 0, nsPair: 'p0', ewPair: 'p2', ns: 150, ew: -50 },
  ];

  it('swing = net N-S at table 0 minus net N-S at table 1, as team A', () => {
    // +200 at table 0, -300 at table 1: team A gains 500 = 9 IMPs.
    expect(teamBoardResult(played)).toEqual({
      swing: 500,
      imps: [9, -9],
      averaged: false,
      pairs: { A: ['p0', 'p1'], B: ['p3', 'p2'] },
      botTeams: [],
    });
  });

  it('an unfinished table scores 0 IMPs, marked', () => {
    const result = teamBoardResult([
      played[1] as BoardResults[number],
      { table: 1, nsPair: 'p3', ewPair: 'p1', averaged: true, botSeats: [0] },
    ]);
    expect(result).toMatchObject({ swing: null, imps: [0, 0], averaged: true, botTeams: ['B'] });
  });

  it('refuses a board without exactly two tables', () => {
    expect(() => teamBoardResult(played.slice(0, 1))).toThrow(RangeError);
  });
});
