/**
 * An event in words: its public message (who is in, the round's tables, the standings, its
 * buttons), a board's summary once every table played it, and /event results. Only boards every
 * table has finished appear in standings and summaries (src/app/eventResults.ts counts no other).
 */

import { MIN_EVENT_PLAYERS } from '../app/eventLobby.js';
import type { BoardReport, EventRecord, EventResults, EventRoster, Standings } from '../app/eventService.js';
import { MAX_IMPS } from '../events/index.js';
import { type Lang, plural, t } from '../i18n/index.js';
import { fitContent as fitted } from './door/callbackBody.js';
import { encodeEventId } from './eventIds.js';

/** Lines of standings the event message shows (all of them in /event results, as fits). */
const MESSAGE_ROWS = 10;
/** Names listed by the check-in line before "and N more". */
const LISTED_NAMES = 40;

export interface EventMessage {
  readonly content: string;
  readonly components: unknown[];
  readonly allowed_mentions: { readonly parse: readonly never[] };
}

type NameOf = (userId: string | null) => string;

export function nameOf(roster: Pick<EventRoster, 'players'>, lang: Lang): NameOf {
  const names = new Map(roster.players.map((p) => [p.userId, p.name]));
  return (userId) => (userId === null ? t(lang, 'event.bot') : (names.get(userId) ?? userId));
}

/** The head of every event text: format, rounds and boards, options, the scoring. */
function head(event: EventRecord, lang: Lang, pairs: number): string[] {
  const o = event.options;
  const lines = [
    t(lang, 'event.title', {
      format: t(lang, event.format === 'duplicate' ? 'event.format.duplicate' : 'event.format.rotating'),
      rounds: plural(lang, 'event.rounds', event.rounds),
      boards: plural(lang, 'event.boards', event.hands),
    }),
    t(lang, 'event.options', {
      grand: t(lang, o.grandTichu ? 'event.options.on' : 'event.options.off'),
      timer: t(lang, `table.timer.${o.timer}`),
      rated: t(lang, o.rated ? 'event.options.rated' : 'event.options.unrated'),
    }),
  ];
  if (event.format === 'rotating')
    lines.push(
      t(lang, 'event.vp', { win: o.vp.win, tie: o.vp.tie, loss: o.vp.loss, dv: o.vp.doubleVictory }),
    );
  else if (pairs === 4) lines.push(t(lang, 'event.scoring.teamMatch', { max: MAX_IMPS }));
  else lines.push(t(lang, 'event.scoring.duplicate'));
  return lines;
}

/** The event's public message, edited in place as people check in and rounds are played. */
export function renderEventMessage(results: EventResults, lang: Lang): EventMessage {
  const { event } = results;
  const name = nameOf(results, lang);
  const lines = head(event, lang, results.pairs.length);
  lines.push('');
  if (event.status === 'checkin') {
    const inside = results.players.filter((p) => p.checkedIn);
    const people = results.pairs.filter((p) => p.players.some((x) => x !== null));
    if (inside.length === 0) lines.push(t(lang, 'event.checkin.none'));
    else if (event.format === 'duplicate') {
      // The pairs as the start will seat them (singles paired in order; a bot partner for the last).
      // A single shows as one (paired at the start with the next single, or a bot), not as "Ann & Bot".
      const shown = people
        .slice(0, LISTED_NAMES / 2)
        .map((p) =>
          p.players[1] === null
            ? t(lang, 'event.single', { name: name(p.players[0]) })
            : p.players.map(name).join(' & '),
        );
      const more = people.length - shown.length;
      lines.push(
        t(lang, 'event.checkin.pairs', {
          count: people.length,
          pairs: more > 0 ? `${shown.join(', ')} … (+${more})` : shown.join(', '),
        }),
      );
      // Requests not yet accepted: both count as singles until then.
      const asked = inside
        .filter((p) => p.partnerId && inside.find((q) => q.userId === p.partnerId)?.partnerId !== p.userId)
        .slice(0, LISTED_NAMES / 2)
        .map((p) => {
          const partner = p.partnerId as string;
          return `${p.name} → ${results.players.some((q) => q.userId === partner) ? name(partner) : `<@${partner}>`}`;
        });
      if (asked.length > 0) lines.push(t(lang, 'event.checkin.asked', { pairs: asked.join(', ') }));
      // Two tables: who will play for whom, as the start would seat them (once it could start).
      if (inside.length >= MIN_EVENT_PLAYERS) lines.push(...teamLines(results, lang));
    } else {
      const shown = inside.slice(0, LISTED_NAMES).map((p) => p.name);
      const more = inside.length - shown.length;
      lines.push(
        t(lang, 'event.checkin.list', {
          count: inside.length,
          names: more > 0 ? `${shown.join(', ')} … (+${more})` : shown.join(', '),
        }),
      );
      // Tables take four: the rest sit out each round, in turn, and are told so before the start.
      const out = inside.length % 4;
      if (inside.length >= 4 && out > 0) lines.push(plural(lang, 'event.checkin.sitOuts', out));
    }
    lines.push(t(lang, event.format === 'duplicate' ? 'event.checkin.hintDuplicate' : 'event.checkin.hint'));
  } else {
    if (event.status === 'running') {
      lines.push(t(lang, 'event.round', { round: event.round, rounds: event.rounds }));
      for (const table of results.tables.filter((x) => x.round === event.round)) {
        const [north, east, south, west] = table.seats.map(name);
        const status =
          table.status === 'finished'
            ? ` ${t(lang, 'event.table.done')}`
            : table.status === 'closed'
              ? ` ${t(lang, 'event.table.closed')}`
              : results.paused.includes(table.number)
                ? ` ${t(lang, 'event.table.paused')}`
                : '';
        lines.push(
          `${t(lang, 'event.table', {
            number: table.number + 1,
            thread: table.threadId ? `<#${table.threadId}>` : t(lang, 'event.table.pending'),
            north: north as string,
            east: east as string,
            south: south as string,
            west: west as string,
          })}${status}`,
        );
      }
      // Those without a table this round are told so (they score the round's average).
      if (results.sittingOut.length > 0)
        lines.push(t(lang, 'event.sitOut', { names: results.sittingOut.map(name).join(', ') }));
    }
    // An event cancelled before any board was played has no standings to show.
    if (event.status !== 'cancelled' || results.boards.length > 0) {
      // After the round's tables, a blank line; straight after the head, the one above does.
      if (event.status === 'running') lines.push('');
      lines.push(t(lang, event.status === 'running' ? 'event.standings' : 'event.standings.final'));
      lines.push(...standingLines(results, lang, MESSAGE_ROWS));
    }
    if (event.status === 'finished') lines.push('', t(lang, 'event.finished'));
    if (event.status === 'cancelled') lines.push('', t(lang, 'event.cancelled'));
  }
  return {
    content: fitted(lines.join('\n')),
    components: eventButtons(event, lang),
    allowed_mentions: { parse: [] },
  };
}

function eventButtons(event: EventRecord, lang: Lang): unknown[] {
  const button = (verb: 'in' | 'out' | 'start' | 'close', key: Parameters<typeof t>[1], style: number) => ({
    type: 2,
    style,
    label: t(lang, key as 'event.button.start'),
    custom_id: encodeEventId(verb, event.id),
  });
  if (event.status === 'checkin')
    return [
      {
        type: 1,
        components: [
          button('in', 'event.button.checkIn', 3),
          button('out', 'event.button.checkOut', 2),
          button('start', 'event.button.start', 1),
        ],
      },
    ];
  if (event.status === 'running') {
    const row = [button('close', 'event.button.closeRound', 4)];
    // A rotating event takes people between rounds.
    if (event.format === 'rotating')
      row.unshift(button('in', 'event.button.checkIn', 3), button('out', 'event.button.checkOut', 2));
    return [{ type: 1, components: row }];
  }
  return [];
}

/** The standings, best first, at most `limit` rows. */
export function standingLines(results: EventResults, lang: Lang, limit: number): string[] {
  const name = nameOf(results, lang);
  const pairName = pairNameOf(results, lang);
  const standings: Standings = results.standings;
  if (results.boards.length === 0 && standings.kind === 'team')
    return [t(lang, 'event.standings.none'), ...teamLines(results, lang)];
  if (results.boards.length === 0) return [t(lang, 'event.standings.none')];
  switch (standings.kind) {
    case 'rotating':
      return standings.rows.slice(0, limit).map((r) =>
        t(lang, 'event.row.rotating', {
          rank: r.rank,
          name: name(r.id),
          vp: round1(r.vp),
          diff: signed(r.diff),
          marks: marks(r.marks, lang),
        }),
      );
    case 'duplicate':
      return standings.rows.slice(0, limit).map((r) =>
        t(lang, 'event.row.duplicate', {
          rank: r.rank,
          name: pairName(r.id),
          percent: round1(r.percent),
          mp: round1(r.mp),
          top: r.top,
          marks: marks(r.marks, lang),
        }),
      );
    case 'team':
      return standings.rows.map((r) =>
        plural(lang, 'event.row.team', Math.abs(r.imps), {
          rank: r.rank,
          team: r.id,
          names: r.pairs.map(pairName).join(', '),
          imps: signed(r.imps),
          marks: marks(r.marks, lang),
        }),
      );
  }
}

/**
 * A team match's teams (four pairs: the movement keeps pairs 0 and 1 together as team A), and, when
 * two pairs of people are each other's opponents with bots as team-mates, that said in plain words.
 */
function teamLines(results: EventResults, lang: Lang): string[] {
  if (results.pairs.length !== 4) return [];
  const name = nameOf(results, lang);
  const [a, b, c, d] = results.pairs.map((p) => p.players.map(name).join(' & ')) as [
    string,
    string,
    string,
    string,
  ];
  const lines = [t(lang, 'event.teams', { a: `${a}, ${b}`, b: `${c}, ${d}` })];
  const bots = (i: number) => results.pairs[i]?.players.every((x) => x === null) ?? false;
  if (bots(1) && bots(2) && !bots(0) && !bots(3)) lines.push(t(lang, 'event.teamsVsBots', { a, b: d }));
  return lines;
}

function teamLabel(
  id: 'A' | 'B',
  pairs: Readonly<Record<'A' | 'B', readonly [string, string]>>,
  results: EventResults,
  lang: Lang,
): string {
  return `${id} (${pairs[id].map(pairNameOf(results, lang)).join(', ')})`;
}

/** A duplicate pair's people by its key in the standings ("Ann & Ben", "Bot & Bot"). */
function pairNameOf(results: EventResults, lang: Lang): (key: string) => string {
  const name = nameOf(results, lang);
  return (key) =>
    results.pairs
      .find((p) => p.key === key)
      ?.players.map(name)
      .join(' & ') ?? key;
}

function marks(m: { satOut: number; averaged: number; withBot: number }, lang: Lang): string {
  const parts: string[] = [];
  if (m.satOut) parts.push(t(lang, 'event.mark.satOut', { count: m.satOut }));
  if (m.averaged) parts.push(t(lang, 'event.mark.averaged', { count: m.averaged }));
  if (m.withBot) parts.push(t(lang, 'event.mark.bot', { count: m.withBot }));
  return parts.length ? ` · ${parts.join(', ')}` : '';
}

const round1 = (x: number) => String(Math.round(x * 10) / 10);
const signed = (x: number) => (x > 0 ? `+${round1(x)}` : round1(x));

/** A board's summary for the event's channel: every table's result, and how it scored. */
export function renderBoard(report: BoardReport, results: EventResults, lang: Lang): string {
  const name = nameOf(results, lang);
  const closed = report.tables.some((at) => at.total === null);
  const lines = [
    t(lang, closed ? 'event.board.titleClosed' : 'event.board.title', {
      round: report.round,
      board: report.board,
    }),
  ];
  for (const at of report.tables) {
    const [n, e, s, w] = at.table.seats.map(name);
    if (at.total === null) {
      lines.push(t(lang, 'event.board.averaged', { number: at.table.number + 1 }));
      continue;
    }
    let note = at.doubleVictory === null ? '' : t(lang, 'event.board.dv');
    const pairOf = (n: number | null) => results.pairs[n ?? -1]?.key;
    const mp = (key: string | undefined) => round1(report.matchpoints.find((m) => m.pair === key)?.mp ?? 0);
    if (report.matchpoints.length > 0)
      note += t(lang, 'event.board.mp', {
        ns: `${n} & ${s}`,
        nsMp: mp(pairOf(at.table.nsPair)),
        ew: `${e} & ${w}`,
        ewMp: mp(pairOf(at.table.ewPair)),
      });
    lines.push(
      t(lang, 'event.board.line', {
        number: at.table.number + 1,
        ns: `${n} & ${s}`,
        nsScore: at.total[0],
        ewScore: at.total[1],
        ew: `${e} & ${w}`,
        note,
      }),
    );
  }
  const team = report.team;
  if (team && team.swing !== null) {
    const imps = Math.abs(team.imps[0] ?? 0);
    lines.push(
      team.swing === 0
        ? t(lang, 'event.board.noSwing')
        : plural(lang, 'event.board.imps', imps, {
            swing: Math.abs(team.swing),
            // Named with its pairs: the board's message is read on its own.
            team: teamLabel(team.swing > 0 ? 'A' : 'B', team.pairs, results, lang),
          }),
    );
  }
  return fitted(lines.join('\n'));
}
