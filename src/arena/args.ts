/** The arena's command line: options, their defaults, and a plain refusal that lists the valid ones. */
import { availableParallelism } from 'node:os';
import { DEFAULT_EXPERT_BUDGET_MS, DEFAULT_HARD_BUDGET_MS } from '../bots/registry.js';
import { MAX_TARGET_SCORE, MIN_TARGET_SCORE } from '../engine/index.js';
import { ARENA_LEVELS, type ArenaLevel, isArenaLevel } from './levels.js';

export interface ArenaOptions {
  readonly team: ArenaLevel;
  readonly vs: ArenaLevel;
  /** Matches in all; always even, since each seed is played twice (pairs = matches / 2). */
  readonly matches: number;
  readonly seed: string;
  readonly target: number;
  readonly budgetMs: number;
  readonly playouts: number | undefined;
  /** Play only this many hands of each game (single mirrored deals) instead of whole matches. */
  readonly hands: number | undefined;
  readonly expertBudgetMs: number;
  readonly expertPlayouts: number | undefined;
  readonly workers: number;
  readonly json: boolean;
}

export const USAGE = `usage: npm run arena -- [options]
  --team LEVEL     the level measured; partners share a level (default normal)
  --vs LEVEL       the opponents' level (default random)
                   levels: ${ARENA_LEVELS.join(', ')}
  --matches N      matches in all, an even number: each seed is played twice with the teams
                   swapped, so N/2 mirrored pairs (default 1000)
  --seed TEXT      the run's seed: same seed, levels and options, same deals (default 1)
  --target N       points that end a match, ${MIN_TARGET_SCORE} to ${MAX_TARGET_SCORE} (default 1000)
  --hands N        play only the first N hands of each game (mirrored deals, not whole matches)
  --budget MS      thinking time per decision in ms of hard and hard@v1 (default ${DEFAULT_HARD_BUDGET_MS})
  --playouts N     cap their search by playouts instead of time, so runs repeat exactly
  --expert-budget MS    expert's thinking time per decision (default ${DEFAULT_EXPERT_BUDGET_MS})
  --expert-playouts N   cap expert's search by playouts (default with --playouts: N scaled by
                   ${DEFAULT_EXPERT_BUDGET_MS}/${DEFAULT_HARD_BUDGET_MS}, expert's budget over hard's)
  --workers N      worker threads (default: available cores)
  --json           print one JSON object with every figure on the last line
  --help           this text`;

export type Parsed =
  | { readonly kind: 'run'; readonly options: ArenaOptions }
  | { readonly kind: 'help' }
  | { readonly kind: 'error'; readonly message: string };

const VALUED = [
  'team',
  'vs',
  'matches',
  'seed',
  'target',
  'hands',
  'budget',
  'playouts',
  'expert-budget',
  'expert-playouts',
  'workers',
] as const;
type Valued = (typeof VALUED)[number];

export function parseArgs(argv: readonly string[]): Parsed {
  const values: Partial<Record<Valued, string>> = {};
  let json = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--help' || arg === '-h') return { kind: 'help' };
    if (arg === '--json') {
      json = true;
      continue;
    }
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    const name = match?.[1];
    if (!match || !(VALUED as readonly string[]).includes(name as string))
      return fail(`unknown argument ${JSON.stringify(arg)}`);
    const value = match[2] ?? argv[++i];
    if (value === undefined || value === '') return fail(`--${name} needs a value`);
    values[name as Valued] = value;
  }

  const team = values.team ?? 'normal';
  const vs = values.vs ?? 'random';
  for (const [flag, level] of [
    ['team', team],
    ['vs', vs],
  ] as const)
    if (!isArenaLevel(level))
      return fail(`--${flag} ${level} is not a level (valid: ${ARENA_LEVELS.join(', ')})`);

  const matches = integer(values.matches, 1000);
  if (matches === null || matches < 2 || matches % 2 !== 0)
    return fail(`--matches must be an even whole number of at least 2 (each seed is played twice)`);
  const target = integer(values.target, 1000);
  if (target === null || target < MIN_TARGET_SCORE || target > MAX_TARGET_SCORE)
    return fail(`--target must be a whole number from ${MIN_TARGET_SCORE} to ${MAX_TARGET_SCORE}`);
  const budgetMs = values.budget === undefined ? DEFAULT_HARD_BUDGET_MS : Number(values.budget);
  if (!Number.isFinite(budgetMs) || budgetMs <= 0) return fail('--budget must be a positive number of ms');
  const playouts = values.playouts === undefined ? undefined : integer(values.playouts, 0);
  if (playouts === null || (playouts !== undefined && playouts < 1))
    return fail('--playouts must be a positive whole number');
  const hands = values.hands === undefined ? undefined : integer(values.hands, 0);
  if (hands === null || (hands !== undefined && hands < 1))
    return fail('--hands must be a positive whole number');
  const expertBudgetMs =
    values['expert-budget'] === undefined ? DEFAULT_EXPERT_BUDGET_MS : Number(values['expert-budget']);
  if (!Number.isFinite(expertBudgetMs) || expertBudgetMs <= 0)
    return fail('--expert-budget must be a positive number of ms');
  const expertPlayouts =
    values['expert-playouts'] === undefined ? undefined : integer(values['expert-playouts'], 0);
  if (expertPlayouts === null || (expertPlayouts !== undefined && expertPlayouts < 1))
    return fail('--expert-playouts must be a positive whole number');
  const workers = integer(values.workers, availableParallelism());
  if (workers === null || workers < 1) return fail('--workers must be a positive whole number');

  return {
    kind: 'run',
    options: {
      team: team as ArenaLevel,
      vs: vs as ArenaLevel,
      matches,
      seed: values.seed ?? '1',
      target,
      budgetMs,
      playouts,
      hands,
      expertBudgetMs,
      expertPlayouts,
      workers,
      json,
    },
  };
}

/** A whole number from text, the fallback when absent, null when the text is not one. */
function integer(text: string | undefined, fallback: number): number | null {
  if (text === undefined) return fallback;
  return /^\d+$/.test(text) ? Number(text) : null;
}

function fail(problem: string): Parsed {
  return { kind: 'error', message: `arena: ${problem}\n${USAGE}` };
}
