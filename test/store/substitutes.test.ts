/**
 * Substitutes and idle lobbies in the file (migration 0006): seat holders and seat requests written
 * and read back, match results by holder, and a file of the previous version migrated.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../src/engine/index.js';
import { MIGRATIONS_DIR, openDatabase } from '../../src/store/open.js';
import { IDLE_LOBBY_MS } from '../../src/store/records.js';
import { Store } from '../../src/store/store.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tichu-subs-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const [ANN, BEN, CAT] = ['300000000000000000', '300000000000000001', '300000000000000002'];
const GUILD = '100000000000000001';

function insertPlayers(store: Store): void {
  store.transaction(() => {
    for (const [id, name] of [
      [ANN, 'Ann'],
      [BEN, 'Ben'],
      [CAT, 'Cat'],
    ] as const)
      store.tables.upsertPlayer(id, name, 1);
  });
}

/** A table row and a match row, as the raw minimum the foreign keys ask for. */
function insertMatch(store: Store, tableId: string): number {
  store.db
    .prepare(
      `INSERT INTO tables (id, guild_id, channel_id, host_id, status, settings, seating, created_at, updated_at)
       VALUES (?, ?, '200000000000000001', ?, 'playing', ?, 'chosen', 1, 1)`,
    )
    .run(tableId, GUILD, ANN, JSON.stringify(DEFAULT_SETTINGS));
  const info = store.db
    .prepare(
      `INSERT INTO matches (table_id, guild_id, seed, settings, status, started_at) VALUES (?, ?, 's', '{}', 'playing', 1)`,
    )
    .run(tableId, GUILD);
  return Number(info.lastInsertRowid);
}

describe('seat holders and requests', () => {
  it('keep every holder of a seat in order, and one row per version (the last handover wins)', () => {
    const store = Store.open(join(dir, 'a.sqlite'));
    insertPlayers(store);
    const matchId = insertMatch(store, 'table001');
    store.transaction(() => {
      store.seats.addHolder(matchId, 1, 0, { kind: 'user', userId: BEN, name: 'Ben' });
      store.seats.addHolder(matchId, 0, 0, { kind: 'user', userId: ANN, name: 'Ann' });
      store.seats.addHolder(matchId, 1, 40, { kind: 'bot', level: 'hard' });
      store.seats.addHolder(matchId, 1, 12, { kind: 'user', userId: CAT, name: 'Cat' });
      store.seats.addHolder(matchId, 1, 40, { kind: 'user', userId: BEN, name: 'Ben' });
    });
    expect(store.seats.holders(matchId)).toEqual([
      { seat: 0, since: 0, userId: ANN, name: 'Ann', level: null },
      { seat: 1, since: 0, userId: BEN, name: 'Ben', level: null },
      { seat: 1, since: 12, userId: CAT, name: 'Cat', level: null },
      { seat: 1, since: 40, userId: BEN, name: 'Ben', level: null },
    ]);
    store.close();
  });

  it('keep one request per seat and one per person, read back with the requester’s name', () => {
    const store = Store.open(join(dir, 'b.sqlite'));
    insertPlayers(store);
    const matchId = insertMatch(store, 'table001');
    const request = {
      tableId: 'table001',
      matchId,
      seat: 2 as const,
      userId: CAT,
      name: 'Cat',
      nonce: 'abc',
      approvals: [] as string[],
      createdAt: 5,
    };
    store.transaction(() => store.seats.putRequest(request));
    store.transaction(() => store.seats.putRequest({ ...request, approvals: [ANN] }));
    expect(store.seats.requests('table001')).toEqual([{ ...request, approvals: [ANN] }]);
    // The same person cannot hold a second request at the table.
    expect(() => store.transaction(() => store.seats.putRequest({ ...request, seat: 3 }))).toThrow(/UNIQUE/);
    store.transaction(() => store.seats.deleteRequestsBy('table001', CAT));
    expect(store.seats.requests('table001')).toEqual([]);
    store.close();
  });

  it('match results keep one row per person of a seat (and one for a bot), never two for the same one', () => {
    const store = Store.open(join(dir, 'c.sqlite'));
    insertPlayers(store);
    const matchId = insertMatch(store, 'table001');
    const row = (seat: 0 | 1 | 2 | 3, userId: string | null) => ({
      seat,
      userId,
      team: (seat % 2) as 0 | 1,
      won: false,
      teamScore: 0,
      opponentScore: 0,
      handsPlayed: 1,
      tichuCalls: 0,
      tichuMade: 0,
      grandCalls: 0,
      grandMade: 0,
      doubleVictories: 0,
      bombs: 0,
      points: 0,
    });
    store.transaction(() =>
      store.matches.recordResults(matchId, GUILD, [row(1, BEN), row(1, CAT), row(1, null)], 9),
    );
    expect(store.stats.matchPlayers(matchId).map((p) => [p.seat, p.name])).toEqual([
      [1, 'Ben'],
      [1, 'Cat'],
      [1, null],
    ]);
    expect(() =>
      store.transaction(() => store.matches.recordResults(matchId, GUILD, [row(1, CAT)], 9)),
    ).toThrow(/UNIQUE/);
    expect(() =>
      store.transaction(() => store.matches.recordResults(matchId, GUILD, [row(1, null)], 9)),
    ).toThrow(/UNIQUE/);
    store.close();
  });
});

describe('a file of the previous version', () => {
  it('migrates: lobbies get their idle deadline, playing matches their holders, results are kept', () => {
    const old = join(dir, 'migrations-old');
    mkdirSync(old);
    for (const name of readdirSync(MIGRATIONS_DIR).filter((n) => /^000[1-5]_/.test(n)))
      copyFileSync(join(MIGRATIONS_DIR, name), join(old, name));
    const file = join(dir, 'old.sqlite');
    const db = openDatabase(file, { migrationsDir: old });
    expect(db.pragma('user_version', { simple: true })).toBe(5);
    const players = db.prepare(
      'INSERT INTO players (user_id, display_name, created_at, updated_at) VALUES (?, ?, 1, 1)',
    );
    players.run(ANN, 'Ann');
    players.run(BEN, 'Ben');
    const table = db.prepare(
      `INSERT INTO tables (id, guild_id, channel_id, host_id, status, settings, seating, match_id, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, 'chosen', ?, 1, ?)`,
    );
    const match = db.prepare(
      `INSERT INTO matches (id, table_id, guild_id, seed, settings, status, started_at) VALUES (?, ?, ?, 's', '{}', ?, 1)`,
    );
    const seat = db.prepare(
      'INSERT INTO seats (table_id, seat, kind, user_id, bot_level) VALUES (?, ?, ?, ?, ?)',
    );
    const rules = JSON.stringify(DEFAULT_SETTINGS);
    table.run('lobby001', GUILD, '200000000000000001', ANN, 'lobby', rules, null, 5_000);
    table.run('paused01', GUILD, '200000000000000002', ANN, 'paused', rules, null, 7_000);
    match.run(1, 'paused01', GUILD, 'playing');
    db.prepare("UPDATE tables SET match_id = 1 WHERE id = 'paused01'").run();
    seat.run('paused01', 0, 'user', ANN, null);
    seat.run('paused01', 1, 'bot', null, 'hard');
    seat.run('paused01', 2, 'user', BEN, null);
    table.run('done0001', GUILD, '200000000000000003', ANN, 'finished', rules, null, 9_000);
    match.run(2, 'done0001', GUILD, 'finished');
    db.prepare(
      `INSERT INTO match_players (match_id, seat, guild_id, user_id, is_bot, team, won, team_score, opponent_score,
         hands_played, tichu_calls, tichu_made, grand_calls, grand_made, double_victories, finished_at, bombs)
       VALUES (2, 0, ?, ?, 0, 0, 1, 1000, 500, 7, 1, 1, 0, 0, 0, 10, 2)`,
    ).run(GUILD, ANN);
    db.close();

    const store = Store.open(file);
    expect(store.tables.get('lobby001')?.deadline).toEqual({ at: 5_000 + IDLE_LOBBY_MS, key: 'idle' });
    expect(store.tables.get('paused01')?.deadline).toBeNull();
    expect(store.tableIndex.lobbyDeadlines()).toEqual([
      { tableId: 'lobby001', at: 5_000 + IDLE_LOBBY_MS, key: 'idle' },
    ]);
    expect(store.seats.holders(1)).toEqual([
      { seat: 0, since: 0, userId: ANN, name: 'Ann', level: null },
      { seat: 1, since: 0, userId: null, name: null, level: 'hard' },
      { seat: 2, since: 0, userId: BEN, name: 'Ben', level: null },
    ]);
    expect(store.seats.holders(2)).toEqual([]);
    expect(store.stats.matchPlayers(2)).toEqual([{ seat: 0, userId: ANN, name: 'Ann', bombs: 2 }]);
    expect(store.db.pragma('foreign_key_check')).toEqual([]);
    store.close();
  });
});
