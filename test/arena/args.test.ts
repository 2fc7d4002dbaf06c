/** The arena's command line: defaults, and refusals that say what is valid. */
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../src/arena/args.js';
import { DEFAULT_HARD_BUDGET_MS } from '../../src/bots/registry.js';

describe('parseArgs', () => {
  it('reads every option, in both --name value and --name=value forms', () => {
    const parsed = parseArgs([
      '--team',
      'hard',
      '--vs=easy',
      '--matches',
      '10',
      '--seed',
      'x',
      '--target=500',
      '--budget',
      '30',
      '--playouts',
      '64',
      '--hands=2',
      '--expert-budget',
      '900',
      '--expert-playouts=400',
      '--workers',
      '3',
      '--json',
    ]);
    expect(parsed).toEqual({
      kind: 'run',
      options: {
        team: 'hard',
        vs: 'easy',
        matches: 10,
        seed: 'x',
        target: 500,
        budgetMs: 30,
        playouts: 64,
        hands: 2,
        expertBudgetMs: 900,
        expertPlayouts: 400,
        workers: 3,
        json: true,
      },
    });
  });

  it('defaults to normal against random, 1000 matches to 1000 points, the registry budget', () => {
    const parsed = parseArgs([]);
    if (parsed.kind !== 'run') expect.fail(parsed.kind);
    expect(parsed.options).toMatchObject({
      team: 'normal',
      vs: 'random',
      matches: 1000,
      seed: '1',
      target: 1000,
      budgetMs: DEFAULT_HARD_BUDGET_MS,
      playouts: undefined,
      json: false,
    });
    expect(parsed.options.workers).toBeGreaterThanOrEqual(1);
  });

  it('answers --help with the usage', () => {
    expect(parseArgs(['--matches', '4', '--help'])).toEqual({ kind: 'help' });
  });

  it.each([
    [
      ['--team', 'master'],
      '--team master is not a level (valid: easy, normal, hard, expert, normal@v1, hard@v1, random)',
    ],
    [['--vs', 'Easy'], '--vs Easy is not a level'],
    [['--matches', '7'], '--matches must be an even whole number'],
    [['--matches', '0'], '--matches must be an even whole number'],
    [['--matches', '1e3'], '--matches must be an even whole number'],
    [['--target', '20'], '--target must be a whole number from 50 to 10000'],
    [['--budget', '-5'], '--budget must be a positive number'],
    [['--budget', 'fast'], '--budget must be a positive number'],
    [['--playouts', '0'], '--playouts must be a positive whole number'],
    [['--hands', '0'], '--hands must be a positive whole number'],
    [['--expert-budget', 'slow'], '--expert-budget must be a positive number'],
    [['--expert-playouts', '-1'], '--expert-playouts must be a positive whole number'],
    [['--workers', '0'], '--workers must be a positive whole number'],
    [['--seed'], '--seed needs a value'],
    [['--rounds', '3'], 'unknown argument "--rounds"'],
    [['normal'], 'unknown argument "normal"'],
  ])('refuses %j, naming the problem and listing the valid options', (argv, problem) => {
    const parsed = parseArgs(argv);
    if (parsed.kind !== 'error') expect.fail(`accepted ${JSON.stringify(argv)}`);
    expect(parsed.message).toContain(problem);
    for (const option of [
      '--team',
      '--vs',
      '--matches',
      '--seed',
      '--target',
      '--budget',
      '--workers',
      '--json',
    ])
      expect(parsed.message).toContain(option);
    expect(parsed.message).toContain('levels: easy, normal, hard, expert, normal@v1, hard@v1, random');
  });
});
