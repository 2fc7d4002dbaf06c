/** The play phase on a player's panel: wish, Dragon gift, Phoenix reading, card picker and plays. */
import type { PlayerSnapshot } from '../app/tableService.js';
import {
  type Action,
  type Card,
  isBomb,
  isNormal,
  pointsIn,
  RANKS,
  readCombos,
  type Seat,
  type SeatView,
} from '../engine/index.js';
import { type Lang, plural, t } from '../i18n/index.js';
import { cardEmojiField, cardText, comboLabel, inHandOrder, playLabel, rankLabel } from './cardText.js';
import { encodeCards, encodeId, encodePlay } from './customIds.js';
import { seatName } from './names.js';
import { button, cardOption, type PanelOptions, type Row } from './panelParts.js';
import { showsTrickLines } from './panelTable.js';
import { comboLabelFor } from './playLabels.js';
import {
  groupPlays,
  type KindGroup,
  kindGroups,
  kindTitle,
  MENU_LIMIT,
  type PlayAction,
  type ShapePlay,
} from './playMenu.js';
import { tichuButtons } from './tichuButtons.js';
import { lastTrickLine } from './trickText.js';
import type { Ui } from './ui.js';

export function playRows(snapshot: PlayerSnapshot, ui: Ui, options: PanelOptions, lines: string[]): Row[] {
  const { view, table, legal } = snapshot;
  const { lang } = ui;
  const id = (
    verb: 'pass' | 'play' | 'pick' | 'lp' | 'tichu' | 'gift' | 'wish' | 'hand',
    ...args: Array<string | number>
  ) => encodeId(verb, table.id, view.version, ...args);
  lines.push(situation(snapshot, ui));
  // An empty table: who took the trick before (and its points), which the panel's trick lines,
  // gone with it, no longer tell.
  const taken = view.trick === null ? lastTaken(snapshot, ui) : null;
  if (taken) lines.push(`-# ${taken}`);
  // On a trick, only the wish takes Pass away: say so, or the missing button looks like a fault.
  if (
    view.turn === view.seat &&
    view.trick !== null &&
    view.wish !== null &&
    !legal.some((a) => a.type === 'pass')
  )
    lines.push(t(lang, 'panel.wishBinds', { rank: rankLabel(view.wish) }));
  if (view.pending?.seat === view.seat && view.pending.kind === 'wish') {
    lines.push(t(lang, 'panel.wishAsk'));
    const rows: Row[] = [
      {
        type: 1,
        components: [
          {
            type: 3,
            custom_id: id('wish'),
            placeholder: t(lang, 'panel.wishPlaceholder'),
            options: RANKS.map((r) => ({ label: rankLabel(r), value: String(r) })),
          },
        ],
      },
    ];
    if (legal.some((a) => a.type === 'wish' && a.rank === null))
      rows.push({ type: 1, components: [button(t(lang, 'panel.noWish'), id('wish', 0), 2)] });
    return rows;
  }
  if (view.pending?.seat === view.seat && view.pending.kind === 'dragonGift') {
    const points = pointsIn(view.trick?.plays.flatMap((p) => p.combo.cards) ?? []);
    lines.push(t(lang, 'panel.dragonAsk', { points }));
    const gifts = legal.filter((a): a is Extract<Action, { type: 'giveDragon' }> => a.type === 'giveDragon');
    return [
      {
        type: 1,
        components: gifts.map((g) =>
          // Its cards left beside each name: who is close to going out is what the choice turns on.
          button(
            `${t(lang, 'panel.giveTo', { name: seatName(table, g.to, lang) })} · ${plural(lang, 'table.seat.cards', view.cardsLeft[g.to])}`,
            id('gift', g.to),
            1,
          ),
        ),
      },
    ];
  }
  if (view.hand.length === 0) {
    lines.push(t(lang, 'panel.out'));
    return [];
  }
  const allPlays = legal.filter((a): a is PlayAction => a.type === 'play');
  // A bomb is four cards at least (four of a kind, a straight flush of five or more): the rest are
  // not read for one.
  const bombs = allPlays.filter((p) => p.cards.length >= 4 && readCombos(p.cards).some(isBomb));
  // Out of turn the buttons alone do not tell a newcomer that a bomb may go now: the panel says so.
  if (bombs.length > 0 && view.turn !== view.seat) lines.push(t(lang, 'panel.bombOutOfTurn'));
  const rows: Row[] = [];
  if (options.readings && options.readings.length > 0) {
    lines.push(t(lang, 'panel.phoenixAsk'));
    rows.push({
      type: 1,
      components: options.readings
        .slice(0, 5)
        .map((r) => button(r.label.slice(0, 80), id('play', encodeCards(r.cards), r.phoenixAs), 1)),
    });
  }
  const picked = options.picked ?? [];
  rows.push({
    type: 1,
    components: [
      {
        type: 3,
        custom_id: id('pick'),
        placeholder: t(lang, 'panel.pickPlaceholder'),
        min_values: 1,
        max_values: view.hand.length,
        // In the order the hand line shows (and /help states), not the engine's.
        options: inHandOrder(view.hand).map((card) => cardOption(card, ui, picked.includes(card))),
      },
    ],
  });
  const plays = options.bombsOnly && bombs.length > 0 ? bombs : allPlays;
  const verb: MenuVerb = plays === bombs ? 'chooseBomb' : view.turn === view.seat ? 'play' : 'bombNow';
  const menu = groupPlays(plays, view.hand, topCombo(view));
  // While the Phoenix's reading is asked, a split menu (two rows) would leave no room: Refresh shows it.
  if (!options.readings || menu.length <= MENU_LIMIT)
    rows.push(...menuRows(menu, verb, options.kind, ui, id));
  else lines.push(t(lang, 'panel.menuLater'));
  const actions: Row[] = [];
  if (picked.length > 0)
    actions.push(button(pickedLabel(snapshot, picked, lang), id('play', encodeCards(picked)), 3));
  if (legal.some((a) => a.type === 'pass')) actions.push(button(t(lang, 'panel.pass'), id('pass'), 2));
  if (legal.some((a) => a.type === 'tichu'))
    actions.push(...tichuButtons(snapshot, ui, t(lang, 'panel.tichu'), options.confirmTichu === true));
  // Whenever a bomb may be played (in turn or out of it), "Bomb!" drops the one bomb held at
  // once; with several, it asks which.
  const [onlyBomb] = bombs;
  if (onlyBomb)
    actions.push(
      button(
        t(lang, 'panel.bomb'),
        bombs.length === 1 ? id('play', encodePlay(onlyBomb.cards)) : id('hand', 'bomb'),
        4,
        '💣',
      ),
    );
  if (actions.length > 0) rows.push({ type: 1, components: actions });
  return rows;
}

/**
 * The Play button under picked cards names what they would play ("Play: straight 3-7") when they
 * make exactly one legal play; else it counts them ("Play 2 cards"), and the rules say why not.
 */
function pickedLabel(snapshot: PlayerSnapshot, picked: readonly Card[], lang: Lang): string {
  const same = (cards: readonly Card[]) =>
    cards.length === picked.length && cards.every((card) => picked.includes(card));
  const plays = snapshot.legal.filter(
    (a): a is Extract<Action, { type: 'play' }> => a.type === 'play' && same(a.cards),
  );
  const [only] = plays;
  return only && plays.length === 1
    ? t(lang, 'panel.playCombo', { combo: comboLabelFor(snapshot.view, only, lang) })
    : plural(lang, 'panel.playCards', picked.length);
}

function situation(snapshot: PlayerSnapshot, ui: Ui): string {
  const { view, table } = snapshot;
  const { lang } = ui;
  const parts: string[] = [];
  const top = view.trick?.plays.at(-1);
  // A lead alone shows its cards here; once the trick is told play by play, its lines do.
  const combo = top ? (showsTrickLines(view) ? comboLabel(top.combo, lang) : playLabel(top.combo, ui)) : '';
  parts.push(
    !top
      ? t(lang, 'panel.tableEmpty')
      : top.seat === view.seat
        ? t(lang, 'panel.onTableYours', { combo })
        : t(lang, 'panel.onTable', { combo, name: seatName(table, top.seat, lang) }),
  );
  if (view.wish !== null) parts.push(t(lang, 'panel.wish', { rank: rankLabel(view.wish) }));
  const pending = view.pending;
  // A wish or a Dragon gift owed holds the play: name who owes it, not the next seat in turn.
  if (pending) {
    if (pending.seat !== view.seat)
      parts.push(
        t(lang, pending.kind === 'wish' ? 'panel.namingWish' : 'panel.givingDragon', {
          name: seatName(table, pending.seat, lang),
        }),
      );
  } else if (view.turn === view.seat) parts.push(t(lang, top ? 'panel.yourTurn' : 'panel.yourLead'));
  else if (view.turn !== null)
    parts.push(t(lang, top ? 'panel.toPlay' : 'panel.leads', { name: seatName(table, view.turn, lang) }));
  return parts.join(' · ');
}

/** "Ann took it with 🐉 Dragon · 35 points (given to Bot 2)": the trick taken last, this hand. */
function lastTaken(snapshot: PlayerSnapshot, ui: Ui): string | null {
  const { view, table } = snapshot;
  const name = (seat: Seat) =>
    seat === view.seat ? t(ui.lang, 'panel.table.you') : seatName(table, seat, ui.lang);
  return lastTrickLine(view, name, ui.lang, view.seat);
}

function topCombo(view: SeatView) {
  return view.trick?.plays.at(-1)?.combo ?? null;
}

type IdOf = (verb: 'lp' | 'hand', ...args: Array<string | number>) => string;

/** What the plays menu offers: your plays in turn, bombs out of turn, or only bombs (after **Bomb!**). */
type MenuVerb = 'play' | 'bombNow' | 'chooseBomb';

const VERB_KEYS = {
  play: 'panel.menuPlay',
  bombNow: 'panel.menuBombNow',
  chooseBomb: 'panel.menuChooseBomb',
} as const;

/**
 * The plays menu: one option per shape; when the shapes are more than a menu holds, a menu of
 * kinds first ("Singles (9)", "Straights of 5 (6)") and the plays of the chosen kind (the first
 * by default), saying how many more the other kinds hold.
 */
function menuRows(
  menu: readonly ShapePlay[],
  verb: MenuVerb,
  kind: string | undefined,
  ui: Ui,
  id: IdOf,
): Row[] {
  if (menu.length === 0) return [];
  const { lang } = ui;
  const select = (placeholder: string, shown: readonly ShapePlay[]): Row => ({
    type: 1,
    components: [
      {
        type: 3,
        custom_id: id('lp'),
        placeholder: placeholder.slice(0, 150),
        options: shown.map((entry) => playOption(entry, ui)),
      },
    ],
  });
  if (menu.length <= MENU_LIMIT)
    return [
      select(
        verb === 'play' ? t(lang, 'panel.menuPlayCount', { count: menu.length }) : t(lang, VERB_KEYS[verb]),
        menu,
      ),
    ];
  const groups = kindGroups(menu);
  const listed = groups.slice(0, MENU_LIMIT);
  const chosen = listed.find((g) => g.key === kind) ?? (listed[0] as KindGroup);
  const unlisted = groups.slice(MENU_LIMIT).reduce((n, g) => n + g.plays.length, 0);
  const others = menu.length - chosen.plays.length - unlisted;
  const more = [
    others > 0 ? t(lang, 'panel.kindMoreAbove', { count: others }) : '',
    unlisted > 0 ? t(lang, 'panel.kindOnlyPicker', { count: unlisted }) : '',
  ].filter((text) => text !== '');
  return [
    {
      type: 1,
      components: [
        {
          type: 3,
          custom_id: id('hand', 'kind'),
          placeholder: t(lang, 'panel.kindsPlaceholder', { count: menu.length }),
          options: listed.map((g) => ({
            label: `${kindTitle(g, lang)} (${g.plays.length})`,
            value: g.key,
            default: g === chosen,
          })),
        },
      ],
    },
    select(
      t(lang, 'panel.kindPlaceholder', {
        verb: t(lang, VERB_KEYS[verb]),
        kind: kindTitle(chosen, lang),
        shown: chosen.plays.length,
        total: menu.length,
        more: more.join('; '),
      }),
      chosen.plays,
    ),
  ];
}

/** One play of the plays menu as a select option (the one place its options are made). */
/** A play as a select option; with the card pictures, its highest card's picture beside the label. */
function playOption(entry: ShapePlay, ui: Ui): Row {
  const top = inHandOrder(entry.play.cards).at(-1);
  const emoji = top === undefined ? undefined : cardEmojiField(top, ui);
  return {
    label: optionLabel(entry, ui.lang),
    value: encodePlay(entry.play.cards, entry.play.phoenixAs),
    ...(emoji ? { emoji } : {}),
  };
}

/**
 * "straight 3-7 (🔴3 🟢4 🔵5 ⚫6 🔴7)" in the reader's language, as text (Discord's labels show no
 * custom emoji), within Discord's 100 characters (cards left out as needed).
 */
function optionLabel(entry: ShapePlay, lang: Lang): string {
  const name = comboLabel(entry.combo, lang);
  const cards = inHandOrder(entry.play.cards);
  if (cards.length === 1 && !isNormal(cards[0] as Card)) return name.slice(0, 100);
  for (let n = cards.length; n > 0; n--) {
    const shown = cards.slice(0, n).map((card) => cardText(card, lang));
    const label = `${name} (${shown.join(' ')}${n < cards.length ? ' …' : ''})`;
    if (label.length <= 100) return label;
  }
  return name.slice(0, 100);
}

/** Whether the panel's plays menu, split by kind, offers this kind now. */
export function offersKind(snapshot: PlayerSnapshot, kind: string): boolean {
  const { view, legal } = snapshot;
  if (view.phase !== 'play' || view.pending) return false;
  const plays = legal.filter((a): a is PlayAction => a.type === 'play');
  const menu = groupPlays(plays, view.hand, topCombo(view));
  return menu.length > MENU_LIMIT && kindGroups(menu).some((g) => g.key === kind);
}
