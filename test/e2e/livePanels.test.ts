/**
 * Panels that follow the game: a player opens their panel once and plays from it. When their turn
 * comes the bot has already edited it in place (through that panel's interaction token) to offer
 * their plays, so one click plays; a newer panel retires the older one; nobody else's panel ever
 * shows their cards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Card, cardRank, isNormal, type Seat, seatAfter } from '../../src/engine/index.js';
import type { MessageView } from '../../src/localDiscord/index.js';
import { type BotFixture, startFixture } from '../support/botFixture.js';
import {
  buttonLabelled,
  E2ETable,
  failedCalls,
  handCount,
  NAMES,
  scriptedEnv,
  selectWith,
} from '../support/e2eTable.js';

let fx: BotFixture;
let table: E2ETable;
let lead: Seat;
const scripted = scriptedEnv('live');

beforeAll(async () => {
  fx = await startFixture({ env: scripted.env });
  table = await E2ETable.open(fx, scripted.useSeed, 'live-panels-seed');
  await table.dealToPlay({ keep: ['mahjong'] });
  lead = table.shadow.holder('mahjong');
});
afterAll(async () => {
  await fx?.close();
});

const lowest = (seat: Seat) =>
  table.shadow
    .hand(seat)
    .filter(isNormal)
    .sort((a, b) => cardRank(a) - cardRank(b))[0] as Card;

describe('live panels', () => {
  let next: Seat;
  let panel: MessageView;
  /** Interactions this user has sent so far. */
  const interactionsOf = (userId: string) =>
    [...fx.discord.hub.world.interactions.values()].filter((i) => i.userId === userId).length;

  it('a panel opened before your turn offers your plays once it comes, with no click of yours', async () => {
    next = seatAfter(lead, 1);
    panel = await table.panel(next);
    // The table is empty: the leader leads.
    expect(panel.content).toContain(`${NAMES[lead]} leads`);
    expect(buttonLabelled(panel, 'Pass')).toBeUndefined();
    const before = interactionsOf(table.user(next).id);
    await table.play(lead, [lowest(lead)]);
    // The bot edits the same message: it now says it is this player's turn and offers Pass.
    panel = await table
      .user(next)
      .waitForMessage(fx.channelId, (m) => m.id === panel.id && buttonLabelled(m, 'Pass') !== undefined);
    expect(panel.content).toContain('**your turn**');
    expect(panel.ephemeral).toBe(true);
    expect(handCount(panel)).toBe(table.shadow.hand(next).length);
    expect(selectWith(panel, /^Play/)).toBeDefined();
    // The edit went through the panel's own interaction webhook, not a new message.
    const edits = fx.discord.calls.filter(
      (c) => c.method === 'PATCH' && c.route === '/webhooks/:app/:token/messages/:message',
    );
    expect(edits.length).toBeGreaterThan(0);
    // And the player did nothing meanwhile.
    expect(interactionsOf(table.user(next).id)).toBe(before);
  });

  it('one click on it plays: the pass is taken from the live panel', async () => {
    const after = await table.clickButton(next, panel, 'Pass');
    table.shadow.act(next, { type: 'pass' });
    expect(after.id).toBe(panel.id);
    await table.waitText(new RegExp(`▶️ \\*\\*${NAMES[seatAfter(lead, 2)]}\\*\\* to play`));
  });

  it('a live edit only ever reaches the panel of the player it belongs to, privately', () => {
    const edits = fx.discord.calls.filter(
      (c) => c.method === 'PATCH' && c.route === '/webhooks/:app/:token/messages/:message',
    );
    expect(edits.length).toBeGreaterThan(0);
    for (const edit of edits) {
      const token = edit.path.split('/')[3] as string;
      const owner = fx.discord.hub.world.interactionsByToken.get(token)?.userId;
      const message = fx.discord.hub.world.messages.get((edit.response as { id: string }).id);
      expect(owner).toBeDefined();
      expect(message?.visibleTo).toBe(owner);
      expect((message?.flags ?? 0) & 64).toBe(64);
    }
  });

  it('opening a new panel makes it the live one; the old one says it is no longer live', async () => {
    const old = panel;
    const fresh = await table.panel(next);
    expect(fresh.id).not.toBe(old.id);
    const retired = await table
      .user(next)
      .waitForMessage(fx.channelId, (m) => m.id === old.id && m.content.includes('no longer live'));
    expect(retired.components).toEqual([]);
    // The table moves on: only the fresh panel follows.
    await table.pass(seatAfter(lead, 2));
    const followed = await table
      .user(next)
      .waitForMessage(fx.channelId, (m) => m.id === fresh.id && m.content !== fresh.content);
    expect(followed.id).toBe(fresh.id);
    const still = table
      .user(next)
      .messages(fx.channelId)
      .find((m) => m.id === old.id);
    expect(still?.content).toBe(retired.content);
  });

  it('a pause and a resume (the match itself unchanged) show on the live panel too', async () => {
    const seat = seatAfter(lead, 3);
    const live = await table.panel(seat);
    const host = table.user(0);
    await host.slash(fx.channelId, 'table', { subcommand: 'pause' }).reply();
    const paused = await table
      .user(seat)
      .waitForMessage(fx.channelId, (m) => m.id === live.id && m.content.includes('paused'));
    expect(buttonLabelled(paused, 'Pass')).toBeUndefined();
    await host.slash(fx.channelId, 'table', { subcommand: 'resume' }).reply();
    const resumed = await table
      .user(seat)
      .waitForMessage(fx.channelId, (m) => m.id === live.id && !m.content.includes('paused'));
    // The clock restarts in full at the resume (real time here), so the deadline may have moved on
    // by a second; everything else is the panel as it stood.
    const deadline = (text: string) => Number(/<t:(\d+):R>/.exec(text)?.[1]);
    const withoutDeadline = (text: string) => text.replace(/<t:\d+:R>/g, '<t:…:R>');
    expect(withoutDeadline(resumed.content)).toBe(withoutDeadline(live.content));
    expect(deadline(resumed.content)).toBeGreaterThanOrEqual(deadline(live.content));
  });

  it('every REST call the bot made succeeded', () => {
    expect(failedCalls(fx)).toEqual([]);
  });
});
