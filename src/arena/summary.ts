/** What an arena run shows: the figures of the measured team against its opponents, from the pair records. */
import { SEATS, type Team, teamOf } from '../engine/index.js';
import type { TimedLevel } from './game.js';
import type { ArenaConfig, PairRecord } from './pairs.js';
import { type Interval, percentile, ratioInterval, wilson } from './stats.js';

export interface Rate extends Interval {
  readonly made: number;
  readonly calls: number;
}

export interface SideSummary {
  readonly level: string;
  readonly tichuCallsPerHand: number;
  /** Share of Tichu calls made (the caller went out first), with its Wilson interval; null without calls. */
  readonly tichuSuccess: Rate | null;
  readonly grandTichuCallsPerHand: number;
  readonly grandTichuSuccess: Rate | null;
  readonly doubleVictories: number;
  readonly bombs: number;
  readonly bombsPerHand: number;
}

export interface ArenaSummary {
  readonly team: string;
  readonly vs: string;
  readonly seed: string;
  readonly target: number;
  /** Hands per game when single deals were played instead of whole matches, else null. */
  readonly handsPerGame: number | null;
  readonly budgetMs: number;
  readonly playouts: number | null;
  readonly pairs: number;
  readonly games: number;
  readonly hands: number;
  /** The team's share of matches won; Wilson interval over matches. Null for single-deal runs. */
  readonly matchWinRate: (Interval & { readonly wins: number; readonly matches: number }) | null;
  /** Mirrored pairs the team won twice, once, or not at all. Null for single-deal runs. */
  readonly pairResults: { readonly both: number; readonly split: number; readonly neither: number } | null;
  /** The team's points minus its opponents' per hand; interval from the spread between pairs. */
  readonly pointsPerHand: Interval | null;
  readonly sides: { readonly team: SideSummary; readonly vs: SideSummary };
  /** Decision wall time by level, in ms (`floor:<level>`: the random level timed on that level's states). */
  readonly decisionMs: Readonly<Record<string, { n: number; p50: number; p99: number }>>;
}

interface Tally {
  tichu: number;
  tichuMade: number;
  grand: number;
  grandMade: number;
  doubleVictories: number;
  bombs: number;
}

const emptyTally = (): Tally => ({
  tichu: 0,
  tichuMade: 0,
  grand: 0,
  grandMade: 0,
  doubleVictories: 0,
  bombs: 0,
});

export function summarize(config: ArenaConfig, pairs: readonly PairRecord[]): ArenaSummary {
  const tallies: [Tally, Tally] = [emptyTally(), emptyTally()]; // [team, vs]
  const pairSums: number[] = [];
  const pairHands: number[] = [];
  const pairResults = { both: 0, split: 0, neither: 0 };
  let wins = 0;
  let games = 0;
  let hands = 0;
  for (const pair of pairs) {
    let sum = 0;
    let count = 0;
    let pairWins = 0;
    pair.games.forEach((game, g) => {
      const x = g as Team; // the measured team's index in this game of the pair
      const side = (team: Team) => (team === x ? 0 : 1);
      games++;
      if (game.winner === x) pairWins++;
      for (const hand of game.hands) {
        sum += (hand.total[x] as number) - (hand.total[(1 - x) as Team] as number);
        count++;
        for (const seat of SEATS) {
          const tally = tallies[side(teamOf(seat))];
          const made = hand.firstOut === seat ? 1 : 0;
          if (hand.calls[seat] === 'tichu') {
            tally.tichu++;
            tally.tichuMade += made;
          } else if (hand.calls[seat] === 'grandTichu') {
            tally.grand++;
            tally.grandMade += made;
          }
        }
        if (hand.doubleVictory !== null) tallies[side(hand.doubleVictory)].doubleVictories++;
        tallies[0].bombs += hand.bombs[x];
        tallies[1].bombs += hand.bombs[(1 - x) as Team];
      }
    });
    pairSums.push(sum);
    pairHands.push(count);
    hands += count;
    wins += pairWins;
    if (pairWins === 2) pairResults.both++;
    else if (pairWins === 1) pairResults.split++;
    else pairResults.neither++;
  }
  const wholeMatches = config.hands === undefined;
  const winRate = wholeMatches ? wilson(wins, games) : null;
  const decisionMs: Record<string, { n: number; p50: number; p99: number }> = {};
  for (const [level, list] of [...decisionTimes(pairs)].sort(([a], [b]) => a.localeCompare(b)))
    decisionMs[level] = {
      n: list.length,
      p50: round(percentile(list, 50) ?? 0, 4),
      p99: round(percentile(list, 99) ?? 0, 4),
    };
  const points = ratioInterval(pairSums, pairHands);
  return {
    team: config.team,
    vs: config.vs,
    seed: config.seed,
    target: config.target,
    handsPerGame: config.hands ?? null,
    budgetMs: config.budgetMs,
    playouts: config.playouts ?? null,
    pairs: pairs.length,
    games,
    hands,
    matchWinRate: winRate && { ...roundInterval(winRate), wins, matches: games },
    pairResults: wholeMatches ? pairResults : null,
    pointsPerHand: points && roundInterval(points),
    sides: { team: side(config.team, tallies[0], hands), vs: side(config.vs, tallies[1], hands) },
    decisionMs,
  };
}

/** Every decision's wall time in the pairs, by level (and `floor:<level>` when floors were timed). */
export function decisionTimes(pairs: readonly PairRecord[]): Map<TimedLevel, number[]> {
  const times = new Map<TimedLevel, number[]>();
  for (const pair of pairs)
    for (const game of pair.games)
      for (const [level, list] of Object.entries(game.times) as [TimedLevel, number[]][]) {
        const all = times.get(level) ?? [];
        for (const t of list) all.push(t);
        times.set(level, all);
      }
  return times;
}

function side(level: string, t: Tally, hands: number): SideSummary {
  const perHand = (n: number) => (hands === 0 ? 0 : round(n / hands, 4));
  const rate = (made: number, calls: number): Rate | null => {
    const w = wilson(made, calls);
    return w && { ...roundInterval(w), made, calls };
  };
  return {
    level,
    tichuCallsPerHand: perHand(t.tichu),
    tichuSuccess: rate(t.tichuMade, t.tichu),
    grandTichuCallsPerHand: perHand(t.grand),
    grandTichuSuccess: rate(t.grandMade, t.grand),
    doubleVictories: t.doubleVictories,
    bombs: t.bombs,
    bombsPerHand: perHand(t.bombs),
  };
}

function roundInterval(i: Interval): Interval {
  return { value: round(i.value, 4), low: round(i.low, 4), high: round(i.high, 4) };
}

function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
