/**
 * Seasons in the store: numbered per server, found by name whatever its case, one running per
 * server; and moving a server to another file (the guild mover) keeps its seasons and their
 * ratings beside another server's seasons of the same numbers.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exportGuildFromFile, importGuildIntoFile } from '../../src/store/guildMover.js';
import { Store } from '../../src/store/store.js';

const A = '100000000000000001';
const B = '100000000000000002';
const ANN = '300000000000000001';
const BEN = '300000000000000002';
const T0 = 1_700_000_000_000;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tichu-seasons-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** A file where `guild` had season 1 (ended) and runs season 2, `user` rated in both and all time. */
function seed(path: string, guild: string, user: string, names: [string, string]): void {
  const store = Store.open(path);
  try {
    store.transaction(() => {
      store.tables.upsertPlayer(user, `Player ${user.slice(-1)}`, T0);
      store.stats.saveRating(guild, user, 27, 7, 6, T0 + 1);
      store.seasons.start(guild, names[0], T0 + 2);
      store.seasons.saveRating(guild, 1, user, { mu: 26, sigma: 8, ordinal: 2 }, T0 + 3);
      store.seasons.end(guild, 1, T0 + 4);
      store.seasons.start(guild, names[1], T0 + 5);
      store.seasons.saveRating(guild, 2, user, { mu: 28, sigma: 8, ordinal: 4 }, T0 + 6);
    });
  } finally {
    store.close();
  }
}

function seasonsOf(path: string, guild: string) {
  const store = Store.open(path);
  try {
    return {
      seasons: store.seasons.list(guild, 10),
      running: store.seasons.running(guild),
      ratings: store.db
        .prepare(
          'SELECT season_id, user_id, mu, sigma, ordinal, rated_matches FROM season_ratings WHERE guild_id = ? ORDER BY season_id',
        )
        .all(guild),
    };
  } finally {
    store.close();
  }
}

describe('the season repository', () => {
  it('numbers seasons per server, finds them by name in any case, and ends only a running one', () => {
    const store = Store.open(join(dir, 'a.sqlite'));
    try {
      const first = store.transaction(() => store.seasons.start(A, 'Spring', T0));
      expect(first).toEqual({ guildId: A, id: 1, name: 'Spring', startedAt: T0, endedAt: null });
      expect(store.transaction(() => store.seasons.start(B, 'Spring', T0)).id).toBe(1);
      expect(store.seasons.named(A, 'SPRING')).toEqual(first);
      expect(store.seasons.running(A)).toEqual(first);
      expect(store.transaction(() => store.seasons.end(A, 1, T0 + 10))).toBe(true);
      expect(store.transaction(() => store.seasons.end(A, 1, T0 + 20))).toBe(false);
      expect(store.seasons.season(A, 1)?.endedAt).toBe(T0 + 10);
      expect(store.seasons.running(A)).toBeNull();
      expect(store.transaction(() => store.seasons.start(A, 'Summer', T0 + 30)).id).toBe(2);
      expect(store.seasons.list(A, 10).map((s) => s.id)).toEqual([2, 1]);
    } finally {
      store.close();
    }
  });
});

describe('moving a server keeps its seasons', () => {
  it('exports them with their ratings and imports them beside another server’s seasons of the same numbers', () => {
    const source = join(dir, 'source.sqlite');
    const target = join(dir, 'target.sqlite');
    seed(source, A, ANN, ['Spring', 'Summer']);
    seed(target, B, BEN, ['Winter', 'Spring']);
    const { file, counts } = exportGuildFromFile(source, A, T0 + 100);
    expect(counts).toMatchObject({ seasons: 2, season_ratings: 2 });
    expect(file.newestAt).toBe(T0 + 6);

    importGuildIntoFile(target, file);
    expect(seasonsOf(target, A)).toEqual(seasonsOf(source, A));
    expect(seasonsOf(target, A).running?.name).toBe('Summer');
    // The other server's seasons are untouched.
    expect(seasonsOf(target, B).seasons.map((s) => s.name)).toEqual(['Spring', 'Winter']);
    // Importing again replaces the server's seasons, and leaves the same data.
    importGuildIntoFile(target, file);
    expect(seasonsOf(target, A)).toEqual(seasonsOf(source, A));
  });
});
