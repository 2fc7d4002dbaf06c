/**
 * The play's situation line on a panel, as new players read it: the player's own play named as
 * theirs ("by you", "von dir"), and a Pass that the open wish takes away said in words.
 */
import { describe, expect, it } from 'vitest';
import { renderPanel } from '../../src/discord/renderPanel.js';
import { EN_TEXT, type Ui } from '../../src/discord/ui.js';
import { buildScenario, type MatchState, type Seat } from '../../src/engine/index.js';
import { snapshotAt, stateAfter } from '../support/panelCheck.js';

const NAMES = ['Ann', 'Ben', 'Cat', 'Dan'];
const DE: Ui = { lang: 'de', faces: null };
const content = (state: MatchState, seat: Seat, ui: Ui = EN_TEXT) =>
  renderPanel(snapshotAt(state, seat, { names: NAMES }), ui).content;

describe('the situation line', () => {
  it('names the player’s own play on the table as theirs', () => {
    const state = buildScenario({
      hands: { 0: '3sw 4sw', 1: '5jd 6jd', 2: '7pg 8pg', 3: '9st 2st' },
      trick: [{ seat: 0, cards: 'Kjd' }],
      turn: 1,
    });
    expect(content(state, 0)).toContain('On the table: single K (');
    expect(content(state, 0)).toMatch(/On the table: single K \([^)]*\) by you/);
    expect(content(state, 0, DE)).toMatch(/Auf dem Tisch: Einzelkarte K \([^)]*\) von dir/);
    expect(content(state, 1)).toMatch(/by Ann/);
  });

  it('says why Pass is missing when the open wish binds the player', () => {
    // Ann's Mah Jong wished an 8; Ben holds one and can beat the Mah Jong with it: he must.
    let state = buildScenario({
      hands: { 0: 'mahjong 3st Kst', 1: '8jd 9jd', 2: '6sw 7sw', 3: '2pg 10pg' },
      turn: 0,
    });
    state = stateAfter(state, 0, { type: 'play', cards: ['mahjong'] });
    state = stateAfter(state, 0, { type: 'wish', rank: 8 });
    const ben = content(state, 1);
    expect(ben).toContain('🀄 The wish (8) binds you: you can meet it, so you must, and cannot pass.');
    expect(content(state, 1, DE)).toContain('🀄 Der Wunsch (8) bindet dich');
    // Met, the wish binds nobody: Cat may pass, and is told nothing of the kind.
    state = stateAfter(state, 1, { type: 'play', cards: ['8jd'] });
    expect(content(state, 2)).not.toContain('binds you');
  });
});
