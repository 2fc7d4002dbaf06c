/** Small shared reads for policies: which legal actions are plays, who is winning the trick, seat roles. */
import {
  type Action,
  type Card,
  type Combo,
  cardRank,
  enumerateBombs,
  isBomb,
  partnerOf,
  readCombo,
  type Seat,
  type SeatView,
} from '../engine/index.js';

export interface PlayOption {
  readonly action: Action & { type: 'play' };
  readonly combo: Combo;
}

/** The legal plays as combos (the engine already read them once; reading again is cheap and local). */
export function playOptions(legal: readonly Action[]): PlayOption[] {
  const out: PlayOption[] = [];
  for (const action of legal) {
    if (action.type !== 'play') continue;
    const read = readCombo(action.cards, action.phoenixAs);
    if (read.ok) out.push({ action, combo: read.value });
  }
  return out;
}

/**
 * One play per shape: plays that differ only in suits (a straight's 32 suit mixes) weigh the same
 * for a policy, except that a card of a bomb is worth keeping. So keep one of each (type, length,
 * rank, Phoenix) and prefer the one that touches no bomb; bombs themselves are all kept.
 */
export function distinctPlays(options: readonly PlayOption[], hand: readonly Card[]): PlayOption[] {
  const bombCards = new Set<Card>(enumerateBombs(hand, null).flatMap((b) => b.cards));
  const chosen = new Map<string, PlayOption>();
  const out: PlayOption[] = [];
  for (const option of options) {
    const combo = option.combo;
    if (isBomb(combo)) {
      out.push(option);
      continue;
    }
    const key = `${combo.type}/${combo.cards.length}/${combo.rank}/${combo.phoenixAs ?? 0}`;
    const held = chosen.get(key);
    if (
      held === undefined ||
      (touchesAny(held.combo.cards, bombCards) && !touchesAny(combo.cards, bombCards))
    ) {
      chosen.set(key, option);
    }
  }
  return [...chosen.values(), ...out];
}

function touchesAny(cards: readonly Card[], set: ReadonlySet<Card>): boolean {
  if (set.size === 0) return false;
  for (const card of cards) if (set.has(card)) return true;
  return false;
}

export function canPass(legal: readonly Action[]): boolean {
  return legal.some((a) => a.type === 'pass');
}

export const PASS: Action = { type: 'pass' };

/** The play on top of the trick, and who made it; null on an empty table. */
export function topPlay(view: SeatView): { seat: Seat; combo: Combo } | null {
  const plays = view.trick?.plays;
  if (!plays || plays.length === 0) return null;
  return plays[plays.length - 1] as { seat: Seat; combo: Combo };
}

export function partnerIsWinning(view: SeatView): boolean {
  const top = topPlay(view);
  return top !== null && top.seat === partnerOf(view.seat);
}

/** The two opponents of `seat`, the next one first. */
export function opponentsOf(seat: Seat): [Seat, Seat] {
  return [((seat + 1) % 4) as Seat, ((seat + 3) % 4) as Seat];
}

export function hasCall(view: SeatView, seat: Seat): boolean {
  return view.calls[seat] !== 'none';
}

/** The order used to rank plays from cheap to dear: non-bombs by rank, bombs after every non-bomb. */
export function spendCost(combo: Combo): number {
  if (isBomb(combo)) return 1000 + combo.rank + combo.cards.length * 40;
  if (combo.type === 'dog') return -1;
  return combo.rank;
}

/** A card's worth as a single, for sorting: Dog lowest, then Mah Jong, 2..A, Phoenix, Dragon. */
export function cardStrength(card: Card): number {
  if (card === 'dog') return 0;
  if (card === 'phoenix') return 14.5;
  return cardRank(card);
}

/**
 * The Dragon's trick goes to the opponent less likely to go out first: one without a call, then the
 * one with more cards left; equal in both, the next opponent (it plays right after the gift's giver).
 */
export function dragonTarget(view: SeatView): Seat {
  const [a, b] = opponentsOf(view.seat);
  const score = (s: Seat) => (hasCall(view, s) ? 0 : 100) + view.cardsLeft[s];
  return score(b) > score(a) ? b : a;
}
