/**
 * The card faces as PNG files (assets/cards/png/<card>.png, 128 x 128, drawn by `npm run cards`),
 * for uploading as the application's card emoji. Plain file reads: no renderer, no discord.js.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Card, DECK } from '../engine/index.js';

/** The folder of the 56 card PNGs. */
export const CARD_IMAGE_DIR = fileURLToPath(new URL('../../assets/cards/png/', import.meta.url));

/** One card's picture: the PNG bytes and their sha256 (hex), which changes whenever the art does. */
export interface CardImage {
  readonly card: Card;
  readonly png: Buffer;
  readonly sha256: string;
}

/** The path of a card's PNG. */
export function cardImagePath(card: Card, dir: string = CARD_IMAGE_DIR): string {
  return join(dir, `${card}.png`);
}

/** Reads one card's PNG and hashes it. */
export function loadCardImage(card: Card, dir: string = CARD_IMAGE_DIR): CardImage {
  const png = readFileSync(cardImagePath(card, dir));
  return { card, png, sha256: createHash('sha256').update(png).digest('hex') };
}

/** All 56 card pictures, keyed by card, in deck order (throws if a file is missing). */
export function loadCardImages(dir: string = CARD_IMAGE_DIR): Map<Card, CardImage> {
  return new Map(DECK.map((card) => [card, loadCardImage(card, dir)]));
}
