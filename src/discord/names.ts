/** Player names for seats, as shown at the table. */

import type { TableRecord } from '../app/tableService.js';
import type { Seat, Settings } from '../engine/index.js';
import { type Lang, plural, t } from '../i18n/index.js';
import type { TextContext } from './refusalText.js';

/**
 * A seat's player: the person's name, "Bot 3", or "Seat 3" ("Platz 3") when empty, in the
 * reader's language.
 */
export function seatName(table: TableRecord, seat: Seat, lang: Lang): string {
  const occupant = table.seats[seat];
  if (!occupant) return t(lang, 'table.name.seat', { seat: seat + 1 });
  return occupant.kind === 'bot' ? t(lang, 'table.name.bot', { seat: seat + 1 }) : occupant.name;
}

/** The names a refusal needs, in the reader's language. */
export function textContext(table: TableRecord, lang: Lang): TextContext {
  return { seatName: (seat) => seatName(table, seat, lang) };
}

export function teamNames(table: TableRecord, team: 0 | 1, lang: Lang): string {
  return `${seatName(table, team as Seat, lang)} & ${seatName(table, (team + 2) as Seat, lang)}`;
}

/** Each team's colour, as on the table message: team A (seats 1 and 3), team B (seats 2 and 4). */
export const TEAM_MARK = ['🟦', '🟧'] as const;

/**
 * What a match plays to: "(to 1000)", or for an event's table, which ends after a number of hands
 * whatever the score, "(4 hands)".
 */
export function goalWords(settings: Settings, lang: Lang): string {
  return settings.handLimit === null
    ? t(lang, 'table.score.to', { target: settings.targetScore })
    : plural(lang, 'table.score.hands', settings.handLimit);
}

/** "🟦 **Ann & Cat** 400 — 215 **Ben & Dan** 🟧  (to 1000)". */
export function scoreLine(table: TableRecord, scores: readonly [number, number], lang: Lang): string {
  const to = goalWords(table.settings, lang);
  return `${TEAM_MARK[0]} **${teamNames(table, 0, lang)}** ${scores[0]} — ${scores[1]} **${teamNames(table, 1, lang)}** ${TEAM_MARK[1]}  ${to}`;
}
