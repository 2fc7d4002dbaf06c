/**
 * Substitutes, the list of tables and idle lobbies through the local Discord with the real bot, time
 * moved by hand: a newcomer takes an away seat once the host approves (and nobody else can approve
 * for the host); `/table list` in another channel shows a paused match, which resumes from its own
 * channel; a lobby nobody touches for a day closes itself and says so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/app/clock.js';
import type { MessageView, ScriptedUser } from '../../src/localDiscord/index.js';
import { type BotFixture, startFixture } from '../support/botFixture.js';
import { buttonLabelled, embedText, failedCalls, scriptedEnv } from '../support/e2eTable.js';
import { isTableMessage, openPanel, tableMessage } from '../support/panelPlayer.js';
import { interactive } from '../support/tableParts.js';

const DAY = 24 * 3_600_000;

let fx: BotFixture;
let ann: ScriptedUser;
let ben: ScriptedUser;
let cat: ScriptedUser;
let dan: ScriptedUser;
let here: string;
let there: string;
const clock = new ManualClock(Date.now());

beforeAll(async () => {
  fx = await startFixture({ users: 4, env: scriptedEnv('sub').env, clock, moreChannels: ['back-room'] });
  [ann, ben, cat, dan] = fx.users as [ScriptedUser, ScriptedUser, ScriptedUser, ScriptedUser];
  [here, there] = fx.channelIds as [string, string];
});
afterAll(async () => {
  await fx?.close();
});

/** Waits (bounded, 3 s) until the bot has made no REST call for 200 ms. */
async function quiet(): Promise<void> {
  for (let i = 0, seen = -1; i < 30 && fx.discord.calls.length !== seen; i++) {
    seen = fx.discord.calls.length;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Waits (bounded) until the channel's table message passes `test`; returns its text. */
async function tableText(channelId: string, test: (text: string) => boolean): Promise<string> {
  try {
    const m = await ann.waitForMessage(channelId, (x) => isTableMessage(x) && test(embedText(x)));
    return embedText(m);
  } catch {
    throw new Error(`the table message never matched; it shows:\n${embedText(tableMessage(ann, channelId))}`);
  }
}

/** Clicks the button labelled `label` on `message` as `user`; returns the answer (a new or ephemeral message). */
function clickLabel(user: ScriptedUser, message: MessageView, label: string) {
  const b = buttonLabelled(message, label);
  if (!b?.custom_id) throw new Error(`no button "${label}" on:\n${message.content}${embedText(message)}`);
  return user.click(message.id, b.custom_id);
}

describe('a substitute', () => {
  it('takes an away seat after the host approves; nobody else approves for the host', async () => {
    await ann.slash(here, 'table', { subcommand: 'create' }).reply();
    await ben.slash(here, 'table', { subcommand: 'join', options: { seat: 2 } }).reply();
    for (const seat of [3, 4])
      await ann.slash(here, 'table', { subcommand: 'bot', options: { do: 'add', seat } }).reply();
    await ann.slash(here, 'table', { subcommand: 'start' }).reply();
    await tableText(here, (t) => t.includes('Grand Tichu?'));
    // Nobody can take a seat whose player is there.
    const early = await cat.slash(here, 'table', { subcommand: 'sit', options: { seat: 2 } }).reply();
    expect(early.content).toMatch(/^Seat 2 is not free to take/);
    expect((await ben.slash(here, 'table', { subcommand: 'away' }).reply()).content).toMatch(/^You are away/);
    await tableText(here, (t) => t.includes('2. Ben · away (bot playing)'));
    // The button beside Ben's own name is his way back: it does not ask for a seat he holds.
    const own = await ann.waitForMessage(
      here,
      (m) => !m.ephemeral && buttonLabelled(m, 'Take seat 2') !== undefined,
    );
    const back = await clickLabel(ben, own, 'Take seat 2').reply();
    expect(back.ephemeral).toBe(true);
    expect(back.content).toContain('Welcome back: your seat is yours again');
    await tableText(here, (t) => t.includes('2. Ben') && !t.includes('2. Ben · away'));
    expect((await ben.slash(here, 'table', { subcommand: 'away' }).reply()).content).toMatch(/^You are away/);
    await tableText(here, (t) => t.includes('2. Ben · away (bot playing)'));
    const table = await ann.waitForMessage(
      here,
      (m) => !m.ephemeral && buttonLabelled(m, 'Take seat 2') !== undefined,
    );

    // Cat clicks "Take seat 2": a public request that mentions the host.
    const request = await clickLabel(cat, table, 'Take seat 2').reply();
    expect(request.ephemeral).toBe(false);
    expect(request.content).toContain('**Cat** asks to take seat 2 (Ben, away)');
    expect(request.content).toContain(`<@${ann.id}>: approve with one click`);
    // Ben (away, not the host) and Cat herself cannot approve; Cat cannot ask twice.
    for (const who of [ben, cat]) {
      const refused = await clickLabel(who, request, 'Approve').reply();
      expect(refused.ephemeral).toBe(true);
      expect(refused.content).toBe(
        'Only the host answers this request (or, while the host is away, the players at the table).',
      );
    }
    const twice = await cat.slash(here, 'table', { subcommand: 'sit', options: { seat: 3 } }).reply();
    expect(twice.content).toMatch(/^You already asked for seat 2/);
    expect(embedText(tableMessage(ann, here))).toContain('2. Ben · away');

    // The host approves with one click: the request says so, the table shows Cat in seat 2.
    await clickLabel(ann, request, 'Approve').acknowledged();
    const done = await ann.waitForMessage(here, (m) => m.id === request.id && m.content.startsWith('✅'));
    expect(done.content).toContain('**Cat** took seat 2, approved by **Ann**');
    expect(done.components).toEqual([]);
    const text = await tableText(here, (t) => /2\. Cat\b/.test(t));
    expect(text).not.toContain('Ben');
    expect(buttonLabelled(tableMessage(ann, here) as MessageView, 'Take seat 2')).toBeUndefined();

    // Cat's panel is seat 2's hand; Ben is no longer at the table.
    const panel = await openPanel(cat, here);
    expect(panel.content).toMatch(/\*\*Your hand\*\* \(\d+\)/);
    const gone = await openPanel(ben, here);
    // A bot plays seats 3 and 4: Ben hears how to ask for one.
    expect(gone.content).toBe(
      'You are not seated at this table: only its players can do that. To play, ask the host for a bot’s or an away player’s seat: 🙋 **Take seat** on the table message, or `/table sit`.',
    );
    // The old request's button, forged back (or clicked as its removal raced it), does nothing.
    const approve = buttonLabelled(request, 'Approve')?.custom_id as string;
    const stale = await ann.forgeClick(request.id, approve).reply();
    expect(stale.ephemeral).toBe(true);
    expect(stale.content).toBe('That button is no longer in use: nothing was done.');
    const matchId = fx.bot.service.tableInChannel(here);
    if (!matchId.ok) throw new Error('no table here');
    const holders = fx.bot.store.seats.holders(matchId.value.table.matchId as number);
    expect(holders.filter((h) => h.seat === 1).map((h) => h.userId)).toEqual([ben.id, cat.id]);
  });
});

describe('/table replace', () => {
  it('the host hands a bot seat to someone, who is told in the channel; bad cases are refused in words', async () => {
    const replace = (by: ScriptedUser, seat: number, player: string) =>
      by.slash(here, 'table', { subcommand: 'replace', options: { seat, player } }).reply();
    expect((await replace(cat, 3, dan.id)).content).toBe('Only the table’s host can do that.');
    expect((await replace(ann, 3, fx.discord.applicationId)).content).toBe(
      'That is a bot account: a seat can only be handed to a person.',
    );
    expect((await replace(ann, 3, ben.id)).content).toBe(
      `<@${ben.id}> played seat 2 in this match: that is the only seat they can take again.`,
    );
    expect((await replace(ann, 3, cat.id)).content).toBe(`<@${cat.id}> already sits at this table (seat 2).`);
    expect((await replace(ann, 1, dan.id)).content).toMatch(/^Seat 1 is not free to take/);
    const done = await replace(ann, 3, dan.id);
    expect(done.ephemeral).toBe(false);
    expect(done.content).toBe(
      `🔁 <@${dan.id}> now holds seat 3 (was Bot 3, normal bot), handed over by the host. Click **My hand** on the table message to play.`,
    );
    await tableText(here, (t) => /3\. Dan\b/.test(t));
    expect((await openPanel(dan, here)).content).toMatch(/\*\*Your hand\*\*/);
  });
});

describe('/table list', () => {
  it('shows a paused match in another channel; it resumes from its own channel', async () => {
    expect((await ann.slash(here, 'table', { subcommand: 'pause' }).reply()).content).toBe(
      'The match is paused.',
    );
    await tableText(here, (t) => t.includes('⏸️ Paused'));
    const listed = await ann.slash(there, 'table', { subcommand: 'list' }).reply();
    expect(listed.ephemeral).toBe(true);
    const text = embedText(listed);
    expect(text).toContain('Tichu tables on this server');
    expect(text).toMatch(
      new RegExp(`⏸️ <#${here}> · 0 — 0 \\(to 1000\\), hand 1 · Ann, Cat, Dan, Bot 4 · paused <t:\\d+:R>`),
    );
    const mine = await ben.slash(there, 'table', { subcommand: 'list', options: { mine: true } }).reply();
    expect(embedText(mine)).toContain('You are not seated at any table on this server.');
    // The match is resumed where it is played, not from the channel the list was read in.
    const wrong = await ann.slash(there, 'table', { subcommand: 'resume' }).reply();
    expect(wrong.content).toBe('There is no Tichu table here. Open one with /table create.');
    const resumed = await ann.slash(here, 'table', { subcommand: 'resume' }).reply();
    expect(resumed.content).toBe('The match is resumed.');
    await tableText(here, (t) => !t.includes('Paused') && t.includes('2. Cat'));
  });
});

describe('an idle lobby', () => {
  it('closes itself after 24 hours untouched, and its message says so', async () => {
    // The match here waits paused meanwhile (its clock would otherwise run all day).
    await ann.slash(here, 'table', { subcommand: 'pause' }).reply();
    // Its live panels' edits go out first: a day's jump of the clock would find their tokens expired
    // on the way (Discord refuses with 50027, which the bot takes as a panel gone).
    await quiet();
    const lobby = await ben.slash(there, 'table', { subcommand: 'create' }).reply();
    expect(embedText(lobby)).toContain('Waiting for players');
    fx.advance(DAY - 60_000);
    const listed = await ben.slash(there, 'table', { subcommand: 'list', options: { mine: true } }).reply();
    expect(embedText(listed)).toContain(`🪑 <#${there}> · lobby, 1/4 seated: Ben`);
    fx.advance(60_000);
    const closed = await ben.waitForMessage(
      there,
      (m) => m.id === lobby.id && embedText(m).includes('Closed: nobody touched this lobby for 24 hours'),
    );
    expect(interactive(closed.components)).toEqual([]);
    const again = await ben.slash(there, 'table', { subcommand: 'create' }).reply();
    expect(embedText(again)).toContain('Waiting for players');
  });

  it('every REST call the bot made succeeded', () => {
    expect(failedCalls(fx)).toEqual([]);
  });
});
