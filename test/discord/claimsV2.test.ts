/**
 * The door's claim check on the table message in Components V2 (src/discord/door/claims.ts): its
 * buttons, in rows inside the container and beside the seats' texts, are the message's own; ids
 * of other homes or tables forged onto it are foreign, and one of the bot's ids on the private
 * copy is read the same way.
 */
import { describe, expect, it } from 'vitest';
import type { TableRecord } from '../../src/app/tableService.js';
import { IS_COMPONENTS_V2 } from '../../src/discord/componentsV2.js';
import { type ClickedMessage, claimOf, customIdsOf } from '../../src/discord/door/claims.js';
import { renderTable } from '../../src/discord/renderTable.js';
import { EN_TEXT } from '../../src/discord/ui.js';
import { DEFAULT_SETTINGS, newMatch, publicView } from '../../src/engine/index.js';
import { playingTable } from '../support/records.js';

const ANN = '100000000000000001';
const BEN = '100000000000000002';

/** A playing table (abcd1234) with a bot in seat 2 and seat 4 away: two Take seat sections. */
function openTable(status: TableRecord['status'] = 'playing'): TableRecord {
  const table = playingTable(DEFAULT_SETTINGS);
  const seats = [...table.seats];
  seats[1] = { kind: 'bot', level: 'normal' };
  seats[3] = { kind: 'user', userId: '300000000000000003', name: 'P3', away: true };
  return { ...table, status, seats: seats as never };
}

const state = newMatch(DEFAULT_SETTINGS, 'claims-v2');
const V = state.version;

function tableMessage(table: TableRecord, reader: string | null = null): ClickedMessage {
  const payload = renderTable({ table, view: table.status === 'lobby' ? null : publicView(state) }, EN_TEXT);
  return {
    flags: payload.flags | (reader === null ? 0 : 64),
    components: payload.components,
    ...(reader === null ? {} : { interactionMetadata: { user: { id: reader } } }),
  };
}

describe('claims on a V2 table message', () => {
  const playing = tableMessage(openTable());

  it('finds the buttons in the container and beside the seats', () => {
    expect(playing.flags).toBe(IS_COMPONENTS_V2);
    expect(customIdsOf(playing.components)).toEqual([
      `take:abcd1234:${V}:1`,
      `take:abcd1234:${V}:3`,
      `hand:abcd1234:${V}`,
    ]);
  });

  it.each([
    ['My hand', `hand:abcd1234:${V}`],
    ['Take seat beside seat 2', `take:abcd1234:${V}:1`],
    ['Take seat beside seat 4', `take:abcd1234:${V}:3`],
    // A click that raced an edit: same table, another version.
    ['My hand of another version', `hand:abcd1234:${V + 1}`],
  ])('%s is its own', (_name, customId) => {
    expect(claimOf({ customId, user: { id: BEN }, message: playing })).toBe('own');
  });

  it('its lobby buttons and its private copy are their own too', () => {
    const lobby = tableMessage({ ...openTable('lobby'), matchId: null });
    for (const verb of ['join', 'leave', 'start'])
      expect(claimOf({ customId: `${verb}:abcd1234:0`, user: { id: BEN }, message: lobby })).toBe('own');
    const copy = tableMessage(openTable(), ANN);
    expect(claimOf({ customId: `hand:abcd1234:${V}`, user: { id: ANN }, message: copy })).toBe('own');
  });

  it.each([
    ['a play of a panel', `pass:abcd1234:${V}`],
    ['Bomb! of a panel', `hand:abcd1234:${V}:bomb`],
    ['My hand of another table', `hand:wxyz9876:${V}`],
    ['Take seat of another table', `take:wxyz9876:${V}:1`],
    ['an answer to a seat request', `seatok:abcd1234:${V}:1:n0nce1`],
    ['a leaderboard page', 'lb:rating:0:x'],
    ['a table list page', 'tl:0:a:x'],
  ])('%s forged onto it is foreign', (_name, customId) => {
    expect(claimOf({ customId, user: { id: BEN }, message: playing })).toBe('foreign');
  });
});
