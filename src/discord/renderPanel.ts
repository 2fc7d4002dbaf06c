/** A player's private panel (always ephemeral): their cards and the choices open to them now. */
import type { PlayerSnapshot } from '../app/tableService.js';
import {
  type Action,
  type Card,
  isBomb,
  RANKS,
  readCombos,
  type SeatView,
  seatAfter,
} from '../engine/index.js';
import { cardLabel, cardsLabel, comboLabel, rankLabel } from './cardText.js';
import { relativeTime } from './clockText.js';
import { encodeCards, encodeId, encodePlay } from './customIds.js';
import { seatName } from './names.js';

export const EPHEMERAL = 64;

export interface PanelPayload {
  content: string;
  components: Array<Record<string, unknown>>;
  embeds: Array<Record<string, unknown>>;
  flags?: number;
  allowed_mentions: { parse: string[] };
}

export interface PanelOptions {
  /** A line at the top: a refusal, or what just happened. */
  readonly notice?: string;
  /** Cards picked in the multi-select, waiting for "Play". */
  readonly picked?: readonly Card[];
  /** Exchange picks so far: for next, partner, previous. */
  readonly exchange?: readonly [Card | null, Card | null, Card | null];
  /** Several Phoenix readings of the picked cards are legal: ask which. */
  readonly readings?: ReadonlyArray<{ cards: readonly Card[]; phoenixAs: number; label: string }>;
  /** The player asked to bomb: the plays menu offers only bombs. */
  readonly bombsOnly?: boolean;
}

type Row = Record<string, unknown>;

export function renderPanel(snapshot: PlayerSnapshot, options: PanelOptions = {}): PanelPayload {
  const { view } = snapshot;
  const lines: string[] = [];
  if (options.notice) lines.push(`> ${options.notice}`);
  lines.push(`**Your hand** (${view.hand.length}): ${view.hand.length > 0 ? cardsLabel(view.hand) : '—'}`);
  if (view.received) {
    const r = view.received;
    const from = (offset: number) => seatName(snapshot.table, seatAfter(view.seat, offset));
    lines.push(
      `Received: ${cardLabel(r.fromNext)} from ${from(1)}, ${cardLabel(r.fromPartner)} from ${from(2)}, ${cardLabel(r.fromPrevious)} from ${from(3)}`,
    );
  }
  const rows = panelRows(snapshot, options, lines);
  // The clock runs for this seat: say until when (Discord shows it as a live countdown).
  if (snapshot.deadline !== null)
    lines.push(`⏰ Your time runs out ${relativeTime(snapshot.deadline)}: then the bot decides for you.`);
  const occupant = snapshot.table.seats[snapshot.seat];
  const away = occupant?.kind === 'user' && occupant.away === true;
  if (away) lines.push('💤 You are away: the bot plays your seat until you are back.');
  rows.push({
    type: 1,
    components: [
      ...(away ? [button('I’m back', encodeId('back', snapshot.table.id, view.version), 3, '👋')] : []),
      button('Refresh', encodeId('hand', snapshot.table.id, view.version), 2, '🔄'),
    ],
  });
  const merged = mergeButtonRows(rows);
  return {
    content: lines.join('\n').slice(0, 2000),
    components: merged,
    embeds: [],
    flags: EPHEMERAL,
    allowed_mentions: { parse: [] },
  };
}

function panelRows(snapshot: PlayerSnapshot, options: PanelOptions, lines: string[]): Row[] {
  const { view, table } = snapshot;
  if (table.status === 'paused') {
    lines.push('⏸️ The match is paused.');
    return [];
  }
  if (table.status === 'abandoned') {
    lines.push('This table was closed by its host.');
    return [];
  }
  if (view.status === 'finished' || table.status !== 'playing') {
    lines.push('The match is over.');
    return [];
  }
  switch (view.phase) {
    case 'grandTichu':
      return grandRows(snapshot, lines);
    case 'exchange':
      return exchangeRows(snapshot, options, lines);
    case 'play':
      return playRows(snapshot, options, lines);
    default:
      return [];
  }
}

function grandRows(snapshot: PlayerSnapshot, lines: string[]): Row[] {
  const { view, table } = snapshot;
  if (view.grandDecided[view.seat]) {
    lines.push(
      `Waiting for the others to decide on Grand Tichu (${view.grandDecided.filter(Boolean).length}/4).`,
    );
    return [];
  }
  lines.push('These are your first 8 cards. Call **Grand Tichu** (+/-200) before seeing the other 6?');
  return [
    {
      type: 1,
      components: [
        button('Grand Tichu!', encodeId('gt', table.id, view.version, 1), 4),
        button('No, deal my cards', encodeId('gt', table.id, view.version, 0), 2),
      ],
    },
  ];
}

function exchangeRows(snapshot: PlayerSnapshot, options: PanelOptions, lines: string[]): Row[] {
  const { view, table } = snapshot;
  const rows: Row[] = [];
  if (view.exchangePicks) {
    const p = view.exchangePicks;
    lines.push(
      `You pass ${cardLabel(p.next)} → ${seatName(table, seatAfter(view.seat, 1))}, ${cardLabel(p.partner)} → ${seatName(table, seatAfter(view.seat, 2))}, ${cardLabel(p.previous)} → ${seatName(table, seatAfter(view.seat, 3))}. Waiting for the others (${view.exchangeChosen.filter(Boolean).length}/4).`,
    );
  } else {
    lines.push('Pick one card for each other player, then **Confirm**.');
    const picks = options.exchange ?? [null, null, null];
    const encoded = picks.map((c) => (c ? encodeCards([c]) : '--')).join('');
    (['next', 'partner', 'previous'] as const).forEach((slot, i) => {
      const seat = seatAfter(view.seat, i + 1);
      const who = `${seatName(table, seat)} (${slot === 'partner' ? 'partner' : 'opponent'})`;
      rows.push({
        type: 1,
        components: [
          {
            type: 3,
            custom_id: encodeId('exs', table.id, view.version, i, encoded),
            placeholder: `Card for ${who}`,
            min_values: 1,
            max_values: 1,
            options: view.hand.map((card) => ({
              label: plainCard(card),
              value: encodeCards([card]),
              default: picks[i] === card,
            })),
          },
        ],
      });
    });
    const complete = picks.every((c) => c !== null) && new Set(picks).size === 3;
    rows.push({
      type: 1,
      components: [
        button('Confirm exchange', encodeId('ex', table.id, view.version, encoded), 3, undefined, !complete),
      ],
    });
  }
  if (snapshot.legal.some((a) => a.type === 'tichu')) rows.push(tichuRow(snapshot, options.exchange));
  return rows;
}

function playRows(snapshot: PlayerSnapshot, options: PanelOptions, lines: string[]): Row[] {
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

/** The Tichu button; on the exchange panel it carries the picks so far, so calling keeps them. */
function tichuRow(snapshot: PlayerSnapshot, picks?: readonly (Card | null)[]): Row {
  const args = picks ? [picks.map((c) => (c ? encodeCards([c]) : '--')).join('')] : [];
  return {
    type: 1,
    components: [
      button('Call Tichu!', encodeId('tichu', snapshot.table.id, snapshot.view.version, ...args), 4),
    ],
  };
}

function plainCard(card: Card): string {
  return cardLabel(card);
}

function button(
  label: string,
  customId: string,
  style: 1 | 2 | 3 | 4,
  emoji?: string,
  disabled = false,
): Row {
  return {
    type: 2,
    style,
    label,
    custom_id: customId,
    ...(emoji ? { emoji: { name: emoji } } : {}),
    ...(disabled ? { disabled } : {}),
  };
}

/** Rows of buttons only are merged while they fit, so the panel stays within five rows. */
function mergeButtonRows(rows: Row[]): Row[] {
  const out: Row[] = [];
  for (const row of rows) {
    const last = out.at(-1);
    const buttonsOnly = (r: Row) => (r.components as Row[]).every((c) => c.type === 2);
    if (
      last &&
      buttonsOnly(last) &&
      buttonsOnly(row) &&
      (last.components as Row[]).length + (row.components as Row[]).length <= 5
    ) {
      last.components = [...(last.components as Row[]), ...(row.components as Row[])];
    } else {
      out.push({ ...row, components: [...(row.components as Row[])] });
    }
  }
  return out.slice(0, 5);
}
