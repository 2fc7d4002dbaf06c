/** Invariant checks shared by the property tests: conservation, secrecy, legal/apply agreement. */
import {
  type Card,
  DECK,
  type MatchState,
  publicView,
  SEATS,
  type Seat,
  seatView,
} from '../../src/engine/index.js';

/** Every card of the deck exactly once across hands, undealt cards, won piles and the table. */
export function allCards(state: MatchState): Card[] {
  const hand = state.hand;
  const cards: Card[] = [];
  for (const seat of SEATS) cards.push(...hand.hands[seat], ...hand.undealt[seat], ...hand.won[seat]);
  for (const play of hand.trick?.plays ?? []) cards.push(...play.combo.cards);
  return cards;
}

export function conservationProblem(state: MatchState): string | null {
  const cards = allCards(state);
  if (cards.length !== DECK.length) return `${cards.length} cards in play, expected 56`;
  if (new Set(cards).size !== DECK.length) return 'a card appears twice';
  return null;
}

/** The cards `seat` must never see in another's view: their hand, undealt six and unrevealed picks. */
function secretsOf(state: MatchState, seat: Seat): Card[] {
  const hand = state.hand;
  const picks = hand.exchange[seat];
  const revealed = hand.phase !== 'exchange';
  return [
    ...hand.hands[seat],
    ...hand.undealt[seat],
    ...(picks && !revealed ? [picks.next, picks.partner, picks.previous] : []),
  ];
}

export function leakProblem(state: MatchState): string | null {
  const views: [string, string][] = [['public', JSON.stringify(publicView(state))]];
  for (const seat of SEATS) views.push([`seat ${seat}`, JSON.stringify(seatView(state, seat))]);
  for (const owner of SEATS) {
    for (const [name, json] of views) {
      if (name === `seat ${owner}`) continue;
      // A seat knows the cards it passed in the exchange, wherever they are now.
      const viewer = SEATS.find((seat) => name === `seat ${seat}`);
      const picks = viewer === undefined ? null : state.hand.exchange[viewer];
      const known = picks ? [picks.next, picks.partner, picks.previous] : [];
      for (const card of secretsOf(state, owner)) {
        if (known.includes(card)) continue;
        // The six undealt cards of the owner are secret from the owner too.
        if (json.includes(`"${card}"`)) return `${name} shows ${card} of seat ${owner}`;
      }
    }
  }
  for (const seat of SEATS) {
    const own = JSON.stringify(seatView(state, seat));
    for (const card of state.hand.undealt[seat]) {
      if (own.includes(`"${card}"`)) return `seat ${seat} sees its undealt ${card}`;
    }
  }
  return null;
}
