/**
 * The story of a hand and of a match, as channel messages: pure, from the table and the engine's
 * results to Discord JSON. A summary names seats as the table message does and never shows a card.
 */
import type { MatchDetail, RatingChangeRow } from '../app/stats.js';
import type { TableRecord } from '../app/tableService.js';
import {
  type Call,
  type HandResult,
  type MatchState,
  type PerTeam,
  SEATS,
  type Seat,
} from '../engine/index.js';
import { scoreLine, seatName, TEAM_MARK, teamNames } from './names.js';

export interface StoryPayload {
  content?: string;
  embeds: Array<Record<string, unknown>>;
  allowed_mentions: { parse: string[]; users?: string[] };
}

const CALL_NAME: Readonly<Record<Exclude<Call, 'none'>, string>> = {
  tichu: 'Tichu',
  grandTichu: 'Grand Tichu',
};

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
export function orderOut(result: HandResult, name: (seat: Seat) => string): string {
  const placed = result.out.map((s, i) => `${i + 1}. ${name(s)}`);
  if (result.doubleVictory !== null) return `${placed.join(' · ')} (double victory)`;
  const last = SEATS.filter((s) => !result.out.includes(s)).map(
    (s) => `${result.out.length + 1}. ${name(s)}`,
  );
  return [...placed, ...last].join(' · ');
}

/** "Ann's Tichu ✅ made · Ben's Grand Tichu ❌ failed" (null when nobody called). */
export function callsLine(result: HandResult, name: (seat: Seat) => string): string | null {
  const calls = SEATS.flatMap((s) => {
    const call = result.calls[s];
    if (call === 'none') return [];
    const made = result.out[0] === s;
    return [`${name(s)}'s ${CALL_NAME[call]} ${made ? '✅ made' : '❌ failed'}`];
  });
  return calls.length > 0 ? calls.join(' · ') : null;
}

/** The message posted when a hand ends: order out, calls, card points, the hand's score, the running score. */
export function renderHandSummary(
  table: TableRecord,
  result: HandResult,
  score: PerTeam<number>,
  targetScore: number,
): StoryPayload {
  const name = (s: Seat) => seatName(table, s);
  const [a, b] = TEAM_MARK;
  const lines = [`Out: ${orderOut(result, name)}`];
  const calls = callsLine(result, name);
  if (calls) lines.push(`Calls: ${calls}`);
  lines.push(
    result.doubleVictory === null
      ? `Card points: ${a} ${result.cardPoints[0]} — ${result.cardPoints[1]} ${b}`
      : `Double victory: **${teamNames(table, result.doubleVictory)}** take 200`,
  );
  lines.push(`Score: ${scoreLine(table, score, targetScore)}`);
  const title = `**Hand ${result.number} over**: ${a} ${signed(result.total[0])} — ${signed(result.total[1])} ${b}`;
  // Plain content, not an embed: a few lines in the flow of the channel, and the table message stays
  // the channel's one embed of the game.
  return {
    content: [title, ...lines].join('\n'),
    embeds: [],
    // Names only: a summary pings nobody.
    allowed_mentions: { parse: [] },
  };
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
): string[] {
  if (!rated)
    return ['Ratings: unrated (a rated match has the same four people from start to end, 3 hands or more)'];
  // Rated before the changes were kept.
  if (changes.length === 0) return ['Ratings: rated (the changes were not recorded)'];
  return [
    'Ratings:',
    ...changes.map((c) => `• ${ratingChangeText(c.name ?? name(c.seat as Seat), c.before, c.after)}`),
  ];
}

/**
 * The message posted when a match ends: it mentions the people seated (bots are named), says the
 * final score, the winners and each person's rating change. `detail` is the stored match (null if
 * it could not be read: the ratings are then not told).
 */
export function renderMatchResult(
  table: TableRecord,
  state: MatchState,
  detail: Pick<MatchDetail, 'match' | 'ratingChanges'> | null,
): StoryPayload {
  const users = SEATS.flatMap((s) => {
    const o = table.seats[s];
    return o?.kind === 'user' ? [o.userId] : [];
  });
  const who = (s: Seat) => {
    const o = table.seats[s];
    return o?.kind === 'user' ? `<@${o.userId}>` : seatName(table, s);
  };
  const team = (t: 0 | 1) => `${who(t as Seat)} & ${who((t + 2) as Seat)}`;
  const [a, b] = TEAM_MARK;
  const hands = state.history.length;
  const lines = [
    `🏁 **Match over** after ${hands} hand${hands === 1 ? '' : 's'}: ${a} ${team(0)} **${state.scores[0]}** — **${state.scores[1]}** ${team(1)} ${b}`,
  ];
  if (state.winner !== null) lines.push(`🏆 **${teamNames(table, state.winner)}** win the match!`);
  if (detail) lines.push(...ratingLines(detail.match.rated, detail.ratingChanges, (s) => seatName(table, s)));
  return {
    content: lines.join('\n'),
    embeds: [],
    // The people at the table hear of it; nobody else does, whatever a name contains.
    allowed_mentions: { parse: [], users },
  };
}
