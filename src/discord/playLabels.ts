/** Labels for plays offered to a player (the combo they would make on the current table). */
import type { Action, SeatView } from '../engine/index.js';
import { cardsLabel, comboLabel } from './cardText.js';
import { comboOfPlay } from './playMenu.js';
import { EN_TEXT } from './ui.js';

export function comboLabelFor(view: SeatView, play: Extract<Action, { type: 'play' }>): string {
  const top = view.trick?.plays.at(-1)?.combo ?? null;
  const combo = comboOfPlay(play, top) ?? comboOfPlay(play, null);
  return combo ? comboLabel(combo, 'en') : cardsLabel(play.cards, EN_TEXT);
}
