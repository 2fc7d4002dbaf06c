/**
 * Card emoji within Discord's limits: a panel with a 14-card hand, the three cards received and a
 * refusal naming 14 cards, in German (the longer language), with the longest emoji names deploy
 * can produce and the longest ids, still fits in one message's content (2,000 characters) whole.
 */
import { describe, expect, it } from 'vitest';
import { emojiName } from '../../src/discord/cardEmoji.js';
import { cardsLabel } from '../../src/discord/cardText.js';
import { renderPanel } from '../../src/discord/renderPanel.js';
import type { CardEmoji, Ui } from '../../src/discord/ui.js';
import {
  type Card,
  DECK,
  type MatchState,
  makeSettings,
  newMatch,
  SEATS,
  type Seat,
} from '../../src/engine/index.js';
import { t } from '../../src/i18n/index.js';
import { overLimits, snapshotAt, stateAfter } from '../support/panelCheck.js';

/** Every card's emoji with its longest name (a hash of all f's changes nothing in length) and a 20-digit id. */
const LONGEST: Map<Card, CardEmoji> = new Map(
  DECK.map((card, i) => [
    card,
    { id: String(99_999_999_999_999_999_999n - BigInt(i)), name: emojiName(card, 'f'.repeat(64)) },
  ]),
);
const DE: Ui = { lang: 'de', faces: LONGEST };

/** The play phase: nobody called, everyone passed their three lowest cards; each holds 14. */
function playPhase(): MatchState {
  let state = newMatch(makeSettings(), 'card-limits');
  for (const seat of SEATS) state = stateAfter(state, seat, { type: 'grandTichu', call: false });
  for (const seat of SEATS) {
    const [next, partner, previous] = state.hand.hands[seat] as [Card, Card, Card];
    state = stateAfter(state, seat, { type: 'exchange', next, partner, previous });
  }
  return state;
}

describe('card emoji in a panel', () => {
  it('names are at most 18 characters and ids 20 digits: the longest a card emoji is written', () => {
    const longest = Math.max(...[...LONGEST.values()].map((e) => `<:${e.name}:${e.id}>`.length));
    expect(longest).toBe(2 + 18 + 1 + 20 + 1);
  });

  it('a 14-card hand, the cards received and a refusal of 14 cards fit in the content, every emoji whole', () => {
    const state = playPhase();
    const seat = state.hand.turn as Seat;
    const hand = state.hand.hands[seat];
    expect(hand).toHaveLength(14);
    const names = ['Ann-Katrin Müller-Lüdenscheidt', 'Ben', 'Cat', 'Dan'].map((n) => n.padEnd(32, 'x'));
    const snapshot = snapshotAt(state, seat, { names, deadline: Date.now() + 60_000 });
    const notice = t('de', 'refusal.rule.not_in_hand', { cards: cardsLabel(hand, DE) });
    const panel = renderPanel(snapshot, DE, { notice, picked: hand.slice(0, 5) });
    expect(overLimits(panel)).toEqual([]);
    expect(panel.content.length).toBeLessThan(2000);
    // Nothing was cut: the hand and the refusal each show 14 whole emoji, the cards received three.
    const whole = panel.content.match(/<:\w+_f{8}:\d{20}>/g) ?? [];
    expect(whole).toHaveLength(14 + 14 + 3);
    expect(panel.content.split('<:').length - 1).toBe(whole.length);
  });
});
