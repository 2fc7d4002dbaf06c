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

/** Loaded tables kept in memory at most; beyond it the least recently used is dropped (and reloaded on touch). */
export const MAX_LOADED_TABLES = 5_000;

export class Tables {
  /** In order of use, oldest first. Everything in it is committed: dropping an entry loses nothing. */
  private readonly cache = new Map<string, LoadedTable>();

  /**
   * `afterLoad` brings a table read from SQLite up to date before anyone sees it (the bot seats'
   * owed moves, after a crash or a restart); it may only commit through `put`. `owns` says which
   * guilds' tables this process may hold (a shard's own): another's is unknown here, never loaded.
   */
  constructor(
    private readonly store: Store,
    private readonly afterLoad: (loaded: LoadedTable) => LoadedTable = (loaded) => loaded,
    private readonly capacity = MAX_LOADED_TABLES,
    private readonly owns: (guildId: string) => boolean = () => true,
  ) {}

  get(tableId: string): LoadedTable | null {
    const cached = this.cache.get(tableId);
    if (cached) {
      this.cache.delete(tableId);
      this.cache.set(tableId, cached);
      return cached;
    }
    const table = this.store.tables.get(tableId);
    // Another shard's table (a forged custom id, say) is not ours to cache, settle or arm: its
    // shard holds it, and a stale copy here could later overwrite its row.
    if (!table || !this.owns(table.guildId)) return null;
    const loaded: LoadedTable = {
      table,
      match: table.matchId === null ? null : this.loadMatch(table.matchId),
    };
    this.remember(loaded);
    try {
      return this.afterLoad(loaded);
    } catch (error) {
      // Not brought up to date (a busy or full disk): not kept either, so the next touch retries.
      this.cache.delete(tableId);
      throw error;
    }
  }

  activeInChannel(channelId: string): LoadedTable | null {
    for (const loaded of this.cache.values()) {
      if (loaded.table.channelId === channelId && isActive(loaded.table)) return loaded;
    }
    const table = this.store.tables.activeInChannelId(channelId);
    return table ? this.get(table.id) : null;
  }

  /** Records what was just committed. A table that is over leaves memory (it is read again if touched). */
  put(loaded: LoadedTable): void {
    this.cache.delete(loaded.table.id);
    if (isActive(loaded.table) && this.owns(loaded.table.guildId)) this.remember(loaded);
  }

  private remember(loaded: LoadedTable): void {
    this.cache.set(loaded.table.id, loaded);
    if (this.cache.size > this.capacity) {
      const oldest = this.cache.keys().next().value as string;
      this.cache.delete(oldest);
    }
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
