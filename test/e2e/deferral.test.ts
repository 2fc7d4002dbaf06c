/**
 * A handler that has not answered within the deferral delay is deferred, and its answer completes
 * the deferred response, so an action that was committed is never shown as failed. The store is
 * slowed on cue (its flush, which every answer waits for, held until released) and Discord's clock
 * moved past its 3 seconds meanwhile: without the deferral the answer would come too late. The
 * assertions are on the sequence of what Discord received, never on time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RestCall, ScriptedUser } from '../../src/localDiscord/index.js';
import { eventually } from '../support/discordFixture.js';
import { type DoorFixture, startDoorFixture } from '../support/doorFixture.js';
import { isTableMessage, openPanel } from '../support/panelPlayer.js';

let fx: DoorFixture;
let ann: ScriptedUser;
let channelId = '';
/** Releases the held flush; null while the disk is fast. */
let releaseDisk: (() => void) | null = null;
let diskGate: Promise<void> | null = null;

beforeAll(async () => {
  // A delay far below Discord's 3 s; the held flush, not the clock, makes the handler slow.
  fx = await startDoorFixture({ users: 4, channels: 2, deferAfterMs: 30 });
  ann = fx.users[0]!;
  channelId = fx.channelIds[0]!;
  const store = fx.bot.store;
  const durable = store.durable.bind(store);
  store.durable = () => (diskGate ? diskGate.then(durable) : durable());
  await ann.slash(channelId, 'table', { subcommand: 'create' }).reply();
  for (const u of fx.users.slice(1)) await u.slash(channelId, 'table', { subcommand: 'join' }).reply();
  await ann.slash(channelId, 'table', { subcommand: 'start' }).reply();
});
afterAll(async () => {
  releaseDisk?.();
  await fx?.close();
});

function holdDisk(): void {
  diskGate = new Promise<void>((resolve) => {
    releaseDisk = () => {
      diskGate = null;
      releaseDisk = null;
      resolve();
    };
  });
}

/** The REST calls made for one interaction (its callback, and the webhook calls with its token). */
function callsOf(id: string, token: string): RestCall[] {
  return fx.discord.calls.filter((c) => c.path.includes(`/interactions/${id}/`) || c.path.includes(token));
}

const isCallbackOf = (id: string) => (c: RestCall) =>
  c.method === 'POST' && c.path.startsWith(`/interactions/${id}/`);

describe('a slow handler is deferred, then its answer completes the deferred response', () => {
  it('a command: ephemeral "thinking", then the reply fills it in', async () => {
    holdDisk();
    const handle = ann.slash(channelId, 'table', { subcommand: 'pause' });
    const deferral = await fx.discord.nextCall(isCallbackOf(handle.id));
    expect(deferral.body).toMatchObject({ type: 5, data: { flags: 64 } });
    expect(deferral.status).toBe(204);
    // The pause is committed; the flush takes longer than Discord's 3 s.
    expect(fx.bot.service.tableInChannel(channelId)).toMatchObject({
      ok: true,
      value: { table: { status: 'paused' } },
    });
    fx.discord.advanceTime(5_000);
    releaseDisk?.();
    const reply = await handle.reply();
    expect(reply.content).toBe('The match is paused.');
    expect(reply.ephemeral).toBe(true);
    const calls = callsOf(handle.id, handle.record.token);
    expect(calls.map((c) => `${c.method} ${c.route} ${c.status}`)).toEqual([
      'POST /interactions/:interaction/:token/callback 204',
      'PATCH /webhooks/:app/:token/messages/:message 200',
    ]);
    expect(await fx.waitLogged(handle.id)).toMatchObject({ outcome: 'ok', deferred: 'reply' });
    await ann.slash(channelId, 'table', { subcommand: 'resume' }).reply();
  });

  it('a command whose reply is Components V2: the edit of "thinking" sets the flag, and Discord takes it', async () => {
    // A second status within 30 s shows the table to its asker alone: a Components V2 reply.
    await ann.slash(channelId, 'table', { subcommand: 'status' }).reply();
    holdDisk();
    const handle = ann.slash(channelId, 'table', { subcommand: 'status' });
    const deferral = await fx.discord.nextCall(isCallbackOf(handle.id));
    expect(deferral.body).toMatchObject({ type: 5, data: { flags: 64 } });
    releaseDisk?.();
    const reply = await handle.reply();
    expect(reply.ephemeral).toBe(true);
    const edit = callsOf(handle.id, handle.record.token).find((c) => c.method === 'PATCH');
    expect(edit?.status).toBe(200);
    expect((edit?.body as { flags?: number } | undefined)?.flags).toBe(1 << 15);
    expect(await fx.waitLogged(handle.id)).toMatchObject({
      outcome: 'shown_recently_posted',
      deferred: 'reply',
    });
  });

  it('a click on a panel: a deferred update, then the panel is edited', async () => {
    const ben = fx.users[1]!;
    const panel = await openPanel(ben, channelId);
    const no = panel.components
      .flatMap((row) => (row.components ?? []) as Array<{ custom_id?: string }>)
      .find((c) => c.custom_id?.startsWith('gt:') && c.custom_id.endsWith(':0'));
    expect(no?.custom_id, panel.content).toBeDefined();
    const version = () => {
      const here = fx.bot.service.tableInChannel(channelId);
      return here.ok ? here.value.view?.version : null;
    };
    const before = version();
    holdDisk();
    const handle = ben.click(panel.id, no!.custom_id!);
    const deferral = await fx.discord.nextCall(isCallbackOf(handle.id));
    expect(deferral.body).toMatchObject({ type: 6 });
    expect(version()).toBe((before as number) + 1);
    fx.discord.advanceTime(5_000);
    releaseDisk?.();
    const edit = await fx.discord.nextCall(
      (c) => c.method === 'PATCH' && c.path.includes(handle.record.token),
    );
    expect(edit.status).toBe(200);
    const shown = ben.messages(channelId).find((m) => m.id === panel.id);
    expect(shown?.content).not.toBe(panel.content);
    expect(shown?.content).toMatch(/Your hand/);
    expect(await fx.waitLogged(handle.id)).toMatchObject({ outcome: 'ok', deferred: 'update' });
  });

  it('a deferral Discord processed but answered with a 502 (then 40060) is still completed', async () => {
    holdDisk();
    ann.failNextCallbackWith = 502;
    const handle = ann.slash(channelId, 'table', { subcommand: 'pause' });
    await fx.discord.nextCall((c) => isCallbackOf(handle.id)(c) && c.status === 400);
    fx.discord.advanceTime(5_000);
    releaseDisk?.();
    const reply = await handle.reply();
    expect(reply.content).toBe('The match is paused.');
    const calls = callsOf(handle.id, handle.record.token);
    expect(calls.map((c) => `${c.method} ${c.route} ${c.status}`)).toEqual([
      'POST /interactions/:interaction/:token/callback 502',
      'POST /interactions/:interaction/:token/callback 400',
      'PATCH /webhooks/:app/:token/messages/:message 200',
    ]);
    expect(await fx.waitLogged(handle.id)).toMatchObject({ outcome: 'answered_on_retry', deferred: 'reply' });
    await ann.slash(channelId, 'table', { subcommand: 'resume' }).reply();
  });

  it('a public reply after "thinking" is posted for everyone, and the placeholder goes', async () => {
    const other = fx.channelIds[1]!;
    holdDisk();
    const handle = ann.slash(other, 'table', { subcommand: 'create' });
    await fx.discord.nextCall(isCallbackOf(handle.id));
    fx.discord.advanceTime(5_000);
    releaseDisk?.();
    const posted = await fx.discord.nextCall(
      (c) => c.method === 'POST' && c.path.includes(handle.record.token),
    );
    expect(posted.status).toBe(200);
    const messageId = (posted.response as { id: string }).id;
    const publicMessage = fx.discord.channelMessages(other).find((m) => m.id === messageId);
    expect(publicMessage && isTableMessage(publicMessage)).toBe(true);
    // The table keeps that message as its own (edits go to it, no second message is posted).
    await eventually(() => {
      const here = fx.bot.service.tableInChannel(other);
      return here.ok && here.value.table.messageId === messageId ? true : undefined;
    }, 'the table to keep the posted message as its own');
    await eventually(
      () => callsOf(handle.id, handle.record.token).find((c) => c.method === 'DELETE' && c.status === 204),
      'the placeholder to be deleted',
    );
    expect(ann.messages(other).filter((m) => m.ephemeral)).toEqual([]);
  });
});
