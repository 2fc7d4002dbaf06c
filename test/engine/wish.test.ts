/**
 * docs/RULES.md "The Mah Jong wish": naming it, who must fulfil it and with what, bombs, Phoenix stand-ins,
 * and that `legalActions` agrees with `apply` about all of it.
 */
import { describe, expect, it } from 'vitest';
import {
  type Action,
  apply,
  buildScenario,
  type Card,
  cardRank,
  type GameEvent,
  isNormal,
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

/** A table situation; each test sets the wish and the turn itself. */
type Situation = Omit<ScenarioSpec, 'turn' | 'wish'>;

const PASS: Action = { type: 'pass' };
const wish = (rank: Rank | null): Action => ({ type: 'wish', rank });

type Move = readonly [Seat, Action];

interface Run {
  readonly state: MatchState;
  readonly events: GameEvent[];
}

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

function holdsRank(played: readonly Card[], rank: Rank): boolean {
  return played.some((card) => isNormal(card) && cardRank(card) === rank);
}

function isBombPlay(state: MatchState, seat: Seat, action: Action): boolean {
  const result = apply(state, seat, action);
  if (!result.ok) return false;
  const type = result.value.state.hand.trick?.plays.at(-1)?.combo.type;
  return type === 'fourOfAKind' || type === 'straightFlush';
}

/** Every action listed for the seat is accepted; returns the list. */
function legalChecked(state: MatchState, seat: Seat): Action[] {
  const actions = legalActions(state, seat);
  for (const action of actions) {
    const result = apply(state, seat, action);
    expect(result.ok, `seat ${seat} ${JSON.stringify(action)}: ${JSON.stringify(result)}`).toBe(true);
  }
  return actions;
}

function cardsOf(action: Action): readonly Card[] {
  return action.type === 'play' ? action.cards : [];
}

function listedCards(actions: readonly Action[]): Card[][] {
  return actions.flatMap((a) => (a.type === 'play' ? [sortCards(a.cards)] : []));
}

describe('The Mah Jong wish', () => {
  describe('"Whoever plays the Mah Jong (alone or in a straight) may name a rank 2..A, or no wish (flag: wish optional, on)."', () => {
    const HANDS = { 0: 'mahjong 2jd 3jd 4sw 5sw Ksw', 1: '8sw 9sw', 2: '8jd Kjd', 3: 'Ajd 6pg' } as const;

    it.each<{ name: string; cards: string; rank: Rank | null }>([
      { name: 'the Mah Jong alone, wish 2', cards: 'mahjong', rank: 2 },
      { name: 'the Mah Jong alone, wish A', cards: 'mahjong', rank: 14 },
      { name: 'the Mah Jong alone, no wish', cards: 'mahjong', rank: null },
      { name: 'the Mah Jong in a straight, wish 8', cards: 'mahjong 2jd 3jd 4sw 5sw', rank: 8 },
    ])('$name', ({ cards: played, rank }) => {
      const state = buildScenario({ hands: HANDS, turn: 0 });
      const { state: after } = run(state, [[0, play(played)]]);
      expect(after.hand.pending).toEqual({ kind: 'wish', seat: 0 });
      expect(after.hand.turn).toBe(1);
      expect(after.hand.wish).toBeNull();
      const choices = legalChecked(after, 0).filter((a) => a.type === 'wish');
      expect(choices).toHaveLength(14);
      expect(choices).toContainEqual(wish(null));

      const { state: named, events } = run(after, [[0, wish(rank)]]);
      expect(events).toEqual([{ type: 'wishMade', seat: 0, rank }]);
      expect(named.hand.wish).toBe(rank);
      expect(named.hand.pending).toBeNull();
      expect(named.hand.turn).toBe(1);
      // The trick remembers what was named (for the table to tell), the wish itself aside.
      expect(named.hand.trick?.wished).toBe(rank);
    });

    it('the named wish stays with its trick once met, and goes with it', () => {
      const state = buildScenario({ hands: HANDS, turn: 0 });
      const { state: named } = run(state, [
        [0, play('mahjong')],
        [0, wish(8)],
      ]);
      const { state: met } = run(named, [[1, play('8sw')]]);
      expect(met.hand.wish).toBeNull();
      expect(met.hand.trick?.wished).toBe(8);
      const { state: passed } = run(met, [[2, PASS]]);
      expect(passed.hand.trick?.wished).toBe(8);
      const { state: taken } = run(passed, [
        [3, PASS],
        [0, PASS],
      ]);
      expect(taken.hand.trick).toBeNull();
      // A trick without the Mah Jong names no wish.
      const { state: next } = run(taken, [[1, play('9sw')]]);
      expect(next.hand.trick).not.toHaveProperty('wished');
    });

    it('with {wishOptional:false} no wish is refused wish_required, and not listed', () => {
      const state = buildScenario({ hands: HANDS, turn: 0, settings: { wishOptional: false } });
      const { state: after } = run(state, [[0, play('mahjong')]]);
      expect(refusal(after, 0, wish(null))).toEqual({ code: 'wish_required' });
      const choices = legalChecked(after, 0).filter((a) => a.type === 'wish');
      expect(choices).toHaveLength(13);
      expect(choices).not.toContainEqual(wish(null));
      expect(run(after, [[0, wish(8)]]).state.hand.wish).toBe(8);
    });

    it('the Mah Jong as the player’s last card: the player is out but still names the wish', () => {
      const state = buildScenario({
        hands: { 0: 'mahjong', 1: '8sw 9sw', 2: '8jd Kjd', 3: 'Ajd 6pg' },
        turn: 0,
      });
      const { state: after, events } = run(state, [[0, play('mahjong')]]);
      expect(events).toContainEqual({ type: 'wentOut', seat: 0, place: 1 });
      expect(after.hand.pending).toEqual({ kind: 'wish', seat: 0 });
      const { state: named } = run(after, [[0, wish(9)]]);
      expect(named.hand.wish).toBe(9);
      expect(named.hand.turn).toBe(1);
      expect(refusal(named, 1, play('8sw'))).toEqual({ code: 'must_fulfil_wish', wish: 9, bombOnly: false });
    });

    it('the wish is named after the play: the 5 inside the Mah Jong’s own straight does not fulfil a wish of 5', () => {
      const state = buildScenario({ hands: HANDS, turn: 0 });
      const { state: named, events } = run(state, [
        [0, play('mahjong 2jd 3jd 4sw 5sw')],
        [0, wish(5)],
      ]);
      expect(named.hand.wish).toBe(5);
      expect(events.some((e) => e.type === 'wishFulfilled')).toBe(false);
    });

    it('a wish with no Mah Jong played is refused no_decision_pending', () => {
      const state = buildScenario({ hands: HANDS, turn: 0 });
      expect(refusal(state, 0, wish(8))).toEqual({ code: 'no_decision_pending' });
    });

    describe('while the wish is being named nobody else acts', () => {
      const state = run(
        buildScenario({
          hands: { 0: 'mahjong 2jd', 1: '8sw 9sw', 2: '8jd Kjd', 3: `Ajd Qjd Qsw Qpg Qst` },
          turn: 0,
        }),
        [[0, play('mahjong')]],
      ).state;
      const waiting = { code: 'waiting_for_decision', pending: { kind: 'wish', seat: 0 } };
      it.each<{ name: string; seat: Seat; action: Action }>([
        { name: 'the next player plays', seat: 1, action: play('9sw') },
        { name: 'the next player passes', seat: 1, action: PASS },
        { name: 'another player names the wish', seat: 1, action: wish(8) },
        { name: 'a bomb out of turn', seat: 3, action: play('Qjd Qsw Qpg Qst') },
        { name: 'the Mah Jong player plays on', seat: 0, action: play('2jd') },
      ])('$name: waiting_for_decision', ({ seat, action }) => {
        expect(refusal(state, seat, action)).toEqual(waiting);
        expect(legalActions(state, seat).filter((a) => a.type !== 'tichu')).toEqual(
          seat === 0 ? expect.arrayContaining([wish(null)]) : [],
        );
      });
    });

    it('the whole sequence: Mah Jong, wish 8, the next player must play the 8', () => {
      const state = buildScenario({
        hands: { 0: 'mahjong 2jd', 1: '8sw 9sw', 2: '8jd Kjd', 3: 'Ajd' },
        turn: 0,
      });
      const { state: named } = run(state, [
        [0, play('mahjong')],
        [0, wish(8)],
      ]);
      expect(refusal(named, 1, play('9sw'))).toEqual({ code: 'must_fulfil_wish', wish: 8, bombOnly: false });
      expect(refusal(named, 1, PASS)).toEqual({ code: 'must_fulfil_wish', wish: 8, bombOnly: false });
      const { state: after, events } = run(named, [[1, play('8sw')]]);
      expect(after.hand.wish).toBeNull();
      expect(events).toContainEqual({ type: 'wishFulfilled', seat: 1, rank: 8 });
      expect(after.hand.turn).toBe(2);
      // Fulfilled: seat 2 holds an 8 too but is free again.
      expect(run(after, [[2, PASS]]).state.hand.turn).toBe(3);
    });
  });

  describe('"a player whose turn it is and who holds a real card of that rank must play it if any play containing it is legal on the current trick: same type and length and higher, Phoenix-assisted combos included; when leading, any combo containing it (a single is enough; leading the Dog instead is not allowed)"', () => {
    it.each<{
      name: string;
      spec: Situation;
      refused: readonly Action[];
      accepted: Action;
      pass: 'must_fulfil_wish' | 'cannot_pass_lead';
    }>([
      {
        name: 'a single on a single',
        spec: {
          hands: { 0: '2jd', 1: '8sw 9sw Kjd', 2: '4pg', 3: '6pg' },
          trick: [{ seat: 0, cards: '5jd' }],
        },
        refused: [play('9sw'), play('Kjd')],
        accepted: play('8sw'),
        pass: 'must_fulfil_wish',
      },
      {
        name: 'a pair of 8 + Phoenix on a pair of 7s',
        spec: {
          hands: { 0: '2jd', 1: '8jd phoenix Ajd Asw', 2: '4pg', 3: '6pg' },
          trick: [{ seat: 0, cards: '7jd 7sw' }],
        },
        refused: [play('Ajd Asw'), play('phoenix Ajd')],
        accepted: play('8jd phoenix'),
        pass: 'must_fulfil_wish',
      },
      {
        name: 'a pair of real 8s on a pair of 7s',
        spec: {
          hands: { 0: '2jd', 1: '8jd 8sw Ajd Asw', 2: '4pg', 3: '6pg' },
          trick: [{ seat: 0, cards: '7jd 7sw' }],
        },
        refused: [play('Ajd Asw')],
        accepted: play('8jd 8sw'),
        pass: 'must_fulfil_wish',
      },
      {
        name: 'a Phoenix-assisted straight holding the 8',
        spec: {
          hands: { 0: '2pg', 1: '8sw 9pg 10st Jjd Kjd phoenix', 2: '4pg', 3: '6pg' },
          trick: [{ seat: 0, cards: '2jd 3sw 4jd 5jd 6jd' }],
        },
        refused: [play('9pg 10st Jjd Kjd phoenix')],
        accepted: play('8sw 9pg 10st Jjd phoenix'),
        pass: 'must_fulfil_wish',
      },
      {
        name: 'a straight where the Phoenix stands in for the 8 does not count',
        spec: {
          hands: { 0: '2pg', 1: '8sw 9pg 10st Jjd Qjd phoenix', 2: '4pg', 3: '6pg' },
          trick: [{ seat: 0, cards: '2jd 3sw 4jd 5jd 6jd' }],
        },
        refused: [play('9pg 10st Jjd Qjd phoenix', 8), play('9pg 10st Jjd Qjd phoenix', 13)],
        accepted: play('8sw 9pg 10st Jjd Qjd'),
        pass: 'must_fulfil_wish',
      },
      {
        name: 'a full house with 8 + Phoenix as the pair',
        spec: {
          hands: { 0: '2pg', 1: '8jd phoenix Jjd Jsw Jpg Kjd Ksw', 2: '4st', 3: '6pg' },
          trick: [{ seat: 0, cards: '4jd 4sw 4pg 2jd 2sw' }],
        },
        refused: [play('Jjd Jsw Jpg Kjd Ksw')],
        accepted: play('Jjd Jsw Jpg 8jd phoenix'),
        pass: 'must_fulfil_wish',
      },
      {
        name: 'a pair sequence with 8 + Phoenix',
        spec: {
          hands: { 0: '2pg', 1: '7jd 7sw 8jd phoenix 10jd 10sw Jjd Jsw', 2: '4pg', 3: '6pg' },
          trick: [{ seat: 0, cards: '3jd 3sw 4jd 4sw' }],
        },
        refused: [play('10jd 10sw Jjd Jsw')],
        accepted: play('7jd 7sw 8jd phoenix'),
        pass: 'must_fulfil_wish',
      },
      {
        name: 'leading: a single 8 is enough; the Dog, a King or a pair of Kings is refused',
        spec: { hands: { 0: '2pg', 1: '8sw Kjd Ksw dog', 2: '4pg', 3: '6pg' } },
        refused: [play('dog'), play('Kjd'), play('Kjd Ksw')],
        accepted: play('8sw'),
        pass: 'cannot_pass_lead',
      },
      {
        name: 'leading: a pair of 8s is any combo containing it',
        spec: { hands: { 0: '2pg', 1: '8sw 8pg Kjd', 2: '4pg', 3: '6pg' } },
        refused: [play('Kjd')],
        accepted: play('8sw 8pg'),
        pass: 'cannot_pass_lead',
      },
      {
        name: 'leading: a straight containing the 8',
        spec: { hands: { 0: '2pg', 1: '4jd 5sw 6sw 7sw 8sw Kjd', 2: '3pg', 3: '6pg' } },
        refused: [play('Kjd'), play('4jd')],
        accepted: play('4jd 5sw 6sw 7sw 8sw'),
        pass: 'cannot_pass_lead',
      },
    ])('$name', ({ spec, refused, accepted, pass }) => {
      const state = buildScenario({ ...spec, wish: 8, turn: 1 });
      for (const action of refused) {
        expect(refusal(state, 1, action), JSON.stringify(action)).toEqual({
          code: 'must_fulfil_wish',
          wish: 8,
          bombOnly: false,
        });
      }
      const passError = refusal(state, 1, PASS);
      expect(passError.code).toBe(pass);
      if (pass === 'must_fulfil_wish')
        expect(passError).toEqual({ code: 'must_fulfil_wish', wish: 8, bombOnly: false });

      const listed = legalChecked(state, 1);
      expect(listed).not.toContainEqual(PASS);
      const plays = listedCards(listed);
      expect(plays.length).toBeGreaterThan(0);
      for (const played of plays) expect(holdsRank(played, 8), played.join(' ')).toBe(true);
      expect(plays).toContainEqual(sortCards(cardsOf(accepted)));

      const { state: after, events } = run(state, [[1, accepted]]);
      expect(after.hand.wish).toBeNull();
      expect(events).toContainEqual({ type: 'wishFulfilled', seat: 1, rank: 8 });
    });
  });

  describe('a player with no legal play containing a real card of the rank is free', () => {
    it.each<{ name: string; spec: Situation; free: readonly Action[] }>([
      {
        name: 'no card of the rank',
        spec: { hands: { 0: '2jd', 1: '9sw Kjd', 2: '4pg', 3: '6pg' }, trick: [{ seat: 0, cards: '5jd' }] },
        free: [PASS, play('9sw')],
      },
      {
        name: 'only the Phoenix (not a real card of the rank)',
        spec: {
          hands: { 0: '2jd', 1: 'phoenix 9sw', 2: '4pg', 3: '6pg' },
          trick: [{ seat: 0, cards: '5jd' }],
        },
        free: [PASS, play('phoenix'), play('9sw')],
      },
      {
        name: 'an 8 that cannot beat the 10 on the table',
        spec: { hands: { 0: '2jd', 1: '8sw Kjd', 2: '4pg', 3: '6pg' }, trick: [{ seat: 0, cards: '10jd' }] },
        free: [PASS, play('Kjd')],
      },
      {
        name: 'a pair of 8s on a pair of 9s',
        spec: {
          hands: { 0: '2jd', 1: '8sw 8pg Kjd Ksw', 2: '4pg', 3: '6pg' },
          trick: [{ seat: 0, cards: '9jd 9sw' }],
        },
        free: [PASS, play('Kjd Ksw')],
      },
      {
        name: 'an 8 but a triple on the table',
        spec: {
          hands: { 0: '2jd', 1: '8sw Kjd Ksw Kpg', 2: '4pg', 3: '6pg' },
          trick: [{ seat: 0, cards: '3jd 3sw 3pg' }],
        },
        free: [PASS, play('Kjd Ksw Kpg')],
      },
      {
        name: 'an 8 on the Dragon',
        spec: {
          hands: { 0: '2jd', 1: '8sw Kjd', 2: '4pg', 3: '6pg' },
          trick: [{ seat: 0, cards: 'dragon' }],
        },
        free: [PASS],
      },
      {
        name: 'leading without the rank: the Dog is allowed',
        spec: { hands: { 0: '2jd', 1: 'dog 9sw', 2: '4pg', 3: '6pg' } },
        free: [play('dog'), play('9sw')],
      },
    ])('$name', ({ spec, free }) => {
      const state = buildScenario({ ...spec, wish: 8, turn: 1 });
      const listed = legalChecked(state, 1);
      for (const action of free) {
        const result = apply(state, 1, action);
        expect(result.ok, JSON.stringify(action)).toBe(true);
        if (result.ok) {
          expect(result.value.state.hand.wish).toBe(8);
          expect(result.value.events.some((e) => e.type === 'wishFulfilled')).toBe(false);
        }
        if (action.type === 'pass') expect(listed).toContainEqual(PASS);
        else expect(listedCards(listed)).toContainEqual(sortCards(cardsOf(action)));
      }
    });
  });

  describe('"If only a bomb containing the rank would do, that bomb must be played, but only on the player\'s own turn."', () => {
    it.each<{ name: string; spec: Situation; refused: readonly Action[]; bomb: string }>([
      {
        name: 'four 8s on a pair of Kings',
        spec: {
          hands: { 0: '2jd', 1: '8jd 8sw 8pg 8st Ajd Asw', 2: '4pg', 3: '6pg' },
          trick: [{ seat: 0, cards: 'Kjd Ksw' }],
        },
        refused: [PASS, play('Ajd Asw')],
        bomb: '8jd 8sw 8pg 8st',
      },
      {
        name: 'a straight flush 6..10 holding the 8, on an Ace',
        spec: {
          hands: { 0: '2jd', 1: '6pg 7pg 8pg 9pg 10pg 2sw', 2: '4pg', 3: '6sw' },
          trick: [{ seat: 0, cards: 'Ajd' }],
        },
        refused: [PASS],
        bomb: '6pg 7pg 8pg 9pg 10pg',
      },
      {
        name: 'four 8s on the Dragon',
        spec: {
          hands: { 0: '2jd', 1: '8jd 8sw 8pg 8st', 2: '4pg', 3: '6pg' },
          trick: [{ seat: 0, cards: 'dragon' }],
        },
        refused: [PASS],
        bomb: '8jd 8sw 8pg 8st',
      },
    ])('$name: refusals carry bombOnly, the bomb fulfils the wish', ({ spec, refused, bomb }) => {
      const state = buildScenario({ ...spec, wish: 8, turn: 1 });
      for (const action of refused) {
        expect(refusal(state, 1, action), JSON.stringify(action)).toEqual({
          code: 'must_fulfil_wish',
          wish: 8,
          bombOnly: true,
        });
      }
      const listed = legalChecked(state, 1);
      expect(listed).not.toContainEqual(PASS);
      expect(listedCards(listed)).toEqual([sortCards(cards(bomb))]);
      const { state: after, events } = run(state, [[1, play(bomb)]]);
      expect(after.hand.wish).toBeNull();
      expect(events).toContainEqual({ type: 'wishFulfilled', seat: 1, rank: 8 });
    });

    describe('out of turn there is no obligation, even with {bombIgnoresWish:false}', () => {
      const state = buildScenario({
        hands: { 0: '2jd', 1: '4jd 5jd', 2: '4pg 5pg', 3: '8jd 8sw 8pg 8st 3jd 3sw 3pg 3st' },
        trick: [{ seat: 0, cards: 'Kjd Ksw' }],
        wish: 8,
        turn: 1,
        settings: { bombIgnoresWish: false },
      });

      it('seats 1 and 2 pass while seat 3 holds the 8-bomb; on its own turn seat 3 must bomb', () => {
        const { state: atThree } = run(state, [
          [1, PASS],
          [2, PASS],
        ]);
        expect(atThree.hand.turn).toBe(3);
        expect(refusal(atThree, 3, PASS)).toEqual({ code: 'must_fulfil_wish', wish: 8, bombOnly: true });
        expect(refusal(atThree, 3, play('3jd 3sw 3pg 3st'))).toEqual({
          code: 'must_fulfil_wish',
          wish: 8,
          bombOnly: true,
        });
        expect(listedCards(legalChecked(atThree, 3))).toEqual([sortCards(cards('8jd 8sw 8pg 8st'))]);
      });

      it('seat 3 may bomb out of turn with a bomb without the 8; the wish stays open', () => {
        const listed = legalChecked(state, 3);
        expect(listedCards(listed)).toEqual(
          expect.arrayContaining([sortCards(cards('3jd 3sw 3pg 3st')), sortCards(cards('8jd 8sw 8pg 8st'))]),
        );
        const { state: after, events } = run(state, [[3, play('3jd 3sw 3pg 3st')]]);
        expect(after.hand.wish).toBe(8);
        expect(events.some((e) => e.type === 'wishFulfilled')).toBe(false);
        expect(after.hand.turn).toBe(0);
      });
    });
  });

  describe('"Playing a bomb that does not contain the wished rank is allowed even when the player could fulfil the wish; the wish stays open (flag: on)."', () => {
    it.each<{ name: string; spec: Situation; bombOnly: boolean }>([
      {
        name: 'an 8 single could beat the 5',
        spec: {
          hands: { 0: '2jd', 1: '8sw 3jd 3sw 3pg 3st', 2: '4pg', 3: '6pg' },
          trick: [{ seat: 0, cards: '5jd' }],
        },
        bombOnly: false,
      },
      {
        name: 'only the 8-bomb could beat the Kings',
        spec: {
          hands: { 0: '2jd', 1: '8jd 8sw 8pg 8st 3jd 3sw 3pg 3st', 2: '4pg', 3: '6pg' },
          trick: [{ seat: 0, cards: 'Kjd Ksw' }],
        },
        bombOnly: true,
      },
      {
        name: 'leading with an 8 in hand',
        spec: { hands: { 0: '2jd', 1: '8sw 3jd 3sw 3pg 3st', 2: '4pg', 3: '6pg' } },
        bombOnly: false,
      },
    ])('$name', ({ spec, bombOnly }) => {
      const bomb = play('3jd 3sw 3pg 3st');
      const flagOn = buildScenario({ ...spec, wish: 8, turn: 1 });
      expect(listedCards(legalChecked(flagOn, 1))).toContainEqual(sortCards(cards('3jd 3sw 3pg 3st')));
      const { state: after, events } = run(flagOn, [[1, bomb]]);
      expect(after.hand.wish).toBe(8);
      expect(events.some((e) => e.type === 'wishFulfilled')).toBe(false);
      expect(after.hand.trick?.plays.at(-1)?.combo.type).toBe('fourOfAKind');

      const flagOff = buildScenario({ ...spec, wish: 8, turn: 1, settings: { bombIgnoresWish: false } });
      expect(refusal(flagOff, 1, bomb)).toEqual({ code: 'must_fulfil_wish', wish: 8, bombOnly });
      const listed = legalChecked(flagOff, 1);
      expect(listedCards(listed)).not.toContainEqual(sortCards(cards('3jd 3sw 3pg 3st')));
      for (const played of listedCards(listed)) expect(holdsRank(played, 8)).toBe(true);
    });

    it('with the flag on, legalActions lists exactly the plays holding an 8 and the bombs', () => {
      const state = buildScenario({
        hands: { 0: '2jd', 1: '8sw 9sw 3jd 3sw 3pg 3st', 2: '4pg', 3: '6pg' },
        trick: [{ seat: 0, cards: '5jd' }],
        wish: 8,
        turn: 1,
      });
      const listed = legalChecked(state, 1).filter((a) => a.type === 'play');
      for (const action of listed) {
        const ok = action.type === 'play' && (holdsRank(action.cards, 8) || isBombPlay(state, 1, action));
        expect(ok, JSON.stringify(action)).toBe(true);
      }
      expect(listedCards(listed)).not.toContainEqual(['9sw']);
      expect(refusal(state, 1, play('9sw'))).toEqual({ code: 'must_fulfil_wish', wish: 8, bombOnly: false });
    });
  });

  describe('"The wish ends when a real card of that rank is played (a Phoenix standing in for it does not count; a bomb containing it does). It lasts across tricks until then."', () => {
    it.each<{ name: string; spec: ScenarioSpec; moves: readonly Move[]; ends: boolean }>([
      {
        name: 'a single real 8',
        spec: {
          hands: { 0: '2jd', 1: '8sw 9sw', 2: '4pg', 3: '6pg' },
          trick: [{ seat: 0, cards: '5jd' }],
          turn: 1,
        },
        moves: [[1, play('8sw')]],
        ends: true,
      },
      {
        name: 'the Phoenix as the 8 of a straight 4..8',
        spec: {
          hands: { 0: '2pg', 1: '4sw 5sw 6sw 7sw phoenix Kst', 2: '4pg', 3: '6pg' },
          trick: [{ seat: 0, cards: '2jd 3sw 4jd 5jd 6jd' }],
          turn: 1,
        },
        moves: [[1, play('4sw 5sw 6sw 7sw phoenix', 8)]],
        ends: false,
      },
      {
        name: 'the Phoenix as a single',
        spec: {
          hands: { 0: '2jd', 1: 'phoenix 9sw', 2: '4pg', 3: '6pg' },
          trick: [{ seat: 0, cards: '7jd' }],
          turn: 1,
        },
        moves: [[1, play('phoenix')]],
        ends: false,
      },
      {
        name: 'four 8s out of turn',
        spec: {
          hands: { 0: '2jd', 1: '9sw', 2: '4pg', 3: '8jd 8sw 8pg 8st 6pg' },
          trick: [{ seat: 0, cards: '5jd' }],
          turn: 1,
        },
        moves: [[3, play('8jd 8sw 8pg 8st')]],
        ends: true,
      },
      {
        name: 'a straight flush holding the 8, led',
        spec: { hands: { 0: '2jd', 1: '4sw 5sw 6sw 7sw 8sw Kst', 2: '4pg', 3: '6pg' }, turn: 1 },
        moves: [[1, play('4sw 5sw 6sw 7sw 8sw')]],
        ends: true,
      },
      {
        name: 'a pair of 8 + Phoenix (the real 8 counts)',
        spec: {
          hands: { 0: '2jd', 1: '8jd phoenix 9sw', 2: '4pg', 3: '6pg' },
          trick: [{ seat: 0, cards: '7jd 7sw' }],
          turn: 1,
        },
        moves: [[1, play('8jd phoenix')]],
        ends: true,
      },
      {
        name: 'an 8 played by a player who was free (no obligation)',
        spec: {
          hands: { 0: '2jd', 1: '9sw', 2: '8pg Kpg', 3: '6pg' },
          trick: [{ seat: 0, cards: '5jd' }],
          turn: 1,
        },
        moves: [
          [1, PASS],
          [2, play('8pg')],
        ],
        ends: true,
      },
    ])('$name: ends = $ends', ({ spec, moves, ends }) => {
      const { state, events } = run(buildScenario({ ...spec, wish: 8 }), moves);
      expect(state.hand.wish).toBe(ends ? null : 8);
      expect(events.some((e) => e.type === 'wishFulfilled')).toBe(ends);
    });

    it('the wish outlives the trick: after three passes the new leader must lead the 8', () => {
      const state = buildScenario({
        hands: { 0: '8jd 9jd', 1: '3sw', 2: '8pg 4pg', 3: '8sw Ksw' },
        trick: [{ seat: 3, cards: 'Ajd' }],
        wish: 8,
        turn: 0,
      });
      const { state: after, events } = run(state, [
        [0, PASS],
        [1, PASS],
        [2, PASS],
      ]);
      expect(events.some((e) => e.type === 'trickWon')).toBe(true);
      expect(after.hand.trick).toBeNull();
      expect(after.hand.turn).toBe(3);
      expect(after.hand.wish).toBe(8);
      expect(refusal(after, 3, play('Ksw'))).toEqual({ code: 'must_fulfil_wish', wish: 8, bombOnly: false });
      const listed = legalChecked(after, 3);
      expect(listedCards(listed)).toEqual([['8sw']]);
      const { state: led } = run(after, [[3, play('8sw')]]);
      expect(led.hand.wish).toBeNull();
    });

    it('the wish outlives a Dog lead: the partner who leads must lead the 8', () => {
      const state = buildScenario({
        hands: { 0: 'dog 9jd', 1: '3sw', 2: '8pg Kpg', 3: '6pg' },
        wish: 8,
        turn: 0,
      });
      const { state: after } = run(state, [[0, play('dog')]]);
      expect(after.hand.turn).toBe(2);
      expect(after.hand.wish).toBe(8);
      expect(refusal(after, 2, play('Kpg'))).toEqual({ code: 'must_fulfil_wish', wish: 8, bombOnly: false });
      expect(listedCards(legalChecked(after, 2))).toEqual([['8pg']]);
    });
  });
});
