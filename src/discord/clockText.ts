/** Turn timers as players read them: the setting, deadlines as Discord timestamps, and what a timeout did. */
import type { PublicAction, TableRecord, TurnTimer } from '../app/tableService.js';
import { type Combo, readCombos, type Seat } from '../engine/index.js';
import { comboLabel, rankLabel } from './cardText.js';
import { seatName } from './names.js';

const TIMER_WORDS: Readonly<Record<TurnTimer, string>> = {
  off: 'no turn timer',
  '30s': '30 seconds a decision',
  '60s': '1 minute a decision',
  '2m': '2 minutes a decision',
  '5m': '5 minutes a decision',
};

/** "⏱️ 2 minutes a decision", for the house-rules line. */
export function timerWords(timer: TurnTimer): string {
  return `⏱️ ${TIMER_WORDS[timer]}`;
}

/** What the choices of `/table create timer:` and `/table timer` show. */
export function timerChoices(): Array<{ name: string; value: TurnTimer }> {
  return (Object.keys(TIMER_WORDS) as TurnTimer[]).map((value) => ({
    name: value === 'off' ? 'off: no turn timer' : `${value}: ${TIMER_WORDS[value]}`,
    value,
  }));
}

/**
 * A moment as a Discord relative timestamp (`<t:UNIX:R>`): every client shows it as a live
 * countdown ("in 2 minutes") in the reader's own time.
 */
export function relativeTime(atMs: number): string {
  return `<t:${Math.ceil(atMs / 1000)}:R>`;
}

/** "⏰ **Ben** ran out of time: passed", one line per seat of the table's last timeout. */
export function timeoutLines(table: TableRecord): string[] {
  return (table.notice?.moves ?? []).map(
    (m) => `⏰ **${seatName(table, m.seat as Seat)}** ran out of time: ${actionWords(table, m.action)}`,
  );
}

/** What was done for a seat, in words everyone may read (an exchange names no cards). */
export function actionWords(table: TableRecord, action: PublicAction): string {
  switch (action.type) {
    case 'pass':
      return 'passed';
    case 'play': {
      const combos = readCombos(action.cards);
      const combo = combos.find((c: Combo) => c.phoenixAs === action.phoenixAs) ?? combos[0];
      return combo ? `played ${comboLabel(combo, 'en')}` : 'played';
    }
    case 'grandTichu':
      return 'no Grand Tichu';
    case 'exchange':
      return 'cards passed for them';
    case 'wish':
      return action.rank === null ? 'no wish' : `wished for ${rankLabel(action.rank)}`;
    case 'giveDragon':
      return `gave the Dragon trick to ${seatName(table, action.to)}`;
    default:
      return 'called Tichu';
  }
}
