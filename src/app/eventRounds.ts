/**
 * An event's rounds: the start, seating each round (rotating: new partners; duplicate: pairs moved
 * Mitchell-style, the same boards at every table), opening each table in its thread, noticing when
 * a round is over (or the host closes it), and moving on. Everything a round needs is committed
 * before any thread is made, so a restart carries on exactly: pending tables are opened then.
 */
import { makeSettings, ok } from '../engine/index.js';
import { type PastRound, seatRotatingRound } from '../events/index.js';
import type { EventRecord, EventSeats, EventTable } from '../store/eventRepo.js';
import type { Occupant, TableRecord } from '../store/records.js';
import { type Actor, type Core, type Outcome, refuse } from './core.js';
import { armTable, withDeadline } from './deadlines.js';
import { eventRefusal, findEvent, MIN_EVENT_PLAYERS } from './eventLobby.js';
import { countedBoards, eventResults, handsByTable, placingsOf } from './eventResults.js';
import { BOT, duplicateMovement, type EventPair, eventPairs, roundSeed } from './eventSeating.js';
import { startMatch } from './matchPlay.js';
import type { ActOutcome } from './outcomes.js';
import { abandon } from './pause.js';
import { recordMatchEnd } from './results.js';

/** Where an event stands after a change: what the Discord layer posts, edits and opens. */
export interface EventProgress {
  readonly event: EventRecord;
  /** Boards every table of their round has played (or the round was closed), not yet posted. */
  readonly boardsReady: ReadonlyArray<{ readonly round: number; readonly board: number }>;
  /** Tables of the current round still without a table (their threads to make). */
  readonly toOpen: readonly EventTable[];
  /** A round ended with this change (its number). */
  readonly roundEnded: number | null;
  /**
   * Whether the event message may show something new: a table finished or closed, a round ended,
   * the event started, ended or was called off. A hand end that changed none of these is not.
   */
  readonly changed: boolean;
}

/** The host starts the event: round 1 is seated (its tables are then opened in their threads). */
export function startEvent(core: Core, eventId: string, actor: Actor): Outcome<EventProgress> {
  const found = findEvent(core, eventId);
  if (!found.ok) return found;
  const event = found.value;
  if (event.hostId !== actor.userId) return eventRefusal('not_host');
  if (event.status !== 'checkin') return eventRefusal('not_checking_in');
  const players = core.store.events.players(eventId).filter((p) => p.checkedIn);
  if (players.length < MIN_EVENT_PLAYERS) return eventRefusal('too_few', MIN_EVENT_PLAYERS);
  const started = core.store.transaction(() => seatRound(core, { ...event, status: 'running' }, 1));
  return ok(progressOf(core, started, null));
}

/** Seats round `round` and writes it (inside the caller's transaction). */
function seatRound(core: Core, event: EventRecord, round: number): EventRecord {
  const now = core.env.now();
  const players = core.store.events.players(event.id);
  const tables: EventTable[] = [];
  const base = { eventId: event.id, round, threadId: null, tableId: null, status: 'pending' as const };
  if (event.format === 'duplicate') {
    const pairs = eventPairs(players, core.store.events.tables(event.id));
    for (const a of duplicateMovement(pairs, round)) {
      const ns = pairs[a.ns] as EventPair;
      const ew = pairs[a.ew] as EventPair;
      const seats: EventSeats = [ns.players[0], ew.players[0], ns.players[1], ew.players[1]];
      tables.push({ ...base, number: a.table, seats, nsPair: a.ns, ewPair: a.ew });
    }
  } else {
    const here = players.filter((p) => p.checkedIn).map((p) => p.userId);
    const seating = seatRotatingRound(here, pastRounds(core, event.id), event.seed);
    seating.tables.forEach((seats, number) => {
      tables.push({
        ...base,
        number,
        seats: [...seats] as unknown as EventSeats,
        nsPair: null,
        ewPair: null,
      });
    });
    for (const userId of seating.sitOuts) core.store.events.addSitOut(event.id, round, userId);
  }
  for (const table of tables) core.store.events.insertTable(table);
  const next: EventRecord = { ...event, round, updatedAt: now };
  core.store.events.update(next);
  return next;
}

/** The rounds seated so far, as rotating seating reads them. */
function pastRounds(core: Core, eventId: string): PastRound[] {
  const rounds = new Map<
    number,
    { tables: Array<readonly [string, string, string, string]>; sitOuts: string[] }
  >();
  const at = (round: number) => {
    const entry = rounds.get(round) ?? { tables: [], sitOuts: [] };
    rounds.set(round, entry);
    return entry;
  };
  for (const t of core.store.events.tables(eventId))
    at(t.round).tables.push(
      t.seats.map((s) => s ?? BOT) as unknown as readonly [string, string, string, string],
    );
  for (const s of core.store.events.sitOuts(eventId)) at(s.round).sitOuts.push(s.userId);
  return [...rounds.keys()].sort((a, b) => a - b).map((r) => rounds.get(r) as PastRound);
}

/**
 * Remembers the thread made for a pending table of the current round, before its table opens: a
 * retry (after a failure or a restart) uses it rather than making another. False when the table is
 * no longer pending in that round (the round moved on, or it was opened): the thread is not needed.
 */
export function setEventThread(
  core: Core,
  eventId: string,
  round: number,
  number: number,
  threadId: string,
): boolean {
  const found = findEvent(core, eventId);
  if (!found.ok || found.value.status !== 'running' || found.value.round !== round) return false;
  const slot = core.store.events.tables(eventId).find((t) => t.round === round && t.number === number);
  if (slot?.status !== 'pending') return false;
  core.store.transaction(() => core.store.events.updateTable({ ...slot, threadId }));
  return true;
}

/**
 * Opens an event table of round `round` in its thread: the table (in the thread's channel, the
 * event's host as its host, bots where nobody sits) and its match, dealt from the round's boards.
 * A table already open returns null; one whose start was cut short (still a lobby) starts now. A
 * round that moved on (the host closed it meanwhile) refuses: the thread is for nothing.
 */
export function openEventTable(
  core: Core,
  eventId: string,
  round: number,
  number: number,
  threadId: string,
): Outcome<ActOutcome | null> {
  const found = findEvent(core, eventId);
  if (!found.ok) return found;
  const event = found.value;
  if (event.status !== 'running') return eventRefusal('not_running');
  if (event.round !== round) return eventRefusal('table_gone');
  const slot = core.store.events.tables(eventId).find((t) => t.round === round && t.number === number);
  if (!slot) return eventRefusal('unknown');
  const names = new Map(core.store.events.players(eventId).map((p) => [p.userId, p.name]));
  const host: Actor = { userId: event.hostId, name: names.get(event.hostId) ?? event.hostId };
  if (slot.tableId !== null) {
    // Opened before; its match's start may have been cut short (a busy disk, a crash).
    if (core.store.tables.get(slot.tableId)?.status !== 'lobby') return ok(null);
    return startMatch(core, slot.tableId, host, roundSeed(event, round, number));
  }
  if (slot.status !== 'pending') return eventRefusal('table_gone');
  const now = core.env.now();
  const seats = slot.seats.map(
    (userId): Occupant =>
      userId === null
        ? { kind: 'bot', level: 'normal' }
        : { kind: 'user', userId, name: names.get(userId) ?? userId },
  ) as unknown as TableRecord['seats'];
  const table: TableRecord = withDeadline(
    {
      id: core.env.newTableId(),
      guildId: event.guildId,
      channelId: threadId,
      hostId: event.hostId,
      messageId: null,
      status: 'lobby',
      settings: makeSettings({ grandTichu: event.options.grandTichu, handLimit: event.hands }),
      seating: 'chosen',
      matchId: null,
      pauseVotes: [],
      seats,
      timer: event.options.timer,
      pace: 'normal',
      deadline: null,
      notice: null,
      createdAt: now,
      updatedAt: now,
    },
    null,
    now,
  );
  core.store.transaction(() => {
    for (const o of seats) if (o?.kind === 'user') core.store.tables.upsertPlayer(o.userId, o.name, now);
    core.store.tables.insert(table);
    core.store.events.updateTable({ ...slot, threadId, tableId: table.id, status: 'playing' });
  });
  core.tables.put({ table, match: null });
  armTable(core, table);
  return startMatch(core, table.id, host, roundSeed(event, round, number));
}

/**
 * Brings an event up to date after a hand ended at one of its tables, one ended, or at start-up:
 * tables whose match is over are marked, boards every table has played are reported, and a round
 * whose tables are all done gives way to the next (or ends the event: after its last round, or when
 * too few people are left to seat one). Idempotent.
 */
export function settleEvent(core: Core, eventId: string): Outcome<EventProgress> {
  const found = findEvent(core, eventId);
  if (!found.ok) return found;
  let event = found.value;
  if (event.status !== 'running') return ok(progressOf(core, event, null));
  let roundEnded: number | null = null;
  let changed = false;
  core.store.transaction(() => {
    const current = core.store.events.tables(eventId).filter((t) => t.round === event.round);
    const state = core.store.events.playState(eventId, event.round);
    for (const slot of current) {
      if (slot.status !== 'playing') continue;
      const done = tableDone(state, slot.tableId);
      if (done) core.store.events.updateTable({ ...slot, status: done });
      if (done) changed = true;
    }
    const after = core.store.events.tables(eventId).filter((t) => t.round === event.round);
    if (after.length > 0 && !after.every((t) => t.status === 'finished' || t.status === 'closed')) return;
    roundEnded = event.round;
    recordRoundResults(core, event, after);
    if (event.round < event.rounds && canSeat(core, event)) event = seatRound(core, event, event.round + 1);
    else {
      event = { ...event, status: 'finished', updatedAt: core.env.now() };
      core.store.events.update(event);
      for (const placing of placingsOf(eventResults(core, event)))
        core.store.events.addPlacing(event, placing);
    }
  });
  return ok(progressOf(core, event, roundEnded, changed || roundEnded !== null));
}

type PlayState = ReturnType<Core['store']['events']['playState']>;

/**
 * Whether an event table is done, and how: its match played out (`finished`, even if the table was
 * ended after: its boards count), or the table ended before that (`closed`: its missing boards
 * score the average); null while it plays (or has no table yet).
 */
function tableDone(state: PlayState, tableId: string | null): 'finished' | 'closed' | null {
  const s = tableId === null ? undefined : state.get(tableId);
  if (!s || (s.table !== 'finished' && s.table !== 'abandoned')) return null;
  return s.table === 'finished' || s.match === 'finished' ? 'finished' : 'closed';
}

/** Whether another round can be seated: a rotating event needs four people checked in. */
function canSeat(core: Core, event: EventRecord): boolean {
  if (event.format === 'duplicate') return true;
  return core.store.events.players(event.id).filter((p) => p.checkedIn).length >= MIN_EVENT_PLAYERS;
}

/**
 * A duplicate round's matches count in everyone's statistics (and ratings, if rated) once the round
 * is over, never before: a player's totals moving would tell the tables behind how a board went.
 */
function recordRoundResults(core: Core, event: EventRecord, tables: readonly EventTable[]): void {
  if (event.format !== 'duplicate') return;
  const now = core.env.now();
  for (const slot of tables) {
    if (slot.status !== 'finished' || slot.tableId === null) continue;
    const table = core.store.tables.get(slot.tableId);
    const stored = table?.matchId == null ? null : core.store.matches.load(table.matchId);
    if (table && stored) recordMatchEnd(core.store, stored.id, table, stored.state, now);
  }
}

/** The host ends the current round now: unfinished tables close, their missing boards score the average. */
export function closeRound(core: Core, eventId: string, actor: Actor): Outcome<EventProgress> {
  const found = findEvent(core, eventId);
  if (!found.ok) return found;
  const event = found.value;
  if (event.hostId !== actor.userId) return eventRefusal('not_host');
  if (event.status !== 'running') return eventRefusal('not_running');
  for (const slot of core.store.events.tables(eventId)) {
    if (slot.round !== event.round || slot.status === 'finished' || slot.status === 'closed') continue;
    if (
      slot.tableId !== null &&
      tableDone(core.store.events.playState(eventId, event.round), slot.tableId) === null
    ) {
      const ended = abandon(core, slot.tableId, actor);
      if (!ended.ok) return refuse(ended.error);
    }
    // A table whose match is over already keeps its boards (settle marks it finished).
    const done = tableDone(core.store.events.playState(eventId, event.round), slot.tableId) ?? 'closed';
    core.store.transaction(() => core.store.events.updateTable({ ...slot, status: done }));
  }
  return settleEvent(core, eventId);
}

/** What changed, with the boards ready and the tables still to open. */
function progressOf(
  core: Core,
  event: EventRecord,
  roundEnded: number | null,
  changed = true,
): EventProgress {
  const tables = core.store.events.tables(event.id);
  const state = event.status === 'running' ? core.store.events.playState(event.id, event.round) : new Map();
  return {
    event,
    changed,
    // A cancelled event posts nothing more: its closed tables' boards were never played out.
    boardsReady: event.status === 'cancelled' ? [] : boardsReady(core, event, tables),
    // Tables without one yet, and any whose match's start was cut short (still a lobby): retried.
    toOpen:
      event.status === 'running'
        ? tables.filter(
            (t) => t.round === event.round && (t.tableId === null || state.get(t.tableId)?.table === 'lobby'),
          )
        : [],
    roundEnded,
  };
}

/** Boards that count (eventResults.ts: every table of their round played them), not yet posted. */
function boardsReady(core: Core, event: EventRecord, tables: readonly EventTable[]) {
  const posted = core.store.events.posted(event.id);
  return countedBoards(event, tables, handsByTable(core.store.events.hands(event.id))).filter(
    (b) => !posted.has(`${b.round}:${b.board}`),
  );
}

/**
 * The host calls the event off: tables still playing end (kept as abandoned, like any table the host
 * ends), and the event is over without final standings or placings.
 */
export function cancelEvent(core: Core, eventId: string, actor: Actor): Outcome<EventProgress> {
  const found = findEvent(core, eventId);
  if (!found.ok) return found;
  const event = found.value;
  if (event.hostId !== actor.userId) return eventRefusal('not_host');
  if (event.status !== 'checkin' && event.status !== 'running') return eventRefusal('not_running');
  for (const slot of core.store.events.tables(eventId)) {
    if (slot.round !== event.round || slot.tableId === null) continue;
    const status = core.store.tables.get(slot.tableId)?.status;
    if (status === 'finished' || status === 'abandoned') continue;
    const ended = abandon(core, slot.tableId, actor);
    if (!ended.ok) return refuse(ended.error);
  }
  const cancelled: EventRecord = { ...event, status: 'cancelled', updatedAt: core.env.now() };
  core.store.transaction(() => {
    const round = core.store.events.tables(eventId).filter((t) => t.round === event.round);
    const state = core.store.events.playState(eventId, event.round);
    const marked = round.map((slot) => {
      if (slot.status !== 'playing' && slot.status !== 'pending') return slot;
      const done = tableDone(state, slot.tableId) ?? 'closed';
      const next = { ...slot, status: done };
      core.store.events.updateTable(next);
      return next;
    });
    // Matches played out before the cancel count, as at any round's end (a duplicate round's
    // waited for it: recordRoundResults records only those).
    recordRoundResults(core, event, marked);
    core.store.events.update(cancelled);
  });
  return ok(progressOf(core, cancelled, null));
}
