/** `legalActions`: everything one seat may do right now. It feeds buttons, selects, autocomplete and bots. */
import type { Action } from './actions.js';
import { mayCallTichu } from './calls.js';
import { RANKS } from './cards.js';
import { type Combo, isBomb } from './combo.js';
import { enumerateBombs, enumerateCombos } from './enumerate.js';
import { hasCards } from './flow.js';
import { topOf } from './play.js';
import { type MatchState, type Seat, seatAfter } from './state.js';
import { holdsWished, obligationAmong, satisfiesWish } from './wish.js';

export interface LegalOptions {
  /** List every ordered exchange pick (14 × 13 × 12); off, exchange picks are left out. */
  readonly exchanges?: boolean;
}

export function legalActions(state: MatchState, seat: Seat, options: LegalOptions = {}): Action[] {
  if (state.status === 'finished') return [];
  const hand = state.hand;
  const actions: Action[] = [];
  if (mayCallTichu(hand, state.settings, seat)) actions.push({ type: 'tichu' });
  switch (hand.phase) {
    case 'grandTichu':
      if (hand.grand[seat] === null)
        actions.push({ type: 'grandTichu', call: true }, { type: 'grandTichu', call: false });
      return actions;
    case 'exchange':
      if (hand.exchange[seat] === null && options.exchanges !== false) pushExchanges(state, seat, actions);
      return actions;
    case 'play':
      pushPlayActions(state, seat, actions);
      return actions;
    default:
      return actions;
  }
}

function pushExchanges(state: MatchState, seat: Seat, actions: Action[]): void {
  const cards = state.hand.hands[seat];
  for (const next of cards) {
    for (const partner of cards) {
      if (partner === next) continue;
      for (const previous of cards) {
        if (previous !== next && previous !== partner)
          actions.push({ type: 'exchange', next, partner, previous });
      }
    }
  }
}

function pushPlayActions(state: MatchState, seat: Seat, actions: Action[]): void {
  const hand = state.hand;
  if (hand.pending) {
    if (hand.pending.seat !== seat) return;
    if (hand.pending.kind === 'wish') {
      if (state.settings.wishOptional) actions.push({ type: 'wish', rank: null });
      for (const rank of RANKS) actions.push({ type: 'wish', rank });
    } else {
      actions.push(
        { type: 'giveDragon', to: seatAfter(seat, 1) },
        { type: 'giveDragon', to: seatAfter(seat, 3) },
      );
    }
    return;
  }
  if (!hasCards(hand, seat)) return;
  const { combos, mayPass } = legalPlays(state, seat);
  for (const combo of combos) actions.push(playOf(combo));
  if (mayPass) actions.push({ type: 'pass' });
}

/** The combos `seat` may play now: on turn every legal play, out of turn the bombs that beat the table. */
export function legalCombos(state: MatchState, seat: Seat): Combo[] {
  return legalPlays(state, seat).combos;
}

/** The combos `seat` may play now and whether it may pass: the card-play part of `legalActions`. */
export function legalPlays(state: MatchState, seat: Seat): { combos: Combo[]; mayPass: boolean } {
  const hand = state.hand;
  if (hand.phase !== 'play' || hand.pending || !hasCards(hand, seat)) return { combos: [], mayPass: false };
  const cards = hand.hands[seat];
  const top = topOf(hand);
  if (hand.turn !== seat) return { combos: top === null ? [] : enumerateBombs(cards, top), mayPass: false };
  const combos = enumerateCombos(cards, top);
  const wish = hand.wish;
  if (wish === null || !holdsWished(cards, wish) || obligationAmong(combos, wish) === 'none') {
    return { combos, mayPass: top !== null };
  }
  const bombIgnoresWish = state.settings.bombIgnoresWish;
  return { combos: combos.filter((combo) => satisfiesWish(combo, wish, bombIgnoresWish)), mayPass: false };
}

export function playOf(combo: Combo): Action {
  return combo.phoenixAs === undefined
    ? { type: 'play', cards: combo.cards }
    : { type: 'play', cards: combo.cards, phoenixAs: combo.phoenixAs };
}

export function canBomb(state: MatchState, seat: Seat): boolean {
  return legalCombos(state, seat).some(isBomb);
}

/** Whether `seat` owes a decision now (its turn, a pending choice, or an undecided simultaneous phase). */
export function owesAction(state: MatchState, seat: Seat): boolean {
  if (state.status === 'finished') return false;
  const hand = state.hand;
  if (hand.phase === 'grandTichu') return hand.grand[seat] === null;
  if (hand.phase === 'exchange') return hand.exchange[seat] === null;
  if (hand.phase !== 'play') return false;
  return hand.pending ? hand.pending.seat === seat : hand.turn === seat;
}
