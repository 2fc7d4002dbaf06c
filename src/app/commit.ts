/**
 * The one durable write of a match's accepted actions: their log entries, states, hand results and
 * end, and the table as they leave it (its seats' presence, its deadline).
 */
import type { MatchState } from '../engine/index.js';
import { StaleWriteError } from '../store/matchRepo.js';
import type { TableRecord } from '../store/records.js';
import type { Core } from './core.js';
import { armTable, withDeadline } from './deadlines.js';
import { eventsOf, type Move } from './outcomes.js';
import { recordMatchEnd } from './results.js';
import type { LoadedMatch, LoadedTable } from './tables.js';

/** What else changes with the moves: the table as the moves left it, in, the table to write, out. */
export type TableChange = (table: TableRecord, state: MatchState) => TableRecord;

/** One table's moves and change, as `commitEach` takes them. */
export interface PlannedCommit {
  readonly loaded: LoadedTable;
  readonly moves: readonly Move[];
  readonly change?: TableChange;
}

/**
 * The one IMMEDIATE transaction of accepted actions, in order: each one's log entry and the state
 * it produced (each written only over the version it was computed from), hand results, the match's
 * end with its results, and the table with `change` applied and its deadline following the new
 * state. The cache and the heap follow only once it is committed. With no moves and nothing to
 * change, nothing is written. `alsoWrite` writes what else goes with the change (first, in the
 * same transaction).
 */
export function commitMoves(
  core: Core,
  loaded: LoadedTable,
  moves: readonly Move[],
  change?: TableChange,
  alsoWrite?: () => void,
): LoadedTable {
  const now = core.env.now();
  const state = (loaded.match as LoadedMatch).state;
  // Nothing to log and the table unchanged (`change` is pure, so asking it here too is safe).
  if (
    moves.length === 0 &&
    withDeadline(change ? change(loaded.table, state) : loaded.table, state, now) === loaded.table
  )
    return loaded;
  let next = loaded;
  core.store.transaction(() => {
    alsoWrite?.();
    next = writeMoves(core, loaded, moves, change, now);
  });
  core.tables.put(next);
  armTable(core, next.table);
  announceHandEnd(core, next, moves);
  return next;
}

/**
 * Several tables' commits in one transaction (a burst of deadlines): each in its own savepoint, so
 * a table another process moved on (null in the result, and forgotten) costs the others nothing.
 * Any other failure undoes them all and is thrown; the cache and the heap follow only what committed.
 */
export function commitEach(core: Core, plans: readonly PlannedCommit[]): Array<LoadedTable | null> {
  const now = core.env.now();
  const results: Array<LoadedTable | null> = [];
  core.store.transaction(() => {
    for (const { loaded, moves, change } of plans) {
      try {
        results.push(core.store.savepoint(() => writeMoves(core, loaded, moves, change, now)));
      } catch (error) {
        if (!(error instanceof StaleWriteError)) throw error;
        results.push(null);
      }
    }
  });
  results.forEach((next, i) => {
    if (next) {
      core.tables.put(next);
      armTable(core, next.table);
      announceHandEnd(core, next, (plans[i] as PlannedCommit).moves);
    } else core.tables.forget((plans[i] as PlannedCommit).loaded.table.id);
  });
  return results;
}

/**
 * After a commit (never inside it): if its moves ended a hand, the listener hears of it once. Its
 * errors are its own: the commit stands and its caller goes on.
 */
function announceHandEnd(core: Core, after: LoadedTable, moves: readonly Move[]): void {
  const events = eventsOf(moves);
  if (!after.match || !events.some((e) => e.type === 'handEnded')) return;
  try {
    core.onHandEnded({ table: after.table, state: after.match.state, events });
  } catch {
    // A listener that throws has lost its own message; nothing here may undo what is committed.
  }
}

/** The writes of one table's commit, inside the caller's transaction; returns the table as it then stands. */
function writeMoves(
  core: Core,
  loaded: LoadedTable,
  moves: readonly Move[],
  change: TableChange | undefined,
  now: number,
): LoadedTable {
  const match = loaded.match as LoadedMatch;
  let table = loaded.table;
  let state = match.state;
  let handStart = match.handStart;
  for (const { seat, userId, action, step, forced } of moves) {
    core.store.matches.record(match.id, state, step.state, seat, userId, action, step.events, now, forced);
    for (const event of step.events) {
      if (event.type === 'handEnded') core.store.matches.recordHandResult(match.id, event.result);
    }
    if (step.events.some((e) => e.type === 'matchEnded')) {
      const s = step.state;
      table = { ...table, status: 'finished', pauseVotes: [], updatedAt: now };
      core.store.matches.endMatch(match.id, 'finished', s.scores, s.winner, now);
      // A duplicate round's results wait for its round to end (eventRounds.ts): a player's totals
      // moving now would tell the tables behind how the boards went.
      if (!core.store.events.defersResults(table.id)) recordMatchEnd(core.store, match.id, table, s, now);
    }
    if (step.state.hand.number !== state.hand.number) handStart = step.state.version;
    state = step.state;
  }
  const after = withDeadline(change ? change(table, state) : table, state, now);
  if (after !== loaded.table) {
    table = { ...after, updatedAt: now };
    // Over the table as stored: only what changed is written.
    core.store.tables.update(table, loaded.table);
  }
  if (moves.length === 0 && table === loaded.table) return loaded;
  return { table, match: { id: match.id, state, handStart } };
}
