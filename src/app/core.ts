/** What every use case shares: the store, the loaded tables, the environment, and small guards. */
import type { Decider, DecisionAnswer } from '../bots/decisionJob.js';
import type { BotLevel } from '../bots/policy.js';
import { err, isSeat, ok, type Result, type Seat } from '../engine/index.js';
import type { TableRecord, TableStatus } from '../store/records.js';
import type { Store } from '../store/store.js';
import type { DeadlineHeap } from './deadlineHeap.js';
import { armTable, withDeadline } from './deadlines.js';
import { type Environment, SNOWFLAKE, TABLE_ID } from './ids.js';
import type { ActOutcome, BotFault, DecisionFailure, Reminder } from './outcomes.js';
import { forgetPace, type PaceRuntime } from './pace.js';
import type { Refusal } from './refusals.js';
import type { LoadedTable, Tables } from './tables.js';

export interface Core {
  readonly store: Store;
  readonly tables: Tables;
  readonly env: Environment;
  /** Told when the engine refuses a bot seat's move (a bug to log; play goes on with another move). */
  readonly onBotFault: (fault: BotFault) => void;
  /**
   * Told when bot seats moved outside a player's action (a table loaded after a crash, or
   * resumed): nobody's answer carries these moves, so the table message and pings must follow.
   */
  readonly onBotsMoved: (outcome: ActOutcome) => void;
  /**
   * Told after every commit whose moves ended a hand (whatever made them: a player, a bot, a
   * timeout, an away seat), once, after the transaction; never for a commit that did not happen.
   */
  readonly onHandEnded: (outcome: ActOutcome) => void;
  /**
   * Told when a table closed by itself (a lobby nobody touched), or an event's table ended (the
   * host's /table end, a closed round): its message must say so, and its event move on.
   */
  readonly onTableClosed: (table: TableRecord) => void;
  readonly bots: BotRuntime;
  readonly clock: ClockRuntime;
  /** Bots' pauses at tables where a person watches (pace.ts). */
  readonly pace: PaceRuntime;
  /**
   * Whether this process takes charge of a guild's tables: every guild in one process; in a shard
   * process only its own (start-up arms, wakes and re-renders no other shard's tables).
   */
  readonly owns: (guildId: string) => boolean;
}

/** The tables' clocks: the one heap of deadlines (and reminders), and who hears of reminders. */
export interface ClockRuntime {
  readonly heap: DeadlineHeap;
  /** Told when a deadline is near: the seats it runs for get one reminder. */
  readonly onReminder: (reminder: Reminder) => void;
  /** A table's deadline could not be handled (a busy or full disk): reported, and tried again soon. */
  readonly retry: (tableId: string, error: unknown) => void;
}

/** How bot seats decide beyond the main thread: hard decisions, their budget, and those in flight. */
export interface BotRuntime {
  /** Where a hard decision a seat owes is made (the worker pool in the bot). */
  readonly decider: Decider;
  /** Wall-clock budget of a hard decision, in milliseconds. */
  readonly hardBudgetMs: number;
  /** Wall-clock budget of an expert decision, in milliseconds. */
  readonly expertBudgetMs: number;
  /** Told when a hard decision came back without an answer (logged); the seat plays at normal level. */
  readonly onDecisionFailed: (failure: DecisionFailure) => void;
  /**
   * Told of each bot seat's decision and how long it took, in seconds (the metrics): one made on the
   * spot, or a hard one from asking the decider to its answer.
   */
  readonly onDecided?: (level: BotLevel, seconds: number) => void;
  /** Tables with a hard decision in flight (at most one each), settled once its answer is handled. */
  readonly inFlight: Map<string, Promise<void>>;
  /** Forced decisions asked of the decider ahead of their deadline (timeouts.ts), by table. */
  readonly prepared: Map<string, PreparedDecision>;
  /** Set at shutdown: answers after it are dropped (the owed decision is committed state: asked again). */
  stopped: boolean;
}

/**
 * A forced decision asked for before its deadline falls: the decision (the deadline's key), the
 * match and version it was asked at, the seat, and the answer once it came (null until then).
 */
export interface PreparedDecision {
  readonly key: string;
  readonly matchId: number;
  readonly version: number;
  /** Null when no seat was there to ask for (kept so the table is not woken again for it). */
  readonly seat: Seat | null;
  answer: DecisionAnswer | null;
}

/** Who is asking: identity comes only from Discord's interaction user, never from a custom id. */
export interface Actor {
  readonly userId: string;
  readonly name: string;
}

export type Outcome<T> = Result<T, Refusal>;

export function refuse(refusal: Refusal): { ok: false; error: Refusal } {
  return err(refusal);
}

export function checkSnowflake(value: string, what: string): Refusal | null {
  return SNOWFLAKE.test(value) ? null : { code: 'malformed_id', what };
}

/** Loads a table by id after checking the id's shape. */
export function findTable(core: Core, tableId: string): Outcome<LoadedTable> {
  if (!TABLE_ID.test(tableId)) return refuse({ code: 'malformed_id', what: 'table id' });
  const loaded = core.tables.get(tableId);
  return loaded ? ok(loaded) : refuse({ code: 'unknown_table' });
}

export function needStatus(table: TableRecord, ...needed: TableStatus[]): Refusal | null {
  return needed.includes(table.status) ? null : { code: 'wrong_status', status: table.status, needed };
}

export function needHost(table: TableRecord, actor: Actor): Refusal | null {
  return table.hostId === actor.userId ? null : { code: 'not_host' };
}

export function seatOfUser(table: TableRecord, userId: string): Seat | null {
  const index = table.seats.findIndex((o) => o?.kind === 'user' && o.userId === userId);
  return index < 0 ? null : (index as Seat);
}

export function checkSeat(seat: unknown): Refusal | null {
  return isSeat(seat) ? null : { code: 'bad_seat', seat };
}

/**
 * Writes `alsoWrite` (first: seats refer to players) and the changed table in one transaction, then
 * caches it. The table's deadline follows the change (a pause stops it, a table that ends drops it).
 */
export function saveTable(
  core: Core,
  loaded: LoadedTable,
  table: TableRecord,
  alsoWrite?: () => void,
): TableRecord {
  const now = core.env.now();
  const stamped = withDeadline({ ...table, updatedAt: now }, loaded.match?.state ?? null, now);
  core.store.transaction(() => {
    alsoWrite?.();
    core.store.tables.update(stamped);
  });
  core.tables.put({ ...loaded, table: stamped });
  armTable(core, stamped);
  // Paused or ended here (a vote, the host): no bot move waits any more; a resume starts a new pause.
  if (stamped.status !== 'playing') forgetPace(core, stamped.id);
  return stamped;
}

export function withSeat(
  table: TableRecord,
  seat: Seat,
  occupant: TableRecord['seats'][number],
): TableRecord {
  const seats = [...table.seats] as [
    TableRecord['seats'][0],
    TableRecord['seats'][1],
    TableRecord['seats'][2],
    TableRecord['seats'][3],
  ];
  seats[seat] = occupant;
  return { ...table, seats };
}
