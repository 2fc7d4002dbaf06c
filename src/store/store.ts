/** The store: one SQLite database behind the table, match, seat and stats repositories, and its transactions. */
import type Database from 'better-sqlite3';
import { ChallengeRepo } from './challengeRepo.js';
import { DiskFullError, DiskHealth } from './diskHealth.js';
import { EmojiRepo } from './emojiRepo.js';
import { EventRepo } from './eventRepo.js';
import { MatchLogRepo } from './matchLogRepo.js';
import { MatchRepo } from './matchRepo.js';
import { type OpenOptions, openDatabase } from './open.js';
import { ReviewRepo } from './reviewRepo.js';
import { SeasonRepo } from './seasonRepo.js';
import { SeatRepo } from './seatRepo.js';
import { StatsRepo } from './statsRepo.js';
import { TableIndexRepo } from './tableIndexRepo.js';
import { TableRepo } from './tableRepo.js';
import { type Sync, WalSync } from './walSync.js';
import { passesByItself, probeWrite, writeProblem } from './writeCheck.js';
import { WriteFailures } from './writeFailures.js';
import { WriteLock } from './writeLock.js';

export interface StoreOptions extends OpenOptions {
  /**
   * Other processes write the same file (a sharded bot's shards): the write lock is asked for in
   * short steps rather than with SQLite's busy handler, which sleeps a millisecond and more at a
   * time (writeLock.ts).
   */
  readonly otherWriters?: boolean;
}

export class Store {
  readonly tables: TableRepo;
  readonly matches: MatchRepo;
  readonly stats: StatsRepo;
  readonly matchLog: MatchLogRepo;
  readonly seats: SeatRepo;
  readonly tableIndex: TableIndexRepo;
  /** A server's seasons and their own ratings. */
  readonly seasons: SeasonRepo;
  /** The card emoji deploy uploaded, by application. */
  readonly emoji: EmojiRepo;
  /** Events (a club's Tichu night): their players, rounds and tables. */
  readonly events: EventRepo;
  /** The weekly challenge: each server's weeks, entries and board results. */
  readonly challenges: ChallengeRepo;
  /** Hand reviews, stored once computed. */
  readonly reviews: ReviewRepo;
  readonly wal: WalSync;
  /** Whether the disk takes writes: full from a write refused for want of room until one succeeds. */
  readonly health: DiskHealth;
  /** The last transaction's failure for the file's sake (read-only, I/O, locked...), until one commits. */
  readonly writes: WriteFailures;

  /** Set when other processes write the same file (StoreOptions.otherWriters). */
  readonly writeLock: WriteLock | null;

  /** `sync` flushes the WAL (fdatasync; tests inject a failing one). */
  constructor(
    readonly db: Database.Database,
    sync?: Sync,
    options: Pick<StoreOptions, 'otherWriters'> = {},
  ) {
    this.run = db.transaction((work: () => unknown) => work());
    this.writeLock = options.otherWriters ? new WriteLock(db) : null;
    this.tables = new TableRepo(db);
    this.matches = new MatchRepo(db);
    this.stats = new StatsRepo(db);
    this.matchLog = new MatchLogRepo(db);
    this.seats = new SeatRepo(db);
    this.tableIndex = new TableIndexRepo(db);
    this.seasons = new SeasonRepo(db);
    this.emoji = new EmojiRepo(db);
    this.events = new EventRepo(db);
    this.challenges = new ChallengeRepo(db);
    this.reviews = new ReviewRepo(db);
    const file = db.memory ? ':memory:' : mainFile(db);
    this.wal = new WalSync(db.memory ? null : `${file}-wal`, sync);
    this.health = new DiskHealth(file);
    this.writes = new WriteFailures(file);
  }

  static open(path: string, options: StoreOptions = {}): Store {
    return new Store(openDatabase(path, options), undefined, options);
  }

  /**
   * Runs `work` in one IMMEDIATE transaction: all of it commits, or none of it. No await inside.
   * Committed is not yet durable: await `durable()` before acknowledging anything. A disk with no
   * room for it throws a DiskFullError (rolled back: nothing of it is kept); the health state
   * follows the outermost transaction, as a nested one is only a savepoint of it.
   */
  transaction<T>(work: () => T): T {
    const outermost = !this.db.inTransaction;
    let result: T;
    try {
      result = (
        outermost && this.writeLock
          ? this.writeLock.run((body) => this.run.immediate(body) as T, work)
          : this.run.immediate(work)
      ) as T;
    } catch (error) {
      const full = outermost ? this.health.refused(error) : null;
      if (outermost && full === null) this.writes.failed(error);
      if (full !== null && !(error instanceof DiskFullError))
        throw new DiskFullError(this.health.path, full, error);
      throw error;
    }
    this.wal.noteCommit();
    // After a failed flush the disk is not trusted again (see WalSync.durable): no "room again".
    if (outermost && !this.wal.failed) this.health.wrote();
    if (outermost) this.writes.wrote();
    return result;
  }

  /**
   * Why the database cannot be written now, in plain words, or null: a failed flush, a full disk,
   * the file, its folder or its -wal not writable for this process, or the last write's failure.
   * Cheap (a few system calls): /healthz asks it at each request. A last write refused for a lock
   * another connection held is looked at again (one BEGIN IMMEDIATE, ROLLBACK): reported while the
   * lock is still held, forgotten once it can be taken.
   */
  writeProblem(): string | null {
    const last = this.writes.current;
    if (last && passesByItself(last)) this.writes.replace(probeWrite(this.db, last, Date.now()));
    return writeProblem({
      path: this.health.path,
      flushFailed: this.wal.failed,
      disk: this.health.state(),
      lastFailure: this.writes.current,
    });
  }

  /**
   * Runs `work` inside the transaction under way as a savepoint: if it throws, only its own writes
   * are undone and the transaction goes on (several tables' writes committed together).
   */
  savepoint<T>(work: () => T): T {
    return this.run(work) as T;
  }

  /**
   * One transaction wrapper for every transaction, made once: better-sqlite3 builds five functions
   * for each `db.transaction(fn)`, and a wrapper decides at each call whether it opens a transaction
   * or a savepoint of the one under way (its `immediate` only when none is).
   */
  private readonly run: Database.Transaction<(work: () => unknown) => unknown>;

  /** Resolves once every transaction committed so far is on disk (flushes are shared under load). */
  durable(): Promise<void> {
    return this.wal.durable().catch((error: unknown) => {
      // A flush that failed for want of room (ENOSPC, EDQUOT) shows in the health state too.
      this.health.refused(error);
      throw error;
    });
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
