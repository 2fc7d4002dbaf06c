/**
 * `/table list` as a message: pure, from a page of the server's tables to Discord JSON. Each row
 * links its channel, names its players, shows its score and how long it has waited (a Discord
 * relative timestamp), with buttons to page.
 */
import type { ListedTable, TableList } from '../app/tableService.js';
import { SEATS } from '../engine/index.js';
import { type Lang, t } from '../i18n/index.js';
import { relativeTime } from './clockText.js';
import { goalWords, seatName } from './names.js';
import { pageButtons } from './renderStats.js';

/** `tl:<page>:<a|m>:<which button>`: the page to show, all tables or mine; the tag keeps ids distinct. */
export function listId(page: number, mine: boolean, tag: 'p' | 'n'): string {
  return `tl:${page}:${mine ? 'm' : 'a'}:${tag}`;
}

export function parseListId(customId: string): { page: number; mine: boolean } | null {
  const m = /^tl:(\d{1,4}):([am]):[pn]$/.exec(customId);
  return m ? { page: Number(m[1]), mine: m[2] === 'm' } : null;
}

function row({ table, view, activeAt }: ListedTable, lang: Lang): string {
  const players = SEATS.flatMap((seat) => {
    const o = table.seats[seat];
    if (!o) return [];
    const name = seatName(table, seat, lang);
    return [o.kind === 'user' && o.away ? t(lang, 'rec.list.away', { name }) : name];
  });
  const who = players.length > 0 ? players.join(', ') : t(lang, 'rec.list.nobody');
  const since = relativeTime(activeAt);
  if (table.status === 'lobby' || !view) {
    const lobby = t(lang, 'rec.list.lobby', { seated: players.length, who, since });
    return `🪑 <#${table.channelId}> · ${lobby}`;
  }
  const score = t(lang, 'rec.list.score', {
    a: view.scores[0],
    b: view.scores[1],
    goal: goalWords(view.settings, lang),
    hand: view.handNumber,
  });
  const paused = table.status === 'paused';
  const when = t(lang, paused ? 'rec.list.paused' : 'rec.list.lastMove', { since });
  return `${paused ? '⏸️' : '▶️'} <#${table.channelId}> · ${score} · ${who} · ${when}`;
}

/** A page of the server's tables (or the reader's own), in the reader's language. */
export function renderList(list: TableList, lang: Lang) {
  const lines = list.rows.map((r) => row(r, lang));
  const empty = t(lang, list.mine ? 'rec.list.noneMine' : 'rec.list.none');
  const page = t(lang, 'rec.page', { page: list.page + 1, pages: list.pages });
  return {
    embeds: [
      {
        title: t(lang, list.mine ? 'rec.list.mine' : 'rec.list.all'),
        description: lines.length > 0 ? lines.join('\n') : empty,
        footer: { text: `${page} · ${t(lang, 'rec.list.footer')}` },
      },
    ],
    components:
      list.pages > 1
        ? [
            pageButtons(
              lang,
              { id: listId(Math.max(0, list.page - 1), list.mine, 'p'), disabled: list.page === 0 },
              { id: listId(list.page + 1, list.mine, 'n'), disabled: list.page >= list.pages - 1 },
            ),
          ]
        : [],
  };
}
