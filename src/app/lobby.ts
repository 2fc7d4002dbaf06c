/** The lobby: opening a table, joining, leaving, seats and teams, bots, the host's settings. */
import { DEFAULT_BOT_LEVEL, isBotLevel } from '../bots/policy.js';
import {
  isSeat,
  makeSettings,
  ok,
  SEATS,
  type Seat,
  type Settings,
  settingsDetail,
  type Team,
  teamOf,
} from '../engine/index.js';
import {
  BOT_PACES,
  type BotPace,
  DEFAULT_BOT_PACE,
  DEFAULT_TURN_TIMER,
  type Seating,
  type TableRecord,
  TURN_TIMERS,
  type TurnTimer,
} from '../store/records.js';
import {
  type Actor,
  type Core,
  checkSeat,
  checkSnowflake,
  findTable,
  needHost,
  needStatus,
  type Outcome,
  refuse,
  saveTable,
  seatOfUser,
  withSeat,
} from './core.js';
import { armTable, withDeadline } from './deadlines.js';
import type { SettingsRefusal } from './refusals.js';

export interface OpenTableInput {
  readonly guildId: string;
  readonly channelId: string;
  readonly host: Actor;
  readonly settings?: Partial<Settings>;
  readonly seating?: Seating;
  /** The turn timer (default 2m); judged here, since a request can name anything. */
  readonly timer?: unknown;
  /** How quickly bots move while a person watches (default normal); judged here too. */
  readonly pace?: unknown;
}

function timerProblem(timer: unknown): SettingsRefusal | null {
  return (TURN_TIMERS as readonly unknown[]).includes(timer) ? null : { kind: 'timer', timers: TURN_TIMERS };
}

function paceProblem(pace: unknown): SettingsRefusal | null {
  return (BOT_PACES as readonly unknown[]).includes(pace) ? null : { kind: 'pace', paces: BOT_PACES };
}

/** Opens a table in a channel with the host in seat 0; at most one active table per channel. */
export function openTable(core: Core, input: OpenTableInput): Outcome<TableRecord> {
  const bad =
    checkSnowflake(input.guildId, 'server id') ??
    checkSnowflake(input.channelId, 'channel id') ??
    checkSnowflake(input.host.userId, 'user id');
  if (bad) return refuse(bad);
  const settings = makeSettings(input.settings);
  const timer = input.timer ?? DEFAULT_TURN_TIMER;
  const pace = input.pace ?? DEFAULT_BOT_PACE;
  const problem = settingsDetail(settings) ?? timerProblem(timer) ?? paceProblem(pace);
  if (problem) return refuse({ code: 'bad_settings', problem });
  const existing = core.tables.activeInChannel(input.channelId);
  if (existing)
    return refuse({
      code: 'channel_has_table',
      tableId: existing.table.id,
      ...(existing.table.hostId === input.host.userId ? { yours: true } : {}),
    });
  const now = core.env.now();
  const table: TableRecord = {
    id: core.env.newTableId(),
    guildId: input.guildId,
    channelId: input.channelId,
    hostId: input.host.userId,
    messageId: null,
    status: 'lobby',
    settings,
    seating: input.seating ?? 'chosen',
    matchId: null,
    pauseVotes: [],
    seats: [{ kind: 'user', userId: input.host.userId, name: input.host.name }, null, null, null],
    timer: timer as TurnTimer,
    pace: pace as BotPace,
    deadline: null,
    notice: null,
    createdAt: now,
    updatedAt: now,
  };
  // The lobby's idle deadline: it closes if nobody touches it for a day.
  const opened = withDeadline(table, null, now);
  core.store.transaction(() => {
    core.store.tables.upsertPlayer(input.host.userId, input.host.name, now);
    core.store.tables.insert(opened);
  });
  core.tables.put({ table: opened, match: null });
  armTable(core, opened);
  return ok(opened);
}

/** Sits the actor down: in `seat` if given and free, else in the first free seat. */
export function join(core: Core, tableId: string, actor: Actor, seat?: Seat): Outcome<TableRecord> {
  const found = findTable(core, tableId);
  if (!found.ok) return found;
  const { table } = found.value;
  const bad = checkSnowflake(actor.userId, 'user id');
  if (bad) return refuse(bad);
  // One already seated hears that first, whatever the match's state (mid-match: not "nobody joins").
  const current = seatOfUser(table, actor.userId);
  if (current !== null) return refuse({ code: 'already_seated', seat: current });
  const wrong = needStatus(table, 'lobby') ?? (seat === undefined ? null : checkSeat(seat));
  if (wrong) return refuse(wrong);
  const target = seat ?? SEATS.find((s) => table.seats[s] === null);
  if (target === undefined) return refuse({ code: 'table_full' });
  if (table.seats[target] !== null) return refuse({ code: 'seat_taken', seat: target });
  const next = withSeat(table, target, { kind: 'user', userId: actor.userId, name: actor.name });
  return ok(
    saveTable(core, found.value, next, () =>
      core.store.tables.upsertPlayer(actor.userId, actor.name, core.env.now()),
    ),
  );
}

/** Leaves the lobby; a leaving host hands the table to another seated player, or closes it. */
export function leave(core: Core, tableId: string, actor: Actor): Outcome<TableRecord> {
  const found = findTable(core, tableId);
  if (!found.ok) return found;
  const { table } = found.value;
  const bad = needStatus(table, 'lobby', 'finished');
  if (bad) return refuse(bad);
  const seat = seatOfUser(table, actor.userId);
  if (seat === null) return refuse({ code: 'not_seated' });
  let next = withSeat(table, seat, null);
  if (table.hostId === actor.userId) {
    const heir = next.seats.find((o) => o?.kind === 'user');
    next = heir?.kind === 'user' ? { ...next, hostId: heir.userId } : { ...next, status: 'abandoned' };
  }
  return ok(saveTable(core, found.value, next));
}

/** Moves a seated player to a free seat (or seats someone who is not yet seated). */
export function chooseSeat(core: Core, tableId: string, actor: Actor, seat: unknown): Outcome<TableRecord> {
  const bad = checkSeat(seat);
  if (bad) return refuse(bad);
  const found = findTable(core, tableId);
  if (!found.ok) return found;
  const { table } = found.value;
  const wrong = needStatus(table, 'lobby');
  if (wrong) return refuse(wrong);
  const target = seat as Seat;
  const current = seatOfUser(table, actor.userId);
  if (current === null) return join(core, tableId, actor, target);
  if (current === target) return ok(table);
  if (table.seats[target] !== null) return refuse({ code: 'seat_taken', seat: target });
  const moved = withSeat(withSeat(table, current, null), target, table.seats[current] ?? null);
  return ok(saveTable(core, found.value, moved));
}

/** Moves the actor to a free seat of `team` (team 0: seats 0 and 2; team 1: seats 1 and 3). */
export function chooseTeam(core: Core, tableId: string, actor: Actor, team: Team): Outcome<TableRecord> {
  const found = findTable(core, tableId);
  if (!found.ok) return found;
  const { table } = found.value;
  const wrong = needStatus(table, 'lobby');
  if (wrong) return refuse(wrong);
  const current = seatOfUser(table, actor.userId);
  if (current !== null && teamOf(current) === team) return ok(table);
  const free = SEATS.find((s) => teamOf(s) === team && table.seats[s] === null);
  if (free === undefined) return refuse({ code: 'team_full', team });
  return chooseSeat(core, tableId, actor, free);
}

/** The host seats a bot of `level` (default normal) in `seat`, or in the first empty seat. */
export function addBot(
  core: Core,
  tableId: string,
  actor: Actor,
  seat?: unknown,
  level: unknown = DEFAULT_BOT_LEVEL,
): Outcome<TableRecord> {
  const found = findTable(core, tableId);
  if (!found.ok) return found;
  const { table } = found.value;
  const bad =
    needHost(table, actor) ??
    needStatus(table, 'lobby', 'finished') ??
    (seat === undefined ? null : checkSeat(seat));
  if (bad) return refuse(bad);
  if (!isBotLevel(level)) return refuse({ code: 'bad_bot_level', level });
  const target = seat === undefined ? SEATS.find((s) => table.seats[s] === null) : (seat as Seat);
  if (target === undefined) return refuse({ code: 'table_full' });
  if (table.seats[target] !== null) return refuse({ code: 'seat_taken', seat: target });
  return ok(saveTable(core, found.value, withSeat(table, target, { kind: 'bot', level })));
}

export function removeBot(core: Core, tableId: string, actor: Actor, seat: unknown): Outcome<TableRecord> {
  const found = findTable(core, tableId);
  if (!found.ok) return found;
  const { table } = found.value;
  // No seat named: the bot in the highest seat leaves.
  if (seat === undefined) {
    const last = [3, 2, 1, 0].find((s) => table.seats[s]?.kind === 'bot');
    if (last === undefined) {
      const bad = needHost(table, actor) ?? needStatus(table, 'lobby', 'finished');
      return refuse(bad ?? { code: 'no_bot' });
    }
    return removeBot(core, tableId, actor, last);
  }
  const bad = needHost(table, actor) ?? needStatus(table, 'lobby', 'finished') ?? checkSeat(seat);
  if (bad) return refuse(bad);
  if (!isSeat(seat) || table.seats[seat]?.kind !== 'bot')
    return refuse({ code: 'not_a_bot', seat: seat as Seat });
  return ok(saveTable(core, found.value, withSeat(table, seat, null)));
}

/** The host removes another player from the lobby. */
export function removePlayer(
  core: Core,
  tableId: string,
  actor: Actor,
  userId: string,
): Outcome<TableRecord> {
  const found = findTable(core, tableId);
  if (!found.ok) return found;
  const { table } = found.value;
  const bad = needHost(table, actor) ?? needStatus(table, 'lobby', 'finished');
  if (bad) return refuse(bad);
  if (userId === table.hostId) return refuse({ code: 'cannot_remove_host' });
  const seat = seatOfUser(table, userId);
  if (seat === null) return refuse({ code: 'player_not_seated', userId });
  return ok(saveTable(core, found.value, withSeat(table, seat, null)));
}

/**
 * The host changes the rules, the seating, the turn timer or the bots' pace, before a match (they
 * hold for the next one). The pace alone may change during a match too: each bot step reads it, and
 * an event's tables, opened already playing, have no "before".
 */
export function changeSettings(
  core: Core,
  tableId: string,
  actor: Actor,
  changes: Partial<Settings> & { seating?: Seating; timer?: unknown; pace?: unknown },
): Outcome<TableRecord> {
  const found = findTable(core, tableId);
  if (!found.ok) return found;
  const { table } = found.value;
  const { seating, timer, pace, ...rules } = changes;
  const paceOnly =
    pace !== undefined && seating === undefined && timer === undefined && Object.keys(rules).length === 0;
  const bad =
    needHost(table, actor) ??
    (paceOnly
      ? needStatus(table, 'lobby', 'finished', 'playing', 'paused')
      : needStatus(table, 'lobby', 'finished'));
  if (bad) return refuse(bad);
  const settings = makeSettings({ ...table.settings, ...rules });
  const problem =
    settingsDetail(settings) ??
    (timer === undefined ? null : timerProblem(timer)) ??
    (pace === undefined ? null : paceProblem(pace));
  if (problem) return refuse({ code: 'bad_settings', problem });
  return ok(
    saveTable(core, found.value, {
      ...table,
      settings,
      seating: seating ?? table.seating,
      timer: (timer as TurnTimer | undefined) ?? table.timer,
      pace: (pace as BotPace | undefined) ?? table.pace,
    }),
  );
}
