/** Leaderboards and statistics as messages: pure, from the stats use cases to Discord JSON. */
import type { BoardSort, Leaderboard, PlayerStats } from '../app/stats.js';

type Json = Record<string, unknown>;
export interface StatsPayload {
  content?: string;
  embeds: Json[];
  components: Json[];
}

const SORT_NAMES: Readonly<Record<BoardSort, string>> = {
  rating: 'Rating',
  wins: 'Wins',
  winrate: 'Win rate',
  tichu: 'Tichu success',
};

function formatValue(sort: BoardSort, value: number): string {
  if (sort === 'winrate' || sort === 'tichu') return `${Math.round(value * 100)}%`;
  if (sort === 'rating') return value.toFixed(1);
  return String(value);
}

/** `lb:<sort>:<page>:<which button>`: the tag keeps the ids of one message distinct. */
export function leaderboardId(sort: BoardSort, page: number, tag: 'p' | 'n' | 's'): string {
  return `lb:${sort}:${page}:${tag}`;
}

export function renderLeaderboard(board: Leaderboard, guildName: string): StatsPayload {
  const lines = board.rows.map((row) => {
    const rating =
      row.mu === null || row.sigma === null ? '' : ` · ${row.mu.toFixed(1)} ± ${(2 * row.sigma).toFixed(1)}`;
    return `**${row.rank}.** ${row.name} — ${formatValue(board.sort, row.value)}${board.sort === 'rating' ? rating : ''} · ${row.wins}/${row.matches} won`;
  });
  if (lines.length === 0) lines.push('Nobody is ranked here yet. Finish a match to appear!');
  const you = board.viewerHidden
    ? 'You are hidden from leaderboards (/leaderboard visibility to change).'
    : board.viewer
      ? `You: **#${board.viewer.rank}** (${formatValue(board.sort, board.viewer.value)})`
      : 'You are not on this board yet.';
  const note =
    board.sort === 'rating'
      ? 'Rating = skill − 3 × uncertainty (openskill); rated matches only: four people, finished, at least 3 hands.'
      : board.sort === 'wins'
        ? 'All finished matches.'
        : 'Players with at least 5 matches (or calls).';
  const sorts = (['rating', 'wins', 'winrate', 'tichu'] as const).map((s) => ({
    type: 2,
    style: s === board.sort ? 1 : 2,
    label: SORT_NAMES[s],
    custom_id: leaderboardId(s, 0, 's'),
    disabled: s === board.sort,
  }));
  return {
    embeds: [
      {
        title: `🏆 ${guildName} — ${SORT_NAMES[board.sort]}`,
        description: `${lines.join('\n')}\n\n${you}`,
        footer: { text: `Page ${board.page + 1} of ${board.pages} · ${note}` },
      },
    ],
    components: [
      {
        type: 1,
        components: [
          {
            type: 2,
            style: 2,
            label: '◀ Previous',
            custom_id: leaderboardId(board.sort, Math.max(0, board.page - 1), 'p'),
            disabled: board.page === 0,
          },
          {
            type: 2,
            style: 2,
            label: 'Next ▶',
            custom_id: leaderboardId(board.sort, board.page + 1, 'n'),
            disabled: board.page >= board.pages - 1,
          },
        ],
      },
      { type: 1, components: sorts },
    ],
  };
}

export function renderPlayerStats(stats: PlayerStats, name: string): StatsPayload {
  const t = stats.totals;
  if (!t)
    return {
      embeds: [{ title: `📊 ${name}`, description: 'No finished match on this server yet.' }],
      components: [],
    };
  const pct = (a: number, b: number) => (b === 0 ? '—' : `${Math.round((a / b) * 100)}%`);
  const fields: Json[] = [
    { name: 'Matches', value: `${t.wins} won of ${t.matches} (${pct(t.wins, t.matches)})`, inline: true },
    {
      name: 'Hands',
      value: `${t.hands} · ${t.hands === 0 ? '—' : (t.points / t.hands).toFixed(1)} team points a hand`,
      inline: true,
    },
    {
      name: 'Tichu',
      value: `${t.tichuMade} made of ${t.tichuCalls} (${pct(t.tichuMade, t.tichuCalls)})`,
      inline: true,
    },
    {
      name: 'Grand Tichu',
      value: `${t.grandMade} made of ${t.grandCalls} (${pct(t.grandMade, t.grandCalls)})`,
      inline: true,
    },
    { name: 'Double victories', value: String(t.doubleVictories), inline: true },
    { name: 'Bombs', value: String(t.bombs), inline: true },
  ];
  if (stats.rating) {
    const r = stats.rating;
    const rank = stats.rank === null ? '' : ` · #${stats.rank}`;
    fields.push({
      name: 'Rating',
      value: `${r.ordinal.toFixed(1)} (${r.mu.toFixed(1)} ± ${(2 * r.sigma).toFixed(1)}, ${r.ratedMatches} rated)${rank}`,
      inline: false,
    });
  }
  if (stats.favouritePartner) {
    const p = stats.favouritePartner;
    fields.push({
      name: 'Favourite partner',
      value: `${p.name}: ${p.matches} matches together, ${p.wins} won`,
      inline: false,
    });
  }
  return {
    embeds: [{ title: `📊 ${name}${stats.hidden ? ' (hidden from leaderboards)' : ''}`, fields }],
    components: [],
  };
}
