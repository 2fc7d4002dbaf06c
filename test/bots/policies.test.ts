/**
 * What every level promises: a legal action whenever the seat owes one, the same action for the
 * same seed, and a decision made from the seat's view and memory only (hidden cards never matter).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BOT_LEVELS, type BotLevel } from '../../src/bots/policy.js';
import { botsToAsk, decideFor, makeBudget } from '../../src/bots/registry.js';
import {
  apply,
  type Card,
  DECK,
  type MatchState,
  makeSettings,
  newMatch,
  perSeat,
  Rng,
  type Seat,
  seedRng,
  sortCards,
} from '../../src/engine/index.js';

const budget = () => makeBudget(Number.POSITIVE_INFINITY, 24);
const rngAt = (state: MatchState, seat: Seat) => new Rng(seedRng(`${state.seed}:${state.version}:${seat}`));

/** Plays one hand with `levels` per seat; checks every decision on the way with `check`. */
function playHand(
  seed: string,
  levels: readonly BotLevel[],
  check?: (state: MatchState, seat: Seat) => void,
): MatchState {
  let state = newMatch(makeSettings(), seed);
  for (let i = 0; i < 2_000 && state.history.length === 0; i++) {
    let moved = false;
    for (const ask of botsToAsk(state, () => true)) {
      check?.(state, ask.seat);
      const action = decideFor(
        levels[ask.seat] as BotLevel,
        state,
        ask.seat,
        rngAt(state, ask.seat),
        budget(),
      );
      if (action === null) {
        expect(ask.owes, `seat ${ask.seat} owes a decision at version ${state.version}`).toBe(false);
        continue;
      }
      const step = apply(state, ask.seat, action);
      if (!step.ok)
        expect.fail(
          `${levels[ask.seat]} at seat ${ask.seat}: ${JSON.stringify(action)} refused (${step.error.code})`,
        );
      state = step.value.state;
      moved = true;
      break;
    }
    expect(moved, `someone moves at version ${state.version}`).toBe(true);
  }
  expect(state.history.length).toBe(1);
  return state;
}

describe('every level', () => {
  it('always returns an action the engine accepts, and finishes hands, in mixed tables', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 8 }),
        fc.array(fc.constantFrom(...BOT_LEVELS), { minLength: 4, maxLength: 4 }),
        (seed, levels) => {
          playHand(`prop-${seed}`, levels);
        },
      ),
      { numRuns: 12 },
    );
  });

  it.each(BOT_LEVELS)('%s is deterministic for a seed (hard with a playout cap)', (level) => {
    const levels = [level, 'normal', level, 'normal'] as const;
    const a = playHand('determinism', levels);
    const b = playHand('determinism', levels);
    expect(b.history).toEqual(a.history);
    expect(b.version).toBe(a.version);
  });

  it.each(BOT_LEVELS)(
    '%s decides the same whatever the hidden cards are (only its view and memory count)',
    (level) => {
      let checked = 0;
      let reshuffled = 0;
      const phases = new Set<string>();
      playHand('hidden', ['normal', 'normal', 'normal', 'normal'], (state, seat) => {
        if (checked > 60) return;
        phases.add(state.hand.phase);
        const mine = decideFor(level, state, seat, rngAt(state, seat), budget());
        const shuffledOthers = reshuffleOthers(state, seat);
        if (JSON.stringify(shuffledOthers.hand.hands) !== JSON.stringify(state.hand.hands)) reshuffled++;
        const theirs = decideFor(level, shuffledOthers, seat, rngAt(state, seat), budget());
        expect(theirs).toEqual(mine);
        checked++;
      });
      expect(checked).toBeGreaterThan(10);
      expect(reshuffled).toBeGreaterThan(10);
      expect([...phases].sort()).toEqual(['exchange', 'grandTichu', 'play']);
    },
  );
});

/**
 * The same state with every card the seat cannot see dealt differently: the other seats' hands
 * (each keeps its count) and, before all cards are dealt, the six cards still to come to every
 * seat. The cards this seat passed stay with their receivers: it knows where those are. During
 * the exchange the others' picks are hidden too, but they must be cards of the picker's hand, so
 * states where another seat has picked are left as they are.
 */
function reshuffleOthers(state: MatchState, seat: Seat): MatchState {
  const hand = state.hand;
  if (hand.phase === 'exchange' && hand.exchange.some((p, s) => s !== seat && p !== null)) return state;
  const passed = hand.exchange[seat];
  const known = new Set<Card>(passed ? [passed.next, passed.partner, passed.previous] : []);
  const others = ([0, 1, 2, 3] as Seat[]).filter((s) => s !== seat);
  const pool: Card[] = [
    ...others.flatMap((s) => hand.hands[s].filter((c) => !known.has(c))),
    ...hand.undealt.flat(),
  ];
  const rng = new Rng(seedRng(`reshuffle:${state.version}`));
  for (let i = pool.length - 1; i > 0; i--) {
    const j = rng.nextInt(i + 1);
    [pool[i], pool[j]] = [pool[j] as Card, pool[i] as Card];
  }
  let cursor = 0;
  const take = (n: number) => {
    const dealt = pool.slice(cursor, cursor + n);
    cursor += n;
    return dealt;
  };
  const hands = perSeat((s) => {
    if (s === seat) return hand.hands[s];
    const kept = hand.hands[s].filter((c) => known.has(c));
    return sortCards([...kept, ...take(hand.hands[s].length - kept.length)]);
  });
  const undealt = perSeat((s) => sortCards(take(hand.undealt[s].length)));
  expect(hands.map((h) => h.length)).toEqual(hand.hands.map((h) => h.length));
  return { ...state, hand: { ...hand, hands, undealt } };
}

describe('the six cards still to come', () => {
  it.each(BOT_LEVELS)(
    '%s judges Grand Tichu on the eight cards it sees, not on the six it will get',
    (level) => {
      const base = newMatch(makeSettings(), 'undealt');
      const eight = ['2jd', '3sw', '4pg', '6st', '7jd', '8sw', '9pg', 'Jst'] as Card[];
      const six = ['dragon', 'phoenix', 'Ajd', 'Asw', 'Apg', 'Ast'] as Card[];
      const rest = DECK.filter((c) => !eight.includes(c) && !six.includes(c));
      const hands = perSeat((s) => (s === 0 ? eight : rest.slice(8 * (s - 1), 8 * s)));
      const undealt = perSeat((s) => (s === 0 ? six : rest.slice(24 + 6 * (s - 1), 24 + 6 * s)));
      const state: MatchState = { ...base, hand: { ...base.hand, hands, undealt } };
      expect(decideFor(level, state, 0, rngAt(state, 0), budget())).toEqual({
        type: 'grandTichu',
        call: false,
      });
    },
  );
});
