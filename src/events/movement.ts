/**
 * Who sits where in a duplicate event: the Mitchell movement for a field of pairs, the fixed
 * two-table team match, and pairing the singles who checked in. Pairs are numbered from 0.
 */

export interface TableAssignment {
  readonly table: number;
  /** The pair numbers sitting N-S and E-W at this table. */
  readonly ns: number;
  readonly ew: number;
}

function checkCount(name: string, value: number, min: number): void {
  if (!Number.isInteger(value) || value < min) throw new RangeError(`${name} must be an integer >= ${min}`);
}

/**
 * Mitchell with T tables (0-based round): N-S pairs 0..T-1 stay put, pair i at table i; E-W pair T+j
 * sits at table (j + round) mod T. Every table plays the same boards, so over T rounds each E-W pair
 * meets each N-S pair exactly once and is compared with every other E-W pair on every board.
 */
export function mitchellRound(tables: number, round: number): TableAssignment[] {
  checkCount('tables', tables, 1);
  checkCount('round', round, 0);
  return Array.from({ length: tables }, (_, table) => ({
    table,
    ns: table,
    ew: tables + ((((table - round) % tables) + tables) % tables),
  }));
}

/** The teams of a two-table match by pair number: 0 and 1 are team A, 2 and 3 team B. */
export const TEAM_MATCH_PAIRS = { A: [0, 1], B: [2, 3] } as const;

/**
 * Two tables as a team match: team A's pairs always sit N-S at table 0 (pair 0) and E-W at table 1
 * (pair 1), so the teams (and teamBoardResult's reading of them) hold for the whole match; team B's
 * pairs swap tables each round, so each of A's pairs meets both of B's.
 */
export function teamMatchRound(round: number): TableAssignment[] {
  checkCount('round', round, 0);
  const [first, second] = round % 2 === 0 ? [2, 3] : [3, 2];
  return [
    { table: 0, ns: 0, ew: first },
    { table: 1, ns: second, ew: 1 },
  ];
}

export interface Pairing {
  readonly pairs: readonly (readonly [string, string])[];
  /** The last single when an odd number checked in. */
  readonly unpaired: string | null;
}

/** Singles paired in check-in order: the first with the second, the third with the fourth... */
export function pairUp(players: readonly string[]): Pairing {
  const pairs: (readonly [string, string])[] = [];
  for (let i = 0; i + 1 < players.length; i += 2)
    pairs.push([players[i] as string, players[i + 1] as string]);
  return { pairs, unpaired: players.length % 2 === 1 ? (players.at(-1) as string) : null };
}
