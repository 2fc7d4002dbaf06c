/** The play phase on a player's panel: wish, Dragon gift, Phoenix reading, card picker and plays. */
import type { PlayerSnapshot } from '../app/tableService.js';
import {
  type Action,
  type Card,
  isBomb,
  isNormal,
  RANKS,
  readCombos,
  type SeatView,
} from '../engine/index.js';
import { comboLabel, inHandOrder, rankLabel } from './cardText.js';
import { encodeCards, encodeId, encodePlay } from './customIds.js';
import { seatName } from './names.js';
import { button, type PanelOptions, plainCard, type Row } from './panelParts.js';
import {
  groupPlays,
  type KindGroup,
  kindGroups,
  MENU_LIMIT,
  type PlayAction,
  type ShapePlay,
} from './playMenu.js';

export function playRows(snapshot: PlayerSnapshot, options: PanelOptions, lines: string[]): Row[] {
  const { view, table, legal } = snapshot;
  const id = (
    verb: 'pass' | 'play' | 'pick' | 'lp' | 'tichu' | 'gift' | 'wish' | 'hand',
    ...args: Array<string | number>
  ) => encodeId(verb, table.id, view.version, ...args);
  lines.push(situation(snapshot));
  if (view.pending?.seat === view.seat && view.pending.kind === 'wish') {
    lines.push('You played the Mah Jong: name a **wish** (a rank that must be played when possible).');
    const rows: Row[] = [
      {
        type: 1,
        components: [
          {
            type: 3,
            custom_id: id('wish'),
            placeholder: 'Wish for a rank',
            options: RANKS.map((r) => ({ label: rankLabel(r), value: String(r) })),
          },
        ],
      },
    ];
    if (legal.some((a) => a.type === 'wish' && a.rank === null))
      rows.push({ type: 1, components: [button('No wish', id('wish', 0), 2)] });
    return rows;
  }
  if (view.pending?.seat === view.seat && view.pending.kind === 'dragonGift') {
    lines.push('You won the trick with the Dragon: give it to an opponent.');
    const gifts = legal.filter((a): a is Extract<Action, { type: 'giveDragon' }> => a.type === 'giveDragon');
    return [
      {
        type: 1,
        components: gifts.map((g) => button(`Give to ${seatName(table, g.to)}`, id('gift', g.to), 1)),
      },
    ];
  }
  if (view.hand.length === 0) {
    lines.push('You are out for this hand.');
    return [];
  }
  const rows: Row[] = [];
  if (options.readings && options.readings.length > 0) {
    lines.push('How should the Phoenix count?');
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
        placeholder: 'Pick cards to play',
        min_values: 1,
        max_values: view.hand.length,
        options: view.hand.map((card) => ({
          label: plainCard(card),
          value: encodeCards([card]),
          default: picked.includes(card),
        })),
      },
    ],
  });
  const allPlays = legal.filter((a): a is PlayAction => a.type === 'play');
  const bombs = allPlays.filter((p) => readCombos(p.cards).some(isBomb));
  const plays = options.bombsOnly && bombs.length > 0 ? bombs : allPlays;
  const placeholder = plays === bombs ? 'Choose your bomb…' : view.turn === view.seat ? 'Play…' : 'Bomb now…';
  const menu = groupPlays(plays, view.hand, topCombo(view));
  // While the Phoenix's reading is asked, a split menu (two rows) would leave no room: Refresh shows it.
  if (!options.readings || menu.length <= MENU_LIMIT)
    rows.push(...menuRows(menu, placeholder, options.kind, id));
  else lines.push('The plays menu is back once the Phoenix is read (or press **Refresh**).');
  const actions: Row[] = [];
  if (picked.length > 0)
    actions.push(
      button(
        `Play ${picked.length} card${picked.length === 1 ? '' : 's'}`,
        id('play', encodeCards(picked)),
        3,
      ),
    );
  if (legal.some((a) => a.type === 'pass')) actions.push(button('Pass', id('pass'), 2));
  if (legal.some((a) => a.type === 'tichu')) actions.push(button('Tichu!', id('tichu'), 4));
  // Whenever a bomb may be played (in turn or out of it), "Bomb!" drops the one bomb held at
  // once; with several, it asks which.
  const [onlyBomb] = bombs;
  if (onlyBomb)
    actions.push(
      button(
        'Bomb!',
        bombs.length === 1 ? id('play', encodePlay(onlyBomb.cards)) : id('hand', 'bomb'),
        4,
        '💣',
      ),
    );
  if (actions.length > 0) rows.push({ type: 1, components: actions });
  return rows;
}

function situation(snapshot: PlayerSnapshot): string {
  const { view, table } = snapshot;
  const parts: string[] = [];
  const top = view.trick?.plays.at(-1);
  parts.push(
    top
      ? `On the table: ${comboLabel(top.combo, 'en')} by ${seatName(table, top.seat)}`
      : 'The table is empty',
  );
  if (view.wish !== null) parts.push(`wish: ${rankLabel(view.wish)}`);
  if (view.turn === view.seat && !view.pending) parts.push(top ? '**your turn**' : '**your lead**');
  else if (view.turn !== null) parts.push(`${seatName(table, view.turn)} to play`);
  return parts.join(' · ');
}

function topCombo(view: SeatView) {
  return view.trick?.plays.at(-1)?.combo ?? null;
}

type IdOf = (verb: 'lp' | 'hand', ...args: Array<string | number>) => string;

/**
 * The plays menu: one option per shape; when the shapes are more than a menu holds, a menu of
 * kinds first ("Singles (9)", "Straights of 5 (6)") and the plays of the chosen kind (the first
 * by default), saying how many more the other kinds hold.
 */
function menuRows(menu: readonly ShapePlay[], verb: string, kind: string | undefined, id: IdOf): Row[] {
  if (menu.length === 0) return [];
  const select = (placeholder: string, shown: readonly ShapePlay[]): Row => ({
    type: 1,
    components: [
      {
        type: 3,
        custom_id: id('lp'),
        placeholder: placeholder.slice(0, 150),
        options: shown.map((entry) => ({
          label: optionLabel(entry),
          value: encodePlay(entry.play.cards, entry.play.phoenixAs),
        })),
      },
    ],
  });
  if (menu.length <= MENU_LIMIT)
    return [select(verb === 'Play…' ? `Play… (${menu.length} possible)` : verb, menu)];
  const groups = kindGroups(menu);
  const listed = groups.slice(0, MENU_LIMIT);
  const chosen = listed.find((g) => g.key === kind) ?? (listed[0] as KindGroup);
  const unlisted = groups.slice(MENU_LIMIT).reduce((n, g) => n + g.plays.length, 0);
  const others = menu.length - chosen.plays.length - unlisted;
  const more = [
    others > 0 ? `${others} more under the other kinds above` : '',
    unlisted > 0 ? `${unlisted} only through the card picker` : '',
  ].filter((t) => t !== '');
  return [
    {
      type: 1,
      components: [
        {
          type: 3,
          custom_id: id('hand', 'kind'),
          placeholder: `Kinds of play (${menu.length} plays)`,
          options: listed.map((g) => ({
            label: `${g.title} (${g.plays.length})`,
            value: g.key,
            default: g === chosen,
          })),
        },
      ],
    },
    select(
      `${verb} ${chosen.title}: ${chosen.plays.length} of ${menu.length} (${more.join('; ')})`,
      chosen.plays,
    ),
  ];
}

/** "straight 3-7 (🔴3 🟢4 🔵5 ⚫6 🔴7)", within Discord's 100 characters (cards left out as needed). */
function optionLabel(entry: ShapePlay): string {
  const name = comboLabel(entry.combo, 'en');
  const cards = inHandOrder(entry.play.cards);
  if (cards.length === 1 && !isNormal(cards[0] as Card)) return name.slice(0, 100);
  for (let n = cards.length; n > 0; n--) {
    const label = `${name} (${cards.slice(0, n).map(plainCard).join(' ')}${n < cards.length ? ' …' : ''})`;
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
