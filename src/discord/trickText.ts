/** The trick on the table, told in full: every play and pass since the lead, compactly. */
import type { Play, PublicView, Seat } from '../engine/index.js';
import { type Lang, plural, t } from '../i18n/index.js';
import { comboLabel, playLabel } from './cardText.js';
import type { Ui } from './ui.js';

/** Discord's limit for an embed field's value. */
const FIELD_MAX = 1_024;

/** " · Ben, Cat pass" (or " · Ben passes"). */
function passes(names: readonly string[], lang: Lang): string {
  if (names.length === 0) return '';
  return ` · ${plural(lang, 'table.trick.passes', names.length, { names: names.join(', ') })}`;
}

/**
 * One line per play, each followed by the passes after it: "Ann: pair 7 (🔴7 🟢7) · Ben, Cat pass".
 * A very long trick keeps its latest plays and says how many earlier ones it left out. Null when
 * no trick is on the table.
 */
export function trickLines(view: PublicView, name: (seat: Seat) => string, ui: Ui): string | null {
  const trick = view.trick;
  if (!trick) return null;
  const plays: readonly Play[] = trick.plays;
  const lines = plays.map((play, i) => {
    const after = i + 1 < plays.length ? (plays[i + 1]?.passedBefore ?? []) : trick.passed;
    return `${name(play.seat)}: ${playLabel(play.combo, ui)}${passes(after.map(name), ui.lang)}`;
  });
  let text = lines.join('\n');
  for (let dropped = 1; text.length > FIELD_MAX && dropped < lines.length; dropped++)
    text = [plural(ui.lang, 'table.trick.earlier', dropped), ...lines.slice(dropped)].join('\n');
  return text;
}

/** "Ann took it with single A · 15 points" (and who the Dragon's trick was given to). Null before the first trick. */
export function lastTrickLine(view: PublicView, name: (seat: Seat) => string, lang: Lang): string | null {
  const last = view.lastTrick;
  if (!last) return null;
  const winning = last.plays.at(-1);
  const who = { name: name(last.winner), points: last.points };
  const took = winning
    ? t(lang, 'table.trick.tookWith', { ...who, combo: comboLabel(winning.combo, lang) })
    : t(lang, 'table.trick.took', who);
  const given =
    last.takenBy === last.winner ? '' : ` ${t(lang, 'table.trick.givenTo', { name: name(last.takenBy) })}`;
  return `${took}${given}`;
}
