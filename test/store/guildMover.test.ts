/**
 * The guild mover on files: two servers in one file, one exported; imported into an empty file and
 * into a file whose other server uses the same match numbers (renumbered, every reference with
 * them); imported twice with the same result; refused over newer data, from a newer schema, and
 * when the file is malformed, holds a player its rows do not name, while a bot runs on the target,
 * and when the target holds a match the file lacks, each time changing nothing. Matches the target
 * already held keep their numbers there. A file of an older schema is brought up to date on the
 * way, and the CLI answers with its exit codes.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startBot } from '../../src/discord/bot.js';
import { importLines, runGuildCli } from '../../src/guildCli.js';
import {
  botsRunningOn,
  ImportRunningError,
  refuseDuringImport,
  takeBotLock,
  takeImportLock,
} from '../../src/store/botLock.js';
import { type GuildFile, GuildFileError, parseGuildFile } from '../../src/store/guildFile.js';
import {
  currentSchemaVersion,
  exportGuildFromFile,
  GuildMoveError,
  importGuildIntoFile,
} from '../../src/store/guildMover.js';
import { migrate, readMigrations } from '../../src/store/migrate.js';
import { MIGRATIONS_DIR, openDatabase } from '../../src/store/open.js';

const A = '100000000000000001';
const B = '100000000000000002';
const C = '100000000000000003';
const USERS = ['300000000000000001', '300000000000000002', '300000000000000003', '300000000000000004'];
const STRANGER = '300000000000000099';
const T0 = 1_700_000_000_000;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tichu-guild-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const path = (name: string) => join(dir, name);

/**
 * One server's data, raw: a finished match with results, ratings and totals, and a paused match
 * with a substitute request, at two tables (table ids `<tag>fin`, `<tag>pau`). Returns the match ids.
 */
function seedGuild(db: Database.Database, guild: string, tag: string, at: number): [number, number] {
  const run = (sql: string, ...values: unknown[]) => db.prepare(sql).run(...values);
  const table = (id: string, channel: string, status: string) =>
    run(
      `INSERT INTO tables (id, guild_id, channel_id, host_id, message_id, status, settings, seating, match_id, timer,
         created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, '{"targetScore":1000}', 'chosen', NULL, '2m', ?, ?)`,
      id,
      guild,
      channel,
      USERS[0],
      `${channel}9`,
      status,
      at,
      at + 5,
    );
  const match = (tableId: string, status: string, ended: number | null) => {
    const id = Number(
      run(
        `INSERT INTO matches (table_id, guild_id, seed, settings, status, score_a, score_b, winner, started_at, ended_at, rated,
           hands_played) VALUES (?, ?, ?, '{}', ?, 1010, 290, ?, ?, ?, ?, 2)`,
        tableId,
        guild,
        `${tag}-seed`,
        status,
        ended === null ? null : 0,
        at,
        ended,
        ended === null ? 0 : 1,
      ).lastInsertRowid,
    );
    run('UPDATE tables SET match_id = ? WHERE id = ?', id, tableId);
    for (const n of [1, 2])
      run(
        'INSERT INTO hands (match_id, number, seed, result) VALUES (?, ?, ?, ?)',
        id,
        n,
        `h${n}`,
        `{"n":${n}}`,
      );
    for (let v = 1; v <= 3; v++)
      run(
        `INSERT INTO events (match_id, version, hand_number, seat, user_id, action, events, created_at, forced)
         VALUES (?, ?, 1, ?, ?, '{"type":"pass"}', '[]', ?, ?)`,
        id,
        v,
        v % 4,
        USERS[v % 4],
        at + v,
        v === 2 ? 'away' : null,
      );
    run(
      'INSERT INTO snapshots (match_id, version, state) VALUES (?, 3, ?)',
      id,
      `{"match":"${tag}","version":3}`,
    );
    for (const seat of [0, 1, 2, 3])
      run(
        'INSERT INTO seat_holders (match_id, seat, since_version, user_id, bot_level) VALUES (?, ?, 0, ?, NULL)',
        id,
        seat,
        USERS[seat],
      );
    return id;
  };
  return db.transaction((): [number, number] => {
    for (const [i, user] of [...USERS, STRANGER].entries())
      run(
        'INSERT OR IGNORE INTO players (user_id, display_name, created_at, updated_at) VALUES (?, ?, ?, ?)',
        user,
        `P${i}`,
        at,
        at,
      );
    table(`${tag}fin`, `${guild}1`, 'finished');
    table(`${tag}pau`, `${guild}2`, 'paused');
    for (const id of [`${tag}fin`, `${tag}pau`])
      for (const seat of [0, 1, 2, 3])
        run(
          'INSERT INTO seats (table_id, seat, kind, user_id) VALUES (?, ?, ?, ?)',
          id,
          seat,
          'user',
          USERS[seat],
        );
    run('UPDATE seats SET away = 1, timeouts = 2 WHERE table_id = ? AND seat = 1', `${tag}pau`);
    const finished = match(`${tag}fin`, 'finished', at + 10);
    for (const seat of [0, 1, 2, 3]) {
      run(
        `INSERT INTO match_players (match_id, seat, guild_id, user_id, is_bot, team, won, team_score, opponent_score, hands_played,
           tichu_calls, tichu_made, grand_calls, grand_made, double_victories, finished_at, bombs, rating_before, rating_after)
         VALUES (?, ?, ?, ?, 0, ?, ?, 100, 50, 2, 1, 1, 0, 0, 0, ?, 1, 0.5, 1.75)`,
        finished,
        seat,
        guild,
        USERS[seat],
        seat % 2,
        seat % 2 === 0 ? 1 : 0,
        at + 10,
      );
      run(
        'INSERT INTO ratings (guild_id, user_id, mu, sigma, ordinal, rated_matches, updated_at) VALUES (?, ?, ?, ?, ?, 1, ?)',
        guild,
        USERS[seat],
        25.123456789 + seat,
        8.1,
        1.0000000001 + seat,
        at + 10,
      );
      run(
        `INSERT INTO player_stats (guild_id, user_id, matches, wins, hands, points, tichu_calls, tichu_made, grand_calls, grand_made,
           double_victories, bombs, updated_at) VALUES (?, ?, 1, ?, 2, 100, 1, 1, 0, 0, 0, 1, ?)`,
        guild,
        USERS[seat],
        seat % 2 === 0 ? 1 : 0,
        at + 10,
      );
    }
    const paused = match(`${tag}pau`, 'playing', null);
    run(
      `INSERT INTO seat_requests (table_id, match_id, seat, user_id, nonce, approvals, created_at) VALUES (?, ?, 1, ?, 'n1', '[]', ?)`,
      `${tag}pau`,
      paused,
      STRANGER,
      at + 20,
    );
    return [finished, paused];
  })();
}

/** A file with servers A then B (A's matches 1-2, B's 3-4). */
function sourceFile(): string {
  const file = path('source.sqlite');
  const db = openDatabase(file);
  seedGuild(db, A, 'aaaa', T0);
  seedGuild(db, B, 'bbbb', T0 + 1000);
  db.close();
  return file;
}

/** Every row of every table in a stable order (rowid order, which match_players' readers rely on). */
function dump(file: string): Record<string, unknown[]> {
  const db = new Database(file, { readonly: true });
  try {
    const out: Record<string, unknown[]> = {};
    const names = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .pluck()
      .all() as string[];
    for (const name of names) {
      const rows = db.prepare(`SELECT * FROM "${name}" ORDER BY rowid`).all() as Array<
        Record<string, unknown>
      >;
      out[name] = rows;
    }
    return out;
  } finally {
    db.close();
  }
}

/** Every row of server `guild`, table by table, in a stable order. */
function guildRows(file: string, guild: string) {
  const db = new Database(file, { readonly: true });
  try {
    const all = (sql: string) => db.prepare(sql).all(guild) as Array<Record<string, unknown>>;
    const ofMatches = `match_id IN (SELECT id FROM matches WHERE guild_id = ?)`;
    return {
      tables: all('SELECT * FROM tables WHERE guild_id = ? ORDER BY id'),
      seats: all(
        'SELECT * FROM seats WHERE table_id IN (SELECT id FROM tables WHERE guild_id = ?) ORDER BY table_id, seat',
      ),
      matches: all('SELECT * FROM matches WHERE guild_id = ? ORDER BY id'),
      hands: all(`SELECT * FROM hands WHERE ${ofMatches} ORDER BY match_id, number`),
      events: all(`SELECT * FROM events WHERE ${ofMatches} ORDER BY match_id, version`),
      snapshots: all(`SELECT * FROM snapshots WHERE ${ofMatches} ORDER BY match_id`),
      results: all('SELECT * FROM match_players WHERE guild_id = ? ORDER BY match_id, seat, rowid'),
      holders: all(`SELECT * FROM seat_holders WHERE ${ofMatches} ORDER BY match_id, seat, since_version`),
      requests: all(
        'SELECT * FROM seat_requests WHERE table_id IN (SELECT id FROM tables WHERE guild_id = ?) ORDER BY table_id',
      ),
      ratings: all('SELECT * FROM ratings WHERE guild_id = ? ORDER BY user_id'),
      totals: all('SELECT * FROM player_stats WHERE guild_id = ? ORDER BY user_id'),
    };
  } finally {
    db.close();
  }
}

/** `rows` with each match id column passed through `map`. */
function renumbered(rows: ReturnType<typeof guildRows>, map: (id: number) => number) {
  const fix = (list: Array<Record<string, unknown>>, column: string) =>
    list.map((r) => (typeof r[column] === 'number' ? { ...r, [column]: map(r[column] as number) } : r));
  return {
    ...rows,
    tables: fix(rows.tables, 'match_id'),
    matches: fix(rows.matches, 'id'),
    hands: fix(rows.hands, 'match_id'),
    events: fix(rows.events, 'match_id'),
    snapshots: fix(rows.snapshots, 'match_id'),
    results: fix(rows.results, 'match_id'),
    holders: fix(rows.holders, 'match_id'),
    requests: fix(rows.requests, 'match_id'),
  };
}

function exportA(source = sourceFile()): GuildFile {
  return exportGuildFromFile(source, A, T0 + 5000).file;
}

/** The export as the CLI writes it, read back as the CLI reads it. */
function throughText(file: GuildFile): GuildFile {
  return parseGuildFile(JSON.stringify(file), 'guild.json');
}

describe('export', () => {
  it('holds every row of one server and none of the other, and only the players its rows name', () => {
    const source = sourceFile();
    const { file, counts } = exportGuildFromFile(source, A, T0 + 5000);
    expect(file).toMatchObject({
      format: 'tichu-guild/1',
      schemaVersion: currentSchemaVersion(),
      guildId: A,
    });
    expect(counts).toMatchObject({ tables: 2, seats: 8, matches: 2, hands: 4, events: 6, snapshots: 2 });
    expect(counts).toMatchObject({
      match_players: 4,
      seat_holders: 8,
      seat_requests: 1,
      ratings: 4,
      player_stats: 4,
    });
    expect(counts.players).toBe(5);
    expect(file.newestAt).toBe(T0 + 20); // the seat request, A's newest change
    const text = JSON.stringify(file);
    expect(text).not.toContain(B);
    expect(text).not.toContain('bbbb');
  });

  it('refuses a missing file (creating nothing), a server it holds nothing of, and a newer schema', () => {
    expect(() => exportGuildFromFile(path('none.sqlite'), A, 1)).toThrow(
      /There is no database at .*none\.sqlite/,
    );
    expect(existsSync(path('none.sqlite'))).toBe(false);
    const source = sourceFile();
    expect(() => exportGuildFromFile(source, C, 1)).toThrow(`holds nothing of server ${C}`);
    const db = new Database(source);
    db.pragma('user_version = 99');
    db.close();
    expect(() => exportGuildFromFile(source, A, 1)).toThrow(/schema version 99, newer than this code knows/);
  });
});

describe('import', () => {
  it('into an empty file: every row of the server as it was, with the same match numbers', () => {
    const source = sourceFile();
    const file = throughText(exportA(source));
    const target = path('target.sqlite');
    const report = importGuildIntoFile(target, file);
    expect(report.renumbered).toEqual([]);
    expect(report.replacedNewestAt).toBeNull();
    expect(guildRows(target, A)).toEqual(guildRows(source, A));
    expect(guildRows(target, B).tables).toEqual([]);
    const players = (f: string) => dump(f).players;
    expect(players(target)).toEqual(players(source));
  });

  it('into a file whose other server has the same match numbers: renumbered, every reference with them', () => {
    const source = sourceFile();
    const target = path('target.sqlite');
    const db = openDatabase(target);
    const [c1, c2] = seedGuild(db, C, 'cccc', T0 + 3000);
    db.close();
    expect([c1, c2]).toEqual([1, 2]);
    const before = guildRows(target, C);
    const report = importGuildIntoFile(target, throughText(exportA(source)));
    expect(report.renumbered).toEqual([
      [1, 3],
      [2, 4],
    ]);
    expect(importLines(A, target, report).at(-2)).toBe(
      "Matches renumbered because other servers' matches use their numbers here (/history shows the new ones): #1 → #3, #2 → #4.",
    );
    const map = (id: number) => id + 2;
    expect(guildRows(target, A)).toEqual(renumbered(guildRows(source, A), map));
    // The other server is untouched, and every foreign key holds.
    expect(guildRows(target, C)).toEqual(before);
    const check = new Database(target, { readonly: true });
    expect(check.pragma('foreign_key_check')).toEqual([]);
    expect(check.prepare("SELECT match_id FROM tables WHERE id = 'aaaapau'").pluck().get()).toBe(4);
    check.close();
  });

  it('twice leaves the same data (into an empty file, and beside another server)', () => {
    const file = throughText(exportA());
    for (const withOther of [false, true]) {
      const target = path(`twice-${withOther}.sqlite`);
      if (withOther) {
        const db = openDatabase(target);
        seedGuild(db, C, 'cccc', T0 + 3000);
        db.close();
      }
      importGuildIntoFile(target, file);
      const once = dump(target);
      const again = importGuildIntoFile(target, file);
      expect(again.replacedNewestAt).toBe(file.newestAt);
      expect(dump(target)).toEqual(once);
    }
  });

  it('refuses when the target holds a newer change of the server, and changes nothing', () => {
    const file = throughText(exportA());
    const target = path('target.sqlite');
    importGuildIntoFile(target, file);
    const db = new Database(target);
    // The bot played on at the new home: one more logged action.
    db.prepare(
      `INSERT INTO events (match_id, version, hand_number, seat, user_id, action, events, created_at) VALUES (2, 4, 1, 0, ?, '{}', '[]', ?)`,
    ).run(USERS[0], T0 + 60_000);
    db.close();
    const before = dump(target);
    expect(() => importGuildIntoFile(target, file)).toThrow(
      `Refused: the database already holds data of server ${A} changed at ${new Date(T0 + 60_000).toISOString()}, after the newest change in the file (${new Date(T0 + 20).toISOString()})`,
    );
    expect(dump(target)).toEqual(before);
  });

  it('refuses when the target holds a match of the server that the file lacks, however old, and changes nothing', () => {
    const file = throughText(exportA());
    const target = path('target.sqlite');
    importGuildIntoFile(target, file);
    const db = new Database(target);
    // A match of the server only this database has, started before anything in the file.
    db.prepare(
      `INSERT INTO matches (id, table_id, guild_id, seed, settings, status, started_at) VALUES (9, 'aaaafin', ?, 'other', '{}', 'abandoned', ?)`,
    ).run(A, T0 - 50_000);
    db.close();
    const before = dump(target);
    expect(() => importGuildIntoFile(target, file)).toThrow(
      `Refused: the database holds 1 match of server ${A} that the file does not have (#9 at table aaaafin, started ${new Date(T0 - 50_000).toISOString()}). Importing would delete them.`,
    );
    expect(dump(target)).toEqual(before);
  });

  it('keeps the numbers the target gave its matches: a re-import after other servers added matches, and a move back', () => {
    const source = sourceFile();
    const file = throughText(exportA(source));
    const target = path('target.sqlite');
    let db = openDatabase(target);
    seedGuild(db, C, 'cccc', T0 + 3000);
    db.close();
    expect(importGuildIntoFile(target, file).renumbered).toEqual([
      [1, 3],
      [2, 4],
    ]);
    const placed = guildRows(target, A);
    // Another server plays on here: matches 5 and 6, the highest numbers now.
    db = openDatabase(target);
    expect(seedGuild(db, B, 'bbbb', T0 + 4000)).toEqual([5, 6]);
    db.close();
    const again = importGuildIntoFile(target, file);
    expect(again).toMatchObject({
      renumbered: [],
      kept: [
        [1, 3],
        [2, 4],
      ],
    });
    expect(importLines(A, target, again)).toContain(
      'Matches this database already held keep the numbers it gave them (/history shows these): #1 → #3, #2 → #4.',
    );
    expect(guildRows(target, A)).toEqual(placed);
    // Moved back home: the matches take their old numbers there again.
    const home = importGuildIntoFile(source, throughText(exportGuildFromFile(target, A, T0 + 6000).file));
    expect(home).toMatchObject({
      renumbered: [],
      kept: [
        [3, 1],
        [4, 2],
      ],
    });
    expect(guildRows(source, A).matches.map((m) => m.id)).toEqual([1, 2]);
  });

  it('refuses while a bot runs on the target (its mark with a live pid), not after it stopped or died', () => {
    const file = throughText(exportA());
    const target = path('target.sqlite');
    importGuildIntoFile(target, file);
    const before = dump(target);
    const lock = takeBotLock(target);
    expect(botsRunningOn(target)).toEqual([process.pid]);
    const refused = `Refused: a bot is running on this file (pid ${process.pid}): stop it first, import, then start it again. Nothing was changed.`;
    expect(() => importGuildIntoFile(target, file)).toThrow(refused);
    // Before even creating a missing file.
    const fresh = path('fresh.sqlite');
    const freshLock = takeBotLock(fresh);
    expect(() => importGuildIntoFile(fresh, file)).toThrow(refused);
    expect(existsSync(fresh)).toBe(false);
    freshLock.release();
    const cli = { data: '', say: [] as string[], warn: [] as string[] };
    const json = path('guild.json');
    writeFileSync(json, JSON.stringify(file));
    const code = runGuildCli(['import', json, '--database', target], {
      env: {},
      now: () => T0,
      out: { data: () => {}, say: (l) => cli.say.push(l), warn: (l) => cli.warn.push(l) },
    });
    expect(code).toBe(1);
    expect(cli.warn[0]).toContain(refused);
    expect(dump(target)).toEqual(before);
    lock.release();
    expect(botsRunningOn(target)).toEqual([]);
    expect(importGuildIntoFile(target, file).removed).not.toBeNull();
    // A bot that was killed leaves its mark; its pid is gone, so the mark is ignored.
    const dead = spawnSync(process.execPath, ['-e', '']).pid as number;
    takeBotLock(target, dead);
    expect(existsSync(`${target}.bot-${dead}`)).toBe(true);
    expect(botsRunningOn(target)).toEqual([]);
    expect(() => importGuildIntoFile(target, file)).not.toThrow();
  });

  it('a bot does not start while an import writes to its file, and an import leaves no mark behind', async () => {
    const file = throughText(exportA());
    const target = path('target.sqlite');
    importGuildIntoFile(target, file);
    // Done (and after a refusal too): no import mark left beside the file.
    expect(() => importGuildIntoFile(target, { ...file, schemaVersion: 999 })).toThrow();
    expect(readdirSync(dir).filter((name) => name.includes('.import-'))).toEqual([]);
    const importing = takeImportLock(target);
    const said = `an import (npm run guild -- import, pid ${process.pid}) is writing to ${target}: start the bot once it has finished.`;
    expect(() => refuseDuringImport(target)).toThrow(said);
    // The bot's own mark is taken back when it finds the import's.
    expect(() => takeBotLock(target)).toThrow(ImportRunningError);
    expect(botsRunningOn(target)).toEqual([]);
    // startBot refuses before opening the file (a fresh one is not even created).
    const fresh = path('fresh.sqlite');
    const freshImport = takeImportLock(fresh);
    const started = startBot({
      token: 'unused',
      applicationId: '100000000000000000',
      databasePath: fresh,
      logger: pino({ level: 'silent' }),
    });
    await expect(started).rejects.toThrow(ImportRunningError);
    expect(existsSync(fresh)).toBe(false);
    freshImport.release();
    importing.release();
    expect(() => takeBotLock(target).release()).not.toThrow();
    // An import that was killed leaves its mark; its pid is gone, so the mark is ignored.
    const dead = spawnSync(process.execPath, ['-e', '']).pid as number;
    takeImportLock(target, dead);
    expect(existsSync(`${target}.import-${dead}`)).toBe(true);
    expect(() => refuseDuringImport(target)).not.toThrow();
  });

  it('refuses a file from a newer schema before touching the target', () => {
    const file = { ...throughText(exportA()), schemaVersion: currentSchemaVersion() + 1 };
    const target = path('target.sqlite');
    expect(() => importGuildIntoFile(target, file)).toThrow(
      `The file was exported at schema version ${currentSchemaVersion() + 1}, newer than this code knows`,
    );
    expect(existsSync(target)).toBe(false);
  });

  it('refuses a table id that another server holds in the target', () => {
    const target = path('target.sqlite');
    const db = openDatabase(target);
    seedGuild(db, C, 'aaaa', T0); // the same table ids, another server
    db.close();
    const before = dump(target);
    expect(() => importGuildIntoFile(target, throughText(exportA()))).toThrow(
      `Refused: table aaaafin of the file belongs to server ${C} in this database`,
    );
    expect(dump(target)).toEqual(before);
  });

  it('keeps a player’s newer settings in the target, and takes the file’s newer ones', () => {
    const file = throughText(exportA());
    const target = path('target.sqlite');
    const db = openDatabase(target);
    const player = db.prepare(
      'INSERT INTO players (user_id, display_name, turn_pings, hidden, created_at, updated_at) VALUES (?, ?, 0, 1, 1, ?)',
    );
    player.run(USERS[0], 'Newer name', T0 + 99_000);
    player.run(USERS[1], 'Older name', 1);
    db.close();
    importGuildIntoFile(target, file);
    const rows = dump(target).players as Array<{ user_id: string; display_name: string; turn_pings: number }>;
    expect(rows.find((r) => r.user_id === USERS[0])).toMatchObject({
      display_name: 'Newer name',
      turn_pings: 0,
    });
    expect(rows.find((r) => r.user_id === USERS[1])).toMatchObject({ display_name: 'P1', turn_pings: 1 });
  });

  it('brings a file of an older schema up to this one (seat holders made for its paused match)', () => {
    const old = path('old.sqlite');
    const db = new Database(old);
    db.pragma('journal_mode = WAL');
    migrate(db, readMigrations(MIGRATIONS_DIR).slice(0, 5), old);
    db.exec(`
      INSERT INTO players (user_id, display_name, created_at, updated_at) VALUES
        ('${USERS[0]}', 'Ann', 1, 1), ('${USERS[1]}', 'Ben', 1, 1);
      INSERT INTO tables (id, guild_id, channel_id, host_id, status, settings, seating, match_id, created_at, updated_at)
        VALUES ('oldtable', '${A}', '200000000000000001', '${USERS[0]}', 'paused', '{}', 'chosen', 1, 10, ${T0});
      INSERT INTO seats (table_id, seat, kind, user_id, bot_level) VALUES ('oldtable', 0, 'user', '${USERS[0]}', NULL),
        ('oldtable', 1, 'user', '${USERS[1]}', NULL), ('oldtable', 2, 'bot', NULL, 'easy'), ('oldtable', 3, 'bot', NULL, 'hard');
      INSERT INTO matches (id, table_id, guild_id, seed, settings, status, started_at) VALUES (1, 'oldtable', '${A}', 's', '{}', 'playing', 10);
      INSERT INTO snapshots (match_id, version, state) VALUES (1, 0, '{}');
    `);
    db.close();
    const file = throughText(exportGuildFromFile(old, A, T0).file);
    expect(file.schemaVersion).toBe(5);
    const target = path('target.sqlite');
    const report = importGuildIntoFile(target, file);
    expect(report.upgradedFrom).toBe(5);
    const rows = guildRows(target, A);
    expect(rows.holders.map((h) => [h.seat, h.user_id, h.bot_level])).toEqual([
      [0, USERS[0], null],
      [1, USERS[1], null],
      [2, null, 'easy'],
      [3, null, 'hard'],
    ]);
    expect(rows.tables[0]).toMatchObject({ id: 'oldtable', status: 'paused', match_id: 1 });
  });
});

describe('a malformed file', () => {
  it('is refused with a plain message, and changes nothing', () => {
    const target = path('target.sqlite');
    const db = openDatabase(target);
    seedGuild(db, C, 'cccc', T0);
    db.close();
    const before = dump(target);
    const good = JSON.stringify(exportA());
    const cases: Array<[string, RegExp]> = [
      ['{"format": "tichu-guild/1", "tables": {', /guild\.json is not a guild export \(not valid JSON: /],
      ['', /not valid JSON/],
      [
        '{"format": "tichu-other/3"}',
        /has format "tichu-other\/3"; this version of the bot reads tichu-guild\/1 only/,
      ],
      [good.replace(`"guildId":"${A}"`, '"guildId":"12"'), /is not a guild export: .* at guildId/],
      [good.replace('"aaaa-seed"', '{"x":1}'), /is not a guild export: .* at tables\.matches\.rows/],
      [good.replace(`"${A}","`, `"${B}","`), /inconsistent: a row of tables belongs to server/],
      [
        good.replace('"tables":{"players"', '"tables":{"wallets":{"columns":["x"],"rows":[]},"players"'),
        /rows of "wallets"/,
      ],
    ];
    for (const [text, message] of cases) {
      expect(() => parseGuildFile(text, 'guild.json'), text.slice(0, 60)).toThrow(GuildFileError);
      expect(() => parseGuildFile(text, 'guild.json')).toThrow(message);
      const file = path('guild.json');
      writeFileSync(file, text);
      const lines: string[] = [];
      const code = runGuildCli(['import', file, '--database', target], {
        env: {},
        now: () => T0,
        out: { data: () => {}, say: (l) => lines.push(l), warn: (l) => lines.push(l) },
      });
      expect(code).toBe(1);
      expect(lines.join('\n')).toMatch(message);
    }
    expect(dump(target)).toEqual(before);
  });

  it('refuses a player row that none of the server’s rows names (it could rewrite anyone’s name or settings)', () => {
    const target = path('target.sqlite');
    const db = openDatabase(target);
    db.prepare(
      "INSERT INTO players (user_id, display_name, hidden, created_at, updated_at) VALUES (?, 'Zed', 0, 1, 1)",
    ).run('300000000000000098');
    db.close();
    const before = dump(target);
    const file = exportA();
    const players = file.tables.players as { columns: string[]; rows: unknown[][] };
    const row = [...(players.rows[0] as unknown[])];
    row[players.columns.indexOf('user_id')] = '300000000000000098';
    row[players.columns.indexOf('display_name')] = 'Hijacked';
    row[players.columns.indexOf('updated_at')] = T0 + 99_999;
    players.rows.push(row);
    const message = 'has a player row of user 300000000000000098, whom no row of the server names';
    expect(() => parseGuildFile(JSON.stringify(file), 'guild.json')).toThrow(
      `guild.json is inconsistent: it ${message}. Export the server again.`,
    );
    expect(() => importGuildIntoFile(target, file)).toThrow(message);
    expect(dump(target)).toEqual(before);
  });

  it('a row that does not fit its column (text in a number) fails the import, which changes nothing', () => {
    const source = sourceFile();
    const target = path('target.sqlite');
    importGuildIntoFile(target, throughText(exportA(source)));
    const before = dump(target);
    const file = exportA(source);
    const hands = file.tables.hands as { columns: string[]; rows: unknown[][] };
    (hands.rows[1] as unknown[])[hands.columns.indexOf('number')] = 'two';
    expect(() => importGuildIntoFile(target, throughText(file))).toThrow(GuildMoveError);
    expect(() => importGuildIntoFile(target, throughText(file))).toThrow(
      /The import failed and changed nothing: /,
    );
    expect(dump(target)).toEqual(before);
  });
});

describe('npm run guild', () => {
  const run = (args: string[], env: Record<string, string> = {}) => {
    const out = { data: '', say: [] as string[], warn: [] as string[] };
    const code = runGuildCli(args, {
      env,
      now: () => T0 + 5000,
      out: { data: (t) => (out.data += t), say: (l) => out.say.push(l), warn: (l) => out.warn.push(l) },
    });
    return { code, ...out };
  };

  it('exports to standard output from DATABASE_PATH, and imports a file that npm’s banner precedes', () => {
    const source = sourceFile();
    const exported = run(['export', A], { DATABASE_PATH: source });
    expect(exported.code).toBe(0);
    expect(exported.warn.join('\n')).toMatch(
      new RegExp(
        `^Exported server ${A} from .*source\\.sqlite: 2 tables, 2 matches, 4 hands, 6 logged actions`,
      ),
    );
    const file = path('guild.json');
    // What `npm run guild -- export ... > guild.json` leaves in the file.
    writeFileSync(
      file,
      `\n> tichu-discord@0.1.0 guild\n> tsx src/guildCli.ts export ${A}\n\n${exported.data}`,
    );
    const target = path('target.sqlite');
    const imported = run(['import', file, `--database=${target}`]);
    expect(imported.code).toBe(0);
    expect(imported.say[0]).toMatch(
      new RegExp(`^Imported server ${A} into .*target\\.sqlite: 2 tables, 2 matches`),
    );
    expect(guildRows(target, A)).toEqual(guildRows(source, A));
    const again = run(['import', file, `--database=${target}`]);
    expect(again.code).toBe(0);
    expect(again.say[1]).toBe(
      `It replaced what the database held of the server (newest change ${new Date(T0 + 20).toISOString()}, not after the file's): removed 2 tables, 2 matches, 4 hands, 6 logged actions, 4 result rows, 4 ratings, 4 player totals.`,
    );
    expect(again.say.at(-1)).toMatch(/^Start the bot on this database again/);
  });

  it('bad usage: exit 2 with the usage; --help: exit 0', () => {
    for (const args of [
      [],
      ['move'],
      ['export'],
      ['export', 'abc'],
      ['import'],
      ['import', 'a', 'b'],
      ['export', A, '--db'],
    ]) {
      const r = run(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.warn.at(-1)).toContain('Usage:');
    }
    expect(run(['export', 'abc']).warn[0]).toContain('"abc" is not a server id');
    const help = run(['--help']);
    expect(help.code).toBe(0);
    expect(help.say[0]).toContain('npm run guild -- export <serverId>');
  });

  it('a DATABASE_PATH that is not a path: exit 2 with a plain message', () => {
    const r = run(['export', A], { DATABASE_PATH: 42 as unknown as string });
    expect(r.code).toBe(2);
    expect(r.warn).toEqual([
      'DATABASE_PATH cannot be used (Invalid input: expected string, received number): set it to the database file’s path, or pass --database PATH.',
    ]);
  });

  it('refusals exit 1: a missing database, a missing file', () => {
    expect(run(['export', A, '--database', path('nope.sqlite')])).toMatchObject({ code: 1, data: '' });
    const missing = run(['import', path('nope.json'), '--database', path('t.sqlite')]);
    expect(missing.code).toBe(1);
    expect(missing.warn[0]).toMatch(/There is no file .*nope\.json to import/);
    expect(existsSync(path('t.sqlite'))).toBe(false);
  });
});
