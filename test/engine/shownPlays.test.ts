/**
 * What the public view keeps so that every accepted play can be shown: the Dog lead, which makes no
 * trick (docs/RULES.md "The Dog"), and the play that ended a hand, which the next deal replaces at
 * once (docs/RULES.md "End of a hand").
 */
import { describe, expect, it } from 'vitest';
import {
  type Action,
  apply,
  buildScenario,
  type ComboShape,
  type MatchState,
  publicView,
  type ScenarioSpec,
  type Seat,
} from '../../src/engine/index.js';

function run(state: MatchState, moves: ReadonlyArray<readonly [Seat, Action]>): MatchState {
  let current = state;
  for (const [seat, action] of moves) {
    const step = apply(current, seat, action);
    if (!step.ok) throw new Error(`seat ${seat} ${JSON.stringify(action)} refused: ${step.error.code}`);
    current = step.value.state;
  }
  return current;
}

const play = (...cards: string[]) => ({ type: 'play', cards }) as Action;
const pass: Action = { type: 'pass' };

describe('"The Dog ... Its only effect is to give the lead to the partner": the view keeps the Dog lead', () => {
  it.each<{ name: string; spec: ScenarioSpec; from: Seat; to: Seat }>([
    {
      name: 'seat 0 leads the Dog: seat 2 leads',
      spec: { hands: { 0: 'dog 5jd', 1: '6jd', 2: '7jd 9jd', 3: '8jd' }, turn: 0 },
      from: 0,
      to: 2,
    },
    {
      name: '"When the partner has no cards left, the lead moves on to the next seat past the partner"',
      spec: { hands: { 0: 'dog 5jd', 1: '6jd 9sw', 3: '8jd' }, out: [2], turn: 0 },
      from: 0,
      to: 3,
    },
  ])('$name', ({ spec, from, to }) => {
    const after = run(buildScenario(spec), [[from, play('dog')]]);
    expect(publicView(after).trick).toBeNull();
    expect(publicView(after).dogLead).toEqual({ from, to });
  });

  it('keeps it while the trick led after it is on the table, and drops it once that trick is taken', () => {
    const state = buildScenario({
      hands: { 0: 'dog 5jd', 1: '6jd 2sw', 2: '7jd 9jd', 3: '8jd 2pg' },
      turn: 0,
    });
    const led = run(state, [
      [0, play('dog')],
      [2, play('7jd')],
      [3, play('8jd')],
    ]);
    expect(publicView(led).dogLead).toEqual({ from: 0, to: 2 });
    expect(publicView(led).trick?.plays.map((p) => p.seat)).toEqual([2, 3]);
    const taken = run(led, [
      [0, pass],
      [1, pass],
      [2, pass],
    ]);
    expect(publicView(taken).lastTrick?.winner).toBe(3);
    expect(publicView(taken).dogLead).toBeNull();
  });

  it('a new hand shows no Dog lead of the last one', () => {
    const state = buildScenario({ hands: { 1: '3jd', 2: 'dog', 3: '6st' }, out: [0], turn: 2 });
    const after = run(state, [[2, play('dog')]]);
    expect(after.hand.number).toBe(2);
    expect(publicView(after).dogLead).toBeNull();
  });
});

describe('"Playing your last card takes you out of the hand": the view keeps the play that ended the hand', () => {
  it.each<{
    name: string;
    spec: ScenarioSpec;
    moves: ReadonlyArray<readonly [Seat, Action]>;
    seat: Seat;
    shape: ComboShape | null;
  }>([
    {
      name: '"When the first two to leave are partners ... the hand stops at once, even in the middle of a trick"',
      spec: {
        hands: { 1: '3jd 4jd', 2: 'Ajd', 3: '9st 9sw' },
        out: [0],
        trick: [{ seat: 1, cards: 'Kjd' }],
        turn: 2,
      },
      moves: [[2, play('Ajd')]],
      seat: 2,
      shape: { type: 'single', rank: 28, ranks: [14] },
    },
    {
      name: '"Otherwise the hand ends when a third player goes out. That player takes the trick in progress"',
      spec: {
        hands: { 2: 'Kjd', 3: 'Ajd 5sw' },
        out: [0, 1],
        trick: [{ seat: 3, cards: '10jd' }],
        restTo: 0,
        turn: 2,
      },
      moves: [[2, play('Kjd')]],
      seat: 2,
      shape: { type: 'single', rank: 26, ranks: [13] },
    },
    {
      name: 'the third player out with the Dog (ruling 18: "also when they go out with the Dog")',
      spec: { hands: { 2: 'dog', 3: 'Ajd 5sw' }, out: [0, 1], turn: 2, restTo: 1 },
      moves: [[2, play('dog')]],
      seat: 2,
      shape: null,
    },
    {
      name: '"The exception is a Dragon trick: it is still given to an opponent": the Dragon ended the hand',
      spec: {
        hands: { 2: 'dragon', 3: 'Ajd 5sw' },
        out: [0, 1],
        trick: [{ seat: 3, cards: '10jd' }],
        restTo: 0,
        turn: 2,
      },
      moves: [
        [2, play('dragon')],
        [2, { type: 'giveDragon', to: 3 }],
      ],
      seat: 2,
      shape: { type: 'single', rank: 30, ranks: [15] },
    },
  ])('$name', ({ spec, moves, seat, shape }) => {
    const before = buildScenario(spec);
    expect(publicView(before).lastEnding).toBeNull();
    const after = run(before, moves);
    expect(after.hand.number).toBe(2);
    expect(after.hand.phase).toBe('grandTichu');
    const ending = publicView(after).lastEnding;
    expect(ending?.number).toBe(1);
    expect(ending?.seat).toBe(seat);
    expect(ending?.combo).toEqual(shape);
    // Kept by its shape only: no card of the new hands (the played ones among them) is named.
    const json = JSON.stringify(publicView(after));
    for (const card of [...after.hand.hands.flat(), ...after.hand.undealt.flat()])
      expect(json.includes(`"${card}"`), card).toBe(false);
  });

  it('keeps it when that play ends the match (no next deal follows)', () => {
    const spec: ScenarioSpec = {
      hands: { 1: '3jd 4jd', 2: 'Ajd', 3: '9st 9sw' },
      out: [0],
      trick: [{ seat: 1, cards: 'Kjd' }],
      turn: 2,
      scores: [900, 0],
    };
    // A double victory adds 200: 1100 reaches the target of 1000, and the match is over.
    const after = run(buildScenario(spec), [[2, play('Ajd')]]);
    expect(after.status).toBe('finished');
    expect(publicView(after).lastEnding).toEqual({
      number: 1,
      seat: 2,
      combo: { type: 'single', rank: 28, ranks: [14] },
    });
  });
});
