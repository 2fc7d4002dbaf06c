/**
 * `npm run bench`: prints each figure beside its target (listed in docs/operations.md). `npm run bench -- --json`
 * adds one JSON object with every figure on the last line; `-- --bots-only` runs only the bot
 * figures (minutes on every core); `-- --plot` redraws docs/capacity.svg from the capacity run
 * (docs/performance.md). Figures, never timed assertions.
 */

import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { botFigures } from './bots.js';
import { challengeFigures } from './challenge.js';
import { type Figure, legalLead14, plainLoopMs, selfPlayFigures } from './engine.js';
import { fuzzFigures } from './fuzz.js';
import { malformedFigures } from './fuzzMalformed.js';
import { paceFigures } from './pace.js';
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
 * The figures of a part run in a process of its own (its last line: a JSON array). What it says on
 * stderr (BENCH_DEBUG's tables, a failure's story) is passed on as it comes. A part that fails is
 * one missed figure, `<part>.failed`, with the end of what it said: the parts after it still run,
 * so one bad run does not cost the whole bench its figures (and the bench exits 1 at the end).
 */
async function partFigures(part: string, args: string[], limitMs = 300_000): Promise<Figure[]> {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let said = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    said = (said + chunk.toString()).slice(-4_000);
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), limitMs);
  const [code, signal] = (await once(child, 'close')) as [number | null, NodeJS.Signals | null];
  clearTimeout(timer);
  const last = out.trim().split('\n').at(-1) ?? '';
  if (code === 0) {
    try {
      return JSON.parse(last) as Figure[];
    } catch {
      // Not the figures: reported as a failure below.
    }
  }
  const lastLines = said.trimEnd().split('\n').slice(-3).join(' | ');
  return [
    {
      key: `${part}.failed`,
      value: 1,
      unit: 'run',
      target: '0 (the part runs to its end)',
      met: false,
      note: `this part's figures are missing (${signal ? `killed by ${signal}` : `exit ${code}`}): ${lastLines}`,
    },
  ];
}

function printJson(): void {
  if (json) console.log(JSON.stringify(Object.fromEntries(figures.map((f) => [f.key, f.value]))));
}

console.log(`Tichu benchmarks on Node ${process.version}`);
if (process.argv.includes('--bots-only')) {
  // Hand reviews (bench/review.ts): a hand's review on one thread, and reviews of hard and random play.
  for (const figure of await partFigures('review', [
    '--expose-gc',
    '--import',
    'tsx',
    benchFile('./review.ts'),
    '--figures',
  ]))
    record(figure);
  // The weekly challenge (bench/challenge.ts): a week's standings of 1,000 members.
  for (const figure of await challengeFigures()) record(figure);
  await recordBots();
  printJson();
  process.exit(0);
}
// One floor for both engine figures, taken right before them.
const engineFloorMs = plainLoopMs();
record(legalLead14(undefined, undefined, engineFloorMs));
for (const figure of selfPlayFigures(undefined, engineFloorMs)) record(figure);
record(await actionCommit());
for (const figure of startup10k()) record(figure);
for (const figure of statsFigures()) record(figure);
for (const figure of await timerFigures()) record(figure);
for (const figure of await fuzzFigures()) record(figure);
for (const figure of await malformedFigures(String(Date.now() % 100_000))) record(figure);
for (const figure of uxFigures()) record(figure);
for (const figure of await paceFigures()) record(figure);
// In a fresh process, so the heap the other benchmarks leave behind does not weigh on its tail.
for (const figure of await partFigures('e2e', ['--expose-gc', '--import', 'tsx', benchFile('./e2eMain.ts')]))
  record(figure);
// The bot as npm start runs it with SHARDS=2 (its own processes), 200 tables; and one process at 50.
for (const figure of await partFigures('e2e.shards', [
  '--import',
  'tsx',
  benchFile('./e2eShards.ts'),
  '--figures',
  '--baseline',
]))
  record(figure);
// Capacity, open-loop (bench/capacity.ts): bot and floor stepped up in rate until p99 passes 50 ms;
// `--plot` also redraws docs/capacity.svg. Then people's pace at 1,000 tables (bench/humanPace.ts).
for (const figure of await partFigures(
  'capacity',
  [
    '--expose-gc',
    '--import',
    'tsx',
    benchFile('./capacity.ts'),
    '--figures',
    ...(process.argv.includes('--plot') ? ['--plot'] : []),
  ],
  1_500_000,
))
  record(figure);
for (const figure of await partFigures(
  'humanPace',
  ['--expose-gc', '--import', 'tsx', benchFile('./humanPace.ts'), '--figures'],
  600_000,
))
  record(figure);
// Backups (bench/backup.ts): a 1 GB file backed up beside a plain copy, and the 50-table run's
// click p99 while its backups run beside the same run without them.
for (const figure of await partFigures('backup', [
  '--expose-gc',
  '--import',
  'tsx',
  benchFile('./backup.ts'),
  '--figures',
]))
  record(figure);
// Events (bench/events.ts): a 100-person event's round start through the real bot, and its standings.
for (const figure of await partFigures('events', [
  '--expose-gc',
  '--import',
  'tsx',
  benchFile('./events.ts'),
  '--figures',
]))
  record(figure);
// Hand reviews (bench/review.ts): a hand's review on one thread, and reviews of hard and random play.
for (const figure of await partFigures('review', [
  '--expose-gc',
  '--import',
  'tsx',
  benchFile('./review.ts'),
  '--figures',
]))
  record(figure);
// The weekly challenge (bench/challenge.ts): a week's standings of 1,000 members.
for (const figure of await challengeFigures()) record(figure);
await recordBots();

printJson();
// A part that failed fails the bench, once every other figure is printed.
if (figures.some((f) => f.key.endsWith('.failed'))) process.exitCode = 1;
