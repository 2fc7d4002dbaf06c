/** The trick on the table, told in full: every play and pass since the lead, compactly. */
import type { Play, PublicView, Seat } from '../engine/index.js';
import { comboLabel, playLabel } from './cardText.js';
import { EN_TEXT } from './ui.js';

/** Discord's limit for an embed field's value. */
const FIELD_MAX = 1_024;

/** "Ben, Cat pass" (or "Ben passes"). */
function passes(names: readonly string[]): string {
  if (names.length === 0) return '';
  return ` · ${names.join(', ')} ${names.length === 1 ? 'passes' : 'pass'}`;
}

/**
 * One line per play, each followed by the passes after it: "Ann: pair 7 (🔴7 🟢7) · Ben, Cat pass".
 * A very long trick keeps its latest plays and says how many earlier ones it left out. Null when
 * no trick is on the table.
 */
export function trickLines(view: PublicView, name: (seat: Seat) => string): string | null {
  const trick = view.trick;
  if (!trick) return null;
  const plays: readonly Play[] = trick.plays;
  const lines = plays.map((play, i) => {
    const after = i + 1 < plays.length ? (plays[i + 1]?.passedBefore ?? []) : trick.passed;
    return `${name(play.seat)}: ${playLabel(play.combo, EN_TEXT)}${passes(after.map(name))}`;
  });
  let text = lines.join('\n');
  for (let dropped = 1; text.length > FIELD_MAX && dropped < lines.length; dropped++)
    text = [`… ${dropped} earlier play${dropped === 1 ? '' : 's'}`, ...lines.slice(dropped)].join('\n');
  return text;
}

/** "Ann took it with single A · 15 points" (and who the Dragon's trick was given to). Null before the first trick. */
export function lastTrickLine(view: PublicView, name: (seat: Seat) => string): string | null {
  const t = view.lastTrick;
  if (!t) return null;
  const winning = t.plays.at(-1);
  const how = winning ? ` with ${comboLabel(winning.combo, 'en')}` : '';
  const given = t.takenBy === t.winner ? '' : ` (given to ${name(t.takenBy)})`;
  return `${name(t.winner)} took it${how} · ${t.points} points${given}`;
}
