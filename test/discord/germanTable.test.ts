/**
 * What a German server reads in a table's channel: the table message (lobby, play with a trick
 * told in full, the last trick, timeouts, seats and buttons), a seat request, turn pings, a hand's
 * summary and a match's result, each from the German catalogue with no English sentence left.
 */
import type { Client } from 'discord.js';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { ActOutcome, Reminder } from '../../src/app/outcomes.js';
import type { MatchDetail } from '../../src/app/stats.js';
import type { SeatAsked, TableRecord, TableService } from '../../src/app/tableService.js';
import { timerWords } from '../../src/discord/clockText.js';
import { Looks } from '../../src/discord/looks.js';
import { Outbox } from '../../src/discord/outbox.js';
import { renderHandSummary, renderMatchResult } from '../../src/discord/renderStory.js';
import { renderTable } from '../../src/discord/renderTable.js';
import { renderRequest } from '../../src/discord/seatRequests.js';
import { TurnNotifier } from '../../src/discord/turnNotifier.js';
import type { Ui } from '../../src/discord/ui.js';
import {
  apply,
  type Card,
  DEFAULT_SETTINGS,
  type HandResult,
  type MatchState,
  makeSettings,
  newMatch,
  parseCards,
  publicView,
  type Seat,
  scoreHand,
} from '../../src/engine/index.js';
import { buildScenario } from '../../src/engine/scenario.js';
import { validateMessage } from '../../src/localDiscord/validate.js';
import { playingTable, RECORD_USERS } from '../support/records.js';
import { field, interactive, partsText, v2Parts } from '../support/tableParts.js';

const DE: Ui = { lang: 'de', faces: null };

function act(state: MatchState, seat: Seat, action: unknown): MatchState {
  const step = apply(state, seat, action);
  if (!step.ok) throw new Error(JSON.stringify(step.error));
  return step.value.state;
}

/** Ann, Ben, Cat in seats 0-2 (Ann hosts), a hard bot in seat 3. */
function table(over: Partial<TableRecord> = {}): TableRecord {
  const t = playingTable(DEFAULT_SETTINGS);
  return {
    ...t,
    seats: [
      ...['Ann', 'Ben', 'Cat'].map((name, i) => ({
        kind: 'user' as const,
        userId: RECORD_USERS[i] as string,
        name,
      })),
      { kind: 'bot', level: 'hard' },
    ] as unknown as TableRecord['seats'],
    ...over,
  };
}

interface Shown {
  title: string;
  text: string;
  fields: Record<string, string>;
  buttons: string[];
}

function shown(t: TableRecord, state: MatchState | null, ui: Ui = DE): Shown {
  const payload = renderTable({ table: t, view: state ? publicView(state) : null }, ui);
  const parts = v2Parts(payload.components);
  const buttons = interactive(payload.components) as Array<{ label: string }>;
  const fields = Object.fromEntries(parts.fields.map((f) => [f.name, f.value]));
  return {
    title: parts.title,
    text: partsText(parts),
    fields,
    buttons: buttons.map((b) => b.label),
  };
}

/** Sentences the English table message says: none may be left in German. */
const ENGLISH =
  /\b(Waiting|Seats|Standard rules|House rules|leads|to play|took it|pass(es)?|cards?|points|hand|host|away|empty|Join|Leave|Start|My hand|Take seat|New match|decision|ran out)\b/;

describe('the table message in German', () => {
  it('the lobby: title, target and seating, rules and timer, seats with host and bot level, buttons', () => {
    const lobby = table({
      status: 'lobby',
      matchId: null,
      seats: [...table().seats.slice(0, 1), null, null, { kind: 'bot', level: 'hard' }] as never,
    });
    const s = shown(lobby, null);
    expect(s.title).toBe('Tichu · neuer Tisch');
    expect(s.text).toContain('Bis 1000 Punkte · Sitzordnung: frei gewählt');
    expect(s.text).toContain('Standardregeln · ⏱️ 2 Minuten pro Entscheidung');
    expect(s.text).toContain('Warten auf Spieler: setz dich auf einen Platz, dann startet der Gastgeber.');
    expect(s.fields.Plätze?.split('\n')).toEqual([
      '🟦 1. Ann (Gastgeber)',
      '🟧 2. *frei*',
      '🟦 3. *frei*',
      '🟧 4. Bot 4 (schwer)',
    ]);
    expect(s.buttons).toEqual(['Beitreten', 'Verlassen', 'Starten']);
    expect(s.text).not.toMatch(ENGLISH);
  });

  it('house rules and the Grand Tichu phase, whom it waits for', () => {
    let state = newMatch(makeSettings({ wishOptional: false, callsAfterFirstOut: false }), 'de-seed');
    state = act(state, 0, { type: 'grandTichu', call: true });
    const s = shown(table({ settings: state.settings, timer: '30s' }), state);
    expect(s.title).toBe('Tichu · Runde 1');
    expect(s.text).toContain(
      'Hausregeln: kein Tichu mehr, sobald jemand raus ist · der Mah Jong muss einen Wunsch nennen · ⏱️ 30 Sekunden pro Entscheidung',
    );
    expect(s.text).toContain('🟦 **Ann & Cat** 0 — 0 **Ben & Bot 4** 🟧  (bis 1000)');
    expect(s.text).toContain(
      'Großes Tichu? 1/4 haben entschieden. Schau dir deine ersten 8 Karten an: **Meine Karten**. Warten auf Ben, Cat, Bot 4.',
    );
    expect(s.fields.Plätze?.split('\n')[0]).toBe('🟦 1. Ann (Gastgeber) — 8 Karten · **Großes Tichu!**');
    // Take seat stands beside its seat, above the row of My hand.
    expect(s.buttons).toEqual(['Platz 4 übernehmen', 'Meine Karten']);
    expect(s.text).not.toMatch(ENGLISH);
  });

  it('a trick told in full with its passes, then who took it; away seats, timeouts and the deadline', () => {
    let state = buildScenario({
      hands: { 0: '3st 9st Kst', 1: '4jd 5jd Ajd', 2: '6sw 7sw 8sw', 3: '2pg 10pg Qpg' },
      turn: 0,
    });
    state = act(state, 0, { type: 'play', cards: ['3st'] });
    state = act(state, 1, { type: 'play', cards: ['4jd'] });
    state = act(state, 2, { type: 'pass' });
    state = act(state, 3, { type: 'pass' });
    state = act(state, 0, { type: 'play', cards: ['Kst'] });
    state = act(state, 1, { type: 'pass' });
    const seats = [...table().seats];
    seats[2] = { kind: 'user', userId: RECORD_USERS[2] as string, name: 'Cat', away: true };
    const t = table({
      seats: seats as never,
      deadline: { at: 1_700_000_120_000, key: 'x' },
      notice: {
        moves: [
          { seat: 1, action: { type: 'pass' } },
          { seat: 2, action: { type: 'play', cards: ['7jd', '7sw'] as Card[] } },
          { seat: 3, action: { type: 'exchange' } },
          { seat: 0, action: { type: 'giveDragon', to: 3 } },
        ],
      },
    });
    const s = shown(t, state);
    expect(s.fields['Auf dem Tisch']?.split('\n')).toEqual([
      'Ann: Einzelkarte 3 (🔴3)',
      'Ben: Einzelkarte 4 (🟢4) · Cat, Bot 4 passen',
      'Ann: Einzelkarte K (🔴K) · Ben passt',
    ]);
    expect(s.text).toContain('▶️ **Cat** ist am Zug.');
    expect(s.text).toContain('⏰ Die Zeit läuft <t:1700000120:R> ab');
    expect(s.text).toContain('⏰ **Ben**: Zeit abgelaufen, gepasst');
    expect(s.text).toContain('⏰ **Cat**: Zeit abgelaufen, Paar 7 gespielt');
    expect(s.text).toContain('⏰ **Bot 4**: Zeit abgelaufen, Karten automatisch geschupft');
    expect(s.text).toContain('⏰ **Ann**: Zeit abgelaufen, Drachen-Stich an Bot 4 verschenkt');
    expect(s.fields.Plätze?.split('\n')[2]).toBe('🟦 3. Cat · abwesend (Bot spielt) — 3 Karten ◀️');
    expect(s.text).not.toMatch(ENGLISH);
    state = act(state, 2, { type: 'pass' });
    state = act(state, 3, { type: 'pass' });
    const after = shown(table(), state);
    expect(after.fields['Auf dem Tisch']).toBeUndefined();
    expect(after.fields['Letzter Stich']).toBe('Ann hat den Stich mit Einzelkarte K genommen · 10 Punkte');
    expect(after.text).toContain('▶️ **Ann** spielt aus.');
    expect(after.fields.Plätze?.split('\n')[1]).toBe('🟧 2. Ben — 2 Karten');
  });

  it('the same table in English for an English reader (the Ui decides, nothing else)', () => {
    const state = newMatch(DEFAULT_SETTINGS, 'de-seed');
    const s = shown(table(), state, { lang: 'en', faces: null });
    expect(s.title).toBe('Tichu · hand 1');
    expect(s.text).toContain('Grand Tichu? 0/4 decided.');
    expect(s.buttons).toEqual(['Take seat 4', 'My hand']);
  });

  it('a finished match, paused and closed tables', () => {
    const state: MatchState = {
      ...newMatch(DEFAULT_SETTINGS, 'de-seed'),
      status: 'finished',
      winner: 1,
      scores: [640, 1015],
    };
    const done = shown(table({ status: 'finished' }), state);
    expect(done.text).toContain('🏆 **Ben & Bot 4** gewinnen 1015 zu 640!');
    expect(done.buttons).toEqual(['Neue Partie', 'Verlassen']);
    const paused = shown(table({ status: 'paused' }), newMatch(DEFAULT_SETTINGS, 'de-seed'));
    expect(paused.text).toContain('⏸️ Pausiert. Weiter mit /table resume.');
    const closed = shown(table({ status: 'abandoned', matchId: null }), null);
    expect(closed.text).toContain('Dieser Tisch wurde geschlossen.');
  });

  it('the timer words in German', () => {
    expect(timerWords('5m', 'de')).toBe('⏱️ 5 Minuten pro Entscheidung');
    expect(timerWords('off', 'de')).toBe('⏱️ kein Zeitlimit');
  });
});

describe('a seat request in German', () => {
  it('names the seat, mentions who decides, German buttons', () => {
    const seats = [...table().seats];
    seats[1] = { kind: 'user', userId: RECORD_USERS[1] as string, name: 'Ben', away: true };
    const asked = (approvers: string[]): SeatAsked => ({
      table: table({ seats: seats as never }),
      approvers,
      request: {
        tableId: 'abcd1234',
        matchId: 1,
        seat: 3,
        userId: '300000000000000009',
        name: 'Eve',
        nonce: 'n1',
        approvals: [],
        createdAt: 1,
      },
    });
    const [host, other] = RECORD_USERS as [string, string, string];
    const byHost = renderRequest(asked([host]), 1, 'de');
    expect(byHost.content).toBe(
      `🙋 **Eve** möchte Platz 4 (Bot 4, Bot-Stufe schwer) an diesem Tisch übernehmen.\n<@${host}>: mit einem Klick zustimmen oder ablehnen.`,
    );
    const labels = byHost.components[0]?.components.map((b) => b.label);
    expect(labels).toEqual(['Zustimmen', 'Ablehnen']);
    expect(renderRequest(asked([host, other]), 1, 'de').content).toContain(
      `Der Gastgeber ist abwesend: <@${host}> und <@${other}> müssen alle zustimmen`,
    );
  });
});

function cards(text: string): Card[] {
  const parsed = parseCards(text);
  if (!parsed.ok) throw new Error(`bad cards ${text}`);
  return parsed.value;
}

describe('the story of a hand and a match in German', () => {
  it('the hand summary', () => {
    const result = scoreHand({
      number: 2,
      out: [0, 3, 2],
      calls: ['tichu', 'grandTichu', 'none', 'none'],
      won: [cards('Ksw Kjd 10sw 5sw'), cards('5jd'), [], cards('10jd Kpg 5pg')],
      hands: [[], cards('dragon 5st 10st'), [], []],
    });
    const text = renderHandSummary(table(), result, [400, 215], 'de').content ?? '';
    expect(text.split('\n')).toEqual([
      `**Runde 2 vorbei**: 🟦 +180 — -175 🟧`,
      'Reihenfolge: 1. Ann · 2. Bot 4 · 3. Cat · 4. Ben',
      'Ansagen: Ann: Tichu ✅ geschafft · Ben: Großes Tichu ❌ gescheitert',
      'Kartenpunkte: 🟦 80 — 25 🟧',
      'Stand: 🟦 **Ann & Cat** 400 — 215 **Ben & Bot 4** 🟧  (bis 1000)',
    ]);
    const none = [[], [], [], []] as [Card[], Card[], Card[], Card[]];
    const dv = scoreHand({
      number: 1,
      out: [1, 3],
      calls: ['none', 'none', 'none', 'none'],
      won: none,
      hands: none,
    });
    const double = renderHandSummary(table(), dv, [0, 200], 'de').content ?? '';
    expect(double).toContain('Reihenfolge: 1. Ben · 2. Bot 4 (Doppelsieg)');
    expect(double).toContain('Doppelsieg: **Ben & Bot 4** bekommen 200');
  });

  it('the match result, rated and unrated', () => {
    const start = newMatch(DEFAULT_SETTINGS, 'story');
    const hand = { number: 1, total: [0, 0] } as unknown as HandResult;
    const state: MatchState = {
      ...start,
      status: 'finished',
      winner: 0,
      scores: [1025, 760],
      history: [hand, hand, hand],
    };
    const [ann, ben, cat] = RECORD_USERS as [string, string, string];
    const detail = (rated: boolean) => ({
      match: { rated } as MatchDetail['match'],
      ratingChanges: rated ? [{ seat: 0, userId: ann, name: 'Ann', before: 25.08, after: 27.31 }] : [],
    });
    const lines = (renderMatchResult(table(), state, detail(true), 'de').content ?? '').split('\n');
    expect(lines).toEqual([
      `🏁 **Partie vorbei** nach 3 Runden: 🟦 <@${ann}> & <@${cat}> **1025** — **760** <@${ben}> & Bot 4 🟧`,
      '🏆 **Ann & Cat** gewinnen die Partie!',
      'Wertung:',
      '• Ann 25.1 → 27.3 (+2.2)',
    ]);
    const one = { ...state, history: [hand] };
    const unrated = renderMatchResult(table(), one, detail(false), 'de').content ?? '';
    expect(unrated).toContain('nach 1 Runde:');
    expect(unrated).toContain('Wertung: keine (eine gewertete Partie');
    // An event's table that ends level after its hands: a draw, said as one.
    const level = { ...state, winner: null, scores: [300, 300] as [number, number] };
    const drawn = renderMatchResult(table(), level, detail(false), 'de').content ?? '';
    expect(drawn).toContain('🤝 Die Partie endet unentschieden.');
    expect(drawn).not.toContain('gewinnen');
  });
});

describe('turn pings in a German server', () => {
  it('the ping and the reminder speak the server’s language', async () => {
    const posted: string[] = [];
    const t = table({ deadline: { at: 1_700_000_120_000, key: 'x' } });
    const client = {
      guilds: { cache: new Map([[t.guildId, { preferredLocale: 'de' }]]) },
      rest: {
        post: async (_route: string, options: { body: { content: string } }) => {
          posted.push(options.body.content);
          return {};
        },
      },
    } as unknown as Client;
    const service = { wantsTurnPings: () => true } as unknown as TableService;
    const outbox = new Outbox();
    const notifier = new TurnNotifier(client, service, pino({ level: 'silent' }), outbox, new Looks(client));
    const base = newMatch(makeSettings(), 'pings');
    const state: MatchState = { ...base, hand: { ...base.hand, phase: 'play', turn: 1, pending: null } };
    notifier.afterAction({ table: t, state, events: [] } as ActOutcome, RECORD_USERS[0] as string);
    const reminder: Reminder = { table: t, seats: [1, 2], at: 1_700_000_120_000 };
    notifier.remind(reminder);
    await notifier.drain();
    const [ben, cat] = [RECORD_USERS[1], RECORD_USERS[2]];
    expect(posted).toEqual([
      `<@${ben}>, du bist am Tichu-Tisch am Zug: deine Zeit läuft <t:1700000120:R> ab. (Abschalten mit /notify.)`,
      `<@${ben}> <@${cat}> ⏰ am Tichu-Tisch läuft eure Zeit <t:1700000120:R> ab: dann entscheidet der Bot für euch. (Abschalten mit /notify.)`,
    ]);
  });
});

describe('the German table message within Discord’s limits', () => {
  it('the longest names, every house rule, four timeouts and a very long trick still fit', () => {
    const long = (n: number) => `${'Ä'.repeat(30)}${n}`;
    let state = buildScenario({
      hands: { 0: '3st 9st Kst', 1: '4jd 5jd Ajd', 2: '6sw 7sw 8sw', 3: '2pg 10pg Qpg' },
      turn: 0,
    });
    state = act(state, 0, { type: 'play', cards: ['3st'] });
    const base = publicView(state);
    const combo = base.trick?.plays[0]?.combo;
    if (!combo) throw new Error('no play');
    const plays = Array.from({ length: 60 }, (_, i) => ({
      seat: (i % 4) as Seat,
      combo,
      passedBefore: [1, 2],
    }));
    const view = { ...base, trick: { plays, passed: [1, 2, 3] } } as unknown as ReturnType<typeof publicView>;
    const t = table({
      settings: makeSettings({ wishOptional: false, callsAfterFirstOut: false, bombIgnoresWish: false }),
      seats: [0, 1, 2, 3].map((n) => ({
        kind: 'user',
        userId: RECORD_USERS[n],
        name: long(n),
        away: true,
      })) as never,
      deadline: { at: 1_700_000_120_000, key: 'x' },
      notice: {
        moves: ([0, 1, 2, 3] as const).map((seat) => ({
          seat,
          action: { type: 'giveDragon', to: ((seat + 1) % 4) as Seat },
        })),
      },
    });
    const payload = renderTable({ table: t, view }, DE);
    // Discord's limits for a V2 message, as the local Discord checks them: 40 components, 4,000
    // characters of text, labels of 80.
    expect(validateMessage(payload as unknown as Record<string, unknown>).empty).toBe(true);
    const parts = v2Parts(payload.components);
    const total = [parts.title, parts.description, ...parts.fields.flatMap((f) => [f.name, f.value])].join(
      '',
    ).length;
    expect(total).toBeLessThanOrEqual(4_000);
    expect(field(parts, 'Auf dem Tisch')).toMatch(/^… \d+ frühere Züge\n/);
    const labels = interactive(payload.components) as Array<{ label: string }>;
    for (const b of labels) expect(b.label.length).toBeLessThanOrEqual(80);
    expect(labels.map((b) => b.label)).toContain('Platz 4 übernehmen');
  });
});
