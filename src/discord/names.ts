/** Player names for seats, as shown at the table. */

import type { TableRecord } from '../app/tableService.js';
import type { Seat } from '../engine/index.js';
import type { TextContext } from './refusalText.js';

export function seatName(table: TableRecord, seat: Seat): string {
  const occupant = table.seats[seat];
  if (!occupant) return `Seat ${seat + 1}`;
  return occupant.kind === 'bot' ? `Bot ${seat + 1}` : occupant.name;
}

export function textContext(table: TableRecord): TextContext {
  return { seatName: (seat) => seatName(table, seat) };
}

export function teamNames(table: TableRecord, team: 0 | 1): string {
  return `${seatName(table, team as Seat)} & ${seatName(table, (team + 2) as Seat)}`;
}

/** Each team's colour, as on the table message: team A (seats 1 and 3), team B (seats 2 and 4). */
export const TEAM_MARK = ['🟦', '🟧'] as const;

/** "🟦 **Ann & Cat** 400 — 215 **Ben & Dan** 🟧  (to 1000)". */
export function scoreLine(table: TableRecord, scores: readonly [number, number], target: number): string {
  return `${TEAM_MARK[0]} **${teamNames(table, 0)}** ${scores[0]} — ${scores[1]} **${teamNames(table, 1)}** ${TEAM_MARK[1]}  (to ${target})`;
}
