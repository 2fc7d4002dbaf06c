/** Deutsche Texte: refusals. */
import type { refusals as en } from '../en/refusals.js';
import type { Texts } from './texts.js';

export const refusals: Texts<typeof en> = {};
