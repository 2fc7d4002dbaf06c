/** Deutsche Texte: commands. */
import type { commands as en } from '../en/commands.js';
import type { Texts } from './texts.js';

export const commands: Texts<typeof en> = {};
