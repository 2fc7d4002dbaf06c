/**
 * Pause and resume by the host (and by everyone else together), actions refused while paused, and a
 * restart of the bot in the middle of a hand: every panel and the table message are the same after
 * it, a panel shown before the restart still works, and play goes on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Card, cardRank, isNormal, type Seat, seatAfter } from '../../src/engine/index.js';
import type { MessageView } from '../../src/localDiscord/index.js';
import { type BotFixture, startFixture } from '../support/botFixture.js';
import {
  buttonLabelled,
  E2ETable,
  failedCalls,
  NAMES,
  scriptedEnv,
  selectWith,
} from '../support/e2eTable.js';
import { isTableMessage } from '../support/panelPlayer.js';

let fx: BotFixture;
let table: E2ETable;
let lead: Seat;
const scripted = scriptedEnv('pau');

beforeAll(async () => {
  fx = await startFixture({ env: scripted.env });
  table = await E2ETable.open(fx, scripted.useSeed, 'pause-seed');
  await table.dealToPlay({ keep: ['mahjong'] });
  lead = table.shadow.holder('mahjong');
  const lowest = table.shadow
    .hand(lead)
    .filter(isNormal)
    .sort((a, b) => cardRank(a) - cardRank(b))[0] as Card;
  await table.play(lead, [lowest]);
});
afterAll(async () => {
  await fx?.close();
});

const settle = () => new Promise((r) => setTimeout(r, 80));
const toPlay = (seat: Seat) => new RegExp(`▶️ \\*\\*${NAMES[seat]}\\*\\* to play`);

describe('pause and resume', () => {
  const host = () => table.user(0);

  it('the host pauses: the table says so, and actions are refused while paused', async () => {
    const next = seatAfter(lead, 1);
    const panel = await table.panel(next);
    expect(buttonLabelled(panel, 'Pass')).toBeDefined();

    const paused = await host().slash(fx.channelId, 'table', { subcommand: 'pause' }).reply();
    expect(paused.ephemeral).toBe(true);
    expect(paused.content).toBe('The match is paused.');
    const text = await table.waitText(/Paused\. Resume with \/table resume\./);
    expect(buttonLabelled(table.message(), 'My hand')).toBeDefined();

    // The live panel follows the pause; a click sent before that edit reached it is refused.
    const oldPass = buttonLabelled(panel, 'Pass')?.custom_id as string;
    const refused = await table.user(next).forgeClick(panel.id, oldPass).reply();
    expect(refused.content.split('\n')[0]).toBe('> That is not possible while the match is paused.');
    expect(refused.content).toContain('⏸️ The match is paused.');
    expect(buttonLabelled(refused, 'Pass')).toBeUndefined();
    // Typed actions.
    const pass = await table.user(next).slash(fx.channelId, 'pass').reply();
    expect(pass.content).toBe('That is not possible while the match is paused.');
    const own = table.shadow.hand(next)[0] as Card;
    const play = await table
      .user(next)
      .slash(fx.channelId, 'play', { options: { cards: own } })
      .reply();
    expect(play.content).toBe('That is not possible while the match is paused.');
    // "My hand" still shows the cards, and says the match is paused.
    const mine = await table.panel(next);
    expect(mine.content).toContain('⏸️ The match is paused.');
    expect(selectWith(mine, /./)).toBeUndefined();
    expect(mine.content).toContain(`(${table.shadow.hand(next).length})`);
    await settle();
    expect(table.text()).toBe(text);
  });

  it('/table resume by the host continues where it stopped', async () => {
    const resumed = await host().slash(fx.channelId, 'table', { subcommand: 'resume' }).reply();
    expect(resumed.content).toBe('The match is resumed.');
    await table.waitText(toPlay(seatAfter(lead, 1)));
    await table.pass(seatAfter(lead, 1));
    await table.waitText(toPlay(seatAfter(lead, 2)));
  });

  it('without the host, the match pauses when every other player has asked', async () => {
    const others = [1, 2, 3] as const;
    for (const [i, seat] of others.entries()) {
      const reply = await table.user(seat).slash(fx.channelId, 'table', { subcommand: 'pause' }).reply();
      if (i < 2) {
        expect(reply.content).toBe(`Your request is counted (${i + 1}/3).`);
        expect(table.text()).not.toContain('Paused');
      } else {
        expect(reply.content).toBe('The match is paused.');
      }
    }
    const twice = await table.user(1).slash(fx.channelId, 'table', { subcommand: 'resume' }).reply();
    expect(twice.content).toBe('Your request is counted (1/3).');
    const again = await table.user(1).slash(fx.channelId, 'table', { subcommand: 'resume' }).reply();
    expect(again.content).toBe('You already asked; waiting for the other players.');
    await table.waitText(/Paused/);
    await host().slash(fx.channelId, 'table', { subcommand: 'resume' }).reply();
    await table.waitText(toPlay(seatAfter(lead, 2)));
  });
});

describe('a restart of the bot in the middle of a hand', () => {
  const strip = (m: MessageView) => ({ content: m.content, components: m.components });

  it('shows the same table and panels after the restart, and play continues', async () => {
    const turn = seatAfter(lead, 2);
    const panels = new Map<Seat, MessageView>();
    for (const seat of [0, 1, 2, 3] as const) panels.set(seat, await table.panel(seat));
    const before = table.text();
    const tableMessages = () => fx.discord.channelMessages(fx.channelId).filter(isTableMessage).length;
    const count = tableMessages();

    await fx.restart();

    expect(table.text()).toBe(before);
    for (const seat of [0, 1, 2, 3] as const) {
      const now = await table.panel(seat);
      expect(strip(now), NAMES[seat]).toEqual(strip(panels.get(seat)!));
    }
    // The panel shown before the restart still works: the turn's player passes with it.
    const old = panels.get(turn)!;
    const after = await table.clickButton(turn, old, 'Pass');
    table.shadow.act(turn, { type: 'pass' });
    expect(after.content).not.toContain('moved on');
    // The new bot edits the same table message.
    await table.waitText(toPlay(seatAfter(lead, 3)));
    // And the hand goes on: the next player beats the table with a single.
    const next = seatAfter(lead, 3);
    const top = table.shadow.state.hand.trick?.plays.at(-1)?.combo.cards[0] as Card;
    const higher = table.shadow
      .hand(next)
      .find((c) => c !== 'dog' && c !== 'phoenix' && cardRank(c) > cardRank(top)) as Card;
    await table.play(next, [higher]);
    await table.waitText(new RegExp(`${NAMES[next]}: single`));
    expect(tableMessages()).toBe(count);
  });

  it('every REST call the bot made succeeded', () => {
    expect(failedCalls(fx)).toEqual([]);
  });
});
