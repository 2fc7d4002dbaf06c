/**
 * The rank glyphs of the card faces, drawn as strokes (no font is needed to render them).
 * Each glyph is a centre line in a box 100 units high; drawn with a round-capped stroke of
 * `GLYPH_STROKE` (centre lines kept 9 units inside) its ink fills the box from y 0 to y 100.
 */

/** The stroke width the glyph centre lines are designed for, in glyph units. */
export const GLYPH_STROKE = 18;

export interface Glyph {
  /** Advance width in glyph units (ink included). */
  readonly width: number;
  /** SVG path data of the centre line. */
  readonly d: string;
}

/** A circle as path data (two arcs), so a glyph stays one path. */
function circle(cx: number, cy: number, r: number): string {
  return ellipse(cx, cy, r, r);
}

function ellipse(cx: number, cy: number, rx: number, ry: number): string {
  return `M${cx - rx} ${cy}A${rx} ${ry} 0 1 0 ${cx + rx} ${cy}A${rx} ${ry} 0 1 0 ${cx - rx} ${cy}Z`;
}

/** The characters a rank is written with: 1-9, 0 (for 10), J, Q, K, A. */
export const GLYPHS: Readonly<Record<string, Glyph>> = {
  '1': { width: 44, d: 'M9 27L33 9V91' },
  '2': { width: 64, d: 'M9 30C9 3 55 3 55 29C55 51 24 66 9 91H56' },
  '3': { width: 64, d: 'M9 19C17 4 54 2 54 28C54 42 42 49 28 49C44 49 55 58 55 71C55 98 15 98 8 80' },
  '4': { width: 64, d: 'M42 91V9L9 64H56' },
  '5': { width: 64, d: 'M53 9H17L13 45C25 37 55 37 55 64C55 96 17 98 8 82' },
  '6': { width: 64, d: `M51 15C40 5 9 6 9 58V68${circle(32, 68, 23)}` },
  '7': { width: 64, d: 'M9 9H55L25 91' },
  '8': { width: 64, d: `${circle(32, 29, 20)}${circle(32, 70, 21.5)}` },
  '9': { width: 64, d: `${circle(32, 32, 23)}M55 32V42C55 94 24 95 11 85` },
  '0': { width: 64, d: ellipse(32, 50, 23, 41) },
  J: { width: 60, d: 'M22 9H48V64C48 97 9 97 9 70' },
  Q: { width: 68, d: `${ellipse(34, 48, 25, 39)}M40 70L59 91` },
  K: { width: 64, d: 'M9 9V91M55 9L11 58M27 41L56 91' },
  A: { width: 68, d: 'M9 91L34 9L59 91M19 64H49' },
};

/** Space between two glyphs of one rank ("10"), in glyph units. */
export const GLYPH_GAP = 6;

/** The glyphs of a rank written out ("10" is two), with the x offset of each. */
export function layoutRank(text: string): { width: number; parts: { x: number; glyph: Glyph }[] } {
  const parts: { x: number; glyph: Glyph }[] = [];
  let x = 0;
  for (const ch of text) {
    const glyph = GLYPHS[ch];
    if (!glyph) throw new Error(`no glyph for "${ch}"`);
    if (parts.length > 0) x += GLYPH_GAP;
    parts.push({ x, glyph });
    x += glyph.width;
  }
  return { width: x, parts };
}
