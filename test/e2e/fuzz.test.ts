/**
 * The fuzz proof at a small size (bench/fuzz.ts runs 10,000 in `npm run bench` and `npm run chaos`):
 * random interactions of every kind, with random option values, types and lengths, forged custom
 * ids and values, from seated and unseated users, through the real bot and the local Discord. None
 * fails in the bot, none goes unanswered, none the bot refused changes its table, no one changes a
 * table they may not (someone not seated only by taking a seat; someone seated only through their
 * own seat), no promise is left rejected, and no card of a hand shows in a payload others see or in
 * a log line. Seeded: a failure names its seed, channel and step. One run defers nearly every answer
 * (a 1 ms deferral delay), so the deferred paths are fuzzed too; one shows cards as the card emoji.
 * The checks themselves are shown to catch what they look for (bench/fuzzChecks.ts).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runFuzz } from '../../bench/fuzz.js';
import { CardWatch, changeProblem } from '../../bench/fuzzChecks.js';
import { cardText } from '../../src/discord/cardText.js';
import type { Card } from '../../src/engine/index.js';
import { LocalDiscord, type RestCall } from '../../src/localDiscord/index.js';
import type { TableRecord } from '../../src/store/records.js';
import {
  ALICE,
  CHANNEL,
  committedState,
  createFixture,
  type Fixture,
  HOST,
  startFourHumans,
} from '../support/service.js';

describe('fuzz', () => {
  it.each([
    ['door-1', {}],
    ['door-2', {}],
    ['door-deferred', { deferAfterMs: 1 }],
    ['door-pictures', { cardPictures: true }],
  ])(
    'seed %s: 300 random interactions, all answered, none failed, nothing changed or shown that may not be',
    async (seed, extra) => {
      const run = await runFuzz({ interactions: 300, seed, ...extra });
      console.log(
        `fuzz seed ${seed}: ${run.interactions} interactions, ${run.accepted} accepted, ${run.publicPayloads} public payloads, ${run.logLines} log lines`,
      );
      expect(run.problems).toEqual([]);
      expect(run.internalErrors).toBe(0);
      expect(run.unanswered).toBe(0);
      expect(run.illegalChanges).toBe(0);
      expect(run.wrongStateChanges).toBe(0);
      expect(run.wrongSeatActions).toBe(0);
      expect(run.unhandledRejections).toBe(0);
      expect(run.cardsLeaked).toBe(0);
      expect(run.publicMessagesReplaced).toBe(0);
      expect(run.interactions).toBe(300);
      // Every family of id was forged at public messages: the table message's, a panel's, a seat
      // request's, the leaderboard's, the table list's, an event message's, a hand summary's Review
      // and the challenge's Share.
      const families =
        'back ch ev ex exs gift gt hand join lb leave lp pass pick play rv seatno seatok start take tichu tl wish';
      expect(Object.keys(run.familiesSent).sort()).toEqual(families.split(' '));
      // The card checks looked at something: payloads others see, and every interaction's log line.
      expect(run.publicPayloads).toBeGreaterThan(10);
      expect(run.logLines).toBeGreaterThanOrEqual(300);
      // Every kind was sent: commands, autocomplete, components, context menus and forms.
      const kinds = Object.keys(run.kinds).join(' ');
      for (const kind of ['/table', 'autocomplete', 'context menu', 'modal', 'menu', 'component'])
        expect(kinds).toContain(kind);
    },
  );
});

describe('the fuzz checks catch what they look for', () => {
  let fx: Fixture;
  let discord: LocalDiscord;
  beforeEach(async () => {
    fx = createFixture();
    discord = await LocalDiscord.start();
  });
  afterEach(async () => {
    fx.cleanup();
    await discord.close();
  });

  /** A message the bot posts in the channel (others see it), as the local Discord records it. */
  const post = (body: Record<string, unknown>): RestCall => ({
    method: 'POST',
    path: `/channels/${CHANNEL}/messages`,
    route: '/channels/:channel/messages',
    query: {},
    body,
    files: [],
    status: 200,
    response: null,
    at: 0,
  });

  it('a card of a hand in a public payload, in each form, and in a log line', () => {
    const table = startFourHumans(fx).table;
    const hand = committedState(fx.store, table).hand.hands[1] as readonly Card[];
    const [a, b, c, d] = hand as [Card, Card, Card, Card];
    const faces = new Map([[c, { id: '1234567890123456789', name: 'Hidden_c_1a2b3c4d' }]]);
    const watch = new CardWatch(discord, fx.store, faces);
    try {
      discord.hub.record(post({ content: 'Ann and Ben are playing.' }));
      expect(watch.leaks).toEqual([]);
      discord.hub.record(post({ content: `Ben holds ${cardText(a, 'en')}` }));
      discord.hub.record(post({ embeds: [{ fields: [{ name: 'x', value: b }] }] }));
      discord.hub.record(post({ content: `<:Hidden_c_1a2b3c4d:1234567890123456789>` }));
      // Shown at the version of the deal (its custom id says so): the card was in a hand then.
      discord.hub.record(
        post({ content: cardText(d, 'de'), components: [{ custom_id: `hand:${table.id}:0` }] }),
      );
      // A panel's control (a pick of cards) where everyone sees it.
      discord.hub.record(post({ components: [{ custom_id: `lp:${table.id}:0:0a0b` }] }));
      expect(watch.leaks).toHaveLength(5);
      expect(watch.publicPayloads).toBe(6);
      watch.checkLogLine(JSON.stringify({ msg: 'interaction', kind: 'lp' }), [CHANNEL]);
      expect(watch.leaks).toHaveLength(5);
      watch.checkLogLine(JSON.stringify({ msg: 'x', action: { cards: [a] } }), [CHANNEL]);
      expect(watch.leaks).toHaveLength(6);
    } finally {
      watch.close();
    }
  });

  it('a change an unseated user made, and a seated user moving another seat', () => {
    const table = startFourHumans(fx).table;
    const before = { table, version: 0 };
    const stranger = '300000000000000009';
    const none = () => [];
    // Nothing changed, or a seat of their own taken: allowed.
    expect(changeProblem(stranger, before, before, none)).toBeNull();
    expect(
      changeProblem(
        stranger,
        { table: null, version: null },
        { table: lobby(table, stranger), version: null },
        none,
      ),
    ).toBeNull();
    // Someone else's seat changed, or the match moved on a stranger's click: wrong.
    const moved = { table, version: 1 };
    expect(changeProblem(stranger, before, moved, none)).toMatch(/not seated, moved the match/);
    const unseated = {
      ...table,
      seats: [table.seats[0], null, table.seats[2], table.seats[3]] as TableRecord['seats'],
    };
    expect(changeProblem(stranger, before, { table: unseated, version: 0 }, none)).toMatch(
      /changed the table/,
    );
    // A seated user's click moved their own seat and the bots': allowed; another person's seat: wrong.
    const own = () => [{ seat: 0, userId: HOST.userId, version: 1, forced: null }];
    expect(changeProblem(HOST.userId, before, moved, own)).toBeNull();
    const other = () => [{ seat: 1, userId: ALICE.userId, version: 1, forced: null }];
    expect(changeProblem(HOST.userId, before, moved, other)).toMatch(/seat 2 moved for/);
    const asBot = () => [{ seat: 1, userId: null, version: 1, forced: null }];
    expect(changeProblem(HOST.userId, before, moved, asBot)).toMatch(/a person's, moved as a bot's/);
    // An away seat played for its holder is the bot's move, logged with the holder.
    const away = () => [{ seat: 1, userId: ALICE.userId, version: 1, forced: 'away' }];
    expect(changeProblem(HOST.userId, before, moved, away)).toBeNull();
  });
});

/** The table as a fresh lobby hosted by `userId` (what opening one where none was makes). */
function lobby(table: TableRecord, userId: string): TableRecord {
  return {
    ...table,
    status: 'lobby',
    hostId: userId,
    matchId: null,
    seats: [{ kind: 'user', userId, name: 'Stranger' }, null, null, null],
  };
}
