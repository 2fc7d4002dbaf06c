/**
 * An event's results, read from its tables' matches (src/events does the scoring): the standings
 * and each board's results. Only boards every table of their round has played (or the host closed)
 * count, so nothing shown gives away a board someone has still to play.
 */
import { type Card, dealHand, handSeed, type PerSeat, type Seat } from '../engine/index.js';
import {
  type BoardResults,
  type DuplicateRow,
  duplicateStandings,
  type HandRecord,
  matchpointBoard,
  type PairBoardScore,
  type RotatingRow,
  rotatingStandings,
  type TableResult,
  type TeamBoardResult,
  type TeamRow,
  teamBoardResult,
  teamMatchStandings,
} from '../events/index.js';
import type { EventHandRow, EventPlayer, EventRecord, EventTable } from '../store/eventRepo.js';
import type { Core } from './core.js';
import { eventPairs, roundSeed } from './eventSeating.js';

export type Standings =
  | { readonly kind: 'rotating'; readonly rows: readonly RotatingRow[] }
  | { readonly kind: 'duplicate'; readonly rows: readonly DuplicateRow[] }
  | { readonly kind: 'team'; readonly rows: readonly TeamRow[] };

/** One board at one table, as a summary shows it. */
export interface BoardAtTable {
  readonly table: EventTable;
  /** N-S's and E-W's hand points; null when the table did not finish it (scores the average). */
  readonly total: readonly [number, number] | null;
  readonly doubleVictory: 0 | 1 | null;
}

export interface BoardReport {
  readonly round: number;
  readonly board: number;
  readonly tables: readonly BoardAtTable[];
  /** Duplicate: each pair's matchpoints on the board (by pair key). */
  readonly matchpoints: readonly PairBoardScore[];
  /** Two tables: the team match's swing. */
  readonly team: TeamBoardResult | null;
}

export interface EventResults {
  readonly event: EventRecord;
  readonly players: readonly EventPlayer[];
  readonly tables: readonly EventTable[];
  readonly standings: Standings;
  readonly boards: readonly BoardReport[];
  /** Who sits out the round under way (rotating partners, a field not a multiple of four). */
  readonly sittingOut: readonly string[];
  /** The round under way's tables that are paused (by number): the host, or everyone stepped away. */
  readonly paused: readonly number[];
  /** Duplicate: each pair's key and people (null: a bot). */
  readonly pairs: ReadonlyArray<{
    readonly key: string;
    readonly players: readonly [string | null, string | null];
  }>;
}

/** Everything about an event's results so far: standings and each counted board. */
export function eventResults(core: Core, event: EventRecord): EventResults {
  const store = core.store.events;
  const players = store.players(event.id);
  const tables = store.tables(event.id);
  const byTable = handsByTable(store.hands(event.id));
  const botSeats = botSeatsOf(core, event.id, tables);
  const counted = countedBoards(event, tables, byTable);
  const pairs = event.format === 'duplicate' ? eventPairs(players, tables) : [];
  const pairKey = (n: number | null) => (n === null ? '' : (pairs[n]?.key ?? `pair${n}`));
  const boards: BoardReport[] = [];
  const handRecords: HandRecord[] = [];
  const boardResults: BoardResults[] = [];
  for (const { round, board } of counted) {
    const of = tables.filter((t) => t.round === round);
    const atTables: BoardAtTable[] = of.map((table) => {
      const hand = table.tableId === null ? undefined : byTable.get(table.tableId)?.get(board);
      return { table, total: hand ? hand.total : null, doubleVictory: hand?.doubleVictory ?? null };
    });
    const results: TableResult[] = atTables.map(({ table, total }) => {
      const seating = {
        table: table.number,
        nsPair: pairKey(table.nsPair),
        ewPair: pairKey(table.ewPair),
        botSeats: botSeats.get(`${table.round}:${table.number}`) ?? [],
      };
      return total === null ? { ...seating, averaged: true } : { ...seating, ns: total[0], ew: total[1] };
    });
    for (const at of atTables)
      handRecords.push({
        round,
        table: at.table.number,
        seats: at.table.seats.map(
          (s, i) => s ?? `bot:${round}:${at.table.number}:${i}`,
        ) as unknown as readonly [string, string, string, string],
        total: at.total ?? [0, 0],
        doubleVictory: at.doubleVictory,
        averaged: at.total === null,
        botSeats: botSeats.get(`${at.table.round}:${at.table.number}`) ?? [],
      });
    const duplicate = event.format === 'duplicate';
    boardResults.push(results);
    boards.push({
      round,
      board,
      tables: atTables,
      matchpoints: duplicate && of.length > 2 ? matchpointBoard(results) : [],
      team: duplicate && of.length === 2 ? teamBoardResult(results) : null,
    });
  }
  const standings: Standings =
    event.format === 'rotating'
      ? {
          kind: 'rotating',
          rows: rotatingStandings(
            handRecords,
            // A round under way is not scored yet: its sit-outs count once it ends, as its hands do.
            store
              .sitOuts(event.id)
              .filter((s) => event.status !== 'running' || s.round < event.round)
              .map((s) => ({ round: s.round, player: s.userId })),
            event.options.vp,
          ).filter((row) => !row.id.startsWith('bot:')),
        }
      : pairs.length === 4
        ? { kind: 'team', rows: teamMatchStandings(boardResults) }
        : { kind: 'duplicate', rows: duplicateStandings(boardResults) };
  return {
    event,
    players,
    tables,
    standings,
    boards,
    sittingOut: store
      .sitOuts(event.id)
      .filter((s) => s.round === event.round)
      .map((s) => s.userId),
    paused: pausedTables(core, event, tables),
    pairs: pairs.map((p) => ({ key: p.key, players: p.players })),
  };
}

/** Each table's played hands by number. */
export function handsByTable(hands: readonly EventHandRow[]): Map<string, Map<number, EventHandRow>> {
  const byTable = new Map<string, Map<number, EventHandRow>>();
  for (const h of hands) {
    const of = byTable.get(h.tableId) ?? new Map<number, EventHandRow>();
    of.set(h.number, h);
    byTable.set(h.tableId, of);
  }
  return byTable;
}

/**
 * Boards that count: played at every table of their round, or the round is over (a closed table's
 * missing boards are averaged). In round, then board order.
 */
export function countedBoards(
  event: EventRecord,
  tables: readonly EventTable[],
  byTable: ReadonlyMap<string, ReadonlyMap<number, EventHandRow>>,
): Array<{ round: number; board: number }> {
  const out: Array<{ round: number; board: number }> = [];
  const rounds = [...new Set(tables.map((t) => t.round))].sort((a, b) => a - b);
  for (const round of rounds) {
    const of = tables.filter((t) => t.round === round);
    for (let board = 1; board <= event.hands; board++) {
      const done = of.every(
        (t) => t.status === 'closed' || (t.tableId !== null && byTable.get(t.tableId)?.has(board) === true),
      );
      if (done) out.push({ round, board });
    }
  }
  return out;
}

/** The round under way's tables that are paused, by number (a closed or finished one is neither). */
function pausedTables(core: Core, event: EventRecord, tables: readonly EventTable[]): number[] {
  if (event.status !== 'running') return [];
  const state = core.store.events.playState(event.id, event.round);
  return tables
    .filter((t) => t.round === event.round && t.status === 'playing' && t.tableId !== null)
    .filter((t) => state.get(t.tableId as string)?.table === 'paused')
    .map((t) => t.number);
}

/** The seats a bot played at some point at each event table (an empty seat, or a bot substitute). */
function botSeatsOf(core: Core, eventId: string, tables: readonly EventTable[]): Map<string, Seat[]> {
  const held = core.store.events.botSeats(eventId);
  const out = new Map<string, Seat[]>();
  for (const t of tables) {
    const seats = new Set<Seat>();
    t.seats.forEach((s, i) => {
      if (s === null) seats.add(i as Seat);
    });
    for (const seat of t.tableId === null ? [] : (held.get(t.tableId) ?? [])) seats.add(seat as Seat);
    out.set(`${t.round}:${t.number}`, [...seats].sort());
  }
  return out;
}

/** A counted board's deal at each table of its round (a duplicate round: the same at all). */
export interface BoardDeal {
  readonly table: EventTable;
  /** Each seat's fourteen cards as dealt, before the exchange. */
  readonly hands: PerSeat<readonly Card[]>;
}

/**
 * Who held which cards on a board, once it counts (every table of its round played it, or the round
 * is over): before that, null, so nobody learns a board they have still to play.
 */
export function boardDeal(core: Core, event: EventRecord, round: number, board: number): BoardDeal[] | null {
  const tables = core.store.events.tables(event.id);
  const byTable = handsByTable(core.store.events.hands(event.id));
  if (!countedBoards(event, tables, byTable).some((b) => b.round === round && b.board === board)) return null;
  return tables
    .filter((t) => t.round === round)
    .map((table) => ({
      table,
      hands: dealHand(board, handSeed(roundSeed(event, round, table.number), board), false).hands,
    }));
}

/** A person's placing in a finished event: see migrations/0011_events.sql for the points. */
export interface Placing {
  readonly userId: string;
  readonly rank: number;
  readonly field: number;
  readonly points: number;
}

/**
 * Each person's placing from the final standings: an entry (a player, a pair, a team) scores the
 * number of entries minus its rank plus one, and each of its people gets that; bots get nothing.
 */
export function placingsOf(results: EventResults): Placing[] {
  const { standings } = results;
  const field = standings.rows.length;
  const peopleOf = (id: string): string[] => {
    if (standings.kind === 'rotating') return id.startsWith('bot:') ? [] : [id];
    const pair = (key: string): string[] => {
      const players: ReadonlyArray<string | null> = results.pairs.find((p) => p.key === key)?.players ?? [];
      return players.filter((p): p is string => p !== null);
    };
    if (standings.kind === 'duplicate') return pair(id);
    const team = standings.rows.find((r) => r.id === id);
    return (team?.pairs ?? []).flatMap(pair);
  };
  const out = new Map<string, Placing>();
  for (const row of standings.rows)
    for (const userId of peopleOf(row.id))
      if (!out.has(userId)) out.set(userId, { userId, rank: row.rank, field, points: field - row.rank + 1 });
  return [...out.values()];
}
