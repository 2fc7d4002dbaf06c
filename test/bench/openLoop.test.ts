/**
 * The arithmetic of the open-loop load (bench/openLoop.ts, issue 30): arrivals decided in advance,
 * latency counted from the due time, and a stall that a closed loop hides shown in the p99.
 */
import { describe, expect, it } from 'vitest';
import {
  type Click,
  capacityOf,
  nextRate,
  pausedSchedule,
  percentileOf,
  poissonSchedule,
  simulateTable,
  summarize,
  uniform,
} from '../../bench/openLoop.js';

describe('arrivals decided in advance', () => {
  it('Poisson over the tables: the same seed gives the same schedule, at the rate asked', () => {
    const a = poissonSchedule(uniform(7), 200, 50, 0, 60_000);
    const b = poissonSchedule(uniform(7), 200, 50, 0, 60_000);
    expect(a).toEqual(b);
    expect(poissonSchedule(uniform(8), 200, 50, 0, 60_000)).not.toEqual(a);
    const all = a.flat();
    // 12,000 expected; a Poisson count's sd is sqrt(12,000) ~ 110: within 5 sd.
    expect(Math.abs(all.length - 12_000)).toBeLessThan(550);
    for (const dues of a) {
      expect([...dues].sort((x, y) => x - y)).toEqual(dues);
      for (const due of dues) {
        expect(due).toBeGreaterThan(0);
        expect(due).toBeLessThan(60_000);
      }
    }
    // Spread over the tables: each gets about 240 (sd ~15.5).
    for (const dues of a) expect(Math.abs(dues.length - 240)).toBeLessThan(80);
    // Exponential gaps: the share of gaps over the mean is e^-1 ~ 0.368.
    const sorted = [...all].sort((x, y) => x - y);
    const gaps = sorted.slice(1).map((t, i) => t - (sorted[i] as number));
    const over = gaps.filter((g) => g > 5).length / gaps.length;
    expect(over).toBeGreaterThan(0.34);
    expect(over).toBeLessThan(0.4);
  });

  it("people's pace: each table's clicks within the pauses asked, from a random phase", () => {
    const schedule = pausedSchedule(uniform(3), 100, 1_000, 61_000, 1_500, 4_500);
    for (const dues of schedule) {
      expect(dues[0]).toBeGreaterThanOrEqual(1_000);
      expect(dues[0]).toBeLessThan(1_000 + 4_500);
      for (let i = 1; i < dues.length; i++) {
        const gap = (dues[i] as number) - (dues[i - 1] as number);
        expect(gap).toBeGreaterThanOrEqual(1_500);
        expect(gap).toBeLessThanOrEqual(4_500);
      }
    }
    // A mean pause of 3 s over 60 s: about 20 a table.
    const mean = schedule.flat().length / 100;
    expect(mean).toBeGreaterThan(18);
    expect(mean).toBeLessThan(21);
  });

  it('refuses a schedule that cannot be made', () => {
    expect(() => poissonSchedule(uniform(1), 0, 10, 0, 1_000)).toThrow();
    expect(() => pausedSchedule(uniform(1), 10, 0, 1_000, 5, 1)).toThrow();
  });
});

describe('latency from the due time', () => {
  it('a click due while its table waits goes when the answer is in, and its wait counts', () => {
    // Answers take 30 ms; clicks due at 0, 10 and 100 ms.
    const clicks = simulateTable([0, 10, 100], (sent) => sent + 30);
    expect(clicks.map((c) => [c.sentMs, c.answeredMs, c.queued])).toEqual([
      [0, 30, false],
      [30, 60, true],
      [100, 130, false],
    ]);
    const summary = summarize(clicks, 30, 0, 1_000, 1_000);
    // 30, 50 (due at 10, answered at 60) and 30.
    expect(summary.maxMs).toBe(50);
    expect(summary.p50Ms).toBe(30);
  });

  it('a stall shows in the p99, where a closed loop samples it once', () => {
    // A responder that answers in 2 ms, but stalls from 10 s to 10.5 s (a pause of half a second).
    const answer = (sent: number) => (sent >= 10_000 && sent < 10_500 ? 10_500 + 2 : sent + 2);
    // Open loop: 100 clicks a second due over 20 s, decided in advance, on one table.
    const dues = Array.from({ length: 2_000 }, (_, i) => i * 10);
    const open = summarize(simulateTable(dues, answer), 100, 0, 20_000, 20_000);
    // The 50 clicks due in the stall waited up to 500 ms: 2.5% of all clicks, so the p99 sees it.
    expect(open.p99Ms).toBeGreaterThan(100);
    expect(open.maxMs).toBeGreaterThan(490);
    // Closed loop: a player who clicks 10 ms after each answer only clicked once in the stall.
    const closed: Click[] = [];
    let at = 0;
    while (at < 20_000) {
      const answeredMs = answer(at);
      closed.push({ dueMs: at, sentMs: at, answeredMs, queued: false, first: true });
      at = answeredMs + 10;
    }
    const closedSummary = summarize(closed, 0, 0, 20_000, 20_000);
    expect(closedSummary.p99Ms).toBeLessThan(5);
    expect(closedSummary.maxMs).toBeGreaterThan(490);
  });

  it('counts clicks never answered, and those in the warm-up not at all', () => {
    const clicks: Click[] = [
      { dueMs: 500, sentMs: 500, answeredMs: 9_000, queued: false, first: true }, // warm-up
      { dueMs: 1_000, sentMs: 1_001, answeredMs: 1_005, queued: false, first: true },
      { dueMs: 2_000, sentMs: 2_003, answeredMs: null, queued: false, first: true },
      { dueMs: 2_500, sentMs: Number.NaN, answeredMs: null, queued: true, first: true },
    ];
    const summary = summarize(clicks, 3, 1_000, 4_000, 7_000);
    expect(summary.due).toBe(3);
    expect(summary.unanswered).toBe(2);
    // Unanswered clicks are in the tail with what they waited until the run stopped waiting.
    expect(summary.maxMs).toBe(5_000);
    // The generator's own lag: clicks sent when free, late by 1 and 3 ms.
    expect(summary.sendLagP99Ms).toBe(3);
    // One answer (at 1,005) came inside the 3 s window.
    expect(summary.achievedPerSec).toBeCloseTo(1 / 3, 5);
  });

  it('percentiles by nearest rank', () => {
    const values = Array.from({ length: 1_000 }, (_, i) => i + 1);
    expect(percentileOf(values, 50)).toBe(500);
    expect(percentileOf(values, 99)).toBe(990);
    expect(percentileOf(values, 99.9)).toBe(999);
    expect(percentileOf([], 99)).toBe(0);
  });
});

describe('stepping to the capacity', () => {
  const options = { startPerSec: 50, factor: 1.4, refinements: 2, maxPerSec: 1_000 };

  it('steps x1.4 while served, then refines twice between the last pass and the first failure', () => {
    const tried: Array<{ perSec: number; served: boolean }> = [];
    const limit = 120; // the answerer serves up to 120 a second
    for (let i = 0; i < 20; i++) {
      const rate = nextRate(tried, options);
      if (rate === null) break;
      tried.push({ perSec: rate, served: rate <= limit });
    }
    const rates = tried.map((t) => Math.round(t.perSec));
    // 50, 70, 98 served; 137 not; sqrt(98 * 137) = 116 served; sqrt(116 * 137) = 126 not.
    expect(rates).toEqual([50, 70, 98, 137, 116, 126]);
    expect(Math.round(capacityOf(tried))).toBe(116);
  });

  it('stops at the top rate, and a first rate not served is capacity 0', () => {
    const tried: Array<{ perSec: number; served: boolean }> = [];
    for (let i = 0; i < 20; i++) {
      const rate = nextRate(tried, options);
      if (rate === null) break;
      tried.push({ perSec: rate, served: true });
    }
    expect(Math.max(...tried.map((t) => t.perSec))).toBeLessThanOrEqual(1_000);
    expect(nextRate([{ perSec: 50, served: false }], options)).toBeNull();
    expect(capacityOf([{ perSec: 50, served: false }])).toBe(0);
  });
});
