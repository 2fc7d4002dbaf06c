/** Which message a click may change (src/discord/door/claims.ts), case by case. */
import { describe, expect, it } from 'vitest';
import { type Claim, type ClickedMessage, claimOf, customIdsOf } from '../../src/discord/door/claims.js';

const T = 'abcd1234';
const U = 'wxyz9876';
const ANN = '100000000000000001';
const BEN = '100000000000000002';

const row = (...ids: string[]) => ({ type: 1, components: ids.map((custom_id) => ({ type: 2, custom_id })) });

/** A message of the bot's: public, or private to `reader`. */
function message(ids: string[][], reader: string | null = null): ClickedMessage {
  return {
    flags: reader === null ? 0 : 64,
    components: ids.map((r) => row(...r)),
    ...(reader === null ? {} : { interactionMetadata: { user: { id: reader } } }),
  };
}

const TABLE_MESSAGE = message([[`hand:${T}:7`], [`take:${T}:7:2`, `take:${T}:7:3`]]);
const LOBBY = message([[`join:${T}:0`, `leave:${T}:0`, `start:${T}:0`]]);
const PANEL = message([[`pick:${T}:7`], [`pass:${T}:7`, `tichu:${T}:7`, `hand:${T}:7`]], ANN);
const WAITING_PANEL = message([[`hand:${T}:7`]], ANN);
const REQUEST = message([[`seatok:${T}:7:2:n0nce1`, `seatno:${T}:7:2:n0nce1`]]);
const BOARD = message([[`lb:rating:0:p`, `lb:rating:1:n`], [`lb:wins:0:s`]], ANN);
const LIST = message([[`tl:0:a:p`, `tl:1:a:n`]], ANN);
const EVENT = message([[`ev:in:${T}`, `ev:out:${T}`, `ev:start:${T}`]]);
const RUNNING_EVENT = message([[`ev:close:${T}`]]);
const PAIR_REQUEST = message([[`ev:pairok:${T}:${ANN}:${BEN}`]]);
const SPENT_PUBLIC = message([]);
const RETIRED_PANEL = message([], ANN);

describe('claimOf', () => {
  it.each<[string, string, ClickedMessage, string, Claim]>([
    // A real click: the id is on the message.
    ['My hand on the table message', `hand:${T}:7`, TABLE_MESSAGE, ANN, 'own'],
    ['Join on the lobby', `join:${T}:0`, LOBBY, BEN, 'own'],
    ['a play on its panel', `pass:${T}:7`, PANEL, ANN, 'own'],
    ['Approve on its request', `seatok:${T}:7:2:n0nce1`, REQUEST, BEN, 'own'],
    ['a leaderboard page', 'lb:wins:0:s', BOARD, ANN, 'own'],
    ['a table list page', 'tl:1:a:n', LIST, ANN, 'own'],
    ['Check in on the event message', `ev:in:${T}`, EVENT, BEN, 'own'],
    ['Start that raced the event starting', `ev:start:${T}`, RUNNING_EVENT, ANN, 'own'],
    ['Accept on a request to play as a pair', `ev:pairok:${T}:${ANN}:${BEN}`, PAIR_REQUEST, BEN, 'own'],
    ['Accept of another event', `ev:pairok:${U}:${ANN}:${BEN}`, PAIR_REQUEST, BEN, 'foreign'],
    // An event's buttons belong to its message only.
    ['Check in of another event', `ev:in:${U}`, EVENT, BEN, 'foreign'],
    ['Check in on the table message', `ev:in:${T}`, TABLE_MESSAGE, BEN, 'foreign'],
    ['Close round on a panel', `ev:close:${T}`, PANEL, ANN, 'foreign'],
    ['My hand on the event message', `hand:${T}:7`, EVENT, BEN, 'foreign'],
    // A click that raced an edit: same home and table, another version.
    ['Join of the lobby the match replaced', `join:${T}:0`, message([[`join:${T}:3`]]), BEN, 'own'],
    ['a pass from an older version of the panel', `pass:${T}:6`, PANEL, ANN, 'own'],
    ['a play on a panel showing only Refresh', `pass:${T}:6`, WAITING_PANEL, ANN, 'own'],
    ['Bomb! on a panel', `hand:${T}:7:bomb`, PANEL, ANN, 'own'],
    ['a retired panel of the clicker', `pass:${T}:6`, RETIRED_PANEL, ANN, 'own'],
    ['Leave that raced a match with no seat to take', `leave:${T}:0`, message([[`hand:${T}:7`]]), BEN, 'own'],
    [
      'Take seat that raced the last open seat going',
      `take:${T}:7:2`,
      message([[`hand:${T}:8`]]),
      BEN,
      'own',
    ],
    // Forged: ids of another home, table or request.
    ['a leaderboard id on the table message', 'lb:rating:0:x', TABLE_MESSAGE, BEN, 'foreign'],
    ['a table list id on the table message', 'tl:0:a:x', TABLE_MESSAGE, BEN, 'foreign'],
    ['a withdraw on the table message', `seatno:${T}:7:2:n0nce1`, TABLE_MESSAGE, BEN, 'foreign'],
    ['a pass on the table message', `pass:${T}:7`, TABLE_MESSAGE, ANN, 'foreign'],
    ['Bomb! on the table message', `hand:${T}:7:bomb`, TABLE_MESSAGE, ANN, 'foreign'],
    ['Join of another table', `join:${U}:0`, LOBBY, BEN, 'foreign'],
    ['My hand of another table', `hand:${U}:7`, TABLE_MESSAGE, BEN, 'foreign'],
    ['another request on a request', `seatno:${T}:7:3:other1`, REQUEST, BEN, 'foreign'],
    ['Join on a request', `join:${T}:7`, REQUEST, BEN, 'foreign'],
    ['a table button on a panel', `take:${T}:7:2`, PANEL, ANN, 'foreign'],
    ['a table button on a panel showing only Refresh', `join:${T}:7`, WAITING_PANEL, ANN, 'foreign'],
    ['a table list id on a leaderboard', 'tl:0:a:x', BOARD, ANN, 'foreign'],
    [
      'a panel id on a public message that has one',
      `pass:${T}:7`,
      message([[`pass:${T}:7`]]),
      ANN,
      'foreign',
    ],
    ["someone else's panel", `pass:${T}:7`, PANEL, BEN, 'foreign'],
    ["someone else's leaderboard", 'lb:wins:0:s', BOARD, BEN, 'foreign'],
    // The bot's ids on a message whose buttons are gone.
    ['Approve on an answered request', `seatok:${T}:7:2:n0nce1`, SPENT_PUBLIC, BEN, 'spent'],
    ['Join on a public message without buttons', `join:${T}:0`, SPENT_PUBLIC, BEN, 'spent'],
    ['a leaderboard id on a private message without buttons', 'lb:rating:0:x', RETIRED_PANEL, ANN, 'spent'],
    // Not the bot's ids at all: nothing to update.
    ['an unknown verb', `steal:${T}:0`, TABLE_MESSAGE, BEN, 'unread'],
    ['free text', 'hello', TABLE_MESSAGE, BEN, 'unread'],
    ['an accept naming no one', `ev:pairok:${T}:ann:${BEN}`, PAIR_REQUEST, BEN, 'unread'],
    ['an accept with a round', `ev:pairok:${T}:1`, PAIR_REQUEST, BEN, 'unread'],
  ])('%s', (_name, customId, clicked, userId, claim) => {
    expect(claimOf({ customId, user: { id: userId }, message: clicked })).toBe(claim);
  });

  it('a click that names no message is foreign', () => {
    expect(claimOf({ customId: `hand:${T}:7`, user: { id: ANN }, message: null })).toBe('foreign');
  });

  it("flags as discord.js's BitField are read too", () => {
    const flags = { has: (bit: number) => bit === 64 };
    const clicked = { ...PANEL, flags };
    expect(claimOf({ customId: `pass:${T}:7`, user: { id: ANN }, message: clicked })).toBe('own');
    const shown = { ...PANEL, flags: { has: () => false } };
    expect(claimOf({ customId: `pass:${T}:7`, user: { id: ANN }, message: shown })).toBe('foreign');
  });
});

describe('customIdsOf', () => {
  it('finds ids in rows, containers, sections and labels, raw or as discord.js’s classes', () => {
    const components = [
      row('a'),
      {
        type: 17,
        components: [{ type: 9, components: [], accessory: { type: 2, custom_id: 'b' } }, row('c')],
      },
      { type: 18, component: { type: 4, custom_id: 'd' } },
      // discord.js's classes: `customId` and `components` as properties.
      { components: [{ customId: 'e' }, { customId: 'f' }] },
    ];
    expect(customIdsOf(components)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });
});
