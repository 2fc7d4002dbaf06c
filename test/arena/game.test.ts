/** One arena game: its records add up to the match, its loops are bounded, and floors are timed alongside. */
import { describe, expect, it } from 'vitest';
import { ArenaError, levelBudgets, playGame } from '../../src/arena/game.js';
import { DEFAULT_EXPERT_BUDGET_MS, DEFAULT_HARD_BUDGET_MS } from '../../src/bots/registry.js';

const spec = {
  seed: 'game-test',
  levels: ['easy', 'random', 'easy', 'random'] as const,
  target: 500,
  budgetMs: 150,
};

describe('playGame', () => {
  it('plays to the target, and its hand records add up to the final score', () => {
    const game = playGame(spec);
    expect(game.winner).not.toBeNull();
    const sums = [0, 1].map((t) => game.hands.reduce((sum, h) => sum + (h.total[t] as number), 0));
    expect(sums).toEqual([...game.scores]);
    expect(Math.max(...game.scores)).toBeGreaterThanOrEqual(500);
    expect(game.moves).toBeGreaterThan(game.hands.length);
  });

  it('gives up with an ArenaError naming the seed once the move cap is reached', () => {
    expect(() => playGame({ ...spec, maxMoves: 10 })).toThrowError(ArenaError);
    expect(() => playGame({ ...spec, maxMoves: 10 })).toThrowError(/game-test .*no end after 10 moves/);
  });

  it('times the floor on exactly the decisions of each level, when asked', () => {
    const game = playGame({ ...spec, floor: true });
    expect(game.times['floor:easy']?.length).toBe(game.times.easy?.length);
    expect(game.times['floor:random']?.length).toBe(game.times.random?.length);
    expect(game.times.easy?.length).toBeGreaterThan(0);
    expect(playGame(spec).times['floor:easy']).toBeUndefined();
  });

  it('stops after the asked number of hands', () => {
    const game = playGame({ ...spec, target: 1000, hands: 2 });
    expect(game.hands).toHaveLength(2);
    expect(game.winner).toBeNull();
  });
});

describe('levelBudgets', () => {
  const spec = {
    seed: 's',
    levels: ['expert', 'hard', 'expert', 'hard'],
    target: 1000,
    budgetMs: 40,
  } as const;

  it('gives expert its own time budget and every other level the spec’s', () => {
    const b = levelBudgets({ ...spec, expertBudgetMs: 700 });
    expect([b.expert.ms, b.expert.playouts, b.other.ms, b.other.playouts]).toEqual([
      700,
      undefined,
      40,
      undefined,
    ]);
    expect(levelBudgets(spec).expert.ms).toBe(DEFAULT_EXPERT_BUDGET_MS);
  });

  it('with a playout cap, scales expert’s cap by its default budget over hard’s, unless told', () => {
    const b = levelBudgets({ ...spec, playouts: 30 });
    const scaled = Math.round((30 * DEFAULT_EXPERT_BUDGET_MS) / DEFAULT_HARD_BUDGET_MS);
    expect([b.expert.ms, b.expert.playouts, b.other.ms, b.other.playouts]).toEqual([
      Number.POSITIVE_INFINITY,
      scaled,
      Number.POSITIVE_INFINITY,
      30,
    ]);
    expect(levelBudgets({ ...spec, playouts: 30, expertPlayouts: 90 }).expert.playouts).toBe(90);
  });
});
