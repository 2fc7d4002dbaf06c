/**
 * docs/RULES.md "Trick flow", with the special cards that steer it ("Dog", "Dragon", "Phoenix as a
 * single"): who may act, what beats what, when a trick ends and who leads next.
 */
import { describe, expect, it } from 'vitest';
import {
  type Action,
  apply,
  buildScenario,
  type Card,
  type GameEvent,
  legalActions,
  type MatchState,
  parseCards,
  type Rank,
  type RuleError,
  type ScenarioSpec,
  type Seat,
  sortCards,
} from '../../src/engine/index.js';

function cards(text: string): Card[] {
  const parsed = parseCards(text);
  if (!parsed.ok) throw new Error(parsed.error.reason);
  return parsed.value;
}

function play(text: string, phoenixAs?: Rank): Action {
  return phoenixAs === undefined
    ? { type: 'play', cards: cards(text) }
    : { type: 'play', cards: cards(text), phoenixAs };
}

const PASS: Action = { type: 'pass' };
const giveDragon = (to: Seat): Action => ({ type: 'giveDragon', to });

type Move = readonly [Seat, Action];

interface Run {
  readonly state: MatchState;
  readonly events: GameEvent[];
}

/** Applies the moves in order; every one must be accepted. Collects all events. */
function run(state: MatchState, moves: readonly Move[]): Run {
  let current = state;
  const events: GameEvent[] = [];
  for (const [seat, action] of moves) {
    const result = apply(current, seat, action);
    if (!result.ok) {
      throw new Error(`seat ${seat} ${JSON.stringify(action)} refused: ${JSON.stringify(result.error)}`);
    }
    current = result.value.state;
    events.push(...result.value.events);
  }
  return { state: current, events };
}

function refusal(state: MatchState, seat: Seat, action: Action): RuleError {
  const result = apply(state, seat, action);
  if (result.ok) throw new Error(`seat ${seat} ${JSON.stringify(action)} was accepted`);
  return result.error;
}

function expectSameCards(actual: readonly Card[], expected: string): void {
  expect(sortCards(actual)).toEqual(sortCards(cards(expected)));
}

/** Every action legalActions lists for the seat is accepted by apply. */
function expectLegalActionsApply(state: MatchState, seat: Seat): Action[] {
  const actions = legalActions(state, seat);
  for (const action of actions) {
    const result = apply(state, seat, action);
    expect(result.ok, `seat ${seat} ${JSON.stringify(action)}: ${JSON.stringify(result)}`).toBe(true);
  }
  return actions;
}

const BOMB_9 = '9jd 9sw 9pg 9st';

describe('Trick flow', () => {
  describe('"The leader may not pass."', () => {
    it.each<{ name: string; spec: ScenarioSpec; seat: Seat }>([
      {
        name: 'seat 0 to lead the first trick',
        spec: { hands: { 0: 'mahjong 5jd', 1: '6jd', 2: '7jd', 3: '8jd' }, turn: 0 },
        seat: 0,
      },
      {
        name: 'seat 2 to lead after taking a trick',
        spec: { hands: { 0: '5jd', 1: '6jd', 2: '7jd Kjd', 3: '8jd' }, turn: 2, won: { 2: 'Ajd' } },
        seat: 2,
      },
    ])('$name: pass is refused cannot_pass_lead and not listed', ({ spec, seat }) => {
      const state = buildScenario(spec);
      expect(refusal(state, seat, PASS)).toEqual({ code: 'cannot_pass_lead' });
      const actions = expectLegalActionsApply(state, seat);
      expect(actions).not.toContainEqual(PASS);
      expect(actions.some((a) => a.type === 'play')).toBe(true);
    });

    it('after the Dog the partner leads and may not pass either', () => {
      const state = buildScenario({ hands: { 0: 'dog 5jd', 1: '6jd', 2: '7jd', 3: '8jd' }, turn: 0 });
      const { state: after } = run(state, [[0, play('dog')]]);
      expect(after.hand.turn).toBe(2);
      expect(refusal(after, 2, PASS)).toEqual({ code: 'cannot_pass_lead' });
    });
  });

  describe('"Others in turn play a higher combo of the same type and length, or pass." "equal is not higher"', () => {
    it.each<{ name: string; table: string; hand: string; cards: string; beats: boolean }>([
      { name: 'a lower single', table: '10sw', hand: '9jd 10jd Jjd', cards: '9jd', beats: false },
      { name: 'an equal single', table: '10sw', hand: '9jd 10jd Jjd', cards: '10jd', beats: false },
      { name: 'a higher single', table: '10sw', hand: '9jd 10jd Jjd', cards: 'Jjd', beats: true },
      { name: 'a pair on a single', table: '10sw', hand: 'Jjd Jsw', cards: 'Jjd Jsw', beats: false },
      { name: 'a lower pair', table: '10sw 10pg', hand: '9jd 9sw Jjd Jsw', cards: '9jd 9sw', beats: false },
      { name: 'an equal pair', table: '10sw 10pg', hand: '10jd 10st', cards: '10jd 10st', beats: false },
      { name: 'a higher pair', table: '10sw 10pg', hand: '9jd 9sw Jjd Jsw', cards: 'Jjd Jsw', beats: true },
      {
        name: 'a triple on a pair',
        table: '10sw 10pg',
        hand: 'Jjd Jsw Jpg',
        cards: 'Jjd Jsw Jpg',
        beats: false,
      },
      {
        name: 'a longer straight on a 5-card straight',
        table: '2jd 3sw 4jd 5jd 6jd',
        hand: '3jd 4sw 5sw 6sw 7sw 8pg',
        cards: '3jd 4sw 5sw 6sw 7sw 8pg',
        beats: false,
      },
      {
        name: 'a higher straight of the same length',
        table: '2jd 3sw 4jd 5jd 6jd',
        hand: '3jd 4sw 5sw 6sw 7sw 8pg',
        cards: '3jd 4sw 5sw 6sw 7sw',
        beats: true,
      },
      {
        name: 'an equal straight (same top card)',
        table: '2jd 3sw 4jd 5jd 6jd',
        hand: '2sw 3pg 4pg 5pg 6sw',
        cards: '2sw 3pg 4pg 5pg 6sw',
        beats: false,
      },
      {
        name: 'a full house with a lower triple (ranked by the triple)',
        table: '4jd 4sw 4pg 2jd 2sw',
        hand: '3jd 3sw 3pg Ajd Asw',
        cards: '3jd 3sw 3pg Ajd Asw',
        beats: false,
      },
      {
        name: 'a full house with a higher triple',
        table: '4jd 4sw 4pg Ajd Asw',
        hand: '5jd 5sw 5pg 3jd 3sw',
        cards: '5jd 5sw 5pg 3jd 3sw',
        beats: true,
      },
      {
        name: 'a longer pair sequence',
        table: '3jd 3sw 4jd 4sw',
        hand: '5jd 5sw 6jd 6sw 7jd 7sw',
        cards: '5jd 5sw 6jd 6sw 7jd 7sw',
        beats: false,
      },
      {
        name: 'a higher pair sequence of the same length',
        table: '3jd 3sw 4jd 4sw',
        hand: '5jd 5sw 6jd 6sw 7jd 7sw',
        cards: '5jd 5sw 6jd 6sw',
        beats: true,
      },
    ])('$name: beats = $beats', ({ table, hand, cards: played, beats }) => {
      const state = buildScenario({
        hands: { 0: 'Kst', 1: hand, 2: 'Qst', 3: 'Kpg' },
        trick: [{ seat: 0, cards: table }],
        turn: 1,
      });
      const result = apply(state, 1, play(played));
      if (!beats) {
        expect(result.ok).toBe(false);
        if (!result.ok) expect(result.error.code).toBe('does_not_beat');
        const listed = legalActions(state, 1).filter((a) => a.type === 'play');
        expect(listed.map((a) => sortCards(a.type === 'play' ? a.cards : []))).not.toContainEqual(
          sortCards(cards(played)),
        );
        return;
      }
      if (!result.ok) throw new Error(JSON.stringify(result.error));
      const after = result.value.state.hand;
      expect(after.turn).toBe(2);
      expect(after.trick?.plays.map((p) => p.seat)).toEqual([0, 1]);
      expectSameCards(after.trick?.plays[1]?.combo.cards ?? [], played);
      expect(after.trick?.passed).toEqual([]);
    });
  });

  it('"Passing does not stop a player from playing later in the same trick."', () => {
    const state = buildScenario({
      hands: { 0: '5jd 2sw', 1: '3jd 10jd', 2: '8jd 2pg', 3: '4st 2st' },
      trick: [],
      turn: 0,
    });
    const { state: after } = run(state, [
      [0, play('5jd')],
      [1, PASS],
      [2, play('8jd')],
      [3, PASS],
      [0, PASS],
      [1, play('10jd')],
    ]);
    expect(after.hand.trick?.plays.map((p) => [p.seat, p.combo.cards])).toEqual([
      [0, ['5jd']],
      [2, ['8jd']],
      [1, ['10jd']],
    ]);
    expect(after.hand.trick?.passed).toEqual([]);
    expect(after.hand.turn).toBe(2);
  });

  describe('"When every other player still holding cards has passed since the last play, the last player takes the trick and leads next. If that player is out, the lead goes to the next seat with cards."', () => {
    it.each<{
      name: string;
      spec: ScenarioSpec;
      passes: readonly Seat[];
      winner: Seat;
      trickCards: string;
      points: number;
      leader: Seat;
    }>([
      {
        name: 'all three others pass: the leader takes it and leads',
        spec: {
          hands: { 0: '5jd', 1: '3jd', 2: '6jd', 3: '2sw' },
          trick: [{ seat: 0, cards: 'Kjd' }],
          turn: 1,
        },
        passes: [1, 2, 3],
        winner: 0,
        trickCards: 'Kjd',
        points: 10,
        leader: 0,
      },
      {
        name: 'the last player is not the leader',
        spec: {
          hands: { 0: '5jd', 1: '3jd', 2: '6jd', 3: '2sw' },
          trick: [
            { seat: 0, cards: '5sw' },
            { seat: 2, cards: 'Ksw' },
          ],
          passed: [3],
          turn: 0,
        },
        passes: [0, 1],
        winner: 2,
        trickCards: '5sw Ksw',
        points: 15,
        leader: 2,
      },
      {
        name: 'a player who is out is skipped (seat 2 out: two passes end it)',
        spec: {
          hands: { 0: '5jd', 1: '3jd', 3: '2sw' },
          out: [2],
          trick: [{ seat: 0, cards: 'Kjd' }],
          turn: 1,
        },
        passes: [1, 3],
        winner: 0,
        trickCards: 'Kjd',
        points: 10,
        leader: 0,
      },
      {
        name: 'two players left: one pass ends it',
        spec: {
          hands: { 0: '5jd', 1: '3jd' },
          out: [2, 3],
          trick: [{ seat: 0, cards: 'Kjd' }],
          turn: 1,
        },
        passes: [1],
        winner: 0,
        trickCards: 'Kjd',
        points: 10,
        leader: 0,
      },
      {
        name: 'the winner went out with the play: the lead goes to the next seat with cards',
        spec: {
          hands: { 1: '3jd', 2: '6jd', 3: '2sw' },
          out: [0],
          trick: [{ seat: 0, cards: 'Kjd' }],
          turn: 1,
        },
        passes: [1, 2, 3],
        winner: 0,
        trickCards: 'Kjd',
        points: 10,
        leader: 1,
      },
      {
        name: 'the winner is out and so is the next seat: the lead skips to seat 2',
        spec: {
          hands: { 2: '6jd', 3: '2sw' },
          out: [1, 0],
          trick: [{ seat: 0, cards: 'Kjd' }],
          turn: 2,
        },
        passes: [2, 3],
        winner: 0,
        trickCards: 'Kjd',
        points: 10,
        leader: 2,
      },
    ])('$name', ({ spec, passes, winner, trickCards, points, leader }) => {
      const state = buildScenario(spec);
      const before = run(
        state,
        passes.slice(0, -1).map((seat): Move => [seat, PASS]),
      );
      expect(before.state.hand.trick).not.toBeNull();
      expect(before.events.some((e) => e.type === 'trickWon')).toBe(false);
      const last = passes[passes.length - 1] as Seat;
      const { state: after, events } = run(before.state, [[last, PASS]]);
      expect(after.hand.trick).toBeNull();
      expect(after.hand.turn).toBe(leader);
      expect(after.hand.pending).toBeNull();
      expectSameCards(after.hand.won[winner], trickCards);
      const won = events.find((e) => e.type === 'trickWon');
      expect(won?.type === 'trickWon' && won.trick.winner).toBe(winner);
      expect(won?.type === 'trickWon' && won.trick.takenBy).toBe(winner);
      expect(won?.type === 'trickWon' && won.trick.points).toBe(points);
      expect(after.hand.lastTrick?.winner).toBe(winner);
    });

    it('the turn skips a seat that is out while the trick goes on', () => {
      const state = buildScenario({
        hands: { 0: '5jd', 1: '3jd', 3: '2sw' },
        out: [2],
        trick: [{ seat: 0, cards: 'Kjd' }],
        turn: 1,
      });
      const { state: after } = run(state, [[1, PASS]]);
      expect(after.hand.turn).toBe(3);
      expect(after.hand.trick?.passed).toEqual([1]);
    });
  });

  describe('Not your turn: only a bomb may be played out of turn', () => {
    const state = buildScenario({
      hands: { 0: '5jd', 1: '3jd 4jd', 2: 'Ajd Asw 6pg', 3: '2sw Kst' },
      out: [],
      trick: [{ seat: 0, cards: '4st' }],
      turn: 1,
    });
    it.each<{ name: string; seat: Seat; action: Action; error: RuleError }>([
      {
        name: 'a higher single',
        seat: 2,
        action: play('Ajd'),
        error: { code: 'only_bombs_out_of_turn', turn: 1 },
      },
      {
        name: 'the player who made the last play',
        seat: 0,
        action: play('5jd'),
        error: { code: 'only_bombs_out_of_turn', turn: 1 },
      },
      { name: 'a pass', seat: 3, action: PASS, error: { code: 'not_your_turn', turn: 1 } },
    ])('$name out of turn is refused', ({ seat, action, error }) => {
      expect(refusal(state, seat, action)).toEqual(error);
      expect(legalActions(state, seat).filter((a) => a.type !== 'tichu')).toEqual([]);
    });

    it('a single on an empty table out of turn is refused only_bombs_out_of_turn', () => {
      const empty = buildScenario({ hands: { 0: '5jd', 1: '3jd', 2: 'Ajd', 3: '2sw' }, turn: 0 });
      expect(refusal(empty, 2, play('Ajd'))).toEqual({ code: 'only_bombs_out_of_turn', turn: 0 });
    });

    it('a player who is out cannot act', () => {
      const out = buildScenario({
        hands: { 0: '5jd', 1: '3jd', 3: '2sw' },
        out: [2],
        trick: [{ seat: 0, cards: '4st' }],
        turn: 1,
      });
      expect(refusal(out, 2, PASS)).toEqual({ code: 'player_out' });
    });
  });

  describe('"Bombs out of turn: anyone holding a bomb may play it at any moment while a combo lies on the table ... even on their own play. Play then continues with the seat after the bomber."', () => {
    it.each<{ name: string; spec: ScenarioSpec; bomber: Seat; bomb: string; outOfTurn: boolean; next: Seat }>(
      [
        {
          name: 'out of turn on another player’s lead',
          spec: {
            hands: { 0: '2jd', 1: '3jd', 2: `${BOMB_9} 4pg`, 3: '2sw' },
            trick: [{ seat: 0, cards: '5jd' }],
            turn: 1,
          },
          bomber: 2,
          bomb: BOMB_9,
          outOfTurn: true,
          next: 3,
        },
        {
          name: 'on the bomber’s own play',
          spec: {
            hands: { 0: `${BOMB_9} 4pg`, 1: '3jd', 2: '2jd', 3: '2sw' },
            trick: [{ seat: 0, cards: '5jd' }],
            turn: 1,
          },
          bomber: 0,
          bomb: BOMB_9,
          outOfTurn: true,
          next: 1,
        },
        {
          name: 'by a player who already passed in this trick',
          spec: {
            hands: { 0: '2jd', 1: `${BOMB_9} 4pg`, 2: '3jd', 3: '2sw' },
            trick: [{ seat: 0, cards: '5jd' }],
            passed: [1],
            turn: 2,
          },
          bomber: 1,
          bomb: BOMB_9,
          outOfTurn: true,
          next: 2,
        },
        {
          name: 'a straight flush on the Dragon, out of turn',
          spec: {
            hands: { 0: '2jd', 1: '3jd', 2: '4jd', 3: '2pg 3pg 4pg 5pg 6pg Kst' },
            trick: [{ seat: 0, cards: 'dragon' }],
            turn: 1,
          },
          bomber: 3,
          bomb: '2pg 3pg 4pg 5pg 6pg',
          outOfTurn: true,
          next: 0,
        },
        {
          name: 'in turn, on a pair of Aces',
          spec: {
            hands: { 0: '2jd', 1: `${BOMB_9} 4pg`, 2: '3jd', 3: '2sw' },
            trick: [{ seat: 0, cards: 'Ajd Asw' }],
            turn: 1,
          },
          bomber: 1,
          bomb: BOMB_9,
          outOfTurn: false,
          next: 2,
        },
        {
          name: 'the bomber goes out with it: play continues with the next seat holding cards',
          spec: {
            hands: { 0: '2jd', 1: '3jd', 2: BOMB_9, 3: '2sw' },
            trick: [{ seat: 0, cards: '5jd' }],
            turn: 1,
          },
          bomber: 2,
          bomb: BOMB_9,
          outOfTurn: true,
          next: 3,
        },
      ],
    )('$name', ({ spec, bomber, bomb, outOfTurn, next }) => {
      const state = buildScenario(spec);
      const listed = expectLegalActionsApply(state, bomber);
      expect(listed.map((a) => (a.type === 'play' ? sortCards(a.cards) : []))).toContainEqual(
        sortCards(cards(bomb)),
      );
      const { state: after, events } = run(state, [[bomber, play(bomb)]]);
      const played = events.find((e) => e.type === 'played');
      expect(played?.type === 'played' && played.seat).toBe(bomber);
      expect(played?.type === 'played' && played.outOfTurn).toBe(outOfTurn);
      expect(played?.type === 'played' && ['fourOfAKind', 'straightFlush'].includes(played.combo.type)).toBe(
        true,
      );
      expect(after.hand.turn).toBe(next);
      expect(after.hand.trick?.plays.at(-1)?.seat).toBe(bomber);
      expect(after.hand.trick?.passed).toEqual([]);
    });

    it.each<{ name: string; spec: ScenarioSpec; moves: readonly Move[]; bomber: Seat }>([
      {
        name: '"not on an empty table out of turn": before the lead',
        spec: { hands: { 0: '2jd', 1: '3jd', 2: `${BOMB_9} 4pg`, 3: '2sw' }, turn: 0 },
        moves: [],
        bomber: 2,
      },
      {
        name: '"not on the Dog": after the Dog the table is empty',
        spec: { hands: { 0: 'dog 2jd', 1: `${BOMB_9} 4pg`, 2: '3jd', 3: '2sw' }, turn: 0 },
        moves: [[0, play('dog')]],
        bomber: 1,
      },
      {
        name: 'after a trick was collected',
        spec: {
          hands: { 0: '2jd', 1: '3jd', 2: `${BOMB_9} 4pg`, 3: '2sw' },
          trick: [{ seat: 0, cards: '5jd' }],
          passed: [1, 2],
          turn: 3,
        },
        moves: [[3, PASS]],
        bomber: 2,
      },
    ])('$name: bomb_needs_trick', ({ spec, moves, bomber }) => {
      const { state } = run(buildScenario(spec), moves);
      expect(state.hand.trick).toBeNull();
      expect(refusal(state, bomber, play(BOMB_9))).toEqual({ code: 'bomb_needs_trick' });
      expect(legalActions(state, bomber).filter((a) => a.type === 'play')).toEqual([]);
    });

    it('the player to lead may lead a bomb', () => {
      const state = buildScenario({ hands: { 0: '2jd', 1: '3jd', 2: `${BOMB_9} 4pg`, 3: '2sw' }, turn: 2 });
      const { state: after } = run(state, [[2, play(BOMB_9)]]);
      expect(after.hand.trick?.plays[0]?.combo.type).toBe('fourOfAKind');
      expect(after.hand.turn).toBe(3);
    });
  });

  describe('"A bomb can only be beaten by a higher bomb." "Four of a kind < any straight flush; straight flushes compare by length first, then top card."', () => {
    it.each<{ name: string; table: string; cards: string; beats: boolean }>([
      { name: 'four 9s on four Js', table: 'Jjd Jsw Jpg Jst', cards: BOMB_9, beats: false },
      { name: 'four Ks on four Js', table: 'Jjd Jsw Jpg Jst', cards: 'Kjd Ksw Kpg Kst', beats: true },
      {
        name: 'a straight flush on four Aces',
        table: 'Ajd Asw Apg Ast',
        cards: '2pg 3pg 4pg 5pg 6pg',
        beats: true,
      },
      {
        name: 'four Aces on a straight flush',
        table: '2pg 3pg 4pg 5pg 6pg',
        cards: 'Ajd Asw Apg Ast',
        beats: false,
      },
      {
        name: 'a lower straight flush of the same length',
        table: '6sw 7sw 8sw 9sw 10sw',
        cards: '5pg 6pg 7pg 8pg 9pg',
        beats: false,
      },
      {
        name: 'an equal straight flush',
        table: '6sw 7sw 8sw 9sw 10sw',
        cards: '6pg 7pg 8pg 9pg 10pg',
        beats: false,
      },
      {
        name: 'a higher straight flush of the same length',
        table: '6sw 7sw 8sw 9sw 10sw',
        cards: '7pg 8pg 9pg 10pg Jpg',
        beats: true,
      },
      {
        name: 'a longer straight flush with a lower top',
        table: '9sw 10sw Jsw Qsw Ksw',
        cards: '2pg 3pg 4pg 5pg 6pg 7pg',
        beats: true,
      },
      { name: 'a pair of Aces on four 9s', table: BOMB_9, cards: 'Ajd Asw', beats: false },
      { name: 'the Dragon on four 9s', table: BOMB_9, cards: 'dragon', beats: false },
      { name: 'the Phoenix on four 9s', table: BOMB_9, cards: 'phoenix', beats: false },
    ])('$name: beats = $beats', ({ table, cards: played, beats }) => {
      const state = buildScenario({
        hands: { 0: '2st', 1: `${played} 3st`, 2: '4st', 3: '5st' },
        trick: [{ seat: 0, cards: table }],
        turn: 1,
      });
      const result = apply(state, 1, play(played));
      expect(result.ok).toBe(beats);
      if (!result.ok) expect(result.error.code).toBe('does_not_beat');
      const listed = expectLegalActionsApply(state, 1);
      const listedCards = listed.map((a) => (a.type === 'play' ? sortCards(a.cards) : []));
      if (beats) expect(listedCards).toContainEqual(sortCards(cards(played)));
      else expect(listedCards).not.toContainEqual(sortCards(cards(played)));
    });
  });

  describe('"A bomb that stands wins the trick; the bomber leads next."', () => {
    it.each<{ name: string; spec: ScenarioSpec; moves: readonly Move[]; bomber: Seat; trickCards: string }>([
      {
        name: 'a bomb out of turn on a single, then three passes',
        spec: {
          hands: { 0: '2jd', 1: '3jd', 2: `${BOMB_9} 4pg`, 3: '2sw' },
          trick: [{ seat: 0, cards: '5jd' }],
          turn: 1,
        },
        moves: [
          [2, play(BOMB_9)],
          [3, PASS],
          [0, PASS],
          [1, PASS],
        ],
        bomber: 2,
        trickCards: `5jd ${BOMB_9}`,
      },
      {
        name: 'a bomb beaten by a higher bomb: the higher bomber leads',
        spec: {
          hands: { 0: '2jd', 1: 'Kjd Ksw Kpg Kst 3jd', 2: `${BOMB_9} 4pg`, 3: '2sw' },
          trick: [{ seat: 0, cards: '5jd' }],
          turn: 1,
        },
        moves: [
          [2, play(BOMB_9)],
          [1, play('Kjd Ksw Kpg Kst')],
          [2, PASS],
          [3, PASS],
          [0, PASS],
        ],
        bomber: 1,
        trickCards: `5jd ${BOMB_9} Kjd Ksw Kpg Kst`,
      },
    ])('$name', ({ spec, moves, bomber, trickCards }) => {
      const { state, events } = run(buildScenario(spec), moves);
      expect(state.hand.trick).toBeNull();
      expect(state.hand.turn).toBe(bomber);
      expect(state.hand.pending).toBeNull();
      expectSameCards(state.hand.won[bomber], trickCards);
      const won = events.find((e) => e.type === 'trickWon');
      expect(won?.type === 'trickWon' && [won.trick.winner, won.trick.takenBy]).toEqual([bomber, bomber]);
    });
  });

  describe('"Dog: only as a lead, alone. ... The lead passes to the player’s partner; if the partner is out, to the next seat after the partner that still has cards (possibly the Dog’s player)."', () => {
    it.each<{ name: string; spec: ScenarioSpec; dogSeat: Seat; to: Seat }>([
      {
        name: 'seat 0 leads the Dog: seat 2 leads',
        spec: { hands: { 0: 'dog 5jd', 1: '6jd', 2: '7jd', 3: '8jd' }, turn: 0 },
        dogSeat: 0,
        to: 2,
      },
      {
        name: 'seat 3 leads the Dog: seat 1 leads',
        spec: { hands: { 0: '5jd', 1: '6jd', 2: '7jd', 3: 'dog 8jd' }, turn: 3 },
        dogSeat: 3,
        to: 1,
      },
      {
        name: 'the partner is out: the next seat after the partner',
        spec: { hands: { 0: 'dog 5jd', 1: '6jd', 3: '8jd' }, out: [2], turn: 0 },
        dogSeat: 0,
        to: 3,
      },
      {
        name: 'the partner and the seat after are out: back to the Dog’s player',
        spec: { hands: { 0: 'dog 5jd', 1: '6jd' }, out: [2, 3], turn: 0 },
        dogSeat: 0,
        to: 0,
      },
      {
        name: 'the Dog is the player’s last card: the partner still leads',
        spec: { hands: { 0: 'dog', 1: '6jd', 2: '7jd', 3: '8jd' }, turn: 0 },
        dogSeat: 0,
        to: 2,
      },
    ])('$name', ({ spec, dogSeat, to }) => {
      const state = buildScenario(spec);
      const { state: after, events } = run(state, [[dogSeat, play('dog')]]);
      expect(after.hand.turn).toBe(to);
      expect(after.hand.trick).toBeNull();
      expect(after.hand.pending).toBeNull();
      expect(after.hand.hands[dogSeat]).not.toContain('dog');
      expect(events).toContainEqual({ type: 'leadPassedByDog', from: dogSeat, to });
      expect(refusal(after, to, PASS)).toEqual({ code: 'cannot_pass_lead' });
      expectLegalActionsApply(after, to);
    });

    it.each<{ name: string; spec: ScenarioSpec; seat: Seat; cards: string; code: RuleError['code'] }>([
      {
        name: 'the Dog following a single',
        spec: {
          hands: { 0: '5jd', 1: 'dog 6jd', 2: '7jd', 3: '8jd' },
          trick: [{ seat: 0, cards: '2jd' }],
          turn: 1,
        },
        seat: 1,
        cards: 'dog',
        code: 'dog_only_on_lead',
      },
      {
        name: 'the Dog following the Mah Jong',
        spec: {
          hands: { 0: '5jd', 1: 'dog 6jd', 2: '7jd', 3: '8jd' },
          trick: [{ seat: 0, cards: 'mahjong' }],
          turn: 1,
        },
        seat: 1,
        cards: 'dog',
        code: 'dog_only_on_lead',
      },
      {
        name: 'the Dog with another card',
        spec: { hands: { 0: 'dog 5jd', 1: '6jd', 2: '7jd', 3: '8jd' }, turn: 0 },
        seat: 0,
        cards: 'dog 5jd',
        code: 'not_a_combo',
      },
      {
        name: 'the Dog out of turn on an empty table',
        spec: { hands: { 0: '5jd', 1: 'dog 6jd', 2: '7jd', 3: '8jd' }, turn: 0 },
        seat: 1,
        cards: 'dog',
        code: 'only_bombs_out_of_turn',
      },
    ])('$name is refused $code', ({ spec, seat, cards: played, code }) => {
      const state = buildScenario(spec);
      expect(refusal(state, seat, play(played)).code).toBe(code);
      expect(legalActions(state, seat)).not.toContainEqual(play(played));
    });

    it('"It is no combo: it cannot be beaten or bombed": nobody may bomb it, the partner leads anything', () => {
      const state = buildScenario({
        hands: { 0: 'dog 5jd', 1: `${BOMB_9} 4pg`, 2: 'Kjd Ksw Kpg Kst 7jd', 3: '8jd' },
        turn: 0,
      });
      const { state: after } = run(state, [[0, play('dog')]]);
      expect(refusal(after, 1, play(BOMB_9))).toEqual({ code: 'bomb_needs_trick' });
      const { state: led } = run(after, [[2, play('7jd')]]);
      expect(led.hand.trick?.plays.map((p) => p.combo.cards)).toEqual([['7jd']]);
      expect(led.hand.turn).toBe(3);
    });
  });

  describe('"Dragon: single only; beats every single including the Phoenix; only a bomb beats it."', () => {
    it.each<{ name: string; table: string | null; cards: string; code: RuleError['code'] | null }>([
      { name: 'the Dragon led alone', table: null, cards: 'dragon', code: null },
      { name: 'the Dragon on an Ace', table: 'Ajd', cards: 'dragon', code: null },
      { name: 'the Dragon with an Ace', table: null, cards: 'dragon Apg', code: 'not_a_combo' },
      { name: 'the Dragon with the Phoenix', table: null, cards: 'dragon phoenix', code: 'not_a_combo' },
      { name: 'the Dragon on a pair', table: 'Ajd Asw', cards: 'dragon', code: 'does_not_beat' },
      { name: 'the Dragon on four 9s', table: BOMB_9, cards: 'dragon', code: 'does_not_beat' },
    ])('$name: $code', ({ table, cards: played, code }) => {
      const state = buildScenario({
        hands: { 0: '2st', 1: 'dragon phoenix Apg 3st', 2: '4st', 3: '5st' },
        trick: table === null ? [] : [{ seat: 0, cards: table }],
        turn: 1,
      });
      const result = apply(state, 1, play(played));
      if (code === null) {
        expect(result.ok).toBe(true);
        if (result.ok) expect(result.value.state.hand.trick?.plays.at(-1)?.combo.cards).toEqual(['dragon']);
      } else {
        expect(result.ok).toBe(false);
        if (!result.ok) expect(result.error.code).toBe(code);
      }
    });
  });

  describe('"Dragon gift: a trick won with the Dragon (not bombed) goes, with all its cards, to an opponent chosen by the winner, even one who is already out. The winner still leads next."', () => {
    it.each<{
      name: string;
      spec: ScenarioSpec;
      passes: readonly Seat[];
      winner: Seat;
      to: Seat;
      trickCards: string;
      points: number;
      leader: Seat;
    }>([
      {
        name: 'seat 0 wins with the Dragon and gives it to seat 1',
        spec: {
          hands: { 0: '2jd', 1: '3jd', 2: '4jd', 3: '5jd' },
          trick: [{ seat: 0, cards: 'dragon' }],
          turn: 1,
        },
        passes: [1, 2, 3],
        winner: 0,
        to: 1,
        trickCards: 'dragon',
        points: 25,
        leader: 0,
      },
      {
        name: 'seat 0 gives a trick of three plays to seat 3',
        spec: {
          hands: { 0: '2jd', 1: '3jd', 2: '4jd', 3: '5jd' },
          trick: [
            { seat: 2, cards: '10sw' },
            { seat: 3, cards: 'Ksw' },
            { seat: 0, cards: 'dragon' },
          ],
          turn: 1,
        },
        passes: [1, 2, 3],
        winner: 0,
        to: 3,
        trickCards: '10sw Ksw dragon',
        points: 45,
        leader: 0,
      },
      {
        name: 'to an opponent who is already out',
        spec: {
          hands: { 0: '2jd', 1: '3jd', 2: '4jd' },
          out: [3],
          trick: [{ seat: 0, cards: 'dragon' }],
          turn: 1,
        },
        passes: [1, 2],
        winner: 0,
        to: 3,
        trickCards: 'dragon',
        points: 25,
        leader: 0,
      },
      {
        name: 'the winner went out with the Dragon: the next seat with cards leads',
        spec: {
          hands: { 1: '3jd', 2: '4jd', 3: '5jd' },
          out: [0],
          trick: [
            { seat: 3, cards: '5sw' },
            { seat: 0, cards: 'dragon' },
          ],
          turn: 1,
        },
        passes: [1, 2, 3],
        winner: 0,
        to: 3,
        trickCards: '5sw dragon',
        points: 30,
        leader: 1,
      },
      {
        name: 'seat 1 wins with the Dragon and gives it to seat 2',
        spec: {
          hands: { 0: '2jd', 1: '3jd', 2: '4jd', 3: '5jd' },
          trick: [
            { seat: 0, cards: 'Ajd' },
            { seat: 1, cards: 'dragon' },
          ],
          turn: 2,
        },
        passes: [2, 3, 0],
        winner: 1,
        to: 2,
        trickCards: 'Ajd dragon',
        points: 25,
        leader: 1,
      },
    ])('$name', ({ spec, passes, winner, to, trickCards, points, leader }) => {
      const { state: decided, events: passEvents } = run(
        buildScenario(spec),
        passes.map((seat): Move => [seat, PASS]),
      );
      expect(decided.hand.pending).toEqual({ kind: 'dragonGift', seat: winner });
      expect(passEvents.some((e) => e.type === 'trickWon')).toBe(false);

      const partner = ((winner + 2) % 4) as Seat;
      expect(refusal(decided, winner, giveDragon(partner))).toEqual({
        code: 'gift_to_opponent_only',
        to: partner,
      });
      expect(refusal(decided, winner, giveDragon(winner))).toEqual({
        code: 'gift_to_opponent_only',
        to: winner,
      });
      const listed = expectLegalActionsApply(decided, winner);
      expect(listed.filter((a) => a.type === 'giveDragon')).toEqual(
        expect.arrayContaining([
          giveDragon(((winner + 1) % 4) as Seat),
          giveDragon(((winner + 3) % 4) as Seat),
        ]),
      );
      expect(listed.filter((a) => a.type === 'giveDragon')).toHaveLength(2);

      const { state: after, events } = run(decided, [[winner, giveDragon(to)]]);
      expect(after.hand.pending).toBeNull();
      expect(after.hand.trick).toBeNull();
      expect(after.hand.turn).toBe(leader);
      expectSameCards(after.hand.won[to], trickCards);
      expect(after.hand.won[winner]).toEqual([]);
      expect(events).toContainEqual({ type: 'dragonGiven', from: winner, to });
      const won = events.find((e) => e.type === 'trickWon');
      expect(won?.type === 'trickWon' && [won.trick.winner, won.trick.takenBy, won.trick.points]).toEqual([
        winner,
        to,
        points,
      ]);
    });

    describe('while the Dragon gift is pending nobody else acts', () => {
      const pending = buildScenario({
        hands: { 0: '2jd', 1: `${BOMB_9} 4pg`, 2: '4jd', 3: '5jd' },
        trick: [{ seat: 0, cards: 'dragon' }],
        passed: [1, 2, 3],
        turn: null,
        pending: { kind: 'dragonGift', seat: 0 },
      });
      it.each<{ name: string; seat: Seat; action: Action }>([
        { name: 'a bomb after the last pass', seat: 1, action: play(BOMB_9) },
        { name: 'a single', seat: 2, action: play('4jd') },
        { name: 'a pass', seat: 3, action: PASS },
        { name: 'the gift by another seat', seat: 1, action: giveDragon(0) },
        { name: 'the winner playing instead', seat: 0, action: play('2jd') },
      ])('$name: waiting_for_decision', ({ seat, action }) => {
        expect(refusal(pending, seat, action)).toEqual({
          code: 'waiting_for_decision',
          pending: { kind: 'dragonGift', seat: 0 },
        });
      });

      it('giveDragon with no gift pending: no_decision_pending', () => {
        const state = buildScenario({ hands: { 0: '2jd', 1: '3jd', 2: '4jd', 3: '5jd' }, turn: 0 });
        expect(refusal(state, 0, giveDragon(1))).toEqual({ code: 'no_decision_pending' });
      });
    });
  });

  describe('"If the Dragon is bombed, the bomber takes the trick as usual (bombing your own Dragon keeps it)."', () => {
    it.each<{ name: string; spec: ScenarioSpec; moves: readonly Move[]; bomber: Seat }>([
      {
        name: 'an opponent bombs the Dragon out of turn',
        spec: {
          hands: { 0: '2jd', 1: '3jd', 2: '4jd', 3: `${BOMB_9} 5jd` },
          trick: [{ seat: 0, cards: 'dragon' }],
          turn: 1,
        },
        moves: [
          [3, play(BOMB_9)],
          [0, PASS],
          [1, PASS],
          [2, PASS],
        ],
        bomber: 3,
      },
      {
        name: 'the partner bombs the Dragon',
        spec: {
          hands: { 0: '2jd', 1: '3jd', 2: `${BOMB_9} 4jd`, 3: '5jd' },
          trick: [{ seat: 0, cards: 'dragon' }],
          turn: 1,
        },
        moves: [
          [1, PASS],
          [2, play(BOMB_9)],
          [3, PASS],
          [0, PASS],
          [1, PASS],
        ],
        bomber: 2,
      },
      {
        name: 'the Dragon’s player bombs their own Dragon and keeps it',
        spec: {
          hands: { 0: `${BOMB_9} 2jd`, 1: '3jd', 2: '4jd', 3: '5jd' },
          trick: [{ seat: 0, cards: 'dragon' }],
          turn: 1,
        },
        moves: [
          [0, play(BOMB_9)],
          [1, PASS],
          [2, PASS],
          [3, PASS],
        ],
        bomber: 0,
      },
    ])('$name', ({ spec, moves, bomber }) => {
      const { state, events } = run(buildScenario(spec), moves);
      expect(state.hand.pending).toBeNull();
      expect(state.hand.trick).toBeNull();
      expect(state.hand.turn).toBe(bomber);
      expectSameCards(state.hand.won[bomber], `dragon ${BOMB_9}`);
      expect(events.some((e) => e.type === 'dragonGiven')).toBe(false);
      const won = events.find((e) => e.type === 'trickWon');
      expect(won?.type === 'trickWon' && [won.trick.winner, won.trick.takenBy, won.trick.points]).toEqual([
        bomber,
        bomber,
        25,
      ]);
    });
  });

  describe('"Phoenix as a single: worth the single it is played on + 1/2 (on an Ace: 14.5); led ... it is worth 1.5. It never beats the Dragon."', () => {
    it.each<{
      name: string;
      trick: readonly { seat: Seat; cards: string }[];
      cards: string;
      rank: number | null;
    }>([
      {
        name: 'the Phoenix on an Ace is 14.5',
        trick: [{ seat: 0, cards: 'Ajd' }],
        cards: 'phoenix',
        rank: 29,
      },
      { name: 'the Phoenix on a 7 is 7.5', trick: [{ seat: 0, cards: '7jd' }], cards: 'phoenix', rank: 15 },
      {
        name: 'the Phoenix on the Mah Jong is 1.5',
        trick: [{ seat: 0, cards: 'mahjong' }],
        cards: 'phoenix',
        rank: 3,
      },
      { name: 'the Phoenix led is 1.5', trick: [], cards: 'phoenix', rank: 3 },
      {
        name: 'the Phoenix on the Dragon',
        trick: [{ seat: 0, cards: 'dragon' }],
        cards: 'phoenix',
        rank: null,
      },
      {
        name: 'the Dragon on the Phoenix on an Ace',
        trick: [
          { seat: 3, cards: 'Ajd' },
          { seat: 0, cards: 'phoenix' },
        ],
        cards: 'dragon',
        rank: 30,
      },
      {
        name: 'an Ace on the Phoenix on an Ace',
        trick: [
          { seat: 3, cards: 'Ajd' },
          { seat: 0, cards: 'phoenix' },
        ],
        cards: 'Asw',
        rank: null,
      },
      {
        name: 'an Ace on the Phoenix on a King',
        trick: [
          { seat: 3, cards: 'Kjd' },
          { seat: 0, cards: 'phoenix' },
        ],
        cards: 'Asw',
        rank: 28,
      },
      { name: 'a 2 on a led Phoenix', trick: [{ seat: 0, cards: 'phoenix' }], cards: '2sw', rank: 4 },
      {
        name: 'the Mah Jong on a led Phoenix',
        trick: [{ seat: 0, cards: 'phoenix' }],
        cards: 'mahjong',
        rank: null,
      },
    ])('$name (half-ranks: $rank; null: does_not_beat)', ({ trick, cards: played, rank }) => {
      const state = buildScenario({
        hands: { 0: '3st', 1: `${played} 4st`, 2: '5st', 3: '6st' },
        trick,
        turn: 1,
      });
      const result = apply(state, 1, play(played));
      const listed = expectLegalActionsApply(state, 1);
      if (rank === null) {
        expect(result.ok).toBe(false);
        if (!result.ok) expect(result.error.code).toBe('does_not_beat');
        expect(listed).not.toContainEqual(play(played));
        return;
      }
      if (!result.ok) throw new Error(JSON.stringify(result.error));
      expect(result.value.state.hand.trick?.plays.at(-1)?.combo).toMatchObject({
        type: 'single',
        cards: cards(played),
        rank,
      });
      expect(listed).toContainEqual(play(played));
    });

    it('"played as a lead after the Dog, it is worth 1.5": a 2 beats it', () => {
      const state = buildScenario({
        hands: { 0: 'dog 3st', 1: '2sw 4st', 2: 'phoenix 5st', 3: '6st' },
        turn: 0,
      });
      const { state: after } = run(state, [
        [0, play('dog')],
        [2, play('phoenix')],
      ]);
      expect(after.hand.trick?.plays[0]?.combo.rank).toBe(3);
      const { state: beaten } = run(after, [
        [3, PASS],
        [0, PASS],
        [1, play('2sw')],
      ]);
      expect(beaten.hand.trick?.plays.at(-1)?.combo.cards).toEqual(['2sw']);
    });
  });
});
