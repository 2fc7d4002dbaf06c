/** /challenge standings as text: each member's row, and one with no board compared yet. */
import { describe, expect, it } from 'vitest';
import type { ChallengeStandings, NamedStanding } from '../../src/app/challenges.js';
import { standingsText } from '../../src/discord/renderChallenge.js';

const INFO = { week: { endsAt: 1_700_000_000_000 }, number: 48, closed: false } as ChallengeStandings['info'];
const row = (name: string, rank: number, percent: number | null): NamedStanding => ({
  userId: `30000000000000000${rank}`,
  name,
  rank,
  boards: 2,
  percent,
  scores: [],
  playing: true,
});

describe('challenge standings', () => {
  it('says "no score yet" for a member none of whose boards anyone else has played, in either language', () => {
    const standings = { info: INFO, rows: [row('Ann', 1, 62.4), row('Eve', 2, null)] };
    const en = standingsText(standings, 'nobody', 'en');
    expect(en).toContain('1. Ann — 62% · 2/8');
    expect(en).toContain('2. Eve — no score yet · 2/8');
    expect(en).not.toContain('— –');
    expect(standingsText(standings, 'nobody', 'de')).toContain('2. Eve — noch ohne Wertung · 2/8');
  });
});
