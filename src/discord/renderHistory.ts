/**
 * Match history as messages: recent matches, one match hand by hand, one hand play by play. Pure,
 * from the stats use cases to Discord JSON. Every person who sat in a seat is named: a seat that
 * changed hands shows its holders in order, and each hand and play names whoever held the seat then.
 */
import { holderAt } from '../app/results.js';
import type { HandLog, MatchDetail, MatchSummaryRow } from '../app/stats.js';
import type { Action, GameEvent, HandResult, Seat } from '../engine/index.js';
import { type Lang, plural, t } from '../i18n/index.js';
import { cardLabel, playLabel, rankLabel } from './cardText.js';
import { TEAM_MARK } from './names.js';
import { dogWords, outMark, playWords, takenWords } from './playWords.js';
import type { StatsPayload } from './renderStats.js';
import { ratingLines, scoreAfter } from './renderStory.js';
import type { Ui } from './ui.js';

/** The recent matches of a player (`whose`: their name) or of this channel (`whose` null). */
export function renderRecentMatches(
  matches: readonly MatchSummaryRow[],
  whose: string | null,
  lang: Lang,
): StatsPayload {
  const lines = matches.map((m) => {
    const when = m.endedAt ? `<t:${Math.floor(m.endedAt / 1000)}:R>` : '';
    const won =
      m.winner === null ? '' : ` ${t(lang, 'rec.recent.won', { team: TEAM_MARK[m.winner === 0 ? 0 : 1] })}`;
    // The teams' colours as on the table, the hand summaries and the match's result.
    const result =
      m.status === 'abandoned'
        ? t(lang, 'rec.recent.abandoned')
        : `${TEAM_MARK[0]} ${m.scoreA} — ${m.scoreB} ${TEAM_MARK[1]}${won}`;
    const hands = plural(lang, 'rec.recent.hands', m.handsPlayed);
    const rated = m.rated ? ` · ${t(lang, 'rec.recent.rated')}` : '';
    return `**#${m.id}** ${result} · ${hands}${rated} · <#${m.channelId}>${when ? ` · ${when}` : ''}`;
  });
  const title =
    whose === null ? t(lang, 'rec.recent.inChannel') : t(lang, 'rec.recent.ofPlayer', { name: whose });
  return {
    embeds: [
      {
        title: title.slice(0, 256),
        description:
          lines.length > 0
            ? lines.join('\n')
            : t(lang, whose === null ? 'rec.recent.noneInChannel' : 'rec.recent.none'),
        footer: { text: t(lang, 'rec.recent.footer') },
      },
    ],
    components: [],
  };
}

type Names = Pick<MatchDetail, 'players' | 'holders'>;

function nameOf(
  seat: number,
  p: { userId: string | null; name: string | null } | null | undefined,
  lang: Lang,
): string {
  return p?.name ?? (p?.userId ? t(lang, 'rec.unknown') : t(lang, 'rec.bot', { seat: seat + 1 }));
}

/**
 * Who held `seat` when the action producing `version` was made (with no version: at the match's
 * start); a match older than substitutes names the seat's one player.
 */
export function playerName(detail: Names, seat: number, lang: Lang, version = 1): string {
  const holder = holderAt(detail.holders, seat, version);
  return nameOf(seat, holder ?? detail.players.find((x) => x.seat === seat), lang);
}

/** Everyone who sat in `seat`, in order of sitting ("Ann → Cat"). */
function seatPlayers(detail: Names, seat: number, lang: Lang): string {
  const sat = detail.players.filter((p) => p.seat === seat);
  return sat.length > 0 ? sat.map((p) => nameOf(seat, p, lang)).join(' → ') : playerName(detail, seat, lang);
}

/** One hand of a match in a line: its points, card points, the running score, who went out, the calls. */
function handLine(detail: MatchDetail, h: HandResult, lang: Lang): string {
  // Each hand names the players who held the seats when it ended (the ones it counts for).
  const end = detail.handEnds.get(h.number) ?? 1;
  const name = (s: number) => playerName(detail, s, lang, end);
  // A call names whoever made it, who may have left the seat before the hand ended.
  const caller = (s: number) => {
    const call = detail.calls.find((c) => c.hand === h.number && c.seat === s);
    const p = call && detail.players.find((x) => x.seat === s && x.userId === call.userId);
    return p ? nameOf(s, p, lang) : name(s);
  };
  const calls = h.calls.flatMap((c, s) =>
    c === 'none'
      ? []
      : [
          `${caller(s)} ${t(lang, c === 'tichu' ? 'rec.tichu' : 'rec.grandTichu')} ${h.out[0] === s ? '✅' : '❌'}`,
        ],
  );
  // Card points per team (a double victory takes 200), then the running score after the hand.
  const cards =
    h.doubleVictory === null
      ? t(lang, 'rec.match.cards', { a: h.cardPoints[0], b: h.cardPoints[1] })
      : t(lang, 'rec.match.doubleVictory');
  const score = scoreAfter(detail.hands, h.number);
  const line = t(lang, 'rec.match.hand', {
    number: h.number,
    a: h.total[0],
    b: h.total[1],
    cards,
    scoreA: score[0],
    scoreB: score[1],
    order: h.out.map(name).join(', '),
  });
  return calls.length > 0 ? `${line} · ${calls.join(', ')}` : line;
}

/** One match hand by hand: its teams, how it moved ratings, then a line a hand. */
export function renderMatchDetail(detail: MatchDetail, lang: Lang): StatsPayload {
  const m = detail.match;
  const seats = (s: number) => seatPlayers(detail, s, lang);
  const teams = t(lang, 'rec.match.teams', { a1: seats(0), a2: seats(2), b1: seats(1), b2: seats(3) });
  const lines = detail.hands.map((h) => handLine(detail, h, lang));
  // A finished match says how it moved its players' ratings (or that it was not rated).
  const ratings =
    m.status === 'finished'
      ? `\n\n${ratingLines(m.rated, detail.ratingChanges, (s) => playerName(detail, s, lang), lang).join('\n')}`
      : '';
  const word =
    m.status === 'playing' || m.status === 'finished' || m.status === 'abandoned'
      ? t(lang, `rec.match.${m.status}`)
      : m.status;
  const status = m.rated ? t(lang, 'rec.match.ratedStatus', { status: word }) : word;
  return {
    embeds: [
      {
        title: t(lang, 'rec.match.title', { id: m.id, a: m.scoreA, b: m.scoreB, status }),
        description: `${teams}${ratings}\n\n${lines.join('\n') || t(lang, 'rec.match.noHand')}`.slice(
          0,
          4096,
        ),
        footer: { text: t(lang, 'rec.match.footer', { id: m.id }) },
      },
    ],
    components: [],
  };
}

/**
 * A finished hand, play by play, in the reader's language and cards. `namesAt(seat, version)`: who
 * held the seat when the entry producing `version` was made.
 */
export function handLogLines(
  log: HandLog,
  namesAt: (seat: number, version: number) => string,
  ui: Ui,
): string[] {
  const lang = ui.lang;
  const lines: string[] = [];
  for (const entry of log.entries) {
    const names = (seat: number) => namesAt(seat, entry.version);
    const action = entry.action as Action;
    const own: string[] = [];
    if (action.type === 'exchange') {
      own.push(
        t(lang, 'rec.log.exchange', {
          name: names(entry.seat),
          next: cardLabel(action.next, ui),
          nextName: names((entry.seat + 1) % 4),
          partner: cardLabel(action.partner, ui),
          partnerName: names((entry.seat + 2) % 4),
          previous: cardLabel(action.previous, ui),
          previousName: names((entry.seat + 3) % 4),
        }),
      );
    }
    own.push(...playLines(entry.events, names, ui));
    // A decision the bot made for a person says so on its first line ("Ben passes ⏰ ran out of time").
    // (A timed-out decision that shows no line, a Grand Tichu declined, still gets one.)
    if (entry.forced === 'timeout' && own.length === 0)
      own.push(`${names(entry.seat)} ${t(lang, 'rec.log.timeout')}`);
    else if (entry.forced && own.length > 0)
      own[0] = `${own[0]} ${t(lang, entry.forced === 'timeout' ? 'rec.log.timeout' : 'rec.log.away')}`;
    lines.push(...own);
  }
  return lines;
}

/**
 * One entry's events as lines, in the words of the table's trick log (playWords.ts): a play with
 * its cards, marked when it was its player's last; a Dog lead with whom the lead passed to; a
 * Dragon trick given away in one line, so the gift and who takes the trick cannot disagree.
 */
function playLines(events: readonly GameEvent[], names: (seat: number) => string, ui: Ui): string[] {
  const lang = ui.lang;
  const lines: string[] = [];
  for (const event of events) {
    if (event.type === 'played') {
      const label = playLabel(event.combo, ui);
      const out = events.find((e) => e.type === 'wentOut' && e.seat === event.seat);
      const mark = out?.type === 'wentOut' ? outMark(out.place, lang) : '';
      const dog = events.find((e) => e.type === 'leadPassedByDog');
      if (event.combo.type === 'dog' && dog?.type === 'leadPassedByDog') {
        lines.push(`${dogWords(names(event.seat), names(dog.to), label, lang)}${mark}`);
        continue;
      }
      lines.push(`${playWords(names(event.seat), label, lang, event.outOfTurn)}${mark}`);
      continue;
    }
    // A Dog lead is told with the Dog's play (above); told alone only if its play is not in the entry.
    if (event.type === 'leadPassedByDog') {
      if (!events.some((e) => e.type === 'played' && e.combo.type === 'dog')) {
        const dog = playLabel({ type: 'dog', cards: ['dog'], rank: 0 }, ui);
        lines.push(dogWords(names(event.from), names(event.to), dog, lang));
      }
      continue;
    }
    const line = eventLine(event, names, lang);
    if (line) lines.push(line);
  }
  return lines;
}

/** The line of an event other than a play (told with it: going out, the Dog's lead, a Dragon gift). */
function eventLine(event: GameEvent, names: (seat: number) => string, lang: Lang): string | null {
  switch (event.type) {
    case 'grandTichuDecided':
      return event.call ? t(lang, 'rec.log.grand', { name: names(event.seat) }) : null;
    case 'tichuCalled':
      return t(lang, 'rec.log.tichu', { name: names(event.seat) });
    case 'passed':
      return t(lang, 'rec.log.passed', { name: names(event.seat) });
    case 'wishMade':
      return event.rank === null
        ? t(lang, 'rec.log.wishNothing', { name: names(event.seat) })
        : t(lang, 'rec.log.wish', { name: names(event.seat), rank: rankLabel(event.rank) });
    case 'wishFulfilled':
      return t(lang, 'rec.log.wishFulfilled', { rank: rankLabel(event.rank) });
    case 'trickWon':
      return takenWords(event.trick, names as (seat: Seat) => string, lang);
    case 'handEnded':
      return t(lang, 'rec.log.handOver', { a: event.result.total[0], b: event.result.total[1] });
    default:
      return null;
  }
}

/** Room for the log in an embed's description (4096), with the note that it was cut. */
const LOG_ROOM = 3900;
const LOG_CUT_AT = 3800;

/**
 * The hand log as an embed for the reader (their cards, emoji or text) and as plain text for the
 * attached file (text cards, no markdown: a file shows no emoji).
 */
export function renderHandLog(
  log: HandLog,
  detail: MatchDetail,
  ui: Ui,
): { payload: StatsPayload; full: string } {
  const namesAt = (seat: number, version: number) => playerName(detail, seat, ui.lang, version);
  const shownLines = handLogLines(log, namesAt, ui).join('\n');
  const text = ui.faces ? handLogLines(log, namesAt, { lang: ui.lang, faces: null }).join('\n') : shownLines;
  const shown =
    shownLines.length <= LOG_ROOM
      ? shownLines
      : `${cutAtLine(shownLines, LOG_CUT_AT)}\n${t(ui.lang, 'rec.log.cut')}`;
  return {
    payload: {
      embeds: [
        { title: t(ui.lang, 'rec.log.title', { id: log.match.id, number: log.number }), description: shown },
      ],
      components: [],
    },
    full: text.replace(/\*\*/g, ''),
  };
}

/** At most `room` characters of `text`, cut at a line's end (an emoji's `<:name:id>` is never split). */
function cutAtLine(text: string, room: number): string {
  const cut = text.lastIndexOf('\n', room);
  return text.slice(0, cut > 0 ? cut : room);
}
