/**
 * `/table list` as a message: pure, from a page of the server's tables to Discord JSON. Each row
 * links its channel, names its players, shows its score and how long it has waited (a Discord
 * relative timestamp), with buttons to page.
 */
import type { ListedTable, TableList } from '../app/tableService.js';
import { SEATS } from '../engine/index.js';
import { relativeTime } from './clockText.js';
import { seatName } from './names.js';

/** `tl:<page>:<a|m>:<which button>`: the page to show, all tables or mine; the tag keeps ids distinct. */
export function listId(page: number, mine: boolean, tag: 'p' | 'n'): string {
  return `tl:${page}:${mine ? 'm' : 'a'}:${tag}`;
}

export function parseListId(customId: string): { page: number; mine: boolean } | null {
  const m = /^tl:(\d{1,4}):([am]):[pn]$/.exec(customId);
  return m ? { page: Number(m[1]), mine: m[2] === 'm' } : null;
}

function row({ table, view, activeAt }: ListedTable): string {
  const players = SEATS.flatMap((seat) => {
    const o = table.seats[seat];
    if (!o) return [];
    return [`${seatName(table, seat)}${o.kind === 'user' && o.away ? ' (away)' : ''}`];
  });
  const who = players.length > 0 ? players.join(', ') : 'nobody yet';
  const since = relativeTime(activeAt);
  if (table.status === 'lobby' || !view)
    return `🪑 <#${table.channelId}> · lobby, ${players.length}/4 seated: ${who} · waiting since ${since}`;
  const score = `${view.scores[0]} — ${view.scores[1]} (to ${view.settings.targetScore}), hand ${view.handNumber}`;
  const status = table.status === 'paused' ? '⏸️' : '▶️';
  const what = table.status === 'paused' ? 'paused' : 'last move';
  return `${status} <#${table.channelId}> · ${score} · ${who} · ${what} ${since}`;
}

export function renderList(list: TableList) {
  const lines = list.rows.map(row);
  const empty = list.mine
    ? 'You are not seated at any table on this server.'
    : 'No table is open on this server. Open one with /table create.';
  return {
    embeds: [
      {
        title: list.mine ? 'Your Tichu tables' : 'Tichu tables on this server',
        description: lines.length > 0 ? lines.join('\n') : empty,
        footer: {
          text: `Page ${list.page + 1} of ${list.pages} · most recently active first · resume a paused match with /table resume in its channel`,
        },
      },
    ],
    components:
      list.pages > 1
        ? [
            {
              type: 1,
              components: [
                {
                  type: 2,
                  style: 2,
                  label: '◀ Previous',
                  custom_id: listId(Math.max(0, list.page - 1), list.mine, 'p'),
                  disabled: list.page === 0,
                },
                {
                  type: 2,
                  style: 2,
                  label: 'Next ▶',
                  custom_id: listId(list.page + 1, list.mine, 'n'),
                  disabled: list.page >= list.pages - 1,
                },
              ],
            },
          ]
        : [],
  };
}
