/** Cards, the deck and the card notation of docs/RULES.md (`10st`, `Kjd`, `mahjong`, ...). */
import { CARD_TEXT, indexOfCard } from './cardIndex.js';
import { err, ok, type Result } from './result.js';

export const SUITS = ['jd', 'sw', 'pg', 'st'] as const;
export type Suit = (typeof SUITS)[number];
export const SUIT_NAMES: Readonly<Record<Suit, string>> = {
  jd: 'jade',
  sw: 'sword',
  pg: 'pagoda',
  st: 'star',
};

export const RANK_NAMES = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'] as const;
export type RankName = (typeof RANK_NAMES)[number];
/** A normal rank value: 2..14 (J 11, Q 12, K 13, A 14). */
export type Rank = 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14;
export const RANKS: readonly Rank[] = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14];

export const SPECIALS = ['mahjong', 'dog', 'phoenix', 'dragon'] as const;
export type Special = (typeof SPECIALS)[number];
export type NormalCard = `${RankName}${Suit}`;
export type Card = NormalCard | Special;

export const MAHJONG_RANK = 1;
export const DRAGON_RANK = 15;

export interface CardInfo {
  readonly rank: number; // 1 Mah Jong, 2..14 normal, 15 Dragon, 0 Dog and Phoenix (no fixed rank)
  readonly suit: Suit | null;
  readonly suitIndex: number; // index in SUITS, -1 for specials
  readonly points: number;
  readonly index: number; // 0..55, stable order used for sorting
}

const INFO = new Map<string, CardInfo>();
/** Every card of the deck in a fixed order: specials last. */
export const DECK: readonly Card[] = (() => {
  // The very strings of cardIndex.ts (the same order as RANKS × SUITS, then SPECIALS), so that its
  // look-up compares a dealt card with its own string.
  const deck = CARD_TEXT.slice() as Card[];
  deck.forEach((card, index) => {
    const special = SPECIALS.includes(card as Special);
    const rank = special ? specialRank(card as Special) : rankValue(card.slice(0, -2) as RankName);
    const suit = special ? null : (card.slice(-2) as Suit);
    INFO.set(card, {
      rank,
      suit,
      suitIndex: suit ? SUITS.indexOf(suit) : -1,
      points: pointsOf(card, rank),
      index,
    });
  });
  return deck;
})();

function specialRank(card: Special): number {
  if (card === 'mahjong') return MAHJONG_RANK;
  if (card === 'dragon') return DRAGON_RANK;
  return 0;
}

function pointsOf(card: string, rank: number): number {
  if (card === 'dragon') return 25;
  if (card === 'phoenix') return -25;
  if (rank === 5) return 5;
  if (rank === 10 || rank === 13) return 10;
  return 0;
}

export function rankName(rank: Rank): RankName {
  return RANK_NAMES[rank - 2] as RankName;
}

function rankValue(name: RankName): Rank {
  return (RANK_NAMES.indexOf(name) + 2) as Rank;
}

/** Each card's info by its index in DECK. */
const INFO_BY_INDEX: readonly CardInfo[] = DECK.map((card) => INFO.get(card) as CardInfo);

export function isCard(value: unknown): value is Card {
  return typeof value === 'string' && indexOfCard(value) >= 0;
}

/** Everything about a card in one look-up (for hot loops). */
export function cardInfo(card: Card): CardInfo {
  const index = typeof card === 'string' ? indexOfCard(card) : -1;
  return (index >= 0 ? INFO_BY_INDEX[index] : undefined) as CardInfo;
}

const info = cardInfo;

/** 1 for the Mah Jong, 2..14 for normal cards, 15 for the Dragon, 0 for the Dog and the Phoenix. */
export function cardRank(card: Card): number {
  return info(card).rank;
}

export function cardSuit(card: Card): Suit | null {
  return info(card).suit;
}

export function cardPoints(card: Card): number {
  return info(card).points;
}

export function cardIndex(card: Card): number {
  return info(card).index;
}

export function isNormal(card: Card): card is NormalCard {
  return info(card).suit !== null;
}

export function pointsIn(cards: readonly Card[]): number {
  let sum = 0;
  for (const card of cards) sum += info(card).points;
  return sum;
}

/** Each card's sort key by its index in DECK: rank × 100 + index. */
const SORT_KEY_BY_INDEX: readonly number[] = INFO_BY_INDEX.map((i) => i.rank * 100 + i.index);
/** The deck in sorted order, and each card's place in it by its index in DECK. */
const SORTED_DECK: readonly Card[] = [...DECK].sort(
  (a, b) => (SORT_KEY_BY_INDEX[DECK.indexOf(a)] as number) - (SORT_KEY_BY_INDEX[DECK.indexOf(b)] as number),
);
const SORTED_PLACE_BY_INDEX: readonly number[] = DECK.map((card) => SORTED_DECK.indexOf(card));

/** A card's place in the sorted deck; anything that is not a card throws, as it always did. */
function sortedPlace(card: Card): number {
  const index = typeof card === 'string' ? indexOfCard(card) : -1;
  if (index < 0) throw new TypeError(`not a card: ${String(card)}`);
  return SORTED_PLACE_BY_INDEX[index] as number;
}

/**
 * Low to high by rank, then suit; specials at their rank (Dog and Phoenix first). Distinct cards are
 * sorted by setting their places in the sorted deck as bits (two 28-bit words) and reading them back.
 */
export function sortCards(cards: readonly Card[]): Card[] {
  let previous = -1;
  let sorted = true;
  let twice = false;
  let lo = 0;
  let hi = 0;
  for (let i = 0; i < cards.length; i++) {
    const place = sortedPlace(cards[i] as Card);
    if (place < previous) sorted = false;
    previous = place;
    if (place < 28) {
      if ((lo >> place) & 1) twice = true;
      lo |= 1 << place;
    } else {
      if ((hi >> (place - 28)) & 1) twice = true;
      hi |= 1 << (place - 28);
    }
  }
  if (sorted) return cards.slice();
  if (twice) {
    const keyed = cards.map((card) => ({ card, place: sortedPlace(card) }));
    keyed.sort((a, b) => a.place - b.place);
    return keyed.map((k) => k.card);
  }
  const out: Card[] = [];
  while (lo !== 0) {
    const bit = lo & -lo;
    out.push(SORTED_DECK[31 - Math.clz32(bit)] as Card);
    lo ^= bit;
  }
  while (hi !== 0) {
    const bit = hi & -hi;
    out.push(SORTED_DECK[59 - Math.clz32(bit)] as Card);
    hi ^= bit;
  }
  return out;
}

/** What was wrong with a typed card, with what a sentence about it needs (in any language). */
export type CardProblem =
  | { readonly kind: 'empty' }
  | { readonly kind: 'suit'; readonly raw: string }
  | { readonly kind: 'rank'; readonly raw: string }
  | { readonly kind: 'twice'; readonly card: Card };

/** `reason` says `problem` in English (for logs, scenarios and tests). */
export type CardParseError = {
  readonly code: 'bad_card';
  readonly text: string;
  readonly problem: CardProblem;
  readonly reason: string;
};

/** A card problem in English words. */
export function cardProblemText(problem: CardProblem): string {
  switch (problem.kind) {
    case 'empty':
      return 'empty card';
    case 'suit':
      return `unknown suit in "${problem.raw}": use jd (jade), sw (sword), pg (pagoda) or st (star)`;
    case 'rank':
      return `unknown rank in "${problem.raw}": use 2-10, J, Q, K or A`;
    case 'twice':
      return `${problem.card} is listed twice`;
  }
}

function badCard(text: string, problem: CardProblem): CardParseError {
  return { code: 'bad_card', text, problem, reason: cardProblemText(problem) };
}

const ALIASES: Readonly<Record<string, Card>> = {
  mahjong: 'mahjong',
  mj: 'mahjong',
  '1': 'mahjong',
  dog: 'dog',
  phoenix: 'phoenix',
  ph: 'phoenix',
  dragon: 'dragon',
  dr: 'dragon',
};

/** Parses one card in docs/RULES.md notation; accepts the short aliases and any letter case. */
export function parseCard(text: string): Result<Card, CardParseError> {
  const raw = text.trim().toLowerCase();
  const special = ALIASES[raw];
  if (special) return ok(special);
  const match = /^(10|t|[2-9jqka])(jd|sw|pg|st)$/.exec(raw);
  if (!match) return err(badCard(text, explainBadCard(raw)));
  const rank = match[1] === 't' ? '10' : (match[1] as string).toUpperCase();
  return ok(`${rank}${match[2]}` as Card);
}

function explainBadCard(raw: string): CardProblem {
  if (raw === '') return { kind: 'empty' };
  const suit = raw.slice(-2);
  if (!(SUITS as readonly string[]).includes(suit)) return { kind: 'suit', raw };
  return { kind: 'rank', raw };
}

export function formatCard(card: Card): string {
  return card;
}

/** Parses a list separated by spaces or commas; refuses duplicates. */
export function parseCards(text: string): Result<Card[], CardParseError> {
  const parts = text.split(/[\s,]+/).filter((part) => part !== '');
  const cards: Card[] = [];
  for (const part of parts) {
    const parsed = parseCard(part);
    if (!parsed.ok) return parsed;
    if (cards.includes(parsed.value)) {
      return err(badCard(text, { kind: 'twice', card: parsed.value }));
    }
    cards.push(parsed.value);
  }
  return ok(cards);
}

export function formatCards(cards: readonly Card[]): string {
  return cards.join(' ');
}
