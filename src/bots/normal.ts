/**
 * The normal level: a rule-based player a club player would recognise. It reads its hand as a
 * shape (fewest combos, winners counted), calls when the shape is strong enough, exchanges by club
 * habit, leads its weak combos and keeps its winners, leaves a winning partner alone, and bombs to
 * stop a call or an opponent about to go out.
 */
import { type Action, partnerOf, type SeatView } from '../engine/index.js';
import { grandTichuChance, tichuChance } from './callModel.js';
import { canPass, distinctPlays, dragonTarget, hasCall, type PlayOption, playOptions } from './choose.js';
import { chooseExchange } from './exchange.js';
import { candidatesOf, MODEL_WEIGHTS, modelChoice } from './normalModel.js';
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

/**
 * The normal level with `params`; with `weights`, its card play on its own turn is the learned
 * model's choice among normal@v1's and the alternatives (normalModel.ts), else the rules' own.
 */
export function makeNormalPolicy(params: NormalParams = NORMAL_PARAMS, weights?: readonly number[]): Policy {
  const play = weights === undefined ? rulesPlay(params) : learnedPlay(params, weights);
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
    return play(view, legal, plays);
  };
}

type PlayOnTurn = (view: SeatView, legal: readonly Action[], plays: readonly PlayOption[]) => Action | null;

/** The rules' card play on the seat's own turn (normal@v1's), from plays already read. */
function rulesPlay(params: NormalParams): PlayOnTurn {
  return (view, legal, plays) =>
    view.trick === null ? chooseLead(view, plays, params) : chooseFollow(view, legal, plays, params);
}

/**
 * The rules' choice, weighed by the learned model against the alternatives. One rule stands over
 * the model: the Dog led to a partner who called (the model has no feature for it and led a low
 * single instead; the playouts put the Dog 9 to 31 points ahead in test/bots/normal.test.ts's case).
 */
function learnedPlay(params: NormalParams, weights: readonly number[]): PlayOnTurn {
  const rules = rulesPlay(params);
  return (view, legal, plays) => {
    const base = rules(view, legal, plays);
    if (base === null) return null;
    if (base.type === 'play' && base.cards[0] === 'dog' && hasCall(view, partnerOf(view.seat))) return base;
    const candidates = candidatesOf(view.hand, canPass(legal), plays, base);
    return candidates.length < 2 ? base : modelChoice(view, candidates, weights);
  };
}

/** Normal@v1's card play on its own turn, from plays already read: hard@v1 repeats it in playouts. */
export const playOnTurnV1: PlayOnTurn = rulesPlay(NORMAL_PARAMS);

/** The normal level's card play on its own turn with the model's `weights` (the teacher's playouts). */
export function playOnTurnWith(weights: readonly number[]): PlayOnTurn {
  return learnedPlay(NORMAL_PARAMS, weights);
}

/** The normal level's card play on its own turn: the search repeats it in playouts. */
export const playOnTurn: PlayOnTurn = playOnTurnWith(MODEL_WEIGHTS);

function shouldCallTichu(view: SeatView, legal: readonly Action[], params: NormalParams): boolean {
  return legal.some((a) => a.type === 'tichu') && callsTichu(view, params);
}

/** Normal's Tichu call, for a seat that may still call: fourteen cards strong enough, partner silent. */
export function callsTichu(view: SeatView, params: NormalParams = NORMAL_PARAMS): boolean {
  if (view.hand.length < 14 || view.calls[partnerOf(view.seat)] !== 'none') return false;
  return tichuChance(view.hand) >= params.tichu;
}

export const normalPolicy: Policy = makeNormalPolicy(NORMAL_PARAMS, MODEL_WEIGHTS);

/** The normal level as it was before it learned from the search (issue 29): the arena's yardstick. */
export const normalV1Policy: Policy = makeNormalPolicy(NORMAL_PARAMS);
