/**
 * The plays menu: one option per shape (not per suit), the cards it spends keep bombs whole and
 * spare the Phoenix, and every legal shape is reachable from the panel in at most two selections
 * (bench/ux.ts runs the same check over 10,000 positions in `npm run bench`).
 */
import { describe, expect, it } from 'vitest';
import { checkPosition, runUx, snapshotOf, UX_LOOKS } from '../../bench/ux.js';
import { decodePlay } from '../../src/discord/customIds.js';
import { groupPlays } from '../../src/discord/playMenu.js';
import { renderPanel } from '../../src/discord/renderPanel.js';
import { EN_TEXT } from '../../src/discord/ui.js';
import { type Action, buildScenario, type Rank, type Seat } from '../../src/engine/index.js';

type Play = Extract<Action, { type: 'play' }>;

/** The seat-0 lead (or follow, on `trick`) with this hand: its snapshot and its grouped menu. */
function lead(hand: string, extra: { wish?: Rank; trick?: string } = {}) {
  const state = buildScenario({
    hands: { 0: hand, 1: '10pg', 2: '10sw', 3: '10st' },
    turn: 0,
    ...(extra.wish ? { wish: extra.wish } : {}),
    ...(extra.trick ? { trick: [{ seat: 3 as Seat, cards: extra.trick }] } : {}),
  });
  const snapshot = snapshotOf(state, 0);
  const plays = snapshot.legal.filter((a): a is Play => a.type === 'play');
  const top = snapshot.view.trick?.plays.at(-1)?.combo ?? null;
  return { snapshot, menu: groupPlays(plays, snapshot.view.hand, top) };
}

type Select = {
  type: number;
  custom_id?: string;
  placeholder?: string;
  options?: Array<Record<string, unknown>>;
};
function selects(payload: ReturnType<typeof renderPanel>): Select[] {
  return payload.components
    .flatMap((row) => (row as { components: Select[] }).components)
    .filter((c) => c.type === 3);
}
/** The cards the menu's option for this type and rank (in ranks: 8, 14 for the Ace) spends. */
const spent = (menu: ReturnType<typeof lead>['menu'], type: string, rank: number) =>
  menu.find((e) => e.combo.type === type && e.combo.rank === rank * 2)?.play.cards;

describe('plays grouped by shape', () => {
  it('offers a single once whatever its suits, and each shape once', () => {
    const { menu } = lead('Ajd Asw Apg 7jd 7sw 3st');
    const shapes = menu.map((e) => e.shape);
    expect(new Set(shapes).size).toBe(shapes.length);
    expect(menu.filter((e) => e.combo.type === 'single' && e.combo.rank === 28)).toHaveLength(1);
    expect(menu.filter((e) => e.combo.type === 'pair' && e.combo.rank === 28)).toHaveLength(1);
  });

  it('keeps a four of a kind whole when the Phoenix can stand in: straight 3-7 spends the Phoenix, not a 7', () => {
    const { menu } = lead('3jd 4sw 5pg 6st 7jd 7sw 7pg 7st phoenix');
    const straight = menu.find(
      (e) => e.combo.type === 'straight' && e.combo.rank === 14 && e.combo.cards.length === 5,
    );
    expect(straight?.play.cards).toContain('phoenix');
    expect(straight?.play.cards.some((c) => c.startsWith('7'))).toBe(false);
  });

  it('keeps a straight flush whole: single 8 spends the 8 outside the run', () => {
    const { menu } = lead('4jd 5jd 6jd 7jd 8jd 8sw');
    expect(spent(menu, 'single', 8)).toEqual(['8sw']);
  });

  it('spares the Phoenix when natural cards make the shape, and spends the lowest pair in a full house', () => {
    const { menu } = lead('7jd 7sw phoenix 9jd 9sw 9pg 3jd 3sw Kjd Ksw');
    expect(spent(menu, 'pair', 7)).toEqual(['7jd', '7sw']);
    const full = menu.find(
      (e) => e.combo.type === 'fullHouse' && e.combo.rank === 18 && !e.play.cards.includes('phoenix'),
    );
    expect(full?.play.cards.filter((c) => !c.startsWith('9'))).toEqual(['3jd', '3sw']);
  });

  it('orders by kind, then length, then rank; bombs last', () => {
    const { menu } = lead('dog mahjong 2jd 3sw 4pg 5st 6jd 9jd 9sw 9pg 9st dragon phoenix');
    const types = menu.map((e) => e.combo.type);
    expect(types[0]).toBe('dog');
    expect(types.at(-1)).toBe('fourOfAKind');
    const singles = menu.filter((e) => e.combo.type === 'single').map((e) => e.play.cards[0]);
    expect(singles.slice(0, 2)).toEqual(['mahjong', '2jd']);
    expect(singles.slice(-2)).toEqual(['phoenix', 'dragon']);
  });
});

describe('the panel', () => {
  it('every option value decodes to a legal play; labels name the shape and the cards', () => {
    const { snapshot } = lead('Ajd Asw Apg 7jd 7sw 3st');
    const [, plays] = selects(renderPanel(snapshot, EN_TEXT));
    expect(plays?.placeholder).toMatch(/^Play… \(\d+ possible\)$/);
    const legal = snapshot.legal.filter((a): a is Play => a.type === 'play');
    for (const option of plays?.options ?? []) {
      const decoded = decodePlay(String(option.value));
      expect(
        legal.some((p) => p.cards.join() === decoded?.cards.join() && p.phoenixAs === decoded?.phoenixAs),
      ).toBe(true);
    }
    expect(plays?.options?.map((o) => o.label)).toContain('single A (🟢A)');
  });

  it('past 25 shapes, splits by kind: a kinds menu with counts, the chosen kind’s plays, and how many more', () => {
    const hand = '2jd 3sw 4pg 5st 6jd 7sw 8pg 9st 10jd Jsw Qpg Kst Ajd phoenix';
    const { snapshot, menu } = lead(hand);
    expect(menu.length).toBeGreaterThan(25);
    const [, kinds, plays] = selects(renderPanel(snapshot, EN_TEXT));
    expect(kinds?.custom_id).toMatch(/^hand:uxbench1:\d+:kind$/);
    const labels = (kinds?.options ?? []).map((o) => String(o.label));
    expect(labels[0]).toMatch(/^Singles \(\d+\)$/);
    expect(labels.some((l) => /^Straights of 5 \(\d+\)$/.test(l))).toBe(true);
    const total = labels.reduce((n, l) => n + Number(/\((\d+)\)$/.exec(l)?.[1]), 0);
    expect(total).toBe(menu.length);
    expect(plays?.placeholder).toMatch(
      new RegExp(`^Play… Singles: \\d+ of ${menu.length} \\(\\d+ more: choose another kind above\\)$`),
    );
    // Choosing a kind shows its plays, the kind marked chosen.
    const key = String(kinds?.options?.find((o) => String(o.label).startsWith('Straights of 6'))?.value);
    const [, again, six] = selects(renderPanel(snapshot, EN_TEXT, { kind: key }));
    expect(again?.options?.find((o) => o.default)?.value).toBe(key);
    expect((six?.options ?? []).every((o) => String(o.label).startsWith('straight'))).toBe(true);
    expect(six?.options?.length).toBeGreaterThan(0);
    // An unknown kind: the first kind, as if none was chosen.
    expect(selects(renderPanel(snapshot, EN_TEXT, { kind: 'straight99' }))[2]?.placeholder).toMatch(
      /^Play… Singles/,
    );
  });
});

describe('every legal play shape is reachable in at most two selections', () => {
  it('300 positions of random games and 100 dealt leads (seed ux-test): none hidden, none illegal, no bomb broken', () => {
    const run = runUx({ positions: 300, seed: 'ux-test', dealtLeads: 100 });
    expect(run.problems).toEqual([]);
    expect(run.hiddenPlays).toBe(0);
    expect(run.illegalOptions).toBe(0);
    expect(run.brokenBombs).toBe(0);
    expect(run.overLimits).toBe(0);
    // The check covered what it claims: leads, follows, wishes, and panels split by kind.
    expect(run.leads).toBeGreaterThan(50);
    expect(run.follows).toBeGreaterThan(50);
    expect(run.withWish).toBeGreaterThan(10);
    expect(run.kindSplit).toBeGreaterThan(3);
  });

  it.each(UX_LOOKS.filter((look) => look.name !== 'en'))(
    'the same in the $name look: no limit passed, every shape reached',
    ({ ui }) => {
      const run = runUx({ positions: 300, seed: 'ux-test', dealtLeads: 100, ui });
      expect(run.problems).toEqual([]);
      expect(run.hiddenPlays + run.illegalOptions + run.brokenBombs + run.overLimits).toBe(0);
      expect(run.longestContent).toBeGreaterThan(0);
    },
  );

  it('a long hand with the Phoenix under a wish: the wished plays all reachable', () => {
    const { snapshot } = lead('2jd 3sw 4pg 5st 6jd 7sw 8pg 9st 10jd Jsw Qpg Kst Ajd phoenix', { wish: 9 });
    const tally = {
      legalShapes: 0,
      hiddenPlays: 0,
      illegalOptions: 0,
      brokenBombs: 0,
      overLimits: 0,
      kindSplit: 0,
      problems: [],
      panelBytes: 0,
      longestContent: 0,
    };
    checkPosition(snapshot, 'wish 9', tally);
    expect(tally.problems).toEqual([]);
    expect(tally.hiddenPlays).toBe(0);
    expect(tally.legalShapes).toBeGreaterThan(25);
  });
});
