/** The public table message: pure, from what everyone may see to a message payload. No hand ever. */
import { closedIdle, nobodyPresent, type TableSnapshot } from '../app/tableService.js';
import { type PublicView, SEATS, type Seat } from '../engine/index.js';
import { rankLabel } from './cardText.js';
import { relativeTime, timeoutLines, timerWords } from './clockText.js';
import { encodeId } from './customIds.js';
import { scoreLine, seatName, TEAM_MARK, teamNames } from './names.js';
import { lastTrickLine, trickLines } from './trickText.js';

export interface MessagePayload {
  content?: string;
  embeds: Array<Record<string, unknown>>;
  components: Array<Record<string, unknown>>;
  allowed_mentions?: { parse: string[] };
}

const CALL_MARK = { none: '', tichu: ' · **Tichu!**', grandTichu: ' · **Grand Tichu!**' } as const;

export function renderTable(snapshot: TableSnapshot): MessagePayload {
  const { table, view } = snapshot;
  const lines: string[] = [];
  const settings = view?.settings ?? table.settings;
  if (view) {
    lines.push(scoreLine(table, view.scores, settings.targetScore));
  } else {
    lines.push(`First to ${settings.targetScore} points · seating: ${table.seating}`);
  }
  // The table's rule flags when they differ from the usual rules, and its turn timer, always.
  const house = houseRules(settings);
  const timer = timerWords(table.timer);
  lines.push(house.length > 0 ? `House rules: ${house.join(' · ')} · ${timer}` : `Standard rules · ${timer}`);
  if (table.status === 'playing' || table.status === 'paused') lines.push(...timeoutLines(table));
  lines.push(statusLine(snapshot));
  if (table.status === 'playing' && table.deadline)
    lines.push(`⏰ Time runs out ${relativeTime(table.deadline.at)}`);
  const fields: Array<Record<string, unknown>> = [
    { name: 'Seats', value: seatLines(snapshot).join('\n'), inline: false },
  ];
  if (view && table.status !== 'lobby') fields.push(...matchFields(snapshot, view));
  const title = view ? `Tichu · hand ${view.handNumber}` : 'Tichu · new table';
  return {
    embeds: [
      {
        title,
        description: lines.join('\n'),
        fields,
        color: table.status === 'playing' ? 0x2e8b57 : 0x888888,
      },
    ],
    components: buttons(snapshot),
    allowed_mentions: { parse: [] },
  };
}

function statusLine({ table, view }: TableSnapshot): string {
  if (table.status === 'lobby') return 'Waiting for players: join a seat, then the host starts.';
  if (closedIdle(table))
    return '🕰️ Closed: nobody touched this lobby for 24 hours. Open a new table with /table create.';
  if (table.status === 'abandoned') return 'This table was closed.';
  if (!view) return '';
  if (table.status === 'paused')
    return nobodyPresent(table)
      ? '⏸️ Paused: nobody is at the table (every seat is away or a bot). Resume with /table resume.'
      : '⏸️ Paused. Resume with /table resume.';
  if (view.status === 'finished' && view.winner !== null) {
    return `🏆 **${teamNames(table, view.winner)}** win ${view.scores[view.winner]} to ${view.scores[1 - view.winner]}!`;
  }
  return phaseLine(table, view);
}

function phaseLine(table: TableSnapshot['table'], view: PublicView): string {
  const waitingFor = (owes: (seat: Seat) => boolean) => {
    const seats = SEATS.filter(owes);
    return seats.length > 0 ? ` Waiting for ${seats.map((seat) => seatName(table, seat)).join(', ')}.` : '';
  };
  switch (view.phase) {
    case 'grandTichu':
      return `Grand Tichu? ${view.grandDecided.filter(Boolean).length}/4 decided. Look at your first 8 cards: **My hand**.${waitingFor((seat) => !view.grandDecided[seat])}`;
    case 'exchange':
      return `Exchange: ${view.exchangeChosen.filter(Boolean).length}/4 have chosen their cards.${waitingFor((seat) => !view.exchangeChosen[seat])}`;
    case 'play': {
      if (view.pending?.kind === 'wish')
        return `🀄 **${seatName(table, view.pending.seat)}** played the Mah Jong and is naming a wish…`;
      if (view.pending?.kind === 'dragonGift')
        return `🐉 **${seatName(table, view.pending.seat)}** won the trick with the Dragon and is giving it to an opponent…`;
      if (view.turn === null) return '';
      return view.trick
        ? `▶️ **${seatName(table, view.turn)}** to play.`
        : `▶️ **${seatName(table, view.turn)}** leads.`;
    }
    default:
      return 'The hand is over.';
  }
}

/** The trick being played in full, the last trick, the wish and the last hand's score. */
function matchFields(snapshot: TableSnapshot, view: PublicView): Array<Record<string, unknown>> {
  const { table } = snapshot;
  const fields: Array<Record<string, unknown>> = [];
  const trick = trickLines(view, (seat) => seatName(table, seat));
  if (trick) fields.push({ name: 'On the table', value: trick, inline: false });
  const last = lastTrickLine(view, (seat) => seatName(table, seat));
  if (last) fields.push({ name: 'Last trick', value: last, inline: false });
  if (view.wish !== null) fields.push({ name: 'Wish', value: `🀄 ${rankLabel(view.wish)}`, inline: true });
  const hand = view.history.at(-1);
  if (hand)
    fields.push({ name: `Hand ${hand.number}`, value: `${hand.total[0]} — ${hand.total[1]}`, inline: true });
  return fields;
}

function seatLines({ table, view }: TableSnapshot): string[] {
  return SEATS.map((seat: Seat) => {
    const team = TEAM_MARK[seat % 2];
    const occupant = table.seats[seat];
    const name = occupant ? seatName(table, seat) : '*empty*';
    // A bot's level is part of who sits there: players choose their table by it.
    const host = occupant?.kind === 'user' && occupant.userId === table.hostId ? ' (host)' : '';
    const tag = occupant?.kind === 'bot' ? ` (${occupant.level})` : host;
    if (!view || table.status === 'lobby') return `${team} ${seat + 1}. ${name}${tag}`;
    const away = occupant?.kind === 'user' && occupant.away ? ' · away (bot playing)' : '';
    const cards = view.cardsLeft[seat];
    const place = view.out.indexOf(seat);
    const state = place >= 0 ? `out #${place + 1}` : `${cards} card${cards === 1 ? '' : 's'}`;
    const turn = awaits(view, seat) ? ' ◀️' : '';
    return `${team} ${seat + 1}. ${name}${tag}${away} — ${state}${CALL_MARK[view.calls[seat]]}${turn}`;
  });
}

function button(
  label: string,
  customId: string,
  style: 1 | 2 | 3 | 4,
  emoji?: string,
): Record<string, unknown> {
  return { type: 2, style, label, custom_id: customId, ...(emoji ? { emoji: { name: emoji } } : {}) };
}

function buttons({ table, view }: TableSnapshot): Array<Record<string, unknown>> {
  const v = view?.version ?? 0;
  if (table.status === 'lobby') {
    return [
      {
        type: 1,
        components: [
          button('Join', encodeId('join', table.id, v), 3),
          button('Leave', encodeId('leave', table.id, v), 2),
          button('Start', encodeId('start', table.id, v), 1),
        ],
      },
    ];
  }
  if (table.status === 'playing' || table.status === 'paused') {
    const hand = { type: 1, components: [button('My hand', encodeId('hand', table.id, v), 1, '🃏')] };
    // An away or bot seat can be taken by someone not seated: one click asks the host.
    const open = SEATS.filter((seat) => {
      const o = table.seats[seat];
      return o?.kind === 'bot' || (o?.kind === 'user' && o.away === true);
    });
    if (open.length === 0) return [hand];
    const take = open.map((seat) =>
      button(`Take seat ${seat + 1}`, encodeId('take', table.id, v, seat), 2, '🙋'),
    );
    return [hand, { type: 1, components: take }];
  }
  if (table.status === 'finished') {
    return [
      {
        type: 1,
        components: [
          button('New match', encodeId('start', table.id, v), 1),
          button('Leave', encodeId('leave', table.id, v), 2),
        ],
      },
    ];
  }
  return [];
}

/** The rule flags that differ from the usual rules, in words. */
function houseRules(settings: TableSnapshot['table']['settings']): string[] {
  const rules: string[] = [];
  if (!settings.callsAfterFirstOut) rules.push('no Tichu once someone is out');
  if (!settings.wishOptional) rules.push('the Mah Jong must name a wish');
  if (!settings.bombIgnoresWish) rules.push('a bomb must respect the wish');
  return rules;
}

/** Whether the table waits for `seat`: its turn, its wish or Dragon gift, or its Grand Tichu or exchange choice. */
function awaits(view: PublicView, seat: Seat): boolean {
  if (view.status !== 'playing') return false;
  if (view.phase === 'grandTichu') return !view.grandDecided[seat];
  if (view.phase === 'exchange') return !view.exchangeChosen[seat];
  if (view.phase !== 'play') return false;
  return view.pending ? view.pending.seat === seat : view.turn === seat;
}
