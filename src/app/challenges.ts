/**
 * The weekly challenge (docs/playing.md, "Weekly challenge"): the server's eight boards of the week,
 * the same for every member, each played once, alone, at the member's own pace, with three normal
 * bots, in a private thread; each board scored against everyone on the server who played it. No
 * discord.js here: the Discord layer makes the thread, then opens the table through this.
 *
 * Why the bots meet every member alike: a normal bot decides from its view, memory and legal
 * actions only (src/bots/normal.ts ignores its rng and budget), and even the rng it is handed is
 * seeded by the match's seed, the state's version and the seat (botMoves.ts requestFor), all of
 * which are the week's seed and the member's actions here: no time, table id or user id. The table
 * has no turn timer, so nothing is ever decided for the member; pacing only spaces the bots' moves.
 *
 * Nothing of a week's boards shows before it closes: the tables play in private threads, their
 * matches are hidden from /history and /table list (`challengeHidden`), and /challenge boards
 * refuses. At the close, entries still playing end (their boards played so far count), so nobody
 * plays a board after its reveal. The close is lazy and idempotent: on the next /challenge use in
 * the server, and on the Discord layer's periodic check.
 */
import { dealHand, handSeed, makeSettings, ok, type Seat } from '../engine/index.js';
import { type ChallengeStanding, challengeStandings } from '../events/index.js';
import {
  CHALLENGE_BOARDS,
  type ChallengeEntry,
  type ChallengeWeek,
  type WeekTurn,
} from '../store/challengeRepo.js';
import type { TableRecord } from '../store/records.js';
import { DEFAULT_TURN, validTurn, weekNumber, weekSpan } from './challengeCalendar.js';
import { type Actor, type Core, type Outcome, refuse } from './core.js';
import { armTable, withDeadline } from './deadlines.js';
import { startMatch } from './matchPlay.js';
import type { ActOutcome } from './outcomes.js';
import { abandon } from './pause.js';
import type { ChallengeReason } from './refusals.js';

export type { ChallengeEntry, ChallengeWeek, WeekTurn } from '../store/challengeRepo.js';
export { CHALLENGE_BOARDS } from '../store/challengeRepo.js';

export function challengeRefusal(reason: ChallengeReason) {
  return refuse({ code: 'challenge', reason });
}

/** A week with what its name and its state say. */
export interface WeekInfo {
  readonly week: ChallengeWeek;
  /** ISO week number of its start ("week 48"). */
  readonly number: number;
  readonly closed: boolean;
}

/** A member's standing with their name (as they last played). */
export interface NamedStanding extends ChallengeStanding {
  readonly name: string;
  /** Still playing their boards (their line may change). */
  readonly playing: boolean;
}

export interface ChallengeStandings {
  readonly info: WeekInfo;
  readonly rows: readonly NamedStanding[];
}

/** What /challenge play leads to. */
export type PlayAnswer =
  /** The member's table is to be opened: a private thread made (unless `entry.threadId`), then `openTable`. */
  | { readonly kind: 'open'; readonly info: WeekInfo; readonly entry: ChallengeEntry }
  /** Their table plays already, in `entry.threadId`. */
  | { readonly kind: 'playing'; readonly info: WeekInfo; readonly entry: ChallengeEntry }
  /** They played the week already: their line. */
  | {
      readonly kind: 'done';
      readonly info: WeekInfo;
      readonly entry: ChallengeEntry;
      readonly standing: NamedStanding | null;
    };

/** One board of a closed week: who held which cards, and every member's result on it. */
export interface BoardReveal {
  readonly info: WeekInfo;
  readonly board: number;
  /** Each seat's fourteen cards (0: North, the member's seat). */
  readonly hands: ReadonlyArray<readonly string[]>;
  readonly results: ReadonlyArray<{
    readonly name: string;
    readonly nsDiff: number;
    readonly mp: number;
    readonly top: number;
  }>;
}

/** A closed week's boards in a line each: how many played it, the best and the mean result. */
export interface BoardsSummary {
  readonly info: WeekInfo;
  readonly boards: ReadonlyArray<{
    readonly board: number;
    readonly played: number;
    readonly best: number | null;
    readonly mean: number | null;
  }>;
}

/** Tables the close of a week ended (their messages to refresh, their threads to tell). */
export interface ClosedWeek {
  readonly week: ChallengeWeek;
  readonly ended: ReadonlyArray<{ readonly entry: ChallengeEntry; readonly table: TableRecord }>;
}

function infoOf(week: ChallengeWeek): WeekInfo {
  return { week, number: weekNumber(week.startsAt), closed: week.closedAt !== null };
}

export function turnOf(core: Core, guildId: string): WeekTurn {
  return core.store.challenges.turn(guildId) ?? DEFAULT_TURN;
}

/** The server's week under way at `now`, made (with a fresh random seed) on first use. */
export function currentWeek(core: Core, guildId: string): ChallengeWeek {
  const now = core.env.now();
  const repo = core.store.challenges;
  const latest = repo.latestWeek(guildId);
  if (latest && latest.startsAt <= now && now < latest.endsAt) return latest;
  const span = weekSpan(turnOf(core, guildId), latest, now);
  const week: ChallengeWeek = {
    guildId,
    startsAt: span.startsAt,
    endsAt: span.endsAt,
    // Fresh randomness, never derived from anything public: nobody can compute the boards ahead.
    seed: core.env.newSeed(),
    closedAt: null,
    createdAt: now,
  };
  core.store.transaction(() => repo.insertWeek(week));
  return week;
}

/** The week under way if anyone used it yet (null: none), without making one. */
function weekUnderWay(core: Core, guildId: string): ChallengeWeek | null {
  const now = core.env.now();
  const latest = core.store.challenges.latestWeek(guildId);
  return latest && latest.startsAt <= now && now < latest.endsAt ? latest : null;
}

/** The week before the one under way (whether or not that one was used yet). */
function previousWeek(core: Core, guildId: string): ChallengeWeek | null {
  const current = weekUnderWay(core, guildId);
  if (current) return core.store.challenges.weekBefore(guildId, current.startsAt);
  return core.store.challenges.latestWeek(guildId);
}

/** `which`: the week under way (made if needed when `make`) or the one before. */
export function weekOf(core: Core, guildId: string, which: 'current' | 'previous'): WeekInfo | null {
  const week = which === 'previous' ? previousWeek(core, guildId) : weekUnderWay(core, guildId);
  return week ? infoOf(week) : null;
}

/**
 * Closes every week whose end has come (of one server, or of all this process owns): entries still
 * playing end, as their member's own /table end would (boards played count), then the week is
 * marked closed and its boards open. Idempotent: a week closes once.
 */
export function closeDueWeeks(core: Core, guildId?: string): ClosedWeek[] {
  const now = core.env.now();
  const due = core.store.challenges
    .dueWeeks(now, core.owns)
    .filter((w) => guildId === undefined || w.guildId === guildId);
  return due.map((week) => closeWeek(core, week));
}

function closeWeek(core: Core, week: ChallengeWeek): ClosedWeek {
  const ended: Array<{ entry: ChallengeEntry; table: TableRecord }> = [];
  for (const entry of core.store.challenges.entries(week.guildId, week.startsAt)) {
    if (entry.status === 'finished' || entry.status === 'ended') continue;
    if (entry.tableId !== null) {
      const status = core.store.tables.get(entry.tableId)?.status;
      if (status === 'lobby' || status === 'playing' || status === 'paused') {
        // The member hosts their table: it ends as their /table end would.
        const done = abandon(core, entry.tableId, { userId: entry.userId, name: entry.name });
        if (done.ok) ended.push({ entry, table: done.value });
      }
    }
    settleEntry(core, entry, true);
  }
  const now = core.env.now();
  const closed = core.store.transaction(() => {
    core.store.challenges.closeWeek(week.guildId, week.startsAt, now);
    return core.store.challenges.week(week.guildId, week.startsAt) as ChallengeWeek;
  });
  return { week: closed, ended };
}

/**
 * Brings an entry up to date with its table: the boards its match has played are recorded, and an
 * entry whose table is over is finished (all eight boards) or ended. `closing`: the week closes, so
 * an entry never opened ends too. Returns the entry as it is now.
 */
function settleEntry(core: Core, entry: ChallengeEntry, closing = false): ChallengeEntry {
  if (entry.status === 'finished' || entry.status === 'ended') return entry;
  const table = entry.tableId === null ? null : core.store.tables.get(entry.tableId);
  const over = table?.status === 'finished' || table?.status === 'abandoned';
  return core.store.transaction(() => {
    core.store.challenges.recordBoards(entry);
    if (!over && !closing) return entry;
    const boards = core.store.challenges.resultsOf(entry.guildId, entry.weekStart, entry.userId).length;
    const now = core.env.now();
    const next: ChallengeEntry = {
      ...entry,
      status: boards >= CHALLENGE_BOARDS ? 'finished' : 'ended',
      updatedAt: now,
      finishedAt: now,
    };
    core.store.challenges.updateEntry(next);
    return next;
  });
}

/**
 * /challenge play: the member's entry of the week under way. New: written (pending) for the Discord
 * layer to make its thread and open its table; one already there says where it stands.
 */
export function playChallenge(
  core: Core,
  guildId: string,
  channelId: string,
  actor: Actor,
): Outcome<PlayAnswer> {
  const week = currentWeek(core, guildId);
  const info = infoOf(week);
  const repo = core.store.challenges;
  const found = repo.entry(guildId, week.startsAt, actor.userId);
  if (found) {
    const entry = settleEntry(core, found);
    if (entry.status === 'pending' || (entry.status === 'playing' && entry.threadId === null))
      return ok({ kind: 'open', info, entry });
    if (entry.status === 'playing') {
      // Its match's start may have been cut short (a busy disk, a crash): opened again.
      const table = entry.tableId === null ? null : core.store.tables.get(entry.tableId);
      if (table?.status === 'lobby') return ok({ kind: 'open', info, entry });
      return ok({ kind: 'playing', info, entry });
    }
    const standing = standingsOf(core, week).rows.find((r) => r.userId === actor.userId) ?? null;
    return ok({ kind: 'done', info, entry, standing });
  }
  const now = core.env.now();
  const entry: ChallengeEntry = {
    guildId,
    weekStart: week.startsAt,
    userId: actor.userId,
    name: actor.name,
    channelId,
    threadId: null,
    tableId: null,
    matchId: null,
    status: 'pending',
    createdAt: now,
    updatedAt: now,
    finishedAt: null,
  };
  core.store.transaction(() => repo.insertEntry(entry));
  return ok({ kind: 'open', info, entry });
}

/** Remembers the thread made for a pending entry (false: it has one, or is no longer pending). */
export function setChallengeThread(
  core: Core,
  guildId: string,
  weekStart: number,
  userId: string,
  threadId: string,
): boolean {
  const entry = core.store.challenges.entry(guildId, weekStart, userId);
  if (entry?.status !== 'pending' || entry.threadId !== null) return false;
  const week = core.store.challenges.week(guildId, weekStart);
  if (!week || week.closedAt !== null) return false;
  core.store.transaction(() =>
    core.store.challenges.updateEntry({ ...entry, threadId, updatedAt: core.env.now() }),
  );
  return true;
}

/**
 * Opens the member's table in their thread: seat 1 (North) theirs, three normal bots, eight hands
 * with Grand Tichu, no turn timer, dealt from the week's seed (hand k of every member's match is
 * board k). A table already playing returns null; one whose start was cut short starts now.
 */
export function openChallengeTable(
  core: Core,
  guildId: string,
  weekStart: number,
  userId: string,
): Outcome<ActOutcome | null> {
  const entry = core.store.challenges.entry(guildId, weekStart, userId);
  const week = core.store.challenges.week(guildId, weekStart);
  if (!entry || !week || entry.threadId === null) return challengeRefusal('unknown');
  if (week.closedAt !== null || core.env.now() >= week.endsAt) return challengeRefusal('no_week');
  const member: Actor = { userId: entry.userId, name: entry.name };
  if (entry.tableId !== null) {
    if (core.store.tables.get(entry.tableId)?.status !== 'lobby') return ok(null);
    return startMatch(core, entry.tableId, member, week.seed);
  }
  if (entry.status !== 'pending') return ok(null);
  const now = core.env.now();
  const bot = { kind: 'bot', level: 'normal' } as const;
  const table: TableRecord = withDeadline(
    {
      id: core.env.newTableId(),
      guildId,
      channelId: entry.threadId,
      hostId: entry.userId,
      messageId: null,
      status: 'lobby',
      settings: makeSettings({ grandTichu: true, handLimit: CHALLENGE_BOARDS }),
      seating: 'chosen',
      matchId: null,
      pauseVotes: [],
      seats: [{ kind: 'user', userId: entry.userId, name: entry.name }, bot, bot, bot],
      timer: 'off',
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
    core.store.tables.upsertPlayer(entry.userId, entry.name, now);
    core.store.tables.insert(table);
    core.store.challenges.updateEntry({ ...entry, tableId: table.id, status: 'playing', updatedAt: now });
  });
  core.tables.put({ table, match: null });
  armTable(core, table);
  const started = startMatch(core, table.id, member, week.seed);
  if (started.ok) {
    const matchId = started.value.table.matchId;
    core.store.transaction(() => {
      const current = core.store.challenges.entry(guildId, weekStart, userId) as ChallengeEntry;
      core.store.challenges.updateEntry({ ...current, matchId, updatedAt: core.env.now() });
    });
  }
  return started;
}

/**
 * A hand ended at a table: at a challenge table its board is recorded, and the entry is finished
 * once its match is over. Returns the entry as it is now and whether this finished it; null for
 * any other table.
 */
export function challengeHandEnded(
  core: Core,
  tableId: string,
): { entry: ChallengeEntry; finished: boolean } | null {
  const found = core.store.challenges.ofTable(tableId);
  if (!found) return null;
  const entry = settleEntry(core, withMatch(core, found));
  return { entry, finished: found.status !== 'finished' && entry.status === 'finished' };
}

/** An entry whose match id was not written yet (a crash right after its start) gets it from its table. */
function withMatch(core: Core, entry: ChallengeEntry): ChallengeEntry {
  if (entry.matchId !== null || entry.tableId === null) return entry;
  const matchId = core.store.tables.get(entry.tableId)?.matchId ?? null;
  if (matchId === null) return entry;
  const next = { ...entry, matchId };
  core.store.transaction(() => core.store.challenges.updateEntry(next));
  return next;
}

/** Everyone's standing in a week, best first. */
export function standingsOf(core: Core, week: ChallengeWeek): ChallengeStandings {
  const entries = core.store.challenges.entries(week.guildId, week.startsAt);
  const byUser = new Map(entries.map((e) => [e.userId, e]));
  const rows = challengeStandings(core.store.challenges.results(week.guildId, week.startsAt)).map((s) => {
    const entry = byUser.get(s.userId);
    return { ...s, name: entry?.name ?? s.userId, playing: entry?.status === 'playing' };
  });
  return { info: infoOf(week), rows };
}

/** /challenge standings of the week under way or the one before. */
export function challengeStandingsOf(
  core: Core,
  guildId: string,
  which: 'current' | 'previous',
): Outcome<ChallengeStandings> {
  const info = weekOf(core, guildId, which);
  // This week's starts with its first player: before that there is nothing to stand in.
  if (!info) return challengeRefusal(which === 'current' ? 'not_started' : 'no_week');
  return ok(standingsOf(core, info.week));
}

/** The member's line of a week for the share: refused before they played, or while they still play. */
export function shareLine(
  core: Core,
  guildId: string,
  userId: string,
  which: 'current' | 'previous' | number,
): Outcome<{ info: WeekInfo; entry: ChallengeEntry; standing: NamedStanding | null }> {
  const week =
    typeof which === 'number'
      ? core.store.challenges.week(guildId, which)
      : (weekOf(core, guildId, which)?.week ?? null);
  if (!week) return challengeRefusal('no_entry');
  const found = core.store.challenges.entry(guildId, week.startsAt, userId);
  if (!found) return challengeRefusal('no_entry');
  const entry = settleEntry(core, withMatch(core, found));
  if (entry.status === 'pending' || entry.status === 'playing') return challengeRefusal('still_playing');
  const standing = standingsOf(core, week).rows.find((r) => r.userId === userId) ?? null;
  // A week ended before any board was finished has nothing to say: no line of eight blanks.
  if (!standing || standing.boards === 0) return challengeRefusal('no_boards');
  return ok({ info: infoOf(week), entry, standing });
}

/** /challenge boards: a closed week's boards (one with `board`: its deal and everyone's result). */
export function revealBoards(
  core: Core,
  guildId: string,
  which: 'current' | 'previous',
  board: number | null,
): Outcome<BoardsSummary | BoardReveal> {
  if (board !== null && (!Number.isInteger(board) || board < 1 || board > CHALLENGE_BOARDS))
    return challengeRefusal('bad_board');
  const info = weekOf(core, guildId, which);
  if (!info) return challengeRefusal('no_week');
  if (!info.closed) return challengeRefusal('not_closed');
  const { week } = info;
  const results = core.store.challenges.results(guildId, week.startsAt);
  if (board === null) {
    const boards = Array.from({ length: CHALLENGE_BOARDS }, (_, i) => {
      const diffs = results.filter((r) => r.board === i + 1).map((r) => r.nsDiff);
      return {
        board: i + 1,
        played: diffs.length,
        best: diffs.length === 0 ? null : Math.max(...diffs),
        mean: diffs.length === 0 ? null : diffs.reduce((a, b) => a + b, 0) / diffs.length,
      };
    });
    return ok({ info, boards });
  }
  const dealt = dealHand(board, handSeed(week.seed, board), true);
  const hands = ([0, 1, 2, 3] as Seat[]).map((seat) => [...dealt.hands[seat], ...dealt.undealt[seat]]);
  const names = new Map(core.store.challenges.entries(guildId, week.startsAt).map((e) => [e.userId, e.name]));
  const standings = standingsOf(core, week);
  const scored = standings.rows.flatMap((row) =>
    row.scores
      .filter((s) => s.board === board)
      .map((s) => ({ name: names.get(row.userId) ?? row.userId, nsDiff: s.nsDiff, mp: s.mp, top: s.top })),
  );
  scored.sort((a, b) => b.nsDiff - a.nsDiff || a.name.localeCompare(b.name));
  return ok({ info, board, hands, results: scored });
}

/** /challenge settings: the admin's new turn of the week, applying from the next week. */
export function setWeekTurn(
  core: Core,
  guildId: string,
  turn: WeekTurn,
): Outcome<{ turn: WeekTurn; from: number }> {
  if (!validTurn(turn)) return challengeRefusal('bad_turn');
  // The week under way is made first with the turn it had: the change cannot move its end.
  const current = currentWeek(core, guildId);
  core.store.transaction(() => core.store.challenges.setTurn(guildId, turn, core.env.now()));
  return ok({ turn, from: current.endsAt });
}

/**
 * Whether `matchId` is a weekly challenge's whose week is not closed yet: its boards are hidden
 * from everyone (history, exports, reviews) until then.
 */
export function challengeHidden(core: Pick<Core, 'store'>, matchId: number): boolean {
  return core.store.challenges.hiddenMatch(matchId);
}
