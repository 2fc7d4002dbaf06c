/**
 * The bench's event standings (bench/events.ts, `events.standings*` of `npm run bench`) at a small
 * size: the event it builds is finished with every board counted, and the pure maths it times
 * alone gives the rows the service gives. No timing is asserted.
 */
import { expect, it } from 'vitest';
import { standings } from '../../bench/events.js';

it('builds a finished event whose every board counts; the maths alone gives the service its rows', () => {
  const s = standings({ people: 12, rounds: 3, boards: 2, runs: 1 });
  expect(s.hands).toBe(3 * 3 * 2);
  expect(s.rows).toBe(12);
  expect(s.mathAgrees).toBe(true);
});
