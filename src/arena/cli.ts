/** `npm run arena`: mirrored matches between two levels, and their figures with 95% intervals. */
import { type ArenaOptions, parseArgs, USAGE } from './args.js';
import type { ArenaConfig } from './pairs.js';
import { runArena } from './pool.js';
import { formatReport } from './report.js';
import { summarize } from './summary.js';

/** A progress bar on stderr, only for a person watching: not in CI, not into a pipe or a file. */
function progressBar(): ((done: number, total: number) => void) | undefined {
  const ci = process.env.CI;
  if (!process.stderr.isTTY || (ci !== undefined && ci !== '' && ci !== 'false' && ci !== '0'))
    return undefined;
  const start = performance.now();
  let drawn = 0;
  return (done, total) => {
    const now = performance.now();
    if (done < total && now - drawn < 100) return; // redrawing on every pair would cost more than it shows
    drawn = now;
    const width = 30;
    const filled = Math.round((done / total) * width);
    const bar = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}]`;
    process.stderr.write(`\r${bar} ${done}/${total} pairs, ${((now - start) / 1000).toFixed(1)} s`);
    if (done === total) process.stderr.write('\n');
  };
}

export function configOf(options: ArenaOptions): ArenaConfig {
  return {
    team: options.team,
    vs: options.vs,
    pairs: options.matches / 2,
    seed: options.seed,
    target: options.target,
    budgetMs: options.budgetMs,
    playouts: options.playouts,
    hands: options.hands,
    expertBudgetMs: options.expertBudgetMs,
    expertPlayouts: options.expertPlayouts,
  };
}

async function main(argv: readonly string[]): Promise<number> {
  const parsed = parseArgs(argv);
  if (parsed.kind === 'help') {
    console.log(USAGE);
    return 0;
  }
  if (parsed.kind === 'error') {
    console.error(parsed.message);
    return 2;
  }
  const options = parsed.options;
  const config = configOf(options);
  const workers = Math.min(options.workers, config.pairs);
  const start = performance.now();
  const onPair = progressBar();
  const pairs = await runArena(config, onPair ? { workers, onPair } : { workers });
  const wallMs = Math.round(performance.now() - start);
  const summary = summarize(config, pairs);
  console.log(formatReport(summary, { workers, wallMs }));
  if (options.json) console.log(JSON.stringify({ ...summary, workers, wallMs }));
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`arena: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
