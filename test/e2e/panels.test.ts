/**
 * The phase panels, one hand through the local Discord: Grand Tichu after 8 cards, the exchange,
 * a Phoenix straight with two readings, the Dragon gift and the Mah Jong wish. The deal is chosen so
 * that the Mah Jong's holder also holds the Dragon, the Phoenix and four ranks in a row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardLabel, rankLabel } from '../../src/discord/cardText.js';
import { EN_TEXT } from '../../src/discord/ui.js';
import { type Card, cardRank, isNormal, type Rank, type Seat, seatAfter } from '../../src/engine/index.js';
import { type BotFixture, startFixture } from '../support/botFixture.js';
import {
  buttonLabelled,
  buttons,
  E2ETable,
  exchangeSelects,
  failedCalls,
  findSeed,
  fullDeal,
  handCount,
  holderOf,
  lowPicks,
  NAMES,
  optionFor,
  scriptedEnv,
  seatLine,
  selectWith,
} from '../support/e2eTable.js';

/** Four cards of consecutive ranks r..r+3 (3 <= r <= 10): with the Phoenix, a straight read two ways. */
function runOfFour(hand: readonly Card[]): Card[] | null {
  for (let r = 3; r <= 10; r++) {
    const run = [r, r + 1, r + 2, r + 3].map((rank) => hand.find((c) => isNormal(c) && cardRank(c) === rank));
    if (run.every((c) => c !== undefined)) return run as Card[];
  }
  return null;
}

const SEED = findSeed('panels', (s) => {
  const hand = fullDeal(s, holderOf(s, 'mahjong'));
  return hand.includes('dragon') && hand.includes('phoenix') && runOfFour(hand) !== null;
});

let fx: BotFixture;
let table: E2ETable;
let lead: Seat; // the Mah Jong's holder
let run: Card[];
const scripted = scriptedEnv('pnl');

beforeAll(async () => {
  fx = await startFixture({ env: scripted.env });
  table = await E2ETable.open(fx, scripted.useSeed, SEED);
  lead = holderOf(table.shadow.state, 'mahjong');
  run = runOfFour(fullDeal(table.shadow.state, lead)) as Card[];
});
afterAll(async () => {
  await fx?.close();
});

const keep = (): Card[] => ['mahjong', 'dragon', 'phoenix', ...run];

describe('phase panels', () => {
  it('Grand Tichu: 8 cards and two buttons; a call shows on the table message', async () => {
    expect(table.text()).toContain('Grand Tichu? 0/4 decided');
    const panel = await table.panel(0);
    expect(handCount(panel)).toBe(8);
    expect(panel.content).toContain('first 8 cards');
    expect(buttons(panel).map((b) => b.label)).toEqual(['Grand Tichu!', 'No, deal my cards', 'Refresh']);
    // No play, no exchange, no Tichu yet.
    expect(selectWith(panel, /./)).toBeUndefined();

    const after = await table.clickButton(0, panel, 'Grand Tichu!');
    table.shadow.act(0, { type: 'grandTichu', call: true });
    expect(after.content).toContain('Waiting for the others to decide on Grand Tichu (1/4)');
    expect(buttonLabelled(after, 'Grand Tichu!')).toBeUndefined();
    const text = await table.waitText(/1\/4 decided/);
    expect(seatLine(text, 'Ann')).toContain('**Grand Tichu!**');
    for (const name of ['Ben', 'Cat', 'Dan']) expect(seatLine(text, name)).not.toContain('Tichu');

    for (const seat of [1, 2, 3] as const) await table.decideGrand(seat, false);
    const exchange = await table.waitText(/Exchange: 0\/4/);
    expect(seatLine(exchange, 'Ann')).toContain('**Grand Tichu!**');
    expect(seatLine(exchange, 'Ann')).toContain('14 cards');
  });

  it('exchange: three selects, Confirm only after three distinct picks, then what was received', async () => {
    let panel = await table.panel(0);
    expect(handCount(panel)).toBe(14);
    const selects = exchangeSelects(panel);
    expect(selects.map((s) => s.placeholder)).toEqual([
      'Card for Ben (opponent)',
      'Card for Cat (partner)',
      'Card for Dan (opponent)',
    ]);
    expect(buttonLabelled(panel, 'Confirm exchange')?.disabled).toBe(true);
    // Ann called Grand Tichu: no Tichu for her.
    expect(buttonLabelled(panel, /Tichu/)).toBeUndefined();

    const [a, b, c] = lowPicks(table.shadow.hand(0), lead === 0 ? keep() : []);
    const pickIn = async (slot: number, card: Card) => {
      const select = exchangeSelects(panel)[slot]!;
      panel = await table
        .user(0)
        .select(panel.id, select.custom_id!, [optionFor(select, card)])
        .reply();
    };
    const shown = () => exchangeSelects(panel).map((s) => s.options?.find((o) => o.default)?.label ?? null);
    // A chosen card still says whom it is for (it shows in place of the placeholder).
    const to = (card: Card, whom: string) => `${cardLabel(card, EN_TEXT)} for ${whom}`;
    await pickIn(0, a);
    expect(shown()).toEqual([to(a, 'Ben (opponent)'), null, null]);
    expect(buttonLabelled(panel, 'Confirm exchange')?.disabled).toBe(true);
    // The same card for another player moves it there, and the panel says so.
    await pickIn(1, a);
    expect(shown()).toEqual([null, to(a, 'Cat (partner)'), null]);
    expect(panel.content).toContain(
      `↪️ ${cardLabel(a, EN_TEXT)} now goes to Cat, no longer to Ben: pick another card for Ben.`,
    );
    expect(buttonLabelled(panel, 'Confirm exchange')?.disabled).toBe(true);
    // Ben passes his cards meanwhile: Ann's live panel follows, and still says where her card went.
    const picks: Partial<Record<Seat, [Card, Card, Card]>> = {};
    const before = fx.discord.calls.length;
    picks[1] = lowPicks(table.shadow.hand(1), lead === 1 ? keep() : []);
    await table.exchange(1, picks[1]);
    const annEdit = () =>
      fx.discord.calls
        .slice(before)
        .find(
          (call) => call.method === 'PATCH' && JSON.stringify(call.body).includes(to(a, 'Cat (partner)')),
        );
    for (let i = 0; i < 60 && !annEdit(); i++) await new Promise((r) => setTimeout(r, 50));
    expect((annEdit()?.body as { content?: string } | undefined)?.content).toContain(
      `↪️ ${cardLabel(a, EN_TEXT)} now goes to Cat, no longer to Ben: pick another card for Ben.`,
    );
    // The panel as it now stands: its ids carry the table's new version.
    const staleId = exchangeSelects(panel)[0]?.custom_id;
    const shownId = panel.id;
    panel = await table
      .user(0)
      .waitForMessage(fx.channelId, (m) => m.id === shownId && exchangeSelects(m)[0]?.custom_id !== staleId);
    expect(panel.content).toContain('now goes to Cat');
    await pickIn(0, b);
    expect(buttonLabelled(panel, 'Confirm exchange')?.disabled).toBe(true);
    await pickIn(2, c);
    expect(shown()).toEqual([to(b, 'Ben (opponent)'), to(a, 'Cat (partner)'), to(c, 'Dan (opponent)')]);
    expect(buttonLabelled(panel, 'Confirm exchange')?.disabled).toBeFalsy();

    panel = await table.clickButton(0, panel, 'Confirm exchange');
    table.shadow.act(0, { type: 'exchange', next: b, partner: a, previous: c });
    expect(panel.content).toContain(
      `You pass ${cardLabel(b, EN_TEXT)} → Ben, ${cardLabel(a, EN_TEXT)} → Cat, ${cardLabel(c, EN_TEXT)} → Dan. Waiting for the others (2/4).`,
    );
    expect(exchangeSelects(panel)).toEqual([]);
    await table.waitText(/Exchange: 2\/4/);

    for (const seat of [2, 3] as const) {
      picks[seat] = lowPicks(table.shadow.hand(seat), seat === lead ? keep() : []);
      await table.exchange(seat, picks[seat]);
    }
    await table.waitText(/leads\./);

    const ann = await table.panel(0);
    expect(handCount(ann)).toBe(14);
    // Ann gets Ben's card for his previous seat, Cat's for her partner, Dan's for his next seat.
    expect(ann.content).toContain(
      `Received: ${cardLabel(picks[1]![2], EN_TEXT)} from Ben, ${cardLabel(picks[2]![1], EN_TEXT)} from Cat, ${cardLabel(picks[3]![0], EN_TEXT)} from Dan`,
    );
    for (const gone of [a, b, c]) expect(ann.content).not.toContain(`${cardLabel(gone, EN_TEXT)} `);
    const ben = await table.panel(1);
    expect(ben.content).toContain(`${cardLabel(b, EN_TEXT)} from Ann`);
  });

  it('Phoenix: cards with two readings ask which one, and the chosen reading is played', async () => {
    const name = NAMES[lead];
    expect(table.text()).toContain(`▶️ **${name}** leads.`);
    const cards: Card[] = [...run, 'phoenix'];
    const panel = await table.pickAndPlay(lead, cards);
    expect(panel.content).toContain('How should the Phoenix count?');
    const low = cardRank(run[0]!) - 1;
    const high = cardRank(run[3]!) + 1;
    const lowLabel = `straight ${rankLabel(low)}-${rankLabel(high - 1)} (Phoenix as ${rankLabel(low)})`;
    const highLabel = `straight ${rankLabel(low + 1)}-${rankLabel(high)} (Phoenix as ${rankLabel(high)})`;
    expect(buttonLabelled(panel, lowLabel)).toBeDefined();
    expect(buttonLabelled(panel, highLabel)).toBeDefined();
    // Nothing was played yet: the question is only a question.
    expect(table.text()).not.toContain('On the table');
    expect(handCount(panel)).toBe(14);

    const played = await table.clickButton(lead, panel, lowLabel);
    table.shadow.act(lead, { type: 'play', cards, phoenixAs: low as Rank });
    expect(handCount(played)).toBe(9);
    const text = await table.waitText(/On the table/);
    expect(text).toContain(`${name}: ${lowLabel}`);
    for (const offset of [1, 2, 3]) await table.pass(seatAfter(lead, offset));
    const after = await table.waitText(new RegExp(`Last trick: ${name} took`));
    expect(after).toContain(`▶️ **${name}** leads.`);
  });

  it('Dragon gift: the winner sees "Give to <opponent>" and the trick goes to the chosen one', async () => {
    const name = NAMES[lead];
    await table.play(lead, ['dragon']);
    await table.pass(seatAfter(lead, 1));
    await table.pass(seatAfter(lead, 2));
    const last = await table.pass(seatAfter(lead, 3));
    // The last passer can do nothing more now.
    expect(buttonLabelled(last, 'Pass')).toBeUndefined();
    // The table waits for the Dragon's winner, and says so.
    const waiting = await table.waitText(
      new RegExp(`\\*\\*${name}\\*\\* won the trick with the Dragon and is giving it`),
    );
    expect(seatLine(waiting, name as string)).toContain('◀️');

    const panel = await table.panel(lead);
    expect(panel.content).toMatch(
      /You won the trick with the Dragon \(\d+ points\): give it to an opponent\./,
    );
    const left = NAMES[seatAfter(lead, 1)];
    const right = NAMES[seatAfter(lead, 3)];
    // Each with its cards left: who is close to going out is what the choice turns on.
    const leftCards = table.shadow.hand(seatAfter(lead, 1)).length;
    const rightCards = table.shadow.hand(seatAfter(lead, 3)).length;
    const cards = (n: number) => `${n} card${n === 1 ? '' : 's'}`;
    expect(buttons(panel).map((b) => b.label)).toEqual([
      `Give to ${left} · ${cards(leftCards)}`,
      `Give to ${right} · ${cards(rightCards)}`,
      'Refresh',
    ]);
    // Someone else waits: no play, no pass.
    const other = await table.panel(seatAfter(lead, 2));
    expect(selectWith(other, /^Play/)).toBeUndefined();
    expect(buttonLabelled(other, 'Pass')).toBeUndefined();

    await table.clickButton(lead, panel, `Give to ${right} · ${cards(rightCards)}`);
    table.shadow.act(lead, { type: 'giveDragon', to: seatAfter(lead, 3) });
    const text = await table.waitText(/given to/);
    expect(text).toContain(`Last trick: ${name} took it with 🐉 Dragon · 25 points (given to ${right})`);
    expect(text).toContain(`▶️ **${name}** leads.`);
  });

  it('wish: after the Mah Jong the player names a rank; the table shows it; it binds the next player', async () => {
    const next = seatAfter(lead, 1);
    const wished = table.shadow
      .hand(next)
      .filter(isNormal)
      .map(cardRank)
      .sort((x, y) => y - x)[0] as Rank;
    let panel = await table.pickAndPlay(lead, ['mahjong']);
    table.shadow.act(lead, { type: 'play', cards: ['mahjong'] });
    expect(panel.content).toContain('name a **wish**');
    const wish = selectWith(panel, /^Wish for a rank/)!;
    expect(wish.options?.map((o) => o.label)).toEqual([
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
      'J',
      'Q',
      'K',
      'A',
    ]);
    expect(buttonLabelled(panel, 'No wish')).toBeDefined();
    // The table waits for the Mah Jong's player (the arrow on their seat, not the next one's).
    const naming = await table.waitText(
      new RegExp(`\\*\\*${NAMES[lead]}\\*\\* played the Mah Jong and is naming a wish`),
    );
    expect(seatLine(naming, NAMES[lead] as string)).toContain('◀️');
    expect(seatLine(naming, NAMES[next] as string)).not.toContain('◀️');
    panel = await table
      .user(lead)
      .select(panel.id, wish.custom_id!, [String(wished)])
      .reply();
    table.shadow.act(lead, { type: 'wish', rank: wished });
    expect(selectWith(panel, /^Wish/)).toBeUndefined();
    const text = await table.waitText(/Wish: /);
    expect(text).toContain(`Wish: 🀄 ${rankLabel(wished)}`);

    // The next player holds that rank: the panel offers only plays with it, and no Pass.
    const nextPanel = await table.panel(next);
    expect(nextPanel.content).toContain(`wish: ${rankLabel(wished)}`);
    expect(buttonLabelled(nextPanel, 'Pass')).toBeUndefined();
    const plays = selectWith(nextPanel, /^Play/)!;
    for (const o of plays.options ?? []) expect(o.label).toContain(rankLabel(wished));
    const refused = await table.user(next).slash(fx.channelId, 'pass').reply();
    expect(refused.ephemeral).toBe(true);
    expect(refused.content).toBe(
      `You must play a ${rankLabel(wished)}: the Mah Jong wish is ${rankLabel(wished)} and you can fulfil it.`,
    );
    expect(table.text()).toBe(text);

    const card = table.shadow.hand(next).find((c) => isNormal(c) && cardRank(c) === wished) as Card;
    await table.play(next, [card]);
    const fulfilled = await table.waitText((t) => !t.includes('Wish:'));
    expect(fulfilled).toContain(
      `${NAMES[next]}: single ${rankLabel(cardRank(card))} (${cardLabel(card, EN_TEXT)})`,
    );
  });

  it('every REST call the bot made succeeded', () => {
    expect(failedCalls(fx)).toEqual([]);
  });
});
