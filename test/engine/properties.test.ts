/**
 * Property tests over thousands of random hands: conservation, 100 points, termination, legal
 * actions always exist and apply, illegal ones are refused without change, replay, secrecy.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextMove, playOut } from '../../src/bots/selfPlay.js';
import {
  type Action,
  apply,
  type Card,
  DECK,
  type GameEvent,
  type LoggedAction,
  legalActions,
  legalCombos,
  type MatchState,
  makeSettings,
  newMatch,
  Rng,
  replay,
  SEATS,
  type Seat,
  seedRng,
} from '../../src/engine/index.js';
import { conservationProblem, leakProblem } from '../support/invariants.js';

const seedArb = fc.string({ minLength: 1, maxLength: 12 });

function playRecorded(seed: string, untilMatchEnd: boolean, check?: (s: MatchState) => void) {
  const settings = makeSettings({ targetScore: untilMatchEnd ? 300 : 1000 });
  const log: LoggedAction[] = [];
  const events: GameEvent[] = [];
  const final = playOut(newMatch(settings, seed), new Rng(seedRng(`bots:${seed}`)), untilMatchEnd, {
    callChance: 0.1,
    bombChance: 0.3,
    maxSteps: 20_000,
    onStep: (seat, action, _before, after, stepEvents) => {
      log.push({ seat, action });
      events.push(...stepEvents);
      check?.(after);
    },
  });
  return { settings, final, log, events };
}

describe('random complete hands', () => {
  it('conserve 56 cards, score 100 card points (except double victory), end, and replay exactly', () => {
    fc.assert(
      fc.property(seedArb, (seed) => {
        const { settings, final, log, events } = playRecorded(seed, false, (state) => {
          const problem = conservationProblem(state);
          if (problem) throw new Error(problem);
        });
        const ended = events.find((e) => e.type === 'handEnded');
        expect(ended).toBeDefined();
        if (ended?.type !== 'handEnded') return;
        const { cardPoints, doubleVictory } = ended.result;
        if (doubleVictory === null) expect(cardPoints[0] + cardPoints[1]).toBe(100);
        else expect([cardPoints[doubleVictory], cardPoints[1 - doubleVictory]]).toEqual([200, 0]);
        const replayed = replay(settings, seed, log);
        expect(replayed.ok && replayed.value).toEqual(final);
      }),
      { numRuns: 2000 },
    );
  });

  it('some seat always has a legal action, and no view shows another seat its cards', () => {
    fc.assert(
      fc.property(seedArb, (seed) => {
        playRecorded(seed, false, (state) => {
          if (state.hand.number !== 1) return;
          const leak = leakProblem(state);
          if (leak) throw new Error(leak);
          const someone = SEATS.some((seat) => legalActions(state, seat).length > 0);
          if (!someone) throw new Error(`no legal action at version ${state.version}`);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('complete matches end with a winner who reached the target and never a tie', () => {
    fc.assert(
      fc.property(seedArb, (seed) => {
        const { settings, final, log } = playRecorded(seed, true);
        expect(final.status).toBe('finished');
        const w = final.winner as 0 | 1;
        expect(final.scores[w]).toBeGreaterThanOrEqual(settings.targetScore);
        expect(final.scores[w]).toBeGreaterThan(final.scores[1 - w] as number);
        const sum = final.history.reduce<[number, number]>(
          (acc, h) => [acc[0] + h.total[0], acc[1] + h.total[1]],
          [0, 0],
        );
        expect(sum).toEqual(final.scores);
        const replayed = replay(settings, seed, log);
        expect(replayed.ok && replayed.value).toEqual(final);
      }),
      { numRuns: 25 },
    );
  });
});

/** A random action of any kind, mostly nonsense: the engine must judge it, not crash on it. */
function randomAction(rng: Rng, hand: readonly Card[]): Action {
  // Half the time from the seat's own hand, so that plays get past "not in hand" to the rules.
  const pool = hand.length > 0 && rng.nextInt(2) === 0 ? hand : DECK;
  const card = () => pool[rng.nextInt(pool.length)] as Card;
  switch (rng.nextInt(7)) {
    case 0:
      return { type: 'grandTichu', call: rng.nextInt(2) === 0 };
    case 1:
      return { type: 'tichu' };
    case 2:
      return { type: 'exchange', next: card(), partner: card(), previous: card() };
    case 3: {
      const cards = [...new Set(Array.from({ length: 1 + rng.nextInt(6) }, card))];
      return rng.nextInt(3) === 0
        ? { type: 'play', cards, phoenixAs: (2 + rng.nextInt(13)) as 2 }
        : { type: 'play', cards };
    }
    case 4:
      return { type: 'pass' };
    case 5:
      return { type: 'wish', rank: rng.nextInt(4) === 0 ? null : ((2 + rng.nextInt(13)) as 2) };
    default:
      return { type: 'giveDragon', to: rng.nextInt(4) as Seat };
  }
}

function sameAction(a: Action, b: Action): boolean {
  if (a.type === 'play' && b.type === 'play') {
    return (
      a.cards.length === b.cards.length &&
      a.cards.every((c) => b.cards.includes(c)) &&
      a.phoenixAs === b.phoenixAs
    );
  }
  return JSON.stringify(a) === JSON.stringify(b);
}

describe('legal actions and apply agree', () => {
  it('every legal action applies; anything else is refused with a reason and changes nothing', () => {
    fc.assert(
      fc.property(seedArb, (seed) => {
        const rng = new Rng(seedRng(`probe:${seed}`));
        let state = newMatch(makeSettings(), seed);
        for (let step = 0; step < 400 && state.hand.number === 1; step++) {
          const seat = rng.nextInt(4) as Seat;
          const legal = legalActions(state, seat, { exchanges: false });
          for (const action of legal)
            expect(apply(state, seat, action).ok, JSON.stringify(action)).toBe(true);
          const frozen = structuredClone(state);
          for (let i = 0; i < 8; i++) {
            const action = randomAction(rng, state.hand.hands[seat]);
            const result = apply(state, seat, action);
            if (result.ok) {
              const played = result.value.events.find((e) => e.type === 'played');
              const listed =
                action.type === 'exchange' ||
                legal.some((l) => sameAction(l, action)) ||
                (played?.type === 'played' &&
                  legalCombos(state, seat).some((c) =>
                    sameAction(
                      { type: 'play', cards: c.cards, phoenixAs: c.phoenixAs } as Action,
                      {
                        type: 'play',
                        cards: played.combo.cards,
                        phoenixAs: played.combo.phoenixAs,
                      } as Action,
                    ),
                  ));
              expect(listed, `accepted but not legal: ${JSON.stringify(action)}`).toBe(true);
            } else {
              expect(typeof result.error.code).toBe('string');
            }
          }
          expect(state).toEqual(frozen);
          const move = nextMove(state, rng, { bombChance: 0.3 });
          if (!move) break;
          const moved = apply(state, move.seat, move.action);
          if (!moved.ok) throw new Error(`bot move refused: ${moved.error.code}`);
          state = moved.value.state;
        }
      }),
      { numRuns: 150 },
    );
  });
});
