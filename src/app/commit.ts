/**
 * The one durable write of a match's accepted actions: their log entries, states, hand results and
 * end, and the table as they leave it (its seats' presence, its deadline).
 */
import type { MatchState } from '../engine/index.js';
import type { TableRecord } from '../store/records.js';
import type { Core } from './core.js';
import { armTable, withDeadline } from './deadlines.js';
import type { Move } from './outcomes.js';
import { recordMatchEnd } from './results.js';
import type { LoadedMatch, LoadedTable } from './tables.js';

/** What else changes with the moves: the table as the moves left it, in, the table to write, out. */
export type TableChange = (table: TableRecord, state: MatchState) => TableRecord;

/** Fields that `updateClock` writes on its own: when nothing else changed, the row is not rewritten. */
const CLOCK_FIELDS: ReadonlySet<string> = new Set(['deadline', 'notice', 'updatedAt']);

/**
 * The one IMMEDIATE transaction of accepted actions, in order: each one's log entry and the state
 * it produced (each written only over the version it was computed from), hand results, the match's
 * end with its results, and the table with `change` applied and its deadline following the new
 * state. The cache and the heap follow only once it is committed. With no moves and nothing to
 * change, nothing is written.
 */
export function commitMoves(
  core: Core,
  loaded: LoadedTable,
  moves: readonly Move[],
  change?: TableChange,
): LoadedTable {
  const match = loaded.match as LoadedMatch;
  const now = core.env.now();
  let table = loaded.table;
  let state = match.state;
  let handStart = match.handStart;
  let ended = false;
  const write = () => {
    for (const { seat, userId, action, step, forced } of moves) {
      core.store.matches.record(match.id, state, step.state, seat, userId, action, step.events, now, forced);
      for (const event of step.events) {
        if (event.type === 'handEnded') core.store.matches.recordHandResult(match.id, event.result);
      }
      if (step.events.some((e) => e.type === 'matchEnded')) {
        const s = step.state;
        table = { ...table, status: 'finished', pauseVotes: [], updatedAt: now };
        core.store.matches.endMatch(match.id, 'finished', s.scores, s.winner, now);
        recordMatchEnd(core.store, match.id, table, s, now);
        ended = true;
      }
      if (step.state.hand.number !== state.hand.number) handStart = step.state.version;
      state = step.state;
    }
    const after = withDeadline(change ? change(table, state) : table, state, now);
    if (after === loaded.table) return;
    table = { ...after, updatedAt: now };
    if (ended || !clockOnly(loaded.table, table)) core.store.tables.update(table);
    else core.store.tables.updateClock(table);
  };
  if (moves.length === 0) {
    // Nothing to log: write only if the table changes (a deadline set, a seat marked). `change` is
    // pure, so asking it twice is safe.
    if (withDeadline(change ? change(table, state) : table, state, now) === loaded.table) return loaded;
  }
  core.store.transaction(write);
  const next: LoadedTable = { table, match: { id: match.id, state, handStart } };
  core.tables.put(next);
  armTable(core, table);
  return next;
}

function clockOnly(before: TableRecord, after: TableRecord): boolean {
  for (const key of Object.keys(after) as Array<keyof TableRecord>)
    if (!CLOCK_FIELDS.has(key) && after[key] !== before[key]) return false;
  return true;
}
