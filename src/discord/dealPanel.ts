/** The deal's phases before play on a player's panel: the Grand Tichu call and the card exchange. */
import type { PlayerSnapshot } from '../app/tableService.js';
import { type Card, seatAfter } from '../engine/index.js';
import { cardLabel } from './cardText.js';
import { encodeCards, encodeId } from './customIds.js';
import { seatName } from './names.js';
import { button, type PanelOptions, plainCard, type Row } from './panelParts.js';
import { EN_TEXT } from './ui.js';

export function grandRows(snapshot: PlayerSnapshot, lines: string[]): Row[] {
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

export function exchangeRows(snapshot: PlayerSnapshot, options: PanelOptions, lines: string[]): Row[] {
  const { view, table } = snapshot;
  const rows: Row[] = [];
  if (view.exchangePicks) {
    const p = view.exchangePicks;
    lines.push(
      `You pass ${cardLabel(p.next, EN_TEXT)} → ${seatName(table, seatAfter(view.seat, 1))}, ${cardLabel(p.partner, EN_TEXT)} → ${seatName(table, seatAfter(view.seat, 2))}, ${cardLabel(p.previous, EN_TEXT)} → ${seatName(table, seatAfter(view.seat, 3))}. Waiting for the others (${view.exchangeChosen.filter(Boolean).length}/4).`,
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
