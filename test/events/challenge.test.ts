/**
 * The weekly challenge's scoring: each board by matchpoints against every other member who played it
 * (the same numbers matchpoints.ts gives a field of tables), the week a mean percentage, ties sharing
 * a rank, partial entries after complete ones, and the share line's symbols (never a card).
 */
import { describe, expect, it } from 'vitest';
import type { NamedStanding, WeekInfo } from '../../src/app/challengeService.js';
import { cardLabel } from '../../src/discord/cardText.js';
import { GRADE_SYMBOLS, lineOf, shareText, symbolsOf } from '../../src/discord/renderChallenge.js';
import { DECK, Rng, seedRng } from '../../src/engine/index.js';
import {
  type ChallengeResultRow,
  challengeStandings,
  fieldMatchpoints,
  gradeOf,
  matchpointBoard,
} from '../../src/events/index.js';
import { LANGS } from '../../src/i18n/index.js';

const row = (userId: string, board: number, nsDiff: number): ChallengeResultRow => ({
  userId,
  board,
  nsDiff,
});

describe('matchpoints of a field', () => {
  it('agree with matchpointBoard on random fields', () => {
    const rng = new Rng(seedRng('challenge-mp'));
    for (let trial = 0; trial < 50; trial++) {
      const n = 1 + rng.nextInt(30);
      const nets = Array.from({ length: n }, () => (rng.nextInt(9) - 4) * 10);
      const tables = nets.map((ns, i) => ({ table: i, nsPair: `n${i}`, ewPair: `e${i}`, ns, ew: 0 }));
      const expected = matchpointBoard(tables)
        .filter((s) => s.direction === 'ns')
        .map((s) => s.mp);
      expect(fieldMatchpoints(nets)).toEqual(expected);
    }
  });
});

describe('the week’s standings', () => {
  it('scores each board against the field, ties a point each, and shares ranks', () => {
    const rows = [
      // Board 1: A +100, B +100, C -50: A and B beat C and tie each other (3 of 4); C 0 of 4.
      row('A', 1, 100),
      row('B', 1, 100),
      row('C', 1, -50),
      // Board 2: C best, then A and B tied.
      row('A', 2, 0),
      row('B', 2, 0),
      row('C', 2, 200),
    ];
    const standings = challengeStandings(rows);
    const of = (id: string) => standings.find((s) => s.userId === id);
    expect(of('A')?.scores.map((s) => [s.mp, s.top])).toEqual([
      [3, 4],
      [1, 4],
    ]);
    expect(of('A')?.percent).toBe(50);
    expect(of('B')?.percent).toBe(50);
    expect(of('C')?.percent).toBe(50);
    // All three tied: one rank.
    expect(standings.map((s) => s.rank)).toEqual([1, 1, 1]);
  });

  it('ranks members with more boards first, then by percentage; a lone board counts in no percentage', () => {
    const rows = [
      ...[1, 2, 3].map((b) => row('full', b, 0)),
      ...[1, 2, 3].map((b) => row('fuller', b, 10)),
      row('partial', 1, 500),
      // Board 4: only "full" played it: nobody to compare with.
      row('full', 4, 0),
    ];
    const standings = challengeStandings(rows);
    expect(standings.map((s) => [s.userId, s.rank, s.boards])).toEqual([
      ['full', 1, 4],
      ['fuller', 2, 3],
      ['partial', 3, 1],
    ]);
    const full = standings[0] as (typeof standings)[number];
    expect(full.scores.at(-1)?.grade).toBe('alone');
    // Boards 1-3: beaten by "fuller" (and on board 1 by "partial"): 0 of 4, 0 of 2, 0 of 2.
    expect(full.percent).toBe(0);
    expect(standings[2]?.percent).toBe(100);
  });

  it('grades a board: at least 2/3 green, at most 1/3 red, yellow between, nobody else white', () => {
    expect(gradeOf(4, 6)).toBe('top');
    expect(gradeOf(3, 6)).toBe('middle');
    expect(gradeOf(2, 6)).toBe('bottom');
    expect(gradeOf(0, 0)).toBe('alone');
  });
});

describe('the share line', () => {
  const info = { number: 48, closed: false } as unknown as WeekInfo;
  const standing = (grades: Array<'top' | 'middle' | 'bottom' | 'alone' | null>, percent: number | null) =>
    ({
      userId: 'u',
      name: 'Ann',
      playing: false,
      rank: 1,
      boards: grades.filter(Boolean).length,
      percent,
      scores: grades.flatMap((grade, i) =>
        grade ? [{ board: i + 1, nsDiff: 0, mp: 0, top: 2, grade }] : [],
      ),
    }) as NamedStanding;

  it('is one symbol a board and the percentage', () => {
    const s = standing(['top', 'middle', 'bottom', 'top', 'top', 'middle', 'top', 'top'], 62.4);
    expect(shareText(info, 'Ann', s, 'en')).toBe('Tichu challenge · week 48 · Ann 🟩🟨🟥🟩🟩🟨🟩🟩 62%');
    expect(lineOf(standing(['alone', null, null, null, null, null, null, null], null))).toBe(
      '⬜⬛⬛⬛⬛⬛⬛⬛ –',
    );
  });

  it('never holds a card label, in any language or card style', () => {
    const rng = new Rng(seedRng('share-lines'));
    const grades = ['top', 'middle', 'bottom', 'alone', null] as const;
    const labels = LANGS.flatMap((lang) => DECK.map((card) => cardLabel(card, { lang, faces: null })));
    for (let i = 0; i < 200; i++) {
      const s = standing(
        Array.from({ length: 8 }, () => grades[rng.nextInt(grades.length)] ?? null),
        rng.nextInt(2) ? null : rng.nextInt(10_001) / 100,
      );
      for (const lang of LANGS) {
        const text = shareText(info, 'Ann', s, lang);
        const symbols = symbolsOf(s);
        expect([...symbols].every((ch) => Object.values(GRADE_SYMBOLS).includes(ch))).toBe(true);
        for (const label of labels) expect(text.includes(label), `${label} in ${text}`).toBe(false);
      }
    }
  });
});
