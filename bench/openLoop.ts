/**
 * The arithmetic of an open-loop load (issue 30), apart from any Discord: when each click falls due,
 * decided before the run; each table sends its clicks one at a time, in order, a click due while
 * its table still waits for an earlier answer going out as soon as that answer is in; and each
 * latency counted from when the click fell due, not from when it was sent. A closed loop (players
 * who wait for each answer, pause, and click again) stops clicking when the bot stalls, so the stall
 * is never sampled (coordinated omission); here the clicks keep falling due and the stall shows.
 */

/** A seeded uniform number in [0, 1) (mulberry32): a schedule is the same for the same seed. */
export function uniform(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * Poisson arrivals at `perSecond` in all from `fromMs` (exclusive) to `toMs` (exclusive), each
 * given to one of `tables` tables at random: exponential gaps between arrivals, so every table's
 * own arrivals are Poisson at perSecond / tables. Due times per table, ascending.
 */
export function poissonSchedule(
  random: () => number,
  perSecond: number,
  tables: number,
  fromMs: number,
  toMs: number,
): number[][] {
  if (!(perSecond > 0) || tables < 1) throw new Error('a schedule needs a positive rate and a table');
  const dues: number[][] = Array.from({ length: tables }, () => []);
  const meanGapMs = 1000 / perSecond;
  let at = fromMs;
  for (;;) {
    // 1 - random() is in (0, 1]: log never sees 0.
    at += -Math.log(1 - random()) * meanGapMs;
    if (at >= toMs) return dues;
    (dues[Math.floor(random() * tables)] as number[]).push(at);
  }
}

/**
 * Each table's clicks `minGapMs` to `maxGapMs` apart (uniform), from a random phase after `fromMs`:
 * people's pace, where each click follows the table's previous one after a pause. Decided in
 * advance like the Poisson schedule. Due times per table, ascending.
 */
export function pausedSchedule(
  random: () => number,
  tables: number,
  fromMs: number,
  toMs: number,
  minGapMs: number,
  maxGapMs: number,
): number[][] {
  if (!(minGapMs > 0) || maxGapMs < minGapMs) throw new Error('pauses need 0 < min <= max');
  return Array.from({ length: tables }, () => {
    const dues: number[] = [];
    let at = fromMs + random() * maxGapMs;
    while (at < toMs) {
      dues.push(at);
      at += minGapMs + random() * (maxGapMs - minGapMs);
    }
    return dues;
  });
}

/** One click: when it fell due, when it went out, when its answer came (null: never). */
export interface Click {
  readonly dueMs: number;
  readonly sentMs: number;
  readonly answeredMs: number | null;
  /** Whether its table was still waiting for an earlier answer when it fell due. */
  readonly queued: boolean;
  /**
   * Whether it was the first click of a step (due at an arrival). A step's follow-ups (the move after
   * opening a panel) are due when sent: a person reacting at once to the answer they see.
   */
  readonly first: boolean;
}

/**
 * A table that answers in its own time, simulated: each click goes out at its due time or when
 * the previous answer came, whichever is later; `answerAt(sentMs)` says when it is answered (null:
 * never, and the table goes on after `giveUpMs`, as a player whose click failed clicks again).
 * The live runner (bench/capacityLoad.ts) does the same with real clicks; this is its model, for tests.
 */
export function simulateTable(
  dues: readonly number[],
  answerAt: (sentMs: number) => number | null,
  giveUpMs = 5_000,
): Click[] {
  const clicks: Click[] = [];
  let freeAt = Number.NEGATIVE_INFINITY;
  for (const dueMs of dues) {
    const queued = freeAt > dueMs;
    const sentMs = queued ? freeAt : dueMs;
    const answeredMs = answerAt(sentMs);
    clicks.push({ dueMs, sentMs, answeredMs, queued, first: true });
    freeAt = answeredMs ?? sentMs + giveUpMs;
  }
  return clicks;
}

/** Percentile by nearest rank of an ascending list (0 when empty). */
export function percentileOf(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  // The small subtraction keeps 99.9% of 1,000 at rank 999 (floating point makes it 999.0000000000001).
  const rank = Math.ceil((p * sorted.length) / 100 - 1e-9);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))] as number;
}

export interface StepSummary {
  /** The rate of steps the schedule offered, a second. */
  readonly offeredPerSec: number;
  /** Clicks due in the window (a step's first click and its follow-ups). */
  readonly due: number;
  /** Clicks due in the window, a second: the load offered in clicks. */
  readonly clicksPerSec: number;
  /** Answers that came within the window, a second: what the responder kept up with. */
  readonly achievedPerSec: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly p999Ms: number;
  readonly maxMs: number;
  /** Clicks due in the window never answered (a click not even sent by the end counts too). */
  readonly unanswered: number;
  /**
   * How late the generator sent clicks whose table was free when they fell due (its own lag, which a
   * latency includes): p99, ms. Near 0 when the generator is not the limit.
   */
  readonly sendLagP99Ms: number;
}

/**
 * What one rate's measuring window showed: the clicks due in [fromMs, toMs) (the warm-up before it
 * left out), their latency from due to answer; unanswered ones counted apart and, in the tail, with
 * the time they waited until `endMs` (when the run stopped waiting), so a stall is never hidden.
 */
export function summarize(
  clicks: readonly Click[],
  offeredPerSec: number,
  fromMs: number,
  toMs: number,
  endMs: number,
): StepSummary {
  const inWindow = clicks.filter((c) => c.dueMs >= fromMs && c.dueMs < toMs);
  const latencies = inWindow
    .map((c) => (c.answeredMs ?? Math.max(endMs, c.dueMs)) - c.dueMs)
    .sort((a, b) => a - b);
  const answeredInWindow = clicks.filter(
    (c) => c.answeredMs !== null && c.answeredMs >= fromMs && c.answeredMs < toMs,
  ).length;
  const lags = inWindow
    .filter((c) => c.first && !c.queued && !Number.isNaN(c.sentMs))
    .map((c) => c.sentMs - c.dueMs)
    .sort((a, b) => a - b);
  return {
    offeredPerSec,
    due: inWindow.length,
    clicksPerSec: inWindow.length / ((toMs - fromMs) / 1000),
    achievedPerSec: answeredInWindow / ((toMs - fromMs) / 1000),
    p50Ms: percentileOf(latencies, 50),
    p99Ms: percentileOf(latencies, 99),
    p999Ms: percentileOf(latencies, 99.9),
    maxMs: latencies.at(-1) ?? 0,
    unanswered: inWindow.filter((c) => c.answeredMs === null).length,
    sendLagP99Ms: percentileOf(lags, 99),
  };
}

/** Whether a rate was served: p99 within the bound and every click answered. */
export function served(step: StepSummary, p99BoundMs: number): boolean {
  return step.unanswered === 0 && step.p99Ms <= p99BoundMs;
}

/**
 * The rates to try: from `startPerSec`, times `factor` a step while the last one was served; once
 * one is not, `refinements` halvings of the gap (in ratio) between the last served and the first
 * not served. `tried` is what has been measured so far; returns the next rate, or null when done.
 * Capacity is then the highest rate served (capacityOf).
 */
export function nextRate(
  tried: ReadonlyArray<{ readonly perSec: number; readonly served: boolean }>,
  options: { startPerSec: number; factor: number; refinements: number; maxPerSec: number },
): number | null {
  if (tried.length === 0) return options.startPerSec;
  const firstFail = tried.findIndex((t) => !t.served);
  if (firstFail === -1) {
    const last = (tried.at(-1) as { perSec: number }).perSec;
    const next = last * options.factor;
    return next > options.maxPerSec ? null : next;
  }
  const refinedSoFar = tried.length - 1 - firstFail;
  if (refinedSoFar >= options.refinements) return null;
  const servedRates = tried.filter((t) => t.served).map((t) => t.perSec);
  const failedRates = tried.filter((t) => !t.served).map((t) => t.perSec);
  const low = servedRates.length > 0 ? Math.max(...servedRates) : 0;
  const high = Math.min(...failedRates);
  if (low === 0) return null; // even the first rate was too much: nothing to refine between
  return Math.sqrt(low * high);
}

/** The highest rate served, or 0. */
export function capacityOf(
  tried: ReadonlyArray<{ readonly perSec: number; readonly served: boolean }>,
): number {
  return Math.max(0, ...tried.filter((t) => t.served).map((t) => t.perSec));
}
