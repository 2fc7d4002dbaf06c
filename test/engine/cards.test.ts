/**
 * Card notation, the deck, card points and the seeded generator, as docs/RULES.md states them:
 * "Card notation", "Scoring" (card points) and "Deal" (the seeded shuffle).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Card,
  cardPoints,
  cardRank,
  cardSuit,
  DECK,
  formatCard,
  formatCards,
  handSeed,
  isCard,
  parseCard,
  parseCards,
  pointsIn,
  Rng,
  seedRng,
  shuffled,
} from '../../src/engine/index.js';

const LONG_FORM = /^(?:(?:[2-9]|10|[JQKA])(?:jd|sw|pg|st)|mahjong|dog|phoenix|dragon)$/;

function card(text: string): Card {
  const parsed = parseCard(text);
  if (!parsed.ok) throw new Error(`test bug: ${text} is no card (${parsed.error.reason})`);
  return parsed.value;
}

describe('card notation: "<rank><suit>: rank 2..10, J, Q, K, A; suit jd, sw, pg, st"', () => {
  it.each([
    ['"10st" is the 10 of star', '10st', '10st'],
    ['"Kjd" is the King of jade', 'Kjd', 'Kjd'],
    ['"2pg" is the 2 of pagoda', '2pg', '2pg'],
    ['"Asw" is the Ace of sword', 'Asw', 'Asw'],
    ['"Qpg" is the Queen of pagoda', 'Qpg', 'Qpg'],
    ['"Jst" is the Jack of star', 'Jst', 'Jst'],
    ['"9jd" is the 9 of jade', '9jd', '9jd'],
    ['special "mahjong"', 'mahjong', 'mahjong'],
    ['special "dog"', 'dog', 'dog'],
    ['special "phoenix"', 'phoenix', 'phoenix'],
    ['special "dragon"', 'dragon', 'dragon'],
  ])('long form: %s', (_rule, text, expected) => {
    expect(parseCard(text)).toEqual({ ok: true, value: expected });
    expect(formatCard(card(text))).toBe(expected);
  });

  it.each([
    ['"mj" is an alias of mahjong', 'mj', 'mahjong'],
    ['"1" is an alias of mahjong', '1', 'mahjong'],
    ['"ph" is an alias of phoenix', 'ph', 'phoenix'],
    ['"dr" is an alias of dragon', 'dr', 'dragon'],
    ['"T" stands for 10', 'Tst', '10st'],
    ['"t" (any case) stands for 10', 'tjd', '10jd'],
    ['rank letters in lower case', 'kjd', 'Kjd'],
    ['suits in upper case', 'KJD', 'Kjd'],
    ['mixed case', 'qPg', 'Qpg'],
    ['ace in lower case', 'ast', 'Ast'],
    ['special in upper case', 'PHOENIX', 'phoenix'],
    ['alias in upper case', 'MJ', 'mahjong'],
    ['alias in mixed case', 'Dr', 'dragon'],
    ['"Dog" capitalised', 'Dog', 'dog'],
  ])(
    '"Parsers may accept short aliases (mj, 1, ph, dr, T for 10)": %s, formatted long',
    (_rule, text, expected) => {
      const parsed = parseCard(text);
      expect(parsed).toEqual({ ok: true, value: expected });
      expect(formatCard(card(text))).toBe(expected);
    },
  );

  it.each([
    ['unknown suit', 'Kxx', /suit/i],
    ['unknown suit on a 10', '10ab', /suit/i],
    ['a rank without suit', 'K', /suit/i],
    ['a suit without rank', 'jd', /rank/i],
    ['rank 11 is no rank', '11st', /rank/i],
    ['rank 1 with a suit is no card (the Mah Jong has no suit)', '1jd', /rank/i],
    ['rank 0', '0pg', /rank/i],
    ['rank Z', 'Zsw', /rank/i],
    ['a misspelt special', 'pheonix', /./],
    ['empty text', '', /empty/i],
    ['only blanks', '   ', /empty/i],
  ])('refuses %s with a clear bad_card reason', (_rule, text, reason) => {
    const parsed = parseCard(text);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.error.code).toBe('bad_card');
    expect(parsed.error.text).toBe(text);
    expect(parsed.error.reason).toMatch(reason);
  });

  it('every card of the deck formats in the long form and parses back, in any letter case', () => {
    for (const c of DECK) {
      const text = formatCard(c);
      expect(text).toMatch(LONG_FORM);
      expect(parseCard(text)).toEqual({ ok: true, value: c });
      expect(parseCard(text.toUpperCase())).toEqual({ ok: true, value: c });
      expect(parseCard(text.toLowerCase())).toEqual({ ok: true, value: c });
    }
  });

  it('any mix of letter cases parses to the same card (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...DECK),
        fc.array(fc.boolean(), { minLength: 7, maxLength: 7 }),
        (c, upper) => {
          const text = [...formatCard(c)]
            .map((ch, i) => (upper[i % upper.length] ? ch.toUpperCase() : ch.toLowerCase()))
            .join('');
          expect(parseCard(text)).toEqual({ ok: true, value: c });
        },
      ),
    );
  });
});

describe('card lists', () => {
  it.each([
    ['space separated', '10st Kjd phoenix', ['10st', 'Kjd', 'phoenix']],
    ['comma separated', '10st,Kjd,phoenix', ['10st', 'Kjd', 'phoenix']],
    ['commas and blanks', ' 10st ,  Kjd, phoenix ', ['10st', 'Kjd', 'phoenix']],
    ['aliases expand', 'mj Tpg dr ph', ['mahjong', '10pg', 'dragon', 'phoenix']],
    ['order is kept', 'Ajd 2jd Kst', ['Ajd', '2jd', 'Kst']],
  ] as const)('parseCards: %s', (_rule, text, expected) => {
    expect(parseCards(text)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['the same card twice', '10st Kjd 10st', '10st'],
    ['the same card through an alias', '10st Tst', '10st'],
    ['a special and its alias', 'mahjong mj', 'mahjong'],
    ['the Dragon twice through aliases', 'dr DRAGON', 'dragon'],
    ['the same card in two cases', 'kjd KJD', 'Kjd'],
  ])('parseCards refuses duplicates: %s', (_rule, text, named) => {
    const parsed = parseCards(text);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.error.code).toBe('bad_card');
    expect(parsed.error.reason).toContain(named);
    expect(parsed.error.reason).toMatch(/twice|duplicate/i);
  });

  it.each([
    ['a bad suit inside a list', '10st Kxx phoenix', /suit/i],
    ['a bad rank inside a list', '10st 13jd', /rank/i],
    ['"1" is the Mah Jong alone, not a rank with a suit', 'mj 1jd Tpg', /rank/i],
  ])('parseCards reports the bad card: %s', (_rule, text, reason) => {
    const parsed = parseCards(text);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.error.code).toBe('bad_card');
    expect(parsed.error.reason).toMatch(reason);
  });

  it.each([
    ['long forms stay', '10st Kjd phoenix', '10st Kjd phoenix'],
    ['"always format in the long form": aliases', 'mj ph dr Tjd', 'mahjong phoenix dragon 10jd'],
    ['"always format in the long form": lower case', 'kjd qsw ajd 10PG', 'Kjd Qsw Ajd 10pg'],
  ])('formatCards: %s', (_rule, text, expected) => {
    const parsed = parseCards(text);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(formatCards(parsed.value)).toBe(expected);
  });

  it('formatCards of the whole deck parses back to the whole deck', () => {
    expect(parseCards(formatCards(DECK))).toEqual({ ok: true, value: [...DECK] });
  });
});

describe('the deck', () => {
  it('has 56 distinct cards: 13 ranks in 4 suits and 4 specials', () => {
    expect(DECK).toHaveLength(56);
    expect(new Set(DECK).size).toBe(56);
    expect(DECK.filter((c) => cardSuit(c) !== null)).toHaveLength(52);
    for (const suit of ['jd', 'sw', 'pg', 'st'] as const) {
      expect(DECK.filter((c) => cardSuit(c) === suit)).toHaveLength(13);
    }
    for (const special of ['mahjong', 'dog', 'phoenix', 'dragon'] as const) {
      expect(DECK).toContain(special);
      expect(cardSuit(special)).toBeNull();
    }
    for (const c of DECK) expect(isCard(c)).toBe(true);
  });

  it.each([
    ['2 is 2', '2jd', 2],
    ['10 is 10', '10sw', 10],
    ['"J 11"', 'Jpg', 11],
    ['"Q 12"', 'Qst', 12],
    ['"K 13"', 'Kjd', 13],
    ['"A 14"', 'Asw', 14],
    ['"Mah Jong 1"', 'mahjong', 1],
    ['"Dragon 15 as a single"', 'dragon', 15],
  ])('"Rank values: 2..14 (J 11, Q 12, K 13, A 14)": %s', (_rule, text, rank) => {
    expect(cardRank(card(text))).toBe(rank);
  });

  it.each(['Kjd', 'kjd ', '', 'K jd', 'mj', 'phoenix '])(
    'isCard accepts only the exact long form (%j)',
    (text) => {
      expect(isCard(text)).toBe(text === 'Kjd');
    },
  );
});

describe('"Card points: each 5 = 5, each 10 and King = 10, Dragon +25, Phoenix -25: 100 per hand"', () => {
  it.each([
    ['each 5 = 5', '5jd', 5],
    ['each 5 = 5 (star)', '5st', 5],
    ['each 10 = 10', '10sw', 10],
    ['each King = 10', 'Kpg', 10],
    ['Dragon +25', 'dragon', 25],
    ['Phoenix -25', 'phoenix', -25],
    ['an Ace is worth nothing', 'Ajd', 0],
    ['a Queen is worth nothing', 'Qsw', 0],
    ['a Jack is worth nothing', 'Jst', 0],
    ['a 9 is worth nothing', '9pg', 0],
    ['a 2 is worth nothing', '2jd', 0],
    ['the Mah Jong is worth nothing', 'mahjong', 0],
    ['the Dog is worth nothing', 'dog', 0],
  ])('%s', (_rule, text, points) => {
    expect(cardPoints(card(text))).toBe(points);
  });

  it('the whole deck is worth 100', () => {
    expect(pointsIn(DECK)).toBe(100);
    expect(DECK.reduce((sum, c) => sum + cardPoints(c), 0)).toBe(100);
  });

  it('by kind: fives 20, tens 40, Kings 40, Dragon 25, Phoenix -25', () => {
    const points = (pred: (c: Card) => boolean) => pointsIn(DECK.filter(pred));
    expect(points((c) => cardRank(c) === 5 && cardSuit(c) !== null)).toBe(20);
    expect(points((c) => cardRank(c) === 10)).toBe(40);
    expect(points((c) => cardRank(c) === 13)).toBe(40);
  });

  it('any split of the deck into piles keeps 100 points in all (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 56, maxLength: 56 }), (owners) => {
        const piles: Card[][] = [[], [], [], []];
        DECK.forEach((c, i) => {
          piles[owners[i] as number]?.push(c);
        });
        expect(piles.reduce((sum, pile) => sum + pointsIn(pile), 0)).toBe(100);
      }),
    );
  });
});

describe('"Shuffle with a seeded generator (the seed is stored, so a hand can be replayed)"', () => {
  const draws = (seed: string, n: number) => {
    const rng = new Rng(seedRng(seed));
    return Array.from({ length: n }, () => rng.nextUint32());
  };

  it.each(['match-1', '', 'a', 'a much longer seed with spaces and ünïcode'])(
    'the same seed gives the same sequence (%j)',
    (seed) => {
      expect(seedRng(seed)).toEqual(seedRng(seed));
      expect(draws(seed, 200)).toEqual(draws(seed, 200));
    },
  );

  it.each([
    ['a', 'b'],
    ['seed', 'seed '],
    ['match-1', 'match-2'],
    ['ab', 'ba'],
  ])('different seeds give different sequences (%j vs %j)', (a, b) => {
    expect(seedRng(a)).not.toEqual(seedRng(b));
    expect(draws(a, 20)).not.toEqual(draws(b, 20));
  });

  it('the state is plain data: resuming from state() continues the same sequence', () => {
    const rng = new Rng(seedRng('resume'));
    for (let i = 0; i < 37; i++) rng.nextUint32();
    const saved = rng.state();
    const copy = JSON.parse(JSON.stringify(saved)) as typeof saved;
    const a = Array.from({ length: 50 }, () => rng.nextUint32());
    const resumed = new Rng(copy);
    expect(Array.from({ length: 50 }, () => resumed.nextUint32())).toEqual(a);
  });

  it.each([1, 2, 3, 6, 13, 14, 56, 1000, 2 ** 31 + 11])('nextInt(%i) stays an integer in [0, n)', (n) => {
    const rng = new Rng(seedRng(`range:${n}`));
    for (let i = 0; i < 2000; i++) {
      const x = rng.nextInt(n);
      expect(Number.isInteger(x)).toBe(true);
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(n);
    }
  });

  it('nextInt(6) hits every value about equally often', () => {
    const rng = new Rng(seedRng('dice'));
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 6000; i++) {
      const x = rng.nextInt(6);
      counts[x] = (counts[x] as number) + 1;
    }
    for (const c of counts) {
      expect(c).toBeGreaterThan(850);
      expect(c).toBeLessThan(1150);
    }
  });

  it.each([0, -1, 1.5, Number.NaN])('nextInt(%d) is a bug and throws', (n) => {
    expect(() => new Rng(seedRng('bad')).nextInt(n)).toThrow(RangeError);
  });

  it('nextFloat stays in [0, 1)', () => {
    const rng = new Rng(seedRng('floats'));
    for (let i = 0; i < 2000; i++) {
      const x = rng.nextFloat();
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
    }
  });

  it('shuffled gives a permutation of the deck and leaves the input alone', () => {
    const before = [...DECK];
    const deck = shuffled(DECK, new Rng(seedRng('perm')));
    expect(DECK).toEqual(before);
    expect(deck).toHaveLength(56);
    expect([...deck].sort()).toEqual([...DECK].sort());
    expect(deck).not.toEqual(DECK);
  });

  it('shuffled: the same seed deals the same deck, a different seed another', () => {
    const deal = (seed: string) => shuffled(DECK, new Rng(seedRng(seed)));
    expect(deal('hand-7')).toEqual(deal('hand-7'));
    expect(deal('hand-7')).not.toEqual(deal('hand-8'));
  });

  it('shuffled: a permutation for any seed (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.array(fc.integer(), { maxLength: 30 }), (seed, items) => {
        const out = shuffled(items, new Rng(seedRng(seed)));
        expect([...out].sort((a, b) => a - b)).toEqual([...items].sort((a, b) => a - b));
      }),
    );
  });

  it('handSeed is deterministic and differs per hand number and per match seed', () => {
    expect(handSeed('match', 1)).toBe(handSeed('match', 1));
    expect(handSeed('match', 1)).toMatch(/^[0-9a-f]{16}$/);
    const seeds = new Set(Array.from({ length: 50 }, (_, i) => handSeed('match', i + 1)));
    expect(seeds.size).toBe(50);
    expect(handSeed('match', 1)).not.toBe(handSeed('other', 1));
  });
});
