/** The trick on the table, told in full: the Dog lead before it, every play and pass since the lead, compactly. */
import { isBomb, type Play, type PublicView, type Rank, type Seat } from '../engine/index.js';
import { type Lang, plural, t } from '../i18n/index.js';
import { comboLabel, comboWords, playLabel, rankLabel } from './cardText.js';
import { dogWords, outMark, playWords } from './playWords.js';
import type { Ui } from './ui.js';

/** Discord's limit for an embed field's value. */
const FIELD_MAX = 1_024;

/** " · Ben, Cat pass" (or " · Ben passes"; on the viewer's own panel " · You pass", not "You passes"). */
function passes(names: readonly string[], lang: Lang): string {
  if (names.length === 0) return '';
  if (names.length === 1 && names[0] === t(lang, 'panel.table.you'))
    return ` · ${t(lang, 'table.trick.passes_you')}`;
  return ` · ${plural(lang, 'table.trick.passes', names.length, { names: names.join(', ') })}`;
}

/**
 * One line per play, each followed by the passes after it: "Ann: pair 7 (🔴7 🟢7) · Ben, Cat pass".
 * A Dog lead before the trick comes first ("Ann: 🐕 Dog → the lead passes to Cat"), and a play that
 * was its player's last card(s) says so (" · 🏁 out #1"). A very long trick keeps its latest plays
 * and says how many earlier ones it left out. Null when nothing is on the table.
 */
export function trickLines(view: PublicView, name: (seat: Seat) => string, ui: Ui): string | null {
  const lines: string[] = [];
  const trick = view.trick;
  const plays: readonly Play[] = trick?.plays ?? [];
  if (view.dogLead) {
    const { from, to } = view.dogLead;
    const dog = playLabel({ type: 'dog', cards: ['dog'], rank: 0 }, ui);
    // The Dog was its player's last card if they are out and played nothing since.
    const place = plays.some((p) => p.seat === from) ? -1 : view.out.indexOf(from);
    const mark = place < 0 ? '' : outMark(place + 1, ui.lang);
    lines.push(`${dogWords(name(from), name(to), dog, ui.lang)}${mark}`);
  }
  plays.forEach((play, i) => {
    const after = i + 1 < plays.length ? (plays[i + 1]?.passedBefore ?? []) : (trick?.passed ?? []);
    const out = wentOutWith(view, plays, i);
    const mark = out === null ? '' : outMark(out, ui.lang);
    // While the wish is open it has a line of its own (the panel's, the table message's field).
    const wished =
      play.combo.cards.includes('mahjong') && view.wish === null ? wishedWords(trick?.wished, ui.lang) : '';
    // A bomb stands out in the trick: it may have come out of turn, and it takes the trick over.
    const bomb = isBomb(play.combo) ? '💣 ' : '';
    lines.push(
      `${bomb}${playWords(name(play.seat), playLabel(play.combo, ui), ui.lang)}${mark}${wished}${passes(after.map(name), ui.lang)}`,
    );
  });
  if (lines.length === 0) return null;
  let text = lines.join('\n');
  for (let dropped = 1; text.length > FIELD_MAX && dropped < lines.length; dropped++)
    text = [plural(ui.lang, 'table.trick.earlier', dropped), ...lines.slice(dropped)].join('\n');
  return text;
}

/** " · wish: 8" (or " · no wish") after the Mah Jong's play once met, for its trick's life; '' before it is named. */
function wishedWords(wished: Rank | null | undefined, lang: Lang): string {
  if (wished === undefined) return '';
  return ` · ${wished === null ? t(lang, 'table.trick.noWish') : t(lang, 'table.trick.wished', { rank: rankLabel(wished) })}`;
}

/**
 * The place out of the player of `plays[i]` if that play was their last card(s), else null. A seat
 * that is out plays nothing more, so its last play in the trick on the table is the one it went out with.
 */
function wentOutWith(view: PublicView, plays: readonly Play[], i: number): number | null {
  const seat = (plays[i] as Play).seat;
  const place = view.out.indexOf(seat);
  if (place < 0) return null;
  return plays.slice(i + 1).some((later) => later.seat === seat) ? null : place + 1;
}

/**
 * "Last play: Cat: single A · 🏁 out #3": the play that ended the last hand, shown until the new
 * hand's first trick is taken (the deal that follows it at once would otherwise hide it). In words
 * only: its cards are in the new hands now.
 */
export function endingLine(view: PublicView, name: (seat: Seat) => string, lang: Lang): string | null {
  const ending = view.lastEnding;
  const hand = view.history.at(-1);
  if (!ending || !hand || ending.number !== hand.number) return null;
  const sameHand = view.handNumber === ending.number;
  if (!sameHand && view.lastTrick !== null) return null;
  const { seat, combo } = ending;
  const words = combo === null ? t(lang, 'card.dog') : comboWords(combo, lang);
  const place = hand.out.indexOf(seat);
  const mark = place < 0 ? '' : outMark(place + 1, lang);
  return t(lang, 'table.trick.lastPlay', {
    play: `${playWords(name(seat), words, lang)}${mark}`,
  });
}

/**
 * "Ann took it with single A · 15 points" (and who the Dragon's trick was given to); the reader's
 * own trick, when `reader` is given, in the second person ("You took the trick with …"). Null
 * before the first trick.
 */
export function lastTrickLine(
  view: PublicView,
  name: (seat: Seat) => string,
  lang: Lang,
  reader?: Seat,
): string | null {
  const last = view.lastTrick;
  if (!last) return null;
  const winning = last.plays.at(-1);
  const who = { name: name(last.winner), points: last.points };
  const yours = last.winner === reader;
  const took = winning
    ? t(lang, yours ? 'panel.youTookWith' : 'table.trick.tookWith', {
        ...who,
        combo: comboLabel(winning.combo, lang),
      })
    : t(lang, yours ? 'panel.youTook' : 'table.trick.took', who);
  const given =
    last.takenBy === last.winner ? '' : ` ${t(lang, 'table.trick.givenTo', { name: name(last.takenBy) })}`;
  return `${took}${given}`;
}
