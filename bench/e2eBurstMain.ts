/**
 * The deadline burst's end-to-end figures alone, beside the plain run and the floor of the same
 * process: `node --expose-gc --import tsx bench/e2eBurstMain.ts` (about 90 s). For working on the
 * burst without the whole bench; `npm run bench` runs the same figures among the others.
 */
import { endToEnd } from './e2e.js';

for (const figure of await endToEnd(10, { burstOnly: true }))
  console.log(
    `${figure.key.padEnd(36)} ${String(figure.value).padStart(9)} ${figure.unit}  ${figure.met ? 'meets' : 'MISSES'} ${figure.target}  (${figure.note})`,
  );
