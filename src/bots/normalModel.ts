/**
 * What the normal level learned from the search (issue 29): a small scoring model over the choices of
 * a card play on its own turn. Each candidate (normal@v1's own choice, pass, and the cheapest play
 * of each other shape) is scored by a weighted sum of features a club player would name, and the
 * best score is played. One feature is "normal@v1 chooses this", so the model starts from the old
 * rules and learns where the search disagrees with them. The weights come from `npm run tune:normal`
 * (tools/tuneNormal.ts): positions from self-play, each candidate valued by the search's paired
 * playouts, weights fitted to maximise the value of the choice (docs/bots.md says what was learned).
 */
import { type Action, type Combo, isBomb, partnerOf, type SeatView } from '../engine/index.js';
import { hasCall, opponentsOf, PASS, type PlayOption, topPlay } from './choose.js';
import { costAfter, trickPoints, winChance } from './comboWorth.js';
import { shapeOf } from './handShape.js';

/** At most this many candidates: the old choice, pass, and the cheapest other shapes. */
export const MAX_CANDIDATES = 6;

export interface Candidate {
  readonly action: Action;
  /** The play's combo; null for a pass. */
  readonly combo: Combo | null;
}

/**
 * The choices weighed: `base` (normal@v1's) first, then pass when allowed, then one play per shape,
 * cheapest for the hand first (what the play leaves, bombs dearer), up to MAX_CANDIDATES.
 */
export function candidatesOf(
  hand: SeatView['hand'],
  mayPass: boolean,
  plays: readonly PlayOption[],
  base: Action,
  max = MAX_CANDIDATES,
): Candidate[] {
  const baseOption =
    base.type === 'play' ? plays.find((p) => p.action === base || sameCards(p.action, base)) : null;
  const out: Candidate[] = [{ action: base, combo: baseOption?.combo ?? null }];
  if (mayPass && base.type !== 'pass') out.push({ action: PASS, combo: null });
  const ranked = plays
    .filter((p) => p !== baseOption)
    .map((p) => ({
      p,
      cost: costAfter(hand, p.combo.cards) + (isBomb(p.combo) ? 15 : 0) + p.combo.rank / 100,
    }))
    .sort((a, b) => a.cost - b.cost);
  for (const { p } of ranked) {
    if (out.length >= max) break;
    out.push({ action: p.action, combo: p.combo });
  }
  return out;
}

function sameCards(a: Action, b: Action): boolean {
  if (a.type !== 'play' || b.type !== 'play' || a.cards.length !== b.cards.length) return false;
  return a.cards.every((c, i) => c === b.cards[i]) && a.phoenixAs === b.phoenixAs;
}

export const FEATURE_NAMES = [
  'is normal@v1’s choice',
  'pass',
  'shape cost the play adds (per 10)',
  'chance the combo holds',
  'cards played (per 5)',
  'goes out',
  'takes points on the table (per 25), not passing',
  'overtakes the partner',
  'passes to an opponent',
  'passes to an opponent close to going out',
  'plays while the partner called',
  'spends the Dragon',
  'spends the Phoenix',
  'spends a bomb',
  'leads a combo likely to hold',
  'leads a long combo (per 5 cards)',
  'passes while it called itself',
  'passes to an opponent who called',
  'leaves two cards or fewer',
  'next opponent close to going out, plays a combo that may not hold',
] as const;

/** The features of one candidate in a position, in FEATURE_NAMES' order. */
export function featuresOf(view: SeatView, candidate: Candidate, isBase: boolean, before: number): number[] {
  const combo = candidate.combo;
  const pass = combo === null;
  const cards = combo?.cards ?? [];
  const top = topPlay(view);
  const partner = partnerOf(view.seat);
  const [next, other] = opponentsOf(view.seat);
  const oppTop = top !== null && top.seat !== partner;
  const left = (s: number) => (view.cardsLeft[s as 0] > 0 ? view.cardsLeft[s as 0] : 99);
  const nearOut = Math.min(left(next), left(other)) <= 2 ? 1 : 0;
  const win = combo ? winChance(combo) : 0;
  const lead = view.trick === null ? 1 : 0;
  const remaining = view.hand.length - cards.length;
  return [
    isBase ? 1 : 0,
    pass ? 1 : 0,
    pass ? 0 : (costAfter(view.hand, cards) - before) / 10,
    win,
    cards.length / 5,
    !pass && remaining === 0 ? 1 : 0,
    pass ? 0 : trickPoints(view) / 25,
    !pass && top !== null && top.seat === partner ? 1 : 0,
    pass && oppTop ? 1 : 0,
    pass && oppTop && nearOut ? 1 : 0,
    !pass && hasCall(view, partner) && view.cardsLeft[partner] > 0 ? 1 : 0,
    cards.includes('dragon') ? 1 : 0,
    cards.includes('phoenix') ? 1 : 0,
    combo && isBomb(combo) ? 1 : 0,
    lead * win,
    (lead * cards.length) / 5,
    pass && hasCall(view, view.seat) ? 1 : 0,
    pass && oppTop && top !== null && hasCall(view, top.seat) ? 1 : 0,
    !pass && remaining > 0 && remaining <= 2 ? 1 : 0,
    !pass && left(next) <= 2 && win < 0.8 ? 1 : 0,
  ];
}

/** The scores of the candidates under `weights`. */
export function scoresOf(
  view: SeatView,
  candidates: readonly Candidate[],
  weights: readonly number[],
): number[] {
  const before = shapeOf(view.hand).cost;
  return candidates.map((c, i) => {
    const f = featuresOf(view, c, i === 0, before);
    let s = 0;
    for (let k = 0; k < f.length; k++) s += (weights[k] ?? 0) * (f[k] as number);
    return s;
  });
}

/** The candidate the model plays: the best score, the earlier candidate on a tie (normal@v1's first). */
export function modelChoice(
  view: SeatView,
  candidates: readonly Candidate[],
  weights: readonly number[],
): Action {
  const scores = scoresOf(view, candidates, weights);
  let best = 0;
  for (let i = 1; i < scores.length; i++) if ((scores[i] as number) > (scores[best] as number)) best = i;
  return (candidates[best] as Candidate).action;
}

/** Where the fit starts: normal@v1's choice, and nothing else counts. */
export const START_WEIGHTS: readonly number[] = FEATURE_NAMES.map((_, i) => (i === 0 ? 1 : 0));

/**
 * Round 3 of `npm run tune:normal -- --positions 4000 --objective value` (seed normal-1, 24 paired
 * playouts a position, 4,000 positions fitted and 1,000 held out from seed normal-1/held-out): round
 * 1 was taught by normal@v1's full playouts (the weights shipped before, +15.5 a hand over normal@v1),
 * rounds 2 and 3 by hard's short playouts with the round before's normal in every seat. In the arena
 * these weights play +26.7 a hand over normal@v1 (three seeds of 20,000 hands, docs/bots.md).
 */
export const MODEL_WEIGHTS: readonly number[] = [
  1.795, -2.233, -2.504, -3.562, 2.272, 0.894, 0.235, -2.419, -4.651, -0.664, -0.295, -1.101, -1.118, -0.672,
  -0.431, 3.354, -0.609, -0.214, 1.439, 1.073,
];
