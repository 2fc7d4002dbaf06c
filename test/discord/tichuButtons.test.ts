/**
 * The Tichu call on a panel takes two clicks (tichuButtons.ts): the first asks, and only the
 * answer's Yes calls; Not now keeps the panel. On the exchange panel the picks so far ride along.
 */
import { describe, expect, it } from 'vitest';
import { parseId } from '../../src/discord/customIds.js';
import { renderPanel } from '../../src/discord/renderPanel.js';
import { EN_TEXT } from '../../src/discord/ui.js';
import { type Card, makeSettings, newMatch, type Seat } from '../../src/engine/index.js';
import { snapshotAt, stateAfter } from '../support/panelCheck.js';

const NAMES = ['Ann', 'Ben', 'Cat', 'Dan'];

describe('the Tichu call asks before it calls', () => {
  const exchanging = () => {
    let state = newMatch(makeSettings(), 'tichu-ask');
    for (const seat of [0, 1, 2, 3] as const)
      state = stateAfter(state, seat, { type: 'grandTichu', call: false });
    return state;
  };
  const buttonsOf = (payload: ReturnType<typeof renderPanel>) =>
    payload.components.flatMap(
      (row) => (row as { components: Array<{ label?: string; custom_id?: string }> }).components,
    );

  it('Call Tichu! asks; the answer’s Yes calls and Not now keeps the panel, both keeping the exchange picks', () => {
    const state = exchanging();
    const snapshot = snapshotAt(state, 0, { names: NAMES });
    const card = state.hand.hands[0][0] as Card;
    const first = buttonsOf(renderPanel(snapshot, EN_TEXT, { exchange: [card, null, null] }));
    const ask = first.find((b) => b.label === 'Call Tichu!');
    expect(ask?.custom_id).toMatch(/^hand:[a-z0-9]{8}:\d+:tichu:[0-9a-z]{2}----$/);
    const asking = renderPanel(snapshot, EN_TEXT, { exchange: [card, null, null], confirmTichu: true });
    const answers = buttonsOf(asking);
    expect(answers.find((b) => b.label === 'Call Tichu!')).toBeUndefined();
    const yes = answers.find((b) => b.label === 'Yes, call Tichu!');
    const no = answers.find((b) => b.label === 'Not now');
    expect(parseId(yes?.custom_id ?? '')?.verb).toBe('tichu');
    expect(yes?.custom_id?.split(':')[3]).toBe(ask?.custom_id?.split(':')[4]);
    expect(no?.custom_id).toMatch(/^hand:[a-z0-9]{8}:\d+:keep:[0-9a-z]{2}----$/);
  });

  it('on the play panel too', () => {
    let state = exchanging();
    for (const seat of [0, 1, 2, 3] as const) {
      const [next, partner, previous] = state.hand.hands[seat] as [Card, Card, Card];
      state = stateAfter(state, seat, { type: 'exchange', next, partner, previous });
    }
    const seat = state.hand.turn as Seat;
    const snapshot = snapshotAt(state, seat, { names: NAMES });
    expect(buttonsOf(renderPanel(snapshot, EN_TEXT)).find((b) => b.label === 'Tichu!')?.custom_id).toMatch(
      /^hand:[a-z0-9]{8}:\d+:tichu$/,
    );
    const answers = buttonsOf(renderPanel(snapshot, EN_TEXT, { confirmTichu: true })).map((b) => b.label);
    expect(answers).toContain('Yes, call Tichu!');
    expect(answers).toContain('Not now');
    expect(answers).not.toContain('Tichu!');
  });
});
