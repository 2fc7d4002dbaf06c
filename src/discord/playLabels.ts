/** Labels for plays offered to a player (the combo they would make on the current table). */
import type { Action, SeatView } from '../engine/index.js';
import type { Lang } from '../i18n/index.js';
import { cardText, comboLabel, inHandOrder } from './cardText.js';
import { comboOfPlay } from './playMenu.js';

/** "pair 7 (Phoenix as 7)" in `lang`, as text (it labels buttons and autocomplete choices). */
export function comboLabelFor(view: SeatView, play: Extract<Action, { type: 'play' }>, lang: Lang): string {
  const top = view.trick?.plays.at(-1)?.combo ?? null;
  const combo = comboOfPlay(play, top) ?? comboOfPlay(play, null);
  return combo
    ? comboLabel(combo, lang)
    : inHandOrder(play.cards)
        .map((card) => cardText(card, lang))
        .join(' ');
}
