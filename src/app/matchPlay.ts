/** Matches at a table: start, every player's action (one durable transaction each), bots' turns. */
import { botChoice, owesAction } from '../bots/randomBot.js';
import {
  type Action,
  apply,
  type GameEvent,
  isBomb,
  legalActions,
  type MatchState,
  newMatch,
  ok,
  parseAction,
  Rng,
  readCombos,
  SEATS,
  type Seat,
  type Step,
  seatView,
  seedRng,
} from '../engine/index.js';
import { StaleWriteError } from '../store/matchRepo.js';
import type { Occupant, TableRecord } from '../store/records.js';
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
import { recordMatchEnd } from './results.js';
import type { LoadedMatch, LoadedTable } from './tables.js';

export interface ActOutcome {
  readonly table: TableRecord;
  readonly state: MatchState;
  /** What happened, in order, including the moves of bot seats that followed. */
  readonly events: readonly GameEvent[];
}

const MAX_BOT_MOVES = 5_000;

/** Starts a match (also a new one after a finished match) once all four seats are filled. */
export function startMatch(core: Core, tableId: string, actor: Actor): Outcome<ActOutcome> {
  const found = findTable(core, tableId);
  if (!found.ok) return found;
  const { table } = found.value;
  const bad = needHost(table, actor) ?? needStatus(table, 'lobby', 'finished');
  if (bad) return refuse(bad);
  const empty = table.seats.filter((o) => o === null).length;
  if (empty > 0) return refuse({ code: 'seats_not_filled', empty });
  if (table.status === 'finished') {
    const other = core.tables.activeInChannel(table.channelId);
    if (other) return refuse({ code: 'channel_has_table', tableId: other.table.id });
  }
  const seats = table.seating === 'random' ? shuffleSeats(core, table.seats) : table.seats;
  const state = newMatch(table.settings, core.env.newSeed());
  const now = core.env.now();
  let next: TableRecord = { ...table, seats, status: 'playing', pauseVotes: [], updatedAt: now };
  core.store.transaction(() => {
    const matchId = core.store.matches.create(table.id, table.guildId, state, now);
    next = { ...next, matchId };
    core.store.tables.update(next);
  });
  const loaded: LoadedTable = { table: next, match: { id: next.matchId as number, state, handStart: 0 } };
  core.tables.put(loaded);
  const { loaded: after, events } = settleBots(core, loaded, false);
  return ok({ table: after.table, state: (after.match as LoadedMatch).state, events });
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
  // nothing is acknowledged before all of it is committed.
  const mine: Move = { seat, userId: actor.userId, action: parsed.value, step: step.value };
  const moves = [mine, ...botMoves(core, loaded.table, (loaded.match as LoadedMatch).id, step.value.state)];
  let after: LoadedTable;
  try {
    after = commitMoves(core, loaded, moves);
  } catch (error) {
    if (!(error instanceof StaleWriteError)) throw error;
    // The file moved on without us (another process on the same database): what we hold is
    // stale. Forget it, read the table again, and refuse like any other stale view.
    core.tables.forget(tableId);
    const now = core.tables.get(tableId)?.match?.state.version ?? state.version;
    return refuse({ code: 'stale_view', seen: seenVersion ?? state.version, version: now });
  }
  return ok({ table: after.table, state: (after.match as LoadedMatch).state, events: eventsOf(moves) });
}

export function isTurnBound(action: Action): boolean {
  if (action.type === 'play') return !readCombos(action.cards).some(isBomb);
  return action.type === 'pass' || action.type === 'wish' || action.type === 'giveDragon';
}

/** One accepted action, computed but not yet written. */
interface Move {
  readonly seat: Seat;
  /** Null for a bot seat. */
  readonly userId: string | null;
  readonly action: Action;
  readonly step: Step;
}

function eventsOf(moves: readonly Move[]): GameEvent[] {
  return moves.flatMap((m) => m.step.events);
}

/**
 * The one IMMEDIATE transaction of accepted actions, in order: each one's log entry and the state
 * it produced (each written only over the version it was computed from), hand results, and the
 * match's end with its results. The cache follows only once it is committed.
 */
function commitMoves(core: Core, loaded: LoadedTable, moves: readonly Move[]): LoadedTable {
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

/** A bot seat's move that the engine refused: a bug in a bot or the engine, reported, never thrown. */
export interface BotFault {
  readonly tableId: string;
  readonly matchId: number;
  readonly version: number;
  readonly seat: Seat;
  readonly code: string;
}

/**
 * Brings a playing table up to date: the bot seats make every decision they owe, in one
 * transaction. Runs after each action, and when a table is first loaded or resumed (a crash may
 * have come between a player's action and the bots' answers, in older versions). Returns the
 * events of the moves made.
 */
export function settleBots(
  core: Core,
  loaded: LoadedTable,
  announce = true,
): { loaded: LoadedTable; events: GameEvent[] } {
  if (loaded.table.status !== 'playing' || !loaded.match) return { loaded, events: [] };
  const moves = botMoves(core, loaded.table, loaded.match.id, loaded.match.state);
  try {
    const after = commitMoves(core, loaded, moves);
    const events = eventsOf(moves);
    if (announce && moves.length > 0)
      core.onBotsMoved({ table: after.table, state: (after.match as LoadedMatch).state, events });
    return { loaded: after, events };
  } catch (error) {
    if (!(error instanceof StaleWriteError)) throw error;
    // Someone else moved the match on: drop what we hold; the next touch reads it afresh.
    core.tables.forget(loaded.table.id);
    return { loaded, events: [] };
  }
}

/** Every decision the bot seats owe from `state` on, in order, until a person must act or the match ends. */
function botMoves(core: Core, table: TableRecord, matchId: number, from: MatchState): Move[] {
  const bots = SEATS.filter((seat) => table.seats[seat]?.kind === 'bot');
  const moves: Move[] = [];
  let state = from;
  for (let i = 0; i < MAX_BOT_MOVES && bots.length > 0 && state.status === 'playing'; i++) {
    const seat = bots.find((s) => owesAction(state, s));
    if (seat === undefined) break;
    // The bot decides from its seat's view and its legal actions, as a person would.
    const legal = state.hand.phase === 'play' ? legalActions(state, seat, { exchanges: false }) : [];
    const rng = new Rng(seedRng(`${state.seed}:bots:${state.version}`));
    const picked = botChoice(seatView(state, seat), legal, rng);
    if (!picked) break;
    const move = { seat, action: picked };
    let chosen: Move | null = null;
    const step = apply(state, move.seat, move.action);
    if (step.ok) chosen = { seat: move.seat, userId: null, action: move.action, step: step.value };
    else {
      // The bot's pick was refused: report it, and let the seat make any move the engine accepts
      // rather than leave the table waiting for it for ever.
      core.onBotFault({
        tableId: table.id,
        matchId,
        version: state.version,
        seat: move.seat,
        code: step.error.code,
      });
      for (const action of legalActions(state, move.seat)) {
        const fallback = apply(state, move.seat, action);
        if (fallback.ok) {
          chosen = { seat: move.seat, userId: null, action, step: fallback.value };
          break;
        }
      }
    }
    if (!chosen) break;
    moves.push(chosen);
    state = chosen.step.state;
  }
  return moves;
}
