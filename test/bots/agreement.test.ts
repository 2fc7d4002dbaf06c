/**
 * The agreement figure of issue 29 (`bots.normal.agreesWithHard`): how often one level chooses as
 * another on contested card plays. It must count every question, and tell a level that plays like
 * the judge from one that does not.
 */
import { describe, expect, it } from 'vitest';
import { levelAgreement } from '../../src/bots/agreement.js';

describe('levelAgreement', () => {
  it('a level asked the same questions with the same seeds agrees with itself every time', () => {
    const a = levelAgreement('normal', 'normal', 'agree/self', 40, 20);
    expect(a.contested).toBe(40);
    expect(a.agreed).toBe(40);
  });

  it('counts disagreements: the random-ish easy level agrees with the search less than normal does', () => {
    const easy = levelAgreement('easy', 'hard', 'agree/levels', 30, 40);
    const normal = levelAgreement('normal', 'hard', 'agree/levels', 30, 40);
    expect(easy.contested).toBe(30);
    expect(easy.agreed).toBeLessThan(normal.agreed);
  });

  it('repeats exactly from its seed', () => {
    expect(levelAgreement('normal', 'hard', 'agree/again', 12, 30)).toEqual(
      levelAgreement('normal', 'hard', 'agree/again', 12, 30),
    );
  });
});
