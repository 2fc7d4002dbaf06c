/** Turn timers as players read them: the setting, deadlines as Discord timestamps, and what a timeout did. */
import type { PublicAction, TableRecord, TurnTimer } from '../app/tableService.js';
import { type Combo, readCombos, type Seat } from '../engine/index.js';
import { type Lang, t } from '../i18n/index.js';
import { comboLabel, rankLabel } from './cardText.js';
import { seatName } from './names.js';

/** "2 minutes a decision" ("2 Minuten pro Entscheidung"), without the clock. */
function timerName(timer: TurnTimer, lang: Lang): string {
  return t(lang, `table.timer.${timer}`);
}

/** "⏱️ 2 minutes a decision", for the house-rules line (and a command's answer). */
export function timerWords(timer: TurnTimer, lang: Lang): string {
  return `⏱️ ${timerName(timer, lang)}`;
}

/**
 * A moment as a Discord relative timestamp (`<t:UNIX:R>`): every client shows it as a live
 * countdown ("in 2 minutes") in the reader's own time. Rounded down to its second: a 30 s clock
 * reads "in 30 seconds", not 31, and a countdown never promises time that is not there.
 */
export function relativeTime(atMs: number): string {
  return `<t:${Math.floor(atMs / 1000)}:R>`;
}

/** "⏰ **Ben** ran out of time: passed", one line per seat of the table's last timeout. */
export function timeoutLines(table: TableRecord, lang: Lang): string[] {
  return (table.notice?.moves ?? []).map((m) =>
    t(lang, 'table.timeout', {
      name: seatName(table, m.seat as Seat, lang),
      action: actionWords(table, m.action, lang),
    }),
  );
}

/** What was done for a seat, in words everyone may read (an exchange names no cards). */
export function actionWords(table: TableRecord, action: PublicAction, lang: Lang): string {
  switch (action.type) {
    case 'pass':
      return t(lang, 'table.action.passed');
    case 'play': {
      const combos = readCombos(action.cards);
      const combo = combos.find((c: Combo) => c.phoenixAs === action.phoenixAs) ?? combos[0];
      return combo
        ? t(lang, 'table.action.playedCombo', { combo: comboLabel(combo, lang) })
        : t(lang, 'table.action.played');
    }
    case 'grandTichu':
      return t(lang, 'table.action.noGrandTichu');
    case 'exchange':
      return t(lang, 'table.action.exchanged');
    case 'wish':
      return action.rank === null
        ? t(lang, 'table.action.noWish')
        : t(lang, 'table.action.wished', { rank: rankLabel(action.rank) });
    case 'giveDragon':
      return t(lang, 'table.action.gaveDragon', { name: seatName(table, action.to, lang) });
    default:
      return t(lang, 'table.action.calledTichu');
  }
}
