/**
 * The bench's challenge standings (bench/challenge.ts) on the full size: 1,000 members who played
 * every board. No timing asserted here (the bench reports `challenge.standingsMs` against its
 * 50 ms target); this proves the figure measures what it says: 8,000 results, a row per member.
 */
import { expect, it } from 'vitest';
import { challengeStandingsFigures, challengeStandingsRun } from '../../bench/challenge.js';

it('ranks 1,000 members over 8,000 board results, as the bench figure measures', () => {
  const run = challengeStandingsRun(1_000, 3);
  expect(run.results).toBe(8_000);
  expect(run.rows).toBe(1_000);
  const [figure] = challengeStandingsFigures(run);
  expect(figure?.key).toBe('challenge.standingsMs');
  expect(figure?.value).toBeGreaterThan(0);
});
