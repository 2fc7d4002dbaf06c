/**
 * What bot seats do after a commit that left them owing: at a paced table (pace.ts) their next move
 * of the play waits for its pause and is then committed on its own, and announced; hard bot seats'
 * owed decisions are made off the main thread: asked of the decider (the worker pool) after a
 * commit, and on their answer checked against the table (held for what is left of the pause),
 * committed with the easy and normal moves (and the away seats' moves) that may follow, and
 * announced. At most one decision per table is in flight.
 */
import { type DecisionAnswer, type DecisionRequest, reasonOf, runDecision } from '../bots/decisionJob.js';
import type { BotLevel } from '../bots/policy.js';
import { StaleWriteError } from '../store/matchRepo.js';
import { hardSeatOwing, levelOf, owedMove, requestFor } from './botMoves.js';
import { commitMoves } from './commit.js';
import type { Core } from './core.js';
import { seatMoves } from './forcedMoves.js';
import { eventsOf } from './outcomes.js';
import {
  moved as notePaced,
  paceMs,
  park,
  parkedAt,
  retryStep,
  scheduleStep,
  stopPacing,
  waitMs,
} from './pace.js';
import { isDiskFull } from './storeErrors.js';
import type { LoadedMatch, LoadedTable } from './tables.js';

/**
 * After any commit at a table (`moved`: it made moves, so the next bot move waits a whole pause
 * from now): a hard seat that owes is asked at once, and at a paced table the next bot move of the
 * play is made when its pause is over.
 */
export function continueBots(core: Core, after: LoadedTable, moved = true): void {
  notePaced(core, after.table.id, moved);
  dispatchHard(core, after);
  scheduleStep(core, after.table, () => pacedStep(core, after.table.id));
}

/**
 * A paced table's next bot move of the play, when its pause is over: made and committed on its own
 * (with the decisions that follow at once, such as the next hand's Grand Tichu), and announced.
 * Nothing to do when a person owes the next decision, or a hard seat (asked already, or now).
 */
function pacedStep(core: Core, tableId: string): void {
  if (core.bots.stopped) return;
  // Runs only from pace.ts's timers, which report a throw (a table that cannot be read) and retry.
  const loaded = core.tables.get(tableId);
  if (!loaded?.match || loaded.table.status !== 'playing' || !core.owns(loaded.table.guildId)) return;
  // A timer may fire a millisecond early (or a move was made meanwhile): the pause is kept whole.
  if (waitMs(core, loaded.table) > 0) {
    scheduleStep(core, loaded.table, () => pacedStep(core, tableId));
    return;
  }
  const match = loaded.match;
  // One move of the play now; at a table nobody watches any more (they stepped away), all of them.
  const once = paceMs(core, loaded.table) > 0 ? 1 : Number.POSITIVE_INFINITY;
  const moves = seatMoves(core, loaded.table, match.id, match.state, once);
  if (moves.length === 0) {
    dispatchHard(core, loaded);
    return;
  }
  let after: LoadedTable;
  try {
    after = commitMoves(core, loaded, moves);
  } catch (error) {
    // Another process moved the match on, or the disk refused: nothing was committed. Read afresh
    // at the next touch; a refused write is tried again shortly (a full disk is logged by the store).
    core.tables.forget(tableId);
    if (!(error instanceof StaleWriteError)) retryStep(core, tableId, () => pacedStep(core, tableId));
    return;
  }
  core.onBotsMoved({
    table: after.table,
    state: (after.match as LoadedMatch).state,
    events: eventsOf(moves),
  });
  continueBots(core, after);
}

/** If a hard bot seat owes the next decision at this playing table, asks for it (unless one is in flight). */
export function dispatchHard(core: Core, loaded: LoadedTable): void {
  const { bots } = core;
  const { table, match } = loaded;
  if (bots.stopped || bots.inFlight.has(table.id) || table.status !== 'playing' || !match) return;
  // Its answer for this very version is held for its pause: asked already.
  if (parkedAt(core, table.id, match.state.version)) return;
  // Another shard's table: its own shard asks for its hard seats' decisions.
  if (!core.owns(table.guildId)) return;
  const seat = hardSeatOwing(table, match.state);
  if (seat === null) return;
  const request = requestFor(core, levelOf(table, seat) as BotLevel, match.state, seat);
  const asked = performance.now();
  const done: Promise<void> = bots.decider
    .decide(request)
    .catch((error: unknown): DecisionAnswer => ({ ok: false, reason: reasonOf(error) }))
    .then((answer) => {
      // A decision that came back (a failed one is made again at normal level, and counted there).
      if (answer.ok) bots.onDecided?.(request.level, (performance.now() - asked) / 1000);
      answered(core, table.id, match.id, request, answer, done);
    })
    // Nothing in flight may reject unheard: an answer that could not be used is reported.
    .catch((error: unknown) => failed(core, table.id, match.id, request, reasonOf(error)));
  bots.inFlight.set(table.id, done);
}

/**
 * The answer is used only if the match is still where it was asked (same match, same version, still
 * playing). Paused: the resume asks again; moved on (someone bombed, called, or a hand's phase went
 * on): asked again now; over: nothing is owed.
 */
function answered(
  core: Core,
  tableId: string,
  matchId: number,
  request: DecisionRequest,
  answer: DecisionAnswer,
  /** The request's own mark in flight; none when a held answer comes back after its pause. */
  asked?: Promise<void>,
): void {
  const { bots } = core;
  let loaded: LoadedTable | null = null;
  try {
    if (bots.stopped) return;
    // Read while still marked in flight: a table read afresh from the file asks nothing twice.
    loaded = core.tables.get(tableId);
  } catch (error) {
    failed(core, tableId, matchId, request, `the table could not be read: ${reasonOf(error)}`);
    return;
  } finally {
    // Only its own mark: a held answer coming back must not clear a newer request's (asked twice).
    if (asked !== undefined && bots.inFlight.get(tableId) === asked) bots.inFlight.delete(tableId);
  }
  if (!loaded?.match || loaded.match.id !== matchId || loaded.table.status !== 'playing') return;
  // Stale if the match moved on, or if the seat is no longer the hard bot's (someone took it over:
  // a handover changes the table, not the match's version).
  if (
    loaded.match.state.version !== request.version ||
    levelOf(loaded.table, request.seat) !== request.level
  ) {
    dispatchHard(core, loaded);
    return;
  }
  // At a paced table an answer of the play waits for what is left of the pause since the last
  // move; a Grand Tichu decision, like every bot's, is made at once.
  const wait = loaded.match.state.hand.phase === 'play' ? waitMs(core, loaded.table) : 0;
  if (wait > 0) {
    park(core, tableId, request.version, wait, () => answered(core, tableId, matchId, request, answer));
    return;
  }
  play(core, loaded, request, answer);
}

function play(core: Core, loaded: LoadedTable, request: DecisionRequest, answer: DecisionAnswer): void {
  const { table } = loaded;
  const match = loaded.match as LoadedMatch;
  let decided = answer;
  if (!answer.ok) {
    failed(core, table.id, match.id, request, answer.reason);
    const started = performance.now();
    decided = runDecision({ ...request, level: 'normal' });
    core.bots.onDecided?.('normal', (performance.now() - started) / 1000);
  }
  const first = owedMove(core, table, match.id, match.state, request.seat, decided);
  if (!first) return;
  const moves = [first, ...seatMoves(core, table, match.id, first.step.state)];
  let after: LoadedTable;
  try {
    after = commitMoves(core, loaded, moves);
  } catch (error) {
    // Another process moved the match on, or the disk refused (busy, full): nothing was committed.
    // Drop what we hold; the next touch reads the table afresh and asks again. A refused write is
    // tried again shortly (nobody else would: a bot owes, so no clock runs).
    core.tables.forget(table.id);
    if (error instanceof StaleWriteError) return;
    // (A full disk is logged once by the store, not at each decision it refuses.)
    if (!isDiskFull(error))
      failed(core, table.id, match.id, request, `the answer could not be committed: ${reasonOf(error)}`);
    retryStep(core, table.id, () => pacedStep(core, table.id));
    return;
  }
  core.onBotsMoved({
    table: after.table,
    state: (after.match as LoadedMatch).state,
    events: eventsOf(moves),
  });
  continueBots(core, after);
}

function failed(
  core: Core,
  tableId: string,
  matchId: number,
  request: DecisionRequest,
  reason: string,
): void {
  core.bots.onDecisionFailed({
    tableId,
    matchId,
    version: request.version,
    seat: request.seat,
    reason,
  });
}

/** Resolves once no hard decision is in flight (those that follow an answer included). */
export async function botsIdle(core: Core): Promise<void> {
  // Each round waits for the decisions in flight; a match ends, so rounds end: the bound is for bugs.
  for (let round = 0; core.bots.inFlight.size > 0; round++) {
    if (round >= MAX_IDLE_ROUNDS) throw new Error(`bots still thinking after ${MAX_IDLE_ROUNDS} rounds`);
    await Promise.all(core.bots.inFlight.values());
  }
}

const MAX_IDLE_ROUNDS = 100_000;

/** Shutdown: answers still owed are dropped (each is asked again when its table is next read), workers end. */
export async function stopBots(core: Core): Promise<void> {
  core.bots.stopped = true;
  stopPacing(core);
  await core.bots.decider.close();
  await Promise.all(core.bots.inFlight.values());
}
