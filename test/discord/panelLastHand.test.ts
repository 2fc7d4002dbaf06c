/**
 * A live panel goes straight from a hand's last play to the next deal: while the next hand is dealt
 * (Grand Tichu, the exchange) it says how the hand before ended, from the player's side, in their
 * language; once the play begins the line goes.
 */
import { describe, expect, it } from 'vitest';
import { decideFor, makeBudget } from '../../src/bots/registry.js';
import { renderPanel } from '../../src/discord/renderPanel.js';
import { EN_TEXT, type Ui } from '../../src/discord/ui.js';
import {
  buildScenario,
  type MatchState,
  makeSettings,
  newMatch,
  owesAction,
  Rng,
  SEATS,
  type Seat,
} from '../../src/engine/index.js';
import { snapshotAt, stateAfter } from '../support/panelCheck.js';

const NAMES = ['Ann', 'Ben', 'Cat', 'Dan'];

/** Normal bots in every seat until `done` holds (bounded). */
function playUntil(from: MatchState, done: (state: MatchState) => boolean): MatchState {
  let state = from;
  const rng = new Rng([1, 2, 3, 4]);
  for (let i = 0; i < 2_000 && !done(state); i++) {
    const seat = SEATS.find((s) => owesAction(state, s)) as Seat;
    const action = decideFor('normal', state, seat, rng, makeBudget(0));
    if (!action) throw new Error(`seat ${seat} owes a move and gave none`);
    state = stateAfter(state, seat, action);
  }
  if (!done(state)) throw new Error('never got there');
  return state;
}

const content = (state: MatchState, seat: Seat, ui: Ui = EN_TEXT) =>
  renderPanel(snapshotAt(state, seat, { names: NAMES }), ui).content;

describe('the hand before, on the panel of the next deal', () => {
  const first = newMatch(makeSettings(), 'last-hand');
  const dealt = playUntil(first, (s) => s.hand.number === 2);
  const result = dealt.history[0];
  if (!result) throw new Error('no hand 1');

  it('says how hand 1 ended, the score from the player’s side, who went out and the last play', () => {
    for (const seat of [0, 1] as const) {
      const us = result.total[seat % 2] as number;
      const them = result.total[1 - (seat % 2)] as number;
      const signed = (n: number) => (n > 0 ? `+${n}` : `${n}`);
      const text = content(dealt, seat);
      expect(text).toContain(
        `🏁 End of hand 1: ${seat % 2 === 0 ? '🟦' : '🟧'} **${signed(us)}** — ${signed(them)}`,
      );
      const firstOut = result.out[0] as Seat;
      expect(text).toContain(`1. ${firstOut === seat ? 'You' : NAMES[firstOut]}`);
      expect(text).toMatch(/Last play: /);
    }
  });

  it('stays through the exchange, in German too, and goes once the play begins', () => {
    const exchanging = playUntil(dealt, (s) => s.hand.phase === 'exchange');
    expect(content(exchanging, 2)).toContain('🏁 End of hand 1');
    const german = content(exchanging, 2, { lang: 'de', faces: null });
    expect(german).toContain('🏁 Runde 1 vorbei');
    expect(german).toMatch(/Letzter Zug: /);
    expect(german).not.toMatch(/End of hand|Last play/);
    const playing = playUntil(exchanging, (s) => s.hand.phase === 'play');
    expect(content(playing, 2)).not.toContain('🏁');
  });

  it('comes before the new hand’s score and seats (whose calls are the new hand’s), and says “your” call', () => {
    const calls = ['tichu', 'none', 'grandTichu', 'none'] as const;
    const called = { ...dealt, history: [{ ...result, calls }] };
    const lines = content(called, 0).split('\n');
    const recap = lines.findIndex((line) => line.startsWith('🏁 End of hand 1'));
    const score = lines.findIndex((line) => line.includes('(to 1000)'));
    expect(recap).toBeGreaterThanOrEqual(0);
    expect(recap).toBeLessThan(score);
    const small = lines[recap + 1] ?? '';
    const made = (seat: Seat) => result.out[0] === seat;
    expect(small).toContain(`your Tichu ${made(0) ? '✅ made' : '❌ failed'}`);
    expect(small).toContain(`Cat's Grand Tichu ${made(2) ? '✅ made' : '❌ failed'}`);
    expect(small).not.toContain("You's");
    expect(content(called, 2, { lang: 'de', faces: null })).toContain(
      `dein Großes Tichu ${made(2) ? '✅ geschafft' : '❌ gescheitert'}`,
    );
  });

  it('is not there in the first hand', () => {
    expect(content(first, 0)).not.toContain('🏁');
  });
});

describe('the trick taken last, on an empty table', () => {
  it('says who took it, with what and for how many points, until the next lead', () => {
    let state = buildScenario({
      hands: { 0: '3sw 4sw', 1: '5jd 6jd', 2: '7pg 8pg', 3: '9st 2st' },
      trick: [{ seat: 0, cards: 'Kjd' }],
      passed: [1, 2],
      turn: 3,
    });
    state = stateAfter(state, 3, { type: 'pass' });
    expect(state.hand.trick).toBeNull();
    const watching = content(state, 1);
    expect(watching).toContain('The table is empty · Ann leads');
    expect(watching).toContain('-# Ann took it with single K · 10 points');
    expect(content(state, 0)).toContain('-# You took the trick with single K · 10 points');
    expect(content(state, 0, { lang: 'de', faces: null })).toContain(
      '-# Du hast den Stich mit Einzelkarte K genommen · 10 Punkte',
    );
    expect(content(state, 1, { lang: 'de', faces: null })).toContain(
      '-# Ann hat den Stich mit Einzelkarte K genommen',
    );
    const led = stateAfter(state, 0, { type: 'play', cards: ['3sw'] });
    expect(content(led, 1)).not.toContain('took it with');
  });
});
