/**
 * Rotating seating: every checked-in player seated once or sitting out, fair sit-outs, all-new
 * partners whenever some seating allows it (checked by brute force or Dirac's theorem), determinism.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type PastRound, type RoundSeating, seatRotatingRound } from '../../src/events/index.js';
import { maximumMatching } from '../../src/events/rotatingSeating.js';

const key = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);
const partnersOf = (round: RoundSeating) => round.tables.flatMap(([n, e, s, w]) => [key(n, s), key(e, w)]);
const opponentsOf = (round: RoundSeating) =>
  round.tables.flatMap(([n, e, s, w]) => [key(n, e), key(n, w), key(s, e), key(s, w)]);
const names = (n: number) => Array.from({ length: n }, (_, i) => `p${String(i).padStart(2, '0')}`);

/** The largest matching by memoised exhaustive search over vertex subsets (small graphs only). */
function bruteMaxMatching(n: number, edge: (i: number, j: number) => boolean): number {
  const memo = new Map<number, number>();
  const best = (mask: number): number => {
    if (mask === 0) return 0;
    const known = memo.get(mask);
    if (known !== undefined) return known;
    const i = 31 - Math.clz32(mask & -mask);
    const rest = mask & ~(1 << i);
    let result = best(rest);
    for (let j = i + 1; j < n; j++) {
      if (rest & (1 << j) && edge(i, j)) result = Math.max(result, 1 + best(rest & ~(1 << j)));
    }
    memo.set(mask, result);
    return result;
  };
  return best((1 << n) - 1);
}

/** Checks one round against its history; returns nothing, throws through expect. */
function checkRound(players: readonly string[], past: readonly PastRound[], round: RoundSeating): void {
  const seated = round.tables.flat();
  expect(round.tables.every((t) => t.length === 4)).toBe(true);
  expect([...seated, ...round.sitOuts].sort()).toEqual([...players].sort());
  expect(round.sitOuts.length).toBe(players.length % 4);

  const count = (p: string) => past.filter((r) => r.sitOuts.includes(p)).length;
  const playingCounts = seated.map(count);
  for (const p of round.sitOuts) expect(count(p)).toBeLessThanOrEqual(Math.min(...playingCounts));

  const before = new Set(past.flatMap(partnersOf));
  const repeats = partnersOf(round).filter((k) => before.has(k)).length;
  const fresh = (i: number, j: number) => !before.has(key(seated[i] as string, seated[j] as string));
  const n = seated.length;
  if (n <= 16) {
    expect(repeats).toBe(n / 2 - bruteMaxMatching(n, fresh));
  } else {
    // Dirac: minimum degree >= n/2 gives a Hamiltonian cycle, so (n even) a perfect matching.
    const degrees = seated.map((_, i) => seated.filter((_, j) => j !== i && fresh(i, j)).length);
    if (Math.min(...degrees) >= n / 2) expect(repeats).toBe(0);
  }
}

function playEvent(players: readonly string[], rounds: number, seed: string): RoundSeating[] {
  const past: RoundSeating[] = [];
  for (let r = 0; r < rounds; r++) {
    const round = seatRotatingRound(players, past, seed);
    checkRound(players, past, round);
    past.push(round);
    const counts = players.map((p) => past.filter((x) => x.sitOuts.includes(p)).length);
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
  }
  return past;
}

describe('seatRotatingRound', () => {
  it('4-40 players over several rounds: everyone once, tables of 4, fair sit-outs, fewest repeated partners', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 4, max: 40 }),
        fc.integer({ min: 1, max: 8 }),
        fc.string(),
        (n, rounds, seed) => {
          playEvent(names(n), rounds, seed);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('small fields played long: repeated partners only when no all-new seating exists (brute force)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 17 }), fc.string(), (n, seed) => {
        playEvent(names(n), n, seed);
      }),
      { numRuns: 40 },
    );
  });

  it('players checking in and out: sit-outs still go to those who sat out least', () => {
    const everyone = names(14);
    fc.assert(
      fc.property(
        fc.array(fc.subarray(everyone, { minLength: 4 }), { minLength: 1, maxLength: 8 }),
        fc.string(),
        (fields, seed) => {
          const past: RoundSeating[] = [];
          for (const players of fields) {
            const round = seatRotatingRound(players, past, seed);
            checkRound(players, past, round);
            past.push(round);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('is deterministic for a seed, and the seed matters', () => {
    const players = names(10);
    const first = seatRotatingRound(players, [], 'club night');
    expect(seatRotatingRound(players, [], 'club night')).toEqual(first);
    const others = ['a', 'b', 'c', 'd', 'e'].map((s) => JSON.stringify(seatRotatingRound(players, [], s)));
    expect(new Set([JSON.stringify(first), ...others]).size).toBeGreaterThan(1);
  });

  it('16 players over 5 rounds from a fixed seed: all-new partners and no opponent met three times', () => {
    const rounds = playEvent(names(16), 5, 'fixed');
    const partners = rounds.flatMap(partnersOf);
    expect(new Set(partners).size).toBe(partners.length);
    const met = new Map<string, number>();
    for (const k of rounds.flatMap(opponentsOf)) met.set(k, (met.get(k) ?? 0) + 1);
    expect(Math.max(...met.values())).toBeLessThanOrEqual(2);
  });

  it('fewer than four players all sit out', () => {
    expect(seatRotatingRound(['a', 'b', 'c'], [], 's')).toEqual({ tables: [], sitOuts: expect.any(Array) });
    expect(seatRotatingRound(['a', 'b', 'c'], [], 's').sitOuts).toHaveLength(3);
  });

  it('refuses a player checked in twice', () => {
    expect(() => seatRotatingRound(['a', 'b', 'c', 'a'], [], 's')).toThrow(RangeError);
  });

  it('seats 40 players quickly even late in an event', () => {
    const players = names(40);
    const past = playEvent(players, 12, 'speed');
    const start = performance.now();
    seatRotatingRound(players, past, 'speed');
    expect(performance.now() - start).toBeLessThan(200);
  });
});

describe('maximumMatching (blossom)', () => {
  it('matches as many pairs as exhaustive search on random graphs', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 14 })
          .chain((n) =>
            fc.tuple(fc.constant(n), fc.array(fc.boolean(), { minLength: n * n, maxLength: n * n })),
          ),
        ([n, bits]) => {
          const edge = (i: number, j: number) =>
            i !== j && (bits[Math.min(i, j) * n + Math.max(i, j)] as boolean);
          const adjacent = Array.from({ length: n }, (_, i) =>
            [...Array(n).keys()].filter((j) => edge(i, j)),
          );
          const mate = maximumMatching(adjacent);
          mate.forEach((j, i) => {
            if (j !== -1) {
              expect(mate[j]).toBe(i);
              expect(edge(i, j)).toBe(true);
            }
          });
          expect(mate.filter((j) => j !== -1).length / 2).toBe(bruteMaxMatching(n, edge));
        },
      ),
      { numRuns: 400 },
    );
  });
});
