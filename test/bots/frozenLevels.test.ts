/**
 * The archived levels stay as they were when they were archived (issue 29): `normal@v1` and
 * `hard@v1` are the yardsticks the arena measures the new levels against, so a change that moved
 * them would move every comparison. Each digest covers whole hands played from fixed seeds (every
 * action of every seat, hard capped by playouts so it repeats exactly); it was taken from the
 * levels `normal` and `hard` at commit 31d743c, before either changed.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { playGame } from '../../src/arena/game.js';
import type { ArenaLevel } from '../../src/arena/levels.js';

function digest(
  levels: [ArenaLevel, ArenaLevel, ArenaLevel, ArenaLevel],
  seed: string,
  hands: number,
): string {
  const game = playGame({
    seed,
    levels,
    target: 1000,
    hands,
    budgetMs: Number.POSITIVE_INFINITY,
    playouts: 60,
  });
  const { times: _times, ...rest } = game;
  return createHash('sha256').update(JSON.stringify(rest)).digest('hex').slice(0, 16);
}

describe('archived levels', () => {
  it('normal@v1 plays exactly as the normal level did before issue 29', () => {
    expect(digest(['normal@v1', 'easy', 'normal@v1', 'easy'], 'frozen/normal/1', 6)).toBe('78eeb6f02372058c');
    expect(digest(['easy', 'normal@v1', 'easy', 'normal@v1'], 'frozen/normal/2', 6)).toBe('8bd002b759da6418');
  });

  it('hard@v1 plays exactly as the hard level did before issue 29', () => {
    expect(digest(['hard@v1', 'normal@v1', 'hard@v1', 'normal@v1'], 'frozen/hard/1', 2)).toBe(
      '0cbfb2302dba33b2',
    );
    expect(digest(['normal@v1', 'hard@v1', 'normal@v1', 'hard@v1'], 'frozen/hard/2', 2)).toBe(
      '7b4070812afc2199',
    );
  });
});
