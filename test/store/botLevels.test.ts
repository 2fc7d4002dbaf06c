/** Bot seats keep their level in the file: written and read back, checked by the schema, and migrated. */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../src/engine/index.js';
import { readMigrations } from '../../src/store/migrate.js';
import { MIGRATIONS_DIR, openDatabase } from '../../src/store/open.js';
import type { TableRecord } from '../../src/store/records.js';
import { Store } from '../../src/store/store.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tichu-levels-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const HOST = '300000000000000000';

function lobby(seats: TableRecord['seats']): TableRecord {
  return {
    id: 'levels01',
    guildId: '100000000000000001',
    channelId: '200000000000000001',
    hostId: HOST,
    messageId: null,
    status: 'lobby',
    settings: DEFAULT_SETTINGS,
    seating: 'chosen',
    matchId: null,
    pauseVotes: [],
    seats,
    timer: 'off',
    pace: 'normal',
    deadline: null,
    notice: null,
    createdAt: 1,
    updatedAt: 1,
  };
}

describe('bot levels in the store', () => {
  it('writes each bot seat with its level and reads it back, through a reopen', () => {
    const file = join(dir, 'a.sqlite');
    const table = lobby([
      { kind: 'user', userId: HOST, name: 'Host' },
      { kind: 'bot', level: 'easy' },
      { kind: 'bot', level: 'hard' },
      { kind: 'bot', level: 'normal' },
    ]);
    let store = Store.open(file);
    store.transaction(() => {
      store.tables.upsertPlayer(HOST, 'Host', 1);
      store.tables.insert(table);
    });
    expect(store.tables.get(table.id)).toEqual(table);
    const changed = {
      ...table,
      seats: [table.seats[0], null, { kind: 'bot', level: 'easy' }, null],
    } as const;
    store.transaction(() => store.tables.update(changed));
    store.close();
    store = Store.open(file);
    expect(store.tables.get(table.id)).toEqual(changed);
    store.close();
  });

  it('the schema refuses a bot seat without a level, a level it does not know, and a person with one', () => {
    const db = openDatabase(join(dir, 'b.sqlite'));
    db.prepare(
      "INSERT INTO players (user_id, display_name, created_at, updated_at) VALUES (?, 'Host', 1, 1)",
    ).run(HOST);
    db.prepare(
      `INSERT INTO tables (id, guild_id, channel_id, host_id, status, settings, seating, created_at, updated_at)
       VALUES ('levels01', '1', '2', ?, 'lobby', '{}', 'chosen', 1, 1)`,
    ).run(HOST);
    const seat = db.prepare(
      "INSERT INTO seats (table_id, seat, kind, user_id, bot_level) VALUES ('levels01', ?, ?, ?, ?)",
    );
    expect(() => seat.run(1, 'bot', null, null)).toThrow(/CHECK constraint/);
    expect(() => seat.run(1, 'bot', null, 'master')).toThrow(/CHECK constraint/);
    expect(() => seat.run(1, 'bot', null, 'normal@v1')).toThrow(/CHECK constraint/);
    expect(() => seat.run(0, 'user', HOST, 'hard')).toThrow(/CHECK constraint/);
    seat.run(1, 'bot', null, 'hard');
    seat.run(2, 'bot', null, 'expert');
    db.close();
  });

  it('a file written before levels existed opens with its bot seats at normal, people and matches untouched', () => {
    // The database as the previous version left it: migrations 0001 to 0003 only.
    const old = join(dir, 'migrations-old');
    mkdirSync(old);
    for (const name of ['0001_init.sql', '0002_turn_pings.sql', '0003_stats.sql'])
      copyFileSync(join(MIGRATIONS_DIR, name), join(old, name));
    const file = join(dir, 'old.sqlite');
    const before = openDatabase(file, { migrationsDir: old });
    expect(before.pragma('user_version', { simple: true })).toBe(3);
    before
      .prepare(
        "INSERT INTO players (user_id, display_name, created_at, updated_at) VALUES (?, 'Old host', 1, 1)",
      )
      .run(HOST);
    before
      .prepare(
        `INSERT INTO tables (id, guild_id, channel_id, host_id, status, settings, seating, created_at, updated_at)
         VALUES ('oldtable', '100000000000000001', '200000000000000001', ?, 'lobby', ?, 'chosen', 1, 2)`,
      )
      .run(HOST, JSON.stringify(DEFAULT_SETTINGS));
    const seat = before.prepare(
      "INSERT INTO seats (table_id, seat, kind, user_id) VALUES ('oldtable', ?, ?, ?)",
    );
    seat.run(0, 'user', HOST);
    seat.run(2, 'bot', null);
    seat.run(3, 'bot', null);
    before.close();

    const store = Store.open(file);
    expect(store.db.pragma('user_version', { simple: true })).toBe(readMigrations(MIGRATIONS_DIR).length);
    expect(store.tables.get('oldtable')?.seats).toEqual([
      { kind: 'user', userId: HOST, name: 'Old host' },
      null,
      { kind: 'bot', level: 'normal' },
      { kind: 'bot', level: 'normal' },
    ]);
    // The rebuilt table keeps its rules: one seat per user at a table, and the cascade from tables.
    expect(
      store.db.prepare("SELECT count(*) AS n FROM sqlite_schema WHERE name = 'seats_user'").get(),
    ).toEqual({ n: 1 });
    expect(store.db.prepare("SELECT sql FROM sqlite_schema WHERE name = 'seats'").get()).toEqual({
      sql: expect.stringMatching(/ON DELETE CASCADE[\s\S]*\)\s*STRICT$/),
    });
    expect(store.db.pragma('foreign_key_check')).toEqual([]);
    store.close();
    // And a raw look: the level is in its column.
    const raw = new Database(file, { readonly: true });
    expect(raw.prepare('SELECT seat, kind, bot_level FROM seats ORDER BY seat').all()).toEqual([
      { seat: 0, kind: 'user', bot_level: null },
      { seat: 2, kind: 'bot', bot_level: 'normal' },
      { seat: 3, kind: 'bot', bot_level: 'normal' },
    ]);
    raw.close();
  });

  it('a file from before the expert level keeps every seat, holder and away mark, and then takes expert', () => {
    // The database as the previous version left it: every migration before 0015.
    const old = join(dir, 'migrations-0014');
    mkdirSync(old);
    for (const { name } of readMigrations(MIGRATIONS_DIR).filter((m) => m.name < '0015'))
      copyFileSync(join(MIGRATIONS_DIR, name), join(old, name));
    const file = join(dir, 'before-expert.sqlite');
    const before = openDatabase(file, { migrationsDir: old });
    expect(before.pragma('user_version', { simple: true })).toBe(14);
    before
      .prepare("INSERT INTO players (user_id, display_name, created_at, updated_at) VALUES (?, 'Host', 1, 1)")
      .run(HOST);
    before
      .prepare(
        `INSERT INTO tables (id, guild_id, channel_id, host_id, status, settings, seating, created_at, updated_at)
         VALUES ('oldtable', '100000000000000001', '200000000000000001', ?, 'lobby', ?, 'chosen', 1, 2)`,
      )
      .run(HOST, JSON.stringify(DEFAULT_SETTINGS));
    const seat = before.prepare(
      "INSERT INTO seats (table_id, seat, kind, user_id, bot_level, away, timeouts) VALUES ('oldtable', ?, ?, ?, ?, ?, ?)",
    );
    seat.run(0, 'user', HOST, null, 1, 2);
    seat.run(1, 'bot', null, 'hard', 0, 0);
    before.close();

    const store = Store.open(file);
    expect(store.db.pragma('user_version', { simple: true })).toBe(readMigrations(MIGRATIONS_DIR).length);
    expect(
      store.db
        .prepare('SELECT seat, kind, user_id, bot_level, away, timeouts FROM seats ORDER BY seat')
        .all(),
    ).toEqual([
      { seat: 0, kind: 'user', user_id: HOST, bot_level: null, away: 1, timeouts: 2 },
      { seat: 1, kind: 'bot', user_id: null, bot_level: 'hard', away: 0, timeouts: 0 },
    ]);
    expect(
      store.db.prepare("SELECT count(*) AS n FROM sqlite_schema WHERE name = 'seats_user'").get(),
    ).toEqual({ n: 1 });
    expect(store.db.pragma('foreign_key_check')).toEqual([]);
    const table = store.tables.get('oldtable') as TableRecord;
    store.transaction(() =>
      store.tables.update({
        ...table,
        seats: [table.seats[0], table.seats[1], { kind: 'bot', level: 'expert' }, null],
      }),
    );
    expect(store.tables.get('oldtable')?.seats[2]).toEqual({ kind: 'bot', level: 'expert' });
    store.close();
  });
});
