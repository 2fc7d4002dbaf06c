/**
 * Match history as messages: recent matches, one match hand by hand, one hand play by play. Pure,
 * from the stats use cases to Discord JSON. Every person who sat in a seat is named: a seat that
 * changed hands shows its holders in order, and each hand and play names whoever held the seat then.
 */
import { holderAt } from '../app/results.js';
import type { HandLog, MatchDetail, MatchSummaryRow } from '../app/stats.js';
import type { Action, GameEvent, HandResult } from '../engine/index.js';
import { cardLabel, comboLabel, rankLabel } from './cardText.js';
import type { StatsPayload } from './renderStats.js';
import { ratingLines, scoreAfter } from './renderStory.js';
import { EN_TEXT } from './ui.js';

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

type Names = Pick<MatchDetail, 'players' | 'holders'>;

function nameOf(seat: number, p: { userId: string | null; name: string | null } | null | undefined): string {
  return p?.name ?? (p?.userId ? 'Unknown' : `Bot ${seat + 1}`);
}

/**
 * Who held `seat` when the action producing `version` was made (with no version: at the match's
 * start); a match older than substitutes names the seat's one player.
 */
export function playerName(detail: Names, seat: number, version = 1): string {
  const holder = holderAt(detail.holders, seat, version);
  return nameOf(seat, holder ?? detail.players.find((x) => x.seat === seat));
}

/** Everyone who sat in `seat`, in order of sitting ("Ann → Cat"). */
function seatPlayers(detail: Names, seat: number): string {
  const sat = detail.players.filter((p) => p.seat === seat);
  return sat.length > 0 ? sat.map((p) => nameOf(seat, p)).join(' → ') : playerName(detail, seat);
}

export function renderMatchDetail(detail: MatchDetail): StatsPayload {
  const m = detail.match;
  const teams = `Team A: ${seatPlayers(detail, 0)} & ${seatPlayers(detail, 2)} · Team B: ${seatPlayers(detail, 1)} & ${seatPlayers(detail, 3)}`;
  const lines = detail.hands.map((h: HandResult) => {
    // Each hand names the players who held the seats when it ended (the ones it counts for).
    const end = detail.handEnds.get(h.number) ?? 1;
    const name = (s: number) => playerName(detail, s, end);
    const order = h.out.map(name).join(', ');
    // A call names whoever made it, who may have left the seat before the hand ended.
    const caller = (s: number) => {
      const call = detail.calls.find((c) => c.hand === h.number && c.seat === s);
      const p = call && detail.players.find((x) => x.seat === s && x.userId === call.userId);
      return p ? nameOf(s, p) : name(s);
    };
    const calls = h.calls.flatMap((c, s) =>
      c === 'none'
        ? []
        : [`${caller(s)} ${c === 'tichu' ? 'Tichu' : 'Grand Tichu'} ${h.out[0] === s ? '✅' : '❌'}`],
    );
    // Card points per team (a double victory takes 200), then the running score after the hand.
    const cards =
      h.doubleVictory === null ? `cards ${h.cardPoints[0]} — ${h.cardPoints[1]}` : 'double victory';
    const score = scoreAfter(detail.hands, h.number);
    return `**Hand ${h.number}**: ${h.total[0]} — ${h.total[1]} · ${cards} · score ${score[0]} — ${score[1]} · out: ${order}${calls.length ? ` · ${calls.join(', ')}` : ''}`;
  });
  // A finished match says how it moved its players' ratings (or that it was not rated).
  const ratings =
    m.status === 'finished'
      ? `\n\n${ratingLines(m.rated, detail.ratingChanges, (s) => playerName(detail, s)).join('\n')}`
      : '';
  const status = m.status === 'playing' ? 'in progress' : m.status;
  return {
    embeds: [
      {
        title: `Match #${m.id}: ${m.scoreA} — ${m.scoreB} (${status}${m.rated ? ', rated' : ''})`,
        description: `${teams}${ratings}\n\n${lines.join('\n') || 'No hand finished yet.'}`.slice(0, 4096),
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

/** `names(seat, version)`: who held the seat when the entry producing `version` was made. */
export function handLogLines(log: HandLog, namesAt: (seat: number, version: number) => string): string[] {
  const lines: string[] = [];
  for (const entry of log.entries) {
    const names = (seat: number) => namesAt(seat, entry.version);
    const action = entry.action as Action;
    const own: string[] = [];
    if (action.type === 'exchange') {
      own.push(
        `${names(entry.seat)} passes ${cardLabel(action.next, EN_TEXT)} → ${names((entry.seat + 1) % 4)}, ${cardLabel(action.partner, EN_TEXT)} → ${names((entry.seat + 2) % 4)}, ${cardLabel(action.previous, EN_TEXT)} → ${names((entry.seat + 3) % 4)}`,
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
      return `${names(event.seat)}${event.outOfTurn ? ' (out of turn)' : ''}: ${comboLabel(event.combo, 'en')}`;
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
  const lines = handLogLines(log, (seat, version) => playerName(detail, seat, version));
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
