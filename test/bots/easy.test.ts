/** The easy level: weak on purpose, but never absurd. */
import { expect, describe as group, it } from 'vitest';
import { decideIn, describe } from './scenarios.js';

group('easy', () => {
  it.each([
    {
      rule: 'plays its lowest legal combo on an opponent',
      spec: {
        hands: { 0: '4jd 9sw Kpg Ast', 1: '5jd 6jd', 2: '8st 9st', 3: '2st 3st' },
        trick: [{ seat: 3, cards: '7sw' }],
        turn: 0,
      },
      expected: 'play 9sw',
    },
    {
      rule: 'passes when its partner leads the trick',
      spec: {
        hands: { 0: '4jd 9sw Kpg Ast', 1: '5jd 6jd', 2: '8st 9st', 3: '2st 3st' },
        trick: [{ seat: 2, cards: '7sw' }],
        turn: 0,
      },
      expected: 'pass',
    },
    {
      rule: 'never bombs its partner, even on its own turn',
      spec: {
        hands: { 0: '7jd 7sw 7pg 7st 3jd', 1: '5jd 6jd', 2: '8st 9st', 3: '2st 3st' },
        trick: [{ seat: 2, cards: 'Ast' }],
        turn: 0,
      },
      expected: 'pass',
    },
    {
      rule: 'does not bomb when it may pass',
      spec: {
        hands: { 0: '7jd 7sw 7pg 7st 3jd', 1: '5jd 6jd', 2: '8st 9st', 3: '2st 3st' },
        trick: [{ seat: 3, cards: 'Ast' }],
        turn: 0,
      },
      expected: 'pass',
    },
    {
      rule: 'gives the Dragon to the opponent further from going out, not to one about to',
      spec: {
        hands: { 0: '3jd', 1: '5jd', 2: '8st 9st', 3: '2st 3st 4st 5st 6st 7st' },
        pending: { kind: 'dragonGift', seat: 0 },
        turn: 0,
      },
      expected: 'giveDragon 3',
    },
    {
      rule: 'leads its lowest combo',
      spec: { hands: { 0: '4jd 4sw 9sw Kpg Ast', 1: '5jd 6jd', 2: '8st 9st', 3: '2st 3st' }, turn: 0 },
      expected: 'play 4jd 4sw',
    },
  ])('$rule', ({ spec, expected }) => {
    expect(describe(decideIn('easy', spec as never, 0))).toBe(expected);
  });

  it('never calls: no Tichu on a strong hand at its first turn', () => {
    const action = decideIn(
      'easy',
      {
        hands: {
          0: 'mahjong 2jd 3sw 4pg 5st 6jd Ajd Asw Apg Kst Ksw dragon phoenix 9jd',
          1: '5jd',
          2: '8st',
          3: '2st',
        },
        turn: 0,
        played: [],
      },
      0,
    );
    expect(describe(action)).not.toBe('tichu');
  });
});
