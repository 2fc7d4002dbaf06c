/**
 * `/table status` posts the table message anew at most once per 30 seconds per table, and only for
 * a seated player or the host; anyone else, or anyone within the 30 seconds, gets the table as a
 * copy only they see. The bot's clock is injected (`env.now`), so the 30 seconds pass at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptedUser } from '../../src/localDiscord/index.js';
import { eventually } from '../support/discordFixture.js';
import { type DoorFixture, startDoorFixture } from '../support/doorFixture.js';
import { scriptedEnv } from '../support/e2eTable.js';
import { isTableMessage } from '../support/panelPlayer.js';
import { tableParts } from '../support/tableParts.js';

let fx: DoorFixture;
let channelId = '';
let clock = 1_800_000_000_000;
let ann: ScriptedUser;
let ben: ScriptedUser;
let eve: ScriptedUser;

beforeAll(async () => {
  const { env } = scriptedEnv('stat');
  fx = await startDoorFixture({ users: 3, env: { ...env, now: () => clock } });
  [ann, ben, eve] = fx.users as [ScriptedUser, ScriptedUser, ScriptedUser];
  channelId = fx.channelIds[0]!;
  await ann.slash(channelId, 'table', { subcommand: 'create' }).reply();
  await ben.slash(channelId, 'table', { subcommand: 'join' }).reply();
});
afterAll(async () => {
  await fx?.close();
});

/** The bot's posts of a table message in the channel (not replies: a repost is a channel message). */
const posts = () =>
  fx.discord.calls.filter((c) => c.method === 'POST' && c.path === `/channels/${channelId}/messages`).length;
const tableMessages = () => fx.discord.channelMessages(channelId).filter(isTableMessage);

async function status(user: ScriptedUser) {
  const handle = user.slash(channelId, 'table', { subcommand: 'status' });
  const reply = await handle.reply();
  await fx.waitLogged(handle.id);
  return reply;
}

describe('/table status', () => {
  it('the host posts the table anew', async () => {
    const reply = await status(ann);
    expect(reply.content).toBe('Here is the table.');
    await eventually(() => (posts() === 1 ? true : undefined), 'the table to be posted anew');
    expect(tableMessages()).toHaveLength(2);
  });

  it('within 30 seconds a seated player gets a copy only they see, and nothing is posted', async () => {
    clock += 29_000;
    const reply = await status(ben);
    expect(reply.ephemeral).toBe(true);
    // The sentence stands above the table's container (a V2 message has no content).
    expect(tableParts(reply)?.notes.join('\n')).toMatch(/less than 30 seconds ago/);
    expect(tableParts(reply)?.title).toMatch(/^Tichu · /);
    expect(posts()).toBe(1);
  });

  it('someone not seated never posts it, even after 30 seconds', async () => {
    clock += 60_000;
    const reply = await status(eve);
    expect(reply.ephemeral).toBe(true);
    expect(tableParts(reply)?.notes.join('\n')).toMatch(/Only its players and host/);
    expect(tableParts(reply)?.title).toMatch(/^Tichu · /);
    expect(posts()).toBe(1);
  });

  it('after 30 seconds a seated player posts it again, once', async () => {
    expect((await status(ben)).content).toBe('Here is the table.');
    expect(tableParts(await status(ann))?.notes.join('\n')).toMatch(/less than 30 seconds ago/);
    await eventually(() => (posts() === 2 ? true : undefined), 'the table to be posted again');
    expect(posts()).toBe(2);
  });
});
