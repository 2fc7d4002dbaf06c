/** The store: one SQLite database behind the table, match, seat and stats repositories, and its transactions. */
import type Database from 'better-sqlite3';
import { EmojiRepo } from './emojiRepo.js';
import { MatchLogRepo } from './matchLogRepo.js';
import { MatchRepo } from './matchRepo.js';
import { type OpenOptions, openDatabase } from './open.js';
import { SeatRepo } from './seatRepo.js';
import { StatsRepo } from './statsRepo.js';
import { TableIndexRepo } from './tableIndexRepo.js';
import { TableRepo } from './tableRepo.js';
import { WalSync } from './walSync.js';

export class Store {
  readonly tables: TableRepo;
  readonly matches: MatchRepo;
  readonly stats: StatsRepo;
  readonly matchLog: MatchLogRepo;
  readonly seats: SeatRepo;
  readonly tableIndex: TableIndexRepo;
  /** The card emoji deploy uploaded, by application. */
  readonly emoji: EmojiRepo;
  readonly wal: WalSync;

  constructor(readonly db: Database.Database) {
    this.tables = new TableRepo(db);
    this.matches = new MatchRepo(db);
    this.stats = new StatsRepo(db);
    this.matchLog = new MatchLogRepo(db);
    this.seats = new SeatRepo(db);
    this.tableIndex = new TableIndexRepo(db);
    this.emoji = new EmojiRepo(db);
    this.wal = new WalSync(db.memory ? null : `${mainFile(db)}-wal`);
  }

  static open(path: string, options: OpenOptions = {}): Store {
    return new Store(openDatabase(path, options));
  }

  /**
   * Runs `work` in one IMMEDIATE transaction: all of it commits, or none of it. No await inside.
   * Committed is not yet durable: await `durable()` before acknowledging anything.
   */
  transaction<T>(work: () => T): T {
    const result = this.db.transaction(work).immediate();
    this.wal.noteCommit();
    return result;
  }

  /**
   * Runs `work` inside the transaction under way as a savepoint: if it throws, only its own writes
   * are undone and the transaction goes on (several tables' writes committed together).
   */
  savepoint<T>(work: () => T): T {
    return this.db.transaction(work)();
  }

  /** Resolves once every transaction committed so far is on disk (flushes are shared under load). */
  durable(): Promise<void> {
    return this.wal.durable();
  }

  close(): void {
    this.wal.close();
    if (this.db.open) this.db.close();
  }
}

/** The main database file as SQLite opened it (symbolic links resolved): its WAL lies beside it. */
function mainFile(db: Database.Database): string {
  const rows = db.pragma('database_list') as Array<{ name: string; file: string }>;
  return rows.find((r) => r.name === 'main')?.file || db.name;
}
