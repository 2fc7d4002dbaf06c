/**
 * The fuzz proof at a small size (bench/fuzz.ts runs 10,000 in `npm run bench`): random interactions
 * of every kind, with random option values, types and lengths, from seated and unseated users,
 * through the real bot and the local Discord. None fails in the bot, none goes unanswered, and none
 * the bot refused changes its table. Seeded: a failure names its seed, channel and step. One run
 * defers nearly every answer (a 1 ms deferral delay), so the deferred paths are fuzzed too.
 */
import { describe, expect, it } from 'vitest';
import { runFuzz } from '../../bench/fuzz.js';

describe('fuzz', () => {
  it.each([
    ['door-1', undefined],
    ['door-2', undefined],
    ['door-deferred', 1],
  ])(
    'seed %s (deferral after %s ms): 300 random interactions, all answered, none failed',
    async (seed, deferAfterMs) => {
      const run = await runFuzz({ interactions: 300, seed, ...(deferAfterMs ? { deferAfterMs } : {}) });
      console.log(`fuzz seed ${seed}: ${run.interactions} interactions, ${run.accepted} accepted`);
      expect(run.problems).toEqual([]);
      expect(run.internalErrors).toBe(0);
      expect(run.unanswered).toBe(0);
      expect(run.illegalChanges).toBe(0);
      expect(run.interactions).toBe(300);
      // Every kind was sent: commands, autocomplete, components, context menus and forms.
      const kinds = Object.keys(run.kinds).join(' ');
      for (const kind of ['/table', 'autocomplete', 'context menu', 'modal', 'menu', 'component'])
        expect(kinds).toContain(kind);
    },
  );
});
