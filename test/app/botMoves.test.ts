/**
 * Bot moves made on the spot: seats that could bomb out of turn are asked first, in order, and asked
 * again after the next move when they decline; a pick the engine refuses, or a policy that throws,
 * is reported and replaced; a hard seat's searches (a play on its turn, a Dragon gift with both
 * opponents in) are left for its worker, while its Grand Tichu, exchange, wish and bomb questions
 * are made here like any bot's. The policy is
 * scripted here (a spy on the registry) so each case is exact whatever the real levels decide.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { botMoves, hardSeatOwing } from '../../src/app/botMoves.js';
import type { Core } from '../../src/app/core.js';
import type { BotFault } from '../../src/app/outcomes.js';
import type { BotLevel, Policy } from '../../src/bots/policy.js';
import { POLICIES } from '../../src/bots/registry.js';
import {
  type Action,
  apply,
  buildScenario,
  type Card,
  DEFAULT_SETTINGS,
  isBomb,
  type MatchState,
  makeSettings,
  newMatch,
  readCombos,
  type ScenarioSpec,
  type Seat,
} from '../../src/engine/index.js';
import type { Occupant, TableRecord } from '../../src/store/records.js';
import { playingTable } from '../support/records.js';

let faults: BotFault[];
let core: Core;
beforeEach(() => {
  faults = [];
  core = { onBotFault: (f: BotFault) => faults.push(f), bots: { hardBudgetMs: 10 } } as unknown as Core;
});
afterEach(() => {
  vi.restoreAllMocks();
});

const BOT = (level: BotLevel): Occupant => ({ kind: 'bot', level });

/** Seat 0 a person; seats 1-3 bots of these levels (null: the person seated there stays). */
function tableWith(...levels: [BotLevel | null, BotLevel | null, BotLevel | null]): TableRecord {
  const table = playingTable(DEFAULT_SETTINGS);
  const seat = (n: 1 | 2 | 3) => {
    const level = levels[n - 1];
    return level === null || level === undefined ? table.seats[n] : BOT(level);
  };
  return { ...table, seats: [table.seats[0], seat(1), seat(2), seat(3)] };
}

/** Seat 0 (a person) led a six; seat 1 passed and holds a four of eights; seat 2 is on turn. */
const bombable: MatchState = buildScenario({
  hands: { 0: 'mahjong 5jd 9st', 1: '8jd 8sw 8pg 8st 2jd', 2: '3jd 4sw', 3: 'Ajd Qsw' },
  trick: [{ seat: 0, cards: '6sw' }],
  passed: [1],
  turn: 2,
});

const PASS: Action = { type: 'pass' };
const isBombPlay = (a: Action) => a.type === 'play' && readCombos(a.cards).some(isBomb);

/** Scripts the normal level: `offered` answers out-of-turn questions, owed decisions pass. */
function scriptNormal(offered: Policy, owed: Policy = () => PASS): Array<[number, number, boolean]> {
  const asked: Array<[number, number, boolean]> = [];
  vi.spyOn(POLICIES as Record<BotLevel, Policy>, 'normal').mockImplementation(
    (view, memory, legal, rng, b) => {
      const owes = view.turn === view.seat;
      asked.push([view.seat, view.version, owes]);
      return owes ? owed(view, memory, legal, rng, b) : offered(view, memory, legal, rng, b);
    },
  );
  return asked;
}

describe('bot moves on the spot', () => {
  it('a bot that can bomb out of turn is asked first, and its bomb lands before the seat on turn moves', () => {
    scriptNormal((_v, _m, legal) => legal.find(isBombPlay) ?? null);
    const moves = botMoves(core, tableWith('normal', 'normal', 'normal'), 1, bombable);
    expect(moves.map((m) => [m.seat, m.action.type, isBombPlay(m.action)])).toEqual([
      [1, 'play', true],
      [2, 'pass', false],
      [3, 'pass', false],
    ]);
    expect(moves.at(-1)?.step.state.hand.turn).toBe(0); // the person is on turn: the run stops
    expect(faults).toEqual([]);
  });

  it('a bot that declines is asked again after the next move, before the seat that owes', () => {
    const asked = scriptNormal(() => null);
    const moves = botMoves(core, tableWith('normal', 'normal', 'normal'), 1, bombable);
    const v = bombable.version;
    expect(moves.map((m) => m.seat)).toEqual([2, 3]);
    expect(asked).toEqual([
      [1, v, false],
      [2, v, true],
      [1, v + 1, false],
      [3, v + 1, true],
    ]);
    // Then the trick is the person's (everyone passed): nothing to bomb, nobody asked.
  });

  it('a refused out-of-turn pick is reported and counts as declining', () => {
    scriptNormal(() => ({ type: 'play', cards: ['8jd', '8sw', '8pg', '8st', '2jd'] }));
    const moves = botMoves(core, tableWith('normal', 'normal', 'normal'), 7, bombable);
    expect(moves.map((m) => m.seat)).toEqual([2, 3]);
    expect(faults[0]).toEqual({
      tableId: 'abcd1234',
      matchId: 7,
      version: bombable.version,
      seat: 1,
      code: 'not_a_combo',
    });
  });

  it.each([
    ['a pick the engine refuses', (() => ({ type: 'play', cards: ['Kjd'] })) as Policy, 'not_in_hand'],
    [
      'a policy that throws',
      (() => {
        throw new Error('bug');
      }) as Policy,
      'policy_failed',
    ],
    ['no answer to a decision owed', (() => null) as Policy, 'no_decision'],
  ])('%s on a decision owed is reported and replaced by a legal move', (_name, owed, code) => {
    scriptNormal(() => null, owed);
    const moves = botMoves(core, tableWith('normal', 'normal', 'normal'), 1, bombable);
    // Each replacement is the engine's own first legal move that is no call (seat 2 can only pass).
    expect(moves.map((m) => m.seat)).toEqual([2, 3]);
    expect(moves[0]?.action).toEqual(PASS);
    expect(faults.map((f) => [f.seat, f.code])).toEqual([
      [2, code],
      [3, code],
    ]);
  });

  it('stops where a hard seat owes the next decision, after asking the bombers', () => {
    const asked = scriptNormal(() => null);
    const table = tableWith('normal', 'hard', 'normal');
    expect(botMoves(core, table, 1, bombable)).toEqual([]);
    expect(asked).toEqual([[1, bombable.version, false]]);
    expect(hardSeatOwing(table, bombable)).toBe(2);
  });

  it('in the Grand Tichu decisions no other bot seat waits for the hard one’s search; the exchange is on the spot', () => {
    const dealt = newMatch(makeSettings(), 'deal');
    // The hard seat comes first in seat order: its search is left to its worker, the others go on.
    const table = tableWith('hard', 'easy', 'normal');
    expect(hardSeatOwing(table, dealt)).toBe(1);
    const grand = botMoves(core, table, 1, dealt);
    expect(grand.map((m) => [m.seat, m.action.type])).toEqual([
      [2, 'grandTichu'],
      [3, 'grandTichu'],
    ]);
    const others = grand.at(-1)?.step.state as MatchState;
    expect(others.hand.grand.map((g) => g !== null)).toEqual([false, false, true, true]);
    expect(hardSeatOwing(table, others)).toBe(1);
    // Its worker's answer (made here as the worker would) comes back, and the person decides.
    const searched = apply(others, 1, { type: 'grandTichu', call: false });
    if (!searched.ok) return expect.fail(searched.error.code);
    const decided = searched.value.state;
    expect(hardSeatOwing(table, decided)).toBeNull();
    // The person decides; the opponents' bot seats make their exchange (and any call) at once, the
    // partner's waits until the person has passed (who may call Tichu before passing).
    const step = apply(decided, 0, { type: 'grandTichu', call: false });
    if (!step.ok) return expect.fail(step.error.code);
    const exchanging = step.value.state;
    expect(exchanging.hand.phase).toBe('exchange');
    const picks = botMoves(core, table, 1, exchanging);
    expect(picks.every((m) => m.seat !== 0 && ['exchange', 'tichu'].includes(m.action.type))).toBe(true);
    const picked = picks.at(-1)?.step.state as MatchState;
    expect(picked.hand.exchange.map((e) => e !== null)).toEqual([false, true, false, true]);
    expect(hardSeatOwing(table, picked)).toBeNull();
    const [next, partner, previous] = picked.hand.hands[0] as [Card, Card, Card];
    const passed = apply(picked, 0, { type: 'exchange', next, partner, previous });
    if (!passed.ok) return expect.fail(passed.error.code);
    const after = botMoves(core, table, 1, passed.value.state);
    expect(after[0]?.seat).toBe(2);
    expect(after[0]?.action.type).toBe('exchange');
    expect(after[0]?.step.state.hand.phase).toBe('play');
    expect(faults).toEqual([]);
  });

  it("a hard seat's wish is made on the spot", () => {
    const wishing = buildScenario({
      hands: { 0: '3jd 4jd', 1: '9sw', 2: '2pg 5pg', 3: '6st 8st' },
      trick: [{ seat: 2, cards: 'mahjong' }],
      pending: { kind: 'wish', seat: 2 },
      turn: 3,
    });
    const table = tableWith(null, 'hard', null);
    expect(hardSeatOwing(table, wishing)).toBeNull();
    const moves = botMoves(core, table, 1, wishing);
    expect(moves.map((m) => [m.seat, m.action.type])).toEqual([[2, 'wish']]);
    expect(moves[0]?.step.state.hand.pending).toBeNull();
    expect(faults).toEqual([]);
  });

  it("a hard seat's Dragon gift is a search while both opponents are in, and made on the spot when one is out", () => {
    const giving = (hands: ScenarioSpec['hands'], passed: Seat[]) =>
      buildScenario({
        hands,
        trick: [{ seat: 2, cards: 'dragon' }],
        passed,
        pending: { kind: 'dragonGift', seat: 2 },
        turn: null,
      });
    const table = tableWith('normal', 'hard', 'normal');
    // Both opponents in: which one gets the trick is searched, off the main thread.
    const both = giving({ 0: '2jd', 1: '3jd', 2: '4jd 9sw', 3: '5jd' }, [3, 0, 1]);
    expect(hardSeatOwing(table, both)).toBe(2);
    expect(botMoves(core, table, 1, both)).toEqual([]);
    // Seat 3 is out: the trick can only go to seat 1, at once; the lead it then owes is a search.
    const one = giving({ 0: '2jd', 1: '3jd', 2: '4jd 9sw' }, [0, 1]);
    expect(hardSeatOwing(table, one)).toBeNull();
    const moves = botMoves(core, table, 1, one);
    expect(moves.map((m) => [m.seat, m.action])).toEqual([[2, { type: 'giveDragon', to: 1 }]]);
    const after = moves[0]?.step.state as MatchState;
    expect(after.hand).toMatchObject({ pending: null, turn: 2, trick: null });
    expect(hardSeatOwing(table, after)).toBe(2);
    expect(faults).toEqual([]);
  });

  it('a hard seat that can bomb out of turn is asked on the spot, and its bomb lands before the seat on turn moves', () => {
    scriptNormal(() => null);
    const asked: Array<[number, number, boolean]> = [];
    vi.spyOn(POLICIES as Record<BotLevel, Policy>, 'hard').mockImplementation((view, _m, legal) => {
      asked.push([view.seat, view.version, view.turn === view.seat]);
      return legal.find(isBombPlay) ?? null;
    });
    const moves = botMoves(core, tableWith('hard', 'normal', 'normal'), 1, bombable);
    expect(asked).toEqual([[1, bombable.version, false]]);
    expect(moves.map((m) => [m.seat, m.action.type, isBombPlay(m.action)])).toEqual([
      [1, 'play', true],
      [2, 'pass', false],
      [3, 'pass', false],
    ]);
    expect(faults).toEqual([]);
  });
});
