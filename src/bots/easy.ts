/**
 * The easy level: sensible but weak, for new players. It never calls, plays its cheapest legal
 * combo, lets its partner have a trick the partner is winning, and bombs only when the rules
 * leave nothing else. It still avoids absurd blunders: no bomb on its partner, and the Dragon's
 * trick goes to the opponent further from going out.
 */
import { type Action, type Card, isBomb, sortCards } from '../engine/index.js';
import {
  canPass,
  cardStrength,
  dragonTarget,
  PASS,
  partnerIsWinning,
  playOptions,
  spendCost,
} from './choose.js';
import type { Policy } from './policy.js';

export const easyPolicy: Policy = (view, _memory, legal) => {
  if (view.phase === 'grandTichu') return legal.length > 0 ? { type: 'grandTichu', call: false } : null;
  if (view.phase === 'exchange') return easyExchange(view.hand, view.exchangePicks !== null);
  const pending = view.pending?.seat === view.seat ? view.pending : null;
  if (pending?.kind === 'dragonGift') return { type: 'giveDragon', to: dragonTarget(view) };
  if (pending?.kind === 'wish') return legal.find((a) => a.type === 'wish') ?? null;
  const plays = playOptions(legal);
  const onTurn = view.turn === view.seat;
  if (!onTurn) return null; // never bombs out of turn
  if (canPass(legal) && partnerIsWinning(view)) return PASS;
  const cheapest = [...plays].sort(
    (a, b) => spendCost(a.combo) - spendCost(b.combo) || b.combo.cards.length - a.combo.cards.length,
  )[0];
  if (!cheapest) return canPass(legal) ? PASS : null;
  if (isBomb(cheapest.combo) && canPass(legal)) return PASS;
  return cheapest.action;
};

/** The highest card to the partner, the two lowest to the opponents (specials by their rank). */
function easyExchange(hand: readonly Card[], done: boolean): Action | null {
  if (done || hand.length < 3) return null;
  const sorted = sortCards(hand).sort((a, b) => cardStrength(a) - cardStrength(b));
  const partner = sorted[sorted.length - 1] as Card;
  return { type: 'exchange', next: sorted[0] as Card, partner, previous: sorted[1] as Card };
}
