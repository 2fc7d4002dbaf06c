/**
 * The story of a hand and of a match, as channel messages: pure, from the table and the engine's
 * results to Discord JSON. A summary names seats as the table message does and never shows a card's
 * symbol: it tells the hand's plays in words, since their cards are in the new hands by then.
 */

import type { MatchDetail, RatingChangeRow } from '../app/stats.js';
import type { TableRecord } from '../app/tableService.js';
import {
  type Call,
  type GameEvent,
  type HandResult,
  type MatchState,
  type PerTeam,
  SEATS,
  type Seat,
} from '../engine/index.js';
import { type Lang, plural, t } from '../i18n/index.js';
import { MAX_CONTENT } from './door/callbackBody.js';
import { scoreLine, seatName, TEAM_MARK, teamNames } from './names.js';
import { trickStory } from './trickStory.js';

export interface StoryPayload {
  content?: string;
  embeds: Array<Record<string, unknown>>;
  /** A hand's summary carries its Review button. */
  components?: Array<Record<string, unknown>>;
  allowed_mentions: { parse: string[]; users?: string[] };
}

const CALL_KEY = {
  tichu: 'table.story.tichu',
  grandTichu: 'table.story.grandTichu',
} as const satisfies Record<Exclude<Call, 'none'>, string>;

/** "+125", "-25", "0". */
export function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}

/** The teams' running score once hand `number` was added (the match's history holds every finished hand). */
export function scoreAfter(history: readonly HandResult[], number: number): PerTeam<number> {
  const upTo = history.filter((h) => h.number <= number);
  return [upTo.reduce((n, h) => n + h.total[0], 0), upTo.reduce((n, h) => n + h.total[1], 0)];
}

/** "1. Ann · 2. Dan · 3. Cat · 4. Ben"; after a double victory the two still holding cards are not placed. */
export function orderOut(result: HandResult, name: (seat: Seat) => string, lang: Lang): string {
  const placed = result.out.map((s, i) => `${i + 1}. ${name(s)}`);
  if (result.doubleVictory !== null)
    return `${placed.join(' · ')} ${t(lang, 'table.story.doubleVictoryMark')}`;
  const last = SEATS.filter((s) => !result.out.includes(s)).map(
    (s) => `${result.out.length + 1}. ${name(s)}`,
  );
  return [...placed, ...last].join(' · ');
}

/**
 * "Ann's Tichu ✅ made · Ben's Grand Tichu ❌ failed" (null when nobody called); the reader's own
 * call, when `reader` is given, in the second person ("your Tichu ✅ made").
 */
export function callsLine(
  result: HandResult,
  name: (seat: Seat) => string,
  lang: Lang,
  reader?: Seat,
): string | null {
  const calls = SEATS.flatMap((s) => {
    const call = result.calls[s];
    if (call === 'none') return [];
    const made = result.out[0] === s;
    const said = { name: name(s), call: t(lang, CALL_KEY[call]) };
    if (s === reader)
      return [t(lang, made ? 'table.story.yourCallMade' : 'table.story.yourCallFailed', said)];
    return [t(lang, made ? 'table.story.callMade' : 'table.story.callFailed', said)];
  });
  return calls.length > 0 ? calls.join(' · ') : null;
}

/**
 * The message posted when a hand ends, in `lang` (the server's): order out, calls, card points,
 * the hand's score, the running score, then the hand's tricks told from its `events` (every play,
 * in words only: see trickStory.ts). A long hand keeps its latest tricks and says how many it left
 * out (/history has them all).
 */
export function renderHandSummary(
  table: TableRecord,
  result: HandResult,
  score: PerTeam<number>,
  lang: Lang,
  events: readonly GameEvent[] = [],
): StoryPayload {
  const name = (s: Seat) => seatName(table, s, lang);
  const [a, b] = TEAM_MARK;
  const lines = [t(lang, 'table.story.out', { order: orderOut(result, name, lang) })];
  const calls = callsLine(result, name, lang);
  if (calls) lines.push(t(lang, 'table.story.calls', { calls }));
  lines.push(
    result.doubleVictory === null
      ? t(lang, 'table.story.cardPoints', {
          points: `${a} ${result.cardPoints[0]} — ${result.cardPoints[1]} ${b}`,
        })
      : t(lang, 'table.story.doubleVictory', { teams: teamNames(table, result.doubleVictory, lang) }),
  );
  lines.push(t(lang, 'table.story.score', { score: scoreLine(table, score, lang) }));
  const totals = `${a} ${signed(result.total[0])} — ${signed(result.total[1])} ${b}`;
  const title = t(lang, 'table.story.handOver', { number: result.number, totals });
  const head = [title, ...lines].join('\n');
  // Plain content, not an embed: a few lines in the flow of the channel, and the table message stays
  // the channel's one embed of the game.
  return {
    content: withTricks(head, trickStory(events, name, lang), lang),
    embeds: [],
    // Names only: a summary pings nobody.
    allowed_mentions: { parse: [] },
  };
}

/** The summary's head, then "Tricks:" and as many of the latest tricks as fit in a message. */
function withTricks(head: string, tricks: readonly string[], lang: Lang): string {
  if (tricks.length === 0) return head;
  const tell = (dropped: number) =>
    [
      head,
      t(lang, 'table.story.tricks'),
      ...(dropped > 0 ? [plural(lang, 'table.story.earlierTricks', dropped)] : []),
      ...tricks.slice(dropped),
    ].join('\n');
  for (let dropped = 0; dropped < tricks.length; dropped++) {
    const text = tell(dropped);
    if (text.length <= MAX_CONTENT) return text;
  }
  return head;
}

/** "Ann 25.1 → 27.3 (+2.2)": the change is between the numbers shown, so it adds up as read. */
export function ratingChangeText(name: string, before: number, after: number): string {
  const [from, to] = [Math.round(before * 10), Math.round(after * 10)];
  const delta = (to - from) / 10;
  return `${name} ${(from / 10).toFixed(1)} → ${(to / 10).toFixed(1)} (${delta >= 0 ? '+' : ''}${delta.toFixed(1)})`;
}

/** Each person's rating change by seat, or the word that the match was not rated. */
export function ratingLines(
  rated: boolean,
  changes: readonly RatingChangeRow[],
  name: (seat: Seat) => string,
  lang: Lang,
): string[] {
  if (!rated) return [t(lang, 'table.story.unrated')];
  // Rated before the changes were kept.
  if (changes.length === 0) return [t(lang, 'table.story.ratedUnrecorded')];
  return [
    t(lang, 'table.story.ratings'),
    ...changes.map((c) => `• ${ratingChangeText(c.name ?? name(c.seat as Seat), c.before, c.after)}`),
  ];
}

/**
 * The message posted when a match ends, in `lang` (the server's): it mentions the people seated
 * (bots are named), says the final score, the winners and each person's rating change. `detail` is
 * the stored match (null if it could not be read: the ratings are then not told).
 */
export function renderMatchResult(
  table: TableRecord,
  state: MatchState,
  detail: Pick<MatchDetail, 'match' | 'ratingChanges'> | null,
  lang: Lang,
): StoryPayload {
  const name = (s: Seat) => seatName(table, s, lang);
  const users = SEATS.flatMap((s) => {
    const o = table.seats[s];
    return o?.kind === 'user' ? [o.userId] : [];
  });
  const who = (s: Seat) => {
    const o = table.seats[s];
    return o?.kind === 'user' ? `<@${o.userId}>` : name(s);
  };
  const team = (n: 0 | 1) => `${who(n as Seat)} & ${who((n + 2) as Seat)}`;
  const [a, b] = TEAM_MARK;
  const score = `${a} ${team(0)} **${state.scores[0]}** — **${state.scores[1]}** ${team(1)} ${b}`;
  const lines = [plural(lang, 'table.story.matchOver', state.history.length, { score })];
  // An event's table (a hand limit) plays boards for the event: no winner of its own to hail.
  if (table.settings.handLimit !== null) lines.push(t(lang, 'table.story.boardsDone'));
  else if (state.winner !== null)
    lines.push(t(lang, 'table.story.matchWon', { teams: teamNames(table, state.winner, lang) }));
  else if (state.status === 'finished') lines.push(t(lang, 'table.story.matchDrawn'));
  if (detail) lines.push(...ratingLines(detail.match.rated, detail.ratingChanges, name, lang));
  // What comes next, at a table that can play another match (not an event's or the challenge's).
  if (table.settings.handLimit === null && table.status === 'finished')
    lines.push(
      detail ? t(lang, 'table.story.next', { id: detail.match.id }) : t(lang, 'table.story.nextPlain'),
    );
  return {
    content: lines.join('\n'),
    embeds: [],
    // The people at the table hear of it; nobody else does, whatever a name contains.
    allowed_mentions: { parse: [], users },
  };
}
