/**
 * The value model that ends hard's playouts a few tricks in (src/bots/handValue.ts): the calls
 * already decided counted exactly, the two teams' values mirror each other, the network reads the
 * features it was fitted on, it tells a won hand from a lost one, and it explains a fair share of
 * fresh self-play results. Also: a playout with a horizon stops there.
 */
import { describe, expect, it } from 'vitest';
import { atTrickEnd, handValue, netValue, settledCalls, valueFeatures } from '../../src/bots/handValue.js';
import { HAND_VALUE_NET } from '../../src/bots/handValueNet.js';
import { playOutWith, type Rollout, V1_ROLLOUT } from '../../src/bots/hard.js';
import { type Action, buildScenario, parseCards, type ScenarioSpec } from '../../src/engine/index.js';
import { fitOf, valueRows } from '../../tools/tuneValue.js';

function play(cards: string): Action {
  const parsed = parseCards(cards);
  if (!parsed.ok) throw new Error(cards);
  return { type: 'play', cards: parsed.value };
}

/** Seat 1 out first and seat 2 on lead, with `calls`; everyone has played. */
const seatOneOut = (calls: ScenarioSpec['calls']) =>
  buildScenario({
    hands: { 0: 'Ajd 2jd', 2: '3st 4st', 3: '6jd 7jd' },
    out: [1],
    turn: 2,
    calls,
    played: [0, 1, 2, 3],
  });

describe('the calls already decided', () => {
  it('count nothing while nobody is out', () => {
    const state = buildScenario({
      hands: { 0: 'Ajd 2jd', 1: '5jd 9jd', 2: '3st 4st', 3: '6jd 7jd' },
      turn: 0,
      calls: { 0: 'tichu', 1: 'grandTichu' },
    });
    expect(settledCalls(state, 0)).toBe(0);
  });

  it('count a made call for its team and every other call as failed, from either side', () => {
    // Seat 1 went out first: its Grand Tichu is made (+200), seat 0's Tichu failed (-100).
    const state = seatOneOut({ 0: 'tichu', 1: 'grandTichu' });
    expect(settledCalls(state, 1)).toBe(300);
    expect(settledCalls(state, 0)).toBe(-300);
    expect(handValue(state, 0)).toBeCloseTo(-handValue(state, 1), 9);
  });

  it('tell a Tichu from a Grand Tichu on the same team', () => {
    // Seat 1 went out first with its Tichu made (+100); its partner's Grand Tichu failed (-200).
    const state = seatOneOut({ 1: 'tichu', 3: 'grandTichu' });
    expect(settledCalls(state, 1)).toBe(-100);
    expect(settledCalls(state, 0)).toBe(100);
  });
});

describe('the network', () => {
  it('reads as many inputs as the features it is given', () => {
    const state = buildScenario({ hands: { 0: 'Ajd', 1: '5jd', 2: '3st', 3: '6jd' }, turn: 0 });
    const width = valueFeatures(state).length;
    expect(HAND_VALUE_NET.mean).toHaveLength(width);
    expect(HAND_VALUE_NET.scale).toHaveLength(width);
    for (const row of HAND_VALUE_NET.hidden) expect(row).toHaveLength(width);
    expect(HAND_VALUE_NET.out).toHaveLength(HAND_VALUE_NET.hidden.length);
  });

  it('prefers the side with its hand nearly played out, whichever team that is', () => {
    // Seat 0 leads with the Dragon and one card left, its partner too; the opponents hold loose singles.
    const strong = buildScenario({
      hands: {
        0: 'dragon 2jd',
        1: '3jd 5sw 7pg 9st Jjd Kst 4pg',
        2: 'Ast',
        3: '3sw 6jd 8pg 10st Qjd 2sw 4jd',
      },
      turn: 0,
      played: [0, 1, 2, 3],
    });
    expect(atTrickEnd(strong)).toBe(true);
    expect(handValue(strong, 0)).toBeGreaterThan(50);
    // The same hands one seat on: now the opponents hold the Dragon and lead, so team 0 is behind.
    const weak = buildScenario({
      hands: {
        1: 'dragon 2jd',
        2: '3jd 5sw 7pg 9st Jjd Kst 4pg',
        3: 'Ast',
        0: '3sw 6jd 8pg 10st Qjd 2sw 4jd',
      },
      turn: 1,
      played: [0, 1, 2, 3],
    });
    expect(handValue(weak, 0)).toBeLessThan(-50);
  });

  it('explains a fair share of the results of fresh self-play hands (R^2 over 0.3)', () => {
    // The tool fitted on seed value-1; these 150 hands are dealt from another seed.
    const rows = valueRows('handValue-test', 150);
    expect(rows.length).toBeGreaterThan(1000);
    const fit = fitOf(rows, (features) => netValue(HAND_VALUE_NET, features));
    expect(fit.r2).toBeGreaterThan(0.3);
  });
});

describe('a playout with a horizon', () => {
  const state = buildScenario({
    hands: {
      0: 'Ajd 2jd 3jd 4sw 6pg 8st 10jd',
      1: '5jd 9jd Qsw 2st 7jd 9sw Jpg',
      2: '3st 4st 5pg 7st 9pg Kjd Qst',
      3: '6jd 7sw 8jd 10sw Jst Ksw 2pg',
    },
    turn: 0,
    played: [0, 1, 2, 3],
  });

  function counted(horizon?: number): { rollout: Rollout; moves: () => number } {
    let moves = 0;
    const rollout: Rollout = {
      ...V1_ROLLOUT,
      play: (view, legal, plays) => {
        moves++;
        return V1_ROLLOUT.play(view, legal, plays);
      },
      ...(horizon === undefined ? {} : { horizon }),
    };
    return { rollout, moves: () => moves };
  }

  it('stops at its trick ends and answers with the value model', () => {
    const one = counted(1);
    const two = counted(2);
    const full = counted();
    const shortValue = playOutWith(one.rollout)(state, 0, play('2jd'));
    playOutWith(two.rollout)(state, 0, play('2jd'));
    playOutWith(full.rollout)(state, 0, play('2jd'));
    // Each further trick end allowed plays more of the hand, and the full playout the most.
    expect(one.moves()).toBeGreaterThan(0);
    expect(one.moves()).toBeLessThan(two.moves());
    expect(two.moves()).toBeLessThan(full.moves());
    // The model's answers are not whole card-point counts in steps of 5, as a finished hand's are.
    expect(shortValue % 5).not.toBe(0);
  });
});
