/**
 * Cards as small integers, for the hot paths (enumeration, apply). Not part of the public surface.
 * A card's index is its place in DECK: normal cards (rank - 2) × 4 + suit index (jd, sw, pg, st),
 * then 52 the Mah Jong, 53 the Dog, 54 the Phoenix, 55 the Dragon. Reading the card's text (its
 * first and last character) is several times faster than a Map look-up by the string.
 */

const RANK_TEXT = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'] as const;
const SUIT_TEXT = ['jd', 'sw', 'pg', 'st'] as const;

export const MAHJONG_INDEX = 52;
export const DOG_INDEX = 53;
export const PHOENIX_INDEX = 54;
export const DRAGON_INDEX = 55;

/** The 56 cards' texts by index: the same strings, in the same order, as DECK. */
export const CARD_TEXT: readonly string[] = (() => {
  const texts: string[] = [];
  for (const rank of RANK_TEXT) for (const suit of SUIT_TEXT) texts.push(`${rank}${suit}`);
  texts.push('mahjong', 'dog', 'phoenix', 'dragon');
  return texts;
})();

const RANK_OF_FIRST = new Int8Array(128);
const SUIT_OF_LAST = new Int8Array(128);
RANK_TEXT.forEach((text, i) => {
  RANK_OF_FIRST[text.charCodeAt(0)] = i + 2;
});
SUIT_TEXT.forEach((text, i) => {
  SUIT_OF_LAST[text.charCodeAt(1)] = i;
});

/** The card's index (0..55), or -1 for any string that is not a card. */
export function indexOfCard(value: string): number {
  const n = value.length;
  if (n === 0) return -1;
  const first = value.charCodeAt(0);
  const rank = first < 128 ? (RANK_OF_FIRST[first] as number) : 0;
  let index: number;
  if (rank !== 0) {
    const last = value.charCodeAt(n - 1);
    index = (rank - 2) * 4 + (last < 128 ? (SUIT_OF_LAST[last] as number) : 0);
  } else if (n === 7)
    index = first === 109 ? MAHJONG_INDEX : PHOENIX_INDEX; // 109: 'm'
  else if (n === 3) index = DOG_INDEX;
  else index = DRAGON_INDEX;
  return CARD_TEXT[index] === value ? index : -1;
}

/** The rank of a card by index: 2..14 normal, 1 the Mah Jong, 15 the Dragon, 0 the Dog and Phoenix. */
export const RANK_BY_INDEX: readonly number[] = CARD_TEXT.map((_, i) =>
  i < 52 ? (i >> 2) + 2 : i === MAHJONG_INDEX ? 1 : i === DRAGON_INDEX ? 15 : 0,
);
