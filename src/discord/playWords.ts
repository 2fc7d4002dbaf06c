/**
 * The words for plays, one wording wherever a play is told: the table message's trick log, the hand
 * summary and /history. Each function takes the combo already written (with its cards, or in words
 * only once a hand is over: `comboWords`), so every place says the same sentence around it.
 */
import type { CompletedTrick, Seat } from '../engine/index.js';
import { type Lang, t } from '../i18n/index.js';

/** "Ann: pair 7 (🔴7 🟢7)", "Dan (out of turn): bomb: four 9s (…)". */
export function playWords(name: string, combo: string, lang: Lang, outOfTurn = false): string {
  return t(lang, outOfTurn ? 'rec.log.playedOutOfTurn' : 'rec.log.played', { name, combo });
}

/** " · 🏁 out #2": the play was its player's last card(s). */
export function outMark(place: number, lang: Lang): string {
  return ` · ${t(lang, 'table.trick.outMark', { place })}`;
}

/**
 * "Ann: 🐕 Dog → the lead passes to Cat" (`dog`: the Dog as the place shows it); to the viewer on
 * their own panel "… to you" ("… geht an dich", not "an Du").
 */
export function dogWords(from: string, to: string, dog: string, lang: Lang): string {
  if (to === t(lang, 'panel.table.you')) return t(lang, 'table.trick.dog_you', { name: from, dog });
  return t(lang, 'table.trick.dog', { name: from, dog, to });
}

/**
 * "→ Ben takes the trick (10 points)"; a Dragon trick given away says who gave it to whom, and
 * nothing else: the one who takes it is the one it was given to.
 */
export function takenWords(trick: CompletedTrick, name: (seat: Seat) => string, lang: Lang): string {
  if (trick.takenBy !== trick.winner)
    return t(lang, 'rec.log.dragon', {
      from: name(trick.winner),
      to: name(trick.takenBy),
      points: trick.points,
    });
  return t(lang, 'rec.log.trick', { name: name(trick.winner), points: trick.points });
}
