/**
 * What a finished match means for each seat: the rows behind leaderboards and statistics, the
 * players' running totals and their ratings, all written in the match's last transaction.
 */
import { type MatchState, SEATS, teamOf } from '../engine/index.js';
import type { MatchPlayerResult } from '../store/matchRepo.js';
import type { TableRecord } from '../store/records.js';
import type { Store } from '../store/store.js';
import { rateTeams } from './ratings.js';

/** A rated match: finished normally, four different people (no bot), and at least this many hands. */
export const MIN_RATED_HANDS = 3;

export function isRated(state: MatchState, seats: TableRecord['seats']): boolean {
  const users = seats.flatMap((o) => (o?.kind === 'user' ? [o.userId] : []));
  return (
    state.status === 'finished' &&
    users.length === 4 &&
    new Set(users).size === 4 &&
    state.history.length >= MIN_RATED_HANDS
  );
}

export function matchResults(
  state: MatchState,
  seats: TableRecord['seats'],
  bombs: ReadonlyMap<number, number> = new Map(),
): MatchPlayerResult[] {
  return SEATS.map((seat) => {
    const team = teamOf(seat);
    const occupant = seats[seat];
    let tichuCalls = 0;
    let tichuMade = 0;
    let grandCalls = 0;
    let grandMade = 0;
    let doubleVictories = 0;
    for (const hand of state.history) {
      const first = hand.out[0] === seat;
      if (hand.calls[seat] === 'tichu') {
        tichuCalls++;
        if (first) tichuMade++;
      }
      if (hand.calls[seat] === 'grandTichu') {
        grandCalls++;
        if (first) grandMade++;
      }
      if (hand.doubleVictory === team) doubleVictories++;
    }
    return {
      seat,
      userId: occupant?.kind === 'user' ? occupant.userId : null,
      team,
      won: state.winner === team,
      teamScore: state.scores[team],
      opponentScore: state.scores[1 - team] as number,
      handsPlayed: state.history.length,
      tichuCalls,
      tichuMade,
      grandCalls,
      grandMade,
      doubleVictories,
      bombs: bombs.get(seat) ?? 0,
    };
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
  const results = matchResults(state, table.seats, store.stats.bombsInMatch(matchId));
  store.matches.recordResults(matchId, table.guildId, results, now);
  for (const r of results) {
    if (r.userId === null) continue;
    store.stats.addPlayerTotals(
      table.guildId,
      r.userId,
      {
        matches: 1,
        wins: r.won ? 1 : 0,
        hands: r.handsPlayed,
        points: r.teamScore,
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
  const rated = isRated(state, table.seats);
  store.stats.setRated(matchId, rated, state.history.length);
  if (!rated || state.winner === null) return;
  const ids = results.map((r) => r.userId as string);
  const current = ids.map((id) => store.stats.rating(table.guildId, id));
  const updated = rateTeams(current, state.winner);
  updated.forEach((r, seat) => {
    store.stats.saveRating(table.guildId, ids[seat] as string, r.mu, r.sigma, r.ordinal, now);
  });
}

/**
 * What an abandoned match keeps: how many hands it played (its history shows them). It counts for
 * no one: no result rows, no totals, no rating. Call inside the abandoning transaction.
 */
export function recordMatchAbandoned(store: Store, matchId: number, state: MatchState): void {
  store.stats.setRated(matchId, false, state.history.length);
}
