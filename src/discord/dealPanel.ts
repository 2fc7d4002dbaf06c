/** The deal's phases before play on a player's panel: the Grand Tichu call and the card exchange. */
import type { PlayerSnapshot } from '../app/tableService.js';
import { seatAfter } from '../engine/index.js';
import { t } from '../i18n/index.js';
import { cardLabel, inHandOrder } from './cardText.js';
import { encodeId, encodePicks } from './customIds.js';
import { seatName } from './names.js';
import { button, cardOption, type PanelOptions, type Row } from './panelParts.js';
import { tichuButtons } from './tichuButtons.js';
import type { Ui } from './ui.js';

export function grandRows(snapshot: PlayerSnapshot, ui: Ui, lines: string[]): Row[] {
  const { view, table } = snapshot;
  const { lang } = ui;
  if (view.grandDecided[view.seat]) {
    lines.push(t(lang, 'panel.grandWaiting', { decided: view.grandDecided.filter(Boolean).length }));
    return [];
  }
  lines.push(t(lang, 'panel.grandAsk'));
  return [
    {
      type: 1,
      components: [
        button(t(lang, 'panel.grandCall'), encodeId('gt', table.id, view.version, 1), 4),
        button(t(lang, 'panel.grandDecline'), encodeId('gt', table.id, view.version, 0), 2),
      ],
    },
  ];
}

export function exchangeRows(
  snapshot: PlayerSnapshot,
  ui: Ui,
  options: PanelOptions,
  lines: string[],
): Row[] {
  const { view, table } = snapshot;
  const { lang } = ui;
  const rows: Row[] = [];
  const nameAt = (offset: number) => seatName(table, seatAfter(view.seat, offset), ui.lang);
  if (view.exchangePicks) {
    const p = view.exchangePicks;
    lines.push(
      t(lang, 'panel.exchanged', {
        next: cardLabel(p.next, ui),
        nextName: nameAt(1),
        partner: cardLabel(p.partner, ui),
        partnerName: nameAt(2),
        previous: cardLabel(p.previous, ui),
        previousName: nameAt(3),
        chosen: view.exchangeChosen.filter(Boolean).length,
      }),
    );
  } else {
    lines.push(t(lang, 'panel.exchangeAsk'));
    const picks = options.exchange ?? [null, null, null];
    const moved = options.exchangeMoved;
    const card = moved ? picks[moved.to] : null;
    if (moved && card)
      lines.push(
        t(lang, 'panel.exchangeMoved', {
          card: cardLabel(card, ui),
          to: nameAt(moved.to + 1),
          from: nameAt(moved.from + 1),
        }),
      );
    const encoded = encodePicks(picks);
    (['next', 'partner', 'previous'] as const).forEach((slot, i) => {
      const name = nameAt(i + 1);
      rows.push({
        type: 1,
        components: [
          {
            type: 3,
            custom_id: encodeId('exs', table.id, view.version, i, encoded),
            placeholder: t(
              lang,
              slot === 'partner' ? 'panel.exchangeForPartner' : 'panel.exchangeForOpponent',
              {
                name,
              },
            ),
            min_values: 1,
            max_values: 1,
            // In the order the hand line shows (and /help states), not the engine's. A chosen card
            // shows in place of the placeholder, so its label still says whom it is for.
            options: inHandOrder(view.hand).map((card) => {
              const option = cardOption(card, ui, picks[i] === card);
              if (picks[i] !== card) return option;
              const key = slot === 'partner' ? 'panel.exchangePickedPartner' : 'panel.exchangePickedOpponent';
              return { ...option, label: t(lang, key, { card: String(option.label), name }) };
            }),
          },
        ],
      });
    });
    const complete = picks.every((c) => c !== null) && new Set(picks).size === 3;
    rows.push({
      type: 1,
      components: [
        button(
          t(lang, 'panel.exchangeConfirm'),
          encodeId('ex', table.id, view.version, encoded),
          3,
          undefined,
          !complete,
        ),
      ],
    });
  }
  // The call carries the picks so far, so calling (or not) keeps them.
  if (snapshot.legal.some((a) => a.type === 'tichu'))
    rows.push({
      type: 1,
      components: tichuButtons(
        snapshot,
        ui,
        t(lang, 'panel.callTichu'),
        options.confirmTichu === true,
        options.exchange ?? [null, null, null],
      ),
    });
  return rows;
}
