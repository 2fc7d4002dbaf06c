/** Leaderboards, statistics and history as messages: pure, from the stats use cases to Discord JSON. */
import type {
  BoardSort,
  HandLog,
  Leaderboard,
  MatchDetail,
  MatchSummaryRow,
  PlayerStats,
} from '../app/stats.js';
import type { Action, GameEvent, HandResult } from '../engine/index.js';
import { cardLabel, comboLabel, rankLabel } from './cardText.js';

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

export function renderRecentMatches(matches: readonly MatchSummaryRow[], title: string): StatsPayload {
  const lines = matches.map((m) => {
    const when = m.endedAt ? `<t:${Math.floor(m.endedAt / 1000)}:R>` : '';
    const result =
      m.status === 'abandoned'
        ? 'abandoned'
        : `${m.scoreA} — ${m.scoreB}${m.winner === null ? '' : ` (team ${m.winner === 0 ? 'A' : 'B'} won)`}`;
    return `**#${m.id}** ${result} · ${m.handsPlayed} hands${m.rated ? ' · rated' : ''} · <#${m.channelId}> ${when}`;
  });
  return {
    embeds: [
      {
        title,
        description: lines.length > 0 ? lines.join('\n') : 'No finished match yet.',
        footer: { text: '/history match number:<n> for the hands of one match' },
      },
    ],
    components: [],
  };
}

function playerName(detail: { players: MatchDetail['players'] }, seat: number): string {
  const p = detail.players.find((x) => x.seat === seat);
  return p?.name ?? (p?.userId ? 'Unknown' : `Bot ${seat + 1}`);
}

export function renderMatchDetail(detail: MatchDetail): StatsPayload {
  const m = detail.match;
  const teams = `Team A: ${playerName(detail, 0)} & ${playerName(detail, 2)} · Team B: ${playerName(detail, 1)} & ${playerName(detail, 3)}`;
  const lines = detail.hands.map((h: HandResult) => {
    const order = h.out.map((s) => playerName(detail, s)).join(', ');
    const calls = h.calls.flatMap((c, s) =>
      c === 'none'
        ? []
        : [
            `${playerName(detail, s)} ${c === 'tichu' ? 'Tichu' : 'Grand Tichu'} ${h.out[0] === s ? '✅' : '❌'}`,
          ],
    );
    const dv = h.doubleVictory === null ? '' : ' · double victory';
    return `**Hand ${h.number}**: ${h.total[0]} — ${h.total[1]}${dv} · out: ${order}${calls.length ? ` · ${calls.join(', ')}` : ''}`;
  });
  const status = m.status === 'playing' ? 'in progress' : m.status;
  return {
    embeds: [
      {
        title: `Match #${m.id}: ${m.scoreA} — ${m.scoreB} (${status}${m.rated ? ', rated' : ''})`,
        description: `${teams}\n\n${lines.join('\n') || 'No hand finished yet.'}`.slice(0, 4096),
        footer: {
          text: `/history hand match:${m.id} hand:<n> for every play of a hand · /history export match:${m.id}`,
        },
      },
    ],
    components: [],
  };
}

/** A finished hand, play by play: the lines, and whether they had to be shortened for the embed. */
const FORCED_WORDS = { timeout: '⏰ (ran out of time)', away: '💤 (away: bot played)' } as const;

export function handLogLines(log: HandLog, names: (seat: number) => string): string[] {
  const lines: string[] = [];
  for (const entry of log.entries) {
    const action = entry.action as Action;
    const own: string[] = [];
    if (action.type === 'exchange') {
      own.push(
        `${names(entry.seat)} passes ${cardLabel(action.next)} → ${names((entry.seat + 1) % 4)}, ${cardLabel(action.partner)} → ${names((entry.seat + 2) % 4)}, ${cardLabel(action.previous)} → ${names((entry.seat + 3) % 4)}`,
      );
    }
    for (const event of entry.events) {
      const line = eventLine(event, names);
      if (line) own.push(line);
    }
    // A decision the bot made for a person says so on its first line ("Ben passes ⏰ ran out of time").
    // (A timed-out decision that shows no line, a Grand Tichu declined, still gets one.)
    if (entry.forced === 'timeout' && own.length === 0)
      own.push(`${names(entry.seat)} ${FORCED_WORDS.timeout}`);
    else if (entry.forced && own.length > 0) own[0] = `${own[0]} ${FORCED_WORDS[entry.forced]}`;
    lines.push(...own);
  }
  return lines;
}

function eventLine(event: GameEvent, names: (seat: number) => string): string | null {
  switch (event.type) {
    case 'grandTichuDecided':
      return event.call ? `${names(event.seat)} calls **Grand Tichu**` : null;
    case 'tichuCalled':
      return `${names(event.seat)} calls **Tichu**`;
    case 'played':
      return `${names(event.seat)}${event.outOfTurn ? ' (out of turn)' : ''}: ${comboLabel(event.combo)}`;
    case 'passed':
      return `${names(event.seat)} passes`;
    case 'leadPassedByDog':
      return `the Dog gives the lead to ${names(event.to)}`;
    case 'wishMade':
      return event.rank === null
        ? `${names(event.seat)} wishes for nothing`
        : `${names(event.seat)} wishes for ${rankLabel(event.rank)}`;
    case 'wishFulfilled':
      return `the wish for ${rankLabel(event.rank)} is fulfilled`;
    case 'trickWon':
      return `→ ${names(event.trick.winner)} takes the trick (${event.trick.points} points)`;
    case 'dragonGiven':
      return `${names(event.from)} gives the Dragon trick to ${names(event.to)}`;
    case 'wentOut':
      return `${names(event.seat)} is out (#${event.place})`;
    case 'handEnded':
      return `Hand over: ${event.result.total[0]} — ${event.result.total[1]}`;
    default:
      return null;
  }
}

export function renderHandLog(log: HandLog, detail: MatchDetail): { payload: StatsPayload; full: string } {
  const names = (seat: number) => playerName(detail, seat);
  const lines = handLogLines(log, names);
  const full = lines.join('\n');
  const shown = full.length <= 3900 ? full : `${full.slice(0, 3800)}\n… (the whole log is attached)`;
  return {
    payload: {
      embeds: [{ title: `Match #${log.match.id}, hand ${log.number}`, description: shown }],
      components: [],
    },
    full: full.replace(/\*\*/g, ''),
  };
}
