/**
 * The search levels: search on top of a rule-based player. For a play it owes, the search samples
 * the hidden hands consistently with what it has seen, plays each candidate move out to the end of
 * the hand with rule-based players in every seat, and picks the move with the best average score
 * for its team. One sample serves every candidate (common random numbers), so the comparison is
 * fair. The new hard and expert also search the Grand Tichu and Tichu calls and the Dragon gift
 * (hardCalls.ts), with the other seats calling and bombing out of turn inside their playouts;
 * hard@v1 is the search as it was before issue 29, kept as the arena's yardstick.
 */
import {
  type Action,
  apply,
  type Card,
  enumerateBombs,
  type GameEvent,
  isBomb,
  legalActions,
  legalPlays,
  type MatchState,
  mayCallTichu,
  owesAction,
  partnerOf,
  playOf,
  Rng,
  SEATS,
  type Seat,
  type SeatView,
  seatAfter,
  seatView,
  type Team,
  teamOf,
  topOf,
} from '../engine/index.js';
import { canPass, distinctPlays, PASS, type PlayOption, playOptions } from './choose.js';
import { costAfter } from './comboWorth.js';
import { sampledState, sampleHands } from './determinize.js';
import { atTrickEnd, handValue } from './handValue.js';
import { type PlayOn, type PlayOut, searchCall, searchDragonGift, searchGrandTichu } from './hardCalls.js';
import { memoryOf } from './memory.js';
import {
  callsTichu,
  makeNormalPolicy,
  NORMAL_PARAMS,
  normalPolicy,
  normalV1Policy,
  playOnTurnV1,
  playOnTurnWith,
} from './normal.js';
import { MODEL_WEIGHTS } from './normalModel.js';
import type { Budget, Memory, Policy } from './policy.js';

const MAX_ROLLOUT_STEPS = 400;
/** Fewer samples than this say too little to overrule normal. */
const MIN_SAMPLES = 4;
/** After this many samples, stop as soon as no alternative can still clear the bar. */
const SETTLE_SAMPLES = 8;

/** Card play on a seat's own turn, from the plays already read (never a call). */
export type PlayOnTurn = (
  view: SeatView,
  legal: readonly Action[],
  plays: readonly PlayOption[],
) => Action | null;

/** Who plays inside the playouts: card play on the turn, and everything else (wish, Dragon). */
export interface Rollout {
  readonly play: PlayOnTurn;
  readonly policy: Policy;
  /**
   * With these, the playouts are closer to a real table (and slower): every seat but the searching
   * one calls Tichu by `calls` before its first play, and after every play the seats holding a bomb
   * are asked, by the policy's own rule, whether to bomb out of turn. Without, nobody calls or bombs
   * out of turn in a playout, which flatters a lead handed to an opponent's bomb.
   */
  readonly table?: { readonly calls: (view: SeatView) => boolean };
  /**
   * Card-play playouts (playOutWith) stop at this many trick ends and take handValue.ts's guess at
   * the rest; absent, they play the hand out. Deals played from the start (playOnWith) always finish.
   */
  readonly horizon?: number;
}

export interface SearchOptions {
  /** The rule-based player whose choice stands unless the search clearly beats it. */
  readonly base: Policy;
  readonly rollout: Rollout;
  /** Candidates per play decision: the base's choice, pass, and the cheapest plays by shape. */
  readonly maxCandidates: number;
  /** Points a hand an alternative must gain over the base's choice, and by how many standard errors. */
  readonly minGain: number;
  readonly confidence: number;
  /** Search the calls and the Dragon gift from playouts (hardCalls.ts) instead of the base's rules. */
  readonly searchCalls: boolean;
  /** Weigh the guesses at a Tichu caller's hand by its chance to call on it (determinize.ts). */
  readonly weighGuesses: boolean;
  /** Points a hand the playouts must favour a Tichu or Grand Tichu call by (absent: hardCalls.ts's defaults). */
  readonly callMinGain?: CallMinGain;
}

export interface CallMinGain {
  readonly tichu: number;
  readonly grand: number;
}

/** A search policy: for card play on its own turn (and, with searchCalls, the call and the Dragon), search. */
export function makeSearchPolicy(options: SearchOptions): Policy {
  const playOut = playOutWith(options.rollout);
  // A deal played from the start needs the calls in it: without them not calling Grand looks worse than it is.
  const playOn = playOnWith({ ...options.rollout, table: options.rollout.table ?? { calls: callsTichu } });
  return (view, memory, legal, rng, budget) => {
    if (options.searchCalls && view.phase === 'grandTichu' && legal.some((a) => a.type === 'grandTichu')) {
      // Normal's rule first: its calls stand (hard@v1 made 37 of 42 in the arena), and so does its refusal
      // over a partner's Grand Tichu; the search adds the calls the playouts clearly favour.
      const base = options.base(view, memory, legal, rng, budget);
      if (base?.type !== 'grandTichu' || base.call || view.calls[partnerOf(view.seat)] !== 'none')
        return base;
      return searchGrandTichu(view, rng, budget, playOn, options.callMinGain?.grand)
        ? { type: 'grandTichu', call: true }
        : base;
    }
    if (options.searchCalls && view.pending?.seat === view.seat && view.pending.kind === 'dragonGift') {
      const gift = searchDragonGift(view, memory, rng, budget, playOut, options.weighGuesses);
      if (gift) return gift;
    }
    const base = options.base(view, memory, legal, rng, budget);
    if (view.phase !== 'play' || view.pending || view.turn !== view.seat || base === null) return base;
    // The base's Tichu calls stand (hard@v1 made 86% of them); the search adds the calls the
    // playouts clearly favour, searched on the play the base would make without it.
    if (options.searchCalls && base.type !== 'tichu' && legal.some((a) => a.type === 'tichu')) {
      const withoutCall = legal.filter((a) => a.type !== 'tichu');
      const play = options.base(view, memory, withoutCall, rng, budget);
      if (play === null) return base;
      // Half the time for the call; the play search has what is left (a playout cap applies to each).
      const start = budget.now();
      const half = { ...budget, ms: budget.ms / 2 };
      const call = searchCall(
        view,
        memory,
        play,
        rng,
        half,
        playOut,
        options.weighGuesses,
        options.callMinGain?.tichu,
      );
      if (call === true) return { type: 'tichu' };
      const rest = { ...budget, ms: budget.ms - (budget.now() - start) };
      return searchPlay(options, playOut, view, memory, withoutCall, play, rng, rest);
    }
    if (base.type === 'tichu') return base;
    return searchPlay(options, playOut, view, memory, legal, base, rng, budget);
  };
}

/** The play search: paired playouts of the base's choice and up to maxCandidates - 1 alternatives. */
function searchPlay(
  options: SearchOptions,
  playOut: PlayOut,
  view: SeatView,
  memory: Memory,
  legal: readonly Action[],
  base: Action,
  rng: Rng,
  budget: Budget,
): Action {
  const candidates = candidatesFor(view.hand, legal, base, options.maxCandidates);
  if (candidates.length < 2) return base;
  // Differences from the base's choice, sample by sample: paired, so the luck of the sample cancels.
  const sums = new Array<number>(candidates.length).fill(0);
  const squares = new Array<number>(candidates.length).fill(0);
  const start = budget.now();
  const cap = budget.playouts ?? Number.POSITIVE_INFINITY;
  let samples = 0;
  while (samples * candidates.length < cap && budget.now() - start < budget.ms) {
    const state = sampledState(view, memory, sampleHands(view, memory, rng, options.weighGuesses));
    const baseline = playOut(state, view.seat, base);
    for (let i = 1; i < candidates.length; i++) {
      const d = playOut(state, view.seat, candidates[i] as Action) - baseline;
      sums[i] = (sums[i] as number) + d;
      squares[i] = (squares[i] as number) + d * d;
    }
    samples++;
    if (samples >= SETTLE_SAMPLES && settled(sums, squares, samples, options.minGain)) break;
  }
  return clearlyBetter(candidates, sums, squares, samples, options) ?? base;
}

/** Whether more samples would change nothing: no alternative is within reach of the bar. */
function settled(sums: number[], squares: number[], n: number, minGain: number): boolean {
  for (let i = 1; i < sums.length; i++) {
    const mean = (sums[i] as number) / n;
    const se = Math.sqrt(Math.max(0, (squares[i] as number) / n - mean * mean) / n);
    if (mean + 2 * se >= minGain) return false;
  }
  return true;
}

/**
 * The alternative whose mean gain over the base's choice is largest, if that gain is both worth
 * having and clearly more than noise; otherwise null (keep the base's choice). So search can only
 * overrule the base where the samples agree, and a short budget falls back to the base's play.
 */
function clearlyBetter(
  candidates: readonly Action[],
  sums: number[],
  squares: number[],
  n: number,
  options: SearchOptions,
): Action | null {
  if (n < MIN_SAMPLES) return null;
  let best: Action | null = null;
  let bestMean = options.minGain;
  for (let i = 1; i < candidates.length; i++) {
    const mean = (sums[i] as number) / n;
    const variance = Math.max(0, (squares[i] as number) / n - mean * mean);
    const se = Math.sqrt(variance / n);
    if (mean > bestMean && mean > options.confidence * se) {
      bestMean = mean;
      best = candidates[i] as Action;
    }
  }
  return best;
}

/** The base's own choice first, then pass, then the plays that keep the hand in the best shape. */
function candidatesFor(hand: readonly Card[], legal: readonly Action[], base: Action, max: number): Action[] {
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
    if (out.length >= max) break;
    if (!out.some((a) => same(a, p.action))) out.push(p.action);
  }
  return out;
}

export function playOutWith(rollout: Rollout): PlayOut {
  const finish = finishWith(rollout, rollout.horizon);
  return (from, seat, first) => {
    const step = apply(from, seat, first);
    if (!step.ok) return Number.NEGATIVE_INFINITY;
    return finish(step.value, teamOf(seat), seat, first, seat);
  };
}

/** The rollout in every seat from any phase, every seat calling by the rollout's rule (see PlayOn). */
export function playOnWith(rollout: Rollout): PlayOn {
  const finish = finishWith(rollout);
  return (from, team) => finish({ state: from, events: [] }, team, null, null, null);
}

type Played = { readonly state: MatchState; readonly events: readonly GameEvent[] };

/**
 * The playout's loop from a step just made (`last` by `actor`, or nothing yet): the owing seat's
 * rollout move until the hand ends, or until `horizon` tricks have ended, where the value model
 * guesses the rest. `root` is the searching seat, whose Tichu call is the search's.
 */
function finishWith(
  rollout: Rollout,
  horizon = Number.POSITIVE_INFINITY,
): (step: Played, team: Team, actor: Seat | null, last: Action | null, root: Seat | null) => number {
  const move = rolloutMoveWith(rollout);
  const table = rollout.table !== undefined;
  return (first, team, firstActor, firstAction, root) => {
    let played = first;
    let actor = firstActor;
    let last = firstAction;
    let bombers: boolean[] | null = null;
    let tricks = 0;
    for (let i = 0; i < MAX_ROLLOUT_STEPS; i++) {
      const ended = played.events.find((e) => e.type === 'handEnded');
      if (ended && ended.type === 'handEnded')
        return (ended.result.total[team] as number) - (ended.result.total[team === 0 ? 1 : 0] as number);
      const state = played.state;
      // Counted as the loop meets them: a Dog lead leaves a trick end too, and a Tichu call made
      // on lead meets the same one twice (the value model was fitted on the same count).
      if (atTrickEnd(state) && ++tricks >= horizon) return handValue(state, team);
      if (table && bombers === null && state.hand.phase === 'play') bombers = bombHolders(state);
      const bomb =
        bombers && actor !== null && last?.type === 'play'
          ? outOfTurnBomb(rollout, state, actor, bombers)
          : null;
      if (bomb) {
        [actor, last] = bomb;
      } else {
        const next = owingSeat(state);
        if (next === null) return 0;
        const action = move(state, next, root);
        if (!action) return 0;
        [actor, last] = [next, action];
      }
      const step = apply(state, actor, last);
      if (!step.ok) return 0;
      played = step.value;
    }
    return 0;
  };
}

/** Who owes the next decision: the first undecided seat before the play, then the turn or the pending choice. */
function owingSeat(state: MatchState): Seat | null {
  const hand = state.hand;
  if (hand.phase === 'grandTichu' || hand.phase === 'exchange')
    return SEATS.find((s) => owesAction(state, s)) ?? null;
  const next = hand.pending?.seat ?? hand.turn;
  return next !== null && owesAction(state, next) ? next : null;
}

/** Which seats hold a bomb at all (a seat that holds none never will: hands only shrink). */
export function bombHolders(state: MatchState): boolean[] {
  return SEATS.map((s) => enumerateBombs(state.hand.hands[s], null).length > 0);
}

/**
 * After `actor`'s play, the first seat in turn order (not the one whose turn it is: it plays its
 * bomb on its turn) whose policy bombs out of turn, with its bomb; null if none does.
 */
export function outOfTurnBomb(
  rollout: Rollout,
  state: MatchState,
  actor: Seat,
  bombers: boolean[],
): [Seat, Action] | null {
  const hand = state.hand;
  if (hand.phase !== 'play' || hand.pending) return null;
  const top = topOf(hand);
  if (top === null) return null;
  for (let k = 1; k <= 3; k++) {
    const s = seatAfter(actor, k);
    if (!bombers[s] || s === hand.turn) continue;
    const cards = hand.hands[s];
    const bombs = enumerateBombs(cards, top);
    if (bombs.length === 0) {
      bombers[s] = enumerateBombs(cards, null).length > 0;
      continue;
    }
    const plays = distinctPlays(
      bombs.map((combo) => ({ action: playOf(combo) as PlayOption['action'], combo })),
      cards,
    );
    const view = seatView(state, s);
    const action = rollout.policy(
      view,
      memoryOf(state, s),
      plays.map((p) => p.action),
      UNUSED_RNG,
      NO_BUDGET,
    );
    if (action) return [s, action];
  }
  return null;
}

const NO_BUDGET = { ms: 0, now: () => 0 };
// The rollout players read neither the rng nor the budget; playouts pass fixed ones.
const UNUSED_RNG = new Rng([1, 2, 3, 4]);
const CAN_PASS: readonly Action[] = [PASS];
const MUST_PLAY: readonly Action[] = [];

/**
 * The rollout's move in a playout. Card play (nearly every step) skips what a policy call must do
 * for an untrusted caller: the engine's combos are used as they are, and calls are never made.
 */
function rolloutMoveWith(
  rollout: Rollout,
): (state: MatchState, seat: Seat, root: Seat | null) => Action | null {
  const calls = rollout.table?.calls;
  return (state, seat, root) => {
    const hand = state.hand;
    if (hand.phase === 'play' && !hand.pending && hand.turn === seat) {
      // The searching seat's own call is the search's to make (hardCalls.ts), never the playout's.
      if (calls && seat !== root && mayCallTichu(hand, state.settings, seat) && calls(seatView(state, seat)))
        return { type: 'tichu' };
      const { combos, mayPass } = legalPlays(state, seat);
      const plays = distinctPlays(
        combos.map((combo) => ({ action: playOf(combo) as PlayOption['action'], combo })),
        hand.hands[seat],
      );
      return rollout.play(seatView(state, seat), mayPass ? CAN_PASS : MUST_PLAY, plays);
    }
    const legal = legalActions(state, seat, { exchanges: false }).filter((a) => a.type !== 'tichu');
    return rollout.policy(seatView(state, seat), memoryOf(state, seat), legal, UNUSED_RNG, NO_BUDGET);
  };
}

/** Normal@v1 in every seat of a playout: hard@v1's, and the teacher's (teacher.ts). */
export const V1_ROLLOUT: Rollout = { play: playOnTurnV1, policy: normalV1Policy };

/** Trick ends a card-play playout of hard's plays before handValue.ts judges the rest. */
export const VALUE_HORIZON = 3;

/**
 * Hard's playouts: the new normal (with the model's `weights`) in every seat, calling Tichu and
 * bombing out of turn as it would at a table, stopped after VALUE_HORIZON trick ends. About twice
 * the sampled deals of full playouts in the same time; at the bench's 30 ms a decision the arena
 * measured +10.1 points a hand against hard@v1 with them (seed bench, 1,200 hands), where full
 * playouts with the same bar gave +1.6 (seed g0c1). See docs/bots.md. The teacher (teacher.ts)
 * plays them with the weights of the round before.
 */
export function shortRollout(weights: readonly number[]): Rollout {
  return {
    play: playOnTurnWith(weights),
    policy: makeNormalPolicy(NORMAL_PARAMS, weights),
    table: { calls: callsTichu },
    horizon: VALUE_HORIZON,
  };
}

const SHORT_ROLLOUT: Rollout = shortRollout(MODEL_WEIGHTS);

/**
 * Hard's bar: an alternative replaces normal's choice when its mean gain is above zero by 1.5
 * standard errors of the paired difference (the teacher labels the search's choice by it too).
 */
export const HARD_BAR = { minGain: 0, confidence: 1.5 } as const;

/** The hard level as it was before issue 29: normal@v1's choices, searched for card play only. */
export const hardV1Policy: Policy = makeSearchPolicy({
  base: normalV1Policy,
  rollout: V1_ROLLOUT,
  maxCandidates: 4,
  minGain: 5,
  confidence: 1.5,
  searchCalls: false,
  weighGuesses: false,
});

/**
 * The hard level: the new normal's choices, searched for card play, the Tichu call and the Dragon
 * gift on short playouts. Its many more samples earn a lower bar than hard@v1's (HARD_BAR): any
 * gain by 1.5 standard errors. With one standard error the arena gave +10.1 a hand over hard@v1 and
 * with 1.5 +8.2 (the same 1,200 hands, within each other's noise), but normal agreed with it on
 * 62.5% of contested decisions against 71% (docs/bots.md).
 */
export const hardPolicy: Policy = makeSearchPolicy({
  base: normalPolicy,
  rollout: SHORT_ROLLOUT,
  maxCandidates: 4,
  ...HARD_BAR,
  searchCalls: true,
  weighGuesses: true,
});

/**
 * Expert's bars for the calls it adds to normal's (hard's are hardCalls.ts's defaults, 75 and 50).
 * Those bars make up for playouts pessimistic about calls; at the arena's 200 against 30 ms (about
 * five times hard's samples, where hard's call searches seldom reach their 24 samples) expert's
 * calls on these lower bars were made as often as hard's: Tichu 0.20 a hand made 78%, Grand Tichu
 * 0.082 made 71% (seed p42e, 720 hands; docs/bots.md).
 */
export const EXPERT_CALL_MIN_GAIN: CallMinGain = { tichu: 50, grand: 25 };

/**
 * The expert level: hard's search on short playouts over six candidates instead of four, with a bar
 * of 1.5 standard errors (six candidates give noise more chances to look like a gain) and lower
 * bars for its calls; its larger budget comes from the caller. At 200 against hard's 30 ms: +12.5
 * a hand on seed p40e before the lower call bars, +14.0 with them, +9.6 [1.3, 18.0] on seed p42e
 * (720 hands): about +10, short of the 15 (docs/bots.md).
 */
export const expertPolicy: Policy = makeSearchPolicy({
  base: normalPolicy,
  rollout: SHORT_ROLLOUT,
  maxCandidates: 6,
  minGain: 0,
  confidence: 1.5,
  searchCalls: true,
  weighGuesses: true,
  callMinGain: EXPERT_CALL_MIN_GAIN,
});

/**
 * Whether the search decides this (slow: off the main thread): the seat's Grand Tichu decision, card
 * play on its own turn, and the Dragon gift when both opponents are still in (with one out there is
 * nothing to search). Everything else (the exchange, the wish, bombs out of turn) is on the spot.
 */
export function hardSearches(state: MatchState, seat: Seat): boolean {
  const hand = state.hand;
  if (hand.phase === 'grandTichu') return hand.grand[seat] === null;
  if (hand.phase !== 'play') return false;
  if (hand.pending === null) return hand.turn === seat;
  return (
    hand.pending.kind === 'dragonGift' &&
    hand.pending.seat === seat &&
    hand.hands[(seat + 1) % 4]?.length !== 0 &&
    hand.hands[(seat + 3) % 4]?.length !== 0
  );
}
