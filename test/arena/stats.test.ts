/** The arena's interval math against values worked out by hand. */
import { describe, expect, it } from 'vitest';
import { percentile, ratioInterval, wilson, Z95 } from '../../src/arena/stats.js';

describe('wilson', () => {
  it('matches the textbook interval for 5 of 10: [0.2366, 0.7634]', () => {
    // centre (0.5 + z²/20) / (1 + z²/10) = 0.5; half-width z/(1 + z²/10) · √(0.025 + z²/400) = 0.26341
    const w = wilson(5, 10)!;
    expect(w.value).toBe(0.5);
    expect(w.low).toBeCloseTo(0.2366, 4);
    expect(w.high).toBeCloseTo(0.7634, 4);
  });

  it('does not collapse at 0% or 100%: 0 of 10 gives [0, z²/(10 + z²)] = [0, 0.2775]', () => {
    const none = wilson(0, 10)!;
    expect(none.low).toBe(0);
    expect(none.high).toBeCloseTo(0.27753, 5);
    const all = wilson(10, 10)!;
    expect(all.high).toBe(1);
    expect(all.low).toBeCloseTo(1 - 0.27753, 5);
  });

  it('narrows with more trials at the same rate, and has nothing to say without trials', () => {
    const small = wilson(9, 10)!;
    const large = wilson(900, 1000)!;
    expect(large.high - large.low).toBeLessThan(small.high - small.low);
    expect(wilson(0, 0)).toBeNull();
  });
});

describe('ratioInterval (per-hand mean over mirrored pairs)', () => {
  it('with equal hands per pair is the mean of pair means ± z·sd/√n', () => {
    // pair means 5, 15, 10: mean 10, sd √((25 + 25 + 0)/2) = 5, se 5/√3 = 2.88675
    const r = ratioInterval([10, 30, 20], [2, 2, 2])!;
    expect(r.value).toBe(10);
    expect(r.se).toBeCloseTo(2.88675, 5);
    expect(r.low).toBeCloseTo(10 - Z95 * 2.88675, 4);
    expect(r.high).toBeCloseTo(10 + Z95 * 2.88675, 4);
  });

  it('weights pairs by their hands: sums 6 and 0 over 3 and 1 hands', () => {
    // r = 6/4 = 1.5; residuals 6 − 4.5 = 1.5 and 0 − 1.5 = −1.5; se = √(2 · 4.5) / 4 = 0.75
    const r = ratioInterval([6, 0], [3, 1])!;
    expect(r.value).toBe(1.5);
    expect(r.se).toBeCloseTo(0.75, 10);
  });

  it('is a point when every pair agrees, and undefined with fewer than two pairs', () => {
    const same = ratioInterval([8, 8, 8], [2, 2, 2])!;
    expect([same.low, same.value, same.high]).toEqual([4, 4, 4]);
    expect(ratioInterval([8], [2])).toBeNull();
    expect(ratioInterval([], [])).toBeNull();
  });
});

describe('percentile (nearest rank)', () => {
  const hundred = Array.from({ length: 100 }, (_, i) => 100 - i); // 100 down to 1, unsorted on purpose

  it('takes the value at rank ⌈p·n⌉ of the sorted values', () => {
    expect(percentile(hundred, 50)).toBe(50);
    expect(percentile(hundred, 99)).toBe(99);
    expect(percentile(hundred, 100)).toBe(100);
    expect(percentile([3, 1, 2], 50)).toBe(2);
    expect(percentile([0.5, 10, 2], 99)).toBe(10); // numeric order, not string order
  });

  it('has nothing to say about no values', () => {
    expect(percentile([], 50)).toBeNull();
  });
});
