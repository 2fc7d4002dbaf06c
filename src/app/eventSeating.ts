/**
 * Who plays whom in an event: a duplicate event's pairs (as checked in, singles paired in order,
 * bots filling up to two whole tables), the movement of each round, and the seed of each round's
 * boards. Shared by the rounds (eventRounds.ts) and the results (eventResults.ts).
 */
import { mitchellRound, pairUp, type TableAssignment, teamMatchRound } from '../events/index.js';
import type { EventPlayer, EventRecord, EventTable } from '../store/eventRepo.js';

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
  // Two pairs of people and two of bots make a team match: the people's pairs go on opposite teams
  // (first and last), so they play the same boards in the same direction, each against bots, and are
  // scored against each other (not, as team-mates, against a team of bots).
  const people = pairs.filter((p) => p.some((x) => x !== null));
  const ordered =
    pairs.length === 4 && people.length === 2 ? [people[0], BOT_PAIR, BOT_PAIR, people[1]] : pairs;
  return (ordered as Array<readonly [string | null, string | null]>).map((players, number) => ({
    number,
    players,
    key: pairKey(players, number),
  }));
}

const BOT_PAIR: readonly [null, null] = [null, null];

/**
 * The pairs of a duplicate event that has started, as its first round seated them (its tables are
 * the record of who partners whom, whatever the check-in list or the rule above says later); null
 * before the start.
 */
export function pairsSeated(tables: readonly EventTable[]): EventPair[] | null {
  const first = tables.filter((t) => t.round === 1 && t.nsPair !== null && t.ewPair !== null);
  if (first.length === 0) return null;
  const seated: Array<readonly [string | null, string | null]> = [];
  for (const t of first) {
    seated[t.nsPair as number] = [t.seats[0], t.seats[2]];
    seated[t.ewPair as number] = [t.seats[1], t.seats[3]];
  }
  if (seated.length !== first.length * 2 || seated.some((p) => p === undefined)) return null;
  return seated.map((players, number) => ({ number, players, key: pairKey(players, number) }));
}

/** The pairs of a duplicate event: as seated once it started, else as the start would seat them. */
export function eventPairs(players: readonly EventPlayer[], tables: readonly EventTable[]): EventPair[] {
  return pairsSeated(tables) ?? pairsOf(players);
}

function pairKey(players: readonly [string | null, string | null], number: number): string {
  return players[0] === null && players[1] === null
    ? `${BOT}${number}`
    : players.map((p) => p ?? BOT).join('+');
}

/**
 * The movement of a duplicate round (1-based) for its pairs. A team match of two pairs of people
 * and two of bots (pairsOf puts the people first and last) keeps its first round's seating: each
 * table then has people at it, in the same direction; the alternation would seat the people at one
 * table and four bots at the other.
 */
export function duplicateMovement(pairs: readonly EventPair[], round: number): TableAssignment[] {
  const tables = pairs.length / 2;
  if (tables !== 2) return mitchellRound(tables, round - 1);
  const botsBetween = [pairs[1], pairs[2]].every((p) => p?.players.every((x) => x === null));
  return teamMatchRound(botsBetween ? 0 : round - 1);
}

/** The seed every table of a duplicate round deals from (a rotating table adds its number). */
export function roundSeed(event: EventRecord, round: number, table: number): string {
  return event.format === 'duplicate'
    ? `${event.seed}/round/${round}`
    : `${event.seed}/round/${round}/table/${table}`;
}
