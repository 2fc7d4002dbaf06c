/**
 * `/table list`: a server's active tables (lobbies, matches being played, paused matches), the most
 * recently active first, a page at a time; optionally only those where the viewer is seated.
 */
import { ok, type PublicView, publicView } from '../engine/index.js';
import type { TableRecord } from '../store/records.js';
import { type Core, checkSnowflake, type Outcome, refuse } from './core.js';

export const LIST_PAGE_SIZE = 10;

export interface ListedTable {
  readonly table: TableRecord;
  /** What everyone may see of its match (scores, hand), or null in a lobby. */
  readonly view: PublicView | null;
  /** When anything last happened there (its last change or action), Unix ms: how long it has waited. */
  readonly activeAt: number;
}

export interface TableList {
  readonly page: number;
  readonly pages: number;
  readonly total: number;
  readonly mine: boolean;
  readonly rows: readonly ListedTable[];
}

/** One page (from 0; clamped) of the server's active tables, newest activity first. */
export function listTables(
  core: Core,
  guildId: string,
  viewerId: string,
  mine: boolean,
  page: number,
): Outcome<TableList> {
  const bad = checkSnowflake(guildId, 'server id') ?? checkSnowflake(viewerId, 'user id');
  if (bad) return refuse(bad);
  const index = core.store.tableIndex;
  const user = mine ? viewerId : null;
  const { total } = index.activeByActivity(guildId, user, 0, 0, viewerId);
  const pages = Math.max(1, Math.ceil(total / LIST_PAGE_SIZE));
  const wanted = Number.isFinite(page) ? Math.trunc(page) : 0;
  const current = Math.min(Math.max(0, wanted), pages - 1);
  const { rows } = index.activeByActivity(guildId, user, current * LIST_PAGE_SIZE, LIST_PAGE_SIZE, viewerId);
  const listed = rows.flatMap((row) => {
    // Through the loaded tables: the same records every other view shows.
    const loaded = core.tables.get(row.tableId);
    if (!loaded) return [];
    const view = loaded.match ? publicView(loaded.match.state) : null;
    return [{ table: loaded.table, view, activeAt: row.activeAt }];
  });
  return ok({ page: current, pages, total, mine, rows: listed });
}
