/** Deutsche Texte: table. */
import type { table as en } from '../en/table.js';
import type { Texts } from './texts.js';

export const table: Texts<typeof en> = {};
