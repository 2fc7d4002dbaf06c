/**
 * Substitutes, the list of tables and idle lobbies as players see them: the **Take seat** buttons on
 * the table message, the request message and who it asks, the list's rows and paging ids, and the
 * message of a lobby that closed itself.
 */
import { describe, expect, it } from 'vitest';
import type { SeatAsked, TableList, TableRecord } from '../../src/app/tableService.js';
import { parseId } from '../../src/discord/customIds.js';
import { listId, parseListId, renderList } from '../../src/discord/renderList.js';
import { renderTable } from '../../src/discord/renderTable.js';
import { renderRequest, seatArg } from '../../src/discord/seatRequests.js';
import { EN_TEXT } from '../../src/discord/ui.js';
import { DEFAULT_SETTINGS, newMatch, publicView } from '../../src/engine/index.js';
import { playingTable, RECORD_USERS } from '../support/records.js';
import { interactive, v2Parts } from '../support/tableParts.js';

const [P0, P1, P2] = RECORD_USERS as [string, string, string, string];
const STRANGER = '300000000000000009';

/** P1 away, a hard bot in seat 3 (index 3). */
function withOpenSeats(status: TableRecord['status'] = 'playing'): TableRecord {
  const table = playingTable(DEFAULT_SETTINGS);
  const seats = [...table.seats];
  seats[1] = { kind: 'user', userId: P1, name: 'P1', away: true };
  seats[3] = { kind: 'bot', level: 'hard' };
  return { ...table, status, seats: seats as never };
}

function buttons(payload: { components: Array<Record<string, unknown>> }) {
  return interactive(payload.components) as Array<{ label?: string; custom_id?: string }>;
}

describe('the table message', () => {
  it('offers "Take seat" for each away or bot seat while a match is on, never in the lobby or when over', () => {
    const view = publicView(newMatch(DEFAULT_SETTINGS, 'seats-seed'));
    const take = (t: TableRecord) =>
      buttons(renderTable({ table: t, view }, EN_TEXT)).filter((b) => b.label?.startsWith('Take seat'));
    expect(take(withOpenSeats()).map((b) => [b.label, b.custom_id && parseId(b.custom_id)?.args])).toEqual([
      ['Take seat 2', ['1']],
      ['Take seat 4', ['3']],
    ]);
    expect(take(withOpenSeats('paused'))).toHaveLength(2);
    expect(take(playingTable(DEFAULT_SETTINGS))).toEqual([]);
    expect(take(withOpenSeats('finished'))).toEqual([]);
    expect(take({ ...withOpenSeats('lobby') })).toEqual([]);
  });

  it('says why a lobby closed by itself, and has no buttons', () => {
    const lobby: TableRecord = {
      ...playingTable(DEFAULT_SETTINGS),
      status: 'abandoned',
      matchId: null,
      deadline: { at: 5, key: 'idle' },
    };
    const payload = renderTable({ table: lobby, view: null }, EN_TEXT);
    expect(v2Parts(payload.components).description).toContain(
      'Closed: nobody touched this lobby for 24 hours.',
    );
    expect(interactive(payload.components)).toEqual([]);
    const byHost = v2Parts(
      renderTable({ table: { ...lobby, deadline: null }, view: null }, EN_TEXT).components,
    );
    expect(byHost.description).toContain('This table was closed.');
  });
});

describe('a request to take a seat', () => {
  const asked = (table: TableRecord, approvers: string[]): SeatAsked => ({
    table,
    approvers,
    request: {
      tableId: table.id,
      matchId: 1,
      seat: 1,
      userId: STRANGER,
      name: 'Eve',
      nonce: 'lzx1',
      approvals: [],
      createdAt: 1,
    },
  });

  it('names the seat and mentions the host; its buttons carry the seat and the request’s nonce', () => {
    const payload = renderRequest(asked(withOpenSeats(), [P0]), 12, 'en');
    expect(payload.content).toBe(
      `🙋 **Eve** asks to take seat 2 (P1, away) at this table.\n<@${P0}>: approve with one click, or decline.`,
    );
    expect(buttons(payload).map((b) => [b.label, parseId(b.custom_id as string)])).toEqual([
      ['Approve', { verb: 'seatok', tableId: 'abcd1234', version: 12, args: ['1', 'lzx1'] }],
      ['Decline', { verb: 'seatno', tableId: 'abcd1234', version: 12, args: ['1', 'lzx1'] }],
    ]);
  });

  it('with the host away, mentions everyone who must approve', () => {
    const payload = renderRequest(asked(withOpenSeats(), [P0, P2]), 3, 'en');
    expect(payload.content).toContain(`The host is away: <@${P0}> and <@${P2}> must each approve`);
  });

  it('reads a seat from a custom id strictly: one digit, else left for the service to refuse', () => {
    expect(seatArg('2')).toBe(2);
    expect(seatArg('')).toBe('');
    expect(seatArg('12')).toBe('12');
    expect(seatArg(undefined)).toBeUndefined();
  });
});

describe('the list of tables', () => {
  const lobby: TableRecord = {
    ...playingTable(DEFAULT_SETTINGS),
    id: 'lobby001',
    channelId: '200000000000000002',
    status: 'lobby',
    matchId: null,
    seats: [{ kind: 'user', userId: P0, name: 'P0' }, null, { kind: 'bot', level: 'easy' }, null],
  };
  const paused = { ...withOpenSeats('paused'), channelId: '200000000000000003' };
  const view = {
    ...publicView(newMatch(DEFAULT_SETTINGS, 'list-seed')),
    scores: [350, 200] as [number, number],
  };

  it('links each channel, names the players, shows the score and the time waited', () => {
    const list: TableList = {
      page: 0,
      pages: 1,
      total: 2,
      mine: false,
      rows: [
        { table: paused, view, activeAt: 1_700_000_000_000 },
        { table: lobby, view: null, activeAt: 1_699_000_000_000 },
      ],
    };
    const embed = renderList(list, 'en').embeds[0] as { description: string; title: string };
    expect(embed.title).toBe('Tichu tables on this server');
    expect(embed.description.split('\n')).toEqual([
      '⏸️ <#200000000000000003> · 350 — 200 (to 1000), hand 1 · P0, P1 (away), P2, Bot 4 · paused <t:1700000000:R>',
      '🪑 <#200000000000000002> · lobby, 2/4 seated: P0, Bot 3 · waiting since <t:1699000000:R>',
    ]);
    expect(renderList(list, 'en').components).toEqual([]);
  });

  it('pages with ◀ and ▶, whose ids carry the page and whose tables (never who asks)', () => {
    const list: TableList = { page: 1, pages: 3, total: 25, mine: true, rows: [] };
    const payload = renderList(list, 'en');
    const [previous, next] = buttons(payload);
    expect(parseListId(previous?.custom_id as string)).toEqual({ page: 0, mine: true });
    expect(parseListId(next?.custom_id as string)).toEqual({ page: 2, mine: true });
    expect((payload.embeds[0] as { description: string }).description).toBe(
      'You are not seated at any table on this server.',
    );
    expect(listId(4, false, 'n')).toBe('tl:4:a:n');
    for (const junk of ['tl:x:a:n', 'tl:1:b:n', 'tl:1:a', 'lb:1:a:n', 'tl:12345:a:p'])
      expect(parseListId(junk), junk).toBeNull();
  });
});
