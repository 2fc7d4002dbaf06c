/**
 * `npm run bench`: prints each figure beside its target (listed in docs/operations.md). `npm run bench -- --json`
 * adds one JSON object with every figure on the last line; `-- --bots-only` runs only the bot
 * figures (minutes on every core). Figures, never timed assertions.
 */

import { execFileSync } from 'node:child_process';
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
const e2eOutput = execFileSync(
  process.execPath,
  ['--expose-gc', '--import', 'tsx', fileURLToPath(new URL('./e2eMain.ts', import.meta.url))],
  { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], timeout: 300_000 },
);
const e2eFigures = JSON.parse(e2eOutput.trim().split('\n').at(-1) ?? '[]') as Figure[];
for (const figure of e2eFigures) record(figure);
// The bot as npm start runs it with SHARDS=2 (its own processes), 200 tables; and one process at 50.
const shardOutput = execFileSync(
  process.execPath,
  ['--import', 'tsx', fileURLToPath(new URL('./e2eShards.ts', import.meta.url)), '--figures', '--baseline'],
  { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], timeout: 300_000 },
);
for (const figure of JSON.parse(shardOutput.trim().split('\n').at(-1) ?? '[]') as Figure[]) record(figure);
await recordBots();

printJson();
