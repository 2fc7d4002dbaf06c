/** A player's private panel (always ephemeral): their cards and the choices open to them now. */
import type { PlayerSnapshot } from '../app/tableService.js';
import { seatAfter } from '../engine/index.js';
import { t } from '../i18n/index.js';
import { cardLabel, cardsLabel } from './cardText.js';
import { relativeTime } from './clockText.js';
import { encodeId } from './customIds.js';
import { exchangeRows, grandRows } from './dealPanel.js';
import { seatName } from './names.js';
import { button, type PanelOptions, type Row } from './panelParts.js';
import { panelTableLines } from './panelTable.js';
import { playRows } from './playPanel.js';
import type { Ui } from './ui.js';

export type { PanelOptions } from './panelParts.js';

export const EPHEMERAL = 64;

export interface PanelPayload {
  content: string;
  components: Array<Record<string, unknown>>;
  embeds: Array<Record<string, unknown>>;
  flags?: number;
  allowed_mentions: { parse: string[] };
}

/**
 * The panel of `snapshot`'s player as `ui` shows it (their language, their card faces): every
 * text from the catalogue; `options` carry what the player chose on it so far.
 */
export function renderPanel(snapshot: PlayerSnapshot, ui: Ui, options: PanelOptions = {}): PanelPayload {
  const { view } = snapshot;
  const { lang } = ui;
  const lines: string[] = [];
  if (options.notice) lines.push(`> ${options.notice}`);
  // The cards on a heading line of their own: Discord draws it (and its card pictures) larger, so
  // the hand reads at a glance.
  lines.push(t(lang, 'panel.hand', { count: view.hand.length }));
  if (view.hand.length > 0) lines.push(`## ${cardsLabel(view.hand, ui)}`);
  if (view.received) {
    const r = view.received;
    const from = (offset: number) => seatName(snapshot.table, seatAfter(view.seat, offset), ui.lang);
    lines.push(
      t(lang, 'panel.received', {
        next: cardLabel(r.fromNext, ui),
        nextName: from(1),
        partner: cardLabel(r.fromPartner, ui),
        partnerName: from(2),
        previous: cardLabel(r.fromPrevious, ui),
        previousName: from(3),
      }),
    );
  }
  // The table as it stands (score, seats, calls): no scrolling up to the table message to decide.
  lines.push(...panelTableLines(snapshot, ui));
  const rows = panelRows(snapshot, ui, options, lines);
  // The clock runs for this seat: say until when (Discord shows it as a live countdown).
  if (snapshot.deadline !== null)
    lines.push(t(lang, 'panel.deadline', { time: relativeTime(snapshot.deadline) }));
  const occupant = snapshot.table.seats[snapshot.seat];
  const away = occupant?.kind === 'user' && occupant.away === true;
  // While the match is paused no bot plays the seat: the way back is the button.
  if (away) lines.push(t(lang, snapshot.table.status === 'paused' ? 'panel.awayPaused' : 'panel.away'));
  const tableId = snapshot.table.id;
  rows.push({
    type: 1,
    components: [
      ...(away ? [button(t(lang, 'panel.back'), encodeId('back', tableId, view.version), 3, '👋')] : []),
      button(t(lang, 'panel.refresh'), encodeId('hand', tableId, view.version), 2, '🔄'),
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

/**
 * Panels rendered so far, per snapshot (the service hands out one snapshot per table state and seat:
 * tableViews.ts) and per language, choices and notice: the clicker's panel, the live panel that
 * follows the next change and the next "My hand" of a player who sees the same thing render once.
 * Those who receive it send it as it is (nobody changes a payload), and it goes with its snapshot.
 */
const rendered = new WeakMap<PlayerSnapshot, Map<string, { faces: Ui['faces']; payload: PanelPayload }>>();

/** `renderPanel`, once per snapshot, language, card faces and options. */
export function panelOf(snapshot: PlayerSnapshot, ui: Ui, options: PanelOptions = {}): PanelPayload {
  const key = `${ui.lang}:${JSON.stringify(options)}`;
  let byKey = rendered.get(snapshot);
  const known = byKey?.get(key);
  if (known && known.faces === ui.faces) return known.payload;
  const payload = renderPanel(snapshot, ui, options);
  if (!byKey) {
    byKey = new Map();
    rendered.set(snapshot, byKey);
  }
  byKey.set(key, { faces: ui.faces, payload });
  return payload;
}

/** A finished match on its player's panel: the result from their side, and what comes next. */
function overLines({ view, table, seat }: PlayerSnapshot, ui: Ui): string[] {
  const team = seat % 2;
  const numbers = { mine: view.scores[team] ?? 0, theirs: view.scores[1 - team] ?? 0 };
  const result =
    view.winner === null ? 'panel.over.drawn' : view.winner === team ? 'panel.over.won' : 'panel.over.lost';
  const lines = [t(ui.lang, result, numbers)];
  // An event's or the challenge's table plays its boards once: no new match there.
  if (table.settings.handLimit === null) lines.push(t(ui.lang, 'panel.over.next'));
  return lines;
}

function panelRows(snapshot: PlayerSnapshot, ui: Ui, options: PanelOptions, lines: string[]): Row[] {
  const { view, table } = snapshot;
  if (table.status === 'paused') {
    lines.push(t(ui.lang, 'panel.paused'));
    return [];
  }
  if (table.status === 'abandoned') {
    lines.push(t(ui.lang, 'panel.abandoned'));
    return [];
  }
  if (view.status === 'finished') {
    lines.push(...overLines(snapshot, ui));
    return [];
  }
  if (table.status !== 'playing') {
    lines.push(t(ui.lang, 'panel.over'));
    return [];
  }
  switch (view.phase) {
    case 'grandTichu':
      return grandRows(snapshot, ui, lines);
    case 'exchange':
      return exchangeRows(snapshot, ui, options, lines);
    case 'play':
      return playRows(snapshot, ui, options, lines);
    default:
      return [];
  }
}

/** Rows of buttons only are merged while they fit, so the panel stays within five rows. */
function mergeButtonRows(rows: Row[]): Row[] {
  const out: Row[] = [];
  for (const row of rows) {
    const last = out.at(-1);
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

function buttonsOnly(row: Row): boolean {
  return (row.components as Row[]).every((c) => c.type === 2);
}
