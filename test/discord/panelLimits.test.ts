/**
 * German is longer than English: the worst panels in German stay within Discord's limits. 14-card
 * hands full of straights, runs of pairs, bombs and the Phoenix; every kind of a split plays menu,
 * the Phoenix readings, all cards picked, seat names of 32 characters, the clock and away lines,
 * card emoji on; and 100 dealt hands. Option labels stay text (no emoji markup) and within 100.
 */
import { describe, expect, it } from 'vitest';
import type { PlayerSnapshot } from '../../src/app/tableService.js';
import { comboLabelFor } from '../../src/discord/playLabels.js';
import { type PanelOptions, renderPanel } from '../../src/discord/renderPanel.js';
import type { CardEmoji, Ui } from '../../src/discord/ui.js';
import {
  type Action,
  buildScenario,
  type Card,
  DECK,
  formatCards,
  makeSettings,
  newMatch,
  type Seat,
} from '../../src/engine/index.js';
import { overLimits, partsOf, snapshotAt } from '../support/panelCheck.js';

const LONG = ['Ä'.repeat(32), 'B'.repeat(32), 'C'.repeat(32), 'D'.repeat(32)];
const FACES = new Map<Card, CardEmoji>(
  DECK.map((card, i) => [
    card,
    { id: String(1_300_000_000_000_000_000n + BigInt(i)), name: `tichu_${card}` },
  ]),
);
const UIS: readonly Ui[] = [
  { lang: 'de', faces: null },
  { lang: 'de', faces: FACES },
  { lang: 'en', faces: FACES },
];

const WORST_HANDS = [
  '2jd 3sw 4pg 5st 6jd 7sw 8pg 9st 10jd Jsw Qpg Kst Ajd phoenix',
  '2jd 3jd 4jd 5jd 6jd 7jd 8jd 9jd 10jd Jjd Qjd Kjd Ajd phoenix',
  '2jd 2sw 3jd 3sw 4jd 4sw 5jd 5sw 6jd 6sw 7jd 7sw 8jd phoenix',
  'Ajd Asw Apg Ast Kjd Ksw Kpg Kst Qjd Qsw Qpg Qst Jjd phoenix',
  'Kjd Ksw Kpg Qjd Qsw Qpg Jjd Jsw Jpg 10jd 10sw 10pg phoenix 9jd',
  'dog mahjong phoenix dragon 2jd 2sw 2pg 2st 3jd 4jd 5jd 6jd 7jd 8sw',
  '6jd 7jd 8jd 9jd 10jd 6sw 7sw 8sw 9sw 10sw 6pg 7pg 8pg phoenix',
];

/** Seat 0 leads with `hand` (or follows `trick`), at a table of long names, its clock running, away. */
function position(hand: string, trick?: string): PlayerSnapshot {
  const placed = new Set(`${hand} ${trick ?? ''}`.toLowerCase().split(/\s+/));
  const [a, b, c] = DECK.filter((card) => !placed.has(card.toLowerCase()) && /\d/.test(card));
  const state = buildScenario({
    hands: { 0: hand, 1: a, 2: b, 3: c },
    turn: 0,
    ...(trick ? { trick: [{ seat: 3 as Seat, cards: trick }] } : {}),
  });
  const base = snapshotAt(state, 0, { names: LONG, deadline: 1_700_000_000_000 });
  const seats = base.table.seats.map((s, n) => (n === 0 && s ? { ...s, away: true } : s));
  return { ...base, table: { ...base.table, seats: seats as never } };
}

/** Every panel a player can bring up from this position: each kind, bombs only, readings, all picked. */
function panelsOf(snapshot: PlayerSnapshot, ui: Ui): Array<ReturnType<typeof renderPanel>> {
  const first = renderPanel(snapshot, ui);
  const kinds = partsOf(first).find((p) => p.custom_id?.endsWith(':kind'));
  const plays = snapshot.legal.filter((a): a is Extract<Action, { type: 'play' }> => a.type === 'play');
  const withPhoenix = plays.filter((p) => p.phoenixAs !== undefined && p.cards.length >= 5);
  const readings = withPhoenix.slice(0, 5).map((a) => ({
    cards: a.cards,
    phoenixAs: a.phoenixAs as number,
    label: comboLabelFor(snapshot.view, a, ui.lang),
  }));
  const options: PanelOptions[] = [
    { notice: 'x'.repeat(200) },
    { bombsOnly: true },
    { picked: snapshot.view.hand },
    { readings, picked: snapshot.view.hand },
    ...(kinds?.options ?? []).map((o) => ({ kind: o.value })),
  ];
  return [first, ...options.map((o) => renderPanel(snapshot, ui, o))];
}

function check(snapshot: PlayerSnapshot, where: string): { problems: string[]; longest: number } {
  const problems: string[] = [];
  let longest = 0;
  for (const ui of UIS)
    for (const panel of panelsOf(snapshot, ui)) {
      problems.push(...overLimits(panel).map((p) => `${where} (${ui.lang}): ${p}`));
      // Nothing cut off the end of the content: it fits whole.
      if (panel.content.length >= 2000) problems.push(`${where}: content cut at 2000`);
      for (const part of partsOf(panel))
        for (const o of part.options ?? []) longest = Math.max(longest, o.label.length);
    }
  return { problems, longest };
}

describe('German panels within Discord’s limits', () => {
  it('the worst hands, leading and following, every panel they bring up', () => {
    let longest = 0;
    for (const hand of WORST_HANDS) {
      for (const trick of [undefined, '2sw', '3pg 3st']) {
        if (trick && hand.split(' ').some((c) => trick.split(' ').includes(c))) continue;
        const result = check(position(hand, trick), `${hand} on ${trick ?? 'nothing'}`);
        expect(result.problems).toEqual([]);
        longest = Math.max(longest, result.longest);
      }
    }
    // The long labels are cut at a card, not at 100 characters of a combo's name.
    expect(longest).toBeGreaterThan(60);
    expect(longest).toBeLessThanOrEqual(100);
  });

  it('the longest German option labels name their combo whole', () => {
    const snapshot = position(WORST_HANDS[2] as string);
    const ui: Ui = { lang: 'de', faces: null };
    const labels = panelsOf(snapshot, ui).flatMap((p) =>
      partsOf(p).flatMap((c) =>
        c.custom_id?.startsWith('lp:') ? (c.options ?? []).map((o) => o.label) : [],
      ),
    );
    const longRun = labels.find((l) => l.startsWith('Treppe 2-2-3-3-4-4-5-5-6-6-7-7'));
    expect(longRun).toBeDefined();
    expect(longRun?.length).toBeLessThanOrEqual(100);
  });

  it('100 dealt 14-card hands, in every Ui', () => {
    const problems: string[] = [];
    for (let i = 0; i < 25; i++) {
      const state = newMatch(makeSettings(), `limits-${i}`);
      for (const seat of [0, 1, 2, 3] as const) {
        const hand = [...state.hand.hands[seat], ...state.hand.undealt[seat]];
        problems.push(...check(position(formatCards(hand)), `limits-${i}/${seat}`).problems);
      }
    }
    expect(problems.slice(0, 10)).toEqual([]);
  });
});
