/**
 * The end-to-end figures in a process of their own (run by bench/run.ts): the other benchmarks
 * leave a large heap and warm caches behind that would weigh on a latency tail measured after them.
 * Prints the figures as one JSON line. `E2E_ONLY=main`: only the plain run beside its floor (with
 * `E2E_PLAIN=1`, English text cards instead of German and card emoji: to compare the two).
 */
import { endToEnd } from './e2e.js';

console.log(JSON.stringify(await endToEnd(10, { mainOnly: process.env.E2E_ONLY === 'main' })));
