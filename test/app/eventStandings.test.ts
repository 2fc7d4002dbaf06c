/**
 * The event standings (/leaderboard by:events) on a real SQLite file: placings written straight to
 * club_event_placings (as eventResults.ts `placingsOf` would), ranked by the sum of their points,
 * then fewer events, then the better best placing (people equal in all three share a place); a
 * season's board counts the placings of its events only, all time every one of the server; hidden
 * players and other servers stay off it; and the board as the reader sees it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SeasonRecord } from '../../src/app/seasons.js';
import { BOARD_PAGE_SIZE, type Leaderboard, StatsService } from '../../src/app/stats.js';
import { placing, renderLeaderboard } from '../../src/discord/renderStats.js';
import {
  accepted,
  CHANNEL,
  createFixture,
  type Fixture,
  GUILD,
  HOST,
  OTHER_GUILD,
  USERS,
} from '../support/service.js';

let fx: Fixture;
let stats: StatsService;
beforeEach(() => {
  fx = createFixture();
  stats = new StatsService(fx.store);
});
afterEach(() => fx.cleanup());

const now = () => fx.env.now();
const [ANN, BEN, CAT, DAN, EVE, FAY] = USERS.map((u) => u.userId) as [
  string,
  string,
  string,
  string,
  string,
  string,
];
const NAMES: Record<string, string> = {
  [ANN]: 'Ann',
  [BEN]: 'Ben',
  [CAT]: 'Cat',
  [DAN]: 'Dan',
  [EVE]: 'Eve',
  [FAY]: 'Fay',
};
/** The viewer: on no board. */
const VIEWER = '399999999999999999';

function addPlayers(ids: readonly string[]): void {
  const insert = fx.store.db.prepare(
    'INSERT OR IGNORE INTO players (user_id, display_name, created_at, updated_at) VALUES (?, ?, ?, ?)',
  );
  for (const id of ids) insert.run(id, NAMES[id] ?? `P${id.slice(-3)}`, now(), now());
}

let events = 0;
/**
 * A finished event of `guild` created in `season` (null: none), its final standings a rank for
 * each entry, each entry the people in it: the placings `placingsOf` writes (points = entries −
 * rank + 1).
 */
function finishedEvent(
  season: number | null,
  standings: ReadonlyArray<readonly [rank: number, people: readonly string[]]>,
  guild = GUILD,
): string {
  const id = `ev${++events}`;
  const at = now();
  fx.store.db
    .prepare(
      `INSERT INTO club_events (id, guild_id, channel_id, host_id, format, hands, rounds, options, seed, status, round,
         season_id, created_at, updated_at)
       VALUES (?, ?, ?, ?, 'rotating', 4, 3, '{}', 'seed', 'finished', 3, ?, ?, ?)`,
    )
    .run(id, guild, CHANNEL, HOST.userId, season, at, at);
  const insert = fx.store.db.prepare(
    `INSERT INTO club_event_placings (event_id, guild_id, season_id, user_id, rank, field, points)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const field = standings.length;
  for (const [rank, people] of standings)
    for (const user of people) insert.run(id, guild, season, user, rank, field, field - rank + 1);
  return id;
}

function board(season: SeasonRecord | null = null, page = 0, viewer = VIEWER): Leaderboard {
  return accepted(stats.leaderboard(GUILD, 'events', page, viewer, season));
}

/** Each row as [name, points, events, best, rank]. */
function rowsOf(b: Leaderboard): Array<[string, number, number, number, number]> {
  return b.rows.map((r) => [r.name, r.value, r.events?.played ?? -1, r.events?.best ?? -1, r.rank]);
}

describe('the event standings', () => {
  it('sum the placing points of every event of the server, all time; no placing, not listed', () => {
    addPlayers([ANN, BEN, CAT, DAN, EVE, FAY]);
    // Four players: 4, 3, 2, 1 points.
    finishedEvent(null, [
      [1, [ANN]],
      [2, [BEN]],
      [3, [CAT]],
      [4, [DAN]],
    ]);
    // Two pairs (duplicate): each person of a pair gets its points; Ann and Eve win (2 each).
    finishedEvent(null, [
      [1, [ANN, EVE]],
      [2, [BEN, CAT]],
    ]);
    // Another server's event counts there only.
    finishedEvent(null, [[1, [DAN, FAY]]], OTHER_GUILD);
    const b = board();
    expect(b.sort).toBe('events');
    expect(b.season).toBeNull();
    expect(rowsOf(b)).toEqual([
      ['Ann', 6, 2, 1, 1],
      ['Ben', 4, 2, 2, 2],
      ['Cat', 3, 2, 2, 3],
      ['Eve', 2, 1, 1, 4],
      ['Dan', 1, 1, 4, 5],
    ]);
    expect(b.total).toBe(5);
    expect(b.viewer).toBeNull(); // no placing: not on the board
    expect(accepted(stats.leaderboard(GUILD, 'events', 0, CAT, null)).viewer).toEqual({ rank: 3, value: 3 });
    expect(rowsOf(accepted(stats.leaderboard(OTHER_GUILD, 'events', 0, VIEWER, null)))).toEqual([
      ['Dan', 1, 1, 1, 1],
      ['Fay', 1, 1, 1, 1],
    ]);
  });

  it('ties: fewer events first, then the better best placing; equal in all three share a place', () => {
    addPlayers([ANN, BEN, CAT, DAN, EVE, FAY]);
    // Ann: 3 points in one event. Ben and Cat: 3 in two, Cat's best 1st, Ben's 2nd.
    finishedEvent(null, [
      [1, [ANN]],
      [2, [BEN]],
      [3, [CAT]],
    ]);
    finishedEvent(null, [
      [1, [CAT]],
      [2, [BEN]],
    ]);
    // Dan: 4 points leads. Eve and Fay: 1 point in one event, best 2nd each: they share 5th
    // (listed by user id).
    finishedEvent(null, [
      [1, [DAN]],
      [2, [EVE]],
    ]);
    finishedEvent(null, [
      [1, [DAN]],
      [2, [FAY]],
    ]);
    const b = board();
    expect(rowsOf(b)).toEqual([
      ['Dan', 4, 2, 1, 1],
      ['Ann', 3, 1, 1, 2],
      ['Cat', 3, 2, 1, 3],
      ['Ben', 3, 2, 2, 4],
      ['Eve', 1, 1, 2, 5],
      ['Fay', 1, 1, 2, 5],
    ]);
    expect(accepted(stats.leaderboard(GUILD, 'events', 0, FAY, null)).viewer).toEqual({ rank: 5, value: 1 });
    expect(accepted(stats.leaderboard(GUILD, 'events', 0, EVE, null)).viewer).toEqual({ rank: 5, value: 1 });
  });

  it('a season counts the placings of events created in it; all time counts every one', () => {
    addPlayers([ANN, BEN, CAT]);
    finishedEvent(null, [
      [1, [ANN]],
      [2, [BEN]],
    ]);
    const spring = accepted(stats.seasons.start(GUILD, 'Spring', now()));
    finishedEvent(spring.id, [
      [1, [BEN]],
      [2, [CAT]],
      [3, [ANN]],
    ]);
    const springEnded = accepted(stats.seasons.end(GUILD, now()));
    const summer = accepted(stats.seasons.start(GUILD, 'Summer', now()));
    finishedEvent(summer.id, [
      [1, [CAT]],
      [1, [ANN]], // a tie shares the rank and the points
    ]);

    const inSpring = board(springEnded);
    expect(inSpring.season?.name).toBe('Spring');
    expect(rowsOf(inSpring)).toEqual([
      ['Ben', 3, 1, 1, 1],
      ['Cat', 2, 1, 2, 2],
      ['Ann', 1, 1, 3, 3],
    ]);
    expect(rowsOf(board(summer))).toEqual([
      ['Ann', 2, 1, 1, 1],
      ['Cat', 2, 1, 1, 1],
    ]);
    expect(rowsOf(board(null))).toEqual([
      ['Ann', 5, 3, 1, 1],
      ['Ben', 4, 2, 1, 2],
      ['Cat', 4, 2, 1, 2],
    ]);
    // The viewer's place is the season's.
    expect(accepted(stats.leaderboard(GUILD, 'events', 0, ANN, springEnded)).viewer).toEqual({
      rank: 3,
      value: 1,
    });
  });

  it('hidden players stay off it, and others move up; a hidden viewer is told', () => {
    addPlayers([ANN, BEN, CAT]);
    finishedEvent(null, [
      [1, [ANN]],
      [2, [BEN]],
      [3, [CAT]],
    ]);
    accepted(stats.setHidden(ANN, 'Ann', true, now()));
    const b = accepted(stats.leaderboard(GUILD, 'events', 0, ANN, null));
    expect(rowsOf(b)).toEqual([
      ['Ben', 2, 1, 2, 1],
      ['Cat', 1, 1, 3, 2],
    ]);
    expect(b.total).toBe(2);
    expect(b.viewer).toBeNull();
    expect(b.viewerHidden).toBe(true);
    expect(accepted(stats.leaderboard(GUILD, 'events', 0, CAT, null)).viewer).toEqual({ rank: 2, value: 1 });
  });

  it('pages like the other boards, the viewer placed even off the page', () => {
    const many = Array.from(
      { length: BOARD_PAGE_SIZE + 3 },
      (_, i) => `3100000000000000${String(i).padStart(2, '0')}`,
    );
    addPlayers(many);
    finishedEvent(
      null,
      many.map((id, i) => [i + 1, [id]] as const),
    );
    const first = board(null, 0, many[many.length - 1]);
    expect(first.pages).toBe(2);
    expect(first.total).toBe(many.length);
    expect(first.rows).toHaveLength(BOARD_PAGE_SIZE);
    expect(first.rows[0]).toMatchObject({ userId: many[0], value: many.length, rank: 1 });
    expect(first.viewer).toEqual({ rank: many.length, value: 1 });
    const second = board(null, 1);
    expect(second.rows.map((r) => r.rank)).toEqual([11, 12, 13]);
    expect(board(null, 9).page).toBe(1);
  });

  it('renders points, events and best placing, the season or all time, and the scheme', () => {
    addPlayers([ANN, BEN]);
    const spring = accepted(stats.seasons.start(GUILD, 'Spring', now()));
    finishedEvent(spring.id, [
      [1, [ANN]],
      [2, [BEN]],
    ]);
    finishedEvent(spring.id, [
      [1, [BEN]],
      [2, [ANN]],
    ]);
    const en = renderLeaderboard(accepted(stats.leaderboard(GUILD, 'events', 0, ANN, spring)), 'Club', 'en');
    const embed = en.embeds[0] as {
      author: { name: string };
      title: string;
      description: string;
      footer: { text: string };
    };
    expect(embed.author.name).toBe('📅 Season: Spring');
    expect(embed.title).toBe('🏆 Club — Event points');
    expect(embed.description.split('\n').slice(0, 2)).toEqual([
      '**1.** Ann — 3 points · 2 events · best 1st',
      '**1.** Ben — 3 points · 2 events · best 1st',
    ]);
    expect(embed.description).toContain('You: **#1** (3 points)');
    expect(embed.footer.text).toBe(
      'Page 1 of 1 · Event points: each event gives the number of entries below you plus one; ties share. Events created in this season.',
    );
    const ids = en.components.flatMap(
      (row) => (row as { components: Array<{ custom_id: string }> }).components,
    );
    expect(ids.map((c) => c.custom_id)).toContain(`lb:rating:0:s:${spring.id}`);
    expect(ids.map((c) => c.custom_id)).toContain(`lb:events:1:n:${spring.id}`);

    const de = renderLeaderboard(accepted(stats.leaderboard(GUILD, 'events', 0, BEN, null)), null, 'de');
    const deEmbed = de.embeds[0] as typeof embed;
    expect(deEmbed.author.name).toBe('📅 Alle Zeiten');
    expect(deEmbed.title).toBe('🏆 Dieser Server — Turnierpunkte');
    expect(deEmbed.description).toContain('**1.** Ann — 3 Punkte · 2 Turniere · bester Platz 1.');
    expect(deEmbed.footer.text).toContain(
      'Turnierpunkte: Jedes Turnier gibt die Zahl der Teilnehmer hinter dir plus eins',
    );

    const empty = renderLeaderboard(
      accepted(stats.leaderboard(OTHER_GUILD, 'events', 0, ANN, null)),
      null,
      'en',
    );
    expect((empty.embeds[0] as typeof embed).description).toContain(
      'Nobody has a placing in a finished event here yet.',
    );
    expect((empty.embeds[0] as typeof embed).footer.text).toContain('Every finished event on this server.');
  });

  it('writes placings the English way', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map((n) => placing(n, 'en'))).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '101st',
      '111th',
    ]);
    expect(placing(2, 'de')).toBe('2.');
  });
});
