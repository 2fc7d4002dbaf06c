/** Skill ratings with openskill (made for team games): teams of seats 0 & 2 and 1 & 3. */
import { ordinal, rate, rating } from 'openskill';

export interface SeatRating {
  readonly mu: number;
  readonly sigma: number;
  readonly ordinal: number;
}

/** The ordinal of a player's first rating (before their first rated match). */
export const NEW_PLAYER_ORDINAL: number = ordinal(rating());

/** New ratings for the four seats (in seat order) after a match won by `winner`; null means a new player. */
export function rateTeams(
  current: ReadonlyArray<{ mu: number; sigma: number } | null>,
  winner: 0 | 1,
): SeatRating[] {
  const r = current.map((c) => (c ? rating({ mu: c.mu, sigma: c.sigma }) : rating()));
  const teams = [
    [r[0], r[2]],
    [r[1], r[3]],
  ] as [
    [ReturnType<typeof rating>, ReturnType<typeof rating>],
    [ReturnType<typeof rating>, ReturnType<typeof rating>],
  ];
  const [a, b] = rate(teams, { rank: winner === 0 ? [1, 2] : [2, 1] });
  const bySeat = [a[0], b[0], a[1], b[1]];
  return bySeat.map((x) => ({ mu: x.mu, sigma: x.sigma, ordinal: ordinal(x) }));
}
