/** Labels for plays offered to a player (the combo they would make on the current table). */
import { type Action, readCombos, type SeatView } from '../engine/index.js';
import { cardsLabel, comboLabel } from './cardText.js';

export function comboLabelFor(view: SeatView, play: Extract<Action, { type: 'play' }>): string {
  const top = view.trick?.plays.at(-1)?.combo ?? null;
  const combo =
    readCombos(play.cards, top).find((c) => c.phoenixAs === play.phoenixAs) ?? readCombos(play.cards)[0];
  return combo ? comboLabel(combo) : cardsLabel(play.cards);
}
