/**
 * Asking to take a seat mid-match (`/table sit`, **Take seat**) and answering: who approves, the
 * approvals counted so far, and declining. The rule: the host decides alone, with one click, at any
 * time; while the host is away, every other person present at the table must approve instead (each
 * with one click), and any of them may decline. The one asking may withdraw. Requests live in SQLite,
 * so one survives a restart; one stops counting when its seat is no longer away or a bot, or the
 * match is over.
 */
import { ok, type Seat } from '../engine/index.js';
import type { SeatRequest, TableRecord } from '../store/records.js';
import {
  type Actor,
  type Core,
  checkSeat,
  checkSnowflake,
  findTable,
  needStatus,
  type Outcome,
  refuse,
  seatOfUser,
} from './core.js';
import type { ActOutcome } from './outcomes.js';
import { afterBotThinking, cannotTake, handOver, isOpenSeat } from './substitutes.js';
import type { LoadedMatch, LoadedTable } from './tables.js';

export interface SeatAsked {
  readonly table: TableRecord;
  readonly request: SeatRequest;
  /** Who may approve it now (the host alone, or every other person present): user ids. */
  readonly approvers: readonly string[];
}

export type SeatAnswer =
  /** The seat changed hands. */
  | { readonly done: true; readonly request: SeatRequest; readonly outcome: ActOutcome }
  /** The approval is counted; these approvers are still to click. */
  | {
      readonly done: false;
      readonly request: SeatRequest;
      readonly table: TableRecord;
      readonly waitingFor: readonly string[];
    };

/**
 * Who decides a request now: the host while present; with the host away, every other person
 * present (the one asking is not seated, and an away seat's player is not present). With nobody
 * present the host still can: approving is the host's to do at any time.
 */
export function approversOf(table: TableRecord): string[] {
  const host = table.seats.find((o) => o?.kind === 'user' && o.userId === table.hostId);
  if (host?.kind === 'user' && !host.away) return [table.hostId];
  const present = table.seats.flatMap((o) => (o?.kind === 'user' && !o.away ? [o.userId] : []));
  return present.length > 0 ? present : [table.hostId];
}

/** Whether a stored request still counts: this match, its seat still open, its asker still not seated. */
export function isLive(table: TableRecord, request: SeatRequest): boolean {
  return (
    (table.status === 'playing' || table.status === 'paused') &&
    request.matchId === table.matchId &&
    isOpenSeat(table.seats[request.seat]) &&
    seatOfUser(table, request.userId) === null
  );
}

/** The table's requests that still count. */
export function liveRequests(core: Core, table: TableRecord): SeatRequest[] {
  return core.store.seats.requests(table.id).filter((r) => isLive(table, r));
}

/** `/table sit` or **Take seat**: the actor asks to take `seat`; the approvers are told by the caller. */
export function requestSeat(core: Core, tableId: string, actor: Actor, seat: unknown): Outcome<SeatAsked> {
  const found = findTable(core, tableId);
  if (!found.ok) return found;
  const { table, match } = found.value;
  const bad =
    checkSnowflake(actor.userId, 'user id') ?? needStatus(table, 'playing', 'paused') ?? checkSeat(seat);
  if (bad) return refuse(bad);
  if (core.store.events.seatedElsewhere(tableId, actor.userId))
    return refuse({ code: 'event', reason: 'seated_elsewhere' });
  // A weekly challenge is played alone with its bots: nobody takes a seat there.
  if (core.store.challenges.ofTable(tableId)) return refuse({ code: 'challenge', reason: 'solo_table' });
  const matchId = (match as LoadedMatch).id;
  const why = cannotTake(table, core.store.seats.holders(matchId), actor.userId, seat as Seat);
  if (why) return refuse(why);
  const stored = core.store.seats.requests(tableId);
  const live = stored.filter((r) => isLive(table, r));
  if (live.some((r) => r.seat === seat)) return refuse({ code: 'request_pending', seat: seat as Seat });
  const own = live.find((r) => r.userId === actor.userId);
  if (own) return refuse({ code: 'already_asked', seat: own.seat });
  const now = core.env.now();
  const request: SeatRequest = {
    tableId,
    matchId,
    seat: seat as Seat,
    userId: actor.userId,
    name: actor.name,
    // Names this request on its buttons: those of an earlier request for the seat answer nothing.
    nonce: now.toString(36),
    approvals: [],
    createdAt: now,
  };
  core.store.transaction(() => {
    core.store.tables.upsertPlayer(actor.userId, actor.name, now);
    // Requests that stopped counting make room (one per seat, one per person).
    for (const r of stored) if (!live.includes(r)) core.store.seats.deleteRequest(tableId, r.seat);
    core.store.seats.putRequest(request);
  });
  return ok({ table, request, approvers: approversOf(table) });
}

/** The live request of `seat` named `nonce` (a stale or forged button finds none). */
function findRequest(core: Core, loaded: LoadedTable, seat: unknown, nonce: string): Outcome<SeatRequest> {
  const bad = checkSeat(seat);
  if (bad) return refuse(bad);
  const request = core.store.seats
    .requests(loaded.table.id)
    .find((r) => r.seat === seat && r.nonce === nonce && isLive(loaded.table, r));
  return request ? ok(request) : refuse({ code: 'no_request' });
}

/**
 * **Approve**: the host's click hands the seat over at once; with the host away, each present
 * person's click is counted, and the last one needed hands it over.
 */
export async function approveRequest(
  core: Core,
  tableId: string,
  actor: Actor,
  seat: unknown,
  nonce: string,
): Promise<Outcome<SeatAnswer>> {
  // A hard bot thinking about the seat's decision finishes it first (the newcomer takes the next).
  const ready = await afterBotThinking(core, tableId, seat);
  if (!ready.ok) return ready;
  const loaded = ready.value;
  const found = findRequest(core, loaded, seat, nonce);
  if (!found.ok) return found;
  const request = found.value;
  const { table } = loaded;
  const approvers = approversOf(table);
  const alone = actor.userId === table.hostId;
  if (!alone && !approvers.includes(actor.userId)) return refuse({ code: 'not_approver' });
  const why = cannotTake(
    table,
    core.store.seats.holders((loaded.match as LoadedMatch).id),
    request.userId,
    request.seat,
  );
  if (why) return refuse(why.code === 'held_other_seat' ? { ...why, userId: request.userId } : why);
  const again = request.approvals.includes(actor.userId);
  const approvals = again ? request.approvals : [...request.approvals, actor.userId];
  const waitingFor = approvers.filter((id) => !approvals.includes(id));
  // A second click counts once; it completes the request if those still awaited have since left.
  if (!alone && again && waitingFor.length > 0) return refuse({ code: 'already_approved' });
  if (!alone && waitingFor.length > 0) {
    const counted = { ...request, approvals };
    core.store.transaction(() => core.store.seats.putRequest(counted));
    return ok({ done: false, request: counted, table, waitingFor });
  }
  const newcomer = { userId: request.userId, name: request.name };
  return ok({ done: true, request, outcome: handOver(core, loaded, request.seat, newcomer) });
}

/** **Decline**: the host or an approver turns the request down, or its asker withdraws it. */
export function declineRequest(
  core: Core,
  tableId: string,
  actor: Actor,
  seat: unknown,
  nonce: string,
): Outcome<{ readonly request: SeatRequest; readonly withdrawn: boolean; readonly table: TableRecord }> {
  const loaded = findTable(core, tableId);
  if (!loaded.ok) return loaded;
  const found = findRequest(core, loaded.value, seat, nonce);
  if (!found.ok) return found;
  const request = found.value;
  const { table } = loaded.value;
  const withdrawn = actor.userId === request.userId;
  if (!withdrawn && actor.userId !== table.hostId && !approversOf(table).includes(actor.userId))
    return refuse({ code: 'not_approver' });
  core.store.transaction(() => core.store.seats.deleteRequest(tableId, request.seat));
  return ok({ request, withdrawn, table });
}
