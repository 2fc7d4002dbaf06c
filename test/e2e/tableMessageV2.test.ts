/**
 * The table message in Components V2, and the messages posted before it: a table message Discord
 * still holds in the old shape (an embed and rows of buttons, no flag) is answered when clicked and
 * becomes a V2 message with the very update that answers the click, or with the next edit of the
 * table; a V2 table message's buttons (in its rows and beside its seats) answer clicks.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StoredMessage } from '../../src/localDiscord/world.js';
import { type BotFixture, startFixture } from '../support/botFixture.js';
import { eventually } from '../support/discordFixture.js';
import { buttonLabelled, embedText, failedCalls, scriptedEnv } from '../support/e2eTable.js';
import { find } from '../support/panelPlayer.js';
import { isV2 } from '../support/tableParts.js';

const V2 = 1 << 15;

let fx: BotFixture;
beforeEach(async () => {
  fx = await startFixture({ env: scriptedEnv('tv2').env, tableEditDelayMs: 20 });
});
afterEach(async () => {
  await fx?.close();
});

/** The table message as Discord stores it, once the bot knows its id (bounded wait). */
function stored(): Promise<StoredMessage> {
  return eventually(() => {
    const here = fx.bot.service.tableInChannel(fx.channelId);
    const id = here.ok ? here.value.table.messageId : null;
    return id ? fx.discord.hub.world.messages.get(id) : undefined;
  }, 'the table message id to be stored');
}

/**
 * Puts the table message back into the shape the bot posted before Components V2: the same words
 * as an embed, the same buttons (custom ids unchanged) in plain rows, no flag.
 */
function makeOld(message: StoredMessage, words: string): void {
  const buttons: Record<string, unknown>[] = [];
  const walk = (node: Record<string, unknown>) => {
    if (node.type === 2) buttons.push(node);
    for (const child of (node.components ?? []) as Record<string, unknown>[]) walk(child);
    if (node.accessory) walk(node.accessory as Record<string, unknown>);
  };
  for (const c of message.components) walk(c);
  message.flags = 0;
  message.content = '';
  message.embeds = [{ title: 'Tichu · new table', description: words, color: 0x888888 }];
  message.components = [{ type: 1, components: buttons }];
}

describe('the table message in Components V2', () => {
  it('an old embed-style lobby message answers Join and becomes V2 with that answer', async () => {
    const [ann, ben] = fx.users as [NonNullable<(typeof fx.users)[0]>, NonNullable<(typeof fx.users)[0]>];
    const created = await ann.slash(fx.channelId, 'table', { subcommand: 'create' }).reply();
    expect(created.flags & V2).toBe(V2);
    const message = await stored();
    makeOld(message, 'Waiting for players');
    const join = find(ann.messages(fx.channelId).find((m) => m.id === message.id) ?? created, 'join');
    expect(join?.custom_id).toMatch(/^join:/);
    await ben.click(message.id, join?.custom_id as string).acknowledged();
    // The update that answered the click made it a V2 message: flag set, embed gone, Ben seated.
    expect(message.flags & V2).toBe(V2);
    expect(message.embeds).toEqual([]);
    const now = fx.discord.channelMessages(fx.channelId).find((m) => m.id === message.id);
    expect(now && isV2(now)).toBe(true);
    expect(embedText(now)).toMatch(/2\. \S+/);
    expect(failedCalls(fx)).toEqual([]);
    expect(fx.errors).toEqual([]);
  });

  it('an old message in play answers My hand, and the next edit of the table upgrades it', async () => {
    const [ann, ben, cat, dan] = fx.users as Array<NonNullable<(typeof fx.users)[0]>>;
    await ann!.slash(fx.channelId, 'table', { subcommand: 'create' }).reply();
    for (const u of [ben!, cat!, dan!]) await u.slash(fx.channelId, 'table', { subcommand: 'join' }).reply();
    await ann!.slash(fx.channelId, 'table', { subcommand: 'start' }).reply();
    const message = await stored();
    await eventually(() => (find(viewOf(message.id), 'hand') ? true : undefined), 'My hand on the table');
    makeOld(message, 'Grand Tichu? 0/4 decided.');
    const patches = () =>
      fx.discord.calls.filter((c) => c.method === 'PATCH' && c.path.endsWith(`/messages/${message.id}`));
    const before = patches().length;
    // My hand on the old message: the click is answered with the panel.
    const hand = find(viewOf(message.id), 'hand');
    const panel = await ben!.click(message.id, hand?.custom_id as string).reply();
    expect(panel.ephemeral).toBe(true);
    expect(buttonLabelled(panel, 'Grand Tichu!')).toBeDefined();
    // Ben's decision changes the table: its next edit turns the old message into a V2 one.
    await ben!.click(panel.id, buttonLabelled(panel, 'No, deal my cards')?.custom_id as string).reply();
    // (An edit already on its way when the message was made old may upgrade it first, showing 0/4:
    // the table's next edit then shows Ben's decision.)
    await eventually(
      () =>
        message.flags & V2 && embedText(viewOf(message.id)).includes('Grand Tichu? 1/4 decided.')
          ? true
          : undefined,
      'the table message to become V2 and show the decision',
    );
    expect(patches().length).toBeGreaterThan(before);
    expect(message.embeds).toEqual([]);
    // And its buttons, in the container now, still answer.
    const again = await cat!.click(message.id, find(viewOf(message.id), 'hand')?.custom_id as string).reply();
    expect(again.ephemeral).toBe(true);
    expect(failedCalls(fx)).toEqual([]);
    expect(fx.errors).toEqual([]);
  });

  it("a V2 message's Take seat beside a bot's seat answers with a request to the host", async () => {
    const [ann, ben] = fx.users as Array<NonNullable<(typeof fx.users)[0]>>;
    await ann!.slash(fx.channelId, 'table', { subcommand: 'create' }).reply();
    for (const seat of [2, 3, 4])
      await ann!.slash(fx.channelId, 'table', { subcommand: 'bot', options: { do: 'add', seat } }).reply();
    await ann!.slash(fx.channelId, 'table', { subcommand: 'start' }).reply();
    const message = await stored();
    const take = await eventually(() => buttonLabelled(viewOf(message.id), 'Take seat 2'), 'Take seat 2');
    // It stands beside the seat's line, as the accessory of the seat's section.
    const section = ((message.components[0]?.components ?? []) as Record<string, unknown>[]).find(
      (c) => c.type === 9 && (c.accessory as { custom_id?: string }).custom_id === take.custom_id,
    );
    expect(JSON.stringify(section?.components)).toContain('2. Bot 2');
    const request = await ben!.click(message.id, take.custom_id as string).reply();
    expect(request.ephemeral).toBe(false);
    expect(request.content).toContain(`<@${ann!.id}>`);
    expect(failedCalls(fx)).toEqual([]);
    expect(fx.errors).toEqual([]);
  });
});

/** The table message as everyone sees it. */
function viewOf(id: string) {
  const m = fx.discord.channelMessages(fx.channelId).find((x) => x.id === id);
  if (!m) throw new Error('the table message is gone');
  return m;
}
