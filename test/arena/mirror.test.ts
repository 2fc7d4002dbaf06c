/** Mirrored pairs: one seed per pair, played twice with the teams swapped, and runs that repeat. */
import { describe, expect, it } from 'vitest';
import type { GameRecord } from '../../src/arena/game.js';
import { type ArenaConfig, runPair } from '../../src/arena/pairs.js';
import { runArena } from '../../src/arena/pool.js';
import { summarize } from '../../src/arena/summary.js';

const base: ArenaConfig = {
  team: 'easy',
  vs: 'random',
  pairs: 4,
  seed: 'mirror',
  target: 300,
  budgetMs: 150,
};

/** A game without its timings, which are the only part that may differ between runs. */
const played = ({ times: _times, ...rest }: GameRecord) => rest;

describe('mirroring', () => {
  it('plays each pair seed twice, the team at seats 0/2 then at 1/3, on the same deals', () => {
    const seeds = new Set<string>();
    for (let i = 0; i < base.pairs; i++) {
      const pair = runPair(base, i);
      const [a, b] = pair.games;
      seeds.add(pair.seed);
      expect([a.seed, b.seed]).toEqual([pair.seed, pair.seed]);
      expect(a.levels).toEqual(['easy', 'random', 'easy', 'random']);
      expect(b.levels).toEqual(['random', 'easy', 'random', 'easy']);
      const common = Math.min(a.hands.length, b.hands.length);
      expect(common).toBeGreaterThan(0);
      for (let h = 0; h < common; h++) expect(b.hands[h]?.seed).toBe(a.hands[h]?.seed);
      expect(a.winner).not.toBeNull();
    }
    expect(seeds.size).toBe(base.pairs); // every pair deals new cards
  });

  it('swapping --team and --vs swaps the two games of every pair and negates the figures', async () => {
    const forward = await runArena(base, { workers: 1 });
    const backward = await runArena({ ...base, team: 'random', vs: 'easy' }, { workers: 1 });
    forward.forEach((pair, i) => {
      expect(played(backward[i]!.games[0])).toEqual(played(pair.games[1]));
      expect(played(backward[i]!.games[1])).toEqual(played(pair.games[0]));
    });
    const f = summarize(base, forward);
    const b = summarize({ ...base, team: 'random', vs: 'easy' }, backward);
    expect(b.pointsPerHand?.value).toBeCloseTo(-(f.pointsPerHand?.value ?? Number.NaN), 6);
    expect(b.matchWinRate?.wins).toBe(f.games - (f.matchWinRate?.wins ?? 0));
    expect(b.sides.team).toEqual(f.sides.vs);
    expect(b.pairResults).toEqual({
      both: f.pairResults?.neither,
      split: f.pairResults?.split,
      neither: f.pairResults?.both,
    });
  });

  it('single-deal runs stop after the asked hands and report no match win rate', async () => {
    const config: ArenaConfig = { ...base, hands: 1, target: 1000 };
    const pairs = await runArena(config, { workers: 1 });
    for (const pair of pairs) for (const game of pair.games) expect(game.hands).toHaveLength(1);
    const summary = summarize(config, pairs);
    expect(summary.hands).toBe(2 * base.pairs);
    expect(summary.matchWinRate).toBeNull();
    expect(summary.pointsPerHand).not.toBeNull();
  });
});

describe('determinism', () => {
  it('the same seed and levels give identical games, run twice on one thread', async () => {
    const first = await runArena(base, { workers: 1 });
    const second = await runArena(base, { workers: 1 });
    expect(second.map((p) => p.games.map(played))).toEqual(first.map((p) => p.games.map(played)));
  });

  it('worker threads give the same games, in seed order, as one thread', async () => {
    const config = { ...base, pairs: 5 };
    const alone = await runArena(config, { workers: 1 });
    const progress: number[] = [];
    const threaded = await runArena(config, { workers: 2, onPair: (done) => progress.push(done) });
    expect(threaded.map((p) => p.index)).toEqual([0, 1, 2, 3, 4]);
    expect(threaded.map((p) => p.games.map(played))).toEqual(alone.map((p) => p.games.map(played)));
    expect(progress).toEqual([1, 2, 3, 4, 5]);
  });

  it('search levels repeat too when capped by playouts instead of time', async () => {
    const config: ArenaConfig = { ...base, team: 'hard', vs: 'normal', pairs: 1, hands: 1, playouts: 20 };
    const first = await runArena(config, { workers: 1 });
    const second = await runArena(config, { workers: 1 });
    expect(second.map((p) => p.games.map(played))).toEqual(first.map((p) => p.games.map(played)));
  });

  it('a game stuck in a worker thread fails the whole run, naming its seed', async () => {
    await expect(runArena({ ...base, maxMoves: 10 }, { workers: 2 })).rejects.toThrow(
      /arena\/mirror\/\d+ .*no end after 10 moves/,
    );
  });

  it('a different seed deals different cards', async () => {
    const a = await runArena({ ...base, pairs: 1 }, { workers: 1 });
    const b = await runArena({ ...base, pairs: 1, seed: 'other' }, { workers: 1 });
    expect(b[0]?.games[0].hands[0]?.seed).not.toBe(a[0]?.games[0].hands[0]?.seed);
  });
});
