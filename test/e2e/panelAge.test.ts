/**
 * Old panels and foreign clicks. Discord lets the bot edit an ephemeral panel through its
 * interaction's token for 15 minutes only; a click on a panel is a new interaction with a fresh
 * token, so a panel older than that still answers its clicks, and "My hand" opens a fresh one.
 * A click whose custom id names a table of another channel is refused and changes neither table.
 * (Clicks on the panels of a table closed with /table end are covered in refusals.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardLabel } from '../../src/discord/cardText.js';
import { encodeId, parseId } from '../../src/discord/customIds.js';
import { registerCommands } from '../../src/discord/deploy.js';
import { EN_TEXT } from '../../src/discord/ui.js';
import type { MessageView, ScriptedUser } from '../../src/localDiscord/index.js';
import { type BotFixture, startFixture } from '../support/botFixture.js';
import {
  buttonLabelled,
  E2ETable,
  embedText,
  exchangeSelects,
  failedCalls,
  handCount,
  lowPicks,
  optionFor,
  scriptedEnv,
} from '../support/e2eTable.js';

const TOKEN_LIFETIME_MS = 15 * 60_000;

let fx: BotFixture;
let table: E2ETable;
/** The expired token this test used itself, to show that it is expired: not a call of the bot. */
let probeToken = 'none';
const scripted = scriptedEnv('age');

beforeAll(async () => {
  fx = await startFixture({ users: 4, env: scripted.env });
  table = await E2ETable.open(fx, scripted.useSeed, 'panel-age-seed');
});
afterAll(async () => {
  await fx?.close();
});

/** Waits longer than the bot's coalescing delay, so an edit it would make has landed. */
const settle = () => new Promise((r) => setTimeout(r, 80));

describe('a panel older than 15 minutes', () => {
  let old: MessageView;

  it('a panel opened before the clock moves on past the token lifetime', async () => {
    const hand = buttonLabelled(table.message(), 'My hand');
    const opened = table.user(1).click(table.messageId, hand!.custom_id!);
    old = await opened.reply();
    expect(old.ephemeral).toBe(true);
    expect(handCount(old)).toBe(8);
    expect(buttonLabelled(old, 'No, deal my cards')).toBeDefined();
    // Meanwhile the table moves on: Ann decides.
    await table.decideGrand(0, false);
    await table.waitText(/Grand Tichu\? 1\/4 decided/);
    // Ben's panel is live: it follows Ann's decision in place (its buttons carry the new version).
    const shown = versionOf(old);
    old = await table.user(1).waitForMessage(fx.channelId, (m) => m.id === old.id && versionOf(m) > shown);
    expect(buttonLabelled(old, 'No, deal my cards')).toBeDefined();
    fx.discord.advanceTime(TOKEN_LIFETIME_MS + 60_000);
    // The panel's own token is dead now: nothing could edit the panel through it any more.
    probeToken = opened.record.token;
    const probe = await fetch(
      `${fx.discord.restUrl}/v10/webhooks/${fx.discord.applicationId}/${probeToken}/messages/@original`,
    );
    expect(probe.status).toBe(401);
    expect(((await probe.json()) as { code: number }).code).toBe(50027);
  });

  it('Refresh on the old panel shows the current panel in place', async () => {
    const refresh = buttonLabelled(old, 'Refresh');
    const handle = table.user(1).click(old.id, refresh!.custom_id!);
    expect((await handle.acknowledged()).type).toBe(7);
    const refreshed = await handle.reply();
    expect(refreshed.id).toBe(old.id);
    expect(refreshed.ephemeral).toBe(true);
    expect(handCount(refreshed)).toBe(8);
    expect(buttonLabelled(refreshed, 'No, deal my cards')).toBeDefined();
    old = refreshed;
  });

  it('a decision from the old panel is taken, and the table message follows', async () => {
    const after = await table.clickButton(1, old, 'No, deal my cards');
    table.shadow.act(1, { type: 'grandTichu', call: false });
    expect(after.id).toBe(old.id);
    expect(handCount(after)).toBe(8);
    expect(after.content).toContain('Waiting for the others to decide on Grand Tichu (2/4).');
    await table.waitText(/Grand Tichu\? 2\/4 decided/);
  });

  it('"My hand" on the table message opens a fresh panel', async () => {
    const fresh = await table.panel(1);
    expect(fresh.id).not.toBe(old.id);
    expect(fresh.ephemeral).toBe(true);
    expect(fresh.content).toContain('Waiting for the others to decide on Grand Tichu (2/4).');
    // And play goes on from fresh panels after the jump.
    await table.decideGrand(2, false);
    await table.decideGrand(3, false);
    await table.waitText(/Exchange: 0\/4/);
    const panel = await table.panel(1);
    expect(handCount(panel)).toBe(14);
  });

  it('an exchange panel older than 15 minutes: its select and Refresh still answer in place', async () => {
    const before = await table.panel(2);
    fx.discord.advanceTime(TOKEN_LIFETIME_MS + 60_000);
    const [first] = lowPicks(table.shadow.hand(2), []);
    const select = exchangeSelects(before)[0];
    expect(select?.custom_id).toBeDefined();
    const picked = await table
      .user(2)
      .select(before.id, select!.custom_id!, [optionFor(select!, first)])
      .reply();
    expect(picked.id).toBe(before.id);
    const chosen = (exchangeSelects(picked)[0]?.options ?? []).filter((o) => o.default);
    expect(chosen.map((o) => o.label)).toEqual([`${cardLabel(first, EN_TEXT)} for Dan (opponent)`]);
    const refreshed = await table.clickButton(2, picked, 'Refresh');
    expect(refreshed.id).toBe(before.id);
    expect(handCount(refreshed)).toBe(14);
  });

  it('every REST call the bot made succeeded', () => {
    expect(botFailures()).toEqual([]);
  });
});

describe('a click naming a table of another channel', () => {
  let other: ScriptedUser;
  let lounge = '';
  let otherMessage: MessageView;
  let otherTableId = '';

  it('a second table, in a channel of another server', async () => {
    const { guild, channels } = fx.discord.addGuild('Second Club', ['lounge']);
    lounge = (channels[0] as { id: string }).id;
    await registerCommands(fx.discord.token, fx.discord.applicationId, guild.id, fx.discord.restUrl);
    // The bot learns of the new server as it would on joining one: from the gateway, on (re)connecting.
    await fx.restart();
    other = table.user(0);
    otherMessage = await other.slash(lounge, 'table', { subcommand: 'create' }).reply();
    expect(otherMessage.ephemeral).toBe(false);
    const join = buttonLabelled(otherMessage, 'Join');
    const parsed = parseId(join?.custom_id ?? '');
    expect(parsed).not.toBeNull();
    otherTableId = parsed!.tableId;
    expect(embedText(otherMessage)).toContain('Waiting for players');
  });

  it('a forged Join of the other table from this channel is refused, and neither table changes', async () => {
    const here = table.text();
    const there = embedText(otherMessage);
    const reply = await table
      .user(1)
      .forgeClick(table.messageId, encodeId('join', otherTableId, 0))
      .reply();
    expect(reply.ephemeral).toBe(true);
    expect(reply.content).toBe('That button is not valid.');
    await settle();
    expect(table.text()).toBe(here);
    const now = fx.discord.channelMessages(lounge).find((m) => m.id === otherMessage.id);
    expect(embedText(now)).toBe(there);
    expect(embedText(now)).not.toContain('Ben');
  });

  it('a forged Start of the other table by its host from this channel is refused', async () => {
    const reply = await other.forgeClick(table.messageId, encodeId('start', otherTableId, 0)).reply();
    expect(reply.ephemeral).toBe(true);
    expect(reply.content).toBe('That button is not valid.');
    await settle();
    const now = fx.discord.channelMessages(lounge).find((m) => m.id === otherMessage.id);
    expect(embedText(now)).toContain('Waiting for players');
  });

  it('a forged "My hand" of this table clicked in the other channel shows no cards', async () => {
    const version = parseId(buttonLabelled(table.message(), 'My hand')!.custom_id!)!.version;
    const reply = await table
      .user(1)
      .forgeClick(otherMessage.id, encodeId('hand', tableIdHere(), version))
      .reply();
    expect(reply.ephemeral).toBe(true);
    expect(reply.content).toBe('That button is not valid.');
    expect(reply.content).not.toMatch(/Your hand/);
    // From a panel of this table, in its own channel, the same id still works.
    const panel = await table.panel(1);
    expect(handCount(panel)).toBe(14);
  });

  it('every REST call the bot made succeeded', () => {
    expect(botFailures()).toEqual([]);
  });
});

/** This channel's table id, as the table message's buttons carry it. */
function tableIdHere(): string {
  const hand = buttonLabelled(table.message(), 'My hand');
  return parseId(hand?.custom_id ?? '')?.tableId ?? '';
}

/** The table version a panel's buttons carry. */
function versionOf(message: MessageView): number {
  const id = buttonLabelled(message, 'Refresh')?.custom_id ?? '';
  return parseId(id)?.version ?? -1;
}

/**
 * Failed REST calls, but for the test's own probe with the expired token, and the live panel's
 * edits with tokens Discord's clock has expired: this test moves only the local Discord's clock,
 * not the bot's, so the bot cannot know they expired. Each such token is tried once, then forgotten.
 */
function botFailures(): string[] {
  const probes = fx.discord.calls.filter(
    (c) => c.method === 'GET' && c.path.startsWith(`/webhooks/`) && c.path.includes(probeToken),
  );
  expect(probes.map((c) => c.status)).toEqual([401]);
  const probe = `${probes[0]?.method} ${probes[0]?.route} → 401 ${JSON.stringify(probes[0]?.response)}`;
  const expired = fx.discord.calls.filter(
    (c) => c.method === 'PATCH' && c.route === '/webhooks/:app/:token/messages/:message' && c.status === 401,
  );
  const tokens = expired.map((c) => c.path.split('/')[3]);
  expect(new Set(tokens).size).toBe(tokens.length);
  const tried = new Set(expired.map((c) => `${c.method} ${c.route} → 401 ${JSON.stringify(c.response)}`));
  return failedCalls(fx).filter((c) => c !== probe && !tried.has(c));
}
