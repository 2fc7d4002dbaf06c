/**
 * Weighing the options of one decision by playouts, from the seat's view and memory only. Each
 * sample deals the unseen cards once and plays every option out on that deal (common random
 * numbers), so each option is compared with the choice made sample by sample: paired differences.
 * An evaluation can be stepped a sample at a time and resumed, so the hand's budget can be shared.
 */

import type { Memory } from '../bots/policy.js';
import {
  type Action,
  apply,
  legalActions,
  type MatchState,
  Rng,
  type Seat,
  type SeatView,
  seedRng,
} from '../engine/index.js';
import { bandOfClear, isClear, isDone, MIN_JUDGED, nearness, Tally, zFor } from './bands.js';
import { type Option, optionsFor, type Question } from './candidates.js';
import { ReviewError } from './errors.js';
import { type Outcome, playOut } from './playouts.js';
import { type Sampler, samplerFor } from './sampling.js';
import type { Alternative, CallAdvice, DecisionReview } from './types.js';

/**
 * Samples before an alternative may stop being played out (out of reach, or measured). Stopping is
 * for good, and a difference is mostly 0 with a rare large swing: too few samples may not show one.
 */
const SETTLE_MIN = 32;
/** Deals in a row whose playouts do not end before an evaluation gives up (never seen). */
const MAX_DISCARDED = 20;

export class Evaluation {
  readonly options: readonly Option[];
  /** Samples taken (of the chosen option: an alternative stops being played out once done). */
  n = 0;
  private readonly seat: Seat;
  private readonly rng: Rng;
  private readonly sampler: Sampler;
  private next: MatchState | null;
  /** Per alternative (options[1..]): its points minus the chosen option's, sample by sample. */
  private readonly gains: Tally[];
  private readonly values: Tally[];
  private readonly firsts: number[];
  /** Per option: still played out (the chosen one always, alternatives until done). */
  private readonly active: boolean[];
  private discarded = 0;

  constructor(
    private readonly view: SeatView,
    memory: Memory,
    private readonly question: Question,
    seed: string,
  ) {
    this.seat = view.seat;
    this.rng = new Rng(seedRng(seed));
    this.sampler = samplerFor(view, memory);
    // The first deal also tells the legal actions: they depend on the seat's cards and public facts.
    const first = this.sampler(this.rng);
    this.next = first;
    const legal = legalActions(first, this.seat, { exchanges: false });
    const options = optionsFor(view, legal, question);
    if (!lineFits(first, this.seat, (options[0] as Option).line)) throw new ReviewError('chosen_refused');
    this.options = options.filter((o, i) => i === 0 || lineFits(first, this.seat, o.line));
    this.gains = this.options.slice(1).map(() => new Tally());
    this.values = this.options.map(() => new Tally());
    this.firsts = this.options.map(() => 0);
    this.active = this.options.map(() => true);
  }

  /** Whether there is anything to weigh: more than one option. */
  get open(): boolean {
    return this.options.length > 1;
  }

  /** One more sample: a deal of the unseen cards, every option still in play played out on it. */
  step(): void {
    const state = this.next ?? this.sampler(this.rng);
    this.next = null;
    // At a Tichu decision the seat calls as the option says, never later in the playout.
    const barred = this.question.kind === 'tichu' ? this.seat : null;
    const outcomes = this.options.map((o, i) =>
      this.active[i] ? playOut(state, this.seat, o.line, barred) : undefined,
    );
    if (outcomes.some((o) => o === null)) {
      if (++this.discarded > MAX_DISCARDED) throw new ReviewError('playout_stuck');
      return;
    }
    this.n++;
    const base = (outcomes[0] as Outcome).points;
    outcomes.forEach((o, i) => {
      if (!o) return;
      (this.values[i] as Tally).add(o.points);
      if (o.first === this.seat) this.firsts[i] = (this.firsts[i] as number) + 1;
      if (i > 0) (this.gains[i - 1] as Tally).add(o.points - base);
    });
    if (this.n >= SETTLE_MIN)
      this.gains.forEach((gain, i) => {
        if (this.active[i + 1] && isDone(gain)) this.active[i + 1] = false;
      });
  }

  /** Whether more samples would change little: no alternative is still played out. */
  settled(): boolean {
    return !this.active.some((a, i) => a && i > 0);
  }

  /** How near the verdict is to changing (see bands.ts nearness): small, more samples matter most. */
  closeness(): number {
    let closest = Number.POSITIVE_INFINITY;
    const z = zFor(this.gains.length);
    this.gains.forEach((gain, i) => {
      if (this.active[i + 1]) closest = Math.min(closest, nearness(gain, z));
    });
    return closest;
  }

  /** The decision's review (index filled in by the caller). */
  review(index: number): DecisionReview {
    const chosen = (this.options[0] as Option).action;
    const alternatives: Alternative[] = this.options
      .slice(1)
      .map((o, i) => ({ action: o.action, gain: this.gains[i] as Tally }))
      .sort((a, b) => b.gain.mean() - a.gain.mean())
      .map(({ action, gain }) => ({ action, diff: round(gain.mean()), se: round(gain.se()) }));
    let best = chosen;
    let cost = 0;
    let se = 0;
    let band: DecisionReview['band'] = 'best';
    let topIndex = -1;
    for (let i = 0; i < this.gains.length; i++)
      if (topIndex < 0 || (this.gains[i] as Tally).mean() > (this.gains[topIndex] as Tally).mean())
        topIndex = i;
    const top = this.gains[topIndex];
    if (top) {
      se = top.se();
      if (isClear(top.mean(), se, this.n, this.gains.length)) {
        best = (this.options[topIndex + 1] as Option).action;
        cost = top.mean();
        band = bandOfClear(cost, se);
      } else if (top.mean() > 0 && this.n >= MIN_JUDGED) {
        band = 'good';
      }
    }
    const view = this.view;
    const plays = view.trick?.plays;
    const last = plays?.[plays.length - 1];
    const review: DecisionReview = {
      index,
      kind: this.question.kind,
      held: [...view.hand],
      trick: last ? { seat: last.seat, combo: last.combo } : null,
      chosen,
      best,
      cost: round(cost),
      se: round(se),
      band,
      samples: this.n,
      alternatives,
    };
    const call = this.callAdvice();
    return call ? { ...review, call } : review;
  }

  private callAdvice(): CallAdvice | undefined {
    const kind = this.question.kind;
    if (kind !== 'grandTichu' && kind !== 'tichu') return undefined;
    const isCall = (a: Action) => (a.type === 'grandTichu' ? a.call : a.type === 'tichu');
    const withIndex = this.options.findIndex((o) => isCall(o.action));
    const withoutIndex = this.options.findIndex((o) => !isCall(o.action));
    if (withIndex < 0 || withoutIndex < 0) return undefined;
    const made = withIndex === 0;
    const gain = this.gains[(made ? withoutIndex : withIndex) - 1] as Tally;
    const n = Math.max(1, this.n);
    return {
      kind,
      made,
      outFirst: Math.round(((this.firsts[withIndex] as number) / n) * 1000) / 1000,
      withCall: round((this.values[withIndex] as Tally).mean()),
      without: round((this.values[withoutIndex] as Tally).mean()),
      se: round(gain.se()),
    };
  }
}

/** Whether the seat may play `line` from `state` (it is checked on one deal: legality is public). */
function lineFits(state: MatchState, seat: Seat, line: readonly Action[]): boolean {
  let at = state;
  for (const action of line) {
    const step = apply(at, seat, action);
    if (!step.ok) return false;
    at = step.value.state;
  }
  return true;
}

function round(x: number): number {
  return Math.round(x * 10) / 10 || 0;
}
