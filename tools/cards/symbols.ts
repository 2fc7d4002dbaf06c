/**
 * The pictures on the card faces: one symbol per suit and one per special card, each SVG markup
 * in a 100 x 100 box. Our own simple shapes, bold enough to read at emoji size.
 */
import type { Special, Suit } from '../../src/engine/index.js';

/** The colour of each suit: its rank and symbol are drawn in it. */
export const SUIT_COLOURS: Readonly<Record<Suit, string>> = {
  jd: '#12924a',
  sw: '#1f2328',
  pg: '#1d5bd6',
  st: '#d92323',
};

const r2 = (x: number) => String(Math.round(x * 100) / 100);

/** A regular star's outline: `points` tips at radius `outer`, the notches at `inner`. */
function star(cx: number, cy: number, outer: number, inner: number, points: number): string {
  const corners: string[] = [];
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const angle = (Math.PI * i) / points - Math.PI / 2;
    corners.push(`${r2(cx + r * Math.cos(angle))},${r2(cy + r * Math.sin(angle))}`);
  }
  return corners.join(' ');
}

/** Jade: a cut gem, its top facet lighter. */
function jade(colour: string): string {
  return [
    `<path d="M24 12H76L97 38L50 94L3 38Z" fill="${colour}"/>`,
    '<path d="M24 12H76L97 38H3Z" fill="#ffffff" fill-opacity="0.35"/>',
    '<path d="M33 38L50 12L67 38L50 94Z" fill="#ffffff" fill-opacity="0.22"/>',
  ].join('');
}

/** Sword: a straight blade with a cross-guard, grip and pommel. */
function sword(colour: string): string {
  return [
    `<g fill="${colour}">`,
    '<path d="M50 0L63 15V64H37V15Z"/>',
    '<rect x="14" y="60" width="72" height="15" rx="7.5"/>',
    '<rect x="41" y="72" width="18" height="17"/>',
    '<circle cx="50" cy="90" r="10"/>',
    '</g>',
  ].join('');
}

/** Pagoda: two upturned roofs over a hall with a door. */
function pagoda(colour: string): string {
  return [
    `<g fill="${colour}">`,
    '<rect x="46" y="0" width="8" height="16"/>',
    '<path d="M50 10C44 24 30 31 6 32L14 42H86L94 32C70 31 56 24 50 10Z"/>',
    '<rect x="28" y="40" width="44" height="14"/>',
    '<path d="M50 46C40 60 22 66 0 67L8 78H92L100 67C78 66 60 60 50 46Z"/>',
    '<path d="M16 76H84V100H58V86A8 8 0 0 0 42 86V100H16Z"/>',
    '</g>',
  ].join('');
}

/** Star: a five-pointed star. */
function starSymbol(colour: string): string {
  return `<polygon points="${star(50, 54, 50, 21, 5)}" fill="${colour}"/>`;
}

/** The symbol of a suit in its colour. */
export function suitSymbol(suit: Suit): string {
  const colour = SUIT_COLOURS[suit];
  if (suit === 'jd') return jade(colour);
  if (suit === 'sw') return sword(colour);
  if (suit === 'pg') return pagoda(colour);
  return starSymbol(colour);
}

/** Colours of the special cards: the ink of their symbol. */
export const SPECIAL_COLOURS: Readonly<Record<Special, string>> = {
  mahjong: '#b4530f',
  dog: '#6b4423',
  phoenix: '#e05a00',
  dragon: '#c2122a',
};

/** Mah Jong: a sparrow. */
function sparrow(colour: string): string {
  return [
    `<g fill="${colour}">`,
    '<path d="M30 52L2 40L10 64Z"/>',
    '<ellipse cx="44" cy="62" rx="32" ry="24" transform="rotate(-12 44 62)"/>',
    '<circle cx="72" cy="38" r="17"/>',
    '<path d="M86 30L100 39L86 46Z"/>',
    '</g>',
    '<circle cx="76" cy="35" r="4" fill="#ffffff"/>',
    '<path d="M24 58C36 52 52 54 60 66C48 72 34 70 24 58Z" fill="#ffffff" fill-opacity="0.35"/>',
    `<path d="M38 84V97M52 84V97" stroke="${colour}" stroke-width="5" stroke-linecap="round"/>`,
  ].join('');
}

/** Dog: a paw print. */
function paw(colour: string): string {
  return [
    `<g fill="${colour}">`,
    '<path d="M50 48C62 48 84 70 84 84C84 96 72 98 62 96C56 95 44 95 38 96C28 98 16 96 16 84C16 70 38 48 50 48Z"/>',
    '<ellipse cx="12" cy="46" rx="10" ry="13" transform="rotate(-20 12 46)"/>',
    '<ellipse cx="34" cy="20" rx="11" ry="15" transform="rotate(-8 34 20)"/>',
    '<ellipse cx="66" cy="20" rx="11" ry="15" transform="rotate(8 66 20)"/>',
    '<ellipse cx="88" cy="46" rx="10" ry="13" transform="rotate(20 88 46)"/>',
    '</g>',
  ].join('');
}

/** Phoenix: a bird with raised, flame-tipped wings over a flaming tail. */
function phoenix(colour: string): string {
  const wings =
    'M46 60C28 62 8 50 2 10L16 22L14 4L28 20L30 4L40 24C46 36 48 48 48 58Z' +
    'M54 60C72 62 92 50 98 10L84 22L86 4L72 20L70 4L60 24C54 36 52 48 52 58Z';
  return [
    `<path d="${wings}" fill="#f5a300"/>`,
    '<path d="M50 60C40 70 30 84 20 98C34 90 42 88 50 80C58 88 66 90 80 98C70 84 60 70 50 60Z" fill="#d92323"/>',
    `<g fill="${colour}">`,
    '<ellipse cx="50" cy="54" rx="11" ry="21"/>',
    '<circle cx="50" cy="27" r="11"/>',
    '<path d="M44 19L39 2L50 13L61 2L56 19Z"/>',
    '</g>',
    '<path d="M46 31L50 41L54 31Z" fill="#ffd23f"/>',
  ].join('');
}

/** Dragon: a horned head in profile with a spiked neck. */
function dragon(colour: string): string {
  const head =
    'M96 100L74 74L56 68L12 78L10 70L40 60L6 54L10 42L40 34L52 22L74 2L68 28L86 30L80 42L98 46L88 56L100 66L92 74Z';
  return [
    `<path d="${head}" fill="${colour}" stroke="${colour}" stroke-width="3" stroke-linejoin="round"/>`,
    '<circle cx="48" cy="40" r="5.5" fill="#ffd23f"/>',
    '<path d="M60 26L70 10L66 30Z" fill="#ffd23f"/>',
  ].join('');
}

/** The symbol of a special card. */
export function specialSymbol(card: Special): string {
  const colour = SPECIAL_COLOURS[card];
  if (card === 'mahjong') return sparrow(colour);
  if (card === 'dog') return paw(colour);
  if (card === 'phoenix') return phoenix(colour);
  return dragon(colour);
}
