/**
 * The "Combos" section of docs/RULES.md: reading cards as combos (every Phoenix reading), comparing
 * them with `beats`, and listing every combo a hand can make, checked against a brute force over
 * all subsets of the hand.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  beats,
  buildScenario,
  type Card,
  type Combo,
  type ComboType,
  DECK,
  enumerateBombs,
  enumerateCombos,
  isBomb,
  legalCombos,
  parseCards,
  readCombo,
  readCombos,
  type Seat,
  sortCards,
} from '../../src/engine/index.js';

// ---------------------------------------------------------------- helpers

function cards(text: string): Card[] {
  const parsed = parseCards(text);
  if (!parsed.ok) throw new Error(`test bug: ${text}: ${parsed.error.reason}`);
  return parsed.value;
}

/** The combo the cards make (default reading unless `phoenixAs`), or a test bug. */
function combo(text: string, phoenixAs?: number, top: Combo | null = null): Combo {
  const read = readCombo(cards(text), phoenixAs, top);
  if (!read.ok) throw new Error(`test bug: "${text}" is no combo (${read.error.code})`);
  return read.value;
}

/** Identity of a play: the card set and the Phoenix reading. */
function playKey(c: Combo): string {
  return `${sortCards(c.cards).join(' ')}|${c.phoenixAs ?? '-'}`;
}

/** Everything that matters about a combo, independent of card order. */
function fullKey(c: Combo): string {
  return `${c.type}|${c.rank}|${playKey(c)}`;
}

function subsets(hand: readonly Card[]): Card[][] {
  const out: Card[][] = [];
  for (let mask = 1; mask < 1 << hand.length; mask++) {
    out.push(hand.filter((_, i) => (mask & (1 << i)) !== 0));
  }
  return out;
}

/** Every (card set, reading) of the hand that may be led (top null) or played on `top`. */
function bruteForce(hand: readonly Card[], top: Combo | null): Combo[] {
  const out: Combo[] = [];
  for (const subset of subsets(hand)) {
    for (const c of readCombos(subset, top)) {
      if (top === null || beats(c, top)) out.push(c);
    }
  }
  return out;
}

function keys(list: readonly Combo[]): string[] {
  return list.map(fullKey).sort();
}

const half = (value: number) => value * 2;

// ---------------------------------------------------------------- classification

describe('"Combos": every type is recognised', () => {
  it.each<[string, string, ComboType, number, number?]>([
    ['single', '7jd', 'single', half(7)],
    ['single Ace', 'Ajd', 'single', half(14)],
    ['single 2', '2st', 'single', half(2)],
    ['"Mah Jong 1" as a single', 'mahjong', 'single', half(1)],
    ['"Dragon 15 as a single"', 'dragon', 'single', half(15)],
    ['"Phoenix as a single ... led ... worth 1.5"', 'phoenix', 'single', 3],
    ['pair', '7jd 7st', 'pair', half(7)],
    ['pair of Aces', 'Ajd Asw', 'pair', half(14)],
    ['triple', '9jd 9sw 9pg', 'triple', half(9)],
    [
      '"full house (triple + pair, ranked by the triple)": low triple, high pair',
      '3jd 3sw 3pg Kjd Kst',
      'fullHouse',
      half(3),
    ],
    [
      '"full house ... ranked by the triple": high triple, low pair',
      'Kjd Kst Ksw 3jd 3sw',
      'fullHouse',
      half(13),
    ],
    [
      '"straight (5+ consecutive ranks, any suits, ranked by its top card)"',
      '3jd 4sw 5pg 6st 7jd',
      'straight',
      half(7),
    ],
    ['straight of 6', '9jd 10sw Jpg Qst Kjd Asw', 'straight', half(14)],
    ['straight 10..A (Ace high)', '10jd Jsw Qpg Kst Ajd', 'straight', half(14)],
    [
      'straight of 13 normal ranks 2..A',
      '2jd 3sw 4pg 5st 6jd 7sw 8pg 9st 10jd Jsw Qpg Kst Ajd',
      'straight',
      half(14),
    ],
    [
      '"pair sequence (2+ consecutive pairs, ranked by the top pair)"',
      '5jd 5sw 6jd 6st',
      'pairSequence',
      half(6),
    ],
    ['pair sequence of 3', '2jd 2sw 3jd 3sw 4pg 4st', 'pairSequence', half(4)],
    [
      'pair sequence of 7',
      '8jd 8sw 9jd 9sw 10jd 10sw Jjd Jsw Qjd Qsw Kjd Ksw Ajd Asw',
      'pairSequence',
      half(14),
    ],
    ['"Bombs: four of a kind"', '8jd 8sw 8pg 8st', 'fourOfAKind', half(8)],
    ['"straight flush (5+ consecutive ranks of one suit)"', '3jd 4jd 5jd 6jd 7jd', 'straightFlush', half(7)],
    ['straight flush of 9', '2st 3st 4st 5st 6st 7st 8st 9st 10st', 'straightFlush', half(10)],
    ['straight flush of the top ranks', '10pg Jpg Qpg Kpg Apg', 'straightFlush', half(14)],
    ['"Dog": a play of its own', 'dog', 'dog', 0],
    ['Phoenix pair', 'Qjd phoenix', 'pair', half(12), 12],
    ['Phoenix triple', '4jd 4sw phoenix', 'triple', half(4), 4],
    ['Phoenix completes the pair of a full house', 'Kjd Kst Ksw 3jd phoenix', 'fullHouse', half(13), 3],
    ['Phoenix fills a straight gap', '3jd 4sw phoenix 6st 7jd', 'straight', half(7), 5],
    ['Phoenix in a pair sequence', '5jd 5sw 6jd phoenix', 'pairSequence', half(6), 6],
    ['Phoenix in a Mah Jong straight', 'mahjong 2jd 3sw phoenix 5st', 'straight', half(5), 4],
  ])('%s: %s', (_rule, text, type, rank, phoenixAs) => {
    const read = readCombo(cards(text));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.value.type).toBe(type);
    expect(read.value.rank).toBe(rank);
    expect(read.value.phoenixAs).toBe(phoenixAs);
    expect(sortCards(read.value.cards)).toEqual(sortCards(cards(text)));
    expect(isBomb(read.value)).toBe(type === 'fourOfAKind' || type === 'straightFlush');
  });

  it.each([
    ['"5+ consecutive ranks": four in a row is no straight', '3jd 4sw 5pg 6st'],
    ['two different ranks', '7jd 8jd'],
    ['three cards, two ranks', '7jd 7sw 8pg'],
    ['a gap in a straight', '3jd 4sw 5pg 6st 8jd'],
    ['a pair inside a run of 5', '3jd 4sw 4pg 5st 6jd'],
    ['"no A-2-3-4-5"', 'Ajd 2sw 3pg 4st 5jd'],
    ['"no wrap-around": Q-K-A-2-3', 'Qjd Ksw Apg 2st 3jd'],
    ['"no wrap-around": K-A-2-3-4 of one suit is no bomb either', 'Kjd Ajd 2jd 3jd 4jd'],
    ['"no wrap-around": Mah Jong after the Ace', '10jd Jsw Qpg Kst Ajd mahjong'],
    ['"Ace is only high": no pair sequence A-A-2-2', 'Ajd Asw 2jd 2sw'],
    ['a gap in a pair sequence', '5jd 5sw 7jd 7sw'],
    ['a single pair plus a card', '5jd 5sw 6jd'],
    ['two triples', '5jd 5sw 5pg 6jd 6sw 6pg'],
    ['a triple and a run', '5jd 5sw 5pg 6jd 7sw'],
    ['four of a kind + one card', '5jd 5sw 5pg 5st 6jd'],
    ['four of a kind + a pair', '5jd 5sw 5pg 5st 6jd 6sw'],
    ['three pairs not in a row', '2jd 2sw 5jd 5sw 9jd 9sw'],
    ['"Dog: only ... alone": Dog with a card', 'dog 2jd'],
    ['"Dog: only ... alone": Dog in a straight', 'dog mahjong 2jd 3sw 4pg'],
    ['"Dragon: single only": Dragon with an Ace', 'dragon Ajd'],
    ['"Dragon: single only": Dragon on top of a straight', '10jd Jsw Qpg Kst Ajd dragon'],
    ['"Dragon: single only": Dragon in a full house', 'dragon Kjd Ksw 2jd 2sw'],
    ['Mah Jong is no pair with a 2', 'mahjong 2jd'],
    ['Mah Jong is no part of a pair sequence', 'mahjong 2jd 2sw 3jd 3sw'],
    ['Mah Jong is no part of a full house', 'mahjong 2jd 2sw 2pg 3jd'],
    ['"[Phoenix] never pairs with Mah Jong"', 'mahjong phoenix'],
    ['"[Phoenix] never pairs with ... Dog"', 'dog phoenix'],
    ['"[Phoenix] never pairs with ... Dragon"', 'dragon phoenix'],
    ['"Four of a kind + Phoenix is not a full house"', '7jd 7sw 7pg 7st phoenix'],
    ['"7-7-7 + Phoenix is not a bomb" (and is nothing else)', '7jd 7sw 7pg phoenix'],
    ['Phoenix with two unrelated cards', '3jd 9sw phoenix'],
    ['Phoenix cannot fill two gaps', '3jd 5sw 7pg 8st phoenix'],
    [
      '"[Phoenix] never stands for a special card": no J-Q-K-A-Dragon straight through it',
      'Jjd Qsw Kpg Ast phoenix dragon',
    ],
  ])('not a combo: %s (%s)', (_rule, text) => {
    const cs = cards(text);
    expect(readCombos(cs)).toEqual([]);
    const read = readCombo(cs);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.error.code).toBe('not_a_combo');
  });

  it('no cards are no combo', () => {
    expect(readCombos([])).toEqual([]);
    const read = readCombo([]);
    expect(read.ok ? 'ok' : read.error.code).toBe('not_a_combo');
  });
});

describe('"Ace is only high ... The Mah Jong counts as 1 inside a straight"', () => {
  const RUN = ['2jd', '3sw', '4pg', '5st', '6jd', '7sw', '8pg', '9st', '10jd', 'Jsw', 'Qpg', 'Kst', 'Ajd'];

  it.each([5, 6, 7, 8, 9, 10, 11, 12, 13, 14])(
    '"1-2-3-4-5 ... up to the 14-card 1..A": %i cards from the Mah Jong',
    (length) => {
      const cs: Card[] = ['mahjong', ...(RUN.slice(0, length - 1) as Card[])];
      const read = readCombo(cs);
      expect(read.ok).toBe(true);
      if (!read.ok) return;
      expect(read.value.type).toBe('straight');
      expect(read.value.cards).toHaveLength(length);
      expect(read.value.rank).toBe(half(length));
    },
  );

  it.each([
    ['"1-2-3-4-5 of one suit is no bomb"', 'mahjong 2jd 3jd 4jd 5jd'],
    ['a long Mah Jong run of one suit is no bomb', 'mahjong 2st 3st 4st 5st 6st 7st 8st'],
  ])('"it has no suit, so %s"', (_rule, text) => {
    const read = readCombos(cards(text));
    expect(read).toHaveLength(1);
    expect(read[0]?.type).toBe('straight');
    expect(isBomb(read[0] as Combo)).toBe(false);
  });

  it('the 2..6 straight flush beats 1..5 as a bomb, but the Mah Jong run itself is an ordinary straight', () => {
    const mahjongRun = combo('mahjong 2jd 3jd 4jd 5jd');
    expect(beats(combo('2sw 3sw 4sw 5sw 6sw'), mahjongRun)).toBe(true);
    expect(beats(combo('2jd 3sw 4pg 5st 6jd'), mahjongRun)).toBe(true);
    expect(beats(mahjongRun, combo('2jd 3sw 4pg 5st 6jd'))).toBe(false);
  });
});

// ---------------------------------------------------------------- the Phoenix

describe('"Phoenix is a wild card for any normal rank (2..A)"', () => {
  it.each([
    ['"a same-suit run + Phoenix is an ordinary straight" (Phoenix on top)', '3jd 4jd 5jd 6jd phoenix', 7],
    ['"a same-suit run + Phoenix is an ordinary straight" (Phoenix in a gap)', '3jd 4jd phoenix 6jd 7jd', 5],
    ['a same-suit run of 8 + Phoenix is an ordinary straight', '2pg 3pg 4pg 5pg 6pg 7pg 8pg 9pg phoenix', 10],
  ])('%s', (_rule, text, phoenixAs) => {
    const all = readCombos(cards(text));
    expect(all.length).toBeGreaterThan(0);
    for (const c of all) {
      expect(c.type).toBe('straight');
      expect(isBomb(c)).toBe(false);
    }
    expect(combo(text).phoenixAs).toBe(phoenixAs);
  });

  it('"7-7-7 + Phoenix is not a bomb": no reading of it is a bomb, and a bomb-free hand gains none', () => {
    expect(readCombos(cards('7jd 7sw 7pg phoenix')).some(isBomb)).toBe(false);
    const hand = cards('7jd 7sw 7pg phoenix 3sw 4jd 5jd 6jd');
    expect(enumerateCombos(hand, null).some(isBomb)).toBe(false);
    expect(enumerateBombs(hand, null)).toEqual([]);
  });

  it('"never the 1 of a straight": P-2-3-4-5 reads only as 2..6', () => {
    const all = readCombos(cards('phoenix 2jd 3sw 4pg 5st'));
    expect(all.map((c) => [c.type, c.rank, c.phoenixAs])).toEqual([['straight', half(6), 6]]);
    const asOne = readCombo(cards('phoenix 2jd 3sw 4pg 5st'), 1);
    expect(asOne.ok ? 'ok' : asOne.error.code).toBe('bad_phoenix_reading');
  });

  it('"never stands for a special card": 10-J-Q-K-A + Phoenix reads only as a 9', () => {
    const all = readCombos(cards('10jd Jsw Qpg Kst Ajd phoenix'));
    expect(all.map((c) => [c.type, c.rank, c.phoenixAs])).toEqual([['straight', half(14), 9]]);
  });

  it('every reading of any cards with the Phoenix names a normal rank and is no bomb (property)', () => {
    const others = DECK.filter((c) => c !== 'phoenix');
    fc.assert(
      fc.property(fc.uniqueArray(fc.constantFrom(...others), { minLength: 1, maxLength: 9 }), (picked) => {
        for (const c of readCombos([...picked, 'phoenix'])) {
          expect(c.phoenixAs).toBeGreaterThanOrEqual(2);
          expect(c.phoenixAs).toBeLessThanOrEqual(14);
          expect(isBomb(c)).toBe(false);
          expect(c.cards).not.toContain('dog');
          expect(c.cards).not.toContain('dragon');
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('"Where the Phoenix allows several readings ... the default is the highest reading"', () => {
  it.each<[string, string, ComboType, [number, number][], number]>([
    [
      '"5-5-9-9-P: trio of 5s or of 9s"',
      '5jd 5sw 9jd 9sw phoenix',
      'fullHouse',
      [
        [5, half(5)],
        [9, half(9)],
      ],
      9,
    ],
    [
      '"10-J-Q-K-P: 9..K or 10..A"',
      '10jd Jsw Qpg Kst phoenix',
      'straight',
      [
        [9, half(13)],
        [14, half(14)],
      ],
      14,
    ],
    [
      '3-4-5-6-P: 2..6 or 3..7',
      '3jd 4sw 5pg 6st phoenix',
      'straight',
      [
        [2, half(6)],
        [7, half(7)],
      ],
      7,
    ],
    [
      'Mah Jong 1-2-3-4-P: only 1..5 (a 6 leaves a gap)',
      'mahjong 2jd 3sw 4pg phoenix',
      'straight',
      [[5, half(5)]],
      5,
    ],
    [
      'a long run with the Phoenix at either end',
      '5jd 6sw 7pg 8st 9jd 10sw Jpg phoenix',
      'straight',
      [
        [4, half(11)],
        [12, half(12)],
      ],
      12,
    ],
  ])('%s', (_rule, text, type, readings, preferred) => {
    const all = readCombos(cards(text));
    expect(all.every((c) => c.type === type)).toBe(true);
    expect(all.map((c) => [c.phoenixAs, c.rank]).sort((a, b) => (a[0] as number) - (b[0] as number))).toEqual(
      readings,
    );
    expect(combo(text).phoenixAs).toBe(preferred);
    for (const [phoenixAs, rank] of readings) {
      const chosen = combo(text, phoenixAs);
      expect(chosen.phoenixAs).toBe(phoenixAs);
      expect(chosen.rank).toBe(rank);
    }
  });

  it.each([
    ['5-5-9-9-P cannot be read with the Phoenix as a 7', '5jd 5sw 9jd 9sw phoenix', 7],
    ['10-J-Q-K-P cannot be read with the Phoenix as a Queen', '10jd Jsw Qpg Kst phoenix', 12],
    ['a Phoenix pair with a Queen cannot be a pair of Kings', 'Qjd phoenix', 13],
    ['"never stands for a special card": not the Dragon', '10jd Jsw Qpg Kst phoenix', 15],
    ['"never the 1 of a straight"', 'phoenix 2jd 3sw 4pg 5st', 1],
  ])('"the player may choose", but only a real reading: %s', (_rule, text, phoenixAs) => {
    const read = readCombo(cards(text), phoenixAs);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.error).toMatchObject({ code: 'bad_phoenix_reading', phoenixAs });
  });

  it.each([
    [
      'a full house read as 5s is beaten by 7-7-7-2-2',
      '5jd 5sw 9jd 9sw phoenix',
      5,
      '7pg 7st 7jd 2jd 2sw',
      true,
    ],
    [
      'a full house read as 9s is not beaten by 7-7-7-2-2',
      '5jd 5sw 9jd 9sw phoenix',
      9,
      '7pg 7st 7jd 2jd 2sw',
      false,
    ],
    [
      'a straight read as 9..K is beaten by 10..A',
      '10jd Jsw Qpg Kst phoenix',
      9,
      '10sw Jjd Qst Kpg Asw',
      true,
    ],
    [
      'a straight read as 10..A is not beaten by 10..A',
      '10jd Jsw Qpg Kst phoenix',
      14,
      '10sw Jjd Qst Kpg Asw',
      false,
    ],
    [
      '"equal is not higher": a straight read as 9..K is not beaten by 9..K',
      '10jd Jsw Qpg Kst phoenix',
      9,
      '9sw 10pg Jjd Qst Kpg',
      false,
    ],
  ])(
    '"The reading played is stored with the play and used for later comparisons": %s',
    (_rule, text, phoenixAs, next, expected) => {
      expect(beats(combo(next), combo(text, phoenixAs))).toBe(expected);
    },
  );
});

describe('"Phoenix as a single: worth the single it is played on + 1/2"', () => {
  it.each([
    ['"on an Ace: 14.5"', 'Ajd', 29],
    ['on a King: 13.5', 'Kst', 27],
    ['on a 7: 7.5', '7sw', 15],
    ['on a 2: 2.5', '2pg', 5],
    ['on the Mah Jong: 1.5', 'mahjong', 3],
  ])('%s', (_rule, topText, rank) => {
    const top = combo(topText);
    const phoenix = combo('phoenix', undefined, top);
    expect(phoenix.type).toBe('single');
    expect(phoenix.rank).toBe(rank);
    expect(beats(phoenix, top)).toBe(true);
  });

  it('"led ... it is worth 1.5"', () => {
    expect(combo('phoenix').rank).toBe(3);
    expect(readCombos(['phoenix'])).toEqual([{ type: 'single', cards: ['phoenix'], rank: 3 }]);
  });

  it.each([
    ['a 2 beats a led Phoenix (2 > 1.5)', 'phoenix', null, '2jd', true],
    ['the Mah Jong does not beat a led Phoenix (1 < 1.5)', 'phoenix', null, 'mahjong', false],
    ['an 8 beats a Phoenix played on a 7 (8 > 7.5)', 'phoenix', '7sw', '8jd', true],
    ['a 7 does not beat a Phoenix played on a 7', 'phoenix', '7sw', '7jd', false],
    ['the Dragon beats a Phoenix played on an Ace', 'phoenix', 'Ajd', 'dragon', true],
    ['an Ace does not beat a Phoenix played on an Ace', 'phoenix', 'Ajd', 'Asw', false],
  ])(
    'the Phoenix single is then beaten only by higher singles: %s',
    (_rule, phoenixText, under, nextText, expected) => {
      const top = combo(phoenixText, undefined, under === null ? null : combo(under));
      expect(beats(combo(nextText), top)).toBe(expected);
    },
  );

  it('"It never beats the Dragon"', () => {
    const dragon = combo('dragon');
    const phoenix = readCombos(['phoenix'], dragon);
    expect(phoenix.some((c) => beats(c, dragon))).toBe(false);
    expect(beats(combo('phoenix'), dragon)).toBe(false);
    expect(enumerateCombos(cards('phoenix 3jd'), dragon)).toEqual([]);
  });

  it('a Phoenix single only beats singles, not pairs', () => {
    expect(beats(combo('phoenix'), combo('2jd 2sw'))).toBe(false);
  });
});

// ---------------------------------------------------------------- comparisons

describe('"A combo can only be beaten by a higher combo of the same type and length; equal is not higher"', () => {
  it.each([
    ['a higher single', 'Kjd', 'Qjd', true],
    ['"equal is not higher": single', 'Qsw', 'Qjd', false],
    ['a lower single', 'Jjd', 'Qjd', false],
    ['an Ace beats a King', 'Ajd', 'Kjd', true],
    ['a 2 beats the Mah Jong', '2jd', 'mahjong', true],
    ['a higher pair', 'Kjd Ksw', 'Qjd Qsw', true],
    ['"equal is not higher": pair', 'Qpg Qst', 'Qjd Qsw', false],
    ['a pair does not beat a single', 'Kjd Ksw', 'Qjd', false],
    ['a single does not beat a pair', 'Ajd', '2jd 2sw', false],
    ['a higher triple', '9jd 9sw 9pg', '8jd 8sw 8pg', true],
    ['a triple does not beat a pair', '9jd 9sw 9pg', '8jd 8sw', false],
    [
      '"full house ... ranked by the triple": 4-4-4-2-2 beats 3-3-3-A-A',
      '4jd 4sw 4pg 2jd 2sw',
      '3jd 3sw 3pg Ajd Asw',
      true,
    ],
    [
      '"full house ... ranked by the triple": 3-3-3-A-A does not beat 4-4-4-2-2',
      '3jd 3sw 3pg Ajd Asw',
      '4jd 4sw 4pg 2jd 2sw',
      false,
    ],
    ['a full house does not beat a straight', 'Ajd Asw Apg Kjd Ksw', '2jd 3sw 4pg 5st 6jd', false],
    ['a higher straight of the same length', '4jd 5sw 6pg 7st 8jd', '3jd 4sw 5pg 6st 7jd', true],
    ['"equal is not higher": straight', '3sw 4jd 5st 6pg 7sw', '3jd 4sw 5pg 6st 7jd', false],
    [
      '"and length": a 6-straight does not beat a 5-straight',
      '4jd 5sw 6pg 7st 8jd 9sw',
      '3jd 4sw 5pg 6st 7jd',
      false,
    ],
    [
      '"and length": a high 5-straight does not beat a low 6-straight',
      '9jd 10sw Jpg Qst Kjd',
      '2jd 3sw 4pg 5st 6jd 7sw',
      false,
    ],
    [
      'a 2..6 straight beats the 1..5 Mah Jong straight',
      '2jd 3sw 4pg 5st 6jd',
      'mahjong 2sw 3pg 4st 5jd',
      true,
    ],
    ['a higher pair sequence of the same length', '6jd 6sw 7jd 7sw', '5jd 5sw 6pg 6st', true],
    ['"equal is not higher": pair sequence', '5pg 5st 6jd 6sw', '5jd 5sw 6pg 6st', false],
    ['"and length": 3 pairs do not beat 2 pairs', '6jd 6sw 7jd 7sw 8jd 8sw', '2jd 2sw 3jd 3sw', false],
    [
      '"and length": 2 high pairs do not beat 3 low pairs',
      'Kjd Ksw Ajd Asw',
      '2jd 2sw 3jd 3sw 4jd 4sw',
      false,
    ],
  ])('%s', (_rule, next, top, expected) => {
    expect(beats(combo(next), combo(top))).toBe(expected);
  });

  it('beats is irreflexive and antisymmetric over every combo of a rich hand (Phoenix single aside)', () => {
    const all = enumerateCombos(
      cards('phoenix mahjong 2jd 3jd 4jd 5jd 6jd 6sw 7sw 7pg 7st 7jd Ajd dragon'),
      null,
    );
    // A Phoenix single takes its worth from what it is played on, so it is left out here.
    const playable = all.filter(
      (c) => c.cards.length > 1 || (c.type === 'single' && c.cards[0] !== 'phoenix'),
    );
    for (const a of playable) {
      expect(beats(a, a)).toBe(false);
      for (const b of playable) {
        if (beats(a, b)) expect(beats(b, a)).toBe(false);
      }
    }
  });
});

describe('"Dragon: single only; beats every single including the Phoenix; only a bomb beats it"', () => {
  const normalSingles = DECK.filter((c) => c !== 'dragon' && c !== 'dog' && c !== 'phoenix');

  it.each(normalSingles)('the Dragon beats %s', (c) => {
    const dragon = combo('dragon');
    expect(beats(dragon, combo(c))).toBe(true);
    expect(beats(combo(c), dragon)).toBe(false);
  });

  it.each([
    ['a led Phoenix', null],
    ['a Phoenix on an Ace', 'Ajd'],
    ['a Phoenix on the Mah Jong', 'mahjong'],
  ])('the Dragon beats %s', (_rule, under) => {
    const phoenix = combo('phoenix', undefined, under === null ? null : combo(under));
    expect(beats(combo('dragon'), phoenix)).toBe(true);
  });

  it.each([
    ['four of a kind', '2jd 2sw 2pg 2st', true],
    ['a straight flush', '2jd 3jd 4jd 5jd 6jd', true],
    ['a pair', 'Ajd Asw', false],
    ['a straight', '10jd Jsw Qpg Kst Ajd', false],
  ])('"only a bomb beats it": %s', (_rule, next, expected) => {
    expect(beats(combo(next), combo('dragon'))).toBe(expected);
  });
});

describe('"Bombs beat every non-bomb combo. Four of a kind < any straight flush"', () => {
  const nonBombs = [
    ['a single Ace', 'Ajd'],
    ['the Dragon', 'dragon'],
    ['a Phoenix single', 'phoenix'],
    ['a pair of Aces', 'Ajd Asw'],
    ['a triple of Aces', 'Ajd Asw Apg'],
    ['a full house of Aces', 'Ajd Asw Apg Kjd Ksw'],
    ['the 14-card straight', 'mahjong 2jd 3sw 4pg 5st 6jd 7sw 8pg 9st 10jd Jsw Qpg Kst Ajd'],
    ['a straight with the Phoenix', '10jd Jsw Qpg Kst phoenix'],
    ['a pair sequence of 7', '8jd 8sw 9jd 9sw 10jd 10sw Jjd Jsw Qjd Qsw Kjd Ksw Ajd Asw'],
  ] as const;
  const lowBombs = [
    ['the lowest four of a kind', '2jd 2sw 2pg 2st'],
    ['the lowest straight flush', '2pg 3pg 4pg 5pg 6pg'],
  ] as const;

  it.each(
    lowBombs.flatMap(([bombName, bomb]) =>
      nonBombs.map(([name, text]) => [`${bombName} beats ${name}`, bomb, text] as const),
    ),
  )('%s', (_rule, bomb, text) => {
    expect(beats(combo(bomb), combo(text))).toBe(true);
    expect(beats(combo(text), combo(bomb))).toBe(false);
  });

  it.each([
    [
      '"Four of a kind < any straight flush": Aces lose to the lowest straight flush',
      '2jd 3jd 4jd 5jd 6jd',
      'Ajd Asw Apg Ast',
      true,
    ],
    [
      '"Four of a kind < any straight flush": the reverse is refused',
      'Ajd Asw Apg Ast',
      '2jd 3jd 4jd 5jd 6jd',
      false,
    ],
    ['a higher four of a kind beats a lower one', 'Ajd Asw Apg Ast', '2jd 2sw 2pg 2st', true],
    ['a lower four of a kind does not beat a higher one', '2jd 2sw 2pg 2st', 'Ajd Asw Apg Ast', false],
    ['fours of a kind one rank apart', '9jd 9sw 9pg 9st', '8jd 8sw 8pg 8st', true],
    [
      '"straight flushes compare by length first": 6 low beats 5 high',
      '2st 3st 4st 5st 6st 7st',
      '10jd Jjd Qjd Kjd Ajd',
      true,
    ],
    [
      '"straight flushes compare by length first": 5 high does not beat 6 low',
      '10jd Jjd Qjd Kjd Ajd',
      '2st 3st 4st 5st 6st 7st',
      false,
    ],
    ['"then top card": same length, higher top', '3st 4st 5st 6st 7st', '2jd 3jd 4jd 5jd 6jd', true],
    ['"then top card": same length, lower top', '2jd 3jd 4jd 5jd 6jd', '3st 4st 5st 6st 7st', false],
    [
      '"equal is not higher": same length and top in another suit',
      '2st 3st 4st 5st 6st',
      '2jd 3jd 4jd 5jd 6jd',
      false,
    ],
    ['a bomb is not beaten by a non-bomb', 'dragon', '2jd 2sw 2pg 2st', false],
  ])('%s', (_rule, next, top, expected) => {
    expect(beats(combo(next), combo(top))).toBe(expected);
  });
});

describe('"Dog: ... It is no combo: it cannot be beaten or bombed"', () => {
  it.each([
    ['a single', '2jd'],
    ['the Dragon', 'dragon'],
    ['the Phoenix', 'phoenix'],
    ['four of a kind', 'Ajd Asw Apg Ast'],
    ['a straight flush', '10st Jst Qst Kst Ast'],
  ])('%s does not beat the Dog', (_rule, text) => {
    expect(beats(combo(text), combo('dog'))).toBe(false);
  });

  it('the Dog beats nothing, and enumerateCombos lists nothing on it', () => {
    expect(beats(combo('dog'), combo('mahjong'))).toBe(false);
    expect(enumerateCombos(cards('Ajd Asw Apg Ast dragon phoenix 2jd'), combo('dog'))).toEqual([]);
  });

  it('"cannot be ... bombed": enumerateBombs lists no bomb on the Dog', () => {
    const dog = combo('dog');
    const hand = cards('Ajd Asw Apg Ast 2st 3st 4st 5st 6st');
    expect(enumerateBombs(hand, null).length).toBe(2);
    expect(enumerateBombs(hand, dog)).toEqual([]);
  });
});

// ---------------------------------------------------------------- enumeration

const HANDS: readonly (readonly [string, string])[] = [
  ['Mah Jong, Phoenix and a straight flush', 'mahjong 2jd 3jd 4jd 5jd 6jd 6sw phoenix 7pg'],
  ['four of a kind, Phoenix full houses, Dog and Dragon', '5jd 5sw 5pg 5st 9jd 9sw phoenix dragon dog'],
  ['the top straight flush and the Phoenix', '10jd Jjd Qjd Kjd Ajd 10sw Jsw phoenix'],
  ['pair sequences with Mah Jong and Phoenix', '3jd 3sw 4jd 4sw 5pg 5st 6jd phoenix mahjong'],
  ['triples and pairs without specials', '8jd 8sw 8pg 9st 9jd 10sw 10pg Jst Qjd'],
  ['the 14-card straight hand', 'mahjong 2jd 3sw 4pg 5st 6jd 7sw 8pg 9st 10jd Jsw Qpg Kst Ajd'],
  [
    'two bombs, a long flush, Phoenix and Dragon (14 cards)',
    'phoenix 2jd 2sw 2pg 2st 3jd 4jd 5jd 6jd 7jd 7sw 8sw Asw dragon',
  ],
];

const TOPS: readonly (readonly [string, () => Combo])[] = [
  ['the Mah Jong single', () => combo('mahjong')],
  ['a single 7', () => combo('7st')],
  ['a single Ace', () => combo('Ast')],
  ['a led Phoenix', () => combo('phoenix')],
  ['a Phoenix on a King', () => combo('phoenix', undefined, combo('Kpg'))],
  ['the Dragon', () => combo('dragon')],
  ['a pair of 4s', () => combo('4pg 4st')],
  ['a pair of Jacks', () => combo('Jpg Jjd')],
  ['a triple of 3s', () => combo('3pg 3st 3jd')],
  ['a full house of 4s', () => combo('4pg 4st 4jd Kpg Kst')],
  ['a full house of Queens', () => combo('Qpg Qst Qsw 2pg 2st')],
  ['a 5-card straight 2..6', () => combo('2pg 3pg 4pg 5sw 6st')],
  ['a 5-card straight 1..5', () => combo('mahjong 2pg 3pg 4st 5sw')],
  ['a 6-card straight 3..8', () => combo('3pg 4pg 5sw 6st 7st 8st')],
  ['a 5-card straight 9..K with the Phoenix', () => combo('10pg Jpg Qst Kst phoenix', 9)],
  ['a pair sequence of 2 pairs (2-3)', () => combo('2pg 2st 3pg 3st')],
  ['a pair sequence of 3 pairs (7-9)', () => combo('7pg 7st 8pg 8st 9pg 9st')],
  ['four 8s', () => combo('8jd 8sw 8pg 8st')],
  ['four Kings', () => combo('Kjd Ksw Kpg Kst')],
  ['a straight flush 2..6', () => combo('2st 3st 4st 5st 6st')],
  ['a straight flush 8..Q', () => combo('8pg 9pg 10pg Jpg Qpg')],
  ['a straight flush of 6', () => combo('3sw 4sw 5sw 6sw 7sw 8sw')],
  ['the Dog', () => combo('dog')],
];

describe('enumerateCombos on a lead: "every valid combo exactly once", as the brute force over all subsets', () => {
  it.each(HANDS)('%s: %s', (_name, text) => {
    const hand = cards(text);
    const listed = enumerateCombos(hand, null);
    const plays = listed.map(playKey);
    expect(new Set(plays).size).toBe(plays.length);
    expect(keys(listed)).toEqual(keys(bruteForce(hand, null)));
  });

  it.each(HANDS)('every listed combo reads back from its own cards (%s)', (_name, text) => {
    for (const c of enumerateCombos(cards(text), null)) {
      const read = readCombo(c.cards, c.phoenixAs);
      expect(read.ok).toBe(true);
      if (!read.ok) continue;
      expect(fullKey(read.value)).toBe(fullKey(c));
    }
  });

  it('a small hand, by hand: 7jd 7sw phoenix', () => {
    const listed = enumerateCombos(cards('7jd 7sw phoenix'), null).map(fullKey).sort();
    expect(listed).toEqual(
      [
        'single|14|7jd|-',
        'single|14|7sw|-',
        'single|3|phoenix|-',
        'pair|14|7jd 7sw|-',
        'pair|14|phoenix 7jd|7',
        'pair|14|phoenix 7sw|7',
        'triple|14|phoenix 7jd 7sw|7',
      ].sort(),
    );
  });
});

describe('enumerateCombos on a trick: "a higher combo of the same type and length", or a bomb', () => {
  const cases = HANDS.flatMap(([handName, hand]) =>
    TOPS.map(([topName, top]) => [`${handName} on ${topName}`, hand, top] as const),
  );

  it.each(cases)('%s', (_name, text, makeTop) => {
    const hand = cards(text);
    const top = makeTop();
    const listed = enumerateCombos(hand, top);
    const plays = listed.map(playKey);
    expect(new Set(plays).size).toBe(plays.length);
    const expected = bruteForce(hand, top);
    expect(keys(listed)).toEqual(keys(expected));
    // enumerateBombs on the Dog has a test of its own above.
    if (top.type !== 'dog') expect(keys(enumerateBombs(hand, top))).toEqual(keys(expected.filter(isBomb)));
  });

  it('the brute force is not vacuous: most hand/top pairs have a play, and some have none', () => {
    const sizes = cases.map(([, text, makeTop]) => bruteForce(cards(text), makeTop()).length);
    expect(sizes.filter((n) => n > 0).length).toBeGreaterThan(cases.length / 2);
    expect(sizes.some((n) => n === 0)).toBe(true);
  });
});

describe('enumerateCombos against the brute force on random hands (property)', () => {
  const handArb = fc.uniqueArray(fc.constantFrom(...DECK), { minLength: 1, maxLength: 9 });

  it('on a lead: the same (card set, reading) pairs, each once', () => {
    fc.assert(
      fc.property(handArb, (hand) => {
        const listed = enumerateCombos(hand, null);
        expect(new Set(listed.map(playKey)).size).toBe(listed.length);
        expect(keys(listed)).toEqual(keys(bruteForce(hand, null)));
      }),
      { numRuns: 300 },
    );
  });

  it('on a trick: exactly the subsets that beat the top', () => {
    fc.assert(
      fc.property(handArb, handArb, fc.nat(), (hand, other, pick) => {
        const tops = enumerateCombos(other, null);
        const top = tops[pick % tops.length] as Combo;
        const listed = enumerateCombos(hand, top);
        expect(new Set(listed.map(playKey)).size).toBe(listed.length);
        expect(keys(listed)).toEqual(keys(bruteForce(hand, top)));
      }),
      { numRuns: 300 },
    );
  });
});

// ---------------------------------------------------------------- legalCombos

describe('legalCombos (no wish open)', () => {
  const others = { 1: '2pg', 2: '3pg', 3: 'Qpg' } as const;

  it.each([
    ['Mah Jong, Phoenix and a straight flush', 'mahjong 2jd 3jd 4jd 5jd 6jd 6sw phoenix 7pg'],
    ['four of a kind, Phoenix, Dog and Dragon', '5jd 5sw 5pg 5st 9jd 9sw phoenix dragon dog'],
  ])('"The leader may not pass": on a lead every combo is legal (%s)', (_name, text) => {
    const state = buildScenario({ hands: { 0: text, ...others }, turn: 0 });
    expect(keys(legalCombos(state, 0))).toEqual(keys(bruteForce(cards(text), null)));
  });

  it.each<[string, string, string, Seat]>([
    ['a single 7', 'mahjong 2jd 3jd 4jd 5jd 6jd 6sw phoenix 7pg', '7st', 3],
    ['a pair of 4s', '5jd 5sw 5pg 5st 9jd 9sw phoenix dragon dog', '4pg 4st', 3],
    ['a straight 2..6', 'mahjong 2jd 3jd 4jd 5jd 6jd 6sw phoenix 7pg', '2st 3st 4sw 5st 6st', 3],
    ['four 8s', '5jd 5sw 5pg 5st 9jd 9sw phoenix dragon dog', '8jd 8sw 8pg 8st', 3],
  ])('on the trick, on turn: exactly the combos that beat it (%s)', (_name, text, trick, by) => {
    const state = buildScenario({
      hands: { 0: text, ...others },
      turn: 0,
      trick: [{ seat: by, cards: trick }],
    });
    const top = combo(trick);
    expect(keys(legalCombos(state, 0))).toEqual(keys(bruteForce(cards(text), top)));
  });

  it('"Bombs out of turn": off turn only the bombs that beat the table', () => {
    const text = 'mahjong 2jd 3jd 4jd 5jd 6jd 6sw phoenix 7pg';
    const state = buildScenario({
      hands: { 0: text, ...others },
      turn: 1,
      trick: [{ seat: 3, cards: '7st' }],
    });
    const listed = legalCombos(state, 0);
    expect(listed.length).toBeGreaterThan(0);
    expect(keys(listed)).toEqual(keys(bruteForce(cards(text), combo('7st')).filter(isBomb)));
  });

  it('"not on an empty table out of turn": no bombs off turn before the lead', () => {
    const state = buildScenario({
      hands: { 0: '5jd 5sw 5pg 5st 2jd 3jd 4jd 6jd', ...others },
      turn: 1,
    });
    expect(legalCombos(state, 0)).toEqual([]);
  });

  it('"it cannot be beaten or bombed": nothing on the Dog, not even a bomb', () => {
    const dog = combo('dog');
    expect(enumerateCombos(cards('5jd 5sw 5pg 5st 2jd 3jd 4jd 6jd'), dog)).toEqual([]);
  });
});
