/**
 * `npm run cards` (first half): draws the 56 card faces as SVG into assets/cards/svg/<card>.svg.
 * A square 128 x 128 canvas, transparent around a card with the rank on top and the suit symbol
 * below, both in the suit's colour; the specials show a symbol of their own. Deterministic: the same
 * code writes the same bytes (test/cards checks the committed files against it).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Card, cardSuit, DECK, type Special, SUIT_NAMES } from '../../src/engine/index.js';
import { GLYPH_STROKE, layoutRank } from './glyphs.js';
import { SUIT_COLOURS, specialSymbol, suitSymbol } from './symbols.js';

/** The canvas side in pixels (and SVG units). */
export const CARD_SIZE = 128;
/** Where the SVGs are kept, from the repository root. */
export const SVG_DIR = join(fileURLToPath(new URL('../../', import.meta.url)), 'assets', 'cards', 'svg');

const r2 = (x: number) => String(Math.round(x * 100) / 100);

const CARD_RECT = { x: 10.5, y: 2.5, width: 107, height: 123, rx: 14, border: 5 };
const NORMAL_FACE = { fill: '#ffffff' };
const SPECIAL_FACE = { fill: '#fff3d1', border: '#c9961a' };

function cardRect(fill: string, border: string): string {
  const { x, y, width, height, rx } = CARD_RECT;
  return `<rect x="${x}" y="${y}" width="${width}" height="${height}" rx="${rx}" fill="${fill}" stroke="${border}" stroke-width="${CARD_RECT.border}"/>`;
}

/** A rank written in stroked glyphs, `height` pixels high, centred on `cx`, its top at `top`. */
function rankMarkup(text: string, colour: string, cx: number, top: number, height: number): string {
  const { width, parts } = layoutRank(text);
  const scale = height / 100;
  const left = cx - (width * scale) / 2;
  const paths = parts.map(({ x, glyph }) =>
    x === 0 ? `<path d="${glyph.d}"/>` : `<path transform="translate(${x} 0)" d="${glyph.d}"/>`,
  );
  return [
    `<g transform="translate(${r2(left)} ${r2(top)}) scale(${r2(scale)})" fill="none" stroke="${colour}"`,
    ` stroke-width="${GLYPH_STROKE}" stroke-linecap="round" stroke-linejoin="round">`,
    ...paths,
    '</g>',
  ].join('');
}

/** A symbol (100 x 100 box) scaled to `size` pixels, centred on `cx`, its top at `top`. */
function symbolMarkup(markup: string, cx: number, top: number, size: number): string {
  return `<g transform="translate(${r2(cx - size / 2)} ${r2(top)}) scale(${r2(size / 100)})">${markup}</g>`;
}

const MID = CARD_RECT.x + CARD_RECT.width / 2;
const RANK = { top: 9, height: 62 };
const SYMBOL = { top: 76, size: 45 };

function faceOf(card: Card): string {
  const suit = cardSuit(card);
  if (suit) {
    const colour = SUIT_COLOURS[suit];
    return [
      cardRect(NORMAL_FACE.fill, colour),
      rankMarkup(card.slice(0, -2), colour, MID, RANK.top, RANK.height),
      symbolMarkup(suitSymbol(suit), MID, SYMBOL.top, SYMBOL.size),
    ].join('');
  }
  const special = card as Special;
  const frame = cardRect(SPECIAL_FACE.fill, SPECIAL_FACE.border);
  if (special === 'mahjong') {
    return [
      frame,
      rankMarkup('1', '#1f2328', MID, RANK.top, RANK.height),
      symbolMarkup(specialSymbol(special), MID, SYMBOL.top, SYMBOL.size),
    ].join('');
  }
  return [frame, symbolMarkup(specialSymbol(special), MID, 20, 88)].join('');
}

const RANK_WORDS: Readonly<Record<string, string>> = { J: 'Jack', Q: 'Queen', K: 'King', A: 'Ace' };
const SPECIAL_TITLES: Readonly<Record<Special, string>> = {
  mahjong: 'Mah Jong',
  dog: 'Dog',
  phoenix: 'Phoenix',
  dragon: 'Dragon',
};

/** The card's name, as the SVG's title (its alternative text). */
function titleOf(card: Card): string {
  const suit = cardSuit(card);
  if (!suit) return SPECIAL_TITLES[card as Special];
  const rank = card.slice(0, -2);
  const name = SUIT_NAMES[suit];
  return `${RANK_WORDS[rank] ?? rank} of ${name.charAt(0).toUpperCase()}${name.slice(1)}`;
}

/** The SVG document of one card face. */
export function cardSvg(card: Card): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_SIZE}" height="${CARD_SIZE}" viewBox="0 0 ${CARD_SIZE} ${CARD_SIZE}">`,
    `<title>${titleOf(card)}</title>`,
    faceOf(card),
    '</svg>\n',
  ].join('');
}

/** Every card's SVG, in deck order. */
export function allCardSvgs(): Map<Card, string> {
  return new Map(DECK.map((card) => [card, cardSvg(card)]));
}

/** Writes every card's SVG into `dir`. */
export function writeCardSvgs(dir: string = SVG_DIR): void {
  mkdirSync(dir, { recursive: true });
  for (const [card, svg] of allCardSvgs()) writeFileSync(join(dir, `${card}.svg`), svg);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeCardSvgs();
  console.log(`wrote ${DECK.length} card faces to ${SVG_DIR}`);
}
