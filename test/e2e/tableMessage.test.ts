/**
 * The public table message when Discord is slow: one message per table, never a stale one. Each
 * scenario holds one of the bot's REST requests in the local Discord, acts meanwhile, then lets
 * it through.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MessageView } from '../../src/localDiscord/index.js';
import { type BotFixture, startFixture } from '../support/botFixture.js';
import { eventually } from '../support/discordFixture.js';
import { embedText, scriptedEnv } from '../support/e2eTable.js';
import { find, isTableMessage } from '../support/panelPlayer.js';

const EDIT_DELAY_MS = 20;

let fx: BotFixture;
beforeEach(async () => {
  fx = await startFixture({ env: scriptedEnv('tmsg').env, tableEditDelayMs: EDIT_DELAY_MS });
});
afterEach(async () => {
  await fx?.close();
});

/** The channel's public messages that are table messages (they carry the table's container). */
const tableMessages = (): MessageView[] => fx.discord.channelMessages(fx.channelId).filter(isTableMessage);
const seatsText = (m: MessageView | undefined) => embedText(m);
const isCallback = (method: string, path: string) =>
  method === 'POST' && /^\/interactions\/\d+\/[^/]+\/callback$/.test(path);
/** Longer than the coalescing delay: an edit that was going to happen has had time to start. */
const settle = () => new Promise((resolve) => setTimeout(resolve, EDIT_DELAY_MS * 5));

describe('the table message when Discord is slow', () => {
  it('a player who joins while the table message is still being created does not cause a second one', async () => {
    const [ann, ben] = fx.users;
    let first = true;
    const hold = fx.discord.holdRequests((method, path) => {
      if (!first || !isCallback(method, path)) return false;
      first = false;
      return true;
    });
    const created = ann!.slash(fx.channelId, 'table', { subcommand: 'create' });
    await hold.arrived;
    const joined = await ben!.slash(fx.channelId, 'table', { subcommand: 'join' }).reply();
    expect(joined.content).toMatch(/You are seated/);
    await settle();
    hold.release();
    await created.reply();
    const shown = await eventually(() => {
      const all = tableMessages();
      return all.length === 1 && seatsText(all[0]).includes('Ben') ? all : undefined;
    }, 'the one table message to show Ben');
    expect(shown).toHaveLength(1);
    expect(seatsText(shown[0])).toContain('Ann');
  });

  it('/table status answers at once, then posts the table anew, and edits go to the new message', async () => {
    const [ann, ben] = fx.users;
    await ann!.slash(fx.channelId, 'table', { subcommand: 'create' }).reply();
    const old = tableMessages()[0] as MessageView;
    const hold = fx.discord.holdRequests(
      (method, path) => method === 'POST' && path === `/channels/${fx.channelId}/messages`,
    );
    const answered = await ann!.slash(fx.channelId, 'table', { subcommand: 'status' }).reply();
    expect(answered.content).toBe('Here is the table.');
    expect(answered.ephemeral).toBe(true);
    await hold.arrived;
    expect(tableMessages()).toHaveLength(1);
    hold.release();
    const fresh = await eventually(
      () => tableMessages().find((m) => m.id !== old.id),
      'the table to be posted again',
    );
    await ben!.slash(fx.channelId, 'table', { subcommand: 'join' }).reply();
    await eventually(
      () =>
        seatsText(fx.discord.channelMessages(fx.channelId).find((m) => m.id === fresh.id)).includes('Ben')
          ? true
          : undefined,
      'the new table message to show Ben',
    );
    expect(fx.bot.service.tableInChannel(fx.channelId)).toMatchObject({
      ok: true,
      value: { table: { messageId: fresh.id } },
    });
  });

  it('a click on the message while an older edit is under way is not undone by that edit', async () => {
    const [ann, ben, cat] = fx.users;
    await ann!.slash(fx.channelId, 'table', { subcommand: 'create' }).reply();
    const message = tableMessages()[0] as MessageView;
    const hold = fx.discord.holdRequests(
      (method, path) => method === 'PATCH' && path === `/channels/${fx.channelId}/messages/${message.id}`,
    );
    // Ben's join schedules an edit showing Ann and Ben; Discord holds it.
    await ben!.slash(fx.channelId, 'table', { subcommand: 'join' }).reply();
    await hold.arrived;
    // Cat joins by the button: the click's update shows all three at once.
    const join = find(message, 'join');
    expect(join).toBeDefined();
    await cat!.click(message.id, join!.custom_id as string).acknowledged();
    const current = () =>
      seatsText(fx.discord.channelMessages(fx.channelId).find((m) => m.id === message.id));
    expect(current()).toContain('Cat');
    // Now the held edit lands, rendered before Cat sat down; a fresh edit must follow it.
    hold.release();
    await fx.discord.nextCall((c) => c.method === 'PATCH' && c.path.endsWith(message.id));
    await eventually(() => (current().includes('Cat') ? true : undefined), 'Cat back on the table message');
    await settle();
    expect(current()).toContain('Cat');
    expect(current()).toContain('Ben');
  });
});

describe('the table message when an answer is slow or lost', () => {
  const firstCallback = () => {
    let first = true;
    return (method: string, path: string) => {
      if (!first || !isCallback(method, path)) return false;
      first = false;
      return true;
    };
  };
  const shown = (id: string) => seatsText(fx.discord.channelMessages(fx.channelId).find((m) => m.id === id));

  it('a click answered late, after a newer edit landed, is followed by a fresh edit', async () => {
    const [ann, ben, cat] = fx.users;
    await ann!.slash(fx.channelId, 'table', { subcommand: 'create' }).reply();
    const message = tableMessages()[0] as MessageView;
    const hold = fx.discord.holdRequests(firstCallback());
    // Cat's Join is answered by an update showing Ann and Cat; Discord holds it.
    const click = cat!.click(message.id, find(message, 'join')!.custom_id as string);
    await hold.arrived;
    // Meanwhile Ben joins, and the edit showing all three lands first.
    await ben!.slash(fx.channelId, 'table', { subcommand: 'join' }).reply();
    await eventually(() => (shown(message.id).includes('Ben') ? true : undefined), 'the edit with Ben');
    hold.release();
    await click.acknowledged();
    // The late update showed no Ben; a fresh edit brings him back.
    await eventually(
      () => (shown(message.id).includes('Ben') && shown(message.id).includes('Cat') ? true : undefined),
      'all three on the message',
    );
  });

  it("a join whose answer misses Discord's deadline still shows on the table message", async () => {
    const [ann, ben] = fx.users;
    await ann!.slash(fx.channelId, 'table', { subcommand: 'create' }).reply();
    const message = tableMessages()[0] as MessageView;
    const hold = fx.discord.holdRequests(firstCallback());
    const joined = ben!.slash(fx.channelId, 'table', { subcommand: 'join' });
    await hold.arrived;
    // Past the 3 s deadline: the answer will be refused with 10062.
    fx.discord.advanceTime(3_500);
    hold.release();
    await expect(joined.reply(1_000)).rejects.toThrow();
    await eventually(() => (shown(message.id).includes('Ben') ? true : undefined), 'Ben on the message');
  });
});

describe('durability before words', () => {
  it('no answer reaches Discord before what was committed is on disk', async () => {
    const [ann] = fx.users;
    const store = fx.bot.store;
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const flushed = store.durable.bind(store);
    let asked = 0;
    // The disk is slow: every flush waits for the gate.
    store.durable = async () => {
      asked++;
      await gate;
      return flushed();
    };
    const calls = fx.discord.calls.length;
    const created = ann!.slash(fx.channelId, 'table', { subcommand: 'create' });
    await eventually(() => (asked > 0 ? true : undefined), 'the bot to wait for the flush');
    await settle();
    // The table is committed, yet Discord has heard nothing.
    expect(fx.bot.service.tableInChannel(fx.channelId).ok).toBe(true);
    expect(fx.discord.calls.length).toBe(calls);
    release();
    const reply = await created.reply();
    expect(isTableMessage(reply)).toBe(true);
    store.durable = flushed;
  });
});
