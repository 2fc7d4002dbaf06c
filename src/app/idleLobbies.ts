/**
 * Lobbies nobody touches: each has a deadline 24 hours after its last change (opening it, a join,
 * a leave, a seat, a bot, a setting), kept with the table like a match's and armed on the same heap;
 * when it falls the lobby closes itself and its message says so. A restart keeps the deadline's time.
 */
import { IDLE_KEY, type TableRecord } from '../store/records.js';
import type { Core } from './core.js';
import { armTable } from './deadlines.js';
import type { LoadedTable } from './tables.js';

/** Whether `table` is a lobby closed by its idle deadline (its message says so rather than "closed"). */
export function closedIdle(table: TableRecord): boolean {
  return table.status === 'abandoned' && table.matchId === null && table.deadline?.key === IDLE_KEY;
}

/**
 * The heap woke for a lobby: if its idle deadline has come it closes (abandoned, the deadline kept
 * as the reason), the Discord layer is told; otherwise (touched since) it is armed for its new one.
 */
export function closeIfIdle(core: Core, loaded: LoadedTable): void {
  const { table } = loaded;
  const now = core.env.now();
  if (table.status !== 'lobby' || table.deadline?.key !== IDLE_KEY || table.deadline.at > now) {
    armTable(core, table);
    return;
  }
  const closed: TableRecord = { ...table, status: 'abandoned', pauseVotes: [], updatedAt: now };
  core.store.transaction(() => core.store.tables.update(closed));
  core.tables.put({ ...loaded, table: closed });
  core.clock.heap.cancel(table.id);
  core.onTableClosed(closed);
}
