/**
 * The Tichu call on a panel, in two clicks: **Tichu!** (or **Call Tichu!** on the exchange panel)
 * asks "Call Tichu? +100 … -100 …", and only **Yes, call Tichu!** calls (a misclick would cost 100
 * points); **Not now** shows the panel as it was. The exchange picks made so far ride along in both.
 * `/tichu` typed in full calls at once: typing it is the confirmation.
 */
import type { PlayerSnapshot } from '../app/tableService.js';
import type { Card } from '../engine/index.js';
import { t } from '../i18n/index.js';
import { encodeId, encodePicks } from './customIds.js';
import { button, type Row } from './panelParts.js';
import type { Ui } from './ui.js';

type Picks = readonly (Card | null)[] | undefined;

/** The exchange picks as one id argument ("--" for a slot not chosen), or none outside the exchange. */
function picksArg(picks: Picks): string[] {
  return picks ? [encodePicks(picks)] : [];
}

/**
 * The call's buttons: the one that asks (`label`: the panel's own word for it), or, while it asks
 * (`confirming`), the one that calls and the one that keeps the panel as it was.
 */
export function tichuButtons(
  snapshot: PlayerSnapshot,
  ui: Ui,
  label: string,
  confirming: boolean,
  picks?: Picks,
): Row[] {
  const { table, view } = snapshot;
  const args = picksArg(picks);
  if (!confirming) return [button(label, encodeId('hand', table.id, view.version, 'tichu', ...args), 4)];
  return [
    button(t(ui.lang, 'panel.confirmTichuYes'), encodeId('tichu', table.id, view.version, ...args), 4),
    button(t(ui.lang, 'panel.confirmTichuNo'), encodeId('hand', table.id, view.version, 'keep', ...args), 2),
  ];
}
