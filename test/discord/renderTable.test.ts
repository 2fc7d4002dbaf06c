/** The public table message names each bot's level beside its seat, in the lobby and in play. */
import { describe, expect, it } from 'vitest';
import type { TableRecord } from '../../src/app/tableService.js';
import { renderTable } from '../../src/discord/renderTable.js';
import { EN_TEXT } from '../../src/discord/ui.js';
import { DEFAULT_SETTINGS, newMatch, publicView } from '../../src/engine/index.js';
import { playingTable, RECORD_USERS } from '../support/records.js';
import { field, v2Parts } from '../support/tableParts.js';

function withBots(status: TableRecord['status']): TableRecord {
  const table = playingTable(DEFAULT_SETTINGS);
  return {
    ...table,
    status,
    seats: [
      table.seats[0],
      { kind: 'bot', level: 'easy' },
      { kind: 'user', userId: RECORD_USERS[2] as string, name: 'P2' },
      { kind: 'bot', level: 'hard' },
    ],
  };
}

function seatsField(table: TableRecord, started: boolean): string {
  const view = started ? publicView(newMatch(DEFAULT_SETTINGS, 'render-seed')) : null;
  return field(v2Parts(renderTable({ table, view }, EN_TEXT).components), 'Seats') ?? '';
}

describe('the table message and bot levels', () => {
  it('shows each bot with its level in the lobby', () => {
    expect(seatsField(withBots('lobby'), false).split('\n')).toEqual([
      '🟦 1. P0 (host)',
      '🟧 2. Bot 2 (easy)',
      '🟦 3. P2',
      '🟧 4. Bot 4 (hard)',
    ]);
  });

  it('keeps showing it while the match is played', () => {
    const lines = seatsField(withBots('playing'), true).split('\n');
    expect(lines[1]).toMatch(/^🟧 2\. Bot 2 \(easy\) — 8 cards/);
    expect(lines[3]).toMatch(/^🟧 4\. Bot 4 \(hard\) — 8 cards/);
  });
});
