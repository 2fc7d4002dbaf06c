/** The "your turn" notifier remembers recent activity only as long as it holds a ping back. */
import type { Client } from 'discord.js';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { TableService } from '../../src/app/tableService.js';
import { TurnNotifier } from '../../src/discord/turnNotifier.js';

describe('TurnNotifier memory', () => {
  it('forgets activity older than the interval, so a long-running bot does not grow without end', () => {
    let now = 0;
    // Activity only: neither Discord nor the service is reached.
    const notifier = new TurnNotifier(
      {} as Client,
      {} as TableService,
      pino({ level: 'silent' }),
      60_000,
      () => now,
    );
    for (let i = 0; i < 20_000; i++) {
      now += 100; // 10 players a second, each at a different table
      notifier.noteActivity(`t${String(i).padStart(7, '0')}`, String(i));
    }
    // Only the last minute (600 entries) can still hold a ping back; sweeps keep it within a bound.
    expect(notifier.remembered).toBeGreaterThanOrEqual(600);
    expect(notifier.remembered).toBeLessThanOrEqual(2_000);
  });
});
