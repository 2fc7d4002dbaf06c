/** The store: one SQLite database behind the table and match repositories, and its transactions. */
import type Database from 'better-sqlite3';
import { MatchRepo } from './matchRepo.js';
import { type OpenOptions, openDatabase } from './open.js';
import { StatsRepo } from './statsRepo.js';
import { TableRepo } from './tableRepo.js';

export class Store {
  readonly tables: TableRepo;
  readonly matches: MatchRepo;
  readonly stats: StatsRepo;

  constructor(readonly db: Database.Database) {
    this.tables = new TableRepo(db);
    this.matches = new MatchRepo(db);
    this.stats = new StatsRepo(db);
  }

  static open(path: string, options: OpenOptions = {}): Store {
    return new Store(openDatabase(path, options));
  }

  /** Runs `work` in one IMMEDIATE transaction: all of it commits, or none of it. No await inside. */
  transaction<T>(work: () => T): T {
    return this.db.transaction(work).immediate();
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
