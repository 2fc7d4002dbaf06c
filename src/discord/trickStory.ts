/**
 * A finished hand's plays for its summary: one line per trick, in the words of the table's trick
 * log and of /history (playWords.ts). Combos are told in words only ("pair 7", "Dragon"), never by
 * card symbols: when the summary is posted the cards are dealt again, and a card's symbol in a
 * public message would read as a card of the new hands. Passes are left out (the table showed
 * them; /history keeps them).
 */
import type { GameEvent, Seat } from '../engine/index.js';
import { type Lang, t } from '../i18n/index.js';
import { comboWords, rankLabel } from './cardText.js';
import { dogWords, outMark, playWords, takenWords } from './playWords.js';

/**
 * "• Ann: pair 7 · Ben: pair 9 · 🏁 out #1 → Ben takes the trick (10 points)", a line per trick in
 * order, from the hand's events (those after its end, the next hand's start, are not its own).
 */
export function trickStory(events: readonly GameEvent[], name: (seat: Seat) => string, lang: Lang): string[] {
  const lines: string[] = [];
  let trick: string[] = [];
  const close = (end: string | null) => {
    if (trick.length > 0) lines.push(`• ${trick.join(' · ')}${end === null ? '' : ` ${end}`}`);
    trick = [];
  };
  for (let i = 0; i < events.length; i++) {
    const event = events[i] as GameEvent;
    if (event.type === 'handEnded') break;
    if (event.type === 'played') {
      const told = laterOfPlay(events, i);
      const out = told.find((e) => e.type === 'wentOut' && e.seat === event.seat);
      const mark = out?.type === 'wentOut' ? outMark(out.place, lang) : '';
      const dog = told.find((e) => e.type === 'leadPassedByDog');
      const combo = comboWords(event.combo, lang);
      trick.push(
        dog?.type === 'leadPassedByDog' && event.combo.type === 'dog'
          ? `${dogWords(name(event.seat), name(dog.to), combo, lang)}${mark}`
          : `${playWords(name(event.seat), combo, lang, event.outOfTurn)}${mark}`,
      );
      // The Dog leaves the table at once (no trick is won by it): its line ends there, so the
      // partner's lead after it starts a trick of its own.
      if (dog?.type === 'leadPassedByDog' && event.combo.type === 'dog') close(null);
    } else if (event.type === 'wishMade') {
      trick.push(
        event.rank === null
          ? t(lang, 'rec.log.wishNothing', { name: name(event.seat) })
          : t(lang, 'rec.log.wish', { name: name(event.seat), rank: rankLabel(event.rank) }),
      );
    } else if (event.type === 'trickWon') close(takenWords(event.trick, name, lang));
  }
  // A double victory leaves its trick on the table, taken by nobody.
  close(null);
  return lines;
}

/** The events a play caused (up to the next play): whether its player went out, where the Dog sent the lead. */
function laterOfPlay(events: readonly GameEvent[], at: number): GameEvent[] {
  const later: GameEvent[] = [];
  for (let i = at + 1; i < events.length; i++) {
    const event = events[i] as GameEvent;
    if (event.type === 'played') break;
    later.push(event);
  }
  return later;
}
