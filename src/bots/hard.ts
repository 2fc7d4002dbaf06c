/**
 * The hard level: search on top of normal. For a play it owes, it samples the hidden hands
 * consistently with what it has seen, plays each candidate move out to the end of the hand with
 * normal players in every seat, and picks the move with the best average score for its team.
 * One sample serves every candidate (common random numbers), so the comparison is fair.
 */
import {
  type Action,
  apply,
  type Card,
  isBomb,
  legalActions,
  legalPlays,
  type MatchState,
  owesAction,
  playOf,
  Rng,
  type Seat,
  seatView,
  teamOf,
} from '../engine/index.js';
import { canPass, distinctPlays, PASS, type PlayOption, playOptions } from './choose.js';
import { costAfter } from './comboWorth.js';
import { sampledState, sampleHands } from './determinize.js';
import { memoryOf } from './memory.js';
import { normalPolicy, playOnTurn } from './normal.js';
import type { Policy } from './policy.js';

const MAX_CANDIDATES = 4;
const MAX_ROLLOUT_STEPS = 400;
/** Fewer samples than this say too little to overrule normal. */
const MIN_SAMPLES = 4;
/** Points a hand an alternative must gain over normal's choice, and by how many standard errors. */
const MIN_GAIN = 5;
const CONFIDENCE = 1.5;
/** After this many samples, stop as soon as no alternative can still clear the bar. */
const SETTLE_SAMPLES = 8;
const ROLLOUT: Policy = normalPolicy;

export const hardPolicy: Policy = (view, memory, legal, rng, budget) => {
  const base = normalPolicy(view, memory, legal, rng, budget);
  // Only card play is searched: calls, the exchange, the wish and the Dragon follow normal's rules,
  // and so does the out-of-turn bomb question (it is asked after every action and must stay cheap).
  if (view.phase !== 'play' || view.pending || view.turn !== view.seat || base === null) return base;
  if (base.type === 'tichu') return base;
  const candidates = candidatesFor(view.hand, legal, base);
  if (candidates.length < 2) return base;
  // Differences from normal's choice, sample by sample: paired, so the luck of the sample cancels.
  const sums = new Array<number>(candidates.length).fill(0);
  const squares = new Array<number>(candidates.length).fill(0);
  const start = budget.now();
  const cap = budget.playouts ?? Number.POSITIVE_INFINITY;
  let samples = 0;
  while (samples * candidates.length < cap && budget.now() - start < budget.ms) {
    const state = sampledState(view, memory, sampleHands(view, memory, rng));
    const baseline = playOut(state, view.seat, base);
    for (let i = 1; i < candidates.length; i++) {
      const d = playOut(state, view.seat, candidates[i] as Action) - baseline;
      sums[i] = (sums[i] as number) + d;
      squares[i] = (squares[i] as number) + d * d;
    }
    samples++;
    if (samples >= SETTLE_SAMPLES && settled(sums, squares, samples)) break;
  }
  return clearlyBetter(candidates, sums, squares, samples) ?? base;
};

/** Whether more samples would change nothing: no alternative is within reach of the bar. */
function settled(sums: number[], squares: number[], n: number): boolean {
  for (let i = 1; i < sums.length; i++) {
    const mean = (sums[i] as number) / n;
    const se = Math.sqrt(Math.max(0, (squares[i] as number) / n - mean * mean) / n);
    if (mean + 2 * se >= MIN_GAIN) return false;
  }
  return true;
}

/**
 * The alternative whose mean gain over normal's choice is largest, if that gain is both worth
 * having and clearly more than noise; otherwise null (keep normal's choice). So search can only
 * overrule normal where the samples agree, and a short budget falls back to normal's play.
 */
function clearlyBetter(
  candidates: readonly Action[],
  sums: number[],
  squares: number[],
  n: number,
): Action | null {
  if (n < MIN_SAMPLES) return null;
  let best: Action | null = null;
  let bestMean = MIN_GAIN;
  for (let i = 1; i < candidates.length; i++) {
    const mean = (sums[i] as number) / n;
    const variance = Math.max(0, (squares[i] as number) / n - mean * mean);
    const se = Math.sqrt(variance / n);
    if (mean > bestMean && mean > CONFIDENCE * se) {
      bestMean = mean;
      best = candidates[i] as Action;
    }
  }
  return best;
}

/** Normal's own choice first, then pass, then the plays that keep the hand in the best shape. */
function candidatesFor(hand: readonly Card[], legal: readonly Action[], base: Action): Action[] {
  const out: Action[] = [base];
  const same = (a: Action, b: Action) => JSON.stringify(a) === JSON.stringify(b);
  if (canPass(legal) && !same(base, PASS)) out.push(PASS);
  // One candidate per shape: suit variants of the same play would only repeat each other's playouts.
  const plays = distinctPlays(playOptions(legal), hand)
    .map((p) => ({
      p,
      cost: costAfter(hand, p.combo.cards) + (isBomb(p.combo) ? 15 : 0) + p.combo.rank / 100,
    }))
    .sort((a, b) => a.cost - b.cost);
  for (const { p } of plays) {
    if (out.length >= MAX_CANDIDATES) break;
    if (!out.some((a) => same(a, p.action))) out.push(p.action);
  }
  return out;
}

/** Plays `first` for `seat`, then normal players to the hand's end: the seat's team minus the other. */
function playOut(from: MatchState, seat: Seat, first: Action): number {
  const team = teamOf(seat);
  let step = apply(from, seat, first);
  if (!step.ok) return Number.NEGATIVE_INFINITY;
  for (let i = 0; i < MAX_ROLLOUT_STEPS; i++) {
    const ended = step.value.events.find((e) => e.type === 'handEnded');
    if (ended && ended.type === 'handEnded')
      return (ended.result.total[team] as number) - (ended.result.total[team === 0 ? 1 : 0] as number);
    const state = step.value.state;
    const actor = state.hand.pending?.seat ?? state.hand.turn;
    if (actor === null || !owesAction(state, actor)) return 0;
    const action = rolloutMove(state, actor);
    if (!action) return 0;
    step = apply(state, actor, action);
    if (!step.ok) return 0;
  }
  return 0;
}

const NO_BUDGET = { ms: 0, now: () => 0 };
// Normal reads neither the rng nor the budget; playouts pass fixed ones.
const UNUSED_RNG = new Rng([1, 2, 3, 4]);
const CAN_PASS: readonly Action[] = [PASS];
const MUST_PLAY: readonly Action[] = [];

/**
 * Normal's move in a playout. Card play (nearly every step) skips what a policy call must do for an
 * untrusted caller: the engine's combos are used as they are, and calls are never made.
 */
function rolloutMove(state: MatchState, seat: Seat): Action | null {
  const hand = state.hand;
  if (hand.phase === 'play' && !hand.pending && hand.turn === seat) {
    const { combos, mayPass } = legalPlays(state, seat);
    const plays = distinctPlays(
      combos.map((combo) => ({ action: playOf(combo) as PlayOption['action'], combo })),
      hand.hands[seat],
    );
    return playOnTurn(seatView(state, seat), mayPass ? CAN_PASS : MUST_PLAY, plays);
  }
  const legal = legalActions(state, seat, { exchanges: false }).filter((a) => a.type !== 'tichu');
  return ROLLOUT(seatView(state, seat), memoryOf(state, seat), legal, UNUSED_RNG, NO_BUDGET);
}

/** The hard level as it was before issue 29: the arena's yardstick for the new hard and expert. */
export const hardV1Policy: Policy = hardPolicy;

/** The expert level: the search with a larger budget (its budget comes from the caller). */
export const expertPolicy: Policy = hardPolicy;

/** Whether the hard search decides this (slow: off the main thread); everything else is on the spot. */
export function hardSearches(state: MatchState, seat: Seat): boolean {
  const hand = state.hand;
  return hand.phase === 'play' && hand.pending === null && hand.turn === seat;
}
