/**
 * How the normal level plays cards: what to lead, whether and with what to beat a trick, and when a
 * bomb is worth it. Every choice weighs what a play leaves in the hand (its shape cost) against how
 * much the trick matters now (points, calls, an opponent close to going out).
 */
import {
  type Action,
  type Combo,
  isBomb,
  isOpponent,
  partnerOf,
  type Seat,
  type SeatView,
} from '../engine/index.js';
import { canPass, hasCall, opponentsOf, PASS, type PlayOption, topPlay } from './choose.js';
import { costAfter, toShape, trickPoints, winChance } from './comboWorth.js';
import { comboCost, shapeOf } from './handShape.js';

/** Weights of the play heuristics (see NORMAL_PARAMS for how they were chosen). */
export interface PlayParams {
  /** How much shape cost a follow may destroy when the trick does not matter. */
  readonly breakAllowance: number;
  /** The urgency a trick needs before the Dragon is spent on it. */
  readonly dragonUrgency: number;
  /** On lead, how much a combo's chance to hold counts against leading it now (winners wait). */
  readonly leadWinPenalty: number;
  /** On lead, the bonus per card: long combos are hard to follow and shed the most. */
  readonly leadLengthBonus: number;
}

export function goesOut(view: SeatView, option: PlayOption): boolean {
  return option.combo.cards.length === view.hand.length;
}

/** The lead: the weakest combo of the shape first, winners first only when they carry us out. */
export function chooseLead(view: SeatView, plays: readonly PlayOption[], params: PlayParams): Action | null {
  const out = plays.find((p) => goesOut(view, p));
  if (out) return out.action;
  const partner = partnerOf(view.seat);
  const partnerIn = view.cardsLeft[partner] > 0;
  const dog = plays.find((p) => p.combo.type === 'dog');
  // The Dog hands the lead to a partner who called, or who is closer to going out than we are.
  if (dog && partnerIn && (hasCall(view, partner) || view.cardsLeft[partner] < view.hand.length - 3))
    return dog.action;
  const nonBombs = plays.filter((p) => !isBomb(p.combo) && p.combo.type !== 'dog');
  const pool = nonBombs.length > 0 ? nonBombs : plays;
  const shape = shapeOf(view.hand);
  const winners = shape.combos.filter((c) => c.type === 'bomb' || c.rank === 15 || c.phoenix).length;
  const finishing = shape.combos.length - winners <= 1; // winners, then the last combo: lead a winner
  const partnerCalled = partnerIn && hasCall(view, partner) && !hasCall(view, view.seat);
  const threat = Math.min(
    ...opponentsOf(view.seat).map((s) => (view.cardsLeft[s] > 0 ? view.cardsLeft[s] : 99)),
  );
  let best: PlayOption | null = null;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const option of pool) {
    const win = winChance(option.combo);
    const n = option.combo.cards.length;
    let score =
      costAfter(view.hand, option.combo.cards) +
      (finishing ? -8 : params.leadWinPenalty) * win -
      params.leadLengthBonus * n;
    // Feed a partner who called: a low single it can take.
    if (partnerCalled) score += n === 1 ? -3 : 2;
    // An opponent about to go out with n cards or fewer must not be handed a combo of that size cheaply.
    if (n <= threat && threat <= 2 && win < 0.8) score += 6;
    if (score < bestScore) {
      bestScore = score;
      best = option;
    }
  }
  return best?.action ?? null;
}

/** How much taking this trick matters now, on the scale of shape cost saved. */
function urgency(view: SeatView, topSeat: Seat, dragon: boolean): number {
  let u = dragon ? 0 : trickPoints(view) / 5; // a Dragon's trick is given away: its points are no reason
  if (hasCall(view, topSeat)) u += 10;
  u += Math.max(0, 7 - view.cardsLeft[topSeat]) * 2;
  // One or two cards left: the next lead may be its last. Stopping it is worth a broken combo.
  if (view.cardsLeft[topSeat] <= 2) u += 15;
  if (hasCall(view, view.seat)) u += 4;
  const partner = partnerOf(view.seat);
  if (view.cardsLeft[partner] === 0 && view.out[0] !== partner) u += 1;
  return u;
}

/** Beating a trick on our turn: the cheapest play worth it, a bomb when it must be stopped, or a pass. */
export function chooseFollow(
  view: SeatView,
  legal: readonly Action[],
  plays: readonly PlayOption[],
  params: PlayParams,
): Action | null {
  const top = topPlay(view);
  const out = plays.find((p) => goesOut(view, p));
  if (out && !(isBomb(out.combo) && top && !isOpponent(top.seat, view.seat) && plays.length > 1))
    return out.action;
  if (!canPass(legal)) return cheapest(view, plays)?.action ?? null;
  if (!top) return PASS;
  const partnerTop = top.seat === partnerOf(view.seat);
  const nonBombs = plays.filter((p) => !isBomb(p.combo));
  if (partnerTop) {
    // Overtake a winning partner only to save our own call with a play that costs the hand nothing.
    if (!hasCall(view, view.seat) || hasCall(view, top.seat)) return PASS;
    const clean = nonBombs.find((p) => costAfter(view.hand, p.combo.cards) <= shapeOf(view.hand).cost - 8);
    return clean?.action ?? PASS;
  }
  // The lowest play that beats the trick without tearing the hand apart; the more the trick matters,
  // the more of the hand's shape we give up to take it.
  const before = shapeOf(view.hand).cost;
  const allowed = params.breakAllowance + urgency(view, top.seat, false);
  let best: PlayOption | null = null;
  for (const option of [...nonBombs].sort((a, b) => spendOrder(a.combo) - spendOrder(b.combo))) {
    const breakage = costAfter(view.hand, option.combo.cards) - (before - comboCost(toShape(option.combo)));
    if (option.combo.cards[0] === 'dragon' && !dragonMatters(view, top, params)) continue;
    if (breakage <= allowed) {
      best = option;
      break;
    }
  }
  if (best) return best.action;
  const bomb = bombWorthIt(view, plays, true);
  return bomb?.action ?? PASS;
}

/** Cheapest first: by rank, except that a Phoenix single costs what it can beat (just under the Dragon). */
function spendOrder(combo: Combo): number {
  return combo.type === 'single' && combo.cards[0] === 'phoenix' ? 29 : combo.rank;
}

/**
 * The Dragon is kept for a trick that matters: a fight for the lead at King or above, an urgent
 * trick (a call, an opponent close to going out), or when the lead it wins carries us out.
 */
function dragonMatters(view: SeatView, top: { seat: Seat; combo: Combo }, params: PlayParams): boolean {
  if (top.combo.rank >= 26) return true;
  if (urgency(view, top.seat, true) >= params.dragonUrgency) return true;
  const rest = view.hand.filter((c) => c !== 'dragon');
  return rest.length === 0 || shapeOf(rest).combos.length <= 1;
}

/** The play that leaves the best hand, lower combos first on ties. */
function cheapest(view: SeatView, plays: readonly PlayOption[]): PlayOption | null {
  let best: PlayOption | null = null;
  let bestCost = Number.POSITIVE_INFINITY;
  for (const option of plays) {
    const cost =
      costAfter(view.hand, option.combo.cards) + option.combo.rank / 100 + (isBomb(option.combo) ? 20 : 0);
    if (cost < bestCost) {
      bestCost = cost;
      best = option;
    }
  }
  return best;
}

/**
 * A bomb is for stopping an opponent's call or an opponent about to go out, or for going out
 * ourselves; never on the partner, never for a small trick. Out of turn it waits for a play that
 * would likely hold, so the partner keeps the chance to beat it cheaply.
 */
export function bombWorthIt(
  view: SeatView,
  plays: readonly PlayOption[],
  onTurn: boolean,
): PlayOption | null {
  const top = topPlay(view);
  if (!top || !isOpponent(top.seat, view.seat)) return null;
  const bombs = plays
    .filter((p) => isBomb(p.combo))
    .sort((a, b) => a.combo.cards.length - b.combo.cards.length || a.combo.rank - b.combo.rank);
  const smallest = bombs[0];
  if (!smallest) return null;
  const rest = view.hand.filter((c) => !smallest.combo.cards.includes(c));
  const goingOut = rest.length === 0 || shapeOf(rest).combos.length <= 1;
  const stopsCall = hasCall(view, top.seat) && view.cardsLeft[top.seat] > 0;
  const stopsOut = view.cardsLeft[top.seat] > 0 && view.cardsLeft[top.seat] <= 3;
  if (onTurn) return goingOut || stopsCall || stopsOut ? smallest : null;
  const holds = winChance(top.combo as Combo) >= 0.45;
  return (stopsCall || stopsOut) && holds ? smallest : null;
}
