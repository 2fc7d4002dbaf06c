/**
 * The rule for calling a difference, and the bands (docs/review.md). An alternative is clearly
 * better than the choice made when its paired mean gain exceeds both MIN_GAIN points and Z standard
 * errors; the choice then costs that gain, and the cost's size names its band.
 */
import type { Band } from './types.js';

/** Points a hand an alternative must gain to count at all. */
export const MIN_GAIN = 5;
/** Standard errors the gain must exceed. */
export const Z = 2;
/** Fewer samples than this call no difference (their standard errors mean too little). */
export const MIN_JUDGED = 8;
/** The lower bound of each band of a clear cost, in points a hand. */
export const BANDS: ReadonlyArray<{ readonly band: Band; readonly from: number }> = [
  { band: 'blunder', from: 60 },
  { band: 'mistake', from: 25 },
  { band: 'inaccuracy', from: 10 },
  { band: 'good', from: 0 },
];

/** The band of a clear cost (> MIN_GAIN): good under 10, inaccuracy to 25, mistake to 60, then blunder. */
export function bandOf(cost: number): Band {
  for (const { band, from } of BANDS) if (cost >= from) return band;
  return 'good';
}

/**
 * The band of a clear cost measured with standard error `se`: that of the cost less one error. The
 * best of several noisy estimates runs high by about one error (the expected largest of three or
 * four standard normal draws is about 1), so the plain cost would band too many choices a mistake.
 */
export function bandOfClear(cost: number, se: number): Band {
  return bandOf(cost - se);
}

/**
 * The spread of a difference is estimated as if PRIOR_WEIGHT more samples of spread PRIOR_SD points
 * had been seen: differences between two plays are mostly 0 with a rare large swing (a call made or
 * broken, a double victory), so a few samples that happen to agree would otherwise claim an error
 * near 0. The prior's weight fades as samples come in.
 */
export const PRIOR_SD = 30;
export const PRIOR_WEIGHT = 8;

/** Running sums of one quantity over samples: its mean and the standard error of that mean. */
export class Tally {
  n = 0;
  private sum = 0;
  private squares = 0;

  add(x: number): void {
    this.n++;
    this.sum += x;
    this.squares += x * x;
  }

  mean(): number {
    return this.n === 0 ? 0 : this.sum / this.n;
  }

  /** The standard error of the mean: the sample variance (with n - 1), shrunk towards the prior's. */
  se(): number {
    if (this.n === 0) return 0;
    const mean = this.sum / this.n;
    const squares = Math.max(0, this.squares - this.n * mean * mean);
    const variance = (squares + PRIOR_WEIGHT * PRIOR_SD * PRIOR_SD) / (this.n - 1 + PRIOR_WEIGHT);
    return Math.sqrt(variance / this.n);
  }
}

/**
 * The errors the best of `k` alternatives must clear: Z for one; for more, raised so that when none
 * is truly better the largest of them clears it no more often than one alternative clears Z (Šidák):
 * 2.28, 2.43, 2.53 for 2, 3, 4 alternatives, 2.92 for the wish's 13.
 */
export function zFor(k: number): number {
  if (k <= 1) return Z;
  const alone = normalTail(Z);
  const each = 1 - (1 - alone) ** (1 / k);
  let lo = Z;
  let hi = 8;
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (normalTail(mid) > each) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** P(X > z) for a standard normal X (Abramowitz and Stegun 7.1.26, error under 1e-7). */
function normalTail(z: number): number {
  const x = z / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly =
    t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  return 0.5 * poly * Math.exp(-x * x);
}

/** Whether the best of `k` alternatives, gaining `mean` with standard error `se`, is a clear difference. */
export function isClear(mean: number, se: number, n: number, k = 1): boolean {
  return n >= MIN_JUDGED && mean > MIN_GAIN && mean > zFor(k) * se;
}

/** Errors below the bar an alternative's mean must be to be out of reach: leaving it is for good. */
export const OUT_OF_REACH = 3;

/**
 * Whether more samples of one alternative would change little: it is out of reach of the bar (its
 * mean plus OUT_OF_REACH errors under MIN_GAIN), or clearly measured (its error small beside its size).
 */
export function isDone(gain: Tally): boolean {
  const mean = gain.mean();
  const se = gain.se();
  return mean + OUT_OF_REACH * se < MIN_GAIN || se <= Math.max(3, 0.12 * Math.abs(mean));
}

/** Band edges worth pinning down: the bar itself, and the edges of mistake and blunder. */
const EDGES = [MIN_GAIN, 25, 60];

/**
 * How near an alternative is to changing the verdict, in standard errors: to the bar (MIN_GAIN,
 * and z errors) or to a band edge that matters (mistake, blunder). Small: samples matter most here.
 */
export function nearness(gain: Tally, z = Z): number {
  const mean = gain.mean();
  const se = Math.max(gain.se(), 0.5);
  let near = Math.abs(mean / se - z);
  for (const edge of EDGES) near = Math.min(near, Math.abs(mean - edge) / se);
  return near;
}
