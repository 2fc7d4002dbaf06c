/**
 * Each table's clock: how long a timer gives, which decision a deadline applies to and whose it is,
 * and the heap kept in step with the deadlines stored with the tables (start-up re-arms them all).
 */
import { type MatchState, owesAction, SEATS, type Seat } from '../engine/index.js';
import {
  type Deadline,
  IDLE_KEY,
  IDLE_LOBBY_MS,
  type Occupant,
  type TableRecord,
  type TurnTimer,
} from '../store/records.js';
import type { Store } from '../store/store.js';
import type { Scheduler } from './clock.js';
import type { ClockRuntime, Core } from './core.js';
import { DeadlineHeap } from './deadlineHeap.js';
import type { Reminder } from './outcomes.js';
import { isDiskFull } from './storeErrors.js';

export const TIMER_MS: Readonly<Record<TurnTimer, number | null>> = {
  off: null,
  '30s': 30_000,
  '60s': 60_000,
  '2m': 120_000,
  '5m': 300_000,
};

/** The owner of a deadline is reminded once, this long before it falls (when the timer is longer). */
export const REMINDER_BEFORE_MS = 30_000;

/** After a deadline could not be handled (a busy or full disk), it is tried again this much later. */
const RETRY_MS = 5_000;

/**
 * The tables' clock: one heap on `scheduler`, waking `onDue` with the tables whose time came; a
 * table that could not be handled is reported (`onFailed`) and comes round again shortly.
 */
export function tableClock(parts: {
  readonly store: Store;
  readonly now: () => number;
  readonly scheduler: Scheduler;
  readonly onDue: (tableIds: readonly string[]) => void;
  readonly onReminder: (reminder: Reminder) => void;
  readonly onFailed: (failure: { tableId: string; reason: string }) => void;
}): ClockRuntime {
  const retry = (tableId: string, error: unknown) => {
    // A full disk is logged once by the store, not again at every retry while it lasts.
    if (!isDiskFull(error))
      parts.onFailed({ tableId, reason: error instanceof Error ? error.message : String(error) });
    heap.arm(tableId, parts.now() + RETRY_MS);
  };
  const heap: DeadlineHeap = new DeadlineHeap(
    parts.scheduler,
    parts.now,
    (tableIds) => {
      // A closed store (the service was left behind) stops the clock rather than fail for ever.
      if (!parts.store.db.open) return heap.stop();
      parts.onDue(tableIds);
    },
    (tableIds, error) => {
      for (const tableId of tableIds) retry(tableId, error);
    },
  );
  return { heap, onReminder: parts.onReminder, retry };
}

export function isAway(occupant: Occupant | null | undefined): boolean {
  return occupant?.kind === 'user' && occupant.away === true;
}

/** The seats whose owed decision runs on the clock now: people's seats, not away, that owe one. */
export function clockedSeats(table: TableRecord, state: MatchState): Seat[] {
  if (table.status !== 'playing' || state.status !== 'playing') return [];
  return SEATS.filter(
    (seat) => table.seats[seat]?.kind === 'user' && !isAway(table.seats[seat]) && owesAction(state, seat),
  );
}

/**
 * Names the decision owed at `state`, so a deadline lasts exactly as long as its decision: the whole
 * Grand Tichu or exchange phase (one deadline for every seat still to decide), or one turn, wish or
 * Dragon gift. A Tichu call changes none of these (it has no deadline and stops none); a play, a
 * pass or a bomb does (cards leave a hand, or one more seat has passed).
 */
export function decisionKey(state: MatchState): string {
  const hand = state.hand;
  if (hand.phase !== 'play') return `${hand.number}:${hand.phase}`;
  const cards = hand.hands[0].length + hand.hands[1].length + hand.hands[2].length + hand.hands[3].length;
  const what = hand.pending ? hand.pending.kind : hand.trick ? 'follow' : 'lead';
  const seat = hand.pending?.seat ?? hand.turn;
  return `${hand.number}:${what}:${seat}:${cards}:${hand.trick?.passed.length ?? 0}`;
}

/**
 * The deadline the table should have: kept while its decision is still owed, new (full time) for a
 * new one. A lobby's is when it closes unless touched again: every change to it starts it anew.
 */
export function nextDeadline(table: TableRecord, state: MatchState | null, now: number): Deadline | null {
  if (table.status === 'lobby') return { at: now + IDLE_LOBBY_MS, key: IDLE_KEY };
  const ms = TIMER_MS[table.timer];
  if (ms === null || !state || clockedSeats(table, state).length === 0) return null;
  const key = decisionKey(state);
  return table.deadline?.key === key ? table.deadline : { at: now + ms, key };
}

/** The table with the deadline it should have (the same object when that changes nothing). */
export function withDeadline(table: TableRecord, state: MatchState | null, now: number): TableRecord {
  const deadline = nextDeadline(table, state, now);
  return deadline === table.deadline ? table : { ...table, deadline };
}

/**
 * A forced decision is asked of the decider (the worker pool in the bot) this long before its
 * deadline: when the deadline falls, its move is ready and only the commit is left on the bot's
 * thread (timeouts.ts). Most players act well before; for them the answer is dropped unused.
 */
export const PREPARE_BEFORE_MS = 10_000;

/**
 * When the heap should next wake for a table with `deadline`: at its reminder while that is still
 * ahead; else, while its forced decision is still to be asked for (`toPrepare`), when it should be
 * (now, if that time has passed); else at the deadline itself. One entry per table, whatever it
 * waits for.
 */
export function wakeAt(deadline: Deadline, now: number, toPrepare = false): number {
  const remindAt = deadline.at - REMINDER_BEFORE_MS;
  if (remindAt > now) return remindAt;
  if (toPrepare && deadline.at > now) return Math.max(deadline.at - PREPARE_BEFORE_MS, now);
  return deadline.at;
}

/**
 * Keeps the heap in step with a committed table: armed for its deadline (a match's wakes for its
 * reminder first, then to prepare its forced decision; a lobby's has neither), or not.
 */
export function armTable(core: Core, table: TableRecord): void {
  const prepared = core.bots.prepared.get(table.id);
  // A decision prepared for a deadline the table no longer has is dropped.
  if (prepared && (prepared.key !== table.deadline?.key || table.status !== 'playing'))
    core.bots.prepared.delete(table.id);
  // Another shard's table is never armed here (its own shard runs its clock).
  if (
    !core.owns(table.guildId) ||
    !table.deadline ||
    (table.status !== 'playing' && table.status !== 'lobby')
  )
    core.clock.heap.cancel(table.id);
  else if (table.status === 'lobby') core.clock.heap.arm(table.id, table.deadline.at);
  else {
    const toPrepare = prepared?.key !== table.deadline.key;
    core.clock.heap.arm(table.id, wakeAt(table.deadline, core.env.now(), toPrepare));
  }
}

/**
 * Start-up: arms every stored deadline of the guilds this process owns (`core.owns`). One that passed while the bot was down starts again with the
 * full time (written first): nobody saw that clock run, so nobody is forced for it. Returns the
 * tables whose deadline started again (their messages show the old one until edited).
 */
export function rearmAll(core: Core): string[] {
  const now = core.env.now();
  const armed = core.store.tables.armedDeadlines(core.owns);
  const restarted = new Map<string, Deadline>();
  for (const d of armed) {
    const ms = TIMER_MS[d.timer];
    if (d.at <= now && ms !== null) restarted.set(d.tableId, { at: now + ms, key: d.key });
  }
  if (restarted.size > 0)
    core.store.transaction(() => {
      for (const [tableId, deadline] of restarted) core.store.tables.setDeadline(tableId, deadline);
    });
  // Nothing is prepared yet in a new process: each forced decision is asked for in its time.
  for (const d of armed) core.clock.heap.arm(d.tableId, wakeAt(restarted.get(d.tableId) ?? d, now, true));
  // A lobby's idle deadline keeps its time: one that passed while the bot was down closes it at once
  // (nobody touched it all that while, and nobody is owed a move).
  for (const d of core.store.tableIndex.lobbyDeadlines(core.owns)) core.clock.heap.arm(d.tableId, d.at);
  return [...restarted.keys()];
}
