import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BotFixture, startFixture } from '../support/botFixture.js';
import { find } from '../support/panelPlayer.js';
import { tableParts } from '../support/tableParts.js';

let fx: BotFixture;
beforeAll(async () => {
  fx = await startFixture();
});
afterAll(async () => {
  await fx?.close();
});

describe('smoke', () => {
  it('creates a table, four join, the host starts, and a panel shows eight cards', async () => {
    const [ann, ben, cat, dan] = fx.users;
    const created = await ann!
      .slash(fx.channelId, 'table', { subcommand: 'create', options: { target: 200 } })
      .reply();
    expect(tableParts(created)?.title).toContain('Tichu');
    for (const u of [ben!, cat!, dan!]) await u.slash(fx.channelId, 'table', { subcommand: 'join' }).reply();
    const started = await ann!.slash(fx.channelId, 'table', { subcommand: 'start' }).reply();
    expect(started.content).toContain('match begins');
    const table = await ann!.waitForMessage(
      fx.channelId,
      (m) => m.id === created.id && JSON.stringify(m.components).includes('hand:'),
    );
    const panel = await ben!.click(table.id, find(table, 'hand')?.custom_id as string).reply();
    expect(panel.ephemeral).toBe(true);
    expect(panel.content).toMatch(/Your hand\*\* \(8\)/);
  });
});
