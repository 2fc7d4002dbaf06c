/**
 * The table message tells the trick in full and says whose decision it awaits in every phase;
 * combos read as players say them, cards in the order players hold them.
 */
import { describe, expect, it } from 'vitest';
import { cardsLabel, comboLabel, inHandOrder } from '../../src/discord/cardText.js';
import { renderTable } from '../../src/discord/renderTable.js';
import { trickLines } from '../../src/discord/trickText.js';
import { EN_TEXT } from '../../src/discord/ui.js';
import {
  apply,
  type Card,
  DEFAULT_SETTINGS,
  type MatchState,
  newMatch,
  publicView,
  readCombos,
  type Seat,
} from '../../src/engine/index.js';
import { buildScenario } from '../../src/engine/scenario.js';
import { playingTable } from '../support/records.js';
import { v2Parts } from '../support/tableParts.js';

function act(state: MatchState, seat: Seat, action: unknown): MatchState {
  const step = apply(state, seat, action);
  if (!step.ok) throw new Error(JSON.stringify(step.error));
  return step.value.state;
}

function shown(state: MatchState): { description: string; fields: Record<string, string> } {
  const parts = v2Parts(
    renderTable({ table: playingTable(DEFAULT_SETTINGS), view: publicView(state) }, EN_TEXT).components,
  );
  return {
    description: parts.description,
    fields: Object.fromEntries(parts.fields.map((f) => [f.name, f.value])),
  };
}

const label = (cards: string, phoenixAs?: number) => {
  const read = readCombos(cards.split(' ') as Card[]);
  const combo = phoenixAs === undefined ? read[0] : read.find((c) => c.phoenixAs === phoenixAs);
  if (!combo) throw new Error(`no combo in ${cards}`);
  return comboLabel(combo, 'en');
};

describe('combo labels as players say them', () => {
  it.each([
    ['Kst', 'single K'],
    ['dragon', '🐉 Dragon'],
    ['dog', '🐕 Dog'],
    ['7st 7jd', 'pair 7'],
    ['9st 9jd 9sw', 'triple 9'],
    ['8st 8jd 8sw 3st 3pg', 'full house 8s over 3s'],
    ['2st 3jd 4sw 5st 6pg', 'straight 2-6'],
    ['mahjong 2jd 3sw 4st 5pg', 'straight 1-5'],
    ['5st 5jd 6sw 6st', 'pairs 5-5-6-6'],
    ['9st 9jd 9sw 9pg', 'bomb: four 9s'],
    ['3st 4st 5st 6st 7st', 'bomb: straight flush 3-7'],
  ])('%s reads "%s"', (cards, expected) => {
    expect(label(cards)).toBe(expected);
  });

  it('names the Phoenix where it stands in', () => {
    expect(label('7st phoenix', 7)).toBe('pair 7 (Phoenix as 7)');
    expect(label('8st 8jd phoenix 3st 3pg', 8)).toBe('full house 8s over 3s (Phoenix as 8)');
  });

  it('orders cards as players hold them: Dog, Mah Jong, 2 … A, Phoenix, Dragon', () => {
    const cards = ['dragon', 'Ast', 'phoenix', '2jd', 'mahjong', 'dog', '10sw'] as Card[];
    expect(inHandOrder(cards)).toEqual(['dog', 'mahjong', '2jd', '10sw', 'Ast', 'phoenix', 'dragon']);
    expect(cardsLabel(['phoenix', '3st', 'dog'] as Card[], EN_TEXT)).toBe('🐕 Dog 🔴3 🔥 Phoenix');
  });
});

describe('the trick on the table message', () => {
  it('shows every play since the lead with the passes after each, and the winner of the last trick', () => {
    let state = buildScenario({
      hands: { 0: '3st 9st Kst', 1: '4jd 5jd Ajd', 2: '6sw 7sw 8sw', 3: '2pg 10pg Qpg' },
      turn: 0,
    });
    state = act(state, 0, { type: 'play', cards: ['3st'] });
    state = act(state, 1, { type: 'play', cards: ['4jd'] });
    state = act(state, 2, { type: 'pass' });
    state = act(state, 3, { type: 'pass' });
    state = act(state, 0, { type: 'play', cards: ['9st'] });
    state = act(state, 1, { type: 'pass' });
    const trick = shown(state).fields['On the table'];
    expect(trick?.split('\n')).toEqual([
      'P0: single 3 (🔴3)',
      'P1: single 4 (🟢4) · P2, P3 pass',
      'P0: single 9 (🔴9) · P1 passes',
    ]);
    state = act(state, 2, { type: 'pass' });
    state = act(state, 3, { type: 'pass' });
    const after = shown(state);
    expect(after.fields['On the table']).toBeUndefined();
    expect(after.fields['Last trick']).toBe('P0 took it with single 9 · 0 points');
    expect(after.description).toContain('▶️ **P0** leads.');
  });

  it('marks a bomb, in turn or out of it, with 💣 at the head of its line', () => {
    let state = buildScenario({
      hands: { 0: '3st 9st', 1: '4jd 5jd', 2: '6sw 6st 6jd 6pg 8sw', 3: '2pg 10pg Qpg' },
      turn: 0,
    });
    state = act(state, 0, { type: 'play', cards: ['3st'] });
    // Seat 2 bombs before seat 1, whose turn it is, has played.
    state = act(state, 2, { type: 'play', cards: ['6sw', '6st', '6jd', '6pg'] });
    state = act(state, 3, { type: 'pass' });
    expect(shown(state).fields['On the table']?.split('\n')).toEqual([
      'P0: single 3 (🔴3)',
      '💣 P2: bomb: four 6s (🟢6 ⚫6 🔵6 🔴6) · P3 passes',
    ]);
  });

  it('names an open wish once, in its own field, not again on the Mah Jong’s line', () => {
    let state = buildScenario({
      hands: { 0: 'mahjong 3st Kst', 1: '9jd 10jd', 2: '6sw 7sw', 3: '2pg 10pg' },
      turn: 0,
    });
    state = act(state, 0, { type: 'play', cards: ['mahjong'] });
    state = act(state, 0, { type: 'wish', rank: 8 });
    state = act(state, 1, { type: 'play', cards: ['9jd'] });
    expect(state.hand.wish).toBe(8);
    const { fields } = shown(state);
    expect(fields['On the table']?.split('\n')).toEqual(['P0: 🀄 Mah Jong', 'P1: single 9 (🟢9)']);
    expect(fields.Wish).toBe('🀄 8');
  });

  it('tells the wish on its Mah Jong’s line for the trick’s life, after it is met too', () => {
    let state = buildScenario({
      hands: { 0: 'mahjong 3st Kst', 1: '8jd 9jd', 2: '6sw 7sw', 3: '2pg 10pg' },
      turn: 0,
    });
    state = act(state, 0, { type: 'play', cards: ['mahjong'] });
    state = act(state, 0, { type: 'wish', rank: 8 });
    state = act(state, 1, { type: 'play', cards: ['8jd'] });
    expect(state.hand.wish).toBeNull();
    expect(shown(state).fields['On the table']?.split('\n')).toEqual([
      'P0: 🀄 Mah Jong · wish: 8',
      'P1: single 8 (🟢8)',
    ]);
  });

  it('keeps a very long trick within the field, saying how many earlier plays it left out', () => {
    const straight = readCombos([
      '2st',
      '3jd',
      '4sw',
      '5st',
      '6pg',
      '7st',
      '8jd',
      '9sw',
      '10st',
      'Jpg',
    ] as Card[])[0];
    if (!straight) throw new Error('no straight');
    const plays = Array.from({ length: 30 }, (_, i) => ({ seat: (i % 4) as Seat, combo: straight }));
    const view = { trick: { plays, passed: [] }, out: [], dogLead: null } as unknown as ReturnType<
      typeof publicView
    >;
    const text = trickLines(view, (seat) => `Player ${seat}`, EN_TEXT) ?? '';
    expect(text.length).toBeLessThanOrEqual(1_024);
    const lines = text.split('\n');
    const dropped = Number(/^… (\d+) earlier plays$/.exec(lines[0] ?? '')?.[1]);
    expect(dropped).toBeGreaterThan(0);
    // What is left is the latest plays, every one of them.
    expect(lines.length - 1 + dropped).toBe(30);
    expect(lines.at(-1)).toBe(`Player 1: straight 2-J (${cardsLabel(straight.cards, EN_TEXT)})`);
  });

  it.each([
    ['en', 'You pass', '→ the lead passes to you'],
    ['de', 'Du passt', '→ das Anspiel geht an dich'],
  ] as const)('on the viewer’s own panel (%s): "%s", and the Dog’s lead "%s"', (lang, pass, dog) => {
    const single = readCombos(['Kst'] as Card[])[0];
    if (!single) throw new Error('no single');
    const view = {
      trick: { plays: [{ seat: 0 as Seat, combo: single, passedBefore: [] }], passed: [1] },
      out: [],
      dogLead: { from: 3, to: 1 },
    } as unknown as ReturnType<typeof publicView>;
    const you = lang === 'en' ? 'You' : 'Du';
    const text = trickLines(view, (seat) => (seat === 1 ? you : `P${seat}`), { lang, faces: null }) ?? '';
    expect(text).toContain(`· ${pass}`);
    expect(text).toContain(dog);
    expect(text).not.toMatch(/You passes|an Du\b/);
    // Someone else's pass and lead read as before.
    const others = trickLines(view, (seat) => `P${seat}`, { lang, faces: null }) ?? '';
    expect(others).toMatch(lang === 'en' ? /· P1 passes/ : /· P1 passt/);
  });

  it('says whom it waits for in the Grand Tichu and exchange phases, and marks their seats', () => {
    let state = newMatch(DEFAULT_SETTINGS, 'await-seed');
    state = act(state, 0, { type: 'grandTichu', call: false });
    state = act(state, 2, { type: 'grandTichu', call: false });
    const grand = shown(state);
    expect(grand.description).toContain('Grand Tichu? 2/4 decided.');
    expect(grand.description).toContain('Waiting for P1, P3.');
    const seats = grand.fields.Seats?.split('\n') ?? [];
    expect(seats.map((line) => line.endsWith('◀️'))).toEqual([false, true, false, true]);
  });
});
