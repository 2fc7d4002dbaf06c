/**
 * Hand review figures (docs/review.md), each beside what it is measured against:
 * - `review.handMs.p50` and `.p99`: a whole hand's review at the default budget (8,000 ms), on this
 *   thread, over HANDS fixed-seed hands of normal play (seat 0 reviewed); beside the plain-loop floor
 *   of bench/engine.ts, so a slower machine shows as a higher floor, not as slower code.
 * - `review.mistakesPerHand.hard` and `.random`, and `review.mistakesRatio` (random over hard): the
 *   decisions banded mistake or blunder per hand when seat 0 is played by the hard bot (a playout
 *   cap, so the hands repeat) or by the random level, the other seats by normal, reviewed with a
 *   sample cap on the same fixed seeds: a review that sees good play as bad, or bad as good, misses.
 * `npm run bench` may run it in a process of its own; alone: `node --expose-gc --import tsx bench/review.ts`
 * (`--figures`: only the JSON line, as run.ts reads it).
 */
import { pathToFileURL } from 'node:url';
import { DEFAULT_REVIEW_BUDGET_MS, reviewHand } from '../src/review/index.js';
import { type Level, playHand } from '../test/review/playHands.js';
import { type Figure, plainLoopMs } from './engine.js';

/** Hands timed at the default budget. */
const HANDS = 8;
const HAND_TARGET_MS = 10_000;
/** Hands per level for the mistake figures, their sample cap, and hard's playout cap. */
const MISTAKE_HANDS = 8;
const MISTAKE_SAMPLES = 48;
const HARD_PLAYOUTS = 200;
const RATIO_TARGET = 3;

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1));
  return sorted[rank] as number;
}

function round(value: number, digits = 2): number {
  return Math.round(value * 10 ** digits) / 10 ** digits;
}

interface Timed {
  readonly ms: number[];
  readonly samples: number[];
  readonly decisions: number;
}

/** Whole-hand reviews at the default budget, wall clock on this thread. */
function timeHands(): Timed {
  const ms: number[] = [];
  const samples: number[] = [];
  let decisions = 0;
  for (let k = 0; k < HANDS; k++) {
    const hand = playHand(`bench-review-${k}`, ['normal', 'normal', 'normal', 'normal']);
    globalThis.gc?.();
    const start = performance.now();
    const review = reviewHand({
      settings: hand.settings,
      seed: hand.seed,
      actions: hand.actions,
      hand: 1,
      seat: 0,
      budgetMs: DEFAULT_REVIEW_BUDGET_MS,
    });
    ms.push(performance.now() - start);
    decisions += review.reviewed;
    for (const d of review.decisions) if (d.alternatives.length > 0) samples.push(d.samples);
  }
  return { ms, samples, decisions };
}

interface Mistakes {
  readonly perHand: number;
  readonly reviewed: number;
  readonly ms: number;
}

function mistakes(level: Level): Mistakes {
  let count = 0;
  let reviewed = 0;
  const start = performance.now();
  for (let k = 0; k < MISTAKE_HANDS; k++) {
    const hand = playHand(`bench-mistakes-${k}`, [level, 'normal', 'normal', 'normal'], {
      hardPlayouts: HARD_PLAYOUTS,
    });
    const review = reviewHand({
      settings: hand.settings,
      seed: hand.seed,
      actions: hand.actions,
      hand: 1,
      seat: 0,
      budgetMs: Number.POSITIVE_INFINITY,
      samples: MISTAKE_SAMPLES,
    });
    reviewed += review.reviewed;
    count += review.decisions.filter((d) => d.band === 'mistake' || d.band === 'blunder').length;
  }
  return { perHand: count / MISTAKE_HANDS, reviewed, ms: performance.now() - start };
}

export function reviewFigures(): Figure[] {
  const floorMs = plainLoopMs();
  const timed = timeHands();
  const p50 = percentile(timed.ms, 0.5);
  const p99 = percentile(timed.ms, 0.99);
  const samplesP50 = percentile(timed.samples, 0.5);
  const hard = mistakes('hard');
  const random = mistakes('random');
  // No mistake at all for hard: counted as one in all its hands, so the ratio is a lower bound.
  const ratio = random.perHand / Math.max(hard.perHand, 1 / MISTAKE_HANDS);
  const floor = (ms: number) =>
    `floor (a plain loop of 1M integer steps) ${round(floorMs, 3)} ms, ratio ${Math.round(ms / floorMs)}`;
  const timedWhat = `${HANDS} fixed-seed hands of normal play, seat 0 reviewed (${timed.decisions} decisions with a choice; median ${samplesP50} samples each) at the default budget of ${DEFAULT_REVIEW_BUDGET_MS} ms, one thread`;
  const mistakeWhat = `${MISTAKE_HANDS} fixed-seed hands per level, seat 0 reviewed with a cap of ${MISTAKE_SAMPLES} samples a decision`;
  return [
    {
      key: 'review.handMs.p50',
      value: Math.round(p50),
      unit: 'ms',
      target: `<= ${HAND_TARGET_MS} ms`,
      met: p50 <= HAND_TARGET_MS,
      note: `${timedWhat}; ${floor(p50)}`,
    },
    {
      key: 'review.handMs.p99',
      value: Math.round(p99),
      unit: 'ms',
      target: `<= ${HAND_TARGET_MS} ms`,
      met: p99 <= HAND_TARGET_MS,
      note: `the slowest of the same ${HANDS} hands; ${floor(p99)}`,
    },
    {
      key: 'review.mistakesPerHand.hard',
      value: round(hard.perHand),
      unit: 'mistakes',
      target: '(info)',
      met: true,
      note: `bands mistake and blunder, seat 0 the hard bot (${HARD_PLAYOUTS} playouts a decision), the others normal; ${mistakeWhat}; ${hard.reviewed} decisions with a choice, ${(hard.ms / 1000).toFixed(1)} s`,
    },
    {
      key: 'review.mistakesPerHand.random',
      value: round(random.perHand),
      unit: 'mistakes',
      target: '(info)',
      met: true,
      note: `bands mistake and blunder, seat 0 the random level, the others normal; ${mistakeWhat}; ${random.reviewed} decisions with a choice, ${(random.ms / 1000).toFixed(1)} s`,
    },
    {
      key: 'review.mistakesRatio',
      value: round(ratio),
      unit: 'x',
      target: `>= ${RATIO_TARGET}`,
      met: ratio >= RATIO_TARGET,
      note: `review.mistakesPerHand.random over .hard (${round(random.perHand)} / ${round(hard.perHand)}; hard with none would count as one in ${MISTAKE_HANDS} hands), the same ${MISTAKE_HANDS} seeds`,
    },
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const start = performance.now();
  const figures = reviewFigures();
  if (!process.argv.includes('--figures')) {
    for (const f of figures)
      console.log(
        `${f.key.padEnd(28)} ${String(f.value).padStart(8)} ${f.unit.padEnd(3)} ${f.met ? 'meets' : 'MISSES'} target ${f.target}${f.note ? `  (${f.note})` : ''}`,
      );
    console.log(
      `review: ${((performance.now() - start) / 1000).toFixed(1)} s wall time for the review figures`,
    );
  }
  console.log(JSON.stringify(figures));
  process.exit(0);
}
