/**
 * The normal level: a rule-based player a club player would recognise. It reads its hand as a
 * shape (fewest combos, winners counted), calls when the shape is strong enough, exchanges by club
 * habit, leads its weak combos and keeps its winners, leaves a winning partner alone, and bombs to
 * stop a call or an opponent about to go out.
 */
import { type Action, partnerOf, type SeatView } from '../engine/index.js';
import { grandTichuChance, tichuChance } from './callModel.js';
import { distinctPlays, dragonTarget, type PlayOption, playOptions } from './choose.js';
import { chooseExchange } from './exchange.js';
import { bombWorthIt, chooseFollow, chooseLead, type PlayParams } from './normalPlay.js';
import type { Policy } from './policy.js';
import { chooseWish } from './wish.js';

export interface NormalParams extends PlayParams {
  /** Grand Tichu when the eight cards' chance of going out first (grandTichuChance) reaches this. */
  readonly grandTichu: number;
  /** Tichu when the fourteen cards' chance of going out first (tichuChance) reaches this. */
  readonly tichu: number;
}

/** Chosen by self-play: see docs/bots.md, "How the numbers were chosen", for the runs. */
export const NORMAL_PARAMS: NormalParams = {
  grandTichu: 0.5,
  tichu: 0.5,
  breakAllowance: 4,
  dragonUrgency: 4,
  leadWinPenalty: 8,
  leadLengthBonus: 0.3,
};

export function makeNormalPolicy(params: NormalParams = NORMAL_PARAMS): Policy {
  return (view, memory, legal) => {
    if (view.phase === 'grandTichu') {
      if (!legal.some((a) => a.type === 'grandTichu')) return null;
      const partnerCalled = view.calls[partnerOf(view.seat)] !== 'none';
      return { type: 'grandTichu', call: !partnerCalled && grandTichuChance(view.hand) >= params.grandTichu };
    }
    if (view.phase === 'exchange') return chooseExchange(view, tichuChance(view.hand) >= params.tichu);
    const pending = view.pending?.seat === view.seat ? view.pending : null;
    if (pending?.kind === 'dragonGift') return { type: 'giveDragon', to: dragonTarget(view) };
    if (pending?.kind === 'wish')
      return chooseWish(
        view,
        memory,
        legal.some((a) => a.type === 'wish' && a.rank === null),
      );
    const plays = distinctPlays(playOptions(legal), view.hand);
    if (view.turn !== view.seat) return bombWorthIt(view, plays, false)?.action ?? null;
    if (shouldCallTichu(view, legal, params)) return { type: 'tichu' };
    return playOnTurn(view, legal, plays, params);
  };
}

/** Card play on the seat's own turn, from plays already read: the part search repeats in playouts. */
export function playOnTurn(
  view: SeatView,
  legal: readonly Action[],
  plays: readonly PlayOption[],
  params: NormalParams = NORMAL_PARAMS,
): Action | null {
  return view.trick === null ? chooseLead(view, plays, params) : chooseFollow(view, legal, plays, params);
}

function shouldCallTichu(view: SeatView, legal: readonly Action[], params: NormalParams): boolean {
  if (!legal.some((a) => a.type === 'tichu') || view.hand.length < 14) return false;
  if (view.calls[partnerOf(view.seat)] !== 'none') return false;
  return tichuChance(view.hand) >= params.tichu;
}

export const normalPolicy: Policy = makeNormalPolicy();

/** The normal level as it was before it learned from the search (issue 29): the arena's yardstick. */
export const normalV1Policy: Policy = makeNormalPolicy(NORMAL_PARAMS);
