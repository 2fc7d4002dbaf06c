/**
 * After any start, every table in play shows its stored state without anyone acting: the last
 * process may have committed a move and stopped before its table edit went out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TableService } from '../../src/app/tableService.js';
import { Store } from '../../src/store/store.js';
import { type BotFixture, startFixture } from '../support/botFixture.js';
import { E2ETable, NAMES, scriptedEnv } from '../support/e2eTable.js';

let fx: BotFixture;
let table: E2ETable;
const scripted = scriptedEnv('rshow');

beforeAll(async () => {
  fx = await startFixture({ env: scripted.env });
  table = await E2ETable.open(fx, scripted.useSeed, 'restart-shows-seed');
});
afterAll(async () => {
  await fx?.close();
});

describe('start-up shows the stored state', () => {
  it('a table changed while the bot was down shows the change once the bot is back, with no click', async () => {
    expect(table.text()).toContain('Grand Tichu?');
    const before = fx.discord.calls.length;
    await fx.restart(() => {
      // What a process that committed and then crashed leaves behind: the file moved on, the
      // channel's message did not. Here: the host paused the match.
      const store = Store.open(fx.databasePath);
      const service = new TableService(store, scripted.env, { armLater: true });
      const here = service.tableInChannel(fx.channelId);
      if (!here.ok) throw new Error('no table');
      const paused = service.pause(here.value.table.id, {
        userId: table.user(0).id,
        name: NAMES[0] as string,
      });
      expect(paused.ok).toBe(true);
      service.stopTimers();
      store.close();
    });
    expect(table.text()).not.toContain('Paused');
    // Nobody clicks: the bot's start-up edits the message.
    const text = await table.waitText(/Paused\. Resume with \/table resume\./);
    expect(text).toContain('Paused');
    const interactions = fx.discord.calls.slice(before).filter((c) => c.route.startsWith('/interactions/'));
    expect(interactions).toEqual([]);
  });
});
