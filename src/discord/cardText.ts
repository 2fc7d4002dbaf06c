/** Cards and combos as players read them: suit colours as emoji, specials named, combos described. */
import {
  type Card,
  type Combo,
  type ComboShape,
  cardRank,
  cardSuit,
  comboShape,
  DECK,
  RANK_NAMES,
  type Suit,
} from '../engine/index.js';
import { type Lang, t } from '../i18n/index.js';
import type { Ui } from './ui.js';

const SUIT_EMOJI: Readonly<Record<Suit, string>> = { jd: '🟢', sw: '⚫', pg: '🔵', st: '🔴' };
type Special = 'mahjong' | 'dog' | 'phoenix' | 'dragon';
const SPECIAL_SYMBOL: Readonly<Record<Special, string>> = {
  mahjong: '🀄',
  dog: '🐕',
  phoenix: '🔥',
  dragon: '🐉',
};

function isSpecial(card: Card): card is Card & Special {
  return Object.hasOwn(SPECIAL_SYMBOL, card);
}

/** A special card's text: "🐉 Dragon", "🐉 Drache". */
function specialText(card: Special, lang: Lang): string {
  return `${SPECIAL_SYMBOL[card]} ${t(lang, `card.${card}`)}`;
}

/** "🔴K", "🟢10", "🐉 Dragon" (in the reader's language); the card's emoji when the reader has them. */
export function cardLabel(card: Card, ui: Ui): string {
  const face = ui.faces?.get(card);
  if (face) return `<:${face.name}:${face.id}>`;
  return cardText(card, ui.lang);
}

/** A component's `emoji` field showing the card's picture, when the reader has the card emoji. */
export function cardEmojiField(card: Card, ui: Ui): { id: string; name: string } | undefined {
  const face = ui.faces?.get(card);
  return face ? { id: face.id, name: face.name } : undefined;
}

/** A card as text only, for where Discord needs text (select labels, notifications). */
export function cardText(card: Card, lang: Lang): string {
  if (isSpecial(card)) return specialText(card, lang);
  const suit = cardSuit(card) as Suit;
  return `${SUIT_EMOJI[suit]}${card.slice(0, -2)}`;
}

/** The cards in the order players hold them (`handOrder`), each as `cardLabel`. */
export function cardsLabel(cards: readonly Card[], ui: Ui): string {
  return inHandOrder(cards)
    .map((card) => cardLabel(card, ui))
    .join(' ');
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

/**
 * `cards` sorted by `handOrder`: each card's place in the deck so sorted is looked up once and the
 * places sorted as numbers (a panel sorts a hand, and the cards of every play it offers).
 */
export function inHandOrder(cards: readonly Card[]): Card[] {
  const places = new Uint8Array(cards.length);
  for (let i = 0; i < cards.length; i++) {
    const place = HAND_PLACE.get(cards[i] as Card);
    // Not a card of the deck: sorted as it is (handOrder reads it as well as it can).
    if (place === undefined) return [...cards].sort(handOrder);
    places[i] = place;
  }
  places.sort();
  const out: Card[] = new Array(cards.length);
  for (let i = 0; i < places.length; i++) out[i] = IN_HAND_ORDER[places[i] as number] as Card;
  return out;
}

const SPECIAL_KEY: Readonly<Record<string, number>> = { dog: 0, mahjong: 100, phoenix: 1_500, dragon: 1_600 };
const SUIT_KEY: Readonly<Record<Suit, number>> = { jd: 0, sw: 1, pg: 2, st: 3 };

function holdKey(card: Card): number {
  return HOLD_KEYS.get(card) ?? keyOf(card);
}

function keyOf(card: Card): number {
  const special = SPECIAL_KEY[card];
  if (special !== undefined) return special;
  return cardRank(card) * 100 + SUIT_KEY[cardSuit(card) as Suit];
}

/** Every card's key, made once: sorting a hand asks for them a hundred times a panel. */
const HOLD_KEYS: ReadonlyMap<Card, number> = new Map(DECK.map((card) => [card, keyOf(card)]));

/** The deck in the order players hold it, and each card's place in that order. */
const IN_HAND_ORDER: readonly Card[] = [...DECK].sort(handOrder);
const HAND_PLACE: ReadonlyMap<Card, number> = new Map(IN_HAND_ORDER.map((card, place) => [card, place]));

/**
 * A combo as players say it: "single K", "pair 7", "triple 9", "full house 8s over 3s",
 * "straight 2-6", "pairs 5-5-6-6", "bomb: four 9s", "bomb: straight flush 3-7", "Dog"; with
 * "(Phoenix as 9)" when the Phoenix stands in.
 */
export function comboLabel(combo: Combo, lang: Lang): string {
  return describeCombo(comboShape(combo), lang, (card) => specialText(card, lang));
}

/**
 * A combo in words only, without any card's symbol ("single A", "pair 7", "Dragon"): for what is
 * posted once a hand is over. Its cards are dealt again by then, and a card's symbol in a public
 * message would read as a card of the new hands.
 */
export function comboWords(combo: Combo | ComboShape, lang: Lang): string {
  const shape = 'cards' in combo ? comboShape(combo) : combo;
  return describeCombo(shape, lang, (card) => t(lang, `card.${card}`));
}

/** A single special card by the rank its shape gives it (the Phoenix alone has none: 0). */
const SINGLE_SPECIAL: Readonly<Record<number, Special>> = { 0: 'phoenix', 1: 'mahjong', 15: 'dragon' };

/** Words from a combo's shape (engine `comboShape`: its ranks, not its cards). */
function describeCombo(combo: ComboShape, lang: Lang, special: (card: Special) => string): string {
  const top = combo.rank / 2;
  const phoenix =
    combo.phoenixAs === undefined
      ? ''
      : ` ${t(lang, 'combo.phoenixAs', { rank: rankLabel(combo.phoenixAs) })}`;
  const ranks = combo.ranks;
  const low = ranks[0] ?? top;
  switch (combo.type) {
    case 'single': {
      const card = SINGLE_SPECIAL[ranks[0] ?? 0];
      return card ? special(card) : t(lang, 'combo.single', { rank: rankLabel(top) });
    }
    case 'pair':
      return `${t(lang, 'combo.pair', { rank: rankLabel(top) })}${phoenix}`;
    case 'triple':
      return `${t(lang, 'combo.triple', { rank: rankLabel(top) })}${phoenix}`;
    case 'fullHouse': {
      const pair = ranks.find((r) => r !== top) ?? top;
      return `${t(lang, 'combo.fullHouse', { top: rankLabel(top), pair: rankLabel(pair) })}${phoenix}`;
    }
    case 'straight':
      return `${t(lang, 'combo.straight', { low: runRank(low), top: rankLabel(top) })}${phoenix}`;
    case 'pairSequence':
      return `${t(lang, 'combo.pairSequence', { ranks: ranks.map(rankLabel).join('-') })}${phoenix}`;
    case 'fourOfAKind':
      return t(lang, 'combo.fourOfAKind', { rank: rankLabel(top) });
    case 'straightFlush':
      return t(lang, 'combo.straightFlush', { low: runRank(low), top: rankLabel(top) });
    case 'dog':
      return special('dog');
  }
}

/**
 * A combo with its cards: "pair 7 (🔴7 🟢7)"; a special single is its own card, named beside its
 * emoji ("<:Dragon_…:id> Dragon") so that a screen reader says which it is, in the reader's language.
 */
export function playLabel(combo: Combo, ui: Ui): string {
  const card = combo.cards[0] as Card;
  if (combo.type === 'dog' || (combo.type === 'single' && isSpecial(card))) {
    const face = isSpecial(card) ? ui.faces?.get(card) : undefined;
    return face
      ? `${cardLabel(card, ui)} ${t(ui.lang, `card.${card as Special}`)}`
      : comboLabel(combo, ui.lang);
  }
  return `${comboLabel(combo, ui.lang)} (${cardsLabel(combo.cards, ui)})`;
}
