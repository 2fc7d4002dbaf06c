/**
 * Pausing, resuming and abandoning. The rule: the host pauses or resumes at once; without the host,
 * it happens when every other seated player has asked. Only the host abandons. A pause stops the
 * table's clock; the resume starts it again with the full time (saveTable follows the status).
 */
import { ok } from '../engine/index.js';
import type { TableRecord } from '../store/records.js';
import { present } from './away.js';
import {
  type Actor,
  type Core,
  findTable,
  needHost,
  needStatus,
  type Outcome,
  refuse,
  saveTable,
  seatOfUser,
} from './core.js';
import { settleBots } from './matchPlay.js';
import { recordMatchAbandoned } from './results.js';

export interface PauseOutcome {
  readonly table: TableRecord;
  /** Whether the status changed now (false: the request was counted and more are needed). */
  readonly changed: boolean;
  readonly votes: number;
  readonly needed: number;
}

export function requestPause(core: Core, tableId: string, actor: Actor): Outcome<PauseOutcome> {
  return toggle(core, tableId, actor, 'playing', 'paused');
}

export function requestResume(core: Core, tableId: string, actor: Actor): Outcome<PauseOutcome> {
  return toggle(core, tableId, actor, 'paused', 'playing');
}

function toggle(
  core: Core,
  tableId: string,
  actor: Actor,
  from: 'playing' | 'paused',
  to: 'playing' | 'paused',
): Outcome<PauseOutcome> {
  const found = findTable(core, tableId);
  if (!found.ok) return found;
  const { table } = found.value;
  const bad = needStatus(table, from);
  if (bad) return refuse(bad);
  const isHost = table.hostId === actor.userId;
  if (!isHost && seatOfUser(table, actor.userId) === null) return refuse({ code: 'not_seated' });
  // Everyone seated but the host (whose word alone is enough) must ask.
  const voters = table.seats.flatMap((o) =>
    o?.kind === 'user' && o.userId !== table.hostId ? [o.userId] : [],
  );
  if (!isHost && table.pauseVotes.includes(actor.userId)) return refuse({ code: 'already_voted' });
  const votes = isHost ? voters : [...table.pauseVotes, actor.userId];
  const agreed = isHost || voters.every((id) => votes.includes(id));
  const actorSeat = seatOfUser(table, actor.userId);
  // Whoever resumes is present: their seat is theirs again if it was away (a table that paused for
  // want of anyone present must not resume into bots playing bots).
  const resumed = to === 'playing' && actorSeat !== null ? present(table, actorSeat) : table;
  const next: TableRecord = agreed
    ? { ...resumed, status: to, pauseVotes: [] }
    : { ...table, pauseVotes: votes };
  // Back from away: a request to take their seat no longer counts.
  const back =
    agreed && resumed !== table && actorSeat !== null
      ? () => core.store.seats.deleteRequest(tableId, actorSeat)
      : undefined;
  let saved = saveTable(core, found.value, next, back);
  if (agreed && to === 'playing') {
    // A crash while paused may have cut the bots short: they make what they owe first.
    const current = core.tables.get(tableId);
    if (current) saved = settleBots(core, current).loaded.table;
  }
  return ok({
    table: saved,
    changed: agreed,
    votes: agreed ? voters.length : votes.length,
    needed: voters.length,
  });
}

/** The host ends the table for good; a match in progress is kept as abandoned (and unrated). */
export function abandon(core: Core, tableId: string, actor: Actor): Outcome<TableRecord> {
  const found = findTable(core, tableId);
  if (!found.ok) return found;
  const { table, match } = found.value;
  const bad = needHost(table, actor) ?? needStatus(table, 'lobby', 'playing', 'paused', 'finished');
  if (bad) return refuse(bad);
  const inProgress = match !== null && table.status !== 'finished' && table.status !== 'lobby';
  const saved = saveTable(core, found.value, { ...table, status: 'abandoned', pauseVotes: [] }, () => {
    if (!inProgress) return;
    const now = core.env.now();
    core.store.matches.endMatch(match.id, 'abandoned', match.state.scores, null, now);
    recordMatchAbandoned(core.store, match.id, match.state);
  });
  // An event's table ended: its event moves on (the round may be over), as after a hand.
  if (core.store.events.ofTable(tableId)) {
    try {
      core.onTableClosed(saved);
    } catch {
      // A listener's failure is its own (it logs it): the table ended all the same.
    }
  }
  return ok(saved);
}
