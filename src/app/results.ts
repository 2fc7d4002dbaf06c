/**
 * What a finished match means for each person who held a seat: the rows behind leaderboards,
 * statistics and history, the players' running totals and their ratings, all written in the
 * match's last transaction. The rules (docs/playing.md, "Ratings and statistics"):
 * - a hand counts for whoever held the seat when it ended: the hand, its team points, a double victory;
 * - a Tichu or Grand Tichu call counts for whoever made it (made if that seat went out first), a bomb
 *   for whoever held the seat when it was played; bots and their moves count for nobody;
 * - a match counts (played, won) for every person credited with at least one of its hands;
 * - a match is rated only when the same four people held the four seats from its first decision to
 *   its end (no substitute, no bot). Timeouts and away spells do not unrate it: the seat stayed its
 *   player's, and stepping away must not be a way out of a losing rating;
 * - a rated match that ends while a season runs moves that season's ratings too (seasons.ts);
 * - a match at an event's table is rated only if its host made the event rated.
 */
import { type HandResult, type MatchState, SEATS, type Seat, teamOf } from '../engine/index.js';
import type { MatchPlayerResult } from '../store/matchRepo.js';
import type { SeatHolder, TableRecord } from '../store/records.js';
import type { Store } from '../store/store.js';
import { NEW_PLAYER_ORDINAL, rateTeams } from './ratings.js';
import { rateInSeason } from './seasons.js';

/** A rated match: finished normally, the same four different people throughout, and at least this many hands. */
export const MIN_RATED_HANDS = 3;

/** What a match's log says about who did what, as `creditResults` reads it. */
export interface MatchLog {
  /** The version of the action that ended each hand, by hand number. */
  readonly handEnds: ReadonlyMap<number, number>;
  readonly calls: ReadonlyArray<{ hand: number; seat: number; userId: string | null; type: string }>;
  readonly bombs: ReadonlyArray<{ seat: number; userId: string | null; n: number }>;
}

export function isRated(state: MatchState, holders: readonly SeatHolder[]): boolean {
  const users = holders.flatMap((h) => (h.userId === null ? [] : [h.userId]));
  return (
    state.status === 'finished' &&
    holders.length === 4 &&
    SEATS.every((seat) => holders.some((h) => h.seat === seat)) &&
    users.length === 4 &&
    new Set(users).size === 4 &&
    state.history.length >= MIN_RATED_HANDS
  );
}

/** Who held `seat` when the action producing `version` was made: the last holder from before it. */
export function holderAt<H extends { readonly seat: number; readonly since: number }>(
  holders: readonly H[],
  seat: number,
  version: number,
): H | null {
  let found: H | null = null;
  for (const h of holders) if (h.seat === seat && (h.since < version || found === null)) found = h;
  return found;
}

/**
 * One result row per person (and one per bot seat) who held each seat, in order of taking it, with
 * what the rules above credit them.
 */
export function creditResults(
  state: MatchState,
  holders: readonly SeatHolder[],
  log: MatchLog,
): MatchPlayerResult[] {
  return SEATS.flatMap((seat) => {
    const team = teamOf(seat);
    const ofSeat = holders.filter((h) => h.seat === seat);
    const people = [...new Set(ofSeat.map((h) => h.userId))];
    const handsOf = (userId: string | null) =>
      state.history.filter((hand) => endHolder(holders, log, seat, hand)?.userId === userId);
    return people.map((userId) => {
      const hands = handsOf(userId);
      const calls = log.calls.filter((c) => c.seat === seat && c.userId === userId);
      const made = (type: string) =>
        calls.filter((c) => c.type === type && handNumbered(state, c.hand)?.out[0] === seat).length;
      return {
        seat,
        userId,
        team,
        won: state.winner === team,
        teamScore: state.scores[team],
        opponentScore: state.scores[1 - team] as number,
        handsPlayed: hands.length,
        tichuCalls: calls.filter((c) => c.type === 'tichu').length,
        tichuMade: made('tichu'),
        grandCalls: calls.filter((c) => c.type === 'grandTichu').length,
        grandMade: made('grandTichu'),
        doubleVictories: hands.filter((h) => h.doubleVictory === team).length,
        bombs: log.bombs.find((b) => b.seat === seat && b.userId === userId)?.n ?? 0,
        points: hands.reduce((sum, h) => sum + h.total[team], 0),
      };
    });
  });
}

function handNumbered(state: MatchState, number: number): HandResult | undefined {
  return state.history.find((h) => h.number === number);
}

/** Who held `seat` when `hand` ended (the seat's first holder if the log has no end for it). */
function endHolder(holders: readonly SeatHolder[], log: MatchLog, seat: Seat, hand: HandResult) {
  return holderAt(holders, seat, log.handEnds.get(hand.number) ?? 0);
}

/**
 * The holders of a match's seats as stored; a match older than substitutes has none stored, and
 * had only the table's seats, from its first decision.
 */
export function holdersOf(store: Store, matchId: number, table: TableRecord): SeatHolder[] {
  const stored = store.seats.holders(matchId);
  if (stored.length > 0) return stored;
  return SEATS.flatMap((seat) => {
    const o = table.seats[seat];
    if (!o) return [];
    return [
      o.kind === 'user'
        ? { seat, since: 0, userId: o.userId, name: o.name, level: null }
        : { seat, since: 0, userId: null, name: null, level: o.level },
    ];
  });
}

/** Everything a finished match writes besides its own row; call inside the match's last transaction. */
export function recordMatchEnd(
  store: Store,
  matchId: number,
  table: TableRecord,
  state: MatchState,
  now: number,
): void {
  const holders = holdersOf(store, matchId, table);
  const log: MatchLog = {
    handEnds: store.matchLog.handEnds(matchId),
    calls: store.matchLog.calls(matchId),
    bombs: store.matchLog.bombsByPlayer(matchId),
  };
  const results = creditResults(state, holders, log);
  store.matches.recordResults(matchId, table.guildId, results, now);
  for (const r of results) {
    // Bots have no statistics. A person who ended no hand of the match played none of it (no
    // match, no win), though a call or a bomb of theirs still counts.
    if (r.userId === null) continue;
    const played = r.handsPlayed > 0;
    if (!played && r.tichuCalls + r.grandCalls + r.bombs === 0) continue;
    store.stats.addPlayerTotals(
      table.guildId,
      r.userId,
      {
        matches: played ? 1 : 0,
        wins: played && r.won ? 1 : 0,
        hands: r.handsPlayed,
        points: r.points,
        tichuCalls: r.tichuCalls,
        tichuMade: r.tichuMade,
        grandCalls: r.grandCalls,
        grandMade: r.grandMade,
        doubleVictories: r.doubleVictories,
        bombs: r.bombs,
      },
      now,
    );
  }
  // An event's tables are rated only when its host said so (they play few boards, often with bots).
  // A drawn match (an event's table, level after its hands) moves no rating, so it is not rated.
  const rated = isRated(state, holders) && state.winner !== null && !store.events.unratedEventTable(table.id);
  store.stats.setRated(matchId, rated, state.history.length);
  if (!rated || state.winner === null) return;
  const ids = SEATS.map((seat) => holders.find((h) => h.seat === seat)?.userId as string);
  const current = ids.map((id) => store.stats.rating(table.guildId, id));
  const updated = rateTeams(current, state.winner);
  updated.forEach((r, seat) => {
    const userId = ids[seat] as string;
    store.stats.saveRating(table.guildId, userId, r.mu, r.sigma, r.ordinal, now);
    // The change each person sees in the match result and in /history.
    const before = current[seat]?.ordinal ?? NEW_PLAYER_ORDINAL;
    store.stats.saveRatingChange(matchId, seat, userId, before, r.ordinal);
  });
  // The running season's own ratings move too (seasons.ts), in this same transaction.
  rateInSeason(store, table.guildId, ids, state.winner, now);
}

/**
 * What an abandoned match keeps: how many hands it played (its history shows them). It counts for
 * no one: no result rows, no totals, no rating. Call inside the abandoning transaction.
 */
export function recordMatchAbandoned(store: Store, matchId: number, state: MatchState): void {
  store.stats.setRated(matchId, false, state.history.length);
}
