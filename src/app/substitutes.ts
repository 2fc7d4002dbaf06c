/**
 * Substitutes: a seat that is away, or held by a bot, passes mid-match to someone not seated, who
 * holds it from its next decision on. This module owns who may take which seat, the handover itself
 * (the seat, the host, the seat's holders for statistics, in one transaction) and the host's
 * `/table replace`; asking and approving are in seatRequests.ts.
 */
import { ok, type Seat } from '../engine/index.js';
import type { Occupant, SeatHolder, TableRecord } from '../store/records.js';
import { hardSeatOwing } from './botMoves.js';
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
import { isAway } from './deadlines.js';
import type { ActOutcome } from './outcomes.js';
import type { Refusal } from './refusals.js';
import type { LoadedMatch, LoadedTable } from './tables.js';

/** Someone the host hands a seat to: who Discord says they are, a bot account included. */
export interface Candidate extends Actor {
  readonly isBot: boolean;
}

/** How often a handover waits for a hard bot's decision on the seat before giving up (it is one search). */
const MAX_WAITS = 5;

/** A seat that can change hands mid-match: held by a bot, or by a person who is away. */
export function isOpenSeat(occupant: Occupant | null | undefined): boolean {
  return occupant?.kind === 'bot' || isAway(occupant);
}

/**
 * Why `userId` may not take `seat` of this match (null: they may): they sit at the table, the seat
 * is not open, or they held another seat of this match (a person plays one seat of a match, so one
 * team: their statistics could not say otherwise whether they won).
 */
export function cannotTake(
  table: TableRecord,
  holders: readonly SeatHolder[],
  userId: string,
  seat: Seat,
): Refusal | null {
  const current = seatOfUser(table, userId);
  if (current !== null) return { code: 'already_seated', seat: current };
  if (!isOpenSeat(table.seats[seat])) return { code: 'seat_not_open', seat };
  const other = holders.find((h) => h.userId === userId && h.seat !== seat);
  return other ? { code: 'held_other_seat', seat: other.seat } : null;
}

/**
 * Waits while a hard bot of `seat` is thinking about a decision it owes: that decision is the bot's
 * (its answer is committed for the seat), and the newcomer's are the ones after it. Resolves with
 * the table as it then stands.
 */
export async function afterBotThinking(
  core: Core,
  tableId: string,
  seat: unknown,
): Promise<Outcome<LoadedTable>> {
  for (let i = 0; i < MAX_WAITS; i++) {
    const found = findTable(core, tableId);
    if (!found.ok) return found;
    const { table, match } = found.value;
    const thinking = core.bots.inFlight.get(tableId);
    if (!thinking || !match || table.status !== 'playing' || hardSeatOwing(table, match.state) !== seat)
      return found;
    await thinking;
  }
  return refuse({ code: 'bot_thinking' });
}

/**
 * The seat passes to `newcomer`, present and with a clean record, from the match's current version
 * on: written with the seat's new holder and the requests it settles, in one transaction. A host
 * whose own seat passes hands the table on to another person present (else anyone seated, else the
 * newcomer); a pause request of the one leaving goes with them.
 */
export function handOver(core: Core, loaded: LoadedTable, seat: Seat, newcomer: Actor): ActOutcome {
  const { table } = loaded;
  const match = loaded.match as LoadedMatch;
  const leaving = table.seats[seat];
  const person: Occupant = { kind: 'user', userId: newcomer.userId, name: newcomer.name };
  let next = withSeat(table, seat, person);
  if (leaving?.kind === 'user') {
    next = { ...next, pauseVotes: next.pauseVotes.filter((id) => id !== leaving.userId) };
    if (leaving.userId === table.hostId) next = { ...next, hostId: heir(next, newcomer.userId) };
  }
  const version = match.state.version;
  const saved = saveTable(core, loaded, next, () => {
    core.store.tables.upsertPlayer(newcomer.userId, newcomer.name, core.env.now());
    core.store.seats.addHolder(match.id, seat, version, person);
    core.store.seats.deleteRequest(table.id, seat);
    core.store.seats.deleteRequestsBy(table.id, newcomer.userId);
  });
  return { table: saved, state: match.state, events: [] };
}

/** Who hosts once the host's seat passed: someone present, else anyone seated, else the newcomer. */
function heir(table: TableRecord, newcomerId: string): string {
  const others = table.seats.filter(
    (o): o is Extract<Occupant, { kind: 'user' }> => o?.kind === 'user' && o.userId !== newcomerId,
  );
  return (others.find((o) => !o.away) ?? others[0])?.userId ?? newcomerId;
}

/**
 * `/table replace`: the host hands an away or bot seat straight to `player` (no request, no vote),
 * who holds it from its next decision on.
 */
export async function replaceSeat(
  core: Core,
  tableId: string,
  actor: Actor,
  seat: unknown,
  player: Candidate,
): Promise<Outcome<ActOutcome>> {
  const first = check(core, tableId, actor, seat, player);
  if (!first.ok) return first;
  const ready = await afterBotThinking(core, tableId, seat);
  if (!ready.ok) return ready;
  // Judged again: the table may have moved on while the bot thought.
  const again = check(core, tableId, actor, seat, player);
  if (!again.ok) return again;
  return ok(handOver(core, again.value, seat as Seat, player));
}

function check(
  core: Core,
  tableId: string,
  actor: Actor,
  seat: unknown,
  player: Candidate,
): Outcome<LoadedTable> {
  const found = findTable(core, tableId);
  if (!found.ok) return found;
  const { table, match } = found.value;
  const bad =
    checkSnowflake(player.userId, 'user id') ??
    needHost(table, actor) ??
    needStatus(table, 'playing', 'paused') ??
    checkSeat(seat);
  if (bad) return refuse(bad);
  if (player.isBot) return refuse({ code: 'player_is_bot' });
  // An event's player plays their own table: a seat at another of the round would show them its boards.
  if (core.store.events.seatedElsewhere(tableId, player.userId))
    return refuse({ code: 'event', reason: 'seated_elsewhere' });
  // A weekly challenge is played alone with its bots: the member hands no seat to anyone.
  if (core.store.challenges.ofTable(tableId)) return refuse({ code: 'challenge', reason: 'solo_table' });
  const holders = core.store.seats.holders((match as LoadedMatch).id);
  const why = cannotTake(table, holders, player.userId, seat as Seat);
  if (!why) return found;
  // Said of the player the host named, not of the host.
  if (why.code === 'already_seated')
    return refuse({ code: 'player_seated', userId: player.userId, seat: why.seat });
  return refuse(why.code === 'held_other_seat' ? { ...why, userId: player.userId } : why);
}
