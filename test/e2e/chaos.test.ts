/**
 * Crashes of the real bot, bounded (`npm run chaos` makes 100 kills and more): the bot process, as
 * `npm start` runs it, is killed with SIGKILL at seeded random moments while scripted players play
 * four tables through the local Discord, and restarted on the same file (tools/chaos/crashes.ts).
 * Nothing Discord saw acknowledged is lost, every log replays to its stored state, no bot seat owes
 * a move once the bot is back, every table message comes to show its stored state, every table
 * moves on. And the ledger the run keeps is shown to notice a lost acknowledged change.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalDiscord, type RestCall } from '../../src/localDiscord/index.js';
import { runCrashes } from '../../tools/chaos/crashes.js';
import { Ledger } from '../../tools/chaos/ledger.js';
import { logReaches } from '../../tools/chaos/tableCheck.js';
import { ALICE, accepted, createFixture, type Fixture, startFourHumans } from '../support/service.js';

describe('crashes of the real bot', () => {
  it('four SIGKILLs while four tables are played: nothing acknowledged lost, every table resumes', async () => {
    const run = await runCrashes({ kills: 4, seed: 'suite-1', maxKillDelayMs: 800 });
    console.log(
      `chaos seed ${run.seed}: ${run.kills} kills, ${run.acknowledgedChanges} acknowledged changes, ${run.interactionsAnswered} interactions answered, ${run.restartMs.length} restarts`,
    );
    expect(run.problems).toEqual([]);
    expect(run.kills).toBe(4);
    expect(run.killsSurvived).toBe(4);
    expect(run.acknowledgedLost).toBe(0);
    expect(run.shownAhead).toBe(0);
    expect(run.logProblems).toBe(0);
    expect(run.botOwesAfterRestart).toBe(0);
    expect(run.messagesNotConverged).toBe(0);
    expect(run.tablesStuck).toBe(0);
    expect(run.botErrors).toBe(0);
    // Something was at stake: moves acknowledged on all four tables, and the bot came back each time.
    expect(run.acknowledgedChanges).toBeGreaterThan(20);
    expect(run.tables).toBeGreaterThanOrEqual(4);
    expect(run.restartMs.length).toBeGreaterThanOrEqual(1);
  });
});

describe('the ledger of what Discord saw acknowledged', () => {
  let fx: Fixture;
  let discord: LocalDiscord;
  beforeEach(async () => {
    fx = createFixture();
    discord = await LocalDiscord.start();
  });
  afterEach(async () => {
    fx.cleanup();
    await discord.close();
  });

  const callback = (id: string, type: number, customId: string): RestCall => ({
    method: 'POST',
    path: `/interactions/${id}/token-${id}/callback`,
    route: '/interactions/:interaction/:token/callback',
    query: {},
    body: { type, data: { components: [{ type: 1, components: [{ type: 2, custom_id: customId }] }] } },
    files: [],
    status: 204,
    response: null,
    at: 0,
  });

  it('counts a move answered at a newer version, and a log that ends before it is a loss', () => {
    const table = startFourHumans(fx).table;
    const ledger = new Ledger(discord);
    try {
      // A pass clicked at version 0, answered with a panel at version 4.
      ledger.note('1', ALICE.userId, `pass:${table.id}:0`);
      discord.hub.record(callback('1', 7, `hand:${table.id}:4`));
      // A panel opened (not a move), and a move refused without a newer version: no change.
      ledger.note('2', ALICE.userId, `hand:${table.id}:0`);
      discord.hub.record(callback('2', 4, `pass:${table.id}:4`));
      ledger.note('3', ALICE.userId, `pass:${table.id}:4`);
      discord.hub.record(callback('3', 4, `pass:${table.id}:4`));
      expect(ledger.changes.map((c) => [c.sent.verb, c.version])).toEqual([['pass', 4]]);
      expect(ledger.answered).toBe(3);
      expect(ledger.shown.get(table.id)).toBe(4);
      // The file's log is at version 0: the acknowledged version 4 is not in it.
      expect(logReaches(fx.store, table.id, 4)).toBe(false);
      // Four Grand Tichu decisions later it is.
      for (const user of Object.values(table.seats))
        if (user?.kind === 'user')
          accepted(fx.service.act(table.id, user, { type: 'grandTichu', call: false }));
      expect(logReaches(fx.store, table.id, 4)).toBe(true);
    } finally {
      ledger.close();
    }
  });
});
