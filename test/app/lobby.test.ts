/** The lobby: opening a table, seats and teams, leaving, the host's controls and the start. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Actor } from '../../src/app/core.js';
import { DEFAULT_SETTINGS } from '../../src/engine/index.js';
import type { TableRecord } from '../../src/store/records.js';
import {
  ALICE,
  accepted,
  BOB,
  CAROL,
  CHANNEL,
  committedState,
  count,
  createFixture,
  type Fixture,
  GUILD,
  HOST,
  OTHER_CHANNEL,
  openLobby,
  refusal,
  STRANGER,
  USERS,
} from '../support/service.js';

let fx: Fixture;
beforeEach(() => {
  fx = createFixture();
});
afterEach(() => fx.cleanup());

const seated = (user: Actor) => ({ kind: 'user', userId: user.userId, name: user.name });
const BOT = { kind: 'bot', level: 'normal' };

function tableOf(id: string): TableRecord {
  return accepted(fx.service.tableView(id)).table;
}

describe('opening a table', () => {
  it('seats the host in seat 0 of a lobby with the default settings', () => {
    const table = accepted(fx.service.openTable({ guildId: GUILD, channelId: CHANNEL, host: HOST }));
    expect(table).toMatchObject({
      id: 't0000001',
      guildId: GUILD,
      channelId: CHANNEL,
      hostId: HOST.userId,
      messageId: null,
      status: 'lobby',
      settings: DEFAULT_SETTINGS,
      seating: 'chosen',
      matchId: null,
      pauseVotes: [],
      seats: [seated(HOST), null, null, null],
    });
    expect(count(fx.store, 'SELECT count(*) AS n FROM tables')).toBe(1);
    expect(fx.store.tables.get(table.id)).toEqual(table);
  });

  it('keeps the settings and seating the host chose', () => {
    const table = accepted(
      fx.service.openTable({
        guildId: GUILD,
        channelId: CHANNEL,
        host: HOST,
        settings: { targetScore: 500, wishOptional: false },
        seating: 'random',
      }),
    );
    expect(table.settings).toEqual({ ...DEFAULT_SETTINGS, targetScore: 500, wishOptional: false });
    expect(table.seating).toBe('random');
  });

  it('refuses a second active table in the same channel, naming the first', () => {
    const first = openLobby(fx);
    const second = fx.service.openTable({ guildId: GUILD, channelId: CHANNEL, host: ALICE });
    expect(refusal(second)).toEqual({ code: 'channel_has_table', tableId: first.id });
    expect(count(fx.store, 'SELECT count(*) AS n FROM tables')).toBe(1);
  });

  it('allows a table in another channel of the same server', () => {
    openLobby(fx);
    const other = fx.service.openTable({ guildId: GUILD, channelId: OTHER_CHANNEL, host: ALICE });
    expect(accepted(other).channelId).toBe(OTHER_CHANNEL);
  });

  it('allows a new table in the channel once the first was abandoned by its host', () => {
    const first = openLobby(fx, [HOST, ALICE]);
    accepted(fx.service.abandon(first.id, HOST));
    const second = accepted(fx.service.openTable({ guildId: GUILD, channelId: CHANNEL, host: ALICE }));
    expect(second.id).not.toBe(first.id);
    expect(tableOf(first.id).status).toBe('abandoned');
  });

  it('allows a new table in the channel once the first closed because its host left alone', () => {
    const first = openLobby(fx);
    expect(accepted(fx.service.leave(first.id, HOST)).status).toBe('abandoned');
    expect(accepted(fx.service.openTable({ guildId: GUILD, channelId: CHANNEL, host: ALICE })).hostId).toBe(
      ALICE.userId,
    );
  });

  it.each([
    ['server id', { guildId: 'guild' }],
    ['server id', { guildId: '1234' }],
    ['channel id', { channelId: '' }],
    ['channel id', { channelId: '2000000000000000011234' }],
    ['channel id', { channelId: '20000000000000000x' }],
    ['user id', { host: { userId: 'someone', name: 'X' } }],
    ['user id', { host: { userId: '-30000000000000000', name: 'X' } }],
  ])('refuses a malformed %s (%o) and writes nothing', (what, change) => {
    const outcome = fx.service.openTable({ guildId: GUILD, channelId: CHANNEL, host: HOST, ...change });
    expect(refusal(outcome)).toEqual({ code: 'malformed_id', what });
    expect(count(fx.store, 'SELECT count(*) AS n FROM tables')).toBe(0);
  });

  it.each([10, 1.5, 0, -100, 49, 10_001, Number.NaN])(
    'refuses target score %s as bad_settings',
    (targetScore) => {
      const outcome = fx.service.openTable({
        guildId: GUILD,
        channelId: CHANNEL,
        host: HOST,
        settings: { targetScore },
      });
      expect(refusal(outcome).code).toBe('bad_settings');
      expect(count(fx.store, 'SELECT count(*) AS n FROM tables')).toBe(0);
    },
  );

  it.each([50, 10_000])('accepts target score %s (the limits)', (targetScore) => {
    const table = accepted(
      fx.service.openTable({ guildId: GUILD, channelId: CHANNEL, host: HOST, settings: { targetScore } }),
    );
    expect(table.settings.targetScore).toBe(targetScore);
  });
});

describe('joining', () => {
  it('sits a newcomer in the first free seat', () => {
    const table = openLobby(fx);
    accepted(fx.service.join(table.id, ALICE, 3));
    expect(accepted(fx.service.join(table.id, BOB)).seats).toEqual([
      seated(HOST),
      seated(BOB),
      null,
      seated(ALICE),
    ]);
    expect(accepted(fx.service.join(table.id, CAROL)).seats[2]).toEqual(seated(CAROL));
  });

  it('sits a newcomer in the seat they chose', () => {
    const table = openLobby(fx);
    expect(accepted(fx.service.join(table.id, ALICE, 2)).seats).toEqual([
      seated(HOST),
      null,
      seated(ALICE),
      null,
    ]);
  });

  it('refuses a taken seat', () => {
    const table = openLobby(fx, [HOST, ALICE]);
    expect(refusal(fx.service.join(table.id, BOB, 1))).toEqual({ code: 'seat_taken', seat: 1 });
    expect(refusal(fx.service.join(table.id, BOB, 0))).toEqual({ code: 'seat_taken', seat: 0 });
  });

  it('refuses a fifth player: table_full', () => {
    const table = openLobby(fx, USERS.slice(0, 4));
    expect(refusal(fx.service.join(table.id, STRANGER))).toEqual({ code: 'table_full' });
    expect(tableOf(table.id).seats).toEqual(USERS.slice(0, 4).map(seated));
  });

  it('refuses someone already seated, naming their seat', () => {
    const table = openLobby(fx, [HOST, ALICE]);
    expect(refusal(fx.service.join(table.id, ALICE))).toEqual({ code: 'already_seated', seat: 1 });
    expect(refusal(fx.service.join(table.id, HOST, 3))).toEqual({ code: 'already_seated', seat: 0 });
  });

  it.each([4, -1, 1.5])('refuses seat %s as bad_seat', (seat) => {
    const table = openLobby(fx);
    expect(refusal(fx.service.join(table.id, ALICE, seat as 0)).code).toBe('bad_seat');
  });

  it('refuses a malformed user id, a malformed table id and an unknown table', () => {
    const table = openLobby(fx);
    expect(refusal(fx.service.join(table.id, { userId: 'nobody', name: 'N' }))).toEqual({
      code: 'malformed_id',
      what: 'user id',
    });
    expect(refusal(fx.service.join('../etc', ALICE))).toEqual({ code: 'malformed_id', what: 'table id' });
    expect(refusal(fx.service.join('zzzzzzzz', ALICE))).toEqual({ code: 'unknown_table' });
  });
});

describe('choosing a seat or a team', () => {
  it('moves a seated player to the free seat they choose, freeing the old one', () => {
    const table = openLobby(fx, [HOST, ALICE]);
    expect(accepted(fx.service.chooseSeat(table.id, ALICE, 3)).seats).toEqual([
      seated(HOST),
      null,
      null,
      seated(ALICE),
    ]);
  });

  it('refuses a seat someone else holds', () => {
    const table = openLobby(fx, [HOST, ALICE]);
    expect(refusal(fx.service.chooseSeat(table.id, ALICE, 0))).toEqual({ code: 'seat_taken', seat: 0 });
    expect(tableOf(table.id).seats[1]).toEqual(seated(ALICE));
  });

  it('seats someone not yet seated in the seat they choose', () => {
    const table = openLobby(fx);
    expect(accepted(fx.service.chooseSeat(table.id, BOB, 2)).seats[2]).toEqual(seated(BOB));
  });

  it.each([7, 'one', null])('refuses seat %o as bad_seat', (seat) => {
    const table = openLobby(fx, [HOST, ALICE]);
    expect(refusal(fx.service.chooseSeat(table.id, ALICE, seat)).code).toBe('bad_seat');
  });

  it('moves a player to a free seat of the team they choose (team 0: seats 0 and 2)', () => {
    const table = openLobby(fx, [HOST, ALICE]);
    expect(accepted(fx.service.chooseTeam(table.id, ALICE, 0)).seats).toEqual([
      seated(HOST),
      null,
      seated(ALICE),
      null,
    ]);
  });

  it('refuses a team whose two seats are taken: team_full', () => {
    const table = openLobby(fx, [HOST, ALICE, BOB]);
    expect(refusal(fx.service.chooseTeam(table.id, ALICE, 0))).toEqual({ code: 'team_full', team: 0 });
    expect(refusal(fx.service.chooseTeam(table.id, CAROL, 0))).toEqual({ code: 'team_full', team: 0 });
  });

  it('seats a newcomer on the team they choose', () => {
    const table = openLobby(fx);
    expect(accepted(fx.service.chooseTeam(table.id, CAROL, 1)).seats[1]).toEqual(seated(CAROL));
  });

  it('refuses seat changes once the match has started: wrong_status', () => {
    const table = openLobby(fx, USERS.slice(0, 4));
    accepted(fx.service.start(table.id, HOST));
    expect(refusal(fx.service.chooseSeat(table.id, ALICE, 1)).code).toBe('wrong_status');
    expect(refusal(fx.service.chooseSeat(table.id, ALICE, 3)).code).toBe('wrong_status');
  });

  it('refuses team changes once the match has started: wrong_status (not team_full, not a silent ok)', () => {
    const table = openLobby(fx, USERS.slice(0, 4));
    accepted(fx.service.start(table.id, HOST));
    expect(refusal(fx.service.chooseTeam(table.id, ALICE, 0))).toMatchObject({
      code: 'wrong_status',
      status: 'playing',
    });
    expect(refusal(fx.service.chooseTeam(table.id, ALICE, 1))).toMatchObject({
      code: 'wrong_status',
      status: 'playing',
    });
  });
});

describe('leaving', () => {
  it('frees the seat of a player who leaves', () => {
    const table = openLobby(fx, [HOST, ALICE, BOB]);
    const after = accepted(fx.service.leave(table.id, ALICE));
    expect(after.seats).toEqual([seated(HOST), null, seated(BOB), null]);
    expect(after.hostId).toBe(HOST.userId);
  });

  it('refuses someone who is not seated: not_seated', () => {
    const table = openLobby(fx, [HOST, ALICE]);
    expect(refusal(fx.service.leave(table.id, STRANGER))).toEqual({ code: 'not_seated' });
  });

  it('hands the host role to another seated user (never a bot) when the host leaves', () => {
    const table = openLobby(fx);
    accepted(fx.service.addBot(table.id, HOST, 1));
    accepted(fx.service.join(table.id, BOB, 3));
    const after = accepted(fx.service.leave(table.id, HOST));
    expect(after.hostId).toBe(BOB.userId);
    expect(after.status).toBe('lobby');
    expect(after.seats).toEqual([null, BOT, null, seated(BOB)]);
    // The new host has the host's powers; the old one has none.
    expect(accepted(fx.service.addBot(table.id, BOB)).seats[0]).toEqual(BOT);
    expect(refusal(fx.service.addBot(table.id, HOST))).toEqual({ code: 'not_host' });
  });

  it('closes the table (abandoned) when the host leaves and no user is left, even with bots seated', () => {
    const table = openLobby(fx);
    accepted(fx.service.addBot(table.id, HOST, 2));
    const after = accepted(fx.service.leave(table.id, HOST));
    expect(after.status).toBe('abandoned');
    expect(fx.store.tables.get(table.id)?.status).toBe('abandoned');
    expect(refusal(fx.service.tableInChannel(CHANNEL))).toEqual({ code: 'unknown_table' });
  });

  it('is not allowed while the match is being played: wrong_status', () => {
    const table = openLobby(fx, USERS.slice(0, 4));
    accepted(fx.service.start(table.id, HOST));
    const refused = refusal(fx.service.leave(table.id, ALICE));
    expect(refused).toMatchObject({ code: 'wrong_status', status: 'playing' });
    expect(refusal(fx.service.leave(table.id, HOST)).code).toBe('wrong_status');
    expect(tableOf(table.id).seats[1]).toEqual(seated(ALICE));
  });

  it('the host may change the bots’ pace during a match, and nothing else', () => {
    const table = openLobby(fx, USERS.slice(0, 4));
    accepted(fx.service.start(table.id, HOST));
    expect(accepted(fx.service.changeSettings(table.id, HOST, { pace: 'quick' })).pace).toBe('quick');
    expect(tableOf(table.id)).toMatchObject({ status: 'playing', pace: 'quick' });
    expect(refusal(fx.service.changeSettings(table.id, HOST, { pace: 'slow', timer: '30s' }))).toMatchObject({
      code: 'wrong_status',
    });
    expect(refusal(fx.service.changeSettings(table.id, HOST, { targetScore: 500 })).code).toBe(
      'wrong_status',
    );
    expect(refusal(fx.service.changeSettings(table.id, ALICE, { pace: 'slow' }))).toEqual({
      code: 'not_host',
    });
    expect(tableOf(table.id).pace).toBe('quick');
  });
});

describe("the host's controls", () => {
  /** A lobby of the host, Alice in seat 1 and a bot in seat 2. */
  function lobby(): TableRecord {
    const table = openLobby(fx, [HOST, ALICE]);
    return accepted(fx.service.addBot(table.id, HOST, 2));
  }

  it.each([
    ['addBot', (id: string) => fx.service.addBot(id, ALICE)],
    ['removeBot', (id: string) => fx.service.removeBot(id, ALICE, 2)],
    ['removePlayer', (id: string) => fx.service.removePlayer(id, ALICE, HOST.userId)],
    ['changeSettings', (id: string) => fx.service.changeSettings(id, ALICE, { targetScore: 500 })],
    ['start', (id: string) => fx.service.start(id, ALICE)],
    ['abandon', (id: string) => fx.service.abandon(id, ALICE)],
  ])('%s by anyone but the host is refused: not_host', (_name, run) => {
    const table = lobby();
    expect(refusal(run(table.id))).toEqual({ code: 'not_host' });
    expect(fx.store.tables.get(table.id)).toEqual(tableOf(table.id));
    expect(tableOf(table.id)).toMatchObject({ status: 'lobby', settings: DEFAULT_SETTINGS });
    expect(tableOf(table.id).seats).toEqual([seated(HOST), seated(ALICE), BOT, null]);
  });

  it('adds a bot to the first free seat or the chosen one', () => {
    const table = openLobby(fx);
    expect(accepted(fx.service.addBot(table.id, HOST, 3)).seats).toEqual([seated(HOST), null, null, BOT]);
    expect(accepted(fx.service.addBot(table.id, HOST)).seats).toEqual([seated(HOST), BOT, null, BOT]);
    expect(refusal(fx.service.addBot(table.id, HOST, 0))).toEqual({ code: 'seat_taken', seat: 0 });
    accepted(fx.service.addBot(table.id, HOST));
    expect(refusal(fx.service.addBot(table.id, HOST))).toEqual({ code: 'table_full' });
  });

  it('adds a bot at the level the host chose (normal by default), kept in the file', () => {
    const table = openLobby(fx);
    accepted(fx.service.addBot(table.id, HOST, 1, 'easy'));
    accepted(fx.service.addBot(table.id, HOST, 2, 'hard'));
    const last = accepted(fx.service.addBot(table.id, HOST, 3));
    const levels = [null, { kind: 'bot', level: 'easy' }, { kind: 'bot', level: 'hard' }, BOT];
    expect(last.seats.slice(1)).toEqual(levels.slice(1));
    fx.restart();
    expect(tableOf(table.id).seats.slice(1)).toEqual(levels.slice(1));
  });

  it.each([['master'], ['normal@v1'], [''], [3], [null], ['HARD']])(
    'refuses a bot level it does not know (%j) and changes nothing',
    (level) => {
      const table = openLobby(fx);
      expect(refusal(fx.service.addBot(table.id, HOST, 1, level))).toEqual({ code: 'bad_bot_level', level });
      expect(tableOf(table.id).seats).toEqual([seated(HOST), null, null, null]);
      expect(fx.store.tables.get(table.id)).toEqual(table);
    },
  );

  it('removes a bot, but not a user, with removeBot', () => {
    const table = lobby();
    expect(refusal(fx.service.removeBot(table.id, HOST, 1))).toEqual({ code: 'not_a_bot', seat: 1 });
    expect(refusal(fx.service.removeBot(table.id, HOST, 3))).toEqual({ code: 'not_a_bot', seat: 3 });
    expect(accepted(fx.service.removeBot(table.id, HOST, 2)).seats).toEqual([
      seated(HOST),
      seated(ALICE),
      null,
      null,
    ]);
  });

  it('with no seat named, removes the bot in the highest seat, and says so when there is none', () => {
    const table = lobby(); // HOST, ALICE and a bot in seat 2
    accepted(fx.service.addBot(table.id, HOST)); // and one in seat 3
    expect(refusal(fx.service.removeBot(table.id, ALICE, undefined)).code).toBe('not_host');
    expect(accepted(fx.service.removeBot(table.id, HOST, undefined)).seats[3]).toBeNull();
    expect(accepted(fx.service.removeBot(table.id, HOST, undefined)).seats).toEqual([
      seated(HOST),
      seated(ALICE),
      null,
      null,
    ]);
    expect(refusal(fx.service.removeBot(table.id, HOST, undefined))).toEqual({ code: 'no_bot' });
  });

  it('removes another player from the lobby', () => {
    const table = lobby();
    expect(accepted(fx.service.removePlayer(table.id, HOST, ALICE.userId)).seats).toEqual([
      seated(HOST),
      null,
      BOT,
      null,
    ]);
    expect(refusal(fx.service.removePlayer(table.id, HOST, ALICE.userId))).toEqual({
      code: 'player_not_seated',
      userId: ALICE.userId,
    });
  });

  it('may not remove the host', () => {
    const table = lobby();
    expect(refusal(fx.service.removePlayer(table.id, HOST, HOST.userId))).toEqual({
      code: 'cannot_remove_host',
    });
    expect(tableOf(table.id).seats[0]).toEqual(seated(HOST));
  });

  it('changes settings and seating before the start, keeping the other rule flags', () => {
    const table = lobby();
    const after = accepted(
      fx.service.changeSettings(table.id, HOST, {
        targetScore: 300,
        bombIgnoresWish: false,
        seating: 'random',
      }),
    );
    expect(after.settings).toEqual({ ...DEFAULT_SETTINGS, targetScore: 300, bombIgnoresWish: false });
    expect(after.seating).toBe('random');
    expect(fx.store.tables.get(table.id)?.settings).toEqual(after.settings);
  });

  it.each([10, 1.5])(
    'refuses target score %s in changeSettings, leaving the settings as they were',
    (targetScore) => {
      const table = lobby();
      expect(refusal(fx.service.changeSettings(table.id, HOST, { targetScore })).code).toBe('bad_settings');
      expect(tableOf(table.id).settings).toEqual(DEFAULT_SETTINGS);
      expect(fx.store.tables.get(table.id)?.settings).toEqual(DEFAULT_SETTINGS);
    },
  );

  it('refuses settings changes once the match has started', () => {
    const table = openLobby(fx, USERS.slice(0, 4));
    accepted(fx.service.start(table.id, HOST));
    expect(refusal(fx.service.changeSettings(table.id, HOST, { targetScore: 300 })).code).toBe(
      'wrong_status',
    );
    expect(refusal(fx.service.addBot(table.id, HOST)).code).toBe('wrong_status');
    expect(refusal(fx.service.removePlayer(table.id, HOST, ALICE.userId)).code).toBe('wrong_status');
  });
});

describe('starting', () => {
  it.each([
    [1, 3],
    [2, 2],
    [3, 1],
  ])('with %i of four seats filled is refused: seats_not_filled (%i empty)', (filled, empty) => {
    const table = openLobby(fx, USERS.slice(0, filled));
    expect(refusal(fx.service.start(table.id, HOST))).toEqual({ code: 'seats_not_filled', empty });
    expect(tableOf(table.id)).toMatchObject({ status: 'lobby', matchId: null });
    expect(count(fx.store, 'SELECT count(*) AS n FROM matches')).toBe(0);
  });

  it('with four seats filled starts a match in its Grand Tichu decisions', () => {
    const table = openLobby(fx, USERS.slice(0, 4));
    const started = accepted(fx.service.start(table.id, HOST));
    expect(started.table).toMatchObject({ id: table.id, status: 'playing' });
    expect(started.table.matchId).not.toBeNull();
    expect(started.state).toMatchObject({ version: 0, status: 'playing', seed: 'seed-1' });
    expect(started.state.hand.phase).toBe('grandTichu');
    expect(started.state.settings).toEqual(table.settings);
    expect(
      fx.store.db.prepare('SELECT status, seed FROM matches WHERE id = ?').get(started.table.matchId),
    ).toEqual({
      status: 'playing',
      seed: 'seed-1',
    });
    expect(committedState(fx.store, started.table)).toEqual(started.state);
    expect(refusal(fx.service.start(table.id, HOST)).code).toBe('wrong_status');
  });

  it('lets bot seats make their Grand Tichu decisions at once, each a logged action', () => {
    const table = openLobby(fx);
    for (let i = 0; i < 3; i++) accepted(fx.service.addBot(table.id, HOST));
    const started = accepted(fx.service.start(table.id, HOST));
    expect(started.state.version).toBe(3);
    expect(started.state.hand.grand).toEqual([null, false, false, false]);
    expect(
      count(fx.store, 'SELECT count(*) AS n FROM events WHERE match_id = ?', started.table.matchId),
    ).toBe(3);
  });

  it('keeps the chosen seats with seating "chosen", drawing nothing', () => {
    const table = openLobby(fx, USERS.slice(0, 4));
    const started = accepted(fx.service.start(table.id, HOST));
    expect(started.table.seats).toEqual(USERS.slice(0, 4).map(seated));
    expect(fx.env.randomCalls).toEqual([]);
  });

  it.each([
    // Draws for a Fisher-Yates shuffle from the last seat down: [seat 3 swaps with j, seat 2 with j, seat 1 with j].
    [
      [0, 0, 0],
      [ALICE, BOB, CAROL, HOST],
    ],
    [
      [1, 0, 0],
      [CAROL, BOB, HOST, ALICE],
    ],
    [
      [3, 2, 1],
      [HOST, ALICE, BOB, CAROL],
    ],
  ])('shuffles the seats with env.randomInt under seating "random" (draws %o)', (draws, expected) => {
    const table = openLobby(fx, USERS.slice(0, 4));
    accepted(fx.service.changeSettings(table.id, HOST, { seating: 'random' }));
    fx.env.randomValues.push(...draws);
    const started = accepted(fx.service.start(table.id, HOST));
    expect(fx.env.randomCalls.length).toBeGreaterThan(0);
    expect(fx.env.randomCalls.every((n) => n >= 1 && n <= 4)).toBe(true);
    expect(started.table.seats).toEqual(expected.map(seated));
    expect(fx.store.tables.get(table.id)?.seats).toEqual(started.table.seats);
    for (const [seat, user] of expected.entries())
      expect(accepted(fx.service.playerView(table.id, user.userId)).seat).toBe(seat);
  });
});
