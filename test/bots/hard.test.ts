/**
 * The search levels beyond card play (issue 29): which decisions go off the main thread, the Tichu
 * call searched from playouts (made on a strong hand, not on a weak one), and determinism under a
 * playout cap. hard@v1 keeps normal@v1's rules for the call.
 */
import { describe, expect, it } from 'vitest';
import { EXPERT_CALL_MIN_GAIN, hardSearches, playOutWith } from '../../src/bots/hard.js';
import { CALL_MIN_GAIN, GRAND_MIN_GAIN, searchCall, searchGrandTichu } from '../../src/bots/hardCalls.js';
import { memoryOf } from '../../src/bots/memory.js';
import { callsTichu, normalPolicy, playOnTurn } from '../../src/bots/normal.js';
import type { BotLevel, PolicyLevel } from '../../src/bots/policy.js';
import { decideFor, makeBudget } from '../../src/bots/registry.js';
import {
  type Action,
  apply,
  buildScenario,
  type Card,
  DECK,
  formatCards,
  type MatchState,
  makeSettings,
  newMatch,
  parseCards,
  Rng,
  type ScenarioSpec,
  type Seat,
  seatView,
  seedRng,
} from '../../src/engine/index.js';

/** A fresh play phase: seat 0 holds `mine` (14 cards, the Mah Jong among them), the rest dealt in order. */
function firstLead(mine: string): ScenarioSpec {
  const parsed = parseCards(mine);
  if (!parsed.ok) throw new Error(`bad cards: ${mine}`);
  const own = new Set<Card>(parsed.value);
  const rest = DECK.filter((c) => !own.has(c));
  return {
    hands: {
      0: mine,
      1: formatCards(rest.slice(0, 14)),
      2: formatCards(rest.slice(14, 28)),
      3: formatCards(rest.slice(28, 42)),
    },
    turn: 0,
    played: [],
  };
}

const STRONG = 'mahjong dragon phoenix Ajd Asw Apg Ast Kjd Ksw Qjd Qsw Jjd 10jd 9jd';
const WEAK = 'mahjong dog 2jd 2sw 3sw 3pg 4pg 5st 6st 7jd 8sw 9pg 10jd Jst';

const decide = (level: PolicyLevel, state: MatchState, seat: Seat = 0, seed = 'hard-test') =>
  decideFor(level, state, seat, new Rng(seedRng(seed)), makeBudget(Number.POSITIVE_INFINITY, 200));

describe('hardSearches', () => {
  it('names card play on the seat’s own turn, and the Dragon gift while both opponents are in', () => {
    const lead = buildScenario(firstLead(STRONG));
    expect([0, 1, 2, 3].map((s) => hardSearches(lead, s as Seat))).toEqual([true, false, false, false]);
    const gift = (near: string) =>
      buildScenario({
        hands: { 0: '3jd 4sw', 1: near, 2: '2st 5st', 3: '6jd 7jd' },
        won: { 0: 'dragon 5jd' },
        pending: { kind: 'dragonGift', seat: 0 },
        turn: null,
        played: [0, 1, 2, 3],
        restTo: 2,
      });
    expect(hardSearches(gift('Kjd'), 0)).toBe(true);
    expect(hardSearches(gift('Kjd'), 2)).toBe(false);
    // With seat 1 out, the Dragon can only go to seat 3: nothing to search.
    expect(hardSearches(gift(''), 0)).toBe(false);
  });

  it('names the Grand Tichu decision while the seat has not made it; leaves the exchange and the wish on the spot', () => {
    const start = newMatch(makeSettings(), 'hard-searches');
    expect([0, 1, 2, 3].map((s) => hardSearches(start, s as Seat))).toEqual([true, true, true, true]);
    let state = start;
    for (const seat of [0, 1, 2, 3] as const) {
      const step = apply(state, seat, { type: 'grandTichu', call: false });
      if (!step.ok) return expect.fail(step.error.code);
      state = step.value.state;
      if (seat === 0) expect(hardSearches(state, 0)).toBe(false);
    }
    expect(state.hand.phase).toBe('exchange');
    expect([0, 1, 2, 3].some((s) => hardSearches(state, s as Seat))).toBe(false);
    const wish = buildScenario({
      hands: { 0: '3jd 4sw', 1: '6st', 2: '2st 5st', 3: '6jd 7jd' },
      trick: [{ seat: 0, cards: 'mahjong' }],
      pending: { kind: 'wish', seat: 0 },
      turn: 1,
    });
    expect(hardSearches(wish, 0)).toBe(false);
  });
});

describe.each(['hard', 'expert'] as const satisfies readonly BotLevel[])(
  'the %s level’s Tichu call',
  (level) => {
    it('calls on a hand of winners', () => {
      expect(decide(level, buildScenario(firstLead(STRONG)))).toEqual({ type: 'tichu' });
    });

    it('does not call on a hand of low singles, and plays instead', () => {
      expect(decide(level, buildScenario(firstLead(WEAK)))?.type).toBe('play');
    });

    it('decides the same way twice from the same seed under a playout cap', () => {
      const state = buildScenario(firstLead(STRONG));
      expect(decide(level, state, 0, 'again')).toEqual(decide(level, state, 0, 'again'));
    });
  },
);

/** The Grand Tichu decisions: seat 0 holds `eight`, the rest of the deck dealt in order around it. */
function grandStart(eight: string, partnerCalled = false): MatchState {
  const parsed = parseCards(eight);
  if (!parsed.ok) throw new Error(`bad cards: ${eight}`);
  const own = new Set<Card>(parsed.value);
  const rest = DECK.filter((c) => !own.has(c));
  const start = newMatch(makeSettings(), 'grand-test');
  const hands = [parsed.value, rest.slice(0, 8), rest.slice(8, 16), rest.slice(16, 24)];
  const undealt = [rest.slice(24, 30), rest.slice(30, 36), rest.slice(36, 42), rest.slice(42, 48)];
  const state: MatchState = {
    ...start,
    hand: { ...start.hand, hands: hands as never, undealt: undealt as never },
  };
  if (!partnerCalled) return state;
  const step = apply(state, 2, { type: 'grandTichu', call: true });
  if (!step.ok) throw new Error(step.error.code);
  return step.value.state;
}

const GRAND_STRONG = 'dragon phoenix Ajd Asw Apg Ast Kjd Ksw';
const GRAND_WEAK = '2jd 3sw 4pg 5st 6jd 7sw 8pg 9st';

describe.each(['hard', 'expert'] as const satisfies readonly BotLevel[])(
  'the %s level’s Grand Tichu call',
  (level) => {
    it('calls on eight winners and not on eight low cards, from whole deals played out', () => {
      expect(decide(level, grandStart(GRAND_STRONG))).toEqual({ type: 'grandTichu', call: true });
      expect(decide(level, grandStart(GRAND_WEAK))).toEqual({ type: 'grandTichu', call: false });
    });

    it('never calls over its partner’s Grand Tichu', () => {
      expect(decide(level, grandStart(GRAND_STRONG, true))).toEqual({ type: 'grandTichu', call: false });
    });

    it('decides the same way twice from the same seed under a playout cap', () => {
      const state = grandStart('dragon Ajd Asw Kjd Ksw Qjd 10jd 10sw');
      expect(decide(level, state, 0, 'again')).toEqual(decide(level, state, 0, 'again'));
    });
  },
);

describe('the call search (it adds calls to normal’s rule, whose calls stand)', () => {
  const playOut = playOutWith({ play: playOnTurn, policy: normalPolicy, table: { calls: callsTichu } });
  const searched = (mine: string) => {
    const state = buildScenario(firstLead(mine));
    const view = seatView(state, 0);
    const play: Action = { type: 'play', cards: ['mahjong'] };
    const budget = makeBudget(Number.POSITIVE_INFINITY, 120);
    return searchCall(view, memoryOf(state, 0), play, new Rng(seedRng('call-search')), budget, playOut, true);
  };

  it('favours the call by its bar on a hand of winners, not on a hand of low singles', () => {
    expect(searched(STRONG)).toBe(true);
    expect(searched(WEAK)).toBe(false);
  });

  it('says nothing on fewer than 24 paired samples: a dozen samples tell a call from a coin flip badly', () => {
    const state = buildScenario(firstLead(STRONG));
    const budget = makeBudget(Number.POSITIVE_INFINITY, 40);
    const view = seatView(state, 0);
    const play: Action = { type: 'play', cards: ['mahjong'] };
    expect(
      searchCall(view, memoryOf(state, 0), play, new Rng(seedRng('few')), budget, playOut, true),
    ).toBeNull();
  });

  it('calls only past its bar: 75 points by default, lower where the caller sets it', () => {
    const state = buildScenario(firstLead(STRONG));
    const view = seatView(state, 0);
    const play: Action = { type: 'play', cards: ['mahjong'] };
    // Playouts in which the call is worth exactly `gain` points on every deal (no spread).
    const worth =
      (gain: number): typeof playOut =>
      (from) =>
        from.hand.calls[0] === 'tichu' ? gain : 0;
    const ask = (gain: number, bar?: number) =>
      searchCall(
        view,
        memoryOf(state, 0),
        play,
        new Rng(seedRng('bar')),
        makeBudget(Number.POSITIVE_INFINITY, 60),
        worth(gain),
        true,
        bar,
      );
    expect(CALL_MIN_GAIN).toBe(75);
    expect(ask(60)).toBe(false);
    expect(ask(80)).toBe(true);
    expect(ask(60, 50)).toBe(true);
    expect(ask(40, 50)).toBe(false);
    // Expert's bar is the lower one; hard keeps the default.
    expect(EXPERT_CALL_MIN_GAIN.tichu).toBeLessThan(CALL_MIN_GAIN);
    expect(ask(EXPERT_CALL_MIN_GAIN.tichu + 1, EXPERT_CALL_MIN_GAIN.tichu)).toBe(true);
  });

  it('gives its time back when its budget cannot reach 24 samples, after timing two', () => {
    const state = buildScenario(firstLead(STRONG));
    const view = seatView(state, 0);
    const play: Action = { type: 'play', cards: ['mahjong'] };
    let playouts = 0;
    const counted: typeof playOut = (from, seat, first) => {
      playouts++;
      return playOut(from, seat, first);
    };
    // A clock that moves 1 ms a reading: 20 ms of budget is spent long before 24 samples.
    let clock = 0;
    const budget = { ms: 20, now: () => clock++ };
    const rng = new Rng(seedRng('probe'));
    expect(searchCall(view, memoryOf(state, 0), play, rng, budget, counted, true)).toBeNull();
    expect(playouts).toBe(4);
    // With time enough for 24 it goes on past the probe (and, on this hand, calls).
    playouts = 0;
    clock = 0;
    const enough = { ms: 80, now: () => clock++ };
    expect(searchCall(view, memoryOf(state, 0), play, new Rng(seedRng('probe')), enough, counted, true)).toBe(
      true,
    );
    expect(playouts).toBeGreaterThanOrEqual(48);
  });
});

describe('the Grand Tichu search’s bar', () => {
  it('calls only when the playouts favour the call by more than its bar: 50 by default, lower where set', () => {
    const view = seatView(grandStart(GRAND_WEAK), 0);
    // Deals in which the call is worth exactly `gain` points to seat 0's team (no spread).
    const worth = (gain: number) => (from: MatchState) => (from.hand.grand[0] === true ? gain : 0);
    const ask = (gain: number, bar?: number) =>
      searchGrandTichu(
        view,
        new Rng(seedRng('grand-bar')),
        makeBudget(Number.POSITIVE_INFINITY, 60),
        worth(gain),
        bar,
      );
    expect(GRAND_MIN_GAIN).toBe(50);
    expect(ask(40)).toBe(false);
    expect(ask(60)).toBe(true);
    expect(ask(40, 25)).toBe(true);
    expect(ask(20, 25)).toBe(false);
    expect(EXPERT_CALL_MIN_GAIN.grand).toBeLessThan(GRAND_MIN_GAIN);
  });
});
