import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BotFixture, startFixture } from '../support/botFixture.js';

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
    expect(created.embeds[0]?.title).toContain('Tichu');
    for (const u of [ben!, cat!, dan!]) await u.slash(fx.channelId, 'table', { subcommand: 'join' }).reply();
    const started = await ann!.slash(fx.channelId, 'table', { subcommand: 'start' }).reply();
    expect(started.content).toContain('match begins');
    const table = await ann!.waitForMessage(
      fx.channelId,
      (m) => m.id === created.id && JSON.stringify(m.components).includes('hand:'),
    );
    const panel = await ben!
      .click(
        table.id,
        (table.components[0] as { components: Array<{ custom_id: string }> }).components[0]!.custom_id,
      )
      .reply();
    expect(panel.ephemeral).toBe(true);
    expect(panel.content).toMatch(/Your hand\*\* \(8\)/);
  });
});
