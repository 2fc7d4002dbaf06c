/** The hand summary, the match result and the history's hand lines, rendered from plain records. */
import { describe, expect, it } from 'vitest';
import type { MatchDetail } from '../../src/app/stats.js';
import type { TableRecord } from '../../src/app/tableService.js';
import { renderMatchDetail } from '../../src/discord/renderHistory.js';
import {
  ratingChangeText,
  renderHandSummary,
  renderMatchResult,
  scoreAfter,
} from '../../src/discord/renderStory.js';
import {
  type Card,
  DEFAULT_SETTINGS,
  type HandResult,
  type MatchState,
  newMatch,
  parseCards,
  scoreHand,
} from '../../src/engine/index.js';
import { playingTable, RECORD_USERS } from '../support/records.js';

/** Ann, Ben, Cat in seats 0-2, a normal bot in seat 3. */
function table(): TableRecord {
  const t = playingTable(DEFAULT_SETTINGS);
  const names = ['Ann', 'Ben', 'Cat'];
  return {
    ...t,
    seats: [
      ...names.map((name, i) => ({ kind: 'user' as const, userId: RECORD_USERS[i] as string, name })),
      { kind: 'bot', level: 'normal' },
    ] as unknown as TableRecord['seats'],
  };
}

const none = [[], [], [], []] as [Card[], Card[], Card[], Card[]];

function cards(text: string): Card[] {
  const parsed = parseCards(text);
  if (!parsed.ok) throw new Error(`bad cards ${text}`);
  return parsed.value;
}

function description(payload: { content?: string; embeds: unknown[] }): string {
  expect(payload.embeds).toEqual([]);
  return payload.content as string;
}

describe('the hand summary', () => {
  // Ann out first with her Tichu; Bot 4 out second, then Cat; Ben last with the Dragon in hand.
  const result = scoreHand({
    number: 2,
    out: [0, 3, 2],
    calls: ['tichu', 'none', 'none', 'none'],
    won: [cards('Ksw Kjd 10sw 5sw'), cards('5jd'), [], cards('10jd Kpg 5pg')],
    hands: [[], cards('dragon 5st 10st'), [], []],
  });

  it('tells the order out, the call made, the card points, the hand’s score and the running one', () => {
    // Ben's tricks (5) go to Ann, the first out; his hand (Dragon 25, 5, 10) to the other team.
    expect(result.cardPoints).toEqual([35 + 5 + 40, 25]);
    const text = description(renderHandSummary(table(), result, [400, 215], 'en'));
    expect(text.split('\n')).toEqual([
      '**Hand 2 over**: 🟦 +180 — +25 🟧',
      'Out: 1. Ann · 2. Bot 4 · 3. Cat · 4. Ben',
      "Calls: Ann's Tichu ✅ made",
      'Card points: 🟦 80 — 25 🟧',
      'Score: 🟦 **Ann & Cat** 400 — 215 **Ben & Bot 4** 🟧  (to 1000)',
    ]);
  });

  it('pings nobody and shows no card', () => {
    const payload = renderHandSummary(table(), result, [0, 0], 'en');
    expect(payload.allowed_mentions).toEqual({ parse: [] });
    expect(JSON.stringify(payload)).not.toMatch(/Dragon|🐉|<@/);
  });

  it('a double victory: the two out, the team that takes 200, no card points line', () => {
    const dv = scoreHand({
      number: 1,
      out: [1, 3],
      calls: ['none', 'none', 'none', 'none'],
      won: none,
      hands: none,
    });
    const text = description(renderHandSummary(table(), dv, [0, 200], 'en'));
    expect(text).toContain('**Hand 1 over**: 🟦 0 — +200 🟧');
    expect(text).toContain('Out: 1. Ben · 2. Bot 4 (double victory)');
    expect(text).toContain('Double victory: **Ben & Bot 4** take 200');
    expect(text).not.toContain('Card points');
    expect(text).not.toContain('Calls:');
  });

  it('a Grand Tichu that failed and a Tichu that failed, each said', () => {
    const lost = scoreHand({
      number: 3,
      out: [1, 0, 2],
      calls: ['grandTichu', 'none', 'tichu', 'none'],
      won: none,
      hands: none,
    });
    const text = description(renderHandSummary(table(), lost, [-300, 0], 'en'));
    expect(text).toContain("Calls: Ann's Grand Tichu ❌ failed · Cat's Tichu ❌ failed");
    expect(text).toContain('**Hand 3 over**: 🟦 -300 — 0 🟧');
  });

  it('the running score after a hand sums the history up to it', () => {
    const hands = [
      { number: 1, total: [100, 0] },
      { number: 2, total: [-100, 300] },
      { number: 3, total: [25, 75] },
    ] as unknown as HandResult[];
    expect(scoreAfter(hands, 2)).toEqual([0, 300]);
    expect(scoreAfter(hands, 3)).toEqual([25, 375]);
  });
});

function finished(scores: [number, number], winner: 0 | 1): MatchState {
  const start = newMatch(DEFAULT_SETTINGS, 'story');
  const hand = { number: 1, total: scores } as unknown as HandResult;
  return { ...start, status: 'finished', winner, scores, history: [hand, hand, hand] };
}

const [ANN, BEN, CAT] = RECORD_USERS as [string, string, string];

describe('the match result', () => {
  const detail = (rated: boolean) => ({
    match: { id: 7, rated } as MatchDetail['match'],
    ratingChanges: rated
      ? [
          { seat: 0, userId: ANN, name: 'Ann', before: 25.08, after: 27.31 },
          { seat: 1, userId: BEN, name: 'Ben', before: 0, after: -1.62 },
        ]
      : [],
  });

  it('mentions the people seated (only them, by allowed_mentions), names the bot, says score and winners', () => {
    const payload = renderMatchResult(table(), finished([1025, 760], 0), detail(true), 'en');
    const lines = (payload.content as string).split('\n');
    expect(lines[0]).toBe(
      `🏁 **Match over** after 3 hands: 🟦 <@${ANN}> & <@${CAT}> **1025** — **760** <@${BEN}> & Bot 4 🟧`,
    );
    expect(lines[1]).toBe('🏆 **Ann & Cat** win the match!');
    expect(payload.allowed_mentions).toEqual({ parse: [], users: [ANN, BEN, CAT] });
    expect(lines.slice(2)).toEqual(['Ratings:', '• Ann 25.1 → 27.3 (+2.2)', '• Ben 0.0 → -1.6 (-1.6)']);
  });

  it('says what comes next at a table that can play another match, not at an event’s', () => {
    const over = { ...table(), status: 'finished' as const };
    const text = renderMatchResult(over, finished([1025, 760], 0), detail(false), 'en').content as string;
    expect(text.split('\n').at(-1)).toBe(
      '▶️ **New match** on the table message plays another with the same seats; `/history match number:7` keeps this one hand by hand, and `/stats` counts it.',
    );
    const boards = { ...over, settings: { ...over.settings, handLimit: 2 } };
    expect(renderMatchResult(boards, finished([1025, 760], 0), detail(false), 'en').content).not.toContain(
      'New match',
    );
  });

  it('says "unrated" when the match was not rated', () => {
    const payload = renderMatchResult(table(), finished([300, 1010], 1), detail(false), 'en');
    expect(payload.content).toContain('🏆 **Ben & Bot 4** win the match!');
    expect(payload.content).toContain('Ratings: unrated');
    expect(payload.content).not.toContain('→');
  });

  it('rating changes read as players say them', () => {
    expect(ratingChangeText('Ann', 25.1, 27.3)).toBe('Ann 25.1 → 27.3 (+2.2)');
    expect(ratingChangeText('Dan', 3, 3)).toBe('Dan 3.0 → 3.0 (+0.0)');
    expect(ratingChangeText('Eve', 10, 8.75)).toBe('Eve 10.0 → 8.8 (-1.2)');
  });
});

describe('a match in /history', () => {
  it('each hand has its card points and the running score; a rated match its rating changes', () => {
    const h1 = scoreHand({
      number: 1,
      out: [1, 3],
      calls: ['none', 'none', 'none', 'none'],
      won: none,
      hands: none,
    });
    const h2 = {
      ...h1,
      number: 2,
      doubleVictory: null,
      out: [0, 1, 2],
      cardPoints: [70, 30],
      total: [170, 30],
    } as HandResult;
    const h2calls = { ...h2, calls: ['tichu', 'none', 'none', 'none'] } as HandResult;
    const detail: MatchDetail = {
      match: {
        id: 7,
        tableId: 'abcd1234',
        channelId: '200000000000000001',
        status: 'finished',
        scoreA: 170,
        scoreB: 230,
        winner: 1,
        rated: true,
        handsPlayed: 2,
        endedAt: 1,
        startedAt: 0,
        guildId: '100000000000000001',
      },
      players: [0, 1, 2, 3].map((seat) => ({
        seat,
        userId: RECORD_USERS[seat] as string,
        name: ['Ann', 'Ben', 'Cat', 'Dan'][seat] as string,
        bombs: 0,
      })),
      hands: [h1, h2calls],
      holders: [],
      handEnds: new Map(),
      calls: [],
      ratingChanges: [{ seat: 2, userId: RECORD_USERS[2] as string, name: 'Cat', before: 1, after: 0.5 }],
    };
    const text = (renderMatchDetail(detail, 'en').embeds[0] as { description: string }).description;
    const lines = text.split('\n');
    expect(lines.find((l) => l.startsWith('**Hand 1**'))).toBe(
      '**Hand 1**: 0 — 200 · double victory · score 0 — 200 · out: Ben, Dan',
    );
    expect(lines.find((l) => l.startsWith('**Hand 2**'))).toBe(
      '**Hand 2**: 170 — 30 · cards 70 — 30 · score 170 — 230 · out: Ann, Ben, Cat · Ann Tichu ✅',
    );
    expect(text).toContain('Ratings:\n• Cat 1.0 → 0.5 (-0.5)');
    const unrated = renderMatchDetail(
      { ...detail, match: { ...detail.match, rated: false }, ratingChanges: [] },
      'en',
    );
    expect((unrated.embeds[0] as { description: string }).description).toContain('Ratings: unrated');
  });
});
