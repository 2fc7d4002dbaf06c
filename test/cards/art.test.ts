/**
 * The card art (tools/cards, `npm run cards`): the generator is deterministic and the committed SVGs
 * are exactly what it draws now (so nobody edits the art by hand or forgets to re-run it); one SVG
 * and one PNG per card of the engine's deck, all different; every PNG a 128 x 128 image small
 * enough for a Discord emoji. The PNGs are not re-rendered here (rasterisers differ by platform).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DECK } from '../../src/engine/index.js';
import { allCardSvgs, SVG_DIR } from '../../tools/cards/draw.js';

const ROOT = join(import.meta.dirname, '..', '..');
const PNG_DIR = join(ROOT, 'assets', 'cards', 'png');
const EMOJI_LIMIT = 256 * 1024;
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/** Width and height from a PNG's IHDR chunk, after checking the signature and chunk name. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(png.readUInt32BE(8)).toBe(13);
  expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe('card art', () => {
  it('draws the same SVGs every time', () => {
    expect(allCardSvgs()).toEqual(allCardSvgs());
  });

  it('the committed SVGs are what the generator draws now (run `npm run cards` after changing it)', () => {
    for (const [card, svg] of allCardSvgs()) {
      expect(readFileSync(join(SVG_DIR, `${card}.svg`), 'utf8'), card).toBe(svg);
    }
  });

  it('needs no font: ranks are paths, never text', () => {
    for (const svg of allCardSvgs().values()) expect(svg).not.toMatch(/<text|font-/);
  });

  it('has one SVG and one PNG per card of the deck, all different', () => {
    const expected = (ext: string) => DECK.map((card) => `${card}.${ext}`).sort();
    expect(DECK).toHaveLength(56);
    expect(readdirSync(SVG_DIR).sort()).toEqual(expected('svg'));
    expect(readdirSync(PNG_DIR).sort()).toEqual(expected('png'));
    const svgs = new Set(DECK.map((card) => sha256(readFileSync(join(SVG_DIR, `${card}.svg`)))));
    const pngs = new Set(DECK.map((card) => sha256(readFileSync(join(PNG_DIR, `${card}.png`)))));
    expect(svgs.size).toBe(56);
    expect(pngs.size).toBe(56);
  });

  it('every PNG is a 128 x 128 image under Discord emoji limit of 256 KiB', () => {
    for (const card of DECK) {
      const png = readFileSync(join(PNG_DIR, `${card}.png`));
      expect(pngSize(png), card).toEqual({ width: 128, height: 128 });
      expect(png.length, card).toBeLessThan(EMOJI_LIMIT);
    }
  });

  it('the README sheet exists', () => {
    const sheet = readFileSync(join(ROOT, 'docs', 'cards.png'));
    expect(pngSize(sheet).width).toBeGreaterThan(1000);
  });
});
