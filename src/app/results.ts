/** What a finished match means for each seat: the rows behind leaderboards and statistics. */
import { type MatchState, SEATS, teamOf } from '../engine/index.js';
import type { MatchPlayerResult } from '../store/matchRepo.js';
import type { TableRecord } from '../store/records.js';

export function matchResults(state: MatchState, seats: TableRecord['seats']): MatchPlayerResult[] {
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
    };
  });
}
