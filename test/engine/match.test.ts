/**
 * Match flow (docs/RULES.md "Scoring", last rule): hands are scored into the match, the next hand is dealt
 * from the match seed, the match ends at the target; refusals change nothing; replay is exact.
 */
import { describe, expect, it } from 'vitest';
import { playOut } from '../../src/bots/selfPlay.js';
import {
  type Action,
  apply,
  buildScenario,
  type Card,
  DECK,
  type GameEvent,
  handSeed,
  type LoggedAction,
  type MatchState,
  makeSettings,
  matchWinner,
  newMatch,
  type PerTeam,
  Rng,
  replay,
  type ScenarioSpec,
  SEATS,
  type Seat,
  type Settings,
  seedRng,
  shuffled,
  sortCards,
  type Team,
} from '../../src/engine/index.js';

function accepted(
  state: MatchState,
  seat: Seat,
  action: Action,
): { state: MatchState; events: readonly GameEvent[] } {
  const result = apply(state, seat, action);
  if (!result.ok) throw new Error(`seat ${seat} ${JSON.stringify(action)} refused: ${result.error.code}`);
  return result.value;
}

/** The eight cards per seat that `dealHand` must give for a seed: the seeded shuffle, 14 apart. */
function expectedEight(seed: string): Card[][] {
  const deck = shuffled(DECK, new Rng(seedRng(seed)));
  return SEATS.map((seat) => sortCards(deck.slice(seat * 14, seat * 14 + 8)));
}

/** Seat 0 is out; seat 2 plays its last card, Ajd, on seat 1's King: a double victory for team A. */
function doubleVictoryA(scores: PerTeam<number>, settings: Partial<Settings> = {}): MatchState {
  return buildScenario({
    hands: { 1: '3jd 4jd', 2: 'Ajd', 3: '9st 9sw' },
    out: [0],
    trick: [{ seat: 1, cards: 'Kjd' }],
    turn: 2,
    scores,
    settings,
  });
}
const DV_A: [Seat, Action] = [2, { type: 'play', cards: ['Ajd'] }];

/** Seat 1 is out; seat 3 plays its last card on seat 0's King: a double victory for team B. */
function doubleVictoryB(scores: PerTeam<number>, settings: Partial<Settings> = {}): MatchState {
  return buildScenario({
    hands: { 0: '3jd 4jd', 2: '5jd', 3: 'Ajd' },
    out: [1],
    trick: [{ seat: 0, cards: 'Kjd' }],
    passed: [2],
    turn: 3,
    scores,
    settings,
  });
}
const DV_B: [Seat, Action] = [3, { type: 'play', cards: ['Ajd'] }];

/** Seats 0 and 1 are out; seat 2 goes out third: card points 80 to team A, 20 to team B. */
const THIRD_OUT: ScenarioSpec = {
  hands: { 2: 'Kjd', 3: 'Ajd 5sw' },
  out: [0, 1],
  trick: [{ seat: 3, cards: '10jd' }],
  won: { 1: '10sw Ksw', 3: '5jd' },
  restTo: 0,
  turn: 2,
};
function thirdOut(scores: PerTeam<number>, settings: Partial<Settings> = {}): MatchState {
  return buildScenario({ ...THIRD_OUT, scores, settings });
}
const THIRD: [Seat, Action] = [2, { type: 'play', cards: ['Kjd'] }];

describe('After a hand ends: its result is added to the scores and the history, and the next hand is dealt', () => {
  it.each([
    ['a double victory for team A', doubleVictoryA, DV_A, [120, 340], [200, 0]],
    ['a double victory for team B', doubleVictoryB, DV_B, [0, 0], [0, 200]],
    ['a hand ended by the third player out', thirdOut, THIRD, [-100, 250], [80, 20]],
  ] as const)('%s', (_name, build, [seat, action], before, total) => {
    const state = build(before);
    const { state: after, events } = accepted(state, seat, action);
    const ended = events.find((e) => e.type === 'handEnded');
    expect(ended?.type === 'handEnded' && ended.result.total).toEqual(total);
    expect(after.history).toHaveLength(1);
    expect(after.history[0]?.total).toEqual(total);
    expect(after.history[0]?.number).toBe(1);
    expect(after.scores).toEqual([before[0] + total[0], before[1] + total[1]]);
    expect(after.status).toBe('playing');
    expect(after.winner).toBeNull();
    expect(after.version).toBe(state.version + 1);
    // "Deal 8 cards each" for the next hand, from the match seed
    expect(events[events.length - 1]).toEqual({ type: 'handStarted', number: 2 });
    expect(after.hand.number).toBe(2);
    expect(after.hand.seed).toBe(handSeed(state.seed, 2));
    expect(after.hand.phase).toBe('grandTichu');
    expect(after.hand.hands).toEqual(expectedEight(handSeed(state.seed, 2)));
    expect(after.hand.calls).toEqual(['none', 'none', 'none', 'none']);
    expect(after.hand.out).toEqual([]);
    expect(after.hand.result).toBeNull();
    expect(sortCards([...after.hand.hands.flat(), ...after.hand.undealt.flat()])).toEqual(sortCards(DECK));
  });

  it('a played hand from a real deal: hand n is dealt with handSeed(matchSeed, n)', () => {
    const seed = 'match-flow';
    let state = newMatch(makeSettings(), seed);
    expect(state.hand.seed).toBe(handSeed(seed, 1));
    expect(state.hand.hands).toEqual(expectedEight(handSeed(seed, 1)));
    const rng = new Rng(seedRng('bots'));
    for (const n of [2, 3, 4]) {
      state = playOut(state, rng, false);
      expect(state.hand.number).toBe(n);
      expect(state.hand.seed).toBe(handSeed(seed, n));
      expect(state.hand.hands).toEqual(expectedEight(handSeed(seed, n)));
      expect(state.history.map((h) => h.number)).toEqual(Array.from({ length: n - 1 }, (_, i) => i + 1));
      const sum = state.history.reduce<[number, number]>(
        (s, h) => [s[0] + h.total[0], s[1] + h.total[1]],
        [0, 0],
      );
      expect(state.scores).toEqual(sum);
    }
  });

  it('different hands of one match are dealt differently', () => {
    expect(handSeed('m', 1)).not.toBe(handSeed('m', 2));
    expect(expectedEight(handSeed('m', 1))).not.toEqual(expectedEight(handSeed('m', 2)));
  });
});

describe('"The match ends after a hand where a team has reached the target (flag: 1000). If both teams have, the higher total wins; an exact tie plays another hand."', () => {
  it.each([
    ['team A reaches 1000', doubleVictoryA, DV_A, [800, 0], {}, [1000, 0], 0],
    ['team B passes 1000', doubleVictoryB, DV_B, [650, 900], {}, [650, 1100], 1],
    ['neither reaches 1000', doubleVictoryA, DV_A, [700, 990], {}, [900, 990], null],
    ['both reach, team A higher', doubleVictoryA, DV_A, [900, 1050], {}, [1100, 1050], 0],
    ['both reach, team B higher', thirdOut, THIRD, [920, 990], {}, [1000, 1010], 1],
    ['both reach with an exact tie: another hand', thirdOut, THIRD, [920, 980], {}, [1000, 1000], null],
    ['a tie below the target: another hand', thirdOut, THIRD, [0, 60], {}, [80, 80], null],
    [
      '{targetScore: 200} reached by one hand',
      doubleVictoryA,
      DV_A,
      [0, 0],
      { targetScore: 200 },
      [200, 0],
      0,
    ],
    ['{targetScore: 500} not reached', doubleVictoryB, DV_B, [0, 250], { targetScore: 500 }, [0, 450], null],
    ['{targetScore: 500} reached', doubleVictoryB, DV_B, [0, 300], { targetScore: 500 }, [0, 500], 1],
    [
      '{targetScore: 2000}: 1000 is not enough',
      doubleVictoryA,
      DV_A,
      [800, 0],
      { targetScore: 2000 },
      [1000, 0],
      null,
    ],
  ] as const)('%s', (_name, build, [seat, action], before, settings, scores, winner) => {
    const state = build(before, settings);
    const { state: after, events } = accepted(state, seat, action);
    expect(after.scores).toEqual(scores);
    expect(after.winner).toBe(winner);
    if (winner === null) {
      expect(after.status).toBe('playing');
      expect(after.hand.number).toBe(2);
      expect(events.some((e) => e.type === 'matchEnded')).toBe(false);
      expect(events[events.length - 1]).toEqual({ type: 'handStarted', number: 2 });
    } else {
      expect(after.status).toBe('finished');
      expect(events[events.length - 1]).toEqual({ type: 'matchEnded', winner, scores });
      expect(events.some((e) => e.type === 'handStarted')).toBe(false);
      expect(after.hand.number).toBe(1);
      expect(after.hand.phase).toBe('finished');
      expect(after.history).toHaveLength(1);
    }
  });

  it.each([
    [[0, 0], 1000, null],
    [[999, 999], 1000, null],
    [[1000, 0], 1000, 0],
    [[0, 1000], 1000, 1],
    [[1000, 999], 1000, 0],
    [[999, 1001], 1000, 1],
    [[1100, 1200], 1000, 1],
    [[1300, 1200], 1000, 0],
    [[1000, 1000], 1000, null],
    [[1250, 1250], 1000, null],
    [[-100, 1000], 1000, 1],
    [[1000, -300], 1000, 0],
    [[-1000, -1000], 1000, null],
    [[200, 150], 200, 0],
    [[150, 200], 200, 1],
    [[199, 150], 200, null],
    [[1000, 0], 2000, null],
  ] as const)('matchWinner(%j, target %i) = %s', (scores, target, winner) => {
    expect(matchWinner(scores, target)).toBe(winner as Team | null);
  });
});

describe('Refusals change nothing', () => {
  const ended = accepted(doubleVictoryA([800, 0]), ...DV_A).state;

  it.each([
    ['grandTichu', { type: 'grandTichu', call: true }],
    ['tichu', { type: 'tichu' }],
    ['pass', { type: 'pass' }],
    ['play', { type: 'play', cards: ['3jd'] }],
    ['wish', { type: 'wish', rank: 7 }],
    ['giveDragon', { type: 'giveDragon', to: 1 }],
    ['exchange', { type: 'exchange', next: '3jd', partner: '4jd', previous: '5jd' }],
  ])('after the match ended, %s is refused: match_over', (_name, action) => {
    expect(ended.status).toBe('finished');
    const before = structuredClone(ended);
    for (const seat of SEATS)
      expect(apply(ended, seat, action)).toEqual({ ok: false, error: { code: 'match_over' } });
    expect(ended).toEqual(before);
  });

  const fresh = newMatch(makeSettings(), 'refusals');
  // Seat 0 must name the wish: a wish of 2..14 or none is expected now.
  const wishing = buildScenario({
    hands: { 0: '3jd 4jd', 1: '9sw', 2: '2pg 5pg', 3: '6st 8st' },
    trick: [{ seat: 0, cards: 'mahjong' }],
    pending: { kind: 'wish', seat: 0 },
    turn: 1,
  });

  it.each([-1, 4, 1.5, '0', '1', null, undefined, Number.NaN, {}, [0]])(
    'bad_seat: seat %j is refused',
    (seat) => {
      for (const state of [fresh, wishing, ended]) {
        const before = structuredClone(state);
        const result = apply(state, seat, { type: 'grandTichu', call: false });
        expect(result.ok).toBe(false);
        if (!result.ok) expect(result.error).toEqual({ code: 'bad_seat', seat });
        expect(state).toEqual(before);
      }
    },
  );

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['a string', 'pass'],
    ['a number', 7],
    ['an empty object', {}],
    ['an array', [{ type: 'pass' }]],
    ['an unknown type', { type: 'fly' }],
    ['a type in the wrong case', { type: 'Pass' }],
    ['grandTichu without a call', { type: 'grandTichu' }],
    ['grandTichu with a string call', { type: 'grandTichu', call: 'yes' }],
    ['play without cards', { type: 'play' }],
    ['play with no card', { type: 'play', cards: [] }],
    ['play with a non-card string', { type: 'play', cards: ['Xjd'] }],
    ['play with an alias instead of the long form', { type: 'play', cards: ['mj'] }],
    ['play with a card in the wrong case', { type: 'play', cards: ['3JD'] }],
    ['play with 11 for a Jack', { type: 'play', cards: ['11jd'] }],
    ['play with a number', { type: 'play', cards: [3] }],
    ['play with an empty string', { type: 'play', cards: [''] }],
    ['play with a card list as text', { type: 'play', cards: '3jd' }],
    ['play with 15 cards', { type: 'play', cards: DECK.slice(0, 15) }],
    ['play with phoenixAs 1', { type: 'play', cards: ['phoenix'], phoenixAs: 1 }],
    ['play with phoenixAs 15', { type: 'play', cards: ['phoenix'], phoenixAs: 15 }],
    ['wish rank 1', { type: 'wish', rank: 1 }],
    ['wish rank 15', { type: 'wish', rank: 15 }],
    ['wish rank 0', { type: 'wish', rank: 0 }],
    ['wish rank 7.5', { type: 'wish', rank: 7.5 }],
    ['wish rank as text', { type: 'wish', rank: '7' }],
    ['wish without a rank', { type: 'wish' }],
    ['exchange with two cards', { type: 'exchange', next: '3jd', partner: '4jd' }],
    ['exchange with a non-card', { type: 'exchange', next: '3jd', partner: '4jd', previous: 'joker' }],
    ['giveDragon to seat 4', { type: 'giveDragon', to: 4 }],
    ['giveDragon to no seat', { type: 'giveDragon' }],
  ])('malformed_action: %s', (_name, input) => {
    for (const [state, seat] of [
      [fresh, 0],
      [wishing, 0],
      [wishing, 1],
    ] as const) {
      const before = structuredClone(state);
      const result = apply(state, seat, input);
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.error.code).toBe('malformed_action');
        expect(result.error).toHaveProperty('reason');
      }
      expect(state).toEqual(before);
    }
  });

  it.each([
    ['wish rank 2', { type: 'wish', rank: 2 }, 2],
    ['wish rank 14', { type: 'wish', rank: 14 }, 14],
    ['no wish', { type: 'wish', rank: null }, null],
  ] as const)('the same shapes are accepted when well-formed: %s', (_name, action, wish) => {
    expect(accepted(wishing, 0, action).state.hand.wish).toBe(wish);
  });

  it('a refused move leaves the state and its version as they were', () => {
    const before = structuredClone(wishing);
    const result = apply(wishing, 1, { type: 'play', cards: ['9sw'] });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe('waiting_for_decision');
    expect(wishing).toEqual(before);
  });
});

describe('"the seed is stored, so a hand can be replayed": replay of the accepted actions', () => {
  function record(settings: Settings, seed: string, botSeed: string, options = {}) {
    const actions: LoggedAction[] = [];
    const states: MatchState[] = [];
    const final = playOut(newMatch(settings, seed), new Rng(seedRng(botSeed)), true, {
      callChance: 0.05,
      bombChance: 0.3,
      ...options,
      onStep: (seat, action, _before, after) => {
        actions.push({ seat, action });
        states.push(after);
      },
    });
    return { actions, states, final };
  }

  it.each([
    ['replay-1', 'bots-1', 1000],
    ['replay-2', 'bots-2', 1000],
    ['replay-3', 'bots-3', 300],
  ] as const)(
    'match seed %s, bot seed %s, target %i: replay reproduces the state exactly',
    (seed, botSeed, target) => {
      const settings = makeSettings({ targetScore: target });
      const { actions, states, final } = record(settings, seed, botSeed);
      expect(final.status).toBe('finished');
      expect(final.version).toBe(actions.length);
      const replayed = replay(settings, seed, actions);
      expect(replayed).toEqual({ ok: true, value: final });
      // the log survives storage as JSON
      const fromJson = replay(settings, seed, JSON.parse(JSON.stringify(actions)) as LoggedAction[]);
      expect(fromJson.ok && fromJson.value).toEqual(final);
      // any prefix rebuilds the state after that action
      for (const k of [1, 4, 5, 9, Math.floor(actions.length / 2), actions.length - 1]) {
        const prefix = replay(settings, seed, actions.slice(0, k));
        expect(prefix.ok && prefix.value).toEqual(states[k - 1]);
      }
    },
  );

  it('the recorded match obeys the end rule: no winner before the last hand, one after it', () => {
    const settings = makeSettings({ targetScore: 1000 });
    const { final } = record(settings, 'end-rule', 'bots-end');
    const totals: [number, number][] = [];
    let sum: [number, number] = [0, 0];
    for (const hand of final.history) {
      sum = [sum[0] + hand.total[0], sum[1] + hand.total[1]];
      totals.push(sum);
    }
    expect(final.scores).toEqual(sum);
    for (const partial of totals.slice(0, -1)) expect(matchWinner(partial, 1000)).toBeNull();
    expect(final.winner).toBe(matchWinner(sum, 1000));
    expect(final.winner).not.toBeNull();
    expect(Math.max(...final.scores)).toBeGreaterThanOrEqual(1000);
    expect(final.scores[final.winner as Team]).toBeGreaterThan(
      final.scores[(1 - (final.winner as Team)) as Team],
    );
  });

  it('a different match seed or a changed action gives a different result', () => {
    const settings = makeSettings({ targetScore: 300 });
    const { actions, final } = record(settings, 'replay-a', 'bots-a');
    const other = replay(settings, 'replay-b', actions);
    if (other.ok) expect(other.value).not.toEqual(final);
    else expect(other.error.code).toBe('replay_refused');
  });

  it('a log with an illegal action is refused at its index, with the reason', () => {
    const settings = makeSettings({ targetScore: 50 });
    const { actions } = record(settings, 'replay-bad', 'bots-bad');
    const broken = [...actions.slice(0, 3), actions[1] as LoggedAction, ...actions.slice(3)];
    expect(replay(settings, 'replay-bad', broken)).toEqual({
      ok: false,
      error: { code: 'replay_refused', index: 3, error: { code: 'already_decided' } },
    });
  });
});
