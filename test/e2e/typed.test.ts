/**
 * The typed fallback: /play with autocomplete offering the player's legal plays, /play with a
 * suggested value, /pass, and plain-words refusals for cards that cannot be read or are not held.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardLabel } from '../../src/discord/cardText.js';
import { EN_TEXT } from '../../src/discord/ui.js';
import {
  type Card,
  DECK,
  formatCards,
  parseCards,
  type Rank,
  type Seat,
  seatAfter,
} from '../../src/engine/index.js';
import { type BotFixture, startFixture } from '../support/botFixture.js';
import { E2ETable, failedCalls, handCount, NAMES, scriptedEnv } from '../support/e2eTable.js';

let fx: BotFixture;
let table: E2ETable;
let lead: Seat;
const scripted = scriptedEnv('typ');

beforeAll(async () => {
  fx = await startFixture({ env: scripted.env });
  table = await E2ETable.open(fx, scripted.useSeed, 'typed-seed');
  await table.dealToPlay({ keep: ['mahjong'] });
  lead = table.shadow.holder('mahjong');
});
afterAll(async () => {
  await fx?.close();
});

type Choice = { name: string; value: string };
const suggest = (seat: Seat, typed: string) =>
  table
    .user(seat)
    .autocomplete(fx.channelId, 'play', { options: { cards: typed }, focused: 'cards' }) as Promise<Choice[]>;

/** "7st 7jd" or "phoenix 9sw 9jd as:9" → the cards and the Phoenix reading. */
function parseValue(value: string): { cards: Card[]; phoenixAs?: Rank } {
  const as = /\bas:(\d+)/.exec(value);
  const parsed = parseCards(value.replace(/\bas:\d+/, ''));
  if (!parsed.ok) throw new Error(`unreadable suggestion ${value}`);
  return as ? { cards: parsed.value, phoenixAs: Number(as[1]) as Rank } : { cards: parsed.value };
}

describe('the typed fallback', () => {
  it('autocomplete offers the legal plays of the player on turn, and filters by what is typed', async () => {
    const choices = await suggest(lead, '');
    expect(choices.length).toBeGreaterThan(0);
    expect(choices.length).toBeLessThanOrEqual(25);
    for (const c of choices) {
      expect(c.name.length).toBeLessThanOrEqual(100);
      expect(c.name).toMatch(/: /); // "pair of 7s: 7st 7jd"
      const { cards } = parseValue(c.value);
      for (const card of cards) expect(table.shadow.hand(lead)).toContain(card);
    }
    expect(choices.some((c) => c.value === 'mahjong')).toBe(true);

    const filtered = await suggest(lead, 'mahjong');
    expect(filtered.length).toBeGreaterThan(0);
    for (const c of filtered) expect(c.value).toContain('mahjong');

    // Out of turn with nothing on the table: no bombs, so nothing to suggest.
    expect(await suggest(seatAfter(lead, 2), '')).toEqual([]);
  });

  it('/play with a suggested value plays it', async () => {
    const choices = await suggest(lead, '');
    // A play without the Mah Jong (no wish to name), the longest on offer.
    const choice = choices
      .filter((c) => !c.value.includes('mahjong') && !c.value.includes('dog'))
      .sort((a, b) => b.value.split(' ').length - a.value.split(' ').length)[0] as Choice;
    const reply = await table
      .user(lead)
      .slash(fx.channelId, 'play', { options: { cards: choice.value } })
      .reply();
    const play = parseValue(choice.value);
    table.shadow.act(lead, { type: 'play', ...play });
    expect(reply.ephemeral).toBe(true);
    expect(reply.content).toContain(`> You played ${formatCards(play.cards)}.`);
    expect(handCount(reply)).toBe(14 - play.cards.length);
    const comboName = choice.name.slice(0, choice.name.lastIndexOf(': '));
    const text = await table.waitText(/On the table/);
    expect(text).toContain(`${NAMES[lead]}: ${comboName}`);
    expect(text).toContain(`▶️ **${NAMES[seatAfter(lead, 1)]}** to play.`);
  });

  it('a card that cannot be read, or is not held, is refused in plain words and changes nothing', async () => {
    const next = seatAfter(lead, 1);
    const before = table.text();
    const unreadable = await table
      .user(next)
      .slash(fx.channelId, 'play', { options: { cards: '11st' } })
      .reply();
    expect(unreadable.ephemeral).toBe(true);
    expect(unreadable.content).toBe(
      'I could not read those cards: unknown rank in "11st": use 2-10, J, Q, K or A.',
    );
    const badSuit = await table
      .user(next)
      .slash(fx.channelId, 'play', { options: { cards: '7xx' } })
      .reply();
    expect(badSuit.content).toContain(
      'unknown suit in "7xx": use jd (jade), sw (sword), pg (pagoda) or st (star)',
    );

    const notHeld = DECK.find((c) => !table.shadow.hand(next).includes(c) && c !== 'dog') as Card;
    const missing = await table
      .user(next)
      .slash(fx.channelId, 'play', { options: { cards: notHeld } })
      .reply();
    expect(missing.content).toBe(`You do not hold ${cardLabel(notHeld, EN_TEXT)}.`);

    // Out of turn, a typed play is refused with whose turn it is.
    const early = seatAfter(lead, 2);
    const own = table.shadow.hand(early)[0] as Card;
    const outOfTurn = await table
      .user(early)
      .slash(fx.channelId, 'play', { options: { cards: own } })
      .reply();
    expect(outOfTurn.content).toBe(`It is ${NAMES[next]}’s turn: out of turn you can only bomb.`);

    await new Promise((r) => setTimeout(r, 60)); // longer than the bot's edit delay
    expect(table.text()).toBe(before);
  });

  it('/pass passes and shows the panel', async () => {
    const next = seatAfter(lead, 1);
    const reply = await table.user(next).slash(fx.channelId, 'pass').reply();
    table.shadow.act(next, { type: 'pass' });
    expect(reply.ephemeral).toBe(true);
    expect(reply.content).toContain('> You passed.');
    await table.waitText(new RegExp(`▶️ \\*\\*${NAMES[seatAfter(lead, 2)]}\\*\\* to play`));
  });

  it('every REST call the bot made succeeded', () => {
    expect(failedCalls(fx)).toEqual([]);
  });
});
