/**
 * The plays menu: legal plays grouped by shape (kind, length and rank: "single A", "pair 7",
 * "straight 3-7"), one option per shape whatever the suits, with the cards each option spends
 * chosen for the player; and, when the shapes are more than a menu holds, the kinds to choose from
 * first. Pure: no discord.js.
 */
import { type Action, type Card, type Combo, cardInfo, readCombos } from '../engine/index.js';
import { type Lang, t } from '../i18n/index.js';
import { inHandOrder } from './cardText.js';

export type PlayAction = Extract<Action, { type: 'play' }>;

/** Discord's options per select menu. */
export const MENU_LIMIT = 25;

/** One option of the menu: a shape, and the play chosen to make it. */
export interface ShapePlay {
  /** The shape: combo type, number of cards and rank, e.g. "straight:5:14". */
  readonly shape: string;
  readonly play: PlayAction;
  readonly combo: Combo;
}

/** A kind of play in the first menu when the shapes do not fit in one ("straight5", "pair"...). */
export interface KindGroup {
  readonly key: string;
  /** The kind ("straight", "pair"...), and the length when a kind was split by length (else null). */
  readonly kind: Kind;
  readonly length: number | null;
  readonly plays: readonly ShapePlay[];
}

/** The shape a combo makes, regardless of which suits make it or whether the Phoenix stands in. */
export function shapeOf(combo: Combo): string {
  if (combo.type === 'single' && combo.cards[0] === 'phoenix') return 'single:1:phoenix';
  return `${combo.type}:${combo.cards.length}:${combo.rank}`;
}

/** The combo a legal play makes on the table's top combo (its Phoenix reading, when it has one). */
export function comboOfPlay(play: PlayAction, top: Combo | null): Combo | undefined {
  const readings = readCombos(play.cards, top);
  return readings.find((c) => c.phoenixAs === play.phoenixAs) ?? readings[0];
}

/**
 * One play per shape, in menu order (kind, length, rank; bombs last). For each shape the cards
 * spent keep every bomb in hand whole when some choice can, spare the Phoenix when natural cards
 * make the same shape, and are otherwise the lowest.
 */
export function groupPlays(
  plays: readonly PlayAction[],
  hand: readonly Card[],
  top: Combo | null,
): ShapePlay[] {
  const held = bombCards(hand).size;
  const best = new Map<string, { entry: ShapePlay; cost: number[] }>();
  for (const play of plays) {
    const combo = comboOfPlay(play, top);
    if (!combo) continue;
    const shape = shapeOf(combo);
    const cost = spendCost(play, hand, held);
    const current = best.get(shape);
    if (!current || lessThan(cost, current.cost)) best.set(shape, { entry: { shape, play, combo }, cost });
  }
  return [...best.values()]
    .map((b) => b.entry)
    .sort((a, b) => compareKeys(menuKey(a.combo), menuKey(b.combo)));
}

/** The kinds to choose from first (each at most MENU_LIMIT shapes), in menu order. */
export function kindGroups(menu: readonly ShapePlay[]): KindGroup[] {
  const byKind = new Map<Kind, ShapePlay[]>();
  for (const entry of menu) {
    const kind = KINDS[entry.combo.type];
    byKind.set(kind, [...(byKind.get(kind) ?? []), entry]);
  }
  const groups: KindGroup[] = [];
  for (const [kind, entries] of byKind) {
    if (entries.length <= MENU_LIMIT) {
      groups.push({ key: kind, kind, length: null, plays: entries });
      continue;
    }
    // Too many for one menu: by length (straights of 5, of 6...), each a few shapes.
    const byLength = new Map<number, ShapePlay[]>();
    for (const entry of entries) {
      const n = entry.combo.cards.length;
      byLength.set(n, [...(byLength.get(n) ?? []), entry]);
    }
    // One length holds at most 12 shapes (one per top rank).
    for (const [n, same] of byLength) groups.push({ key: `${kind}${n}`, kind, length: n, plays: same });
  }
  return groups;
}

/** A kind key as the kinds menu sends it: a kind, and a length when a kind was split. */
export const KIND_KEY = /^[a-z]{1,12}\d{0,2}$/;

type Kind = 'single' | 'pair' | 'triple' | 'full' | 'straight' | 'pairs' | 'bomb';

const KINDS: Readonly<Record<Combo['type'], Kind>> = {
  dog: 'single',
  single: 'single',
  pair: 'pair',
  triple: 'triple',
  fullHouse: 'full',
  straight: 'straight',
  pairSequence: 'pairs',
  fourOfAKind: 'bomb',
  straightFlush: 'bomb',
};

/** A kind as the kinds menu names it: "Singles", "Straights of 5", "Bombs: four of a kind". */
export function kindTitle(group: KindGroup, lang: Lang): string {
  const n = group.length;
  const title = t(lang, `panel.kind.${group.kind}`);
  if (n === null) return title;
  if (group.kind === 'straight') return t(lang, 'panel.kind.straightOf', { n });
  if (group.kind === 'pairs') return t(lang, 'panel.kind.pairsOf', { n: n / 2 });
  if (group.kind === 'bomb')
    return n === 4 ? t(lang, 'panel.kind.fourOfAKind') : t(lang, 'panel.kind.straightFlushOf', { n });
  return t(lang, 'panel.kind.of', { kind: title, n });
}

const TYPE_ORDER: Readonly<Record<Combo['type'], number>> = {
  dog: 0,
  single: 0,
  pair: 1,
  triple: 2,
  fullHouse: 3,
  straight: 4,
  pairSequence: 5,
  fourOfAKind: 6,
  straightFlush: 7,
};

/** Kind, then length, then rank; among singles the Dog first, the Phoenix and the Dragon last. */
function menuKey(combo: Combo): number[] {
  const first = combo.cards[0];
  const rank = combo.type === 'dog' ? -1 : first === 'phoenix' && combo.type === 'single' ? 29 : combo.rank;
  return [TYPE_ORDER[combo.type], combo.cards.length, rank];
}

function compareKeys(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) {
    const d = (a[i] as number) - (b[i] as number);
    if (d !== 0) return d;
  }
  return 0;
}

function lessThan(a: readonly number[], b: readonly number[]): boolean {
  return compareKeys(a, b) < 0;
}

/**
 * What spending these cards costs, compared in order: the hand's bomb cards it loses (cards in a
 * four of a kind or a straight flush that no longer are), the Phoenix, the ranks spent, then the
 * cards' place in the hand (so the choice is always the same).
 */
function spendCost(play: PlayAction, hand: readonly Card[], heldBombCards: number): number[] {
  const rest = hand.filter((c) => !play.cards.includes(c));
  const lost = heldBombCards === 0 ? 0 : heldBombCards - bombCards(rest).size;
  const phoenix = play.cards.includes('phoenix') ? 1 : 0;
  let ranks = 0;
  for (const card of play.cards) ranks += Math.max(cardInfo(card).rank, 0);
  const order = inHandOrder(play.cards).map((c) => hand.indexOf(c));
  return [lost, phoenix, ranks, ...order];
}

/** The cards of `hand` that belong to a bomb: all four of a rank, or a run of five or more in a suit. */
export function bombCards(hand: readonly Card[]): Set<Card> {
  const out = new Set<Card>();
  // By rank (2..14) and by suit then rank, in arrays: a panel asks this once per play it offers.
  const byRank: Card[][] = [];
  const bySuit: Array<Array<Card | undefined>> = [];
  for (const card of hand) {
    const { rank, suitIndex } = cardInfo(card);
    if (suitIndex < 0) continue;
    const sameRank = byRank[rank] ?? [];
    sameRank.push(card);
    byRank[rank] = sameRank;
    const suit = bySuit[suitIndex] ?? [];
    suit[rank] = card;
    bySuit[suitIndex] = suit;
  }
  for (const cards of byRank) if (cards?.length === 4) for (const c of cards) out.add(c);
  for (const suit of bySuit) {
    if (!suit) continue;
    let run: Card[] = [];
    for (let rank = 2; rank <= 15; rank++) {
      const card = suit[rank];
      if (card) {
        run.push(card);
        continue;
      }
      if (run.length >= 5) for (const c of run) out.add(c);
      run = [];
    }
  }
  return out;
}
