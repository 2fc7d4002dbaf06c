/**
 * What the chaos run checks once the bot is dead: on a copy of the database file (the main file
 * and its WAL; SQLite rebuilds the rest), so that the bot, not this check, recovers the original.
 * Every acknowledged change is in its table's log, every version shown is, every log is whole and
 * replays; and where the kill landed (for the figures that say the kills hit something).
 */
import { copyFileSync, existsSync, rmSync } from 'node:fs';
import { Store } from '../../src/store/store.js';
import type { Acknowledged, Ledger } from './ledger.js';
import { botSeatsOwing, logProblem, logReaches, stored } from './tableCheck.js';

export interface KillFindings {
  /** Acknowledged changes the log does not reach, one line each. */
  readonly lost: string[];
  /** Versions shown (any accepted payload) that the log does not reach. */
  readonly shownAhead: string[];
  readonly logProblems: string[];
  /** Tables where a bot seat owed a move in the file (a hard bot killed mid-search). */
  midThought: number;
  /** Whether a playing table's log was ahead of everything that showed it (committed, not shown). */
  beforeShown: boolean;
}

/** Checks the file against the ledger; `seen` keeps what earlier kills checked or reported. */
export function checkAfterKill(
  database: string,
  copy: string,
  ledger: Ledger,
  seen: { readonly checked: Set<Acknowledged>; readonly flagged: Set<string> },
): KillFindings {
  copyFileSync(database, copy);
  if (existsSync(`${database}-wal`)) copyFileSync(`${database}-wal`, `${copy}-wal`);
  const found: KillFindings = {
    lost: [],
    shownAhead: [],
    logProblems: [],
    midThought: 0,
    beforeShown: false,
  };
  const store = Store.open(copy);
  try {
    for (const change of ledger.changes) {
      if (seen.checked.has(change)) continue;
      seen.checked.add(change);
      if (logReaches(store, change.sent.tableId, change.version)) continue;
      const at = stored(store, change.sent.tableId);
      found.lost.push(
        `lost ${change.sent.verb} by ${change.sent.userId} at ${change.sent.tableId}: answered at version ${change.version}, log ends at ${at?.logged ?? 'no table'}`,
      );
    }
    for (const [tableId, version] of ledger.shown) {
      if (logReaches(store, tableId, version) || seen.flagged.has(`${tableId}:${version}`)) continue;
      seen.flagged.add(`${tableId}:${version}`);
      const at = stored(store, tableId);
      found.shownAhead.push(`table ${tableId} was shown at version ${version}, log ends at ${at?.logged}`);
    }
    for (const tableId of ledger.shown.keys()) {
      const problem = logProblem(store, tableId);
      if (problem) found.logProblems.push(problem);
      const at = stored(store, tableId);
      if (!at) continue;
      if (botSeatsOwing(at.table, at.state).length > 0) found.midThought++;
      if (at.table.status === 'playing' && at.logged > (ledger.shown.get(tableId) ?? -1))
        found.beforeShown = true;
    }
  } finally {
    store.close();
    for (const suffix of ['', '-wal', '-shm']) rmSync(copy + suffix, { force: true });
  }
  return found;
}
