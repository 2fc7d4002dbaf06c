/**
 * The records pages in German: /history (recent matches, a match, a hand's log), /stats,
 * /leaderboard and /table list render in the reader's language, leave no English sentence behind,
 * and stay within Discord's limits in their worst cases (long names, full pages, a long hand with
 * card emoji).
 */
import { describe, expect, it } from 'vitest';
import type { HandLog, Leaderboard, MatchDetail, PlayerStats } from '../../src/app/stats.js';
import type { TableList, TableRecord } from '../../src/app/tableService.js';
import {
  handLogLines,
  renderHandLog,
  renderMatchDetail,
  renderRecentMatches,
} from '../../src/discord/renderHistory.js';
import { renderList } from '../../src/discord/renderList.js';
import { renderLeaderboard, renderPlayerStats } from '../../src/discord/renderStats.js';
import type { CardFaces, Ui } from '../../src/discord/ui.js';
import {
  apply,
  DECK,
  DEFAULT_SETTINGS,
  type GameEvent,
  type HandResult,
  type MatchState,
  makeSettings,
  newMatch,
  publicView,
  scoreHand,
} from '../../src/engine/index.js';
import type { MatchSummaryRow } from '../../src/store/statsRepo.js';
import { playingTable, RECORD_USERS } from '../support/records.js';
import { livelyPolicy, nextSeat } from '../support/statsPlay.js';

const DE: Ui = { lang: 'de', faces: null };
/** Discord's longest display name is 32 characters. */
const LONG = 'Maximiliane-Wilhelmine von Zwei'.padEnd(32, 'x');
/** Every card as an application emoji with a long name and a 19-digit id: the longest card text. */
const FACES: CardFaces = new Map(
  DECK.map((card, i) => [
    card,
    { id: String(1_300_000_000_000_000_000n + BigInt(i)), name: `tichu_card_${card}` },
  ]),
);

type Embed = {
  title?: string;
  description?: string;
  footer?: { text: string };
  fields?: Array<{ name: string; value: string }>;
};
type Payload = {
  content?: string;
  embeds: Array<Record<string, unknown>>;
  components: Array<Record<string, unknown>>;
};

/** Every text of a payload against Discord's limits: title 256, description 4096, field 256/1024, footer 2048, labels 80. */
function expectWithinLimits(payload: Payload): void {
  if (payload.content !== undefined) expect(payload.content.length).toBeLessThanOrEqual(2000);
  for (const embed of payload.embeds as Embed[]) {
    expect(embed.title?.length ?? 0).toBeLessThanOrEqual(256);
    expect(embed.description?.length ?? 0).toBeLessThanOrEqual(4096);
    expect(embed.footer?.text.length ?? 0).toBeLessThanOrEqual(2048);
    expect(embed.fields?.length ?? 0).toBeLessThanOrEqual(25);
    for (const f of embed.fields ?? []) {
      expect(f.name.length).toBeLessThanOrEqual(256);
      expect(f.value.length).toBeLessThanOrEqual(1024);
    }
    const total =
      (embed.title?.length ?? 0) +
      (embed.description?.length ?? 0) +
      (embed.footer?.text.length ?? 0) +
      (embed.fields ?? []).reduce((n, f) => n + f.name.length + f.value.length, 0);
    expect(total).toBeLessThanOrEqual(6000);
  }
  for (const row of payload.components)
    for (const c of (row as { components: Array<{ label?: string; custom_id?: string }> }).components) {
      expect(c.label?.length ?? 0).toBeLessThanOrEqual(80);
      expect(c.custom_id?.length ?? 0).toBeLessThanOrEqual(100);
    }
}

function text(payload: Payload): string {
  return JSON.stringify(payload);
}

function summary(id: number, over: Partial<MatchSummaryRow> = {}): MatchSummaryRow {
  return {
    id,
    tableId: 'abcd1234',
    channelId: '200000000000000001',
    status: 'finished',
    scoreA: 1025,
    scoreB: 760,
    winner: 0,
    rated: true,
    handsPlayed: 12,
    endedAt: 1_700_000_000_000,
    startedAt: 1_699_990_000_000,
    guildId: '100000000000000001',
    ...over,
  };
}

describe('/history matches in German', () => {
  it('says who won, how many hands, rated; the title and footer are German', () => {
    const rows = [
      summary(9_999_999),
      summary(12, { status: 'abandoned', winner: null, rated: false, handsPlayed: 1 }),
    ];
    const payload = renderRecentMatches(rows, LONG, 'de');
    const embed = payload.embeds[0] as Embed;
    expect(embed.title).toBe(`Letzte Partien von ${LONG}`);
    expect(embed.description?.split('\n')).toEqual([
      '**#9999999** 🟦 1025 — 760 🟧 (🟦 hat gewonnen) · 12 Runden · gewertet · <#200000000000000001> · <t:1700000000:R>',
      '**#12** abgebrochen · 1 Runde · <#200000000000000001> · <t:1700000000:R>',
    ]);
    expect(embed.footer?.text).toContain('zeigt die Runden einer Partie');
    expect(text(payload)).not.toMatch(/hands|rated|won\)|abandoned|Last matches/);
    // The command lists at most 10 (`recentMatches`' limit).
    expectWithinLimits(
      renderRecentMatches(
        Array.from({ length: 10 }, (_, i) => summary(9_999_000 + i)),
        LONG,
        'de',
      ),
    );
  });

  it('an empty list, and the channel title', () => {
    const embed = renderRecentMatches([], null, 'de').embeds[0] as Embed;
    expect(embed.title).toBe('Letzte Partien in diesem Kanal');
    expect(embed.description).toMatch(
      /^In diesem Kanal noch keine beendete Partie\. Turniere und die Wochen-Challenge spielen in Threads/,
    );
  });
});

/** A finished hand: `out` in order, Ann's Tichu, Cat's Grand Tichu. */
function hand(number: number, out: HandResult['out'], calls: HandResult['calls']): HandResult {
  const none = [[], [], [], []] as never;
  return { ...scoreHand({ number, out, calls, won: none, hands: none }), number };
}

function detail(hands: readonly HandResult[], names: readonly string[], status = 'finished'): MatchDetail {
  return {
    match: summary(7, { status, handsPlayed: hands.length }),
    players: [0, 1, 2, 3].map((seat) => ({
      seat,
      userId: RECORD_USERS[seat] as string,
      name: names[seat] as string,
      bombs: 0,
    })),
    hands,
    holders: [],
    handEnds: new Map(),
    calls: [],
    ratingChanges: [0, 1, 2, 3].map((seat) => ({
      seat,
      userId: RECORD_USERS[seat] as string,
      name: names[seat] as string,
      before: 25,
      after: seat % 2 === 0 ? 26.5 : 23.5,
    })),
  };
}

describe('/history match in German', () => {
  it('each hand in German: Runde, Karten or Doppelsieg, Stand, raus, Großes Tichu', () => {
    const h1 = hand(1, [1, 3], ['none', 'none', 'none', 'none']);
    const h2 = hand(2, [0, 1, 2], ['tichu', 'none', 'grandTichu', 'none']);
    const payload = renderMatchDetail(detail([h1, h2], ['Ann', 'Ben', 'Cat', 'Dan']), 'de');
    const embed = payload.embeds[0] as Embed;
    expect(embed.title).toBe('Partie #7: 1025 — 760 (beendet, gewertet)');
    const lines = embed.description?.split('\n') ?? [];
    expect(lines[0]).toBe('🟦 Ann & Cat · 🟧 Ben & Dan');
    expect(lines.find((l) => l.startsWith('**Runde 1**'))).toBe(
      '**Runde 1**: 0 — 200 · Doppelsieg · Stand 0 — 200 · raus: Ben, Dan',
    );
    expect(lines.find((l) => l.startsWith('**Runde 2**'))).toMatch(
      /^\*\*Runde 2\*\*: .* · Karten 0 — 0 · Stand .* · raus: Ann, Ben, Cat · Ann Tichu ✅, Cat Großes Tichu ❌$/,
    );
    expect(embed.footer?.text).toContain('zeigt jeden Zug einer Runde');
    expect(text(payload)).not.toMatch(/double victory|score |out: |Grand Tichu|in progress|No hand/);
  });

  it('a match still playing says so; with no hand, says that none ended', () => {
    const embed = renderMatchDetail(detail([], ['Ann', 'Ben', 'Cat', 'Dan'], 'playing'), 'de')
      .embeds[0] as Embed;
    expect(embed.title).toBe('Partie #7: 1025 — 760 (läuft, gewertet)');
    expect(embed.description).toContain('Noch keine Runde beendet.');
  });

  it('a long match with the longest names stays within the embed', () => {
    const calls = ['grandTichu', 'tichu', 'grandTichu', 'tichu'] as HandResult['calls'];
    const hands = Array.from({ length: 60 }, (_, i) => hand(i + 1, [0, 1, 2], calls));
    const payload = renderMatchDetail(detail(hands, [LONG, LONG, LONG, LONG]), 'de');
    expectWithinLimits(payload);
  });
});

/** Every hand of a simulated match as the hand logs /history hand reads. */
function simulatedLogs(seed: string): HandLog[] {
  const policy = livelyPolicy('records', { grand: 0.1, tichu: 0.2, bomb: 0.9 });
  let state: MatchState = newMatch(makeSettings({ targetScore: 500 }), seed);
  const logs: Array<{ number: number; entries: Array<HandLog['entries'][number]> }> = [];
  for (let i = 0; i < 6_000 && state.status !== 'finished'; i++) {
    const seat = nextSeat(state);
    if (seat === null) throw new Error('nobody owes an action');
    const action = policy(state, seat);
    const number = state.hand.number;
    const step = apply(state, seat, action);
    if (!step.ok) throw new Error(step.error.code);
    state = step.value.state;
    if (logs.at(-1)?.number !== number) logs.push({ number, entries: [] });
    logs
      .at(-1)
      ?.entries.push({ version: state.version, seat, action, events: step.value.events as GameEvent[] });
  }
  return logs.map((l) => ({ match: summary(7), number: l.number, entries: l.entries }));
}

describe('/history hand in German', () => {
  const names = (seat: number) => ['Ann', 'Ben', 'Cat', 'Dan'][seat] as string;

  it('tells every kind of entry in German, cards by their German names', () => {
    const log = {
      match: summary(7),
      number: 1,
      entries: [
        {
          version: 2,
          seat: 1,
          action: { type: 'grandTichu', call: true },
          events: [{ type: 'grandTichuDecided', seat: 1, call: true }],
        },
        { version: 3, seat: 2, action: { type: 'grandTichu', call: false }, events: [], forced: 'timeout' },
        {
          version: 4,
          seat: 0,
          action: { type: 'exchange', next: 'dragon', partner: 'dog', previous: '2jd' },
          events: [],
        },
        { version: 5, seat: 0, action: { type: 'tichu' }, events: [{ type: 'tichuCalled', seat: 0 }] },
        {
          version: 6,
          seat: 0,
          action: { type: 'play', cards: ['mahjong'] },
          events: [
            { type: 'played', seat: 0, combo: { type: 'single', cards: ['mahjong'], rank: 2, length: 1 } },
            { type: 'wishMade', seat: 0, rank: 7 },
          ],
        },
        {
          version: 7,
          seat: 1,
          action: { type: 'pass' },
          events: [{ type: 'passed', seat: 1 }],
          forced: 'away',
        },
        {
          version: 8,
          seat: 2,
          action: { type: 'pass' },
          events: [{ type: 'passed', seat: 2 }],
          forced: 'timeout',
        },
        {
          version: 9,
          seat: 3,
          action: { type: 'play', cards: ['7st', '7jd', '7sw', '7pg'] },
          events: [
            {
              type: 'played',
              seat: 3,
              outOfTurn: true,
              combo: { type: 'fourOfAKind', cards: ['7st', '7jd', '7sw', '7pg'], rank: 14, length: 4 },
            },
            { type: 'wishFulfilled', rank: 7 },
            { type: 'wentOut', seat: 3, place: 1 },
          ],
        },
        {
          version: 10,
          seat: 0,
          action: { type: 'pass' },
          events: [
            { type: 'passed', seat: 0 },
            { type: 'trickWon', trick: { winner: 3, takenBy: 3, points: 0 } },
          ],
        },
        {
          version: 11,
          seat: 1,
          action: { type: 'play', cards: ['dog'] },
          events: [
            { type: 'played', seat: 1, outOfTurn: false, combo: { type: 'dog', cards: ['dog'], rank: 0 } },
            { type: 'leadPassedByDog', from: 1, to: 0 },
          ],
        },
        {
          version: 12,
          seat: 0,
          action: { type: 'giveDragon', to: 1 },
          events: [
            { type: 'dragonGiven', from: 0, to: 1 },
            { type: 'trickWon', trick: { winner: 0, takenBy: 1, points: 25 } },
          ],
        },
        {
          version: 13,
          seat: 3,
          action: { type: 'wish', rank: null },
          events: [
            { type: 'wishMade', seat: 3, rank: null },
            { type: 'handEnded', result: { total: [-100, 300] } },
          ],
        },
      ],
    } as unknown as HandLog;
    expect(handLogLines(log, (seat) => names(seat), DE)).toEqual([
      'Ben sagt **Großes Tichu** an',
      'Cat ⏰ (Zeit abgelaufen)',
      'Ann schupft 🐉 Drache → Ben, 🐕 Hund → Cat, 🟢2 → Dan',
      'Ann sagt **Tichu** an',
      'Ann: 🀄 Mah Jong',
      'Ann wünscht sich 7',
      'Ben passt 💤 (abwesend: der Bot spielte)',
      'Cat passt ⏰ (Zeit abgelaufen)',
      // Every play with its cards, as the table message showed it; its player's last cards marked.
      'Dan (außer der Reihe): Viererbombe 7 (🟢7 ⚫7 🔵7 🔴7) · 🏁 raus als 1.',
      'der Wunsch nach 7 ist erfüllt',
      'Ann passt',
      '→ Dan nimmt den Stich (0 Punkte)',
      // The Dog's lead and whom it passed to, in one line, as on the table message.
      'Ben: 🐕 Hund → das Anspiel geht an Ann',
      // The gift and who takes the trick in one line: they cannot disagree.
      '→ Ann verschenkt den Drachen-Stich an Ben (25 Punkte)',
      'Dan wünscht sich nichts',
      'Runde vorbei: -100 — 300',
    ]);
  });

  it('the longest hands of simulated matches fit the embed with card emoji; the file has text cards', () => {
    const logs = ['records-1', 'records-2', 'records-3'].flatMap(simulatedLogs);
    const match = detail([], [LONG, LONG, LONG, LONG]);
    const longest = logs.reduce((a, b) => (b.entries.length > a.entries.length ? b : a));
    // Make it longer still: the same hand three times over (a log of over 4096 characters).
    const huge = { ...longest, entries: [...longest.entries, ...longest.entries, ...longest.entries] };
    for (const log of [longest, huge]) {
      const { payload, full } = renderHandLog(log, match, { lang: 'de', faces: FACES });
      expectWithinLimits(payload);
      const shown = (payload.embeds[0] as Embed).description ?? '';
      expect(shown).toContain('<:tichu_card_');
      // A cut never splits an emoji: every "<:" closes.
      expect(shown.match(/<:/g)?.length).toBe(shown.match(/<:[A-Za-z_0-9]+:\d+>/g)?.length);
      expect(full).not.toContain('<:');
      expect(full).not.toContain('**');
      expect(full).toMatch(/schupft/);
      expect(full).toMatch(/Runde vorbei: /);
      expect(full).not.toMatch(/ passes| calls |Hand over|takes the trick/);
      expect((payload.embeds[0] as Embed).title).toBe(`Partie #7, Runde ${log.number}`);
    }
    const cut = (renderHandLog(huge, match, { lang: 'de', faces: FACES }).payload.embeds[0] as Embed)
      .description;
    expect(cut).toMatch(/… \(das ganze Protokoll hängt an\)$/);
  });
});

function board(over: Partial<Leaderboard> = {}): Leaderboard {
  return {
    sort: 'rating',
    page: 1,
    pages: 3,
    total: 25,
    rows: Array.from({ length: 10 }, (_, i) => ({
      rank: 11 + i,
      userId: `30000000000000010${i}`,
      name: LONG,
      value: 20.25 - i,
      wins: 999,
      matches: 1000,
      mu: 30.5,
      sigma: 2.25,
    })),
    viewer: { rank: 12, value: 19.25 },
    viewerHidden: false,
    ...over,
  } as Leaderboard;
}

describe('/leaderboard in German', () => {
  it('Wertung with decimal commas, the viewer, German buttons and footer', () => {
    const payload = renderLeaderboard(board(), 'Tichu Club', 'de');
    const embed = payload.embeds[0] as Embed;
    expect(embed.title).toBe('🏆 Tichu Club — Wertung');
    expect(embed.description?.split('\n')[0]).toBe(`**11.** ${LONG} — 20,3 · 30,5 ± 4,5 · 999/1000 gewonnen`);
    expect(embed.description).toContain('Du: **#12** (19,3)');
    expect(embed.footer?.text).toMatch(/^Seite 2 von 3 · Wertung = Können − 3 × Unsicherheit/);
    const labels = payload.components
      .flatMap((row) => (row as { components: Array<{ label: string }> }).components)
      .map((c) => c.label);
    expect(labels).toEqual([
      '◀ Zurück',
      'Weiter ▶',
      'Wertung',
      'Siege',
      'Siegquote',
      'Tichu-Erfolg',
      'Turnierpunkte',
    ]);
    expect(text(payload)).not.toMatch(/Previous|Next|Page|You| won|Rating/);
    expectWithinLimits(payload);
    // The longest server name Discord allows (100).
    expectWithinLimits(renderLeaderboard(board({ sort: 'winrate' }), 'S'.repeat(100), 'de'));
  });

  it('empty, hidden, absent; a server without a name is "Dieser Server"', () => {
    const empty = renderLeaderboard(
      board({ rows: [], viewer: null, viewerHidden: true, sort: 'wins' }),
      null,
      'de',
    );
    const embed = empty.embeds[0] as Embed;
    expect(embed.title).toBe('🏆 Dieser Server — Siege');
    expect(embed.description).toContain('Hier steht noch niemand in der Rangliste.');
    expect(embed.description).toContain('Du bist in Ranglisten verborgen');
    expect(embed.footer?.text).toContain('Alle beendeten Partien.');
    const absent = renderLeaderboard(board({ viewer: null, sort: 'tichu' }), null, 'de').embeds[0] as Embed;
    expect(absent.description).toContain('Du stehst noch nicht in dieser Rangliste.');
    expect(absent.footer?.text).toContain('Spieler mit mindestens 5 Partien');
  });
});

describe('/stats: rated and casual matches apart, in German and English', () => {
  const rated = {
    matches: 120_000,
    wins: 60_000,
    hands: 1_500_000,
    points: 1_234_567,
    tichuCalls: 9_000,
    tichuMade: 7_000,
    grandCalls: 800,
    grandMade: 300,
    doubleVictories: 4_000,
    bombs: 12_000,
  };
  const casual = {
    matches: 4,
    wins: 3,
    hands: 10,
    points: 1_005,
    tichuCalls: 2,
    tichuMade: 1,
    grandCalls: 0,
    grandMade: 0,
    doubleVictories: 1,
    bombs: 0,
  };
  const stats: PlayerStats = {
    userId: RECORD_USERS[0] as string,
    totals: null,
    rated,
    casual,
    rating: { mu: 31.25, sigma: 1.5, ordinal: 26.75, ratedMatches: 100_000 },
    rank: 1,
    favouritePartner: { userId: RECORD_USERS[1] as string, name: LONG, matches: 50_000, wins: 30_000 },
    hidden: true,
  };

  it('German: a field per kind, a line per count, decimal commas, and what makes a match casual', () => {
    const payload = renderPlayerStats(stats, LONG, 'de');
    const embed = payload.embeds[0] as Embed;
    expect(embed.title).toBe(`📊 ${LONG} (in Ranglisten verborgen)`);
    const fields = Object.fromEntries((embed.fields ?? []).map((f) => [f.name, f.value]));
    expect(fields).toEqual({
      'Gewertete Partien': [
        'Partien: 60000 von 120000 gewonnen (50%)',
        'Runden: 1500000 · 0,8 Teampunkte pro Runde',
        'Tichu: 7000 von 9000 geschafft (78%)',
        'Großes Tichu: 300 von 800 geschafft (38%)',
        'Doppelsiege: 4000',
        'Bomben: 12000',
      ].join('\n'),
      'Ungewertete Partien': [
        'Partien: 3 von 4 gewonnen (75%)',
        'Runden: 10 · 100,5 Teampunkte pro Runde',
        'Tichu: 1 von 2 geschafft (50%)',
        'Großes Tichu: 0 von 0 geschafft (—)',
        'Doppelsiege: 1',
        'Bomben: 0',
      ].join('\n'),
      Wertung: '26,8 (31,3 ± 3,0, 100000 gewertet) · #1',
      Lieblingspartner: `${LONG}: 50000 Partien zusammen, 30000 gewonnen`,
    });
    expect(embed.footer?.text).toContain('Ungewertet: ein Bot oder Ersatz saß auf einem Platz');
    expect(text(payload)).not.toMatch(/Matches|Hands|made of|team points|Favourite|hidden from|Casual|Rated/);
    expectWithinLimits(payload);
  });

  it('English: only casual matches (a player who has played with bots alone), with no rating', () => {
    const payload = renderPlayerStats(
      { ...stats, rated: null, rating: null, rank: null, hidden: false },
      'Ann',
      'en',
    );
    const embed = payload.embeds[0] as Embed;
    expect(embed.title).toBe('📊 Ann');
    expect((embed.fields ?? []).map((f) => f.name)).toEqual(['Casual matches', 'Favourite partner']);
    expect(embed.fields?.[0]?.value).toBe(
      [
        'Matches: 3 won of 4 (75%)',
        'Hands: 10 · 100.5 team points a hand',
        'Tichu: 1 made of 2 (50%)',
        'Grand Tichu: 0 made of 0 (—)',
        'Double victories: 1',
        'Bombs: 0',
      ].join('\n'),
    );
    expect(embed.footer?.text).toBe(
      'Casual matches are unrated: a bot or a substitute held a seat, or the match had fewer than 3 hands. Only rated matches move your rating.',
    );
    expectWithinLimits(payload);
  });

  it('English: rated matches only: no casual field and no note', () => {
    const embed = renderPlayerStats({ ...stats, casual: null }, 'Ann', 'en').embeds[0] as Embed;
    expect((embed.fields ?? []).map((f) => f.name)).toEqual(['Rated matches', 'Rating', 'Favourite partner']);
    expect(embed.footer).toBeUndefined();
  });

  it('with no finished match, in both languages', () => {
    const none = { ...stats, rated: null, casual: null };
    expect((renderPlayerStats(none, 'Ann', 'de').embeds[0] as Embed).description).toBe(
      'Noch keine beendete Partie auf diesem Server.',
    );
    expect((renderPlayerStats(none, 'Ann', 'en').embeds[0] as Embed).description).toBe(
      'No finished match on this server yet.',
    );
  });
});

describe('/table list in German', () => {
  const view = {
    ...publicView(newMatch(DEFAULT_SETTINGS, 'list-seed')),
    scores: [350, 200] as [number, number],
  };
  const paused = (): TableRecord => {
    const table = playingTable(DEFAULT_SETTINGS);
    const seats = [...table.seats];
    seats[1] = { kind: 'user', userId: RECORD_USERS[1] as string, name: 'P1', away: true };
    seats[3] = { kind: 'bot', level: 'hard' };
    return { ...table, status: 'paused', channelId: '200000000000000003', seats: seats as never };
  };
  const lobby: TableRecord = {
    ...playingTable(DEFAULT_SETTINGS),
    id: 'lobby001',
    channelId: '200000000000000002',
    status: 'lobby',
    matchId: null,
    seats: [
      { kind: 'user', userId: RECORD_USERS[0] as string, name: 'P0' },
      null,
      { kind: 'bot', level: 'easy' },
      null,
    ],
  };

  it('German rows, title, footer and buttons', () => {
    const list: TableList = {
      page: 0,
      pages: 2,
      total: 12,
      mine: false,
      rows: [
        { table: paused(), view, activeAt: 1_700_000_000_000 },
        { table: { ...paused(), status: 'playing' }, view, activeAt: 1_700_000_000_000 },
        { table: lobby, view: null, activeAt: 1_699_000_000_000 },
      ],
    };
    const payload = renderList(list, 'de');
    const embed = payload.embeds[0] as Embed;
    expect(embed.title).toBe('Tichu-Tische auf diesem Server');
    expect(embed.description?.split('\n')).toEqual([
      '⏸️ <#200000000000000003> · 350 — 200 (bis 1000), Runde 1 · P0, P1 (abwesend), P2, Bot 4 · pausiert <t:1700000000:R>',
      '▶️ <#200000000000000003> · 350 — 200 (bis 1000), Runde 1 · P0, P1 (abwesend), P2, Bot 4 · letzter Zug <t:1700000000:R>',
      '🪑 <#200000000000000002> · Lobby, 2/4 Plätze besetzt: P0, Bot 3 · letzte Aktivität <t:1699000000:R>',
    ]);
    expect(embed.footer?.text).toMatch(/^Seite 1 von 2 · zuletzt aktive zuerst/);
    expect(text(payload)).toContain('Weiter ▶');
    expect(text(payload)).not.toMatch(/seated|waiting|paused|last move|Page|Next/);
  });

  it('empty lists, and a full page of the longest names within the embed', () => {
    const mine = renderList({ page: 0, pages: 1, total: 0, mine: true, rows: [] }, 'de');
    expect((mine.embeds[0] as Embed).title).toBe('Deine Tichu-Tische');
    expect((mine.embeds[0] as Embed).description).toBe('Du sitzt an keinem Tisch auf diesem Server.');
    const all = renderList({ page: 0, pages: 1, total: 0, mine: false, rows: [] }, 'de');
    expect((all.embeds[0] as Embed).description).toContain('Eröffne einen mit /table create.');
    const long = (): TableRecord => {
      const table = paused();
      const seats = RECORD_USERS.map((userId) => ({ kind: 'user', userId, name: LONG, away: true }));
      return { ...table, seats: seats as never };
    };
    const rows = Array.from({ length: 10 }, () => ({
      table: long(),
      view: { ...view, scores: [-99_999, -99_999] as [number, number], handNumber: 9_999 },
      activeAt: 1_700_000_000_000,
    }));
    expectWithinLimits(renderList({ page: 9_998, pages: 9_999, total: 99_990, mine: true, rows }, 'de'));
  });
});
