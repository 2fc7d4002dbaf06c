/**
 * The weekly challenge's texts: the share line (a symbol per board and the week's percentage, never
 * a card), the standings, and a closed week's boards (the deals, only after the close).
 */
import type {
  BoardGrade,
  BoardReveal,
  BoardsSummary,
  ChallengeStandings,
  NamedStanding,
  WeekInfo,
} from '../app/challengeService.js';
import { CHALLENGE_BOARDS } from '../app/challengeService.js';
import type { Card } from '../engine/index.js';
import { type Lang, t } from '../i18n/index.js';
import { cardsLabel, inHandOrder } from './cardText.js';
import { encodeShareId } from './challengeIds.js';
import { fitContent } from './door/callbackBody.js';
import { plainName } from './renderStats.js';

/**
 * One symbol per board: 🟩 at least 2/3 of the matchpoints the field allowed, 🟥 at most 1/3, 🟨
 * between, ⬜ nobody else has played it yet, ⬛ not played.
 */
export const GRADE_SYMBOLS: Readonly<Record<BoardGrade | 'unplayed', string>> = {
  top: '🟩',
  middle: '🟨',
  bottom: '🟥',
  alone: '⬜',
  unplayed: '⬛',
};

/** Standings rows /challenge standings lists. */
const STANDING_ROWS = 20;

/** A row with the Share button (its label in the reader's language). */
export function shareRow(weekStart: number, lang: Lang): Record<string, unknown> {
  return {
    type: 1,
    components: [
      { type: 2, style: 1, label: t(lang, 'challenge.button.share'), custom_id: encodeShareId(weekStart) },
    ],
  };
}

export function symbolsOf(standing: NamedStanding | null): string {
  return Array.from({ length: CHALLENGE_BOARDS }, (_, i) => {
    const score = standing?.scores.find((s) => s.board === i + 1);
    return GRADE_SYMBOLS[score ? score.grade : 'unplayed'];
  }).join('');
}

export function percentText(percent: number | null): string {
  return percent === null ? '–' : `${Math.round(percent)}%`;
}

/** The symbols and the percentage ("🟩🟨🟥🟩🟩🟨🟩🟩 62%"): nothing of a board's cards. */
export function lineOf(standing: NamedStanding | null): string {
  return `${symbolsOf(standing)} ${percentText(standing?.percent ?? null)}`;
}

/** The public line: "Tichu challenge · week 48 · Ann 🟩🟨🟥🟩🟩🟨🟩🟩 62%". */
export function shareText(info: WeekInfo, name: string, standing: NamedStanding | null, lang: Lang): string {
  return t(lang, 'challenge.share.line', {
    week: info.number,
    name: plainName(name),
    symbols: symbolsOf(standing),
    percent: percentText(standing?.percent ?? null),
  });
}

/** A Discord timestamp, shown in the reader's own time zone. */
export function timeMark(ms: number): string {
  return `<t:${Math.floor(ms / 1000)}:f>`;
}

export function standingsText(standings: ChallengeStandings, viewerId: string, lang: Lang): string {
  const { info, rows } = standings;
  const state = info.closed
    ? t(lang, 'challenge.standings.closed')
    : t(lang, 'challenge.standings.open', { end: timeMark(info.week.endsAt) });
  const lines = [t(lang, 'challenge.standings.title', { week: info.number, state })];
  if (rows.length === 0) lines.push(t(lang, 'challenge.standings.none'));
  for (const row of rows.slice(0, STANDING_ROWS)) lines.push(rowText(row, lang));
  if (rows.length > STANDING_ROWS)
    lines.push(t(lang, 'challenge.standings.more', { count: rows.length - STANDING_ROWS }));
  const mine = rows.find((r) => r.userId === viewerId);
  if (mine)
    lines.push(
      '',
      t(lang, 'challenge.standings.you', { rank: mine.rank, field: rows.length, line: lineOf(mine) }),
    );
  lines.push('', t(lang, 'challenge.standings.key'), t(lang, 'challenge.standings.rules'));
  return fitContent(lines.join('\n'));
}

function rowText(row: NamedStanding, lang: Lang): string {
  return t(lang, 'challenge.standings.row', {
    rank: row.rank,
    name: plainName(row.name),
    // No board of theirs compared with anyone's yet: said, not a dash beside a dash.
    percent: row.percent === null ? t(lang, 'challenge.standings.noScore') : percentText(row.percent),
    boards: row.boards,
    playing: row.playing ? t(lang, 'challenge.standings.playing') : '',
  });
}

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

export function boardsText(shown: BoardsSummary | BoardReveal, lang: Lang): string {
  if ('boards' in shown) {
    const lines = [t(lang, 'challenge.boards.title', { week: shown.info.number })];
    for (const b of shown.boards)
      lines.push(
        b.played === 0 || b.best === null || b.mean === null
          ? t(lang, 'challenge.boards.lineNone', { board: b.board })
          : t(lang, 'challenge.boards.line', {
              board: b.board,
              played: b.played,
              best: signed(b.best),
              mean: signed(Math.round(b.mean)),
            }),
      );
    lines.push('', t(lang, 'challenge.boards.hint'));
    return fitContent(lines.join('\n'));
  }
  // In words: four hands of fourteen card pictures would not fit a message.
  const words = { lang, faces: null };
  const lines = [
    t(lang, 'challenge.board.title', { week: shown.info.number, board: shown.board }),
    t(lang, 'challenge.board.deal'),
    ...shown.hands.map(
      (cards, seat) =>
        `${t(lang, `challenge.board.seat.${seat as 0 | 1 | 2 | 3}`)}: ${cardsLabel(inHandOrder(cards as Card[]), words)}`,
    ),
    '',
    t(lang, 'challenge.board.results'),
  ];
  if (shown.results.length === 0) lines.push(t(lang, 'challenge.board.none'));
  for (const r of shown.results)
    lines.push(
      t(lang, 'challenge.board.result', {
        name: plainName(r.name),
        diff: signed(r.nsDiff),
        percent: r.top > 0 ? percentText((100 * r.mp) / r.top) : '–',
      }),
    );
  return fitContent(lines.join('\n'));
}
