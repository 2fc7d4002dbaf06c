/** Leaderboards and statistics as messages: pure, from the stats use cases to Discord JSON. */
import type { SeasonRecord } from '../app/seasons.js';
import {
  BOARD_SORTS,
  type BoardSort,
  type Leaderboard,
  type PlayerStats,
  type PlayerTotals,
} from '../app/stats.js';
import { type Lang, plural, t } from '../i18n/index.js';

type Json = Record<string, unknown>;
export interface StatsPayload {
  content?: string;
  embeds: Json[];
  components: Json[];
}

/** `value` with one decimal, as the reader writes it: "25.3", "25,3". */
export function decimal(value: number, lang: Lang): string {
  const text = value.toFixed(1);
  return lang === 'de' ? text.replace('.', ',') : text;
}

function sortName(sort: BoardSort, lang: Lang): string {
  return t(lang, `rec.board.${sort}`);
}

function formatValue(sort: BoardSort, value: number, lang: Lang): string {
  if (sort === 'winrate' || sort === 'tichu') return `${Math.round(value * 100)}%`;
  if (sort === 'rating') return decimal(value, lang);
  if (sort === 'events') return plural(lang, 'rec.board.eventPoints', value);
  return String(value);
}

/** A placing as the reader writes it: "1st", "22nd", "13th"; "1.", "22.". */
export function placing(rank: number, lang: Lang): string {
  if (lang === 'de') return `${rank}.`;
  const tens = rank % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][rank % 10] ?? 'th');
  return `${rank}${suffix}`;
}

/** A board's row: a match board's value with the wins, or the event standings' points, events and best placing. */
function boardRow(board: Leaderboard, row: Leaderboard['rows'][number], lang: Lang): string {
  if (row.events)
    return t(lang, 'rec.board.eventRow', {
      rank: row.rank,
      name: row.name,
      points: formatValue('events', row.value, lang),
      events: plural(lang, 'rec.board.eventCount', row.events.played),
      best: placing(row.events.best, lang),
    });
  const rating =
    row.mu === null || row.sigma === null
      ? ''
      : ` · ${decimal(row.mu, lang)} ± ${decimal(2 * row.sigma, lang)}`;
  const value = `${formatValue(board.sort, row.value, lang)}${board.sort === 'rating' ? rating : ''}`;
  return t(lang, 'rec.board.row', {
    rank: row.rank,
    name: row.name,
    value,
    wins: row.wins,
    matches: row.matches,
  });
}

/** The footer's note: what the board counts (for the event standings, the points scheme). */
function boardNote(sort: BoardSort, season: boolean, lang: Lang): string {
  if (sort === 'rating') return t(lang, season ? 'season.board.noteRating' : 'rec.board.noteRating');
  if (sort === 'wins') return t(lang, season ? 'season.board.noteWins' : 'rec.board.noteWins');
  if (sort === 'events') return t(lang, season ? 'season.board.noteEvents' : 'rec.board.noteEvents');
  return t(lang, 'rec.board.noteShare');
}

/** ◀ Previous and Next ▶ for a paged message, their ids given. */
export function pageButtons(
  lang: Lang,
  previous: { id: string; disabled: boolean },
  next: { id: string; disabled: boolean },
): Json {
  const button = (label: string, b: { id: string; disabled: boolean }) => ({
    type: 2,
    style: 2,
    label,
    custom_id: b.id,
    disabled: b.disabled,
  });
  return {
    type: 1,
    components: [button(t(lang, 'rec.previous'), previous), button(t(lang, 'rec.next'), next)],
  };
}

/**
 * `lb:<sort>:<page>:<which button>:<season>`: the tag keeps the ids of one message distinct; the
 * season is its number on the server, or `a` for all time.
 */
export function leaderboardId(
  sort: BoardSort,
  page: number,
  tag: 'p' | 'n' | 's',
  season: number | null = null,
): string {
  return `lb:${sort}:${page}:${tag}:${season ?? 'a'}`;
}

/** A Discord timestamp: each reader sees the date in their own locale and time zone. */
export function dateMark(ms: number): string {
  return `<t:${Math.floor(ms / 1000)}:d>`;
}

/** A name as plain text in Markdown (a season's name is an admin's input). */
export function plainName(name: string): string {
  return name.replace(/[\\*_~`|>]/g, '\\$&');
}

/** Which season the board shows (or all time): a line above the title, and the season's dates. */
function seasonParts(season: SeasonRecord | null, lang: Lang): { author: string; line: string | null } {
  if (!season) return { author: t(lang, 'season.board.allTime'), line: null };
  const name = plainName(season.name);
  const line =
    season.endedAt === null
      ? t(lang, 'season.board.running', { name, from: dateMark(season.startedAt) })
      : t(lang, 'season.board.past', {
          name,
          from: dateMark(season.startedAt),
          to: dateMark(season.endedAt),
        });
  return { author: t(lang, 'season.board.season', { name: season.name }).slice(0, 256), line };
}

/** The server's leaderboard (`serverName` null: "This server"), in the reader's language. */
export function renderLeaderboard(board: Leaderboard, serverName: string | null, lang: Lang): StatsPayload {
  const lines = board.rows.map((row) => boardRow(board, row, lang));
  if (lines.length === 0)
    lines.push(
      t(
        lang,
        board.sort === 'events'
          ? 'rec.board.emptyEvents'
          : board.sort === 'rating'
            ? 'rec.board.emptyRated'
            : 'rec.board.empty',
      ),
    );
  const you = board.viewerHidden
    ? t(lang, 'rec.board.youHidden')
    : board.viewer
      ? t(lang, 'rec.board.you', {
          rank: board.viewer.rank,
          value: formatValue(board.sort, board.viewer.value, lang),
        })
      : t(lang, 'rec.board.youAbsent');
  // A board rendered before seasons existed has none: all time.
  const season = board.season ?? null;
  const note = boardNote(board.sort, season !== null, lang);
  const seasonId = season?.id ?? null;
  const sorts = BOARD_SORTS.map((s) => ({
    type: 2,
    style: s === board.sort ? 1 : 2,
    label: sortName(s, lang),
    custom_id: leaderboardId(s, 0, 's', seasonId),
    disabled: s === board.sort,
  }));
  const server = serverName ?? t(lang, 'rec.thisServer');
  const page = t(lang, 'rec.page', { page: board.page + 1, pages: board.pages });
  const shown = seasonParts(season, lang);
  return {
    embeds: [
      {
        author: { name: shown.author },
        title: t(lang, 'rec.board.title', { server, sort: sortName(board.sort, lang) }).slice(0, 256),
        description: [lines.join('\n'), shown.line === null ? you : `${you}\n${shown.line}`].join('\n\n'),
        footer: { text: `${page} · ${note}` },
      },
    ],
    components: [
      pageButtons(
        lang,
        {
          id: leaderboardId(board.sort, Math.max(0, board.page - 1), 'p', seasonId),
          disabled: board.page === 0,
        },
        {
          id: leaderboardId(board.sort, board.page + 1, 'n', seasonId),
          disabled: board.page >= board.pages - 1,
        },
      ),
      { type: 1, components: sorts },
    ],
  };
}

/** "3 won of 5 (60%)": a share, or a dash when there is nothing to share. */
function pct(a: number, b: number): string {
  return b === 0 ? '—' : `${Math.round((a / b) * 100)}%`;
}

/** One kind of match (rated or casual) as one field, a line per count. */
function kindField(title: string, kind: PlayerTotals, lang: Lang): Json {
  const calls = (made: number, called: number) =>
    t(lang, 'rec.stats.callsValue', { made, calls: called, share: pct(made, called) });
  const hands = t(lang, 'rec.stats.handsValue', {
    hands: kind.hands,
    points: kind.hands === 0 ? '—' : decimal(kind.points / kind.hands, lang),
  });
  const lines: Array<[string, string]> = [
    [
      t(lang, 'rec.stats.matches'),
      t(lang, 'rec.stats.matchesValue', {
        wins: kind.wins,
        matches: kind.matches,
        share: pct(kind.wins, kind.matches),
      }),
    ],
    [t(lang, 'rec.stats.hands'), hands],
    [t(lang, 'rec.tichu'), calls(kind.tichuMade, kind.tichuCalls)],
    [t(lang, 'rec.grandTichu'), calls(kind.grandMade, kind.grandCalls)],
    [t(lang, 'rec.stats.doubleVictories'), String(kind.doubleVictories)],
    [t(lang, 'rec.stats.bombs'), String(kind.bombs)],
  ];
  const value = lines.map(([name, v]) => t(lang, 'rec.stats.line', { name, value: v })).join('\n');
  return { name: title, value, inline: false };
}

/** One player's statistics on this server, rated and casual matches apart, in the reader's language. */
export function renderPlayerStats(stats: PlayerStats, name: string, lang: Lang): StatsPayload {
  const { rated, casual } = stats;
  if (!rated && !casual)
    return {
      embeds: [{ title: `📊 ${name}`, description: t(lang, 'rec.stats.none') }],
      components: [],
    };
  const fields: Json[] = [];
  if (rated) fields.push(kindField(t(lang, 'rec.stats.rated'), rated, lang));
  if (casual) fields.push(kindField(t(lang, 'rec.stats.casual'), casual, lang));
  if (stats.rating) {
    const r = stats.rating;
    const rank = stats.rank === null ? '' : ` · #${stats.rank}`;
    const rating = t(lang, 'rec.stats.ratingValue', {
      ordinal: decimal(r.ordinal, lang),
      mu: decimal(r.mu, lang),
      spread: decimal(2 * r.sigma, lang),
      rated: r.ratedMatches,
    });
    fields.push({ name: t(lang, 'rec.stats.rating'), value: `${rating}${rank}`, inline: false });
  }
  if (stats.favouritePartner) {
    const p = stats.favouritePartner;
    fields.push({
      name: t(lang, 'rec.stats.partner'),
      value: plural(lang, 'rec.stats.partnerValue', p.matches, { name: p.name, wins: p.wins }).slice(0, 1024),
      inline: false,
    });
  }
  const title = stats.hidden ? t(lang, 'rec.stats.hidden', { name }) : name;
  // Says what made a match casual, where one is shown.
  const footer = casual ? { footer: { text: t(lang, 'rec.stats.casualNote') } } : {};
  return {
    embeds: [{ title: `📊 ${title}`.slice(0, 256), fields, ...footer }],
    components: [],
  };
}
