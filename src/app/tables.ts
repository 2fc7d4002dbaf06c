/** The loaded tables: read from SQLite on first touch (never all at start-up), then kept in memory. */
import { type MatchState, replay } from '../engine/index.js';
import type { TableRecord } from '../store/records.js';
import type { Store } from '../store/store.js';

export interface LoadedMatch {
  readonly id: number;
  readonly state: MatchState;
  /** The version at which the current hand was dealt: a view older than it shows another hand. */
  readonly handStart: number;
}

export interface LoadedTable {
  readonly table: TableRecord;
  readonly match: LoadedMatch | null;
}

export class Tables {
  private readonly cache = new Map<string, LoadedTable>();

  /**
   * `afterLoad` brings a table read from SQLite up to date before anyone sees it (the bot seats'
   * owed moves, after a crash or a restart); it may only commit through `put`.
   */
  constructor(
    private readonly store: Store,
    private readonly afterLoad: (loaded: LoadedTable) => LoadedTable = (loaded) => loaded,
  ) {}

  get(tableId: string): LoadedTable | null {
    const cached = this.cache.get(tableId);
    if (cached) return cached;
    const table = this.store.tables.get(tableId);
    if (!table) return null;
    const loaded: LoadedTable = {
      table,
      match: table.matchId === null ? null : this.loadMatch(table.matchId),
    };
    this.cache.set(tableId, loaded);
    return this.afterLoad(loaded);
  }

  activeInChannel(channelId: string): LoadedTable | null {
    for (const loaded of this.cache.values()) {
      if (loaded.table.channelId === channelId && isActive(loaded.table)) return loaded;
    }
    const table = this.store.tables.activeInChannelId(channelId);
    return table ? this.get(table.id) : null;
  }

  /** Records what was just committed. */
  put(loaded: LoadedTable): void {
    this.cache.set(loaded.table.id, loaded);
  }

  forget(tableId: string): void {
    this.cache.delete(tableId);
  }

  get size(): number {
    return this.cache.size;
  }

  /** The snapshot, checked against the log: if they ever disagree, the log wins (replayed). */
  private loadMatch(matchId: number): LoadedMatch {
    const stored = this.store.matches.load(matchId);
    if (!stored) throw new Error(`match ${matchId} has no snapshot`);
    const handStart = (state: MatchState) => this.store.matches.handStartVersion(matchId, state.hand.number);
    if (stored.loggedVersion === stored.state.version)
      return { id: matchId, state: stored.state, handStart: handStart(stored.state) };
    const rebuilt = replay(stored.settings, stored.seed, this.store.matches.actions(matchId));
    if (!rebuilt.ok)
      throw new Error(
        `match ${matchId} does not replay: ${rebuilt.error.error.code} at ${rebuilt.error.index}`,
      );
    const state = rebuilt.value;
    this.store.transaction(() => this.store.matches.overwriteSnapshot(matchId, state));
    return { id: matchId, state, handStart: handStart(state) };
  }
}

export function isActive(table: TableRecord): boolean {
  return table.status === 'lobby' || table.status === 'playing' || table.status === 'paused';
}
