/** The public table message: pure, from what everyone may see to a message payload. No hand ever. */
import { closedIdle, nobodyPresent, type TableSnapshot } from '../app/tableService.js';
import { type PublicView, partnerOf, SEATS, type Seat } from '../engine/index.js';
import { type Lang, plural, t } from '../i18n/index.js';
import { rankLabel } from './cardText.js';
import { relativeTime, timeoutLines, timerWords } from './clockText.js';
import {
  actionRow,
  container,
  IS_COMPONENTS_V2,
  section,
  separator,
  textDisplay,
  type V2Payload,
} from './componentsV2.js';
import { encodeId } from './customIds.js';
import { scoreLine, seatName, TEAM_MARK, teamNames } from './names.js';
import { endingLine, lastTrickLine, trickLines } from './trickText.js';
import type { Ui } from './ui.js';

/** Discord draws 🟦 and 🟧 in these colours: the container's accent bar names the team to act. */
const TEAM_COLOURS = [0x55acee, 0xf4900c] as const;
/** Both teams owe a decision (Grand Tichu, the exchange): the colour a playing table always had. */
const BOTH_TEAMS = 0x2e8b57;
/** Nobody to act: a lobby, a paused, finished or closed table. */
const NOBODY = 0x888888;

/** A text of the table message: a heading and its lines, drawn as one text display. */
interface Part {
  readonly name: string;
  readonly value: string;
}

/**
 * The table message in `ui`'s language (the server's preferred locale when it is posted in the
 * channel, the reader's for a copy only they see), cards as `ui` shows them. A Components V2
 * message: one container whose accent colour is the team to act, the title and the table's lines,
 * a line per seat (with **Take seat** beside a seat that can be taken), the tricks, then the buttons.
 */
export function renderTable(snapshot: TableSnapshot, ui: Ui): V2Payload {
  const { table, view } = snapshot;
  const { lang } = ui;
  const lines: string[] = [];
  const settings = view?.settings ?? table.settings;
  if (view) {
    lines.push(scoreLine(table, view.scores, lang));
  } else {
    const seating = t(lang, `table.seating.${table.seating}`);
    lines.push(t(lang, 'table.firstTo', { target: settings.targetScore, seating }));
  }
  // The table's rule flags when they differ from the usual rules, its turn timer, always, and its
  // bots' pace when it is not the usual one.
  const house = houseRules(settings, lang);
  const pace = table.pace === 'normal' ? '' : ` · ${t(lang, `table.pace.${table.pace}`)}`;
  const timer = `${timerWords(table.timer, lang)}${pace}`;
  lines.push(
    house.length > 0
      ? t(lang, 'table.houseRules', { rules: house.join(' · '), timer })
      : t(lang, 'table.standardRules', { timer }),
  );
  if (table.status === 'playing' || table.status === 'paused') lines.push(...timeoutLines(table, lang));
  lines.push(statusLine(snapshot, lang));
  if (table.status === 'playing' && table.deadline)
    lines.push(t(lang, 'table.deadline', { when: relativeTime(table.deadline.at) }));
  const title = !view
    ? t(lang, 'table.title.new')
    : table.status === 'finished'
      ? plural(lang, 'table.title.over', view.handNumber)
      : t(lang, 'table.title.hand', { number: view.handNumber });
  const children: Array<Record<string, unknown>> = [
    textDisplay(`### ${title}\n${lines.join('\n')}`),
    separator(),
    ...seatParts(snapshot, lang),
  ];
  const parts = view && table.status !== 'lobby' ? matchParts(snapshot, view, ui) : [];
  if (parts.length > 0) children.push(separator(), ...parts.map(partText));
  const rows = buttonRows(snapshot, lang);
  if (rows.length > 0) children.push(separator(), ...rows);
  return {
    flags: IS_COMPONENTS_V2,
    components: [container(children, accentColour(snapshot))],
    allowed_mentions: { parse: [] },
  };
}

/** "**On the table**" over its lines, as one text display. */
function partText({ name, value }: Part): Record<string, unknown> {
  return textDisplay(`**${name}**\n${value}`);
}

/** The team whose decision the table awaits; green when both owe one, grey when nobody does. */
function accentColour({ table, view }: TableSnapshot): number {
  if (table.status !== 'playing' || !view) return NOBODY;
  const teams = new Set(SEATS.filter((seat) => awaits(view, seat)).map((seat) => seat % 2));
  if (teams.size === 0) return NOBODY;
  if (teams.size > 1) return BOTH_TEAMS;
  return TEAM_COLOURS[[...teams][0] as 0 | 1];
}

/**
 * "**Seats**" and a line per seat. A seat someone not seated may take (a bot's, an away player's)
 * is a section with its **Take seat** button beside it; the lines between such seats are one text.
 */
function seatParts(snapshot: TableSnapshot, lang: Lang): Array<Record<string, unknown>> {
  const { table, view } = snapshot;
  const out: Array<Record<string, unknown>> = [];
  let plain: string[] = [`**${t(lang, 'table.field.seats')}**`];
  // A challenge's table is its member's alone: no seat there is offered to anyone.
  const open =
    (table.status === 'playing' || table.status === 'paused') && !snapshot.solo ? takeable(table) : [];
  const v = view?.version ?? 0;
  seatLines(snapshot, lang).forEach((line, i) => {
    const seat = i as Seat;
    if (!open.includes(seat)) {
      plain.push(line);
      return;
    }
    if (plain.length > 0) out.push(textDisplay(plain.join('\n')));
    plain = [];
    const label = t(lang, 'table.button.takeSeat', { seat: seat + 1 });
    out.push(section([line], button(label, encodeId('take', table.id, v, seat), 2, '🙋')));
  });
  if (plain.length > 0) out.push(textDisplay(plain.join('\n')));
  return out;
}

/** Whether the bot plays the seat: a bot's, or an away player's. */
function playedByBot(table: TableSnapshot['table'], seat: Seat): boolean {
  const o = table.seats[seat];
  return o?.kind === 'bot' || (o?.kind === 'user' && o.away === true);
}

/** An away or bot seat can be taken by someone not seated: one click asks the host. */
function takeable(table: TableSnapshot['table']): Seat[] {
  return SEATS.filter((seat) => playedByBot(table, seat));
}

function statusLine({ table, view }: TableSnapshot, lang: Lang): string {
  if (table.status === 'lobby')
    return t(
      lang,
      SEATS.every((seat) => table.seats[seat]) ? 'table.status.lobbyFull' : 'table.status.lobby',
    );
  if (closedIdle(table)) return t(lang, 'table.status.closedIdle');
  if (table.status === 'abandoned') return t(lang, 'table.status.abandoned');
  if (!view) return '';
  if (table.status === 'paused')
    return nobodyPresent(table) ? t(lang, 'table.status.pausedEmpty') : t(lang, 'table.status.paused');
  // An event's table (only events set a hand limit): its boards count in the event, not a win here.
  if (view.status === 'finished' && table.settings.handLimit !== null)
    return t(lang, 'table.status.boardsDone', { a: view.scores[0], b: view.scores[1] });
  if (view.status === 'finished' && view.winner === null)
    return t(lang, 'table.status.drawn', { score: view.scores[0] });
  if (view.status === 'finished' && view.winner !== null) {
    const teams = teamNames(table, view.winner, lang);
    return t(lang, 'table.status.won', {
      teams,
      score: view.scores[view.winner],
      other: view.scores[1 - view.winner] as number,
    });
  }
  return phaseLine(table, view, lang);
}

function phaseLine(table: TableSnapshot['table'], view: PublicView, lang: Lang): string {
  const name = (seat: Seat) => seatName(table, seat, lang);
  const waitingFor = (owes: (seat: Seat) => boolean) => {
    const seats = SEATS.filter(owes);
    return seats.length > 0
      ? ` ${t(lang, 'table.phase.waitingFor', { names: seats.map(name).join(', ') })}`
      : '';
  };
  switch (view.phase) {
    case 'grandTichu': {
      const decided = view.grandDecided.filter(Boolean).length;
      return `${t(lang, 'table.phase.grandTichu', { decided })}${waitingFor((seat) => !view.grandDecided[seat])}`;
    }
    case 'exchange': {
      const chosen = view.exchangeChosen.filter(Boolean).length;
      const waits = (seat: Seat) => !view.exchangeChosen[seat];
      // A bot beside a person passes after them (registry.ts: they may call Tichu first): say so,
      // or it looks slow.
      const after = SEATS.filter(
        (seat) =>
          waits(seat) &&
          playedByBot(table, seat) &&
          !playedByBot(table, partnerOf(seat)) &&
          waits(partnerOf(seat)) &&
          view.calls[partnerOf(seat)] === 'none',
      ).map((seat) =>
        t(lang, 'table.phase.passesAfter', { bot: name(seat), partner: name(partnerOf(seat)) }),
      );
      return [`${t(lang, 'table.phase.exchange', { chosen })}${waitingFor(waits)}`, ...after].join(' ');
    }
    case 'play': {
      if (view.pending?.kind === 'wish')
        return t(lang, 'table.phase.wish', { name: name(view.pending.seat) });
      if (view.pending?.kind === 'dragonGift')
        return t(lang, 'table.phase.dragonGift', { name: name(view.pending.seat) });
      if (view.turn === null) return '';
      return t(lang, view.trick ? 'table.phase.toPlay' : 'table.phase.leads', { name: name(view.turn) });
    }
    default:
      return t(lang, 'table.phase.handOver');
  }
}

/** The trick being played in full, the last trick, the wish and the last hand's score. */
function matchParts(snapshot: TableSnapshot, view: PublicView, ui: Ui): Part[] {
  const { table } = snapshot;
  const { lang } = ui;
  const name = (seat: Seat) => seatName(table, seat, lang);
  const fields: Part[] = [];
  const trick = trickLines(view, name, ui);
  if (trick) fields.push({ name: t(lang, 'table.field.onTheTable'), value: trick });
  const last = lastTrickLine(view, name, lang);
  if (last) fields.push({ name: t(lang, 'table.field.lastTrick'), value: last });
  if (view.wish !== null)
    fields.push({ name: t(lang, 'table.field.wish'), value: `🀄 ${rankLabel(view.wish)}` });
  const hand = view.history.at(-1);
  if (hand) {
    // How the last hand ended, under its score: the next deal replaced its trick at once.
    const ending = endingLine(view, name, lang);
    fields.push({
      name: t(lang, 'table.field.hand', { number: hand.number }),
      value: `${TEAM_MARK[0]} ${hand.total[0]} — ${hand.total[1]} ${TEAM_MARK[1]}${ending ? `\n${ending}` : ''}`,
    });
  }
  return fields;
}

/** " · **Tichu!**" beside a seat that called. */
function callMark(call: PublicView['calls'][number], lang: Lang): string {
  if (call === 'none') return '';
  return ` · ${t(lang, call === 'tichu' ? 'table.seat.tichu' : 'table.seat.grandTichu')}`;
}

function seatLines({ table, view }: TableSnapshot, lang: Lang): string[] {
  return SEATS.map((seat: Seat) => {
    const team = TEAM_MARK[seat % 2];
    const occupant = table.seats[seat];
    const name = occupant ? seatName(table, seat, lang) : t(lang, 'table.seat.empty');
    // A bot's level is part of who sits there: players choose their table by it.
    const host =
      occupant?.kind === 'user' && occupant.userId === table.hostId ? ` ${t(lang, 'table.seat.host')}` : '';
    const tag = occupant?.kind === 'bot' ? ` (${t(lang, `table.level.${occupant.level}`)})` : host;
    if (!view || table.status === 'lobby') return `${team} ${seat + 1}. ${name}${tag}`;
    // Paused, no bot plays anyone's seat and nobody is waited for.
    const paused = table.status === 'paused';
    const away =
      occupant?.kind === 'user' && occupant.away
        ? ` · ${t(lang, paused ? 'table.seat.awayPaused' : 'table.seat.away')}`
        : '';
    const place = view.out.indexOf(seat);
    const state =
      place >= 0
        ? t(lang, 'table.seat.out', { place: place + 1 })
        : plural(lang, 'table.seat.cards', view.cardsLeft[seat]);
    const turn = !paused && awaits(view, seat) ? ' ◀️' : '';
    return `${team} ${seat + 1}. ${name}${tag}${away} — ${state}${callMark(view.calls[seat], lang)}${turn}`;
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

/** **My hand**: the player's private panel, as a new message (the table message's; a summary's too). */
export function myHandButton(tableId: string, version: number, lang: Lang): Record<string, unknown> {
  return button(t(lang, 'table.button.myHand'), encodeId('hand', tableId, version), 1, '🃏');
}

/** The buttons under the seats: Join/Leave/Start, My hand, or New match/Leave (Take seat sits by its seat). */
function buttonRows({ table, view }: TableSnapshot, lang: Lang): Array<Record<string, unknown>> {
  const v = view?.version ?? 0;
  if (table.status === 'lobby') {
    return [
      actionRow([
        button(t(lang, 'table.button.join'), encodeId('join', table.id, v), 3),
        button(t(lang, 'table.button.leave'), encodeId('leave', table.id, v), 2),
        button(t(lang, 'table.button.start'), encodeId('start', table.id, v), 1),
      ]),
    ];
  }
  if (table.status === 'playing' || table.status === 'paused') {
    return [actionRow([myHandButton(table.id, v, lang)])];
  }
  // An event's table plays its boards once: no new match, nobody to leave.
  if (table.status === 'finished' && table.settings.handLimit === null) {
    return [
      actionRow([
        button(t(lang, 'table.button.newMatch'), encodeId('start', table.id, v), 1),
        button(t(lang, 'table.button.leave'), encodeId('leave', table.id, v), 2),
      ]),
    ];
  }
  return [];
}

/** The rule flags that differ from the usual rules, in words. */
function houseRules(settings: TableSnapshot['table']['settings'], lang: Lang): string[] {
  const rules: string[] = [];
  if (!settings.callsAfterFirstOut) rules.push(t(lang, 'table.rule.noLateCalls'));
  if (!settings.wishOptional) rules.push(t(lang, 'table.rule.wishRequired'));
  if (!settings.bombIgnoresWish) rules.push(t(lang, 'table.rule.bombRespectsWish'));
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
