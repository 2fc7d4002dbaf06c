/**
 * Paced bots: at a table where a person is seated and present, each bot move of the play (a lead,
 * a play, a pass, a bomb, the wish, the Dragon gift, a Tichu call) is committed on its own, at
 * least the table's pace after the move before it, so everyone sees each play land and anyone
 * holding a bomb can drop it before the next bot plays or passes (even the pass that would close
 * the trick). The Grand Tichu and exchange decisions stay at once: nobody watches them one by one.
 *
 * A pending paced move is not state: what is owed is in the match, and after a restart it is made
 * again after its pause. A person's clock is armed only when the decision is theirs, so bots'
 * pauses never eat it. A hard bot starts thinking at once; its answer waits for what is left of
 * the pause. A table where nobody present watches (every seat a bot or away) never waits, nor does
 * the bot with a pace of 0 (the arena, benches and tests, unless a test sets one).
 */
import type { BotPace, TableRecord } from '../store/records.js';
import type { Scheduler } from './clock.js';
import type { Core } from './core.js';

const FACTOR: Readonly<Record<BotPace, number>> = { quick: 0.5, normal: 1, slow: 2 };

/** After a paced move that could not be committed (a busy or full disk), it is tried again this much later. */
const RETRY_MS = 5_000;

/** The pacing of one service: its base pause, its timers and what each table last did. */
export interface PaceRuntime {
  /** BOT_PACE_MS: the pause before each bot move at the normal pace (0: bots never wait). */
  readonly baseMs: number;
  readonly scheduler: Scheduler;
  /** When each paced table's last move was committed (in memory only: a restart waits a whole pause). */
  readonly lastMoveAt: Map<string, number>;
  /** Each table's next paced step, waiting (its cancel). */
  readonly steps: Map<string, () => void>;
  /** A hard seat's answer held until its pause is over: the version it answers, and its cancel. */
  readonly parked: Map<string, { readonly version: number; readonly cancel: () => void }>;
}

export function paceRuntime(baseMs: number, scheduler: Scheduler): PaceRuntime {
  return { baseMs, scheduler, lastMoveAt: new Map(), steps: new Map(), parked: new Map() };
}

/** Whether a person is seated at the table and present (not away): someone who watches. */
export function watched(table: TableRecord): boolean {
  return table.seats.some((o) => o?.kind === 'user' && o.away !== true);
}

/** The pause before each bot move of the play at this table, in milliseconds (0: none). */
export function paceMs(core: Core, table: TableRecord): number {
  const base = core.pace.baseMs;
  if (base <= 0 || table.status !== 'playing' || !watched(table)) return 0;
  return Math.round(base * FACTOR[table.pace]);
}

/** How many bot moves of the play may be made at once now: none at a paced table, else all. */
export function movesAtOnce(core: Core, table: TableRecord): number {
  return paceMs(core, table) > 0 ? 0 : Number.POSITIVE_INFINITY;
}

/** How long from now until the table's next bot move is due (0: now). */
export function waitMs(core: Core, table: TableRecord): number {
  const pace = paceMs(core, table);
  if (pace === 0) return 0;
  const last = core.pace.lastMoveAt.get(table.id);
  // No move known (it is anchored by `moved` before anything waits): nothing to wait for.
  if (last === undefined) return 0;
  return Math.max(0, last + pace - core.env.now());
}

/**
 * A move was committed at the table now (`movedNow`): the next bot move waits a whole pause from
 * here. A table read afresh (a restart), where no move is known, waits a whole pause from now too:
 * the pause must start somewhere, or every check would find it still to come.
 */
export function moved(core: Core, tableId: string, movedNow: boolean): void {
  if (core.pace.baseMs <= 0) return;
  if (movedNow || !core.pace.lastMoveAt.has(tableId)) core.pace.lastMoveAt.set(tableId, core.env.now());
}

/**
 * Runs `step` when the table's next bot move is due (replacing a step already waiting). A table
 * that is not paced, or not playing, waits for nothing: its timers are dropped.
 */
export function scheduleStep(core: Core, table: TableRecord, step: () => void): void {
  cancelStep(core, table.id);
  if (paceMs(core, table) === 0) {
    if (table.status !== 'playing') forgetPace(core, table.id);
    return;
  }
  const cancel = core.pace.scheduler.schedule(
    () => {
      core.pace.steps.delete(table.id);
      guarded(core, table.id, step);
    },
    waitMs(core, table),
  );
  core.pace.steps.set(table.id, cancel);
}

/**
 * A timer's work, which runs outside any caller: whatever it throws (a store read, a listener) is
 * reported and the table's next bot move tried again shortly, never left to end the process or to
 * stall the table.
 */
function guarded(core: Core, tableId: string, work: () => void): void {
  try {
    work();
  } catch (error) {
    core.bots.onDecisionFailed({
      tableId,
      matchId: 0,
      version: 0,
      seat: 0,
      reason: `a paced move failed: ${error instanceof Error ? error.message : String(error)}`,
    });
    if (!core.bots.stopped) retryStep(core, tableId, work);
  }
}

/** A step that failed (the disk refused) is tried again a little later. */
export function retryStep(core: Core, tableId: string, step: () => void): void {
  cancelStep(core, tableId);
  const cancel = core.pace.scheduler.schedule(() => {
    core.pace.steps.delete(tableId);
    guarded(core, tableId, step);
  }, RETRY_MS);
  core.pace.steps.set(tableId, cancel);
}

/** The table left play (paused, ended, closed): nothing of its pacing is kept. */
export function forgetPace(core: Core, tableId: string): void {
  cancelStep(core, tableId);
  core.pace.lastMoveAt.delete(tableId);
}

function cancelStep(core: Core, tableId: string): void {
  core.pace.steps.get(tableId)?.();
  core.pace.steps.delete(tableId);
}

/** Holds a hard seat's answer for `version` until `ms` from now. */
export function park(core: Core, tableId: string, version: number, ms: number, run: () => void): void {
  core.pace.parked.get(tableId)?.cancel();
  const cancel = core.pace.scheduler.schedule(() => {
    core.pace.parked.delete(tableId);
    guarded(core, tableId, run);
  }, ms);
  core.pace.parked.set(tableId, { version, cancel });
}

/** Whether a hard answer for this version is held for its pause (so nobody asks for it again). */
export function parkedAt(core: Core, tableId: string, version: number): boolean {
  return core.pace.parked.get(tableId)?.version === version;
}

/** Shutdown: nothing waits any more (what is owed is in the match, made again after a restart). */
export function stopPacing(core: Core): void {
  for (const cancel of core.pace.steps.values()) cancel();
  for (const { cancel } of core.pace.parked.values()) cancel();
  core.pace.steps.clear();
  core.pace.parked.clear();
}
