/**
 * What happens when a table's deadline passes: the normal policy makes each owed decision for its
 * player (logged as a timeout with their id), the second timeout in a row marks a seat away, and the
 * table goes on with the usual bot moves, committed like any action and announced. Also the
 * reminder shortly before a deadline.
 */
import { StaleWriteError } from '../store/matchRepo.js';
import type { TableRecord } from '../store/records.js';
import { pauseIfNobody, timedOut } from './away.js';
import { commitMoves } from './commit.js';
import type { Core } from './core.js';
import { armTable, clockedSeats, decisionKey, REMINDER_BEFORE_MS, reminderKey } from './deadlines.js';
import { forcedMove, publicAction, seatMoves } from './forcedMoves.js';
import { dispatchHard } from './hardTurns.js';
import { eventsOf, type Move } from './outcomes.js';
import type { LoadedMatch, LoadedTable } from './tables.js';

/** Routes one due key of the heap: a table's deadline, or its reminder. */
export function onDue(core: Core, key: string): void {
  const reminder = key.endsWith(':reminder');
  const tableId = reminder ? key.slice(0, -':reminder'.length) : key;
  if (reminder) remind(core, tableId);
  else deadlinePassed(core, tableId);
}

/**
 * The table's deadline has come: each seat it runs for gets its decision made by the normal policy,
 * then the bot and away seats move as after any action, all in one transaction. A deadline that
 * moved on meanwhile (a player acted as it fell) is only re-armed.
 */
export function deadlinePassed(core: Core, tableId: string): void {
  const loaded = core.tables.get(tableId);
  if (!loaded?.match || loaded.table.status !== 'playing' || !loaded.table.deadline) return;
  const { table } = loaded;
  const match = loaded.match;
  const deadline = table.deadline as NonNullable<TableRecord['deadline']>;
  if (deadline.at > core.env.now() || deadline.key !== decisionKey(match.state)) {
    // Not this decision's time (it cannot be, as every commit re-arms; checked all the same).
    armTable(core, commitMoves(core, loaded, []).table);
    return;
  }
  let marked = table;
  let state = match.state;
  const moves: Move[] = [];
  for (const seat of clockedSeats(table, state)) {
    const move = forcedMove(core, table, match.id, state, seat, 'timeout');
    if (!move) continue;
    moves.push(move);
    state = move.step.state;
    marked = timedOut(marked, seat);
  }
  const notice = {
    moves: moves.map((m) => ({ seat: m.seat, action: publicAction(m.action) })),
  };
  // Nobody left present: the table pauses instead of playing bots against bots.
  const after = pauseIfNobody(marked);
  const more = after.status === 'playing' ? seatMoves(core, after, match.id, state) : [];
  moves.push(...more);
  const seats = after.seats;
  let committed: LoadedTable;
  try {
    committed = commitMoves(core, loaded, moves, (t) =>
      t.status === 'playing' && after.status === 'paused'
        ? { ...t, seats, notice, status: 'paused', pauseVotes: [] }
        : { ...t, seats, notice },
    );
  } catch (error) {
    if (!(error instanceof StaleWriteError)) throw error;
    // Another process moved the match on: what we hold is stale; the next touch reads it afresh.
    core.tables.forget(tableId);
    return;
  }
  dispatchHard(core, committed);
  core.onBotsMoved({
    table: committed.table,
    state: (committed.match as LoadedMatch).state,
    events: eventsOf(moves),
  });
}

/** Shortly before the deadline: the seats it runs for are reminded, once. */
function remind(core: Core, tableId: string): void {
  const loaded = core.tables.get(tableId);
  const deadline = loaded?.table.deadline;
  if (!loaded?.match || loaded.table.status !== 'playing' || !deadline) return;
  const now = core.env.now();
  if (deadline.at <= now) return;
  if (deadline.at - REMINDER_BEFORE_MS > now) {
    core.clock.heap.arm(reminderKey(tableId), deadline.at - REMINDER_BEFORE_MS);
    return;
  }
  const seats = clockedSeats(loaded.table, loaded.match.state);
  if (seats.length > 0) core.clock.onReminder({ table: loaded.table, seats, at: deadline.at });
}
