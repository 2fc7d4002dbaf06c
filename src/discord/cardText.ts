/** Cards and combos as players read them: suit colours as emoji, specials named, combos described. */
import {
  type Card,
  type Combo,
  type ComboType,
  cardRank,
  cardSuit,
  RANK_NAMES,
  type Suit,
} from '../engine/index.js';

const SUIT_EMOJI: Readonly<Record<Suit, string>> = { jd: '🟢', sw: '⚫', pg: '🔵', st: '🔴' };
const SPECIAL_TEXT: Readonly<Record<string, string>> = {
  mahjong: '🀄 Mah Jong',
  dog: '🐕 Dog',
  phoenix: '🔥 Phoenix',
  dragon: '🐉 Dragon',
};

/** "🔴K", "🟢10", "🐉 Dragon". */
export function cardLabel(card: Card): string {
  const special = SPECIAL_TEXT[card];
  if (special) return special;
  const suit = cardSuit(card) as Suit;
  return `${SUIT_EMOJI[suit]}${card.slice(0, -2)}`;
}

export function cardsLabel(cards: readonly Card[]): string {
  return cards.map(cardLabel).join(' ');
}

export function rankLabel(rank: number): string {
  return RANK_NAMES[rank - 2] ?? String(rank);
}

const TYPE_NAMES: Readonly<Record<ComboType, string>> = {
  single: 'single',
  pair: 'pair',
  triple: 'triple',
  fullHouse: 'full house',
  straight: 'straight',
  pairSequence: 'pair sequence',
  fourOfAKind: 'BOMB: four of a kind',
  straightFlush: 'BOMB: straight flush',
  dog: 'Dog',
};

/** "pair of 7s", "straight to K (5)", "full house 9s over 5s (Phoenix as 9)". */
export function comboLabel(combo: Combo): string {
  const top = rankLabel(combo.rank / 2);
  const phoenix = combo.phoenixAs === undefined ? '' : ` (Phoenix as ${rankLabel(combo.phoenixAs)})`;
  switch (combo.type) {
    case 'single':
      return `single ${cardLabel(combo.cards[0] as Card)}`;
    case 'pair':
      return `pair of ${top}s${phoenix}`;
    case 'triple':
      return `three ${top}s${phoenix}`;
    case 'fullHouse':
      return `full house, ${top}s${phoenix}`;
    case 'straight':
      return `straight of ${combo.cards.length} to ${top}${phoenix}`;
    case 'pairSequence':
      return `${combo.cards.length / 2} pairs to ${top}${phoenix}`;
    case 'fourOfAKind':
      return `${TYPE_NAMES.fourOfAKind} ${top}s`;
    case 'straightFlush':
      return `${TYPE_NAMES.straightFlush} of ${combo.cards.length} to ${top}`;
    case 'dog':
      return 'the Dog';
  }
}

/** Orders cards for display: by rank, specials where they belong. */
export function displayOrder(a: Card, b: Card): number {
  return cardRank(a) - cardRank(b);
}
