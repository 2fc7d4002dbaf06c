/**
 * User text the bot repeats is cut to fit, through the local Discord (which refuses content past
 * 2,000 characters, as Discord does): an option given twice under a 2,100-character name gets its
 * proper refusal, not the generic apology, and nothing changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ECHO_MAX } from '../../src/discord/door/doorText.js';
import { t } from '../../src/i18n/index.js';
import type { ScriptedUser } from '../../src/localDiscord/index.js';
import { type BotFixture, startFixture } from '../support/botFixture.js';
import { failedCalls } from '../support/e2eTable.js';

let fx: BotFixture;
let ann: ScriptedUser;

beforeAll(async () => {
  fx = await startFixture({ users: 1 });
  ann = fx.users[0] as ScriptedUser;
});
afterAll(async () => {
  await fx?.close();
});

describe('echoed user text', () => {
  it('an option repeated under a 2,100-character name: the refusal names it, cut, under 2,000 characters', async () => {
    const name = 'n'.repeat(2_100);
    const reply = await ann
      .forge(fx.channelId, {
        kind: 'command',
        name: 'table',
        options: [
          {
            type: 1,
            name: 'join',
            options: [
              { type: 3, name, value: 'a' },
              { type: 3, name, value: 'b' },
            ],
          },
        ],
      })
      .reply();
    expect(reply.ephemeral).toBe(true);
    // The option check names the option, cut to fit. A check of the payload's shape ahead of it may
    // refuse it first (Discord's schema allows option names of 32 characters at most), in its own
    // words. Either is a proper refusal; the generic apology (what a reply past 2,000 became) is not.
    expect([
      `/table join: \`${'n'.repeat(ECHO_MAX - 1)}…\` was given more than once. Nothing was changed.`,
      t('en', 'refusal.door.malformed'),
    ]).toContain(reply.content);
    expect(reply.content).not.toBe(t('en', 'refusal.internal_error'));
    expect(reply.content.length).toBeLessThan(2_000);
    // Discord took the answer at the first try, and nothing changed: still no table here.
    expect(failedCalls(fx)).toEqual([]);
    expect(fx.bot.service.tableInChannel(fx.channelId).ok).toBe(false);
    expect(fx.errors).toEqual([]);
  });
});
