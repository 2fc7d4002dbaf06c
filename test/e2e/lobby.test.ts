/**
 * The lobby through Discord: `/table create` with its settings, `/table join|seat|team|leave`, the
 * table message's Join, Leave and Start buttons, the host's `/table bot` and `/table kick`, Start
 * refused until all four seats are filled, then started by the host; `/rules` and `/help`. Every
 * assertion is on what the scripted users see: their replies and the public table message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageView, ScriptedUser } from '../../src/localDiscord/index.js';
import { type BotFixture, startFixture } from '../support/botFixture.js';
import { buttonLabelled, embedText, failedCalls, scriptedEnv } from '../support/e2eTable.js';
import { interactive } from '../support/tableParts.js';

let fx: BotFixture;
let ann: ScriptedUser;
let ben: ScriptedUser;
let cat: ScriptedUser;
let dan: ScriptedUser;
let eve: ScriptedUser;
/** The table message of the table the lobby tests share. */
let tableId = '';

const NOT_SEATED = 'You are not seated at this table: only its players can do that.';
const NOT_HOST = 'Only the table’s host can do that.';
const SEATED = 'You are seated. The host starts when all four seats are filled.';

beforeAll(async () => {
  fx = await startFixture({ users: 5, env: scriptedEnv('lob').env });
  [ann, ben, cat, dan, eve] = fx.users as [
    ScriptedUser,
    ScriptedUser,
    ScriptedUser,
    ScriptedUser,
    ScriptedUser,
  ];
});
afterAll(async () => {
  await fx?.close();
});

/** Waits longer than the bot's coalescing delay, so an edit it would make has landed. */
const settle = () => new Promise((r) => setTimeout(r, 80));

function message(id = tableId): MessageView {
  const m = fx.discord.channelMessages(fx.channelId).find((x) => x.id === id);
  if (!m) throw new Error(`no public message ${id}`);
  return m;
}

/** Waits (bounded) until the table message's text passes `test`. */
async function waitText(test: (text: string) => boolean, id = tableId): Promise<string> {
  try {
    const m = await ann.waitForMessage(fx.channelId, (x) => x.id === id && test(embedText(x)), 3_000);
    return embedText(m);
  } catch {
    throw new Error(`the table message never matched ${String(test)}; it shows:\n${embedText(message(id))}`);
  }
}

/** The seat number (1-4) the table message shows `name` in, or null. */
function seatOf(text: string, name: string): number | null {
  const m = new RegExp(`(\\d)\\. ${name}\\b`).exec(text);
  return m ? Number(m[1]) : null;
}

/** A `/table <sub>` by `user`; its reply, which must be ephemeral. */
async function table(
  user: ScriptedUser,
  subcommand: string,
  options?: Record<string, string | number | boolean>,
): Promise<string> {
  const reply = await user
    .slash(fx.channelId, 'table', { subcommand, ...(options ? { options } : {}) })
    .reply();
  expect(reply.ephemeral, `/table ${subcommand}`).toBe(true);
  return reply.content;
}

/** Clicks a button of the table message; returns the acknowledgement's type (7: the message was updated). */
async function clickTable(user: ScriptedUser, label: string): Promise<{ type: number; reply: MessageView }> {
  const b = buttonLabelled(message(), label);
  if (!b?.custom_id) throw new Error(`no ${label} button on the table message:\n${embedText(message())}`);
  const handle = user.click(tableId, b.custom_id);
  const ack = await handle.acknowledged();
  return { type: ack.type, reply: await handle.reply() };
}

/** A refusal to a click on the table message: an ephemeral reply, the table message unchanged. */
async function refusedClick(user: ScriptedUser, label: string): Promise<string> {
  const before = embedText(message());
  const { type, reply } = await clickTable(user, label);
  expect(type).toBe(4);
  expect(reply.ephemeral).toBe(true);
  expect(reply.id).not.toBe(tableId);
  await settle();
  expect(embedText(message())).toBe(before);
  return reply.content;
}

describe('the lobby through Discord', () => {
  it('/table create with a target and seating: the table message shows them', async () => {
    const created = await ann
      .slash(fx.channelId, 'table', {
        subcommand: 'create',
        options: {
          target: 500,
          seating: 'random',
          'late-calls': false,
          'optional-wish': false,
          'bomb-ignores-wish': false,
        },
      })
      .reply();
    // The table message is the reply itself, public.
    expect(created.ephemeral).toBe(false);
    const text = embedText(created);
    expect(text).toContain('Tichu · new table');
    expect(text).toContain('First to 500 points · seating: random');
    expect(text).toContain('Waiting for players: join a seat, then the host starts.');
    expect(seatOf(text, 'Ann')).toBe(1);
    expect(text).toMatch(/1\. Ann \(host\)/);
    expect(['Join', 'Leave', 'Start'].map((l) => buttonLabelled(created, l)?.label)).toEqual([
      'Join',
      'Leave',
      'Start',
    ]);
    expect(await table(ann, 'end')).toBe('The table is closed.');
    await waitText((t) => t.includes('This table was closed'), created.id);
    // No button is left on it (its words stay, in the container).
    expect(interactive(message(created.id).components)).toEqual([]);
  });

  it('/table create with rule flags: the table message tells players which rules the table plays', async () => {
    const withFlags = await ann
      .slash(fx.channelId, 'table', {
        subcommand: 'create',
        options: { 'late-calls': false, 'optional-wish': false, 'bomb-ignores-wish': false },
      })
      .reply();
    const flagsText = embedText(withFlags);
    expect(await table(ann, 'end')).toBe('The table is closed.');
    const plain = await ann.slash(fx.channelId, 'table', { subcommand: 'create' }).reply();
    const plainText = embedText(plain);
    expect(await table(ann, 'end')).toBe('The table is closed.');
    // A player who reads the lobby can tell a table without late calls, with a mandatory wish and
    // with bombs bound by the wish from a table with the usual rules.
    expect(flagsText).not.toBe(plainText);
    expect(flagsText).toMatch(/wish/i);
    expect(flagsText).toMatch(/bomb/i);
  });

  it('/table create by default: first to 1000, seats chosen; a second table in the channel is refused', async () => {
    const created = await ann.slash(fx.channelId, 'table', { subcommand: 'create' }).reply();
    tableId = created.id;
    const text = embedText(created);
    expect(text).toContain('First to 1000 points · seating: chosen');
    expect(text).toMatch(/1\. Ann \(host\)/);
    for (const n of [2, 3, 4]) expect(text).toContain(`${n}. *empty*`);
    const again = await ben.slash(fx.channelId, 'table', { subcommand: 'create' }).reply();
    expect(again.ephemeral).toBe(true);
    expect(again.content).toBe('This channel already has a table: join it, or ask its host to end it.');
    // Its host is told how to start afresh instead.
    const own = await ann.slash(fx.channelId, 'table', { subcommand: 'create' }).reply();
    expect(own.content).toBe(
      'You already host this channel’s table: `/table end` closes it, and then `/table create` opens a new one.',
    );
  });

  it('/table join with a seat; a taken seat and a second join are refused', async () => {
    expect(await table(ben, 'join', { seat: 3 })).toBe(SEATED);
    const text = await waitText((t) => seatOf(t, 'Ben') === 3);
    expect(text).toContain('2. *empty*');
    expect(await table(cat, 'join', { seat: 3 })).toBe('Seat 3 is taken.');
    expect(await table(ben, 'join')).toBe('You are already seated (seat 3).');
    await settle();
    expect(seatOf(embedText(message()), 'Cat')).toBeNull();
  });

  it('/table seat moves to a free seat; a taken one is refused', async () => {
    expect(await table(ben, 'seat', { seat: 2 })).toBe('Seat changed.');
    const text = await waitText((t) => seatOf(t, 'Ben') === 2);
    expect(text).toContain('3. *empty*');
    expect(await table(ben, 'seat', { seat: 1 })).toBe('Seat 1 is taken.');
    await settle();
    expect(seatOf(embedText(message()), 'Ben')).toBe(2);
    expect(seatOf(embedText(message()), 'Ann')).toBe(1);
  });

  it('/table team moves to a free seat of that team; a full team is refused', async () => {
    expect(await table(ben, 'team', { team: 'A' })).toBe('You are in team A.');
    // Team A is seats 1 and 3; seat 1 is Ann's.
    await waitText((t) => seatOf(t, 'Ben') === 3 && t.includes('2. *empty*'));
    expect(await table(cat, 'join')).toBe(SEATED);
    await waitText((t) => seatOf(t, 'Cat') === 2);
    expect(await table(cat, 'team', { team: 'A' })).toBe('Team A is full.');
    await settle();
    expect(seatOf(embedText(message()), 'Cat')).toBe(2);
  });

  it('/table leave frees the seat; someone not seated cannot leave', async () => {
    expect(await table(cat, 'leave')).toBe('You left the table.');
    const text = await waitText((t) => seatOf(t, 'Cat') === null);
    expect(text).toContain('2. *empty*');
    expect(await table(cat, 'leave')).toBe(NOT_SEATED);
    expect(await table(dan, 'leave')).toBe(NOT_SEATED);
  });

  it('the Join and Leave buttons edit the table message in place', async () => {
    const joined = await clickTable(cat, 'Join');
    expect(joined.type).toBe(7); // the click's answer is the table message's edit
    expect(seatOf(embedText(message()), 'Cat')).toBe(2);
    expect((await clickTable(dan, 'Join')).type).toBe(7);
    expect(seatOf(embedText(message()), 'Dan')).toBe(4);
    // The answer to each click is the table message itself: no private message was posted.
    expect(joined.reply.id).toBe(tableId);
    expect(joined.reply.ephemeral).toBe(false);

    expect(await refusedClick(eve, 'Join')).toBe('The table is full.');

    expect((await clickTable(dan, 'Leave')).type).toBe(7);
    const text = embedText(message());
    expect(seatOf(text, 'Dan')).toBeNull();
    expect(text).toContain('4. *empty*');
    expect(await refusedClick(eve, 'Leave')).toBe(NOT_SEATED);
  });

  it('/table bot: only the host adds or removes a bot', async () => {
    expect(await table(ben, 'bot', { do: 'add' })).toBe(NOT_HOST);
    await settle();
    expect(embedText(message())).not.toMatch(/Bot \d/);

    expect(await table(ann, 'bot', { do: 'add' })).toBe('A normal bot sits down.');
    await waitText((t) => t.includes('4. Bot 4 (normal)'));
    expect(await table(ann, 'bot', { do: 'add' })).toBe('The table is full.');
    expect(await table(ann, 'bot', { do: 'remove', seat: 3 })).toBe('Seat 3 is not a bot.');
    expect(await table(ben, 'bot', { do: 'remove', seat: 4 })).toBe(NOT_HOST);
    await settle();
    expect(embedText(message())).toContain('4. Bot 4');

    expect(await table(ann, 'bot', { do: 'remove', seat: 4 })).toBe('The bot left.');
    const text = await waitText((t) => t.includes('4. *empty*'));
    expect(text).not.toMatch(/Bot \d/);
  });

  it('/table kick: only the host removes a player, never the host', async () => {
    expect(await table(ben, 'kick', { player: cat.id })).toBe(NOT_HOST);
    await settle();
    expect(seatOf(embedText(message()), 'Cat')).toBe(2);

    expect(await table(ann, 'kick', { player: cat.id })).toBe('Cat was removed from the table.');
    await waitText((t) => seatOf(t, 'Cat') === null && t.includes('2. *empty*'));
    expect(await table(ann, 'kick', { player: ann.id })).toBe(
      'The host cannot be removed; the host can leave or end the table.',
    );
    expect(seatOf(embedText(message()), 'Ann')).toBe(1);
  });

  it('/table kick of someone who is not seated says so about them, not about the host', async () => {
    const reply = await table(ann, 'kick', { player: dan.id });
    // Ann is seated (and hosts): the refusal is about Dan.
    expect(reply).not.toBe(NOT_SEATED);
    expect(reply).not.toMatch(/^You are not seated/);
  });

  it('Start is refused until all four seats are filled, then the host starts the match', async () => {
    // Ann and Ben are seated: two seats are empty.
    expect(await refusedClick(ann, 'Start')).toBe('2 seats are still empty: invite players or add bots.');
    expect((await clickTable(cat, 'Join')).type).toBe(7);
    // One already seated hears that, not that nobody joins.
    expect(await table(ann, 'join')).toBe('You are already seated (seat 1).');
    expect(await table(ann, 'start')).toBe('1 seat is still empty: invite players or add bots.');
    expect(await refusedClick(ann, 'Start')).toBe('1 seat is still empty: invite players or add bots.');
    expect(await table(dan, 'join')).toBe(SEATED);
    const full = await waitText((t) => seatOf(t, 'Dan') === 4);
    expect([1, 2, 3, 4].map((n) => full.includes(`${n}. *empty*`))).toEqual([false, false, false, false]);
    expect(await refusedClick(ben, 'Start')).toBe(NOT_HOST);

    const started = await clickTable(ann, 'Start');
    expect(started.type).toBe(7);
    const text = embedText(message());
    expect(text).toContain('Tichu · hand 1');
    expect(text).toContain('Grand Tichu? 0/4 decided');
    expect(text).toMatch(/1\. Ann \(host\) — 8 cards/);
    expect(buttonLabelled(message(), 'My hand')).toBeDefined();
    expect(buttonLabelled(message(), 'Join')).toBeUndefined();
    expect(buttonLabelled(message(), 'Start')).toBeUndefined();

    const hand = buttonLabelled(message(), 'My hand');
    const panel = await ben.click(tableId, hand!.custom_id!).reply();
    expect(panel.ephemeral).toBe(true);
    expect(panel.content).toMatch(/\*\*Your hand\*\* \(8\)/);
    expect(buttonLabelled(panel, 'Grand Tichu!')).toBeDefined();

    // Each refusal says what to do instead.
    expect(await table(eve, 'join')).toBe(
      'That is not possible while the match is being played. Nobody joins a match under way: where a bot or an away player holds a seat, `/table sit` (or 🙋 **Take seat** on the table message) asks the host for it.',
    );
    expect(await table(cat, 'leave')).toBe(
      'That is not possible while the match is being played. If you are seated, `/table away` lets the bot play your seat until you are back; the host can end the match with `/table end`.',
    );
    expect(await table(ann, 'start')).toBe(
      'That is not possible while the match is being played. It has started already: **My hand** on the table message shows your cards.',
    );
  });

  it('/rules and /help answer privately; /help mentions /leaderboard', async () => {
    for (const name of ['rules', 'help']) {
      const reply = await eve.slash(fx.channelId, name).reply();
      expect(reply.ephemeral, `/${name}`).toBe(true);
      const text = `${reply.content}\n${embedText(reply)}`;
      expect(text.trim().length, `/${name}`).toBeGreaterThan(0);
      expect(ben.messages(fx.channelId).some((m) => m.id === reply.id)).toBe(false);
      if (name === 'help') expect(embedText(reply)).toContain('/leaderboard');
      if (name === 'rules') expect(reply.content).toMatch(/Grand Tichu/);
    }
  });

  it('/help explains every card symbol, play label and table-message mark the bot uses', async () => {
    const reply = await eve.slash(fx.channelId, 'help').reply();
    const text = `${reply.content}\n${embedText(reply)}`;
    const explained = [
      // The suits and the special cards, as cardLabel shows them, and the typed suit codes.
      '🟢 jade',
      '⚫ swords',
      '🔵 pagodas',
      '🔴 stars',
      '🀄 Mah Jong',
      '🐕 Dog',
      '🔥 Phoenix',
      '🐉 Dragon',
      '`jd`',
      '`sw`',
      '`pg`',
      '`st`',
      'Dog, Mah Jong, 2 … A, Phoenix, Dragon',
      // The play labels as comboLabel words them.
      'single K',
      'pair 7',
      'triple 9',
      'full house 8s over 3s',
      'straight 2-6',
      '`1` is the Mah Jong',
      'pairs 5-5-6-6',
      'bomb: four 9s',
      'bomb: straight flush 3-7',
      '(Phoenix as 9)',
      // The table message's marks.
      '🟦 / 🟧',
      '◀️',
      '⏰',
      '💤',
      'away (bot playing)',
      'out #1',
      '**Tichu!**',
      '**Grand Tichu!**',
    ];
    for (const words of explained) expect(text, words).toContain(words);
    // How to play, then the symbols: one embed each.
    expect(reply.embeds).toHaveLength(2);
    // The local Discord validated the payload (an embed's description ≤ 4,096, all embeds ≤ 6,000).
    expect(failedCalls(fx)).toEqual([]);
  });

  it('every REST call the bot made succeeded', () => {
    expect(failedCalls(fx)).toEqual([]);
  });
});
