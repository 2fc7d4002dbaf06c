/**
 * A hand's review: which decisions it reviews, the rule it calls differences by, the call advisor,
 * luck, its budget, and that it repeats exactly with a sample cap (and agrees with itself within its
 * stated errors under other samples).
 */
import { describe, expect, it } from 'vitest';
import { tichuChance } from '../../src/bots/callModel.js';
import {
  type Action,
  dealHand,
  handSeed,
  type MatchState,
  parseAction,
  replay,
} from '../../src/engine/index.js';
import {
  bandOf,
  bandOfClear,
  costliest,
  type DecisionReview,
  type HandReview,
  LUCK_AVERAGE,
  MIN_GAIN,
  type ReviewRequest,
  reviewHand,
  Z,
  zFor,
} from '../../src/review/index.js';
import { averageOutFirst, LUCK_HANDS, LUCK_SEED } from '../../src/review/luck.js';
import { playHand } from './playHands.js';

const NORMAL = ['normal', 'normal', 'normal', 'normal'] as const;
const played = playHand('review-1', NORMAL);
const request: ReviewRequest = {
  settings: played.settings,
  seed: played.seed,
  actions: played.actions,
  hand: 1,
  seat: 0,
  budgetMs: Number.POSITIVE_INFINITY,
  samples: 12,
};
const review = reviewHand(request);
const withoutMs = (r: HandReview) => ({ ...r, ms: 0 });
const isMoment = (d: DecisionReview) => d.kind === 'bomb' && d.chosen.type === 'pass';

const typeOf = (i: number) => (request.actions[i]?.action as Action | undefined)?.type;

function stateBefore(index: number): MatchState {
  const replayed = replay(request.settings, request.seed, request.actions.slice(0, index));
  if (!replayed.ok) throw new Error('replay');
  return replayed.value;
}

describe('reviewHand', () => {
  it("reviews each of the seat's actions in the hand, in hand order, and the Tichu not called", () => {
    const own = request.actions.flatMap((a, i) => (a.seat === 0 ? [i] : []));
    const decisions = review.decisions.filter((d) => !isMoment(d));
    const firstPlay = own.find((i) => typeOf(i) === 'play') as number;
    // The Tichu not called is asked at the first play, unless the seat had called by then.
    const open = stateBefore(firstPlay).hand.calls[0] === 'none';
    const expected = own.flatMap((i) => (i === firstPlay && open ? [i, i] : [i]));
    expect(decisions.map((d) => d.index)).toEqual(expected);
    expect(review.decisions.map((d) => d.index)).toEqual(
      [...review.decisions.map((d) => d.index)].sort((a, b) => a - b),
    );
    for (const d of decisions) {
      const state = stateBefore(d.index);
      expect(d.held).toEqual(state.hand.hands[0]);
      const action = parseAction(request.actions[d.index]?.action);
      if (!action.ok) throw new Error('action');
      if (d.kind === 'tichu' && d.chosen.type === 'pass') {
        // The call not made, reviewed at the first play: calling against not calling.
        expect(d.index).toBe(firstPlay);
        expect(d.alternatives.map((a) => a.action)).toEqual([{ type: 'tichu' }]);
        continue;
      }
      expect(d.chosen).toEqual(action.value);
      const kinds: Record<string, string> = {
        grandTichu: 'grandTichu',
        tichu: 'tichu',
        exchange: 'exchange',
        pass: 'pass',
        wish: 'wish',
        giveDragon: 'dragon',
        play: state.hand.turn === 0 ? 'play' : 'bomb',
      };
      expect(d.kind).toBe(kinds[action.value.type]);
    }
    expect(decisions[0]?.kind).toBe('grandTichu');
    expect(decisions.some((d) => d.kind === 'exchange')).toBe(true);
    expect(review.reviewed).toBe(review.decisions.filter((d) => d.alternatives.length > 0).length);
    expect(review.reviewed).toBeGreaterThan(3);
  });

  it('reviews only the actions listed as the person’s own', () => {
    const seatActions = request.actions.flatMap((a, i) => (a.seat === 0 ? [i] : []));
    const own = seatActions.slice(0, Math.ceil(seatActions.length / 2));
    const part = reviewHand({ ...request, own });
    const indexes = part.decisions.filter((d) => !isMoment(d)).map((d) => d.index);
    expect(indexes.length).toBeGreaterThan(0);
    expect(indexes.every((i) => own.includes(i))).toBe(true);
    // What is reviewed is reviewed as in the whole hand's review: the same seeds, the same samples.
    for (const d of part.decisions) {
      const same = review.decisions.find((e) => e.index === d.index && e.kind === d.kind);
      expect(d).toEqual(same);
    }
  });

  it('calls a difference only past both bars, bands it by its size, and sums the costs', () => {
    for (const d of review.decisions) {
      const top = d.alternatives[0];
      if (d.cost > 0) {
        expect(top?.diff).toBe(d.cost);
        expect(top?.action).toEqual(d.best);
        expect(d.cost).toBeGreaterThan(MIN_GAIN);
        expect(d.cost).toBeGreaterThan(zFor(d.alternatives.length) * d.se - 0.2);
        expect(d.band).toBe(bandOfClear(d.cost, d.se));
      } else {
        expect(d.best).toEqual(d.chosen);
        expect(['best', 'good']).toContain(d.band);
        if (d.band === 'good') expect(top?.diff).toBeGreaterThanOrEqual(0);
      }
      const diffs = d.alternatives.map((a) => a.diff);
      expect(diffs).toEqual([...diffs].sort((a, b) => b - a));
    }
    const sum = review.decisions.reduce((s, d) => s + d.cost, 0);
    expect(review.lost).toBeCloseTo(sum, 1);
    expect(JSON.parse(JSON.stringify(review))).toEqual(review);
  });

  it('bands a clear cost, less one error: good under 10, inaccuracy under 25, mistake under 60, blunder', () => {
    expect([6, 9.9, 10, 24.9, 25, 59.9, 60, 200].map(bandOf)).toEqual([
      'good',
      'good',
      'inaccuracy',
      'inaccuracy',
      'mistake',
      'mistake',
      'blunder',
      'blunder',
    ]);
    expect(bandOfClear(40, 10)).toBe('mistake');
    expect(bandOfClear(30, 10)).toBe('inaccuracy');
    // The bar rises with the alternatives weighed: the best of several is the largest of several draws.
    expect(zFor(1)).toBe(Z);
    expect(zFor(2)).toBeCloseTo(2.275, 2);
    expect(zFor(4)).toBeCloseTo(2.528, 2);
    expect(zFor(13)).toBeCloseTo(2.917, 2);
  });

  it('gives the call advisor at the Grand Tichu decision and the Tichu decision', () => {
    const grand = review.decisions.find((d) => d.kind === 'grandTichu');
    const tichu = review.decisions.find((d) => d.kind === 'tichu');
    for (const d of [grand, tichu]) {
      if (!d?.call) throw new Error('no call advice');
      expect(d.call.kind).toBe(d.kind);
      expect(d.call.made).toBe(
        d.chosen.type === 'tichu' || (d.chosen.type === 'grandTichu' && d.chosen.call),
      );
      expect(d.call.outFirst).toBeGreaterThanOrEqual(0);
      expect(d.call.outFirst).toBeLessThanOrEqual(1);
      // Paired on the same samples: the advisor's two means differ by the alternative's difference.
      const alt = d.alternatives[0];
      const gain = d.call.made ? -(alt?.diff ?? 0) : (alt?.diff ?? 0);
      expect(d.call.withCall - d.call.without).toBeCloseTo(gain, 0);
      expect(d.call.se).toBe(alt?.se);
    }
    expect(review.decisions.filter((d) => d.kind === 'play' || d.kind === 'pass').every((d) => !d.call)).toBe(
      true,
    );
  });

  it("measures luck as the dealt fourteen cards' chance to go out first, beside the stated average", () => {
    const deal = dealHand(1, handSeed(request.seed, 1), true);
    const dealt = [...deal.hands[0], ...deal.undealt[0]];
    expect(review.luck.outFirst).toBeCloseTo(tichuChance(dealt), 3);
    expect(review.luck.average).toBe(LUCK_AVERAGE);
    expect(Math.round(averageOutFirst(LUCK_HANDS, LUCK_SEED) * 1000) / 1000).toBe(LUCK_AVERAGE);
  });

  it('lists the costliest decisions, largest first', () => {
    const costs = review.decisions.map((d) => d.cost);
    const top = costliest(review);
    expect(top.length).toBe(Math.min(3, costs.filter((c) => c > 0).length));
    expect(top.map((d) => d.cost)).toEqual(
      costs
        .filter((c) => c > 0)
        .sort((a, b) => b - a)
        .slice(0, 3),
    );
    expect(costliest(review, 1).length).toBe(Math.min(1, top.length));
  });

  it('repeats exactly with a sample cap', () => {
    expect(withoutMs(reviewHand(request))).toEqual(withoutMs(review));
  });

  it('agrees with itself under other samples, within its stated errors', () => {
    const a = reviewHand({ ...request, samples: 32, salt: 'one' });
    const b = reviewHand({ ...request, samples: 32, salt: 'two' });
    let compared = 0;
    let outside = 0;
    for (const da of a.decisions) {
      const db = b.decisions.find((d) => d.index === da.index && d.kind === da.kind);
      if (!db) throw new Error('a decision missing');
      for (const alt of da.alternatives) {
        const other = db.alternatives.find((x) => JSON.stringify(x.action) === JSON.stringify(alt.action));
        if (!other) throw new Error('an alternative missing');
        compared++;
        const spread = 3 * Math.sqrt(alt.se ** 2 + other.se ** 2);
        if (Math.abs(alt.diff - other.diff) > spread + 0.2) outside++;
      }
    }
    expect(compared).toBeGreaterThan(10);
    // Three combined errors: about one in 400 falls outside by chance (more with a rare large swing).
    expect(outside).toBeLessThanOrEqual(Math.max(1, Math.floor(compared / 50)));
  });

  it('keeps to its time budget', () => {
    const start = performance.now();
    const timed = reviewHand({ ...request, samples: undefined, budgetMs: 400 });
    const elapsed = performance.now() - start;
    expect(elapsed).toBeLessThan(2_000);
    expect(timed.ms).toBeLessThan(2_000);
    expect(timed.decisions.some((d) => d.samples > 0)).toBe(true);
  });

  it('shares a budget on a clock it is given, and takes no samples with none left', () => {
    let t = 0;
    const clock = () => t++;
    const ticked = reviewHand({ ...request, samples: undefined, budgetMs: 200 }, clock);
    const samples = ticked.decisions.reduce((n, d) => n + d.samples, 0);
    expect(samples).toBeGreaterThan(0);
    expect(samples).toBeLessThan(200);
    const none = reviewHand({ ...request, samples: undefined, budgetMs: 1 }, () => (t += 1000));
    expect(none.decisions.every((d) => d.samples <= 1 && d.cost === 0)).toBe(true);
  });
});
