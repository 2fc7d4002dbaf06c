/** Cards and combos as players read them: suit colours as emoji, specials named, combos described. */
import { type Card, type Combo, cardRank, cardSuit, RANK_NAMES, type Suit } from '../engine/index.js';

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

/** The cards in the order players hold them (`handOrder`), each as `cardLabel`. */
export function cardsLabel(cards: readonly Card[]): string {
  return inHandOrder(cards).map(cardLabel).join(' ');
}

export function rankLabel(rank: number): string {
  return RANK_NAMES[rank - 2] ?? String(rank);
}

/** A rank inside a straight: the Mah Jong counts as 1. */
function runRank(rank: number): string {
  return rank === 1 ? '1' : rankLabel(rank);
}

/**
 * The order players hold their cards, the same everywhere: Dog, Mah Jong, 2 … A, Phoenix, Dragon;
 * within a rank by suit.
 */
export function handOrder(a: Card, b: Card): number {
  return holdKey(a) - holdKey(b);
}

export function inHandOrder(cards: readonly Card[]): Card[] {
  return [...cards].sort(handOrder);
}

const SPECIAL_KEY: Readonly<Record<string, number>> = { dog: 0, mahjong: 100, phoenix: 1_500, dragon: 1_600 };
const SUIT_KEY: Readonly<Record<Suit, number>> = { jd: 0, sw: 1, pg: 2, st: 3 };

function holdKey(card: Card): number {
  const special = SPECIAL_KEY[card];
  if (special !== undefined) return special;
  return cardRank(card) * 100 + SUIT_KEY[cardSuit(card) as Suit];
}

/** The ranks a combo's cards stand for (the Phoenix as the rank it takes), lowest first. */
function ranksOf(combo: Combo): number[] {
  return combo.cards
    .map((card) => (card === 'phoenix' ? (combo.phoenixAs ?? 0) : cardRank(card)))
    .sort((a, b) => a - b);
}

/**
 * A combo as players say it: "single K", "pair 7", "triple 9", "full house 8s over 3s",
 * "straight 2-6", "pairs 5-5-6-6", "bomb: four 9s", "bomb: straight flush 3-7", "Dog"; with
 * "(Phoenix as 9)" when the Phoenix stands in.
 */
export function comboLabel(combo: Combo): string {
  const top = combo.rank / 2;
  const phoenix = combo.phoenixAs === undefined ? '' : ` (Phoenix as ${rankLabel(combo.phoenixAs)})`;
  const ranks = ranksOf(combo);
  const low = ranks[0] ?? top;
  switch (combo.type) {
    case 'single': {
      const card = combo.cards[0] as Card;
      const special = SPECIAL_TEXT[card];
      return special ?? `single ${rankLabel(top)}`;
    }
    case 'pair':
      return `pair ${rankLabel(top)}${phoenix}`;
    case 'triple':
      return `triple ${rankLabel(top)}${phoenix}`;
    case 'fullHouse': {
      const pair = ranks.find((r) => r !== top) ?? top;
      return `full house ${rankLabel(top)}s over ${rankLabel(pair)}s${phoenix}`;
    }
    case 'straight':
      return `straight ${runRank(low)}-${rankLabel(top)}${phoenix}`;
    case 'pairSequence':
      return `pairs ${ranks.map(rankLabel).join('-')}${phoenix}`;
    case 'fourOfAKind':
      return `bomb: four ${rankLabel(top)}s`;
    case 'straightFlush':
      return `bomb: straight flush ${runRank(low)}-${rankLabel(top)}`;
    case 'dog':
      return SPECIAL_TEXT.dog as string;
  }
}

/** A combo with its cards: "pair 7 (🔴7 🟢7)"; a special single is its own card. */
export function playLabel(combo: Combo): string {
  if (combo.type === 'dog' || (combo.type === 'single' && SPECIAL_TEXT[combo.cards[0] as Card]))
    return comboLabel(combo);
  return `${comboLabel(combo)} (${cardsLabel(combo.cards)})`;
}
