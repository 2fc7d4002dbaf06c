/**
 * The table in the panel (src/discord/panelTable.ts): the score as the player's team sees it, then
 * every seat in the order of play from the player's left, with its cards left or its place out,
 * its call and who is to act, in English and German; nothing of it once the match is over.
 */
import { describe, expect, it } from 'vitest';
import { goalWords } from '../../src/discord/names.js';
import { renderPanel } from '../../src/discord/renderPanel.js';
import { EN_TEXT, type Ui } from '../../src/discord/ui.js';
import { buildScenario, makeSettings } from '../../src/engine/index.js';
import { snapshotAt } from '../support/panelCheck.js';

const DE: Ui = { lang: 'de', faces: null };
const NAMES = ['Ann', 'Ben', 'Cat', 'Dan'];

const state = buildScenario({
  hands: { 0: '3jd 4sw 9pg', 1: '10pg Jsw', 2: '', 3: '2jd 2sw 5st 6st 7pg' },
  out: [2],
  trick: [{ seat: 3, cards: 'Ksw Kst' }],
  turn: 0,
  calls: { 1: 'tichu', 3: 'grandTichu' },
  played: [0, 1, 2, 3],
  scores: [340, 515],
});

describe('the table in the panel', () => {
  it('says the score from the player’s side and every seat in the order of play', () => {
    const content = renderPanel(snapshotAt(state, 0, { names: NAMES }), EN_TEXT).content;
    const lines = content.split('\n');
    expect(lines).toContain('🟦 **340** — 515 🟧 (to 1000)');
    expect(lines).toContain(
      '🟧 Ben 2 cards, **Tichu!** · 🟦 Cat out #1 · 🟧 Dan 5 cards, **Grand Tichu!** · 🟦 You 3 cards ◀️',
    );
    // The hand comes first, the table next, then what is on it and whose turn it is.
    expect(lines.findIndex((l) => l.startsWith('**Your hand**'))).toBe(0);
    expect(lines.findIndex((l) => l.startsWith('On the table'))).toBeGreaterThan(2);
  });

  it('the other team reads its own score first, and marks whoever acts', () => {
    const content = renderPanel(snapshotAt(state, 1, { names: NAMES }), EN_TEXT).content;
    expect(content).toContain('🟧 **515** — 340 🟦 (to 1000)');
    expect(content).toContain(
      '🟦 Cat out #1 · 🟧 Dan 5 cards, **Grand Tichu!** · 🟦 Ann 3 cards ◀️ · 🟧 You 2 cards, **Tichu!**',
    );
  });

  it('in German', () => {
    const content = renderPanel(snapshotAt(state, 0, { names: NAMES }), DE).content;
    expect(content).toContain('🟦 **340** — 515 🟧 (bis 1000)');
    expect(content).toContain('🟦 Du 3 Karten ◀️');
  });

  it('tells the trick so far, play by play with the passes, as small text', () => {
    const trick = buildScenario({
      hands: { 0: '3jd 4sw 9pg', 1: '10pg Jsw', 2: '5jd', 3: '2jd 2sw 5st 6st 7pg' },
      trick: [
        { seat: 1, cards: '7jd 7sw' },
        { seat: 0, cards: '9jd 9sw' },
      ],
      passed: [2],
      turn: 3,
      played: [0, 1, 2, 3],
    });
    const lines = renderPanel(snapshotAt(trick, 0, { names: NAMES }), EN_TEXT).content.split('\n');
    const told = lines.filter((l) => l.startsWith('-# '));
    expect(told).toHaveLength(2);
    expect(told[0]).toMatch(/^-# Ben: pair 7 /);
    expect(told[1]).toMatch(/^-# You: pair 9 .* · Cat passes$/);
    // A trick of one play says no more than the play's own line does.
    expect(renderPanel(snapshotAt(state, 0, { names: NAMES }), EN_TEXT).content).not.toContain('-# ');
  });

  it('is gone once the match is over', () => {
    const over = snapshotAt(state, 0, { names: NAMES, table: { status: 'finished' } });
    const content = renderPanel(over, EN_TEXT).content;
    expect(content).not.toContain('(to 1000)');
  });
});

describe('what a match plays to', () => {
  it.each([
    ['en', null, '(to 1000)'],
    ['en', 1, '(1 hand)'],
    ['en', 4, '(4 hands)'],
    ['de', 1, '(1 Runde)'],
    ['de', 2, '(2 Runden)'],
  ] as const)('%s, a limit of %s hands: "%s"', (lang, handLimit, words) => {
    expect(goalWords(makeSettings({ handLimit }), lang)).toBe(words);
  });
});
