/** `npm run arena` as a process: a short run to the end with --json, and the exit code of a bad argument. */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');

function arena(...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/arena/cli.ts', ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('arena CLI', () => {
  it('plays easy against random to the end and prints one JSON object with every figure last', () => {
    const run = arena('--team', 'easy', '--vs', 'random', '--matches', '4', '--target', '200', '--seed', '9');
    expect(run.stderr).toBe(''); // no progress bar into a pipe
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('match win rate of easy');
    expect(run.stdout.trim().split('\n').at(-1)).not.toMatch(/^\{/); // without --json, no JSON line
    const withJson = arena(
      '--team',
      'easy',
      '--vs',
      'random',
      '--matches',
      '4',
      '--target',
      '200',
      '--seed',
      '9',
      '--workers',
      '2',
      '--json',
    );
    expect(withJson.status).toBe(0);
    const summary = JSON.parse(withJson.stdout.trim().split('\n').at(-1) ?? '');
    expect(Object.keys(summary).sort()).toEqual(
      [
        'team',
        'vs',
        'seed',
        'target',
        'handsPerGame',
        'budgetMs',
        'playouts',
        'pairs',
        'games',
        'hands',
        'matchWinRate',
        'pairResults',
        'pointsPerHand',
        'sides',
        'decisionMs',
        'workers',
        'wallMs',
      ].sort(),
    );
    expect(summary).toMatchObject({ team: 'easy', vs: 'random', pairs: 2, games: 4, workers: 2 });
    expect(Object.keys(summary.matchWinRate).sort()).toEqual(['high', 'low', 'matches', 'value', 'wins']);
    expect(summary.matchWinRate.matches).toBe(4);
    expect(Object.keys(summary.pointsPerHand).sort()).toEqual(['high', 'low', 'value']);
    for (const side of ['team', 'vs'])
      expect(Object.keys(summary.sides[side]).sort()).toEqual(
        [
          'level',
          'tichuCallsPerHand',
          'tichuSuccess',
          'grandTichuCallsPerHand',
          'grandTichuSuccess',
          'doubleVictories',
          'bombs',
          'bombsPerHand',
        ].sort(),
      );
    expect(Object.keys(summary.decisionMs).sort()).toEqual(['easy', 'random']);
    expect(Object.keys(summary.decisionMs.easy).sort()).toEqual(['n', 'p50', 'p99']);
    expect(summary.decisionMs.easy.n).toBeGreaterThan(0);
  });

  it('refuses a bad argument with exit code 2 and the valid options, playing nothing', () => {
    const run = arena('--team', 'master');
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(
      '--team master is not a level (valid: easy, normal, hard, expert, normal@v1, hard@v1, random)',
    );
    expect(run.stderr).toContain('--matches N');
  });
});
