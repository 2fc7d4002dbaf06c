/** The play phase on a player's panel: wish, Dragon gift, Phoenix reading, card picker and plays. */
import type { PlayerSnapshot } from '../app/tableService.js';
import { type Action, isBomb, RANKS, readCombos, type SeatView } from '../engine/index.js';
import { comboLabel, rankLabel } from './cardText.js';
import { encodeCards, encodeId, encodePlay } from './customIds.js';
import { seatName } from './names.js';
import { button, type PanelOptions, plainCard, type Row } from './panelParts.js';

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
  const allPlays = legal.filter((a): a is Extract<Action, { type: 'play' }> => a.type === 'play');
  const bombs = allPlays.filter((p) => readCombos(p.cards).some(isBomb));
  const plays = options.bombsOnly && bombs.length > 0 ? bombs : allPlays;
  if (plays.length > 0) {
    rows.push({
      type: 1,
      components: [
        {
          type: 3,
          custom_id: id('lp'),
          placeholder:
            plays === bombs
              ? 'Choose your bomb…'
              : view.turn === view.seat
                ? `Play… (${plays.length} possible)`
                : 'Bomb now…',
          options: choosePlays(plays).map((p) => {
            const combo =
              readCombos(p.cards, topCombo(view)).find((c) => c.phoenixAs === p.phoenixAs) ??
              readCombos(p.cards)[0];
            const label = combo
              ? `${comboLabel(combo)}: ${p.cards.map(plainCard).join(' ')}`
              : p.cards.map(plainCard).join(' ');
            return { label: label.slice(0, 100), value: encodePlay(p.cards, p.phoenixAs) };
          }),
        },
      ],
    });
  }
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
    top ? `On the table: ${comboLabel(top.combo)} by ${seatName(table, top.seat)}` : 'The table is empty',
  );
  if (view.wish !== null) parts.push(`wish: ${rankLabel(view.wish)}`);
  if (view.turn === view.seat && !view.pending) parts.push(top ? '**your turn**' : '**your lead**');
  else if (view.turn !== null) parts.push(`${seatName(table, view.turn)} to play`);
  return parts.join(' · ');
}

function topCombo(view: SeatView) {
  return view.trick?.plays.at(-1)?.combo ?? null;
}

/** At most 25 plays: every bomb, then the types in turn from the lowest up, so each kind is offered. */
function choosePlays(
  plays: ReadonlyArray<Extract<Action, { type: 'play' }>>,
): Array<Extract<Action, { type: 'play' }>> {
  if (plays.length <= 25) return [...plays];
  const bombs = plays.filter((p) => readCombos(p.cards).some(isBomb));
  const others = plays.filter((p) => !bombs.includes(p));
  const byKind = new Map<string, Array<Extract<Action, { type: 'play' }>>>();
  for (const p of others) {
    const key = `${readCombos(p.cards)[0]?.type}:${p.cards.length}`;
    byKind.set(key, [...(byKind.get(key) ?? []), p]);
  }
  const chosen = bombs.slice(0, 25);
  const queues = [...byKind.values()];
  for (let i = 0; chosen.length < 25 && queues.some((q) => q.length > i); i++) {
    for (const q of queues)
      if (q[i] && chosen.length < 25) chosen.push(q[i] as Extract<Action, { type: 'play' }>);
  }
  return chosen;
}
