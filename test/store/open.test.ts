/** Opening the database: pragmas, migrations, and a clear error naming the file for every bad start. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readMigrations } from '../../src/store/migrate.js';
import { MIGRATIONS_DIR, openDatabase, StoreOpenError } from '../../src/store/open.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tichu-open-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function migrationsWith(files: Record<string, string>): string {
  const d = join(dir, `migrations-${Object.keys(files).join('-')}`);
  mkdirSync(d, { recursive: true });
  for (const [name, sql] of Object.entries(files)) writeFileSync(join(d, name), sql);
  return d;
}

describe('openDatabase', () => {
  it('creates the file and its folder, in WAL mode with foreign keys, synchronous NORMAL (flushed by Store.durable) and a busy timeout', () => {
    const file = join(dir, 'nested', 'deeper', 'tichu.sqlite');
    const db = openDatabase(file);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('synchronous', { simple: true })).toBe(1);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(db.pragma('user_version', { simple: true })).toBeGreaterThanOrEqual(1);
    db.close();
  });

  it('creates STRICT tables for every part of the schema', () => {
    const db = openDatabase(join(dir, 'a.sqlite'));
    const rows = db.prepare("SELECT name, sql FROM sqlite_schema WHERE type = 'table'").all() as {
      name: string;
      sql: string;
    }[];
    const names = rows.map((r) => r.name).sort();
    expect(names).toEqual([
      'card_emoji',
      'challenge_entries',
      'challenge_results',
      'challenge_settings',
      'challenge_weeks',
      'club_event_placings',
      'club_event_players',
      'club_event_posts',
      'club_event_sitouts',
      'club_event_tables',
      'club_events',
      'events',
      'hand_reviews',
      'hands',
      'match_players',
      'matches',
      'player_stats',
      'players',
      'ratings',
      'season_ratings',
      'seasons',
      'seat_holders',
      'seat_requests',
      'seats',
      'snapshots',
      'tables',
    ]);
    for (const row of rows) expect(row.sql, row.name).toMatch(/\)\s*STRICT$/);
    db.close();
  });

  it('applies migrations once: reopening changes nothing', () => {
    const file = join(dir, 'b.sqlite');
    openDatabase(file).close();
    const db = openDatabase(file);
    expect(db.pragma('user_version', { simple: true })).toBe(readMigrations(MIGRATIONS_DIR).length);
    db.close();
  });

  it('applies only the migrations the database lacks, in order', () => {
    const file = join(dir, 'c.sqlite');
    const one = migrationsWith({ '0001_first.sql': 'CREATE TABLE a (x INTEGER) STRICT;' });
    openDatabase(file, { migrationsDir: one }).close();
    const two = migrationsWith({
      '0001_first.sql': 'CREATE TABLE a (x INTEGER) STRICT;',
      '0002_second.sql': 'CREATE TABLE b (y INTEGER) STRICT;',
    });
    const db = openDatabase(file, { migrationsDir: two });
    expect(db.pragma('user_version', { simple: true })).toBe(2);
    expect(db.prepare("SELECT count(*) AS n FROM sqlite_schema WHERE name IN ('a', 'b')").get()).toEqual({
      n: 2,
    });
    db.close();
  });

  it('rolls a failing migration back whole and keeps the old version', () => {
    const file = join(dir, 'd.sqlite');
    const bad = migrationsWith({
      '0001_broken.sql': 'CREATE TABLE ok (x INTEGER) STRICT; CREATE TABLE oops (;',
    });
    expect(() => openDatabase(file, { migrationsDir: bad })).toThrow(StoreOpenError);
    const db = new Database(file);
    expect(db.pragma('user_version', { simple: true })).toBe(0);
    expect(db.prepare("SELECT count(*) AS n FROM sqlite_schema WHERE name = 'ok'").get()).toEqual({ n: 0 });
    db.close();
  });

  it.each([
    ['a misnamed file', { '0001_init.sql': '', 'add-stuff.sql': '' }, /misnamed.*NNNN_lower_case_words\.sql/],
    ['upper case in the name', { '0001_Init.sql': '' }, /misnamed/],
    [
      'an upper-case extension (refused, not skipped)',
      { '0001_init.sql': '', '0002_more.SQL': '' },
      /misnamed/,
    ],
    ['a stray file', { '0001_init.sql': '', 'notes.txt': '' }, /misnamed/],
    [
      'a gap in the numbering',
      { '0001_a.sql': '', '0003_c.sql': '' },
      /without gaps or repeats.*0003_c\.sql.*0002/,
    ],
    ['a repeated number', { '0001_a.sql': '', '0001_b.sql': '' }, /without gaps or repeats/],
  ])('refuses to start on %s', (_name, files, message) => {
    expect(() => openDatabase(join(dir, 'e.sqlite'), { migrationsDir: migrationsWith(files) })).toThrow(
      message,
    );
  });

  it('refuses a database newer than the code, naming the file and what to do', () => {
    const file = join(dir, 'newer.sqlite');
    const raw = new Database(file);
    raw.pragma('user_version = 99');
    raw.close();
    expect(() => openDatabase(file)).toThrow(
      /newer\.sqlite has schema version 99, newer than this code knows.*newer version of the bot/,
    );
  });

  it('refuses a file that is not a database, naming it', () => {
    const file = join(dir, 'garbage.sqlite');
    writeFileSync(
      file,
      'this is not a database at all, just some text that goes on for a while '.repeat(100),
    );
    expect(() => openDatabase(file)).toThrow(/garbage\.sqlite is damaged.*Restore it from a backup/);
  });

  it('refuses a path it cannot create (its folder is a file), naming it', () => {
    const blocker = join(dir, 'blocker');
    writeFileSync(blocker, 'x');
    expect(() => openDatabase(join(blocker, 'x.sqlite'))).toThrow(StoreOpenError);
    expect(() => openDatabase(join(blocker, 'x.sqlite'))).toThrow(/blocker/);
  });
});
