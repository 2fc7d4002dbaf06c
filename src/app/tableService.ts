/**
 * The table service: every use case the Discord layer calls, with ids and values in and a result
 * or a refusal out. No discord.js here; SQL stays in src/store.
 */

import { type Decider, inlineDecider } from '../bots/decisionJob.js';
import type { BotLevel } from '../bots/policy.js';
import { DEFAULT_EXPERT_BUDGET_MS, DEFAULT_HARD_BUDGET_MS } from '../bots/registry.js';
import { ok, type Seat, type Settings, type Team } from '../engine/index.js';
import { inlineReviewer } from '../review/pool.js';
import type { Seating, TableRecord, TurnTimer } from '../store/records.js';
import type { Store } from '../store/store.js';
import { comeBack, goAway } from './away.js';
import { ChallengeService } from './challengeService.js';
import { challengeHidden } from './challenges.js';
import { type Scheduler, systemScheduler } from './clock.js';
import { type Actor, type Core, checkSnowflake, findTable, type Outcome, refuse } from './core.js';
import { rearmAll, tableClock } from './deadlines.js';
import { EventService } from './eventService.js';
import { botsIdle, stopBots } from './hardTurns.js';
import { type Environment, systemEnvironment } from './ids.js';
import * as lobby from './lobby.js';
import { act, settleBots, startMatch } from './matchPlay.js';
import type { ActOutcome, BotFault, DecisionFailure, Reminder } from './outcomes.js';
import { paceRuntime } from './pace.js';
import { abandon, type PauseOutcome, requestPause, requestResume } from './pause.js';
import { type Reviewer, ReviewService } from './reviews.js';
import {
  approveRequest,
  declineRequest,
  requestSeat,
  type SeatAnswer,
  type SeatAsked,
} from './seatRequests.js';
import { type Candidate, replaceSeat } from './substitutes.js';
import { listTables, type TableList } from './tableList.js';
import { MAX_LOADED_TABLES, Tables } from './tables.js';
import * as views from './tableViews.js';
import { onDue } from './timeouts.js';

/** How long after a table ended start-up still re-renders its message (see `tablesShownInPlay`). */
const ENDED_RERENDER_MS = 60 * 60_000;

/** The table records the Discord layer reads, re-exported so it need not reach into src/store. */
export type {
  Deadline,
  Occupant,
  PublicAction,
  Seating,
  TableRecord,
  TableStatus,
  TimeoutNotice,
  TurnTimer,
} from '../store/records.js';
export { BOT_PACES, DEFAULT_TURN_TIMER, TURN_TIMERS } from '../store/records.js';
export { nobodyPresent } from './away.js';
export { closedIdle } from './idleLobbies.js';
export type { ActOutcome, BotFault, DecisionFailure, Reminder } from './outcomes.js';
export type { SeatAnswer, SeatAsked } from './seatRequests.js';
export type { Candidate } from './substitutes.js';
export { LIST_PAGE_SIZE, type ListedTable, type TableList } from './tableList.js';
export type { PlayerSnapshot, TableSnapshot } from './tableViews.js';

export interface ServiceOptions {
  /** Where hand reviews are computed (the review pool in the bot; this thread by default). */
  readonly reviewer?: Reviewer;
  /** Wall-clock budget of one hand's review (default 8 s). */
  readonly reviewBudgetMs?: number;
  /** Reviews computed at once (default 1: the review pool's size). */
  readonly reviewWorkers?: number;
  /**
   * Hears of a bot seat's move the engine refused, or a policy that failed (a bug: log it); the seat
   * then makes another legal move so the table never waits for it.
   */
  readonly onBotFault?: (fault: BotFault) => void;
  /** Where hard bots' owed decisions are made: the worker pool; by default this thread, asynchronously. */
  readonly decider?: Decider;
  /** Wall-clock budget of a hard decision, in milliseconds. */
  readonly hardBudgetMs?: number;
  /** Wall-clock time an expert bot's decision may take (default DEFAULT_EXPERT_BUDGET_MS). */
  readonly expertBudgetMs?: number;
  /** Hears of a hard decision its worker did not make (log it); the seat plays at normal level instead. */
  readonly onDecisionFailed?: (failure: DecisionFailure) => void;
  /** Hears of each bot seat's decision, by level, with how long it took in seconds (the metrics). */
  readonly onBotDecision?: (level: BotLevel, seconds: number) => void;
  /** Runs the one timer of the deadline heap (and bots' pauses): the system's by default, a manual clock in tests. */
  readonly scheduler?: Scheduler;
  /**
   * The pause before each bot move of the play at a table where a person watches (BOT_PACE_MS; a
   * table's pace halves or doubles it). Default 0: bots never wait (tests, benches, the arena).
   */
  readonly botPaceMs?: number;
  /** Hears of a deadline whose forced moves could not be made (log it); it is tried again soon. */
  readonly onTimeoutFailed?: (failure: { tableId: string; reason: string }) => void;
  /**
   * Leave the stored deadlines unarmed until `armDeadlines()` (the bot arms them once connected to
   * Discord, so a deadline falling at start-up can be announced). By default they are armed at once.
   */
  readonly armLater?: boolean;
  /**
   * Which guilds' tables this service takes charge of at start-up (arming deadlines, waking stand-ins,
   * re-rendering): a shard process passes its own guilds; by default every guild (one process).
   * Another guild's table is unknown to it (`unknown_table`): a custom id naming one loads,
   * caches, arms and writes nothing.
   */
  readonly owns?: (guildId: string) => boolean;
}

/** A hand's review may take this long on one worker (docs/review.md). */
export const DEFAULT_REVIEW_BUDGET_MS = 8_000;

export class TableService {
  private readonly core: Core;
  /** Events (a club's Tichu night): their check-in, rounds, tables and results. */
  readonly events: EventService;
  /** The weekly challenge: its weeks, entries, tables and standings. */
  readonly challenges: ChallengeService;
  /** Hand reviews: a finished hand's decisions, reviewed for the seat's holder. */
  readonly reviews: ReviewService;

  private botsMoved: (outcome: ActOutcome) => void = () => {};
  private handEnded: (outcome: ActOutcome) => void = () => {};
  private reminded: (reminder: Reminder) => void = () => {};
  private closed: (table: TableRecord) => void = () => {};

  constructor(store: Store, env: Environment = systemEnvironment, options: ServiceOptions = {}) {
    const core: Core = {
      store,
      env,
      onBotFault: options.onBotFault ?? (() => {}),
      onBotsMoved: (outcome) => this.botsMoved(outcome),
      onHandEnded: (outcome) => this.handEnded(outcome),
      onTableClosed: (table) => this.closed(table),
      bots: {
        decider: options.decider ?? inlineDecider(),
        hardBudgetMs: options.hardBudgetMs ?? DEFAULT_HARD_BUDGET_MS,
        expertBudgetMs: options.expertBudgetMs ?? DEFAULT_EXPERT_BUDGET_MS,
        onDecisionFailed: options.onDecisionFailed ?? (() => {}),
        ...(options.onBotDecision ? { onDecided: options.onBotDecision } : {}),
        inFlight: new Map(),
        prepared: new Map(),
        stopped: false,
      },
      clock: tableClock({
        store,
        now: () => env.now(),
        scheduler: options.scheduler ?? systemScheduler,
        onDue: (tableIds) => onDue(core, tableIds),
        onReminder: (reminder) => this.reminded(reminder),
        onFailed: options.onTimeoutFailed ?? (() => {}),
      }),
      pace: paceRuntime(options.botPaceMs ?? 0, options.scheduler ?? systemScheduler),
      owns: options.owns ?? (() => true),
      // A table read from SQLite first lets its bots make the moves a crash may have cut short.
      tables: new Tables(
        store,
        (loaded) => settleBots(core, loaded).loaded,
        MAX_LOADED_TABLES,
        (guildId) => core.owns(guildId),
      ),
    };
    this.core = core;
    this.events = new EventService(core);
    this.challenges = new ChallengeService(core);
    this.reviews = new ReviewService(core, options.reviewer ?? inlineReviewer(), {
      budgetMs: options.reviewBudgetMs ?? DEFAULT_REVIEW_BUDGET_MS,
      concurrency: options.reviewWorkers ?? 1,
      // A challenge board's reviews open with its boards, when the week closes.
      challengeOpen: (matchId) => challengeHidden(core, matchId),
    });
    if (!options.armLater) this.armDeadlines();
  }

  /**
   * Arms every stored deadline (the tables themselves still load only when touched); one that passed
   * while the bot was down starts again with the full time. Returns those tables: their messages
   * still show the old countdown, so the Discord layer edits them.
   */
  armDeadlines(): string[] {
    return rearmAll(this.core);
  }

  /**
   * Start-up: reads every playing table where a bot or an away seat plays, so that a decision one of
   * them owes (a hard bot's question lost with the last process, say) is made now rather than when
   * someone next clicks. Their moves are announced like any bot moves.
   */
  wakeStandIns(): number {
    const ids = this.core.store.tables.playingWithStandIns(this.core.owns);
    for (const id of ids) this.core.tables.get(id);
    return ids.length;
  }

  /**
   * Tables with a table message that start-up re-renders, most recently changed first: lobbies,
   * playing and paused ones, and those that ended within the last hour (the last process may have
   * stopped between the commit that ended a match and its message's edit).
   */
  tablesShownInPlay(): string[] {
    return this.core.store.tables.shownInPlay(this.core.owns, this.core.env.now() - ENDED_RERENDER_MS);
  }

  /** Hears of a table that closed by itself (a lobby nobody touched for a day): its message says so. */
  onTableClosed(listener: (table: TableRecord) => void): void {
    this.closed = listener;
  }

  /** Hears when a deadline is 30 seconds away: the seats it runs for get one reminder. */
  onReminder(listener: (reminder: Reminder) => void): void {
    this.reminded = listener;
  }

  /**
   * Hears of bot moves made outside a player's action (a hard bot's answer, a table loaded after a
   * crash, or resumed), which no answer carries: the Discord layer edits the table message and pings.
   */
  onBotsMoved(listener: (outcome: ActOutcome) => void): void {
    this.botsMoved = listener;
  }

  /** Hears of every committed outcome that ended a hand (and so, maybe, the match), whoever moved. */
  onHandEnded(listener: (outcome: ActOutcome) => void): void {
    this.handEnded = listener;
  }

  openTable(input: lobby.OpenTableInput): Outcome<TableRecord> {
    return lobby.openTable(this.core, input);
  }
  join(tableId: string, actor: Actor, seat?: Seat): Outcome<TableRecord> {
    return lobby.join(this.core, tableId, actor, seat);
  }
  leave(tableId: string, actor: Actor): Outcome<TableRecord> {
    return lobby.leave(this.core, tableId, actor);
  }
  chooseSeat(tableId: string, actor: Actor, seat: unknown): Outcome<TableRecord> {
    return lobby.chooseSeat(this.core, tableId, actor, seat);
  }
  chooseTeam(tableId: string, actor: Actor, team: Team): Outcome<TableRecord> {
    return lobby.chooseTeam(this.core, tableId, actor, team);
  }
  addBot(tableId: string, actor: Actor, seat?: unknown, level?: unknown): Outcome<TableRecord> {
    return lobby.addBot(this.core, tableId, actor, seat, level);
  }
  removeBot(tableId: string, actor: Actor, seat: unknown): Outcome<TableRecord> {
    return lobby.removeBot(this.core, tableId, actor, seat);
  }
  removePlayer(tableId: string, actor: Actor, userId: string): Outcome<TableRecord> {
    return lobby.removePlayer(this.core, tableId, actor, userId);
  }
  changeSettings(
    tableId: string,
    actor: Actor,
    changes: Partial<Settings> & { seating?: Seating; timer?: TurnTimer; pace?: unknown },
  ): Outcome<TableRecord> {
    return lobby.changeSettings(this.core, tableId, actor, changes);
  }
  start(tableId: string, actor: Actor): Outcome<ActOutcome> {
    return startMatch(this.core, tableId, actor);
  }
  act(tableId: string, actor: Actor, action: unknown, seenVersion?: number): Outcome<ActOutcome> {
    return act(this.core, tableId, actor, action, seenVersion);
  }
  pause(tableId: string, actor: Actor): Outcome<PauseOutcome> {
    return requestPause(this.core, tableId, actor);
  }
  resume(tableId: string, actor: Actor): Outcome<PauseOutcome> {
    return requestResume(this.core, tableId, actor);
  }
  abandon(tableId: string, actor: Actor): Outcome<TableRecord> {
    return abandon(this.core, tableId, actor);
  }
  /** `/table away`: the normal policy plays the actor's seat at once until they are back. */
  goAway(tableId: string, actor: Actor): Outcome<ActOutcome> {
    return goAway(this.core, tableId, actor);
  }
  /** **I'm back**: the actor's away seat is theirs again from the next decision. */
  comeBack(tableId: string, actor: Actor): Outcome<ActOutcome> {
    return comeBack(this.core, tableId, actor);
  }
  /** `/table sit`, **Take seat**: someone not seated asks to take an away or bot seat. */
  requestSeat(tableId: string, actor: Actor, seat: unknown): Outcome<SeatAsked> {
    return requestSeat(this.core, tableId, actor, seat);
  }
  /** **Approve** on a request (`nonce` names it): the seat changes hands once approved. */
  approveSeat(tableId: string, actor: Actor, seat: unknown, nonce: string): Promise<Outcome<SeatAnswer>> {
    return approveRequest(this.core, tableId, actor, seat, nonce);
  }
  /** **Decline** on a request (or its asker withdrawing it). */
  declineSeat(tableId: string, actor: Actor, seat: unknown, nonce: string) {
    return declineRequest(this.core, tableId, actor, seat, nonce);
  }
  /** `/table replace`: the host hands an away or bot seat to `player` at once. */
  replaceSeat(tableId: string, actor: Actor, seat: unknown, player: Candidate): Promise<Outcome<ActOutcome>> {
    return replaceSeat(this.core, tableId, actor, seat, player);
  }

  /** Remembers the public message that shows the table, so it can be edited in place. */
  setMessageId(tableId: string, messageId: string): Outcome<TableRecord> {
    const bad = checkSnowflake(messageId, 'message id');
    if (bad) return refuse(bad);
    const found = findTable(this.core, tableId);
    if (!found.ok) return found;
    const next = { ...found.value.table, messageId };
    this.core.store.transaction(() => this.core.store.tables.update(next));
    this.core.tables.put({ ...found.value, table: next });
    return ok(next);
  }

  /** Turns the "your turn" message on or off for a player. */
  setTurnPings(actor: Actor, on: boolean): Outcome<boolean> {
    const bad = checkSnowflake(actor.userId, 'user id');
    if (bad) return refuse(bad);
    const now = this.core.env.now();
    this.core.store.transaction(() => this.core.store.tables.setTurnPings(actor.userId, actor.name, on, now));
    return ok(on);
  }

  wantsTurnPings(userId: string): boolean {
    return this.core.store.tables.turnPings(userId);
  }

  /** What the channel may see. */
  tableView(tableId: string): Outcome<views.TableSnapshot> {
    return views.tableView(this.core, tableId);
  }
  /** What one seated user may see, with the actions open to them. */
  playerView(tableId: string, userId: string): Outcome<views.PlayerSnapshot> {
    return views.playerView(this.core, tableId, userId);
  }
  /** The active table of a channel, if any. */
  tableInChannel(channelId: string): Outcome<views.TableSnapshot> {
    return views.tableInChannel(this.core, channelId);
  }
  /** The active tables of a server. */
  tablesOfGuild(guildId: string): Outcome<TableRecord[]> {
    return views.tablesOfGuild(this.core, guildId);
  }
  /** `/table list`: one page of the server's active tables, newest activity first (`mine`: the viewer's). */
  listTables(guildId: string, viewerId: string, mine: boolean, page: number): Outcome<TableList> {
    return listTables(this.core, guildId, viewerId, mine, page);
  }

  /** Resolves once no hard bot decision is in flight (tests; the answers' moves are committed by then). */
  botsIdle(): Promise<void> {
    return botsIdle(this.core);
  }

  /** Shutdown: hard decisions in flight are dropped (asked again on the next start) and the decider closes. */
  stopBots(): Promise<void> {
    // Reviews under way are dropped too (nothing was stored of them; asked again, they run again).
    return Promise.all([stopBots(this.core), this.reviews.close()]).then(() => {});
  }

  /** Shutdown: no deadline fires after this (each is stored and armed again on the next start). */
  stopTimers(): void {
    this.core.clock.heap.stop();
  }

  /** How many tables have a deadline armed (tests and the bench). */
  get armedTimers(): number {
    return this.core.clock.heap.size;
  }

  /** Forced decisions asked for ahead of their deadline, and how many of them have their answer (the bench). */
  get preparedDecisions(): { asked: number; answered: number } {
    let answered = 0;
    for (const entry of this.core.bots.prepared.values()) if (entry.answer) answered++;
    return { asked: this.core.bots.prepared.size, answered };
  }

  /** How many tables are held in memory (loading is lazy). */
  get loadedTables(): number {
    return this.core.tables.size;
  }
}
