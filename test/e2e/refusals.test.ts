/**
 * Refusals in plain words that change nothing: no table in the channel, a full table, a user who is
 * not seated, passing on the lead, a stale panel, the host's commands, and clicks after the table
 * was closed. A fifth user (Eve) watches the table without a seat.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Card, cardRank, isNormal, type Seat, seatAfter } from '../../src/engine/index.js';
import type { ScriptedUser } from '../../src/localDiscord/index.js';
import { type BotFixture, startFixture } from '../support/botFixture.js';
import {
  buttonLabelled,
  E2ETable,
  embedText,
  failedCalls,
  handCount,
  NAMES,
  scriptedEnv,
} from '../support/e2eTable.js';
import { interactive } from '../support/tableParts.js';

let fx: BotFixture;
let table: E2ETable;
let eve: ScriptedUser;
let lead: Seat;
const scripted = scriptedEnv('ref');

const NO_TABLE = 'There is no Tichu table here. Open one with /table create.';
const NOT_SEATED = 'You are not seated at this table: only its players can do that.';

beforeAll(async () => {
  fx = await startFixture({ users: 5, env: scripted.env });
  eve = fx.users[4] as ScriptedUser;
});
afterAll(async () => {
  await fx?.close();
});

/** Waits longer than the bot's coalescing delay, so an edit it would make has landed. */
const settle = () => new Promise((r) => setTimeout(r, 80));

describe('refusals', () => {
  it('commands in a channel without a table', async () => {
    const ann = fx.users[0] as ScriptedUser;
    for (const [name, input] of [
      ['hand', {}],
      ['pass', {}],
      ['tichu', {}],
      ['play', { options: { cards: '2st' } }],
      ['table', { subcommand: 'start' }],
    ] as const) {
      const reply = await ann.slash(fx.channelId, name, input).reply();
      expect(reply.ephemeral, `/${name}`).toBe(true);
      expect(reply.content, `/${name}`).toBe(NO_TABLE);
    }
    const choices = await ann.autocomplete(fx.channelId, 'play', {
      options: { cards: '' },
      focused: 'cards',
    });
    expect(choices).toEqual([]);
    expect(fx.discord.channelMessages(fx.channelId)).toEqual([]);
  });

  it('a fifth player cannot join a full table', async () => {
    table = await E2ETable.open(fx, scripted.useSeed, 'refusals-seed', {
      beforeStart: async (lobby) => {
        const join = buttonLabelled(lobby, 'Join');
        const reply = await eve.click(lobby.id, join!.custom_id!).reply();
        expect(reply.ephemeral).toBe(true);
        expect(reply.content).toBe('The table is full.');
        const still = fx.discord.channelMessages(fx.channelId).find((m) => m.id === lobby.id);
        expect(embedText(still)).toBe(embedText(lobby));
        expect(embedText(still)).not.toContain('Eve');
      },
    });
  });

  it('someone not seated: "My hand", /hand, /pass, /tichu and /table pause are refused', async () => {
    const before = table.text();
    const hand = buttonLabelled(table.message(), 'My hand');
    const clicked = await eve.click(table.messageId, hand!.custom_id!).reply();
    expect(clicked.ephemeral).toBe(true);
    expect(clicked.content).toBe(NOT_SEATED);
    expect(clicked.components).toEqual([]);
    for (const [name, input] of [
      ['hand', {}],
      ['pass', {}],
      ['tichu', {}],
      ['table', { subcommand: 'pause' }],
    ] as const) {
      const reply = await eve.slash(fx.channelId, name, input).reply();
      expect(reply.content, `/${name}`).toBe(NOT_SEATED);
    }
    await settle();
    expect(table.text()).toBe(before);
    // Nothing Eve sees anywhere shows a card: she has only the public message and her refusals.
    for (const m of eve.messages(fx.channelId)) expect(m.content).not.toMatch(/Your hand/);
  });

  it('passing on the lead is refused', async () => {
    await table.dealToPlay({ keep: ['mahjong'] });
    lead = table.shadow.holder('mahjong');
    const before = table.text();
    const reply = await table.user(lead).slash(fx.channelId, 'pass').reply();
    expect(reply.ephemeral).toBe(true);
    expect(reply.content).toBe('You lead this trick, so you cannot pass: play any combination.');
    await settle();
    expect(table.text()).toBe(before);
  });

  it('a stale panel: the click is refused, the panel shows the current hand and says why', async () => {
    const lowest = table.shadow
      .hand(lead)
      .filter(isNormal)
      .sort((a, b) => cardRank(a) - cardRank(b))[0] as Card;
    await table.play(lead, [lowest]);
    const next = seatAfter(lead, 1);
    const old = await table.panel(next);
    expect(buttonLabelled(old, 'Pass')).toBeDefined();
    // The table moves on without this panel: a typed pass, then the next player passes.
    await table.user(next).slash(fx.channelId, 'pass').reply();
    table.shadow.act(next, { type: 'pass' });
    await table.pass(seatAfter(lead, 2));
    const before = await table.waitText(new RegExp(`▶️ \\*\\*${NAMES[seatAfter(lead, 3)]}\\*\\* to play`));

    // /pass answered with a new panel, which retired this one; a click can still race that edit.
    const oldPass = buttonLabelled(old, 'Pass')?.custom_id as string;
    const refreshed = await table.user(next).forgeClick(old.id, oldPass).reply();
    expect(refreshed.id).toBe(old.id);
    // The sentence says what changed: the play now on the table and whose turn it is.
    expect(refreshed.content.split('\n')[0]).toMatch(
      new RegExp(
        `^> The table moved on since this panel was shown\\. Here is your current hand\\. Now .+ played .+ and it is ${NAMES[seatAfter(lead, 3)]}’s turn\\.$`,
      ),
    );
    expect(refreshed.content).toContain(`${NAMES[seatAfter(lead, 3)]} to play`);
    expect(buttonLabelled(refreshed, 'Pass')).toBeUndefined();
    expect(handCount(refreshed)).toBe(table.shadow.hand(next).length);
    await settle();
    expect(table.text()).toBe(before);
  });

  it('only the host ends the table; clicks on old panels afterwards are refused', async () => {
    const last = seatAfter(lead, 3);
    const panel = await table.panel(last);
    expect(buttonLabelled(panel, 'Pass')).toBeDefined();

    const notHost = await table
      .user(seatAfter(0, 1))
      .slash(fx.channelId, 'table', { subcommand: 'end' })
      .reply();
    expect(notHost.content).toBe('Only the table’s host can do that.');

    const ended = await table.user(0).slash(fx.channelId, 'table', { subcommand: 'end' }).reply();
    expect(ended.content).toBe('The table is closed.');
    const closed = await table.waitText(/This table was closed/);
    expect(interactive(table.message().components)).toEqual([]);

    // The live panel is edited to say the table closed; a click that raced that edit is refused.
    const oldPass = buttonLabelled(panel, 'Pass')?.custom_id as string;
    const refused = await table.user(last).forgeClick(panel.id, oldPass).reply();
    expect(refused.content.split('\n')[0]).toBe('> That is not possible at a table that was closed.');
    expect(buttonLabelled(refused, 'Pass')).toBeUndefined();
    const hand = await table.user(last).slash(fx.channelId, 'hand').reply();
    expect(hand.content).toBe(NO_TABLE);
    await settle();
    expect(table.text()).toBe(closed);
  });

  // A closed (abandoned) table's panel must not read "On the table: … · **your turn**" with the card select.
  it('a panel of the closed table no longer says "your turn" nor offers cards to play', async () => {
    const last = seatAfter(lead, 3);
    const old = table
      .user(last)
      .messages(fx.channelId)
      .filter((m) => m.ephemeral && buttonLabelled(m, 'Refresh') !== undefined)
      .at(-1);
    const panel = await table.clickButton(last, old!, 'Refresh');
    expect(panel.content).not.toContain('**your turn**');
    expect(panel.components.length).toBeLessThanOrEqual(1); // at most Refresh
  });

  it('every REST call the bot made succeeded', () => {
    expect(failedCalls(fx)).toEqual([]);
  });
});
