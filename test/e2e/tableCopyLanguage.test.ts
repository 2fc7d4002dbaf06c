/**
 * A click keeps the clicked message in its language: a German reader's private copy of the table
 * (from /table status) stays German after Join on it, while the public table message, in an
 * English server, stays English.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptedUser } from '../../src/localDiscord/index.js';
import { type BotFixture, startFixture } from '../support/botFixture.js';
import { eventually } from '../support/discordFixture.js';
import { buttonLabelled, embedText } from '../support/e2eTable.js';
import { isTableMessage } from '../support/panelPlayer.js';

let fx: BotFixture;
let ann: ScriptedUser;
let cat: ScriptedUser;

beforeAll(async () => {
  fx = await startFixture({ users: 3, locales: ['en-US', 'en-US', 'de'] });
  [ann, , cat] = fx.users as [ScriptedUser, ScriptedUser, ScriptedUser];
  await ann.slash(fx.channelId, 'table', { subcommand: 'create' }).reply();
});
afterAll(async () => {
  await fx?.close();
});

describe('the private copy of the table', () => {
  it('stays in its reader’s language when a click on it updates it', async () => {
    const copy = await cat.slash(fx.channelId, 'table', { subcommand: 'status' }).reply();
    expect(copy.ephemeral).toBe(true);
    expect(embedText(copy)).toContain('Plätze');
    const join = buttonLabelled(copy, 'Beitreten');
    expect(join?.custom_id).toBeTruthy();

    const updated = await cat.click(copy.id, join?.custom_id as string).reply();
    expect(updated.id).toBe(copy.id);
    expect(embedText(updated)).toContain('Plätze');
    expect(embedText(updated)).toMatch(/Cat/);
    expect(embedText(updated)).not.toContain('Seats');

    // The public table message follows in the server's language.
    const shown = await eventually(() => {
      const message = fx.discord.channelMessages(fx.channelId).find(isTableMessage);
      const text = embedText(message);
      return text.includes('Cat') ? text : undefined;
    }, 'the table message to show Cat');
    expect(shown).toContain('Seats');
    expect(shown).not.toContain('Plätze');
  });
});
