/**
 * A callback Discord processed but answered with a 502 (a gateway lost the answer) is retried by
 * discord.js and refused with 40060, "already acknowledged": the interaction was answered, and it
 * is logged as such, never as a failed handler, and no apology follows it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RestCall, ScriptedUser } from '../../src/localDiscord/index.js';
import { eventually } from '../support/discordFixture.js';
import { type DoorFixture, startDoorFixture } from '../support/doorFixture.js';
import { isTableMessage, openPanel } from '../support/panelPlayer.js';

let fx: DoorFixture;
let ann: ScriptedUser;
let channelId = '';

beforeAll(async () => {
  fx = await startDoorFixture({ users: 4 });
  ann = fx.users[0]!;
  channelId = fx.channelIds[0]!;
});
afterAll(async () => {
  await fx?.close();
});

const callbacksOf = (id: string): RestCall[] =>
  fx.discord.calls.filter((c) => c.method === 'POST' && c.path.startsWith(`/interactions/${id}/`));
const failures = () => fx.logs.filter((l) => l.level >= 50).map((l) => l.msg);

describe('a callback already acknowledged counts as answered', () => {
  it('a command: answered once, logged as answered on retry', async () => {
    ann.failNextCallbackWith = 502;
    const handle = ann.slash(channelId, 'rules');
    const reply = await handle.reply();
    expect(reply.content).toMatch(/Tichu/);
    const line = await fx.waitLogged(handle.id);
    expect(line.outcome).toBe('answered_on_retry');
    expect(callbacksOf(handle.id).map((c) => c.status)).toEqual([502, 400]);
    expect(callbacksOf(handle.id)[1]?.response).toMatchObject({ code: 40060 });
    expect(failures()).toEqual([]);
  });

  it('/table create: the table keeps its message (learned from Discord), and no second one is posted', async () => {
    ann.failNextCallbackWith = 502;
    const handle = ann.slash(channelId, 'table', { subcommand: 'create' });
    const reply = await handle.reply();
    expect((await fx.waitLogged(handle.id)).outcome).toBe('answered_on_retry');
    const here = fx.bot.service.tableInChannel(channelId);
    expect(here.ok && here.value.table.messageId).toBe(reply.id);
    // A join edits that message rather than posting another.
    for (const u of fx.users.slice(1)) await u.slash(channelId, 'table', { subcommand: 'join' }).reply();
    await eventually(
      () =>
        JSON.stringify(fx.discord.channelMessages(channelId).at(-1)?.components).includes('Player4')
          ? true
          : undefined,
      'the table message to show everyone',
    );
    expect(fx.discord.channelMessages(channelId).filter(isTableMessage)).toHaveLength(1);
    expect(failures()).toEqual([]);
  });

  it('a committed click on a panel: answered on retry, no apology, the action stands', async () => {
    await ann.slash(channelId, 'table', { subcommand: 'start' }).reply();
    const ben = fx.users[1]!;
    const panel = await openPanel(ben, channelId);
    const no = panel.components
      .flatMap((row) => (row.components ?? []) as Array<{ custom_id?: string }>)
      .find((c) => c.custom_id?.startsWith('gt:') && c.custom_id.endsWith(':0'));
    const before = fx.bot.service.tableInChannel(channelId);
    const version = before.ok ? (before.value.view?.version ?? 0) : 0;
    ben.failNextCallbackWith = 502;
    const handle = ben.click(panel.id, no!.custom_id!);
    const line = await fx.waitLogged(handle.id);
    expect(line.outcome).toBe('answered_on_retry');
    const after = fx.bot.service.tableInChannel(channelId);
    expect(after.ok && after.value.view?.version).toBe(version + 1);
    expect(ben.messages(channelId).some((m) => /went wrong/.test(m.content))).toBe(false);
    expect(failures()).toEqual([]);
  });
});
