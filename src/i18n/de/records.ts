/** Deutsche Texte: records. */
import type { records as en } from '../en/records.js';
import type { Texts } from './texts.js';

export const records: Texts<typeof en> = {};
