/** The arena's figures from pair records made by hand, so every number below is worked out on paper. */
import { describe, expect, it } from 'vitest';
import type { GameRecord, HandRecord } from '../../src/arena/game.js';
import { type ArenaConfig, type PairRecord, seating } from '../../src/arena/pairs.js';
import { wilson, Z95 } from '../../src/arena/stats.js';
import { summarize } from '../../src/arena/summary.js';
import type { Call, Seat, Team } from '../../src/engine/index.js';

const config: ArenaConfig = { team: 'normal', vs: 'easy', pairs: 2, seed: 's', target: 1000, budgetMs: 150 };

function hand(
  total: [number, number],
  calls: [Call, Call, Call, Call],
  firstOut: Seat,
  doubleVictory: Team | null,
  bombs: [number, number],
): HandRecord {
  return { seed: 'h', total, calls, firstOut, doubleVictory, bombs };
}

function game(x: Team, winner: Team, hands: HandRecord[], times: GameRecord['times'] = {}): GameRecord {
  return {
    seed: 's',
    levels: seating('normal', 'easy', x),
    winner,
    scores: [0, 0],
    hands,
    moves: 0,
    times,
  };
}

const none: Call = 'none';
// Game 0 of a pair seats normal as team 0 (seats 0, 2); game 1 as team 1 (seats 1, 3).
const pairs: PairRecord[] = [
  {
    index: 0,
    seed: 's0',
    games: [
      game(
        0,
        0,
        [
          // normal +200: seat 0's Tichu made with a double victory; normal bombed once
          hand([200, 0], ['tichu', none, none, none], 0, 0, [1, 0]),
          // normal −40: easy's Grand Tichu (seat 1) fails, seat 3 out first; easy bombed twice
          hand([30, 70], [none, 'grandTichu', none, none], 3, null, [0, 2]),
        ],
        { normal: [1, 2], easy: [10] },
      ),
      // normal 0 and loses the match
      game(1, 0, [hand([50, 50], [none, none, none, none], 1, null, [0, 0])], { normal: [3], easy: [20] }),
    ],
  },
  {
    index: 1,
    seed: 's1',
    games: [
      // normal −200: its Tichu (seat 0) fails; it loses
      game(0, 1, [hand([-100, 100], ['tichu', none, none, none], 1, null, [0, 0])]),
      // normal +300: its Grand Tichu (seat 1) made with a double victory and a bomb; it wins
      game(1, 1, [hand([0, 300], [none, 'grandTichu', none, none], 1, 1, [0, 1])], { normal: [4] }),
    ],
  },
];

describe('summarize', () => {
  const s = summarize(config, pairs);

  it('counts matches won by the measured team in either seat, and pairs by outcome', () => {
    expect(s.games).toBe(4);
    expect(s.matchWinRate).toMatchObject({ wins: 2, matches: 4, value: 0.5 });
    expect(s.matchWinRate?.low).toBeCloseTo(wilson(2, 4)!.low, 4);
    expect(s.pairResults).toEqual({ both: 0, split: 2, neither: 0 });
  });

  it('takes points per hand from the measured team’s side, with the pair as the unit', () => {
    // pair sums 200 − 40 + 0 = 160 over 3 hands and −200 + 300 = 100 over 2: r = 260/5 = 52;
    // residuals 160 − 156 = 4 and 100 − 104 = −4: se = √(2 · 32)/5 = 1.6
    expect(s.hands).toBe(5);
    expect(s.pointsPerHand?.value).toBe(52);
    expect(s.pointsPerHand?.low).toBeCloseTo(52 - Z95 * 1.6, 3);
    expect(s.pointsPerHand?.high).toBeCloseTo(52 + Z95 * 1.6, 3);
  });

  it('gives each side its own calls, successes, double victories and bombs', () => {
    expect(s.sides.team).toMatchObject({
      level: 'normal',
      tichuCallsPerHand: 0.4,
      tichuSuccess: { made: 1, calls: 2, value: 0.5 },
      grandTichuCallsPerHand: 0.2,
      grandTichuSuccess: { made: 1, calls: 1, value: 1 },
      doubleVictories: 2,
      bombs: 2,
      bombsPerHand: 0.4,
    });
    expect(s.sides.vs).toMatchObject({
      level: 'easy',
      tichuCallsPerHand: 0,
      tichuSuccess: null,
      grandTichuCallsPerHand: 0.2,
      grandTichuSuccess: { made: 0, calls: 1, value: 0 },
      doubleVictories: 0,
      bombs: 2,
      bombsPerHand: 0.4,
    });
  });

  it('pools decision times by level across games and takes nearest-rank percentiles', () => {
    expect(s.decisionMs).toEqual({
      easy: { n: 2, p50: 10, p99: 20 },
      normal: { n: 4, p50: 2, p99: 4 },
    });
  });

  it('has no match win rate for single deals', () => {
    const deals = summarize({ ...config, hands: 1 }, pairs);
    expect(deals.matchWinRate).toBeNull();
    expect(deals.pairResults).toBeNull();
    expect(deals.pointsPerHand?.value).toBe(52);
  });
});
