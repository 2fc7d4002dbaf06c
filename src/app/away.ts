/**
 * Away seats: a player steps away (`/table away`, or two timeouts in a row) and the normal policy
 * plays their seat at once until they act again or say they are back; a table with nobody present
 * pauses itself rather than play bots against bots for ever.
 */
import { ok, type Seat } from '../engine/index.js';
import { StaleWriteError } from '../store/matchRepo.js';
import type { TableRecord } from '../store/records.js';
import { commitMoves } from './commit.js';
import { type Actor, type Core, findTable, needStatus, type Outcome, refuse, seatOfUser } from './core.js';
import { isAway } from './deadlines.js';
import { seatMoves } from './forcedMoves.js';
import { continueBots } from './hardTurns.js';
import { type ActOutcome, eventsOf } from './outcomes.js';
import type { LoadedMatch, LoadedTable } from './tables.js';

/** Timeouts in a row that make a seat away. */
export const TIMEOUTS_TO_AWAY = 2;

/** The table with `seat`'s player marked away or present and their timeouts in a row (0: none). */
export function withPresence(table: TableRecord, seat: Seat, away: boolean, timeouts: number): TableRecord {
  const occupant = table.seats[seat];
  if (occupant?.kind !== 'user') return table;
  if ((occupant.away === true) === away && (occupant.timeouts ?? 0) === timeouts) return table;
  const { away: _away, timeouts: _timeouts, ...person } = occupant;
  const next = { ...person, ...(away ? { away: true } : {}), ...(timeouts > 0 ? { timeouts } : {}) };
  const seats = [...table.seats] as [...TableRecord['seats']];
  seats[seat] = next;
  return { ...table, seats: seats as unknown as TableRecord['seats'] };
}

/** The player of `seat` acted: their seat is theirs again from the next decision, their count reset. */
export function present(table: TableRecord, seat: Seat): TableRecord {
  return withPresence(table, seat, false, 0);
}

/** Every seat present with a clean record (a new match). */
export function everyonePresent(table: TableRecord): TableRecord {
  let next = table;
  for (const seat of [0, 1, 2, 3] as const) next = present(next, seat);
  return next;
}

/** One more timeout for `seat`: the second in a row marks it away. */
export function timedOut(table: TableRecord, seat: Seat): TableRecord {
  const occupant = table.seats[seat];
  if (occupant?.kind !== 'user') return table;
  const count = (occupant.timeouts ?? 0) + 1;
  return withPresence(table, seat, occupant.away === true || count >= TIMEOUTS_TO_AWAY, count);
}

/** Nobody present: every seat is a bot or away. */
export function nobodyPresent(table: TableRecord): boolean {
  return table.seats.every((o) => o === null || o.kind === 'bot' || isAway(o));
}

/** A playing table with nobody present pauses itself (shown on its message by its seats). */
export function pauseIfNobody(table: TableRecord): TableRecord {
  return table.status === 'playing' && nobodyPresent(table)
    ? { ...table, status: 'paused', pauseVotes: [] }
    : table;
}

/** The actor's seat at a table in a match (playing or paused): what both away buttons act on. */
function ownSeat(core: Core, tableId: string, actor: Actor): Outcome<{ loaded: LoadedTable; seat: Seat }> {
  const found = findTable(core, tableId);
  if (!found.ok) return found;
  const loaded = found.value;
  const bad = needStatus(loaded.table, 'playing', 'paused');
  if (bad) return refuse(bad);
  const seat = seatOfUser(loaded.table, actor.userId);
  return seat === null ? refuse({ code: 'not_seated' }) : ok({ loaded, seat });
}

/**
 * `/table away`: the actor's seat is played by the normal policy from now on, starting with any
 * decision it owes now (in the same transaction). If that leaves nobody present, the table pauses.
 * Refused while the match is paused.
 */
export function goAway(core: Core, tableId: string, actor: Actor): Outcome<ActOutcome> {
  const found = ownSeat(core, tableId, actor);
  if (!found.ok) return found;
  const { loaded, seat } = found.value;
  if (isAway(loaded.table.seats[seat])) return refuse({ code: 'already_away' });
  // Nobody steps away from a paused match: so a paused table with nobody present is always one
  // that paused itself for want of anyone (which the first to come back sets going again).
  const paused = needStatus(loaded.table, 'playing');
  if (paused) return refuse(paused);
  const occupant = loaded.table.seats[seat];
  const timeouts = occupant?.kind === 'user' ? (occupant.timeouts ?? 0) : 0;
  return settle(core, loaded, (table) => pauseIfNobody(withPresence(table, seat, true, timeouts)));
}

/**
 * The **I'm back** button: the seat is its player's again from the next decision. A table that
 * paused itself because nobody was present (every seat away or a bot) resumes with them: the pause
 * was only for want of anyone, and it would otherwise wait for a command nobody is told about.
 */
export function comeBack(core: Core, tableId: string, actor: Actor): Outcome<ActOutcome> {
  const found = ownSeat(core, tableId, actor);
  if (!found.ok) return found;
  const { loaded, seat } = found.value;
  if (!isAway(loaded.table.seats[seat])) return refuse({ code: 'not_away' });
  // A request to take the seat no longer counts, now or if they step away again.
  return settle(
    core,
    loaded,
    (table) => resumeIfWanted(table, present(table, seat)),
    () => core.store.seats.deleteRequest(tableId, seat),
  );
}

/** `after` playing again when `before` was paused for want of anyone present (see pauseIfNobody). */
function resumeIfWanted(before: TableRecord, after: TableRecord): TableRecord {
  return before.status === 'paused' && nobodyPresent(before)
    ? { ...after, status: 'playing', pauseVotes: [] }
    : after;
}

/**
 * Commits a change of presence with the moves it lets the bot and away seats make at once (none
 * when the table is paused, or pauses now), asks a hard seat that owes, and returns what happened.
 */
function settle(
  core: Core,
  loaded: LoadedTable,
  change: (table: TableRecord) => TableRecord,
  alsoWrite?: () => void,
): Outcome<ActOutcome> {
  const match = loaded.match as LoadedMatch;
  const changed = change(loaded.table);
  const moves = changed.status === 'playing' ? seatMoves(core, changed, match.id, match.state) : [];
  try {
    const after = commitMoves(core, loaded, moves, change, alsoWrite);
    continueBots(core, after, moves.length > 0);
    return ok({ table: after.table, state: (after.match as LoadedMatch).state, events: eventsOf(moves) });
  } catch (error) {
    if (!(error instanceof StaleWriteError)) throw error;
    core.tables.forget(loaded.table.id);
    const version = core.tables.get(loaded.table.id)?.match?.state.version ?? match.state.version;
    return refuse({ code: 'stale_view', seen: match.state.version, version });
  }
}
