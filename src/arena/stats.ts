/** The arena's statistics: 95% intervals for rates and for per-hand means over mirrored pairs, and percentiles. */

/** The normal quantile for a two-sided 95% interval. */
export const Z95 = 1.959963984540054;

export interface Interval {
  readonly value: number;
  readonly low: number;
  readonly high: number;
}

/**
 * Wilson score interval for `successes` out of `trials`. Unlike value ± z·se it stays inside [0, 1]
 * and does not collapse to a point at 0% or 100%, where a strong level against a weak one sits.
 * Null when there were no trials.
 */
export function wilson(successes: number, trials: number, z = Z95): Interval | null {
  if (trials <= 0) return null;
  const p = successes / trials;
  const z2n = (z * z) / trials;
  const center = (p + z2n / 2) / (1 + z2n);
  const half = (z / (1 + z2n)) * Math.sqrt((p * (1 - p)) / trials + (z * z) / (4 * trials * trials));
  // At 0% and 100% the bound is exactly 0 or 1; rounding would otherwise print 0.9999999999999999.
  const low = successes === 0 ? 0 : Math.max(0, center - half);
  const high = successes === trials ? 1 : Math.min(1, center + half);
  return { value: p, low, high };
}

/**
 * A per-hand mean over clusters (mirrored pairs): `sums[i]` is cluster i's total, `counts[i]` its
 * number of hands. The estimate is Σsums / Σcounts; its variance comes from the spread between
 * clusters (the linearised ratio estimator: n/(n−1) · Σ(sumᵢ − r·countᵢ)² / (Σcounts)²), because the
 * hands of a pair share their deals and are not independent. With equal counts this is exactly the
 * mean of the clusters' means ± z times their standard error. Null with fewer than two clusters.
 */
export function ratioInterval(
  sums: readonly number[],
  counts: readonly number[],
  z = Z95,
): (Interval & { readonly se: number }) | null {
  const n = sums.length;
  if (n < 2 || counts.length !== n) return null;
  let total = 0;
  let hands = 0;
  for (let i = 0; i < n; i++) {
    total += sums[i] as number;
    hands += counts[i] as number;
  }
  if (hands <= 0) return null;
  const r = total / hands;
  let squares = 0;
  for (let i = 0; i < n; i++) squares += ((sums[i] as number) - r * (counts[i] as number)) ** 2;
  const se = Math.sqrt((n / (n - 1)) * squares) / hands;
  return { value: r, low: r - z * se, high: r + z * se, se };
}

/** Nearest-rank percentile (p in (0, 100]) of unsorted values; null when there are none. */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = Float64Array.from(values).sort();
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] as number;
}
