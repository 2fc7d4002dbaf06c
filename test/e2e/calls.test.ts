/**
 * Tichu calls through the local Discord: the "Call Tichu!" button on the exchange panel, the
 * "Tichu!" button before the first card, /tichu, and the refusals once a card has been played.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Card, cardRank, isNormal, type Seat, seatAfter } from '../../src/engine/index.js';
import { type BotFixture, startFixture } from '../support/botFixture.js';
import {
  buttonLabelled,
  E2ETable,
  failedCalls,
  lowPicks,
  NAMES,
  scriptedEnv,
  seatLine,
  selectWith,
} from '../support/e2eTable.js';

let fx: BotFixture;
let table: E2ETable;
const scripted = scriptedEnv('cll');

beforeAll(async () => {
  fx = await startFixture({ env: scripted.env });
  table = await E2ETable.open(fx, scripted.useSeed, 'calls-seed');
});
afterAll(async () => {
  await fx?.close();
});

describe('Tichu calls', () => {
  let lead: Seat;

  it('the exchange panel offers "Call Tichu!"; the call shows on the table message', async () => {
    for (const seat of [0, 1, 2, 3] as const) await table.decideGrand(seat, false);
    await table.waitText(/Exchange: 0\/4/);
    lead = table.shadow.holder('mahjong');
    const caller = seatAfter(lead, 1);
    const panel = await table.panel(caller);
    // One click asks (a misclick would cost 100 points); Not now leaves all as it was.
    const asked = await table.clickButton(caller, panel, 'Call Tichu!');
    expect(asked.content.split('\n')[0]).toBe(
      '> **Call Tichu?** Your team scores +100 if you go out first, -100 if you do not.',
    );
    expect(buttonLabelled(asked, 'Call Tichu!')).toBeUndefined();
    const kept = await table.clickButton(caller, asked, 'Not now');
    expect(kept.content).not.toContain('Call Tichu?');
    expect(buttonLabelled(kept, 'Call Tichu!')).toBeDefined();
    expect(table.text()).not.toContain('**Tichu!**');
    const askedAgain = await table.clickButton(caller, kept, 'Call Tichu!');
    const after = await table.clickButton(caller, askedAgain, 'Yes, call Tichu!');
    table.shadow.act(caller, { type: 'tichu' });
    expect(buttonLabelled(after, /Tichu/)).toBeUndefined();
    // The caller's panel says so at once, above the exchange it still offers.
    expect(after.content.split('\n')[0]).toBe('> You called Tichu!');
    const text = await table.waitText((t) => seatLine(t, NAMES[caller]).includes('**Tichu!**'));
    for (const seat of [0, 1, 2, 3] as const)
      if (seat !== caller) expect(seatLine(text, NAMES[seat])).not.toContain('Tichu');
    for (const seat of [0, 1, 2, 3] as const)
      await table.exchange(seat, lowPicks(table.shadow.hand(seat), ['mahjong']));
    await table.waitText(/leads\./);
  });

  it('the "Tichu!" button before the first card', async () => {
    const panel = await table.panel(lead);
    expect(panel.content).toContain('**your lead**');
    const asked = await table.clickButton(lead, panel, 'Tichu!');
    expect(asked.content).toContain('**Call Tichu?**');
    const after = await table.clickButton(lead, asked, 'Yes, call Tichu!');
    table.shadow.act(lead, { type: 'tichu' });
    expect(buttonLabelled(after, 'Tichu!')).toBeUndefined();
    expect(after.content.split('\n')[0]).toBe('> You called Tichu!');
    // The panel carries the table: the score, and every seat's cards left and call, the caller's too.
    const lines = after.content.split('\n');
    expect(lines.some((l) => /^[🟦🟧] \*\*0\*\* — 0 [🟦🟧] \(to \d+\)$/u.test(l))).toBe(true);
    const seats = lines.find((l) => l.includes(' · ') && l.includes('You ')) ?? '';
    expect(seats).toMatch(/You 14 cards, \*\*Tichu!\*\* ◀️$/);
    for (const seat of [1, 2, 3] as const)
      expect(seats).toContain(`${NAMES[seatAfter(lead, seat)]} 14 cards`);
    // Still the lead, with every play on offer.
    expect(selectWith(after, /^Play/)).toBeDefined();
    await table.waitText((t) => seatLine(t, NAMES[lead]).includes('**Tichu!**'));
  });

  it('/tichu', async () => {
    const caller = seatAfter(lead, 2);
    const reply = await table.user(caller).slash(fx.channelId, 'tichu').reply();
    table.shadow.act(caller, { type: 'tichu' });
    expect(reply.ephemeral).toBe(true);
    expect(reply.content).toContain('You called Tichu!');
    expect(buttonLabelled(reply, 'Tichu!')).toBeUndefined();
    const text = await table.waitText((t) => seatLine(t, NAMES[caller]).includes('**Tichu!**'));
    expect(seatLine(text, NAMES[seatAfter(lead, 3)])).not.toContain('Tichu');
  });

  it('calling twice, or after one’s first card, is refused in plain words and changes nothing', async () => {
    const again = await table.user(lead).slash(fx.channelId, 'tichu').reply();
    expect(again.content).toBe('You already called Tichu this hand.');

    // The lead plays its lowest card; two pass; the last seat (no call yet) plays a higher single.
    const lowest = [...table.shadow.hand(lead)]
      .filter(isNormal)
      .sort((a, b) => cardRank(a) - cardRank(b))[0] as Card;
    await table.play(lead, [lowest]);
    await table.pass(seatAfter(lead, 1));
    await table.pass(seatAfter(lead, 2));
    const late = seatAfter(lead, 3);
    let panel = await table.panel(late);
    expect(buttonLabelled(panel, 'Tichu!')).toBeDefined();
    const higher = table.shadow
      .hand(late)
      .find((c) => c !== 'dog' && c !== 'phoenix' && cardRank(c) > cardRank(lowest)) as Card;
    panel = await table.pickAndPlay(late, [higher], panel);
    table.shadow.act(late, { type: 'play', cards: [higher] });
    expect(buttonLabelled(panel, 'Tichu!')).toBeUndefined();
    const before = await table.waitText(new RegExp(`${NAMES[late]}: single`));

    const tooLate = await table.user(late).slash(fx.channelId, 'tichu').reply();
    expect(tooLate.ephemeral).toBe(true);
    expect(tooLate.content).toBe('Too late to call Tichu: you have already played a card this hand.');
    expect(seatLine(table.text(), NAMES[late])).not.toContain('Tichu');
    expect(table.text()).toBe(before);
  });

  it('every REST call the bot made succeeded', () => {
    expect(failedCalls(fx)).toEqual([]);
  });
});
