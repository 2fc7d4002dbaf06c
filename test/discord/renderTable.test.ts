/** The public table message names each bot's level beside its seat, in the lobby and in play. */
import { describe, expect, it } from 'vitest';
import type { TableRecord } from '../../src/app/tableService.js';
import { renderTable } from '../../src/discord/renderTable.js';
import { EN_TEXT } from '../../src/discord/ui.js';
import { DEFAULT_SETTINGS, newMatch, publicView } from '../../src/engine/index.js';
import { stateAfter } from '../support/panelCheck.js';
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

describe('the table message says what it waits for', () => {
  const text = (table: TableRecord, view: ReturnType<typeof publicView> | null) =>
    JSON.stringify(renderTable({ table, view }, EN_TEXT));

  it('a full lobby waits for the host’s Start, not for players', () => {
    const full = withBots('lobby');
    expect(text(full, null)).toContain('All four seats are taken: the host starts the match with **Start**.');
    const open = { ...full, seats: [full.seats[0], null, full.seats[2], null] } as TableRecord;
    expect(text(open, null)).toContain('Waiting for players: join a seat, then the host starts.');
  });

  it('in the exchange, a bot beside a person is said to pass after them, until they have called or passed', () => {
    const table = playingTable(DEFAULT_SETTINGS);
    const mixed: TableRecord = {
      ...table,
      seats: [
        table.seats[0],
        table.seats[1],
        { kind: 'bot', level: 'normal' },
        { kind: 'bot', level: 'hard' },
      ],
    };
    let state = newMatch(DEFAULT_SETTINGS, 'render-seed');
    for (const seat of [0, 1, 2, 3] as const)
      state = stateAfter(state, seat, { type: 'grandTichu', call: false });
    expect(text(mixed, publicView(state))).toContain(
      'Exchange: 0/4 have chosen their cards. Waiting for P0, P1, Bot 3, Bot 4. Bot 3 passes after P0, who may call Tichu first. Bot 4 passes after P1, who may call Tichu first.',
    );
    const called = stateAfter(state, 0, { type: 'tichu' });
    const shown = text(mixed, publicView(called));
    expect(shown).not.toContain('Bot 3 passes after');
    expect(shown).toContain('Bot 4 passes after P1');
  });
});
