/** The learned normal (issue 29): its features on fixed positions, determinism, and legality. */
import fc from 'fast-check';
import { expect, describe as group, it } from 'vitest';
import { playOptions } from '../../src/bots/choose.js';
import { shapeOf } from '../../src/bots/handShape.js';
import { candidatesOf, FEATURE_NAMES, featuresOf, MODEL_WEIGHTS } from '../../src/bots/normalModel.js';
import { playOut } from '../../src/bots/selfPlay.js';
import {
  type Action,
  buildScenario,
  legalActions,
  makeSettings,
  newMatch,
  Rng,
  seatView,
  seedRng,
} from '../../src/engine/index.js';
import { decide } from './scenarios.js';

const feature = (name: (typeof FEATURE_NAMES)[number]) => FEATURE_NAMES.indexOf(name);

group('normalModel: features', () => {
  it('has one weight per feature', () => {
    expect(MODEL_WEIGHTS.length).toBe(FEATURE_NAMES.length);
  });
  it.each([
    { name: 'pass' as const, pass: 1, play: 0 },
    { name: 'overtakes the partner' as const, pass: 0, play: 1 },
    { name: 'passes to an opponent' as const, pass: 0, play: 0 },
  ])('$name on a trick the partner leads', ({ name, pass, play }) => {
    const state = buildScenario({
      hands: { 0: '3jd 4sw 9pg Ast', 1: '5jd 6jd 7jd', 2: '8st 9st', 3: '2st 3st' },
      trick: [{ seat: 2, cards: 'Kjd' }],
      turn: 0,
    });
    const view = seatView(state, 0);
    const legal = legalActions(state, 0, { exchanges: false });
    const plays = playOptions(legal);
    const base: Action = { type: 'pass' };
    const cands = candidatesOf(view.hand, true, plays, base);
    const before = shapeOf(view.hand).cost;
    const passC = cands.find((c) => c.combo === null);
    const playC = cands.find((c) => c.combo !== null);
    expect(passC && featuresOf(view, passC, true, before)[feature(name)]).toBe(pass);
    expect(playC && featuresOf(view, playC, false, before)[feature(name)]).toBe(play);
  });
});

/** Every own-turn decision of the learned normal along random self-play hands. */
function ownTurnChecks(
  seed: string,
  check: (state: ReturnType<typeof newMatch>, seat: 0 | 1 | 2 | 3) => void,
) {
  const start = newMatch(makeSettings({}), seed);
  playOut(start, new Rng(seedRng(`${seed}/play`)), false, {
    onStep: (_seat, _action, before) => {
      const hand = before.hand;
      if (hand.phase === 'play' && !hand.pending && hand.turn !== null) check(before, hand.turn);
    },
  });
}

group('normalModel: the learned normal', () => {
  it('never chooses an illegal action (random self-play states)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (n) => {
        ownTurnChecks(`legal-${n}`, (state, seat) => {
          const action = decide('normal', state, seat);
          const legal = legalActions(state, seat, { exchanges: false });
          expect(legal.some((a) => JSON.stringify(a) === JSON.stringify(action))).toBe(true);
        });
      }),
      { numRuns: 15 },
    );
  });
  it('is deterministic given its seed', () => {
    ownTurnChecks('determinism', (state, seat) => {
      expect(decide('normal', state, seat)).toEqual(decide('normal', state, seat));
    });
  });
});
