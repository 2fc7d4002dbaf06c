/** Movements: Mitchell ("N-S stay, E-W pair j at table (j + round) mod T"), the team match, pairing singles. */
import { describe, expect, it } from 'vitest';
import { mitchellRound, pairUp, TEAM_MATCH_PAIRS, teamMatchRound } from '../../src/events/index.js';

describe('mitchellRound', () => {
  it.each([1, 2, 3, 4, 5, 7, 10, 13])(
    '%i tables: over T rounds no N-S pair meets the same E-W pair twice',
    (tables) => {
      const meetings = new Set<string>();
      for (let round = 0; round < tables; round++) {
        const seating = mitchellRound(tables, round);
        expect(seating.map((s) => s.table)).toEqual([...Array(tables).keys()]);
        expect(seating.map((s) => s.ns)).toEqual([...Array(tables).keys()]);
        expect(new Set(seating.map((s) => s.ew)).size).toBe(tables);
        for (const { ns, ew } of seating) {
          expect(ew).toBeGreaterThanOrEqual(tables);
          expect(ew).toBeLessThan(2 * tables);
          meetings.add(`${ns}-${ew}`);
        }
      }
      expect(meetings.size).toBe(tables * tables);
    },
  );

  it('E-W pair j sits at table (j + round) mod T', () => {
    expect(mitchellRound(3, 1)).toEqual([
      { table: 0, ns: 0, ew: 5 },
      { table: 1, ns: 1, ew: 3 },
      { table: 2, ns: 2, ew: 4 },
    ]);
  });

  it('refuses nonsense sizes', () => {
    expect(() => mitchellRound(0, 0)).toThrow(RangeError);
    expect(() => mitchellRound(3, -1)).toThrow(RangeError);
  });
});

describe('teamMatchRound', () => {
  it("keeps team A N-S at table 0 and E-W at table 1, and rotates team B's pairs", () => {
    const [a0, a1] = TEAM_MATCH_PAIRS.A;
    const met = new Set<string>();
    for (let round = 0; round < 4; round++) {
      const [first, second] = teamMatchRound(round);
      expect(first).toMatchObject({ table: 0, ns: a0 });
      expect(second).toMatchObject({ table: 1, ew: a1 });
      expect(new Set([first?.ew, second?.ns])).toEqual(new Set(TEAM_MATCH_PAIRS.B));
      met.add(`${a0}-${first?.ew}`);
    }
    expect(met).toEqual(new Set(['0-2', '0-3']));
  });
});

describe('pairUp', () => {
  it.each([
    { players: [], pairs: [], unpaired: null },
    {
      players: ['a', 'b', 'c', 'd'],
      pairs: [
        ['a', 'b'],
        ['c', 'd'],
      ],
      unpaired: null,
    },
    { players: ['a', 'b', 'c'], pairs: [['a', 'b']], unpaired: 'c' },
  ])('pairs $players in check-in order', ({ players, pairs, unpaired }) => {
    expect(pairUp(players)).toEqual({ pairs, unpaired });
  });
});
