/** src/discord/cardImages.ts: the 56 card PNGs by card, each with its content hash, for the emoji upload. */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cardImagePath, loadCardImage, loadCardImages } from '../../src/discord/cardImages.js';
import { DECK } from '../../src/engine/index.js';

describe('card images', () => {
  it('finds a PNG for every card', () => {
    for (const card of DECK) {
      expect(cardImagePath(card)).toMatch(new RegExp(`assets/cards/png/${card}\\.png$`));
      expect(existsSync(cardImagePath(card)), card).toBe(true);
    }
  });

  it('loads all 56 in deck order with the sha256 of their bytes', () => {
    const images = loadCardImages();
    expect([...images.keys()]).toEqual(DECK);
    for (const [card, image] of images) {
      expect(image.card).toBe(card);
      expect(image.png.equals(readFileSync(cardImagePath(card)))).toBe(true);
      expect(image.sha256).toBe(createHash('sha256').update(image.png).digest('hex'));
      expect(image.sha256).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(new Set([...images.values()].map((i) => i.sha256)).size).toBe(56);
  });

  it('loads one card alone', () => {
    expect(loadCardImage('dragon').sha256).toBe(loadCardImages().get('dragon')?.sha256);
  });
});
