/**
 * Who plays whom in an event: a duplicate event's pairs (as checked in, singles paired in order,
 * bots filling up to two whole tables), the movement of each round, and the seed of each round's
 * boards. Shared by the rounds (eventRounds.ts) and the results (eventResults.ts).
 */
import { mitchellRound, pairUp, type TableAssignment, teamMatchRound } from '../events/index.js';
import type { EventPlayer, EventRecord } from '../store/eventRepo.js';

/** A pair of a duplicate event: its two people (null: a bot plays that seat) and its key in standings. */
export interface EventPair {
  readonly number: number;
  readonly players: readonly [string | null, string | null];
  readonly key: string;
}

/** What a bot seat is called where standings need an id. */
export const BOT = 'bot';

/** The pairs of a duplicate event, from who checked in: pairs as they checked in, then singles in order. */
export function pairsOf(players: readonly EventPlayer[]): EventPair[] {
  const inside = players.filter((p) => p.checkedIn);
  const ids = new Set(inside.map((p) => p.userId));
  const taken = new Set<string>();
  const pairs: Array<readonly [string | null, string | null]> = [];
  const singles: string[] = [];
  for (const p of inside) {
    if (taken.has(p.userId)) continue;
    const partner = p.partnerId;
    const mutual =
      partner !== null &&
      ids.has(partner) &&
      inside.find((q) => q.userId === partner)?.partnerId === p.userId;
    if (mutual && partner && !taken.has(partner)) {
      pairs.push([p.userId, partner]);
      taken.add(p.userId).add(partner);
    } else {
      singles.push(p.userId);
      taken.add(p.userId);
    }
  }
  const paired = pairUp(singles);
  pairs.push(...paired.pairs);
  if (paired.unpaired) pairs.push([paired.unpaired, null]);
  // At least two tables, and whole ones: bot pairs fill in (marked in the standings).
  while (pairs.length < 4 || pairs.length % 2 === 1) pairs.push([null, null]);
  return pairs.map((players, number) => ({
    number,
    players,
    key: pairKey(players, number),
  }));
}

function pairKey(players: readonly [string | null, string | null], number: number): string {
  return players[0] === null && players[1] === null
    ? `${BOT}${number}`
    : players.map((p) => p ?? BOT).join('+');
}

/** The movement of a duplicate round (1-based) for its number of pairs. */
export function duplicateMovement(pairs: number, round: number): TableAssignment[] {
  const tables = pairs / 2;
  return tables === 2 ? teamMatchRound(round - 1) : mitchellRound(tables, round - 1);
}

/** The seed every table of a duplicate round deals from (a rotating table adds its number). */
export function roundSeed(event: EventRecord, round: number, table: number): string {
  return event.format === 'duplicate'
    ? `${event.seed}/round/${round}`
    : `${event.seed}/round/${round}/table/${table}`;
}
