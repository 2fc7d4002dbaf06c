/** The card emoji in the store: replaced whole per application, read back by card. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Store } from '../../src/store/store.js';

let store: Store;
beforeEach(() => {
  store = Store.open(':memory:');
});
afterEach(() => store.close());

const APP = '100000000000000001';
const OTHER = '100000000000000002';

describe('EmojiRepo', () => {
  it('has nothing for an application that never deployed', () => {
    expect(store.emoji.cardEmoji(APP).size).toBe(0);
  });

  it('stores an application’s set, replaces it whole, and keeps applications apart', () => {
    store.emoji.replaceCardEmoji(
      APP,
      new Map([
        ['Kst', { id: '200000000000000001', name: 'tc_Kst_1a2b3c4d' }],
        ['dragon', { id: '200000000000000002', name: 'tc_dragon_5e6f7a8b' }],
      ]),
    );
    store.emoji.replaceCardEmoji(
      OTHER,
      new Map([['Kst', { id: '300000000000000001', name: 'tc_Kst_1a2b3c4d' }]]),
    );
    expect(store.emoji.cardEmoji(APP)).toEqual(
      new Map([
        ['Kst', { id: '200000000000000001', name: 'tc_Kst_1a2b3c4d' }],
        ['dragon', { id: '200000000000000002', name: 'tc_dragon_5e6f7a8b' }],
      ]),
    );
    store.emoji.replaceCardEmoji(
      APP,
      new Map([['Kst', { id: '200000000000000009', name: 'tc_Kst_99999999' }]]),
    );
    expect(store.emoji.cardEmoji(APP)).toEqual(
      new Map([['Kst', { id: '200000000000000009', name: 'tc_Kst_99999999' }]]),
    );
    expect(store.emoji.cardEmoji(OTHER).get('Kst')?.id).toBe('300000000000000001');
    store.emoji.replaceCardEmoji(APP, new Map());
    expect(store.emoji.cardEmoji(APP).size).toBe(0);
  });
});
