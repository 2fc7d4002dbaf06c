/**
 * `npm run cards` (second half): renders assets/cards/svg/<card>.svg to 128 x 128 PNGs in
 * assets/cards/png/ (the bot's card emoji) and the whole set to one sheet, docs/cards.png, for the
 * README: specials in the first column, then 2..A, one suit per row, on Discord's dark background,
 * and under it a sample hand at the sizes Discord shows emoji (48 px alone, 22 px in a line).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';
import { type Card, RANK_NAMES, SPECIALS, SUITS } from '../../src/engine/index.js';
import { CARD_SIZE, SVG_DIR } from './draw.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PNG_DIR = join(ROOT, 'assets', 'cards', 'png');
const SHEET = join(ROOT, 'docs', 'cards.png');

function toPng(svg: string): Buffer {
  const resvg = new Resvg(svg, { font: { loadSystemFonts: false } });
  return resvg.render().asPng();
}

function svgOf(card: Card): string {
  return readFileSync(join(SVG_DIR, `${card}.svg`), 'utf8');
}

/** A card's drawing without its <svg> wrapper, placed at (x, y) and scaled to `size` pixels. */
function placed(card: Card, x: number, y: number, size: number): string {
  const svg = svgOf(card);
  const inner = svg.slice(svg.indexOf('>') + 1, svg.lastIndexOf('</svg>'));
  return `<g transform="translate(${x} ${y}) scale(${size / CARD_SIZE})">${inner}</g>`;
}

/** The grid rows: each suit's row starts with one special, then the ranks 2..A. */
function sheetRows(): Card[][] {
  return SUITS.map((suit, row) => [
    SPECIALS[row] as Card,
    ...RANK_NAMES.map((rank) => `${rank}${suit}` as Card),
  ]);
}

const SAMPLE_HAND: Card[] = [
  'mahjong',
  '2sw',
  '3jd',
  '5st',
  '7pg',
  '8pg',
  '10jd',
  'Jst',
  'Qsw',
  'Kst',
  'Apg',
  'dog',
  'phoenix',
  'dragon',
];

function sheetSvg(): string {
  const pad = 16;
  const cell = 96;
  const rowGap = 8;
  const rows = sheetRows();
  const parts: string[] = [];
  rows.forEach((cards, r) => {
    cards.forEach((card, c) => {
      parts.push(placed(card, pad + c * cell, pad + r * (cell + rowGap), cell));
    });
  });
  let y = pad + rows.length * (cell + rowGap) + 8;
  SAMPLE_HAND.forEach((card, i) => {
    parts.push(placed(card, pad + i * 50, y, 48));
  });
  y += 48 + 12;
  SAMPLE_HAND.forEach((card, i) => {
    parts.push(placed(card, pad + i * 24, y, 22));
  });
  y += 22 + pad;
  const width = pad * 2 + 14 * cell;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${y}" viewBox="0 0 ${width} ${y}">`,
    `<rect width="${width}" height="${y}" rx="12" fill="#313338"/>`,
    ...parts,
    '</svg>',
  ].join('');
}

mkdirSync(PNG_DIR, { recursive: true });
let total = 0;
for (const card of sheetRows().flat()) {
  const png = toPng(svgOf(card));
  total += png.length;
  writeFileSync(join(PNG_DIR, `${card}.png`), png);
}
writeFileSync(SHEET, toPng(sheetSvg()));
console.log(`rendered 56 PNGs (${total} bytes) to ${PNG_DIR} and the sheet to ${SHEET}`);
