/**
 * The end-to-end figures in a process of their own (run by bench/run.ts): the other benchmarks
 * leave a large heap and warm caches behind that would weigh on a latency tail measured after them.
 * Prints the figures as one JSON line.
 */
import { endToEnd } from './e2e.js';

console.log(JSON.stringify(await endToEnd()));
