/**
 * The normal level's rules of play, each shown on a scenario where a club player knows the answer.
 * Seats 0 and 2 are partners, 1 and 3 their opponents; seat 0 decides unless a row says otherwise.
 */
import { expect, describe as group, it } from 'vitest';
import {
  buildScenario,
  cardRank,
  makeSettings,
  newMatch,
  parseCards,
  seatView,
} from '../../src/engine/index.js';
import { decide, decideIn, describe } from './scenarios.js';

group('normal: following a trick', () => {
  it.each([
    {
      rule: 'does not overtake a partner who is winning the trick',
      spec: {
        hands: { 0: '3jd 4sw 9pg Ast', 1: '5jd 6jd 7jd', 2: '8st 9st', 3: '2st 3st' },
        trick: [{ seat: 2, cards: 'Kjd' }],
        turn: 0,
      },
      expected: 'pass',
    },
    {
      rule: 'overtakes a winning partner when that play takes it out',
      spec: {
        hands: { 0: 'Ast', 1: '5jd 6jd 7jd', 2: '8st 9st', 3: '2st 3st' },
        trick: [{ seat: 2, cards: 'Kjd' }],
        turn: 0,
      },
      expected: 'play Ast',
    },
    {
      rule: 'beats an opponent with the lowest card that does not break a combo',
      spec: {
        hands: {
          0: '4jd 5sw 6pg 7st 8jd 10sw Kpg',
          1: '5jd 6jd 7jd 9jd 2jd 3jd',
          2: '8st 9st 2sw 3sw',
          3: '2st 3st 4st 5st',
        },
        trick: [{ seat: 3, cards: '9sw' }],
        turn: 0,
      },
      expected: 'play 10sw',
    },
    {
      rule: 'keeps the Dragon when an opponent leads a low single and nothing is at stake',
      v1: true,
      spec: {
        hands: {
          0: '4jd 4sw 6pg 6st dragon',
          1: '5jd 6jd 7jd 9jd 2jd 3jd',
          2: '8st 9st 2sw 3sw',
          3: '2st 3st 4st 5st 8sw 9sw',
        },
        trick: [{ seat: 3, cards: '7sw' }],
        turn: 0,
      },
      expected: 'pass',
    },
    {
      rule: 'keeps the Phoenix when an opponent leads a low single and a plain card will do',
      spec: {
        hands: {
          0: '2pg 9pg Kst Ast phoenix',
          1: '5jd 6jd 7jd 9jd 2jd 3jd',
          2: '8st 9st 2sw 3sw',
          3: '2st 3st 4st 5st 8sw 9sw',
        },
        trick: [{ seat: 3, cards: '6sw' }],
        turn: 0,
      },
      expected: 'play 9pg',
    },
    {
      rule: 'keeps the Phoenix rather than spend it on a low single when nothing else beats it',
      v1: true,
      spec: {
        hands: {
          0: '4jd 4sw 6pg 6st phoenix',
          1: '5jd 6jd 7jd 9jd 2jd 3jd',
          2: '8st 9st 2sw 3sw',
          3: '2st 3st 4st 5st 8sw 9sw',
        },
        trick: [{ seat: 3, cards: '7sw' }],
        turn: 0,
      },
      expected: 'pass',
    },
    {
      rule: 'spends the Dragon on an Ace: a fight for the lead',
      spec: {
        hands: {
          0: '4jd 4sw 6pg 6st dragon',
          1: '5jd 6jd 7jd 9jd 2jd 3jd',
          2: '8st 9st 2sw 3sw',
          3: '2st 3st 4st 5st 8sw 9sw',
        },
        trick: [{ seat: 3, cards: 'Asw' }],
        turn: 0,
      },
      expected: 'play dragon',
    },
    {
      rule: 'breaks its shape to stop an opponent who called Tichu and is about to go out',
      spec: {
        hands: {
          0: '9jd 10sw Jpg Qst Kjd 2pg 2st',
          1: '5jd 6jd 7jd 9st 2jd 3jd',
          2: '8st 9sw 2sw 3sw',
          3: '4st',
        },
        trick: [{ seat: 3, cards: '8sw' }],
        calls: { 3: 'tichu' },
        turn: 0,
      },
      expected: 'play 9jd',
    },
    {
      rule: 'keeps a two-combo hand whole against an opponent with no call',
      v1: true,
      spec: {
        hands: {
          0: '9jd 10sw Jpg Qst Kjd 2pg 2st',
          1: '5jd 6jd 7jd 9st 2jd 3jd',
          2: '8st 9sw 2sw 3sw',
          3: '4st 5st 6st',
        },
        trick: [{ seat: 3, cards: '8sw' }],
        turn: 0,
      },
      expected: 'pass',
    },
  ])('$rule', ({ spec, expected, ...row }) => {
    // Rows marked v1 are normal@v1's rules, which the learned normal overrides: taught by the search,
    // it takes the lead from an opponent with a Dragon, Phoenix or a single it could keep (the model's
    // weight on passing to an opponent is strongly negative), and the arena measures that as a gain
    // (docs/bots.md, "How normal learned from the search").
    const level = 'v1' in row ? 'normal@v1' : 'normal';
    expect(describe(decideIn(level, spec as never, 0))).toBe(expected);
  });
});

group('normal: bombs', () => {
  const opponentAce = (calls: Record<number, 'tichu'>, cardsOf3: string) => ({
    hands: { 0: '7jd 7sw 7pg 7st 3jd 4sw', 1: '5jd 6jd 8jd 9jd', 2: '8st 9st 2sw 3sw', 3: cardsOf3 },
    trick: [{ seat: 3 as const, cards: 'Ast' }],
    calls,
    turn: 0 as const,
  });

  it('bombs the winning play of an opponent who called Tichu', () => {
    expect(
      describe(decideIn('normal', opponentAce({ 3: 'tichu' }, '2st 3st 4st 5st 6st 8sw 9sw Jsw'), 0)),
    ).toBe('play 7jd 7sw 7pg 7st');
  });

  it('(normal@v1) does not bomb a small trick of an opponent with no call and many cards', () => {
    // The learned normal bombs the Ace for the lead here: the search's playouts value the lead more.
    expect(describe(decideIn('normal@v1', opponentAce({}, '2st 3st 4st 5st 6st 8sw 9sw Jsw'), 0))).toBe(
      'pass',
    );
  });

  it('never bombs its partner, even one that called nothing and holds the trick', () => {
    const spec = {
      hands: { 0: '7jd 7sw 7pg 7st 3jd 4sw', 1: '5jd 6jd 8jd 9jd', 2: '8st 9st', 3: '2st 3st 4st 5st' },
      trick: [{ seat: 2 as const, cards: 'Ast' }],
      turn: 1 as const,
    };
    expect(describe(decideIn('normal', spec, 0))).toBe('nothing');
  });

  it('bombs out of turn to stop an opponent with a call whose play would hold', () => {
    const spec = {
      hands: { 0: '7jd 7sw 7pg 7st 3jd 4sw', 1: '5jd 6jd 8jd 9jd', 2: '8st 9st', 3: '2st 3st 4st 5st 6st' },
      trick: [{ seat: 3 as const, cards: 'dragon' }],
      calls: { 3: 'tichu' as const },
      turn: 0 as const,
      passed: [],
    };
    const state = buildScenario({ ...spec, turn: 1 });
    expect(describe(decide('normal', state, 0))).toBe('play 7jd 7sw 7pg 7st');
  });
});

group('normal: leading', () => {
  it('leads a low combo and keeps its winners', () => {
    const action = decideIn(
      'normal',
      { hands: { 0: '3jd 3sw 6pg Ast dragon', 1: '5jd 6jd', 2: '8st 9st', 3: '2st 3st' }, turn: 0 },
      0,
    );
    expect(['play 3jd 3sw', 'play 6pg']).toContain(describe(action));
  });

  it('leads the Dog to a partner who called Tichu', () => {
    const spec = {
      hands: { 0: 'dog 3jd 6pg 9sw Kst', 1: '5jd 6jd', 2: '8st 9st 10st Jst', 3: '2st 3st' },
      calls: { 2: 'tichu' as const },
      turn: 0 as const,
    };
    expect(describe(decideIn('normal', spec, 0))).toBe('play dog');
  });

  it('plays its last combo when it has only one left', () => {
    expect(
      describe(
        decideIn(
          'normal',
          { hands: { 0: '9jd 10sw Jpg Qst Kjd', 1: '5jd', 2: '8st', 3: '2st' }, turn: 0 },
          0,
        ),
      ),
    ).toBe('play 9jd 10sw Jpg Qst Kjd');
  });
});

group('normal: the wish and the Dragon gift', () => {
  it('gives the Dragon to the opponent less likely to go out first: the one without a call', () => {
    const spec = {
      hands: { 0: '3jd', 1: '5jd 6jd 7jd', 2: '8st 9st', 3: '2st 3st 4st 5st 6st 7st' },
      calls: { 3: 'tichu' as const },
      pending: { kind: 'dragonGift' as const, seat: 0 as const },
      turn: 0 as const,
    };
    expect(describe(decideIn('normal', spec, 0))).toBe('giveDragon 1');
  });

  it('without calls, gives the Dragon to the opponent with more cards left', () => {
    const spec = {
      hands: { 0: '3jd', 1: '5jd', 2: '8st 9st', 3: '2st 3st 4st 5st 6st 7st' },
      pending: { kind: 'dragonGift' as const, seat: 0 as const },
      turn: 0 as const,
    };
    expect(describe(decideIn('normal', spec, 0))).toBe('giveDragon 3');
  });

  it('wishes a rank it does not hold, never one it holds (a wish binds its maker too)', () => {
    const spec = {
      hands: { 0: '2jd 3sw 4pg 5st 6jd 7jd 8jd 9jd 10jd Jjd Qjd Kjd', 1: '5sw', 2: '8st', 3: '2st' },
      pending: { kind: 'wish' as const, seat: 0 as const },
      turn: 0 as const,
    };
    expect(describe(decideIn('normal', spec, 0))).toBe('wish 14');
  });
});

group('normal: calls and the exchange', () => {
  const grandDecision = (cards: string) => {
    const state = newMatch(makeSettings(), 'grand');
    const hand = parseCards(cards);
    if (!hand.ok) throw new Error('bad cards');
    const hands = [hand.value, ...state.hand.hands.slice(1)] as never;
    return decide('normal', { ...state, hand: { ...state.hand, hands } }, 0);
  };

  it('calls Grand Tichu on Dragon, Phoenix and two Aces', () => {
    expect(describe(grandDecision('dragon phoenix Ajd Asw 3st 5pg 8jd Qsw'))).toBe('grandTichu true');
  });

  it('does not call Grand Tichu on low cards', () => {
    expect(describe(grandDecision('2jd 3sw 5st 6pg 8jd 9sw Jst Qpg'))).toBe('grandTichu false');
  });

  it('calls Tichu on a strong fourteen-card hand at its first turn, and not on a weak one', () => {
    const strong = buildScenario({
      hands: {
        0: 'mahjong 2jd 3sw 4pg 5st 6jd Ajd Asw Apg Kst Ksw dragon phoenix 9jd',
        1: '5jd',
        2: '8st',
        3: '2st',
      },
      turn: 0,
      played: [],
    });
    const weak = buildScenario({
      hands: {
        0: 'mahjong 2jd 3sw 4pg 6st 7jd 8jd 9sw 10pg Jst Qsw 2pg 5jd 7st',
        1: '5sw',
        2: '8st',
        3: '2st',
      },
      turn: 0,
      played: [],
    });
    expect(describe(decide('normal', strong, 0))).toBe('tichu');
    expect(describe(decide('normal', weak, 0))).not.toBe('tichu');
  });

  it('exchanges like a club player: no bomb broken, no Mah Jong or Dragon to an opponent, a high card to the partner', () => {
    const state = newMatch(makeSettings(), 'exchange-rule');
    const cards = parseCards('mahjong 2jd 4sw 7jd 7sw 7pg 7st 9st Jpg Qsw Kst Ajd dragon phoenix');
    if (!cards.ok) throw new Error('bad cards');
    const hands = [cards.value, ...state.hand.hands.slice(1)] as never;
    const exchangeState = {
      ...state,
      hand: {
        ...state.hand,
        phase: 'exchange' as const,
        hands,
        grand: [false, false, false, false] as const,
        undealt: [[], [], [], []] as never,
      },
    };
    const action = decide('normal', exchangeState, 0);
    if (action?.type !== 'exchange') throw new Error(`expected an exchange, got ${describe(action)}`);
    const given = [action.next, action.partner, action.previous];
    expect(given.filter((c) => c.startsWith('7'))).toEqual([]);
    expect([action.next, action.previous]).not.toContain('mahjong');
    expect([action.next, action.previous]).not.toContain('dragon');
    expect(cardRank(action.partner)).toBeGreaterThanOrEqual(11);
    expect(seatView(exchangeState, 0).hand).toContain(action.partner);
  });
});
