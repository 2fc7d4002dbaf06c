/**
 * What happens when a table's deadline passes: the normal policy makes each owed decision for its
 * player (logged as a timeout with their id), the second timeout in a row marks a seat away, and the
 * table goes on with the usual bot moves, committed like any action and announced. The heap wakes
 * for a table first at its reminder, shortly before the deadline. A lobby's deadline closes it
 * (idleLobbies.ts).
 */

import type { DecisionAnswer } from '../bots/decisionJob.js';
import type { MatchState, Seat } from '../engine/index.js';
import { pauseIfNobody, timedOut } from './away.js';
import { commitEach, commitMoves, type PlannedCommit } from './commit.js';
import type { Core, PreparedDecision } from './core.js';
import { armTable, clockedSeats, decisionKey, PREPARE_BEFORE_MS, REMINDER_BEFORE_MS } from './deadlines.js';
import { forcedMove, forcedRequest, publicAction, seatMoves } from './forcedMoves.js';
import { continueBots } from './hardTurns.js';
import { closeIfIdle } from './idleLobbies.js';
import { eventsOf, type Move } from './outcomes.js';
import type { LoadedMatch, LoadedTable } from './tables.js';

/**
 * The heap woke for some tables (a burst comes in batches): each at its reminder (the deadline is
 * near: the seats it runs for hear once, and the heap waits on), to prepare its forced decision
 * (asked of the decider, off this thread), or at its deadline. The deadlines that passed are committed together, each table in its own savepoint; a
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
      // Woken for the reminder (it falls before the decision is prepared), or to prepare. A wake
      // before either (a retry) only arms the table again.
      if (deadline.at - PREPARE_BEFORE_MS <= now) prepare(core, loaded);
      else if (deadline.at - REMINDER_BEFORE_MS <= now) {
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
      continueBots(core, after);
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
  // Prepared for the state before the first forced move only: the later seats decide after it.
  let ready = readyAnswer(core, table.id, match.id, state);
  for (const seat of clockedSeats(table, state)) {
    const move = forcedMove(
      core,
      table,
      match.id,
      state,
      seat,
      'timeout',
      ready?.seat === seat ? ready.answer : null,
    );
    ready = null;
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

/**
 * Asks the decider now for the forced decision the table's deadline will make, so that it is ready
 * when the deadline falls (the first seat the clock runs for: the one seat of a turn, a wish or a
 * gift; a phase's later seats decide on the moves before theirs). Asked once per decision; an answer
 * is kept only while the table is still where it was asked.
 */
function prepare(core: Core, loaded: LoadedTable): void {
  const { bots } = core;
  const { table } = loaded;
  const match = loaded.match as LoadedMatch;
  const key = table.deadline?.key;
  if (bots.stopped || key === undefined || bots.prepared.get(table.id)?.key === key) return;
  const seat = clockedSeats(table, match.state)[0] ?? null;
  const entry: PreparedDecision = {
    key,
    matchId: match.id,
    version: match.state.version,
    seat,
    answer: null,
  };
  // Kept even when nothing is asked (no seat to ask for), so the table is not woken again for it.
  bots.prepared.set(table.id, entry);
  if (seat === null) return;
  bots.decider.decide(forcedRequest(core, match.state, seat), true).then(
    (answer) => {
      // A failed answer is no answer: the deadline decides on the spot, as without one.
      if (answer.ok && bots.prepared.get(table.id) === entry) entry.answer = answer;
    },
    () => undefined,
  );
}

/** The prepared answer for the decision owed at `state`, if it came and the match is still there; taken. */
function readyAnswer(
  core: Core,
  tableId: string,
  matchId: number,
  state: MatchState,
): { seat: Seat; answer: DecisionAnswer } | null {
  const entry = core.bots.prepared.get(tableId);
  if (!entry) return null;
  core.bots.prepared.delete(tableId);
  if (!entry.answer || entry.seat === null || entry.matchId !== matchId || entry.version !== state.version)
    return null;
  return { seat: entry.seat, answer: entry.answer };
}

function reread(core: Core, tableId: string): void {
  try {
    core.tables.get(tableId);
  } catch (error) {
    core.clock.retry(tableId, error);
  }
}
