/**
 * What happens when a table's deadline passes: the normal policy makes each owed decision for its
 * player (logged as a timeout with their id), the second timeout in a row marks a seat away, and the
 * table goes on with the usual bot moves, committed like any action and announced. The heap wakes
 * for a table first at its reminder, shortly before the deadline. A lobby's deadline closes it
 * (idleLobbies.ts).
 */
import { pauseIfNobody, timedOut } from './away.js';
import { commitEach, commitMoves, type PlannedCommit } from './commit.js';
import type { Core } from './core.js';
import { armTable, clockedSeats, decisionKey, REMINDER_BEFORE_MS } from './deadlines.js';
import { forcedMove, publicAction, seatMoves } from './forcedMoves.js';
import { dispatchHard } from './hardTurns.js';
import { closeIfIdle } from './idleLobbies.js';
import { eventsOf, type Move } from './outcomes.js';
import type { LoadedMatch, LoadedTable } from './tables.js';

/**
 * The heap woke for some tables (a burst comes in batches): each at its reminder (the deadline is
 * near: the seats it runs for hear once, and the heap waits on for the deadline), or at its
 * deadline. The deadlines that passed are committed together, each table in its own savepoint; a
 * table that could not be handled (a busy disk) comes round again shortly.
 */
export function onDue(core: Core, tableIds: readonly string[]): void {
  const now = core.env.now();
  const plans: PlannedCommit[] = [];
  for (const tableId of tableIds) {
    try {
      const loaded = core.tables.get(tableId);
      if (loaded?.table.status === 'lobby') {
        closeIfIdle(core, loaded);
        continue;
      }
      const deadline = loaded?.table.deadline;
      if (!loaded?.match || loaded.table.status !== 'playing' || !deadline) continue;
      if (deadline.at <= now) {
        const plan = timedOutMoves(core, loaded);
        if (plan) plans.push(plan);
        continue;
      }
      if (deadline.at - REMINDER_BEFORE_MS <= now) {
        const seats = clockedSeats(loaded.table, loaded.match.state);
        if (seats.length > 0) core.clock.onReminder({ table: loaded.table, seats, at: deadline.at });
      }
      armTable(core, loaded.table);
    } catch (error) {
      core.clock.retry(tableId, error);
    }
  }
  if (plans.length === 0) return;
  let committed: Array<LoadedTable | null | undefined>;
  try {
    committed = commitEach(core, plans);
  } catch {
    // Nothing of the batch was committed (nor cached). One table that cannot be committed must not
    // hold the others back: each is tried on its own, and only one that fails again comes round later.
    committed = plans.map((plan) => {
      try {
        return commitEach(core, [plan])[0];
      } catch (error) {
        core.clock.retry(plan.loaded.table.id, error);
        return undefined;
      }
    });
  }
  committed.forEach((after, i) => {
    const plan = plans[i] as PlannedCommit;
    if (after === undefined) return;
    if (after) {
      dispatchHard(core, after);
      const events = eventsOf(plan.moves);
      core.onBotsMoved({ table: after.table, state: (after.match as LoadedMatch).state, events });
    } else {
      // Another process moved the match on. It was forgotten: read afresh now, it is armed for the
      // deadline the file holds.
      reread(core, plan.loaded.table.id);
    }
  });
}

/**
 * The table's deadline has come: each seat it runs for gets its decision made by the normal policy,
 * then the bot and away seats move as after any action; returned to be committed as one.
 */
function timedOutMoves(core: Core, loaded: LoadedTable): PlannedCommit | null {
  const { table } = loaded;
  const match = loaded.match as LoadedMatch;
  if (table.deadline?.key !== decisionKey(match.state)) {
    // Not this decision's deadline (it cannot be, as every commit sets it; checked all the same).
    armTable(core, commitMoves(core, loaded, []).table);
    return null;
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
  const notice = { moves: moves.map((m) => ({ seat: m.seat, action: publicAction(m.action) })) };
  // Nobody left present: the table pauses instead of playing bots against bots.
  const after = pauseIfNobody(marked);
  if (after.status === 'playing') moves.push(...seatMoves(core, after, match.id, state));
  const seats = after.seats;
  return {
    loaded,
    moves,
    change: (t) =>
      t.status === 'playing' && after.status === 'paused'
        ? { ...t, seats, notice, status: 'paused', pauseVotes: [] }
        : { ...t, seats, notice },
  };
}

function reread(core: Core, tableId: string): void {
  try {
    core.tables.get(tableId);
  } catch (error) {
    core.clock.retry(tableId, error);
  }
}
