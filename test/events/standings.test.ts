/**
 * Standings: rotating by VP then point difference with sit-outs scoring the round's average, duplicate
 * by percentage, the team match by IMPs; ties share a rank and ids only order them.
 */
import { describe, expect, it } from 'vitest';
import { Rng, seedRng } from '../../src/engine/index.js';
import {
  type BoardResults,
  duplicateStandings,
  type HandRecord,
  rotatingStandings,
  teamMatchStandings,
} from '../../src/events/index.js';

const hand = (round: number, seats: string, total: [number, number], extra: Partial<HandRecord> = {}) =>
  ({
    round,
    table: 0,
    seats: [...seats] as unknown as HandRecord['seats'],
    total,
    doubleVictory: null,
    ...extra,
  }) as HandRecord;

describe('rotatingStandings', () => {
  it('ranks by VP, then point difference; equal scores share a rank', () => {
    const rows = rotatingStandings(
      [hand(0, 'ABCD', [60, 40]), { ...hand(0, 'EFGH', [150, -50]), table: 1 }],
      [],
    );
    expect(rows.map((r) => [r.rank, r.id, r.vp, r.diff])).toEqual([
      [1, 'E', 2, 200],
      [1, 'G', 2, 200],
      [3, 'A', 2, 20],
      [3, 'C', 2, 20],
      [5, 'B', 0, -20],
      [5, 'D', 0, -20],
      [7, 'F', 0, -200],
      [7, 'H', 0, -200],
    ]);
  });

  it('sit-outs score the round average per seated player; averaged hands the average played hand', () => {
    const rows = rotatingStandings(
      [
        // Round 0, E sits out: A and C win 2, then B and D take a double victory (3).
        hand(0, 'ABCD', [80, 20]),
        hand(0, 'ABCD', [-100, 300], { doubleVictory: 1 }),
        // Round 1, D sits out: a tie (1 each), then a hand the host closed (the played average, 1).
        hand(1, 'EABC', [50, 50]),
        hand(1, 'EABC', [0, 0], { averaged: true, botSeats: [2] }),
      ],
      [
        { round: 0, player: 'E' }, // seated players averaged (2 + 3 + 2 + 3) / 4 = 2.5
        { round: 1, player: 'D' }, // everyone seated scored 2
      ],
    );
    expect(rows.map((r) => ({ rank: r.rank, id: r.id, vp: r.vp, diff: r.diff, marks: r.marks }))).toEqual([
      { rank: 1, id: 'B', vp: 5, diff: 340, marks: { satOut: 0, averaged: 1, withBot: 1 } },
      { rank: 1, id: 'D', vp: 5, diff: 340, marks: { satOut: 1, averaged: 0, withBot: 0 } },
      { rank: 3, id: 'E', vp: 4.5, diff: 0, marks: { satOut: 1, averaged: 1, withBot: 1 } },
      { rank: 4, id: 'A', vp: 4, diff: -340, marks: { satOut: 0, averaged: 1, withBot: 1 } },
      { rank: 4, id: 'C', vp: 4, diff: -340, marks: { satOut: 0, averaged: 1, withBot: 1 } },
    ]);
  });

  it('uses the VP scheme it is given', () => {
    const rows = rotatingStandings([hand(0, 'ABCD', [60, 40])], [], {
      win: 3,
      tie: 1,
      loss: 0,
      doubleVictory: 4,
    });
    expect(rows.find((r) => r.id === 'A')?.vp).toBe(3);
  });

  it('100 players, 8 rounds of 8 hands in well under 50 ms', () => {
    const rng = new Rng(seedRng('big night'));
    const players = Array.from({ length: 100 }, (_, i) => `player${i}`);
    const hands: HandRecord[] = [];
    for (let round = 0; round < 8; round++) {
      for (let table = 0; table < 25; table++) {
        const seats = players.slice(table * 4, table * 4 + 4) as unknown as HandRecord['seats'];
        for (let h = 0; h < 8; h++) {
          const ns = 5 * rng.nextInt(21);
          hands.push({ round, table, seats, total: [ns, 100 - ns], doubleVictory: null });
        }
      }
    }
    rotatingStandings(hands, []); // warm up the JIT
    const start = performance.now();
    const rows = rotatingStandings(hands, []);
    expect(performance.now() - start).toBeLessThan(50);
    expect(rows).toHaveLength(100);
  });
});

describe('duplicateStandings', () => {
  const board = (rows: readonly [number, number][]): BoardResults =>
    rows.map(([ns, ew], table) => ({ table, nsPair: `n${table}`, ewPair: `e${table}`, ns, ew }));

  it('ranks pairs by percentage of the top, ties sharing a rank', () => {
    const rows = duplicateStandings([
      board([
        [150, -50],
        [50, 50],
        [50, 50],
        [-100, 200],
      ]),
    ]);
    expect(rows.map((r) => [r.rank, r.id, r.percent])).toEqual([
      [1, 'e3', 100],
      [1, 'n0', 100],
      [3, 'e1', 50],
      [3, 'e2', 50],
      [3, 'n1', 50],
      [3, 'n2', 50],
      [7, 'e0', 0],
      [7, 'n3', 0],
    ]);
  });
});

describe('teamMatchStandings', () => {
  it('sums IMPs per team over the boards', () => {
    const boards: BoardResults[] = [
      [
        { table: 0, nsPair: 'p0', ewPair: 'p2', ns: 150, ew: -50 },
        { table: 1, nsPair: 'p3', ewPair: 'p1', ns: 50, ew: 50 },
      ],
      [
        { table: 0, nsPair: 'p0', ewPair: 'p3', ns: 40, ew: 60 },
        { table: 1, nsPair: 'p2', ewPair: 'p1', averaged: true },
      ],
    ];
    expect(teamMatchStandings(boards)).toEqual([
      { rank: 1, id: 'A', pairs: ['p0', 'p1'], imps: 5, marks: { satOut: 0, averaged: 1, withBot: 0 } },
      { rank: 2, id: 'B', pairs: ['p3', 'p2'], imps: -5, marks: { satOut: 0, averaged: 1, withBot: 0 } },
    ]);
  });
});
