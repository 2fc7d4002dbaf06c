/** Victory points: how a hand's totals become the few points a rotating event ranks players by. */
import type { PerTeam, Team } from '../engine/index.js';

export interface VpScheme {
  readonly win: number;
  readonly tie: number;
  readonly loss: number;
  /** For the team whose two players went out first and second; the other team gets `loss`. */
  readonly doubleVictory: number;
}

export const DEFAULT_VP_SCHEME: VpScheme = { win: 2, tie: 1, loss: 0, doubleVictory: 3 };

/** The outcomes from best to worst: the order `vpSchemeProblem` checks and the UI prints. */
export const VP_OUTCOMES = ['doubleVictory', 'win', 'tie', 'loss'] as const;
export type VpOutcome = (typeof VP_OUTCOMES)[number];

/** VP of each team for one hand; a double victory outranks the totals (its team never trails anyway). */
export function victoryPoints(
  total: PerTeam<number>,
  doubleVictory: Team | null,
  scheme: VpScheme = DEFAULT_VP_SCHEME,
): [number, number] {
  if (doubleVictory === 0) return [scheme.doubleVictory, scheme.loss];
  if (doubleVictory === 1) return [scheme.loss, scheme.doubleVictory];
  const [a, b] = total;
  if (a === b) return [scheme.tie, scheme.tie];
  return a > b ? [scheme.win, scheme.loss] : [scheme.loss, scheme.win];
}

export type VpSchemeProblem =
  | { readonly code: 'not_a_count'; readonly outcome: VpOutcome; readonly value: number }
  | { readonly code: 'out_of_order'; readonly better: VpOutcome; readonly worse: VpOutcome };

/** The first thing wrong with a host's scheme, or null: counts only, and a better outcome never pays less. */
export function vpSchemeProblem(scheme: VpScheme): VpSchemeProblem | null {
  for (const outcome of VP_OUTCOMES) {
    const value = scheme[outcome];
    if (!Number.isInteger(value) || value < 0) return { code: 'not_a_count', outcome, value };
  }
  for (let i = 1; i < VP_OUTCOMES.length; i++) {
    const better = VP_OUTCOMES[i - 1] as VpOutcome;
    const worse = VP_OUTCOMES[i] as VpOutcome;
    if (scheme[better] < scheme[worse]) return { code: 'out_of_order', better, worse };
  }
  return null;
}

export interface VpSchemeRow {
  readonly outcome: VpOutcome;
  readonly vp: number;
}

/** The scheme as rows, best outcome first, for the UI to put into its own words. */
export function vpSchemeRows(scheme: VpScheme): readonly VpSchemeRow[] {
  return VP_OUTCOMES.map((outcome) => ({ outcome, vp: scheme[outcome] }));
}
