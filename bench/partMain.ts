/**
 * A bench part run as a script (`node --import tsx bench/<part>.ts [--figures]`): each figure on a
 * line of its own unless `--figures`, then all of them as one JSON line, which bench/run.ts reads.
 */
import type { Figure } from './engine.js';

export async function printPart(figures: () => Promise<Figure[]>): Promise<never> {
  const result = await figures();
  if (!process.argv.includes('--figures'))
    for (const f of result)
      console.log(
        `${f.key.padEnd(34)} ${String(f.value).padStart(8)} ${f.unit}  ${f.met ? 'meets' : 'MISSES'} ${f.target}  (${f.note})`,
      );
  console.log(JSON.stringify(result));
  process.exit(0);
}
