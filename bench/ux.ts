/**
 * The plays-menu proof: over random positions of random games (leads, follows, bombs out of turn,
 * with and without a wish), the real panel is rendered and every legal play shape (kind, length and
 * rank: "single A", "straight 3-7") must be reachable from it in at most two selections: in the
 * plays menu, or in it after choosing a kind in the kinds menu. Counted: `hiddenPlays` (legal
 * shapes no path reaches), `illegalOptions` (an option whose value is no legal play),
 * `brokenBombs` (an option that spends a card of a bomb in hand when another play of the same shape
 * spends none) and `overLimits` (a menu or label past Discord's limits). `npm run bench` runs
 * 10,000 positions; a vitest test a few hundred.
 */
import { pathToFileURL } from 'node:url';
import type { PlayerSnapshot, TableRecord } from '../src/app/tableService.js';
import { randomAction } from '../src/bots/randomBot.js';
import { emojiName } from '../src/discord/cardEmoji.js';
import { decodePlay } from '../src/discord/customIds.js';
import { type PanelOptions, renderPanel } from '../src/discord/renderPanel.js';
import { type CardFaces, EN_TEXT, type Ui } from '../src/discord/ui.js';
import {
  type Action,
  apply,
  buildScenario,
  type Card,
  type Combo,
  DECK,
  enumerateBombs,
  formatCards,
  legalActions,
  type MatchState,
  makeSettings,
  newMatch,
  owesAction,
  type Rank,
  Rng,
  readCombos,
  SEATS,
  type Seat,
  seatView,
  seedRng,
  shuffled,
} from '../src/engine/index.js';
import type { Figure } from './engine.js';

type Play = Extract<Action, { type: 'play' }>;

export interface UxResult {
  readonly seed: string;
  readonly positions: number;
  readonly leads: number;
  readonly follows: number;
  readonly outOfTurn: number;
  readonly withWish: number;
  /** Positions whose panel split the plays by kind (more shapes than one menu holds). */
  readonly kindSplit: number;
  readonly legalShapes: number;
  readonly hiddenPlays: number;
  readonly illegalOptions: number;
  readonly brokenBombs: number;
  readonly overLimits: number;
  /** The first problems found, each naming its position. */
  readonly problems: readonly string[];
  /** The panels' JSON bytes (the first panel of each position), summed, and the longest content. */
  readonly panelBytes: number;
  readonly longestContent: number;
}

/** Card emoji as deployed ones look: the real naming scheme, 19-digit ids. */
const FACES: CardFaces = new Map(
  DECK.map((card, i) => [
    card,
    { id: String(1_300_000_000_000_000_000n + BigInt(i)), name: emojiName(card, 'f'.repeat(64)) },
  ]),
);
/** The looks the plays menu is checked in: English text cards, and German with the card pictures. */
export const UX_LOOKS: ReadonlyArray<{ readonly name: string; readonly ui: Ui }> = [
  { name: 'en', ui: EN_TEXT },
  { name: 'deEmoji', ui: { lang: 'de', faces: FACES } },
];

/** A shape as players name a play: combo type, number of cards and rank (not which suits). */
function shapeOf(combo: Combo): string {
  return `${combo.type}/${combo.cards.length}/${combo.rank}`;
}

function comboOf(play: Play, top: Combo | null): Combo | undefined {
  const readings = readCombos(play.cards, top);
  return readings.find((c) => c.phoenixAs === play.phoenixAs) ?? readings[0];
}

/** How many bombs of the hand other than the play itself share a card with it. */
function bombsTouched(play: Play, hand: readonly Card[]): number {
  const key = (cards: readonly Card[]) => [...cards].sort().join(',');
  const own = key(play.cards);
  return enumerateBombs(hand, null).filter(
    (bomb) => key(bomb.cards) !== own && bomb.cards.some((c) => play.cards.includes(c)),
  ).length;
}

const TABLE: Omit<TableRecord, 'settings'> = {
  id: 'uxbench1',
  guildId: '100000000000000001',
  channelId: '200000000000000001',
  hostId: '300000000000000000',
  messageId: null,
  status: 'playing',
  seating: 'chosen',
  matchId: 1,
  pauseVotes: [],
  seats: [0, 1, 2, 3].map((n) => ({ kind: 'user', userId: `30000000000000000${n}`, name: `P${n}` })) as never,
  timer: '2m',
  pace: 'normal',
  deadline: null,
  notice: null,
  createdAt: 0,
  updatedAt: 0,
};

/** The seat's panel data, as the table service builds it (`playerView`). */
export function snapshotOf(state: MatchState, seat: Seat): PlayerSnapshot {
  return {
    table: { ...TABLE, settings: state.settings },
    seat,
    view: seatView(state, seat),
    legal: legalActions(state, seat, { exchanges: false }),
    deadline: null,
  };
}

type Select = { type: number; custom_id?: string; options?: Array<{ label: string; value: string }> };

function selects(snapshot: PlayerSnapshot, options: PanelOptions, ui: Ui): Select[] {
  return renderPanel(snapshot, ui, options)
    .components.flatMap((row) => (row as { components: Select[] }).components)
    .filter((c) => c.type === 3);
}

interface Tally {
  legalShapes: number;
  hiddenPlays: number;
  illegalOptions: number;
  brokenBombs: number;
  overLimits: number;
  kindSplit: number;
  problems: string[];
  panelBytes: number;
  longestContent: number;
}

/** Checks one position's panel, adding to the tally. */
export function checkPosition(snapshot: PlayerSnapshot, where: string, tally: Tally, ui: Ui = EN_TEXT): void {
  const { view, legal } = snapshot;
  const top = view.trick?.plays.at(-1)?.combo ?? null;
  const plays = legal.filter((a): a is Play => a.type === 'play');
  const shapes = new Map<string, Play[]>();
  for (const play of plays) {
    const combo = comboOf(play, top);
    if (!combo) continue;
    shapes.set(shapeOf(combo), [...(shapes.get(shapeOf(combo)) ?? []), play]);
  }
  const problem = (text: string) => {
    if (tally.problems.length < 20) tally.problems.push(`${where}: ${text}`);
  };
  const reached = new Set<string>();
  const readMenus = (menus: Select[]) => {
    for (const menu of menus) {
      if ((menu.options?.length ?? 0) > 25) tally.overLimits++;
      for (const option of menu.options ?? []) {
        if (option.label.length > 100 || option.value.length > 100) tally.overLimits++;
        if (!menu.custom_id?.startsWith('lp:')) continue;
        const decoded = decodePlay(option.value);
        const same = (p: Play) =>
          decoded !== null &&
          p.cards.length === decoded.cards.length &&
          p.cards.every((c) => decoded.cards.includes(c)) &&
          p.phoenixAs === decoded.phoenixAs;
        const play = plays.find(same);
        const combo = play && comboOf(play, top);
        if (!play || !combo) {
          tally.illegalOptions++;
          problem(`option "${option.label}" is no legal play`);
          continue;
        }
        const shape = shapeOf(combo);
        reached.add(shape);
        const touched = bombsTouched(play, view.hand);
        if (touched > 0 && (shapes.get(shape) ?? []).some((p) => bombsTouched(p, view.hand) === 0)) {
          tally.brokenBombs++;
          problem(`option "${option.label}" breaks a bomb that another choice keeps`);
        }
      }
    }
  };
  const panel = renderPanel(snapshot, ui, {});
  tally.panelBytes += Buffer.byteLength(JSON.stringify(panel));
  tally.longestContent = Math.max(tally.longestContent, panel.content.length);
  if (panel.content.length > 2000) {
    tally.overLimits++;
    problem(`content of ${panel.content.length} characters`);
  }
  const first = selects(snapshot, {}, ui);
  readMenus(first);
  const kinds = first.find((s) => s.custom_id?.startsWith('hand:'));
  if (kinds) {
    tally.kindSplit++;
    for (const option of kinds.options ?? []) readMenus(selects(snapshot, { kind: option.value }, ui));
  }
  tally.legalShapes += shapes.size;
  for (const [shape, same] of shapes) {
    if (reached.has(shape)) continue;
    tally.hiddenPlays++;
    problem(`no path reaches ${shape} (e.g. ${same[0]?.cards.join(' ')})`);
  }
}

/**
 * Random games (random legal actions, bombs out of turn at times) from `seed`; every position
 * where a seat may play is checked, until `positions` are, within a bounded number of steps; then
 * `dealtLeads` freshly dealt hands on lead.
 */
export function runUx(options: { positions: number; seed: string; dealtLeads?: number; ui?: Ui }): UxResult {
  const ui = options.ui ?? EN_TEXT;
  const rng = new Rng(seedRng(options.seed));
  const tally: Tally = {
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
  const count = { positions: 0, leads: 0, follows: 0, outOfTurn: 0, withWish: 0 };
  let matches = 0;
  let state = newMatch(makeSettings(), `${options.seed}/${matches}`);
  const check = (seat: Seat) => {
    const snapshot = snapshotOf(state, seat);
    if (!snapshot.legal.some((a) => a.type === 'play')) return;
    count.positions++;
    if (state.hand.turn !== seat) count.outOfTurn++;
    else if (state.hand.trick === null) count.leads++;
    else count.follows++;
    if (state.hand.wish !== null) count.withWish++;
    checkPosition(snapshot, `${options.seed} match ${matches} v${state.version} seat ${seat}`, tally, ui);
  };
  for (let step = 0; count.positions < options.positions && step < options.positions * 100; step++) {
    if (state.status === 'finished' || state.history.length >= 2) {
      state = newMatch(makeSettings(), `${options.seed}/${++matches}`);
      continue;
    }
    if (state.hand.phase === 'play' && !state.hand.pending) {
      for (const seat of SEATS) if (count.positions < options.positions) check(seat);
    }
    const seat = SEATS.find((s) => owesAction(state, s));
    const action = seat === undefined ? null : randomAction(state, seat, rng);
    if (seat === undefined || !action) break;
    const next = apply(state, seat, action);
    if (!next.ok) throw new Error(`the engine refused its own legal action: ${next.error.code}`);
    state = next.value.state;
  }
  // Fresh 14-card hands on lead (a third with a wish): where the shapes most often pass 25.
  for (let i = 0; i < (options.dealtLeads ?? 0); i++) {
    const deck = shuffled(DECK, rng);
    const hands = [0, 1, 2, 3].map((s) => formatCards(deck.slice(s * 14, s * 14 + 14)));
    const wish = i % 3 === 2 ? ((2 + rng.nextInt(13)) as Rank) : null;
    const dealt = buildScenario({
      hands: { 0: hands[0], 1: hands[1], 2: hands[2], 3: hands[3] },
      turn: 0,
      wish,
    });
    const snapshot = snapshotOf(dealt, 0);
    count.positions++;
    count.leads++;
    if (wish !== null) count.withWish++;
    checkPosition(snapshot, `${options.seed} dealt lead ${i}`, tally, ui);
  }
  return { seed: options.seed, ...count, ...tally };
}

export function uxFigures(seed = argument('--ux-seed=') ?? 'ux-1', positions = 10_000): Figure[] {
  const start = process.hrtime.bigint();
  const dealtLeads = Math.round(positions / 10);
  // The same positions in each look: English text cards, German with the card pictures.
  const runs = UX_LOOKS.map((look) => ({
    look: look.name,
    ...runUx({ positions, seed, dealtLeads, ui: look.ui }),
  }));
  const run = runs[0] as (typeof runs)[number];
  const sum = (key: 'hiddenPlays' | 'illegalOptions' | 'brokenBombs' | 'overLimits') =>
    runs.reduce((n, r) => n + r[key], 0);
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  console.log(
    `ux: seed ${run.seed}, ${run.positions} positions (${run.leads} leads, ${run.follows} follows, ${run.outOfTurn} out of turn; ${run.withWish} with a wish), ${run.legalShapes} legal shapes, ${run.kindSplit} split by kind, each in ${runs.map((r) => r.look).join(' and ')}, in ${seconds.toFixed(1)} s`,
  );
  for (const r of runs) for (const problem of r.problems) console.log(`ux (${r.look}): ${problem}`);
  const bytes = (r: (typeof runs)[number]): Figure => ({
    key: `ux.panelBytes.${r.look}`,
    value: Math.round(r.panelBytes / r.positions),
    unit: 'bytes',
    target: 'reported',
    met: true,
    note: `mean JSON of a panel with plays over ${r.positions} positions; longest content ${r.longestContent} of 2000 characters`,
  });
  const zero = (key: string, value: number, note?: string): Figure => ({
    key,
    value,
    unit: 'count',
    target: '== 0',
    met: value === 0,
    ...(note ? { note } : {}),
  });
  return [
    zero(
      'ux.hiddenPlays',
      sum('hiddenPlays'),
      `seed ${run.seed}, ${run.positions} positions: ${positions} from random games, ${dealtLeads} dealt leads; each in English text and German with card emoji`,
    ),
    zero('ux.illegalOptions', sum('illegalOptions')),
    zero('ux.brokenBombs', sum('brokenBombs')),
    zero('ux.overLimits', sum('overLimits'), 'options <= 25, labels and values <= 100, content <= 2000'),
    ...runs.map(bytes),
    {
      key: 'ux.kindSplitPositions',
      value: run.kindSplit,
      unit: 'count',
      target: 'reported',
      met: true,
      note: `of ${run.positions} positions the plays were split by kind`,
    },
  ];
}

function argument(prefix: string): string | undefined {
  return process.argv.find((a) => a.startsWith(prefix))?.slice(prefix.length);
}

// Alone: `node --import tsx bench/ux.ts [--ux-seed=TEXT] [--ux-count=N]`.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const figures = uxFigures(undefined, Number(argument('--ux-count=') ?? 10_000));
  for (const f of figures) console.log(`${f.key.padEnd(32)} ${String(f.value).padStart(10)} ${f.unit}`);
  process.exit(figures.every((f) => f.met) ? 0 : 1);
}
