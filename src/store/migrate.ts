/** The migration runner: numbered .sql files applied in order, each in one transaction, with PRAGMA user_version. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type Database from 'better-sqlite3';

export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

export class MigrationError extends Error {}

const FILE_NAME = /^(\d{4})_[a-z0-9_]+\.sql$/;

/** Files a migrations folder may hold besides migrations. */
const NOT_MIGRATIONS = new Set(['README.md']);

/** Reads `dir`; refuses a malformed name (any file but its README), a duplicate number or a gap. */
export function readMigrations(dir: string): Migration[] {
  // Every other file must be a well-named migration: "0004_x.SQL" is refused, never skipped.
  const files = readdirSync(dir).filter((name) => !NOT_MIGRATIONS.has(name) && !name.startsWith('.'));
  const migrations: Migration[] = [];
  for (const name of files) {
    const match = FILE_NAME.exec(name);
    if (!match) {
      throw new MigrationError(
        `Migration file "${name}" in ${dir} is misnamed: use NNNN_lower_case_words.sql, e.g. 0002_add_ratings.sql`,
      );
    }
    migrations.push({ version: Number(match[1]), name, sql: readFileSync(join(dir, name), 'utf8') });
  }
  migrations.sort((a, b) => a.version - b.version);
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new MigrationError(
        `Migrations in ${dir} must be numbered 0001, 0002, ... without gaps or repeats; found ${migration.name} where ${String(index + 1).padStart(4, '0')} was expected`,
      );
    }
  });
  return migrations;
}

/** Applies every migration newer than the database; returns the versions applied. */
export function migrate(db: Database.Database, migrations: readonly Migration[], file: string): number[] {
  const current = db.pragma('user_version', { simple: true }) as number;
  const latest = migrations.length;
  if (current > latest) {
    throw new MigrationError(
      `The database ${file} has schema version ${current}, newer than this code knows (${latest}). Run a newer version of the bot, or restore a backup made by this version.`,
    );
  }
  const applied: number[] = [];
  for (const migration of migrations.slice(current)) {
    db.transaction(() => {
      db.exec(migration.sql);
      db.pragma(`user_version = ${migration.version}`);
    }).immediate();
    applied.push(migration.version);
  }
  return applied;
}
