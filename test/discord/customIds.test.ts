/** Custom ids and card codes are user input: parsed strictly, and their errors never carry cards. */
import { describe, expect, it } from 'vitest';
import { decodeCards, decodePlay, encodeCards, encodeId, parseId } from '../../src/discord/customIds.js';
import { DECK } from '../../src/engine/index.js';

describe('card codes', () => {
  it('round-trips every card and a whole hand', () => {
    for (const card of DECK) expect(decodeCards(encodeCards([card]))).toEqual([card]);
    const hand = DECK.slice(20, 34);
    expect(decodeCards(encodeCards(hand))).toEqual(hand);
  });

  it.each([
    ['odd length', '0'],
    ['a sign inside a code', '0-'],
    ['a space', ' 1'],
    ['upper case', '0A'],
    ['past the deck', 'zz'],
    ['a card twice', '0101'],
    ['more than 14 cards', '00'.repeat(15)],
  ])('refuses %s', (_what, text) => {
    expect(decodeCards(text)).toBeNull();
  });

  it('reads a play with its Phoenix rank, and refuses a rank out of range', () => {
    const cards = DECK.slice(0, 2);
    expect(decodePlay(`${encodeCards(cards)}-7`)).toEqual({ cards, phoenixAs: 7 });
    expect(decodePlay(`${encodeCards(cards)}-15`)).toBeNull();
    expect(decodePlay('')).toBeNull();
  });
});

describe('custom ids', () => {
  it('parse back what was encoded', () => {
    expect(parseId(encodeId('play', 'abcd1234', 17, 'a1b2'))).toEqual({
      verb: 'play',
      tableId: 'abcd1234',
      version: 17,
      args: ['a1b2'],
    });
  });

  it.each([
    'nope:abcd1234:1',
    'play:ABCD1234:1',
    'play:abcd1234:x',
    'play:abcd1234:1:a b',
    `play:abcd1234:1:${'a'.repeat(120)}`,
  ])('refuses %s', (raw) => {
    expect(parseId(raw)).toBeNull();
  });

  it('an id over 100 characters is an error that does not repeat its (possibly secret) text', () => {
    const secret = encodeCards(DECK.slice(0, 14));
    let message = '';
    try {
      encodeId('play', 'abcd1234', 1, secret, secret, secret);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/over 100 characters/);
    expect(message).not.toContain(secret);
  });
});
