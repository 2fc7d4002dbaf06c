/** Deutsche Texte: panel. */
import type { panel as en } from '../en/panel.js';
import type { Texts } from './texts.js';

export const panel: Texts<typeof en> = {};
