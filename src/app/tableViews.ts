/**
 * What the Discord layer may show of a table: the channel's view, one seated player's (with their
 * legal actions and deadline), the table of a channel, and a server's tables. Read-only.
 */
import {
  type Action,
  legalActions,
  ok,
  type PublicView,
  publicView,
  type Seat,
  type SeatView,
  seatView,
} from '../engine/index.js';
import type { TableRecord } from '../store/records.js';
import { type Core, checkSnowflake, findTable, type Outcome, refuse, seatOfUser } from './core.js';
import { clockedSeats } from './deadlines.js';
import type { LoadedTable } from './tables.js';

export interface TableSnapshot {
  readonly table: TableRecord;
  /** What everyone may see of the match, or null before the first match. */
  readonly view: PublicView | null;
  /** A table one person plays alone with bots (a weekly challenge's): nobody may take a seat there. */
  readonly solo?: true;
}

export interface PlayerSnapshot {
  readonly table: TableRecord;
  readonly seat: Seat;
  readonly view: SeatView;
  readonly legal: readonly Action[];
  /** When this seat's owed decision is made for it (Unix ms), or null when no clock runs for it. */
  readonly deadline: number | null;
}

/** What the channel may see. */
export function tableView(core: Core, tableId: string): Outcome<TableSnapshot> {
  const found = findTable(core, tableId);
  return found.ok ? ok(snapshot(core, found.value)) : found;
}

/**
 * Snapshots made so far, per loaded table and seat. A loaded table is never changed, only replaced
 * at each commit (tables.ts), and a snapshot is made of it alone: the same one serves every reader
 * until the next commit (the clicker's panel, then the live panels that follow it, then the next
 * "My hand"), and goes with the table it was made of.
 */
const snapshots = new WeakMap<LoadedTable, Array<PlayerSnapshot | undefined>>();

/** What one seated user may see, with the actions open to them. */
export function playerView(core: Core, tableId: string, userId: string): Outcome<PlayerSnapshot> {
  const found = findTable(core, tableId);
  if (!found.ok) return found;
  const loaded = found.value;
  const { table, match } = loaded;
  const seat = seatOfUser(table, userId);
  if (seat === null) return refuse({ code: 'not_seated' });
  if (!match)
    return refuse({
      code: 'wrong_status',
      status: table.status,
      needed: ['playing', 'paused', 'finished'],
    });
  let made = snapshots.get(loaded);
  const known = made?.[seat];
  if (known) return ok(known);
  const legal = table.status === 'playing' ? legalActions(match.state, seat, { exchanges: false }) : [];
  const clocked = table.deadline !== null && clockedSeats(table, match.state).includes(seat);
  const snapshot: PlayerSnapshot = {
    table,
    seat,
    view: seatView(match.state, seat),
    legal,
    deadline: clocked ? (table.deadline?.at ?? null) : null,
  };
  if (!made) {
    made = [];
    snapshots.set(loaded, made);
  }
  made[seat] = snapshot;
  return ok(snapshot);
}

/** The active table of a channel, if any. */
export function tableInChannel(core: Core, channelId: string): Outcome<TableSnapshot> {
  const bad = checkSnowflake(channelId, 'channel id');
  if (bad) return refuse(bad);
  const loaded = core.tables.activeInChannel(channelId);
  if (loaded) return ok(snapshot(core, loaded));
  // A match just ended here: its table message offers New match, which "no table here" would deny.
  const last = core.store.tables.newestIn(channelId);
  const overHere = last?.status === 'finished' && last.settings.handLimit === null;
  return refuse({ code: 'unknown_table', ...(overHere ? { overHere } : {}) });
}

/** The active tables of a server, oldest first. */
export function tablesOfGuild(core: Core, guildId: string): Outcome<TableRecord[]> {
  const bad = checkSnowflake(guildId, 'server id');
  if (bad) return refuse(bad);
  return ok(core.store.tables.activeInGuild(guildId));
}

function snapshot(core: Core, loaded: LoadedTable): TableSnapshot {
  const view = loaded.match ? publicView(loaded.match.state) : null;
  // Only a table with bots can be a challenge's (one indexed read, then).
  const solo =
    loaded.table.seats.some((o) => o?.kind === 'bot') &&
    core.store.challenges.ofTable(loaded.table.id) !== null;
  return solo ? { table: loaded.table, view, solo: true } : { table: loaded.table, view };
}
