/** Matches at a table: start, every player's action (one durable transaction each), bots' turns. */
import {
  type Action,
  apply,
  type GameEvent,
  isBomb,
  newMatch,
  ok,
  parseAction,
  readCombos,
  SEATS,
} from '../engine/index.js';
import { StaleWriteError } from '../store/matchRepo.js';
import type { Occupant, TableRecord } from '../store/records.js';
import { everyonePresent, present } from './away.js';
import { commitMoves } from './commit.js';
import {
  type Actor,
  type Core,
  findTable,
  needHost,
  needStatus,
  type Outcome,
  refuse,
  seatOfUser,
} from './core.js';
import { armTable, isAway } from './deadlines.js';
import { seatMoves } from './forcedMoves.js';
import { continueBots } from './hardTurns.js';
import { type ActOutcome, eventsOf, type Move } from './outcomes.js';
import type { LoadedMatch, LoadedTable } from './tables.js';

/**
 * Starts a match (also a new one after a finished match) once all four seats are filled. `seed`:
 * an event's board seed (every table of a duplicate round deals the same); by default a new one.
 */
export function startMatch(core: Core, tableId: string, actor: Actor, seed?: string): Outcome<ActOutcome> {
  const found = findTable(core, tableId);
  if (!found.ok) return found;
  const { table } = found.value;
  const bad = needHost(table, actor) ?? needStatus(table, 'lobby', 'finished');
  if (bad) return refuse(bad);
  // An event's table plays the match its event dealt, once: another would rewrite its boards.
  if (seed === undefined && core.store.events.ofTable(tableId))
    return refuse({ code: 'event', reason: 'event_table' });
  // A weekly challenge's table plays the week's boards, once.
  if (seed === undefined && core.store.challenges.ofTable(tableId))
    return refuse({ code: 'challenge', reason: 'solo_table' });
  const empty = table.seats.filter((o) => o === null).length;
  if (empty > 0) return refuse({ code: 'seats_not_filled', empty });
  if (table.status === 'finished') {
    const other = core.tables.activeInChannel(table.channelId);
    if (other) return refuse({ code: 'channel_has_table', tableId: other.table.id });
  }
  const seats = table.seating === 'random' ? shuffleSeats(core, table.seats) : table.seats;
  const state = newMatch(table.settings, seed ?? core.env.newSeed());
  const now = core.env.now();
  // A new match starts with everyone present and no clock yet (the first commit sets it).
  let next: TableRecord = {
    ...everyonePresent({ ...table, seats }),
    status: 'playing',
    pauseVotes: [],
    deadline: null,
    notice: null,
    updatedAt: now,
  };
  // The new match and its bots' first decisions (Grand Tichu) commit together: a crash between them
  // would leave a file where a bot owes a move nobody is waiting for.
  const { loaded: after, events } = transactionOrRestore(core, found.value, () => {
    const matchId = core.store.matches.create(table.id, table.guildId, state, now);
    next = { ...next, matchId };
    core.store.tables.update(next);
    // Who holds each seat from the first decision: statistics and the rating rule read it.
    for (const seat of SEATS) {
      const occupant = next.seats[seat];
      if (occupant) core.store.seats.addHolder(matchId, seat, state.version, occupant);
    }
    // Requests to take a seat belong to their match.
    core.store.seats.deleteRequestsBefore(table.id, matchId);
    const loaded: LoadedTable = { table: next, match: { id: matchId, state, handStart: 0 } };
    core.tables.put(loaded);
    // Inside the transaction the bots' commit is a savepoint of it.
    return settleBots(core, loaded, false);
  });
  return ok({ table: after.table, state: (after.match as LoadedMatch).state, events });
}

/**
 * A transaction whose work puts into the cache (and arms) before it commits. If it rolls back (a
 * full disk, say), the table goes back to what is stored, in memory and on the clock, so the next
 * request starts from the file and no half-started match remains.
 */
function transactionOrRestore<T>(core: Core, stored: LoadedTable, work: () => T): T {
  try {
    return core.store.transaction(work);
  } catch (error) {
    core.tables.put(stored);
    armTable(core, stored.table);
    throw error;
  }
}

function shuffleSeats(core: Core, seats: TableRecord['seats']): TableRecord['seats'] {
  const pool = [...seats];
  for (let i = pool.length - 1; i > 0; i--) {
    const j = core.env.randomInt(i + 1);
    [pool[i], pool[j]] = [pool[j] as Occupant | null, pool[i] as Occupant | null];
  }
  return pool as unknown as TableRecord['seats'];
}

/**
 * One action by the user seated at the table. `seenVersion` is the state version the player's view
 * showed: a turn-bound action from an older view is refused as stale; bombs, calls, Grand Tichu
 * decisions and exchange picks are judged against the current state whatever the player saw.
 */
export function act(
  core: Core,
  tableId: string,
  actor: Actor,
  input: unknown,
  seenVersion?: number,
): Outcome<ActOutcome> {
  const found = findTable(core, tableId);
  if (!found.ok) return found;
  const loaded = found.value;
  const bad = needStatus(loaded.table, 'playing');
  if (bad) return refuse(bad);
  const seat = seatOfUser(loaded.table, actor.userId);
  if (seat === null) return refuse({ code: 'not_seated' });
  const parsed = parseAction(input);
  if (!parsed.ok) return refuse({ code: 'rule', error: parsed.error });
  const { state, handStart } = loaded.match as LoadedMatch;
  // Any click from a view of an earlier hand (a Grand Tichu or exchange button from hand 1 seen in
  // hand 2) or of a version that never was is stale; within the hand only turn-bound ones are.
  if (
    seenVersion !== undefined &&
    seenVersion !== state.version &&
    (isTurnBound(parsed.value) || seenVersion < handStart || seenVersion > state.version)
  ) {
    return refuse({ code: 'stale_view', seen: seenVersion, version: state.version });
  }
  const step = apply(state, seat, parsed.value);
  if (!step.ok) return refuse({ code: 'rule', error: step.error });
  // The player's action and the bots' answers to it are one transaction: one durable write, and
  // nothing is acknowledged before all of it is committed. A player who acts is present: an away
  // seat is theirs again from the next decision, their timeouts forgotten, the last notice gone.
  const mine: Move = { seat, userId: actor.userId, action: parsed.value, step: step.value };
  const table = present(loaded.table, seat);
  const moves = [mine, ...seatMoves(core, table, (loaded.match as LoadedMatch).id, step.value.state)];
  // A hard seat that owes the next decision is asked once this is committed: its answer comes later.
  let after: LoadedTable;
  // Back from away: a request to take the seat no longer counts, now or if they step away again.
  const back = isAway(loaded.table.seats[seat])
    ? () => core.store.seats.deleteRequest(tableId, seat)
    : undefined;
  try {
    after = commitMoves(
      core,
      loaded,
      moves,
      (t) => (t.notice === null ? present(t, seat) : { ...present(t, seat), notice: null }),
      back,
    );
  } catch (error) {
    if (!(error instanceof StaleWriteError)) throw error;
    // The file moved on without us (another process on the same database): what we hold is
    // stale. Forget it, read the table again, and refuse like any other stale view.
    core.tables.forget(tableId);
    const now = core.tables.get(tableId)?.match?.state.version ?? state.version;
    return refuse({ code: 'stale_view', seen: seenVersion ?? state.version, version: now });
  }
  continueBots(core, after);
  return ok({ table: after.table, state: (after.match as LoadedMatch).state, events: eventsOf(moves) });
}

export function isTurnBound(action: Action): boolean {
  if (action.type === 'play') return !readCombos(action.cards).some(isBomb);
  return action.type === 'pass' || action.type === 'wish' || action.type === 'giveDragon';
}

/**
 * Brings a playing table up to date: the easy and normal bot seats and the away seats make every
 * decision they owe, in one transaction (which also sets the table's deadline), and a hard seat
 * that owes the next one is asked for it. Runs when a match starts and when a table is first loaded
 * or resumed (a crash or a restart may have come between a player's action and the bots' answers).
 * Returns the events of the moves made now.
 */
export function settleBots(
  core: Core,
  loaded: LoadedTable,
  announce = true,
): { loaded: LoadedTable; events: GameEvent[] } {
  if (loaded.table.status !== 'playing' || !loaded.match) return { loaded, events: [] };
  // Another shard's table is settled by its own shard, never here.
  if (!core.owns(loaded.table.guildId)) return { loaded, events: [] };
  const moves = seatMoves(core, loaded.table, loaded.match.id, loaded.match.state);
  try {
    const after = commitMoves(core, loaded, moves);
    // Armed even when nothing changed: a table read afresh (another process moved it) keeps its clock.
    armTable(core, after.table);
    const events = eventsOf(moves);
    if (announce && moves.length > 0)
      core.onBotsMoved({ table: after.table, state: (after.match as LoadedMatch).state, events });
    continueBots(core, after, moves.length > 0);
    return { loaded: after, events };
  } catch (error) {
    if (!(error instanceof StaleWriteError)) throw error;
    // Someone else moved the match on: drop what we hold; the next touch reads it afresh.
    core.tables.forget(loaded.table.id);
    return { loaded, events: [] };
  }
}
