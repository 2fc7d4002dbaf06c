/** Engine figures: legal plays of a 14-card hand on lead, and random self-play throughput. */
import { playOut } from '../src/bots/selfPlay.js';
import {
  buildScenario,
  DECK,
  formatCards,
  legalCombos,
  makeSettings,
  newMatch,
  Rng,
  seedRng,
  shuffled,
} from '../src/engine/index.js';

export interface Figure {
  readonly key: string;
  readonly value: number;
  readonly unit: string;
  readonly target: string;
  readonly met: boolean;
  readonly note?: string;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/**
 * The floor for engine figures, taken in the same run: a plain loop of 1,000,000 integer steps
 * (xorshift over a 64-entry array), the median of 21 runs, in ms. The same commit runs 2x slower on
 * one machine than another; a figure's ratio to this floor is what compares across machines.
 */
export function plainLoopMs(): number {
  const table = new Int32Array(64).map((_, i) => i * 2_654_435_761);
  const times: number[] = [];
  let sink = 0;
  for (let run = 0; run < 21; run++) {
    let x = run + 1;
    const start = process.hrtime.bigint();
    for (let i = 0; i < 1_000_000; i++) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      sink = (sink + (table[x & 63] as number)) | 0;
    }
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  if (sink === 42) console.log(''); // keeps the loop from being optimised away
  return median(times);
}

/** "floor (…) 5.6 ms, ratio 3.1": a time beside the engine floor (the ratio stays when the machine is slower). */
function besideFloor(value: number, floorMs: number): string {
  return `floor (a plain loop of 1M integer steps) ${round(floorMs, 3)} ms, ratio ${round(value / floorMs, 2)}`;
}

/** Median over a fixed sample of dealt hands of the time to list every legal lead (Phoenix readings included). */
export function legalLead14(sampleSize = 400, repeats = 50, floorMs = plainLoopMs()): Figure {
  const rng = new Rng(seedRng('bench:legalLead14'));
  const perHand: number[] = [];
  let totalPlays = 0;
  for (let i = 0; i < sampleSize; i++) {
    const deck = shuffled(DECK, rng);
    const hands = [0, 1, 2, 3].map((s) => formatCards(deck.slice(s * 14, s * 14 + 14)));
    const state = buildScenario({ hands: { 0: hands[0], 1: hands[1], 2: hands[2], 3: hands[3] }, turn: 0 });
    totalPlays += legalCombos(state, 0).length;
    for (let w = 0; w < 5; w++) legalCombos(state, 0); // warm up this hand
    const start = process.hrtime.bigint();
    for (let r = 0; r < repeats; r++) legalCombos(state, 0);
    perHand.push(Number(process.hrtime.bigint() - start) / 1000 / repeats);
  }
  const value = median(perHand);
  return {
    key: 'engine.legalLead14.medianUs',
    value: round(value, 2),
    unit: 'us',
    target: '<= 20 us',
    met: value <= 20,
    note: `${sampleSize} dealt hands, ${(totalPlays / sampleSize).toFixed(0)} legal leads on average; ${besideFloor(value, floorMs)}`,
  };
}

/** Complete random hands (deal, calls, exchange, play, score) per second on one core. */
export function selfPlay(seconds = 3, floorMs = plainLoopMs()): Figure {
  const rng = new Rng(seedRng('bench:selfPlay'));
  const settings = makeSettings();
  let hands = 0;
  let match = 0;
  // Warm up the JIT before timing.
  playOut(newMatch(settings, 'warmup'), rng, true);
  const start = process.hrtime.bigint();
  const budget = BigInt(Math.round(seconds * 1e9));
  while (process.hrtime.bigint() - start < budget) {
    const final = playOut(newMatch(settings, `bench-${match++}`), rng, true);
    hands += final.history.length;
  }
  const elapsed = Number(process.hrtime.bigint() - start) / 1e9;
  const value = hands / elapsed;
  return {
    key: 'engine.selfPlay.handsPerSec',
    value: Math.round(value),
    unit: 'hands/s',
    target: '>= 2000 hands/s',
    met: value >= 2000,
    note: `${hands} hands in ${match} matches, one core; floor (a plain loop of 1M integer steps) ${round(floorMs, 3)} ms, ratio ${round((value * floorMs) / 1000, 2)} hands in the floor's time (the same on a faster or slower machine; higher is faster code)`,
  };
}

/**
 * Self-play beside its floor as a figure of its own: hands played in the time the plain loop takes
 * (the same on a faster or slower machine). Issue 30 doubled it: 16.2 before, target >= 25.
 */
export function selfPlayFigures(seconds = 3, floorMs = plainLoopMs()): Figure[] {
  const played = selfPlay(seconds, floorMs);
  const ratio = (played.value * floorMs) / 1000;
  return [
    played,
    {
      key: 'engine.selfPlay.floorRatio',
      value: round(ratio, 2),
      unit: 'x',
      target: '>= 25',
      met: ratio >= 25,
      note: `${played.value} hands/s times the plain loop's ${round(floorMs, 3)} ms: hands played in the floor's time (16.2 before the engine's bit-mask listing and single-copy apply, median of 3 on the development machine)`,
    },
  ];
}

function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
