/**
 * The chaos run's checks on the database file (through the store's API, reading only) and on what
 * the local Discord shows: a table's match log whole and replayable, its last version, whether a
 * bot seat owes a move, and whether the public table message shows the stored state.
 */
import { isDeepStrictEqual } from 'node:util';
import { waitsForPartner } from '../../src/bots/registry.js';
import { renderTable } from '../../src/discord/renderTable.js';
import { EN_TEXT } from '../../src/discord/ui.js';
import { type MatchState, owesAction, publicView, replay, SEATS, type Seat } from '../../src/engine/index.js';
import type { LocalDiscord } from '../../src/localDiscord/index.js';
import type { TableRecord } from '../../src/store/records.js';
import type { Store } from '../../src/store/store.js';

export interface Stored {
  readonly table: TableRecord;
  readonly state: MatchState | null;
  /** The highest version in the match's log (0: none; -1: no match yet). */
  readonly logged: number;
}

/** The table and its match as the file holds them, or null when the file has no such table. */
export function stored(store: Store, tableId: string): Stored | null {
  const table = store.tables.get(tableId);
  if (!table) return null;
  const match = table.matchId === null ? null : store.matches.load(table.matchId);
  return { table, state: match?.state ?? null, logged: match ? match.loggedVersion : -1 };
}

/** Whether the file's log of the table's match reaches `version` (a lobby shows version 0 and has none). */
export function logReaches(store: Store, tableId: string, version: number): boolean {
  const at = stored(store, tableId);
  return at !== null && (at.logged >= version || (at.logged === -1 && version === 0));
}

/**
 * What is wrong with a table's log, or null: versions 1..n each once, the stored state at version
 * n, and the log replayed from the match's seed giving exactly the stored state (so every logged
 * action was legal for the seat that made it, in that order).
 */
export function logProblem(store: Store, tableId: string): string | null {
  const table = store.tables.get(tableId);
  if (!table || table.matchId === null) return null;
  const match = store.matches.load(table.matchId);
  if (!match) return `table ${tableId}: match ${table.matchId} has no snapshot`;
  const actions = store.matches.actions(table.matchId);
  const gap = actions.findIndex((a, i) => a.version !== i + 1);
  if (gap >= 0) return `table ${tableId}: log version ${actions[gap]?.version} at position ${gap + 1}`;
  if (match.state.version !== actions.length)
    return `table ${tableId}: stored state at version ${match.state.version}, log ends at ${actions.length}`;
  const replayed = replay(
    match.settings,
    match.seed,
    actions.map((a) => ({ seat: a.seat as Seat, action: a.action as never })),
  );
  if (!replayed.ok) return `table ${tableId}: the log does not replay (${replayed.error.code})`;
  if (!isDeepStrictEqual(JSON.parse(JSON.stringify(replayed.value)), match.state))
    return `table ${tableId}: the log replays to another state than the stored one`;
  return null;
}

/** The bot seats (and away seats, which the bot plays) that owe a move in the stored state. */
export function botSeatsOwing(table: TableRecord, state: MatchState | null): Seat[] {
  if (!state || table.status !== 'playing') return [];
  const botPlays = (seat: Seat) => {
    const occupant = table.seats[seat];
    return occupant?.kind === 'bot' || (occupant?.kind === 'user' && occupant.away === true);
  };
  // A bot passing after its partner, a person who may still call Tichu, owes nothing yet.
  return SEATS.filter(
    (seat) => botPlays(seat) && owesAction(state, seat) && !waitsForPartner(state, seat, botPlays),
  );
}

/**
 * Whether the table message in the channel is exactly what the stored state renders to (English,
 * text cards: the chaos server's look), or what differs.
 */
export function messageProblem(discord: LocalDiscord, found: Stored): string | null {
  const { table, state } = found;
  if (table.messageId === null) return `table ${table.id}: no table message stored`;
  const message = discord.hub.world.messages.get(table.messageId);
  if (!message || message.deleted) return `table ${table.id}: its message ${table.messageId} is gone`;
  const expected = renderTable({ table, view: state ? publicView(state) : null }, EN_TEXT);
  const shown = {
    content: message.content,
    embeds: message.embeds,
    components: message.components,
  };
  const wanted = JSON.parse(
    JSON.stringify({
      // A V2 table message has no content and no embeds.
      content: '',
      embeds: [],
      components: expected.components,
    }),
  );
  if (isDeepStrictEqual(JSON.parse(JSON.stringify(shown)), wanted)) return null;
  const at = (payload: unknown) => Math.max(-1, ...tableVersions(payload, table.id));
  return `table ${table.id}: message shows version ${at(shown)}, stored ${state?.version ?? 'none'}`;
}

function tableVersions(payload: unknown, tableId: string): number[] {
  const json = JSON.stringify(payload);
  return [...json.matchAll(new RegExp(`:${tableId}:(\\d+)`, 'g'))].map((m) => Number(m[1]));
}
