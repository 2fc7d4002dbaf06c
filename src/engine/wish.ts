/** The Mah Jong wish: whether the seat on turn must play the wished rank, and with what. */
import { type Card, cardRank, isNormal, type Rank } from './cards.js';
import { type Combo, isBomb } from './combo.js';
import { enumerateCombos } from './enumerate.js';

/**
 * 'none': free to play anything legal (or pass). 'normal': must play a combo holding a real card
 * of the wished rank. 'bombOnly': only a bomb holding it would do, and it must be played.
 */
export type WishObligation = 'none' | 'normal' | 'bombOnly';

export function holdsWished(hand: readonly Card[], wish: Rank | null): boolean {
  if (wish === null) return false;
  for (const card of hand) if (isNormal(card) && cardRank(card) === wish) return true;
  return false;
}

export function containsWished(combo: Combo, wish: Rank): boolean {
  return holdsWished(combo.cards, wish);
}

/** The obligation of the seat on turn, holding `hand`, with `top` on the table (null: leading). */
export function wishObligation(hand: readonly Card[], top: Combo | null, wish: Rank | null): WishObligation {
  if (wish === null || !holdsWished(hand, wish)) return 'none';
  if (top === null) return 'normal'; // the wished card alone is a legal lead
  return obligationAmong(enumerateCombos(hand, top), wish);
}

/** The obligation given every combo the seat could play now (saves enumerating twice). */
export function obligationAmong(combos: readonly Combo[], wish: Rank): WishObligation {
  let bomb = false;
  for (const combo of combos) {
    if (!containsWished(combo, wish)) continue;
    if (!isBomb(combo)) return 'normal';
    bomb = true;
  }
  return bomb ? 'bombOnly' : 'none';
}

/** Whether a play satisfies the obligation; bombs without the rank only when the flag allows. */
export function satisfiesWish(combo: Combo, wish: Rank, bombIgnoresWish: boolean): boolean {
  return containsWished(combo, wish) || (bombIgnoresWish && isBomb(combo));
}
