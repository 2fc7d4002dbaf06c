/** A player's private panel (always ephemeral): their cards and the choices open to them now. */
import type { PlayerSnapshot } from '../app/tableService.js';
import { seatAfter } from '../engine/index.js';
import { cardLabel, cardsLabel } from './cardText.js';
import { relativeTime } from './clockText.js';
import { encodeId } from './customIds.js';
import { exchangeRows, grandRows } from './dealPanel.js';
import { seatName } from './names.js';
import { button, type PanelOptions, type Row } from './panelParts.js';
import { playRows } from './playPanel.js';
import { EN_TEXT } from './ui.js';

export type { PanelOptions } from './panelParts.js';

export const EPHEMERAL = 64;

export interface PanelPayload {
  content: string;
  components: Array<Record<string, unknown>>;
  embeds: Array<Record<string, unknown>>;
  flags?: number;
  allowed_mentions: { parse: string[] };
}

export function renderPanel(snapshot: PlayerSnapshot, options: PanelOptions = {}): PanelPayload {
  const { view } = snapshot;
  const lines: string[] = [];
  if (options.notice) lines.push(`> ${options.notice}`);
  lines.push(
    `**Your hand** (${view.hand.length}): ${view.hand.length > 0 ? cardsLabel(view.hand, EN_TEXT) : '—'}`,
  );
  if (view.received) {
    const r = view.received;
    const from = (offset: number) => seatName(snapshot.table, seatAfter(view.seat, offset));
    lines.push(
      `Received: ${cardLabel(r.fromNext, EN_TEXT)} from ${from(1)}, ${cardLabel(r.fromPartner, EN_TEXT)} from ${from(2)}, ${cardLabel(r.fromPrevious, EN_TEXT)} from ${from(3)}`,
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
