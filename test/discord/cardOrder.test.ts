/**
 * Cards read in one order wherever they are listed, the order /help states ("Dog, Mah Jong, 2 … A,
 * Phoenix, Dragon"): the hand line, the card picker, the exchange menus, the plays menu, the table's
 * trick log and /history. The engine keeps hands in its own order (Dog and Phoenix first), so each
 * place must sort with `inHandOrder`; a place that lists `view.hand` as it comes fails here.
 */
import { describe, expect, it } from 'vitest';
import type { HandLog } from '../../src/app/stats.js';
import type { PlayerSnapshot } from '../../src/app/tableService.js';
import { cardText, inHandOrder } from '../../src/discord/cardText.js';
import { handLogLines } from '../../src/discord/renderHistory.js';
import { renderPanel } from '../../src/discord/renderPanel.js';
import { trickLines } from '../../src/discord/trickText.js';
import type { Ui } from '../../src/discord/ui.js';
import {
  type Action,
  buildScenario,
  type Card,
  legalActions,
  type MatchState,
  publicView,
  readCombos,
  type Seat,
  seatView,
  sortCards,
} from '../../src/engine/index.js';
import { CATALOGUES, type Lang } from '../../src/i18n/index.js';
import { playingTable } from '../support/records.js';

const HAND: Card[] = ['dog', 'phoenix', 'mahjong', '3st', '3jd', '9sw', 'Ajd', 'dragon'];
const LANGS: Lang[] = ['en', 'de'];
const text = (lang: Lang): Ui => ({ lang, faces: null });

/** The order /help states, read from the help text itself: the specials' names in it, in order. */
function helpOrder(lang: Lang): string[] {
  const help = CATALOGUES[lang]['cmd.help.symbolsCards'];
  const sentence = help.split('\n').find((line) => /2 … A/.test(line)) ?? '';
  const specials = (['dog', 'mahjong', 'phoenix', 'dragon'] as const).map((card) => ({
    card,
    at: sentence.indexOf(CATALOGUES[lang][`card.${card}`]),
  }));
  expect(specials.every((s) => s.at >= 0)).toBe(true);
  const twoToAce = sentence.indexOf('2 … A');
  return [...specials, { card: '2..A', at: twoToAce }].sort((a, b) => a.at - b.at).map((s) => s.card);
}

/** `cards` reduced to the shape /help speaks of: the specials by name, the normal cards as one run. */
function shape(cards: readonly Card[]): string[] {
  const out: string[] = [];
  for (const card of cards) {
    const normal = !['dog', 'mahjong', 'phoenix', 'dragon'].includes(card);
    const item = normal ? '2..A' : card;
    if (out.at(-1) !== item) out.push(item);
  }
  return out;
}

/** The cards a text lists, in the order it lists them (text cards: "🟢3", "🐕 Hund"). */
function cardsIn(line: string, lang: Lang, among: readonly Card[]): Card[] {
  const found = among
    .map((card) => ({ card, at: line.indexOf(cardText(card, lang)) }))
    .filter((f) => f.at >= 0);
  return found.sort((a, b) => a.at - b.at).map((f) => f.card);
}

function snapshot(state: MatchState, seat: Seat): PlayerSnapshot {
  return {
    table: playingTable(state.settings),
    seat,
    view: seatView(state, seat),
    legal: legalActions(state, seat, { exchanges: false }),
    deadline: null,
  };
}

type Option = { label: string; value: string };
type Select = { type: number; placeholder?: string; options?: Option[] };
const selects = (payload: ReturnType<typeof renderPanel>): Select[] =>
  payload.components
    .flatMap((row) => (row as { components: Select[] }).components)
    .filter((c) => c.type === 3);

describe('one card order everywhere, the one /help states', () => {
  const leading = buildScenario({
    hands: { 0: HAND.join(' '), 1: '4jd 5jd', 2: '6sw 7sw', 3: '8pg 10pg' },
    turn: 0,
  });

  it.each(LANGS)(
    '/help (%s) states Dog, Mah Jong, 2 … A, Phoenix, Dragon, and inHandOrder sorts so',
    (lang) => {
      expect(helpOrder(lang)).toEqual(['dog', 'mahjong', '2..A', 'phoenix', 'dragon']);
      expect(shape(inHandOrder(HAND))).toEqual(helpOrder(lang));
      // The engine's own order differs (Phoenix beside the Dog): what every display place must not show.
      expect(shape(sortCards(HAND))).not.toEqual(helpOrder(lang));
    },
  );

  it.each(LANGS)('the hand line and the card picker of the play panel (%s)', (lang) => {
    const payload = renderPanel(snapshot(leading, 0), text(lang));
    const handLine = payload.content.split('\n').find((l) => l.includes(cardText('dragon', lang))) ?? '';
    expect(cardsIn(handLine, lang, HAND)).toEqual(inHandOrder(HAND));
    const picker = selects(payload).find((s) => (s.options ?? []).length === HAND.length);
    expect(picker?.options?.map((o) => o.label)).toEqual(inHandOrder(HAND).map((c) => cardText(c, lang)));
  });

  it.each(LANGS)('the plays menu: its singles, and the cards inside each option (%s)', (lang) => {
    const payload = renderPanel(snapshot(leading, 0), text(lang));
    const menu = selects(payload).find((s) => (s.options ?? []).length !== HAND.length);
    const labels = menu?.options?.map((o) => o.label) ?? [];
    const singles = labels.filter((l) => !l.includes('('));
    // Specials are named alone; the normal singles between them.
    const named = singles.flatMap((l) => cardsIn(l, lang, ['dog', 'mahjong', 'phoenix', 'dragon']));
    expect(named).toEqual(['dog', 'mahjong', 'phoenix', 'dragon']);
    for (const label of labels.filter((l) => l.includes('('))) {
      const listed = cardsIn(label, lang, HAND);
      expect(listed).toEqual(inHandOrder(listed));
    }
  });

  it.each(LANGS)('the three exchange menus (%s)', (lang) => {
    const exchange: MatchState = { ...leading, hand: { ...leading.hand, phase: 'exchange', turn: null } };
    const payload = renderPanel(snapshot(exchange, 0), text(lang));
    const menus = selects(payload);
    expect(menus).toHaveLength(3);
    for (const menu of menus)
      expect(menu.options?.map((o) => o.label)).toEqual(inHandOrder(HAND).map((c) => cardText(c, lang)));
  });

  it.each(LANGS)('the trick log of the table message and the /history line of a play (%s)', (lang) => {
    // A straight with the Mah Jong and the Phoenix: "1 2 3 4 5" with the Phoenix as the 4.
    const straight = readCombos(['phoenix', '5sw', 'mahjong', '3st', '2pg'] as Card[])[0];
    if (!straight) throw new Error('no straight');
    const state = buildScenario({ hands: { 0: '9jd', 1: '4jd', 2: '6sw', 3: '8pg' }, turn: 1 });
    const view = {
      ...publicView(state),
      trick: { plays: [{ seat: 0 as Seat, combo: straight }], passed: [] },
    };
    const log = trickLines(view, (s) => `P${s}`, text(lang)) ?? '';
    expect(cardsIn(log, lang, straight.cards)).toEqual(['mahjong', '2pg', '3st', '5sw', 'phoenix']);
    const history: HandLog = {
      match: {} as HandLog['match'],
      number: 1,
      entries: [
        {
          version: 1,
          seat: 0,
          action: { type: 'play', cards: straight.cards } satisfies Action,
          events: [{ type: 'played', seat: 0, combo: straight, outOfTurn: false }],
        },
      ],
    };
    const [line] = handLogLines(history, (s) => `P${s}`, text(lang));
    expect(cardsIn(line ?? '', lang, straight.cards)).toEqual(['mahjong', '2pg', '3st', '5sw', 'phoenix']);
  });
});
