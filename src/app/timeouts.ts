/**
 * What happens when a table's deadline passes: the normal policy makes each owed decision for its
 * player (logged as a timeout with their id), the second timeout in a row marks a seat away, and the
 * table goes on with the usual bot moves, committed like any action and announced. The heap wakes
 * for a table first at its reminder, shortly before the deadline.
 */
import { StaleWriteError } from '../store/matchRepo.js';
import { pauseIfNobody, timedOut } from './away.js';
import { commitMoves } from './commit.js';
import type { Core } from './core.js';
import { armTable, clockedSeats, decisionKey, REMINDER_BEFORE_MS } from './deadlines.js';
import { forcedMove, publicAction, seatMoves } from './forcedMoves.js';
import { dispatchHard } from './hardTurns.js';
import { eventsOf, type Move } from './outcomes.js';
import type { LoadedMatch, LoadedTable } from './tables.js';

/**
 * The heap woke for a table: at its reminder (the deadline is near: the seats it runs for hear once,
 * and the heap waits on for the deadline), or at its deadline.
 */
export function onDue(core: Core, tableId: string): void {
  const loaded = core.tables.get(tableId);
  const deadline = loaded?.table.deadline;
  if (!loaded?.match || loaded.table.status !== 'playing' || !deadline) return;
  const now = core.env.now();
  if (deadline.at <= now) return deadlinePassed(core, loaded);
  if (deadline.at - REMINDER_BEFORE_MS <= now) {
    const seats = clockedSeats(loaded.table, loaded.match.state);
    if (seats.length > 0) core.clock.onReminder({ table: loaded.table, seats, at: deadline.at });
  }
  armTable(core, loaded.table);
}

/**
 * The table's deadline has come: each seat it runs for gets its decision made by the normal policy,
 * then the bot and away seats move as after any action, all in one transaction.
 */
function deadlinePassed(core: Core, loaded: LoadedTable): void {
  const { table } = loaded;
  const tableId = table.id;
  const match = loaded.match as LoadedMatch;
  if (table.deadline?.key !== decisionKey(match.state)) {
    // Not this decision's deadline (it cannot be, as every commit sets it; checked all the same).
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
