/**
 * The decisions the search levels make from playouts beyond card play: the Tichu call and the Dragon
 * gift. Both compare two choices on the same sampled deals (paired), so the luck of the deal cancels
 * and a few dozen samples tell a call worth +-100 apart.
 */
import {
  type Action,
  apply,
  type MatchState,
  type Rng,
  type Seat,
  type SeatView,
  type Team,
  teamOf,
} from '../engine/index.js';
import { opponentsOf } from './choose.js';
import { sampledDeal, sampledState, sampleHands } from './determinize.js';
import type { Budget, Memory } from './policy.js';

/** Plays `first` for `seat` from a state, then rollout players to the hand's end: the seat's team minus the other. */
export type PlayOut = (from: MatchState, seat: Seat, first: Action) => number;

/**
 * Plays a hand on from any phase (Grand Tichu decisions, the exchange, card play) to its end with
 * rollout players in every seat, calls allowed to every seat: the value for `team`, its total minus
 * the other's.
 */
export type PlayOn = (from: MatchState, team: Team) => number;

/** Fewer paired samples than this decide nothing: the base's rule stands. */
const MIN_SAMPLES = 6;
/**
 * A call is made when its mean gain over not calling, on the same deals, is above zero by this many
 * standard errors.
 */
const CALL_CONFIDENCE = 1;
/**
 * And by at least this many points a hand: the search only adds calls to the base's (normal's
 * rule, whose calls stand). A call with chance p of going out first gains about 200p - 100, so 75
 * asks for p near seven eighths in the playouts. As the only judge of the call the search called
 * 0.40 times a hand and made 64% at a bar of 30, 0.25 and 74% at 50, 0.255 and 72% at 50 with
 * bombs in the playouts (hard@v1: 0.12 to 0.14, 81% to 86%; docs/bots.md). The default: expert passes
 * a lower bar (hard.ts).
 */
export const CALL_MIN_GAIN = 75;
/**
 * Fewer paired samples than this leave the call to the base's rule: a call swings 200 points, and at
 * hard's 30 ms in the bench (a dozen samples) the search called 0.32 times a hand and made 52%.
 */
const CALL_MIN_SAMPLES = 24;
/**
 * The playouts are pessimistic about Grand Tichu: on the 102 deals of seeds grand-0..399 where
 * normal's model gave seat 0 a chance of 0.3 or more (40 paired samples each), the hands normal's
 * rule calls on (0.5 or more: hard@v1 made 37 of 42 such calls in two arena runs) gained only 30
 * points a hand in them. As the only judge they called too rarely at a bar of 50 (a third as often
 * as hard@v1, made half; arena seed p29a) and too loosely at 0 (0.055 a hand, made 61%; p29b). So
 * the rule's calls stand and the search adds a call only where the playouts favour it by 50 points
 * (the default: expert passes a lower bar, hard.ts).
 */
export const GRAND_MIN_GAIN = 50;
/** The Dragon goes against the rule only when the other opponent is better by this many points a hand. */
const GIFT_MIN_GAIN = 3;
const GIFT_CONFIDENCE = 1.5;

/**
 * Samples timed before a search with a minimum (CALL_MIN_SAMPLES) checks that it can reach it in its
 * budget; if not, it stops there, and the play search after it has the time (at hard's 30 ms in the
 * bench, the call search took half of a decision's time and then said nothing).
 */
const PROBE_SAMPLES = 2;

interface Paired {
  readonly n: number;
  readonly mean: number;
  readonly se: number;
}

/**
 * Mean and standard error of `second - first` over paired samples, two playouts a sample, within
 * the budget's time or its playout cap.
 */
function paired(
  sample: () => MatchState,
  budget: Budget,
  values: (state: MatchState) => [number, number],
  needed = 0,
): Paired {
  const start = budget.now();
  const cap = budget.playouts ?? Number.POSITIVE_INFINITY;
  let n = 0;
  let sum = 0;
  let squares = 0;
  // A search that cannot reach `needed` samples decides nothing: it gives its time back at once.
  if (cap < 2 * needed) return { n, mean: 0, se: Number.POSITIVE_INFINITY };
  while (n * 2 < cap && budget.now() - start < budget.ms) {
    const [a, b] = values(sample());
    const d = b - a;
    sum += d;
    squares += d * d;
    n++;
    if (n === PROBE_SAMPLES && ((budget.now() - start) / n) * needed > budget.ms) break;
  }
  const mean = n === 0 ? 0 : sum / n;
  const se = n === 0 ? Number.POSITIVE_INFINITY : Math.sqrt(Math.max(0, squares / n - mean * mean) / n);
  return { n, mean, se };
}

/** Deals consistent with what the seat has seen, mid-hand (weighed: see sampleHands). */
function sampleFrom(view: SeatView, memory: Memory, rng: Rng, weigh: boolean): () => MatchState {
  return () => sampledState(view, memory, sampleHands(view, memory, rng, weigh));
}

/**
 * Whether to call Tichu before `play` (null: too few samples in the budget to say, and the base's
 * rule decides): the hand played out from each sampled deal with and without
 * the call (the call's +-100 is in the hand's score, and the other seats play as they would against
 * a caller), called when the call gains on average, clearly enough.
 */
export function searchCall(
  view: SeatView,
  memory: Memory,
  play: Action,
  rng: Rng,
  budget: Budget,
  playOut: PlayOut,
  weigh = false,
  minGain = CALL_MIN_GAIN,
): boolean | null {
  const seat = view.seat;
  const r = paired(
    sampleFrom(view, memory, rng, weigh),
    budget,
    (state) => {
      const without = playOut(state, seat, play);
      const called = apply(state, seat, { type: 'tichu' });
      return [without, called.ok ? playOut(called.value.state, seat, play) : Number.NEGATIVE_INFINITY];
    },
    CALL_MIN_SAMPLES,
  );
  if (r.n < CALL_MIN_SAMPLES) return null;
  return r.mean > minGain && r.mean > CALL_CONFIDENCE * r.se;
}

/**
 * The Dragon's trick, when both opponents are still in: given to each on the same sampled deals and
 * played out. The opponent the playouts clearly prefer gets it; null when they do not clearly
 * differ (the base's rule, which reads who is closer to going out, then decides).
 */
export function searchDragonGift(
  view: SeatView,
  memory: Memory,
  rng: Rng,
  budget: Budget,
  playOut: PlayOut,
  weigh = false,
): Action | null {
  const [a, b] = opponentsOf(view.seat);
  if (view.cardsLeft[a] === 0 || view.cardsLeft[b] === 0) return null;
  const give = (to: Seat): Action => ({ type: 'giveDragon', to });
  const r = paired(sampleFrom(view, memory, rng, weigh), budget, (state) => [
    playOut(state, view.seat, give(a)),
    playOut(state, view.seat, give(b)),
  ]);
  if (r.n < MIN_SAMPLES || Math.abs(r.mean) < GIFT_MIN_GAIN || Math.abs(r.mean) < GIFT_CONFIDENCE * r.se)
    return null;
  return give(r.mean > 0 ? b : a);
}

/**
 * Whether the search would call Grand Tichu on these eight cards (null: too few samples to say):
 * whole deals drawn around them, each played from the Grand Tichu decisions on (the exchange, calls
 * and bombs as the rollout players make them, the seat's own Tichu call among them when it does not
 * call Grand) with and without the call; called when the call gains on average by `minGain`
 * (GRAND_MIN_GAIN unless the caller sets it), clearly enough.
 */
export function searchGrandTichu(
  view: SeatView,
  rng: Rng,
  budget: Budget,
  playOn: PlayOn,
  minGain = GRAND_MIN_GAIN,
): boolean | null {
  const seat = view.seat;
  const team = teamOf(seat);
  const decide = (state: MatchState, call: boolean) => {
    const step = apply(state, seat, { type: 'grandTichu', call });
    return step.ok ? playOn(step.value.state, team) : Number.NEGATIVE_INFINITY;
  };
  const r = paired(
    () => sampledDeal(view, rng),
    budget,
    (state) => [decide(state, false), decide(state, true)],
    CALL_MIN_SAMPLES,
  );
  if (r.n < CALL_MIN_SAMPLES) return null;
  return r.mean > minGain && r.mean > CALL_CONFIDENCE * r.se;
}
