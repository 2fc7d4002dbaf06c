/**
 * `npm run bench`: prints each figure beside its target (listed in docs/operations.md). `npm run bench -- --json`
 * adds one JSON object with every figure on the last line; `-- --bots-only` runs only the bot
 * figures (minutes on every core). Figures, never timed assertions.
 */

import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { botFigures } from './bots.js';
import { type Figure, legalLead14, plainLoopMs, selfPlay } from './engine.js';
import { fuzzFigures } from './fuzz.js';
import { statsFigures } from './stats.js';
import { actionCommit, startup10k } from './store.js';
import { timerFigures } from './timers.js';
import { uxFigures } from './ux.js';

const json = process.argv.includes('--json');
const figures: Figure[] = [];

function record(figure: Figure): void {
  figures.push(figure);
  const mark = figure.met ? 'meets' : 'MISSES';
  const note = figure.note ? `  (${figure.note})` : '';
  console.log(
    `${figure.key.padEnd(32)} ${String(figure.value).padStart(10)} ${figure.unit.padEnd(8)} ${mark} target ${figure.target}${note}`,
  );
}

/** The bot figures last, once nothing else runs: they keep every core busy for minutes. */
async function recordBots(): Promise<void> {
  const bots = await botFigures();
  for (const figure of bots.figures) record(figure);
  console.log(`bots: ${(bots.wallMs / 1000).toFixed(1)} s wall time for the bot figures`);
}

function benchFile(path: string): string {
  return fileURLToPath(new URL(path, import.meta.url));
}

/**
 * The figures of a part run in a process of its own (its last line: a JSON array). A part that
 * fails is one missed figure, `<part>.failed`, with the end of what it said: the parts after it
 * still run, so one bad run does not cost the whole bench its figures.
 */
function partFigures(part: string, args: string[]): Figure[] {
  const run = spawnSync(process.execPath, args, {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 300_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  // What the part said on stderr (BENCH_DEBUG's tables, a failure's story) is passed on as it was.
  process.stderr.write(run.stderr ?? '');
  const last = (run.stdout ?? '').trim().split('\n').at(-1) ?? '';
  if (run.status === 0 && last.startsWith('[')) return JSON.parse(last) as Figure[];
  const why = run.error ? String(run.error) : `exit ${run.status ?? run.signal}`;
  const lastLines = (run.stderr ?? '').trimEnd().split('\n').slice(-3).join(' | ');
  return [
    {
      key: `${part}.failed`,
      value: 1,
      unit: 'run',
      target: '0 (the part runs to its end)',
      met: false,
      note: `this part's figures are missing (${why}): ${lastLines}`,
    },
  ];
}

function printJson(): void {
  if (json) console.log(JSON.stringify(Object.fromEntries(figures.map((f) => [f.key, f.value]))));
}

console.log(`Tichu benchmarks on Node ${process.version}`);
if (process.argv.includes('--bots-only')) {
  await recordBots();
  printJson();
  process.exit(0);
}
// One floor for both engine figures, taken right before them.
const engineFloorMs = plainLoopMs();
record(legalLead14(undefined, undefined, engineFloorMs));
record(selfPlay(undefined, engineFloorMs));
record(await actionCommit());
for (const figure of startup10k()) record(figure);
for (const figure of statsFigures()) record(figure);
for (const figure of await timerFigures()) record(figure);
for (const figure of await fuzzFigures()) record(figure);
for (const figure of uxFigures()) record(figure);
// In a fresh process, so the heap the other benchmarks leave behind does not weigh on its tail.
for (const figure of partFigures('e2e', ['--expose-gc', '--import', 'tsx', benchFile('./e2eMain.ts')]))
  record(figure);
// The bot as npm start runs it with SHARDS=2 (its own processes), 200 tables; and one process at 50.
for (const figure of partFigures('e2e.shards', [
  '--import',
  'tsx',
  benchFile('./e2eShards.ts'),
  '--figures',
  '--baseline',
]))
  record(figure);
await recordBots();

printJson();
