/**
 * `npm run bench`: prints each figure beside its target from DESIGN.md. `npm run bench -- --json`
 * adds one JSON object with every figure on the last line. Figures, never timed assertions.
 */

import { endToEnd } from './e2e.js';
import { type Figure, legalLead14, selfPlay } from './engine.js';
import { statsFigures } from './stats.js';
import { actionCommit, startup10k } from './store.js';

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

console.log(`Tichu benchmarks on Node ${process.version}`);
record(legalLead14());
record(selfPlay());
record(await actionCommit());
for (const figure of startup10k()) record(figure);
for (const figure of statsFigures()) record(figure);
for (const figure of await endToEnd()) record(figure);

if (json) {
  console.log(JSON.stringify(Object.fromEntries(figures.map((f) => [f.key, f.value]))));
}
