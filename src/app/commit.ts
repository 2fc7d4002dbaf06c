/** The one durable write of a match's accepted actions: their log entries, states, hand results and end. */
import type { Core } from './core.js';
import type { Move } from './outcomes.js';
import { recordMatchEnd } from './results.js';
import type { LoadedMatch, LoadedTable } from './tables.js';

/**
 * The one IMMEDIATE transaction of accepted actions, in order: each one's log entry and the state
 * it produced (each written only over the version it was computed from), hand results, and the
 * match's end with its results. The cache follows only once it is committed.
 */
export function commitMoves(core: Core, loaded: LoadedTable, moves: readonly Move[]): LoadedTable {
  if (moves.length === 0) return loaded;
  const match = loaded.match as LoadedMatch;
  const now = core.env.now();
  let table = loaded.table;
  let state = match.state;
  let handStart = match.handStart;
  core.store.transaction(() => {
    for (const { seat, userId, action, step } of moves) {
      core.store.matches.record(match.id, state, step.state, seat, userId, action, step.events, now);
      for (const event of step.events) {
        if (event.type === 'handEnded') core.store.matches.recordHandResult(match.id, event.result);
      }
      if (step.events.some((e) => e.type === 'matchEnded')) {
        const s = step.state;
        table = { ...table, status: 'finished', pauseVotes: [], updatedAt: now };
        core.store.matches.endMatch(match.id, 'finished', s.scores, s.winner, now);
        recordMatchEnd(core.store, match.id, table, s, now);
        core.store.tables.update(table);
      }
      if (step.state.hand.number !== state.hand.number) handStart = step.state.version;
      state = step.state;
    }
  });
  const next: LoadedTable = { table, match: { id: match.id, state, handStart } };
  core.tables.put(next);
  return next;
}
