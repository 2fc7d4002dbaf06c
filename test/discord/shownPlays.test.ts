/**
 * Every accepted play is shown in public, in one wording: the table message's trick log (while its
 * trick is on the table), the hand summary, and /history's replay. One hand played through the
 * engine: a Mah Jong with a wish, a Dragon given away, a player out with their last card, a Dog lead,
 * and the third player out ending the hand (the next deal follows at once).
 */
import { describe, expect, it } from 'vitest';
import type { HandLog } from '../../src/app/stats.js';
import { handLogLines } from '../../src/discord/renderHistory.js';
import { renderHandSummary } from '../../src/discord/renderStory.js';
import { renderTable } from '../../src/discord/renderTable.js';
import type { Ui } from '../../src/discord/ui.js';
import {
  type Action,
  apply,
  buildScenario,
  type Card,
  type Combo,
  DECK,
  type GameEvent,
  type MatchState,
  publicView,
  readCombos,
  type Seat,
} from '../../src/engine/index.js';
import type { Lang } from '../../src/i18n/index.js';
import { cardsShown } from '../support/privacy.js';
import { playingTable } from '../support/records.js';
import { v2Parts } from '../support/tableParts.js';

const TEXT = (lang: Lang): Ui => ({ lang, faces: null });
const play = (...cards: string[]): Action => ({ type: 'play', cards }) as Action;
const pass: Action = { type: 'pass' };

const MOVES: ReadonlyArray<readonly [Seat, Action]> = [
  [0, play('mahjong')],
  [0, { type: 'wish', rank: 9 }],
  [1, play('dragon')],
  [2, pass],
  [3, pass],
  [0, pass],
  [1, { type: 'giveDragon', to: 2 }],
  [1, play('5jd')], // P1's last card: out first
  [2, play('9sw')],
  [3, play('Apg')],
  [0, pass],
  [2, pass],
  [3, play('8pg')],
  [0, play('Kjd')],
  [2, pass],
  [3, pass],
  [0, play('dog')], // the lead passes to P2
  [2, play('3pg')],
  [3, play('4st')],
  [0, pass],
  [2, play('7sw')], // P2 out second
  [3, play('Qst')], // P3 out third: the hand ends, the next one is dealt
];

interface Played {
  readonly states: MatchState[];
  readonly entries: Array<{ version: number; seat: number; action: unknown; events: GameEvent[] }>;
}

function playHand(): Played {
  let state = buildScenario({
    hands: { 0: 'mahjong dog Kjd 2sw', 1: '5jd dragon', 2: '7sw 9sw 3pg', 3: '8pg Apg 4st Qst' },
    turn: 0,
    restTo: 1,
  });
  const states: MatchState[] = [];
  const entries: Played['entries'] = [];
  for (const [seat, action] of MOVES) {
    const step = apply(state, seat, action);
    if (!step.ok) throw new Error(`seat ${seat} ${JSON.stringify(action)}: ${step.error.code}`);
    state = step.value.state;
    states.push(state);
    entries.push({ version: state.version, seat, action, events: [...step.value.events] });
  }
  return { states, entries };
}

const { states, entries } = playHand();
/** The state right after move `i` (0-based) of MOVES. */
const stateAfter = (i: number) => states[i] as MatchState;
const events = entries.flatMap((e) => e.events);

function fields(state: MatchState, lang: Lang): Record<string, string> {
  const parts = v2Parts(
    renderTable({ table: playingTable(state.settings), view: publicView(state) }, TEXT(lang)).components,
  );
  return Object.fromEntries(parts.fields.map((f) => [f.name, f.value]));
}

const WORDS = {
  en: {
    onTable: 'On the table',
    hand: 'Hand 1',
    dog: 'P0: 🐕 Dog → the lead passes to P2',
    outSecond: 'P2: single 7 (⚫7) · 🏁 out #2',
    lastPlay: 'Last play: P3: single Q · 🏁 out #3',
    tricks: [
      'Tricks:',
      '• P0: Mah Jong · P0 wishes for 9 · P1: Dragon → P1 gives the Dragon trick to P2 (25 points)',
      '• P1: single 5 · 🏁 out #1 · P2: single 9 · P3: single A → P3 takes the trick (5 points)',
      '• P3: single 8 · P0: single K → P0 takes the trick (10 points)',
      '• P0: Dog → the lead passes to P2',
      '• P2: single 3 · P3: single 4 · P2: single 7 · 🏁 out #2 · P3: single Q · 🏁 out #3 → P3 takes the trick (0 points)',
    ],
    history: [
      'P1: 🐉 Dragon',
      '→ P1 gives the Dragon trick to P2 (25 points)',
      'P1: single 5 (🟢5) · 🏁 out #1',
      'P0: 🐕 Dog → the lead passes to P2',
      'P2: single 7 (⚫7) · 🏁 out #2',
      'P3: single Q (🔴Q) · 🏁 out #3',
    ],
    contradiction: /P1 takes the trick/,
  },
  de: {
    onTable: 'Auf dem Tisch',
    hand: 'Runde 1',
    dog: 'P0: 🐕 Hund → das Anspiel geht an P2',
    outSecond: 'P2: Einzelkarte 7 (⚫7) · 🏁 raus als 2.',
    lastPlay: 'Letzter Zug: P3: Einzelkarte Q · 🏁 raus als 3.',
    tricks: [
      'Stiche:',
      '• P0: Mah Jong · P0 wünscht sich 9 · P1: Drache → P1 verschenkt den Drachen-Stich an P2 (25 Punkte)',
      '• P1: Einzelkarte 5 · 🏁 raus als 1. · P2: Einzelkarte 9 · P3: Einzelkarte A → P3 nimmt den Stich (5 Punkte)',
      '• P3: Einzelkarte 8 · P0: Einzelkarte K → P0 nimmt den Stich (10 Punkte)',
      '• P0: Hund → das Anspiel geht an P2',
      '• P2: Einzelkarte 3 · P3: Einzelkarte 4 · P2: Einzelkarte 7 · 🏁 raus als 2. · P3: Einzelkarte Q · 🏁 raus als 3. → P3 nimmt den Stich (0 Punkte)',
    ],
    history: [
      'P1: 🐉 Drache',
      '→ P1 verschenkt den Drachen-Stich an P2 (25 Punkte)',
      'P1: Einzelkarte 5 (🟢5) · 🏁 raus als 1.',
      'P0: 🐕 Hund → das Anspiel geht an P2',
      'P2: Einzelkarte 7 (⚫7) · 🏁 raus als 2.',
      'P3: Einzelkarte Q (🔴Q) · 🏁 raus als 3.',
    ],
    contradiction: /P1 nimmt den Stich/,
  },
} as const;

describe.each(['en', 'de'] as const)('every play shown (%s)', (lang) => {
  const w = WORDS[lang];

  it('the table shows the Dog lead and to whom the lead passed, before and while the next trick is played', () => {
    const dogLed = MOVES.findIndex(([, a]) => a.type === 'play' && a.cards[0] === 'dog');
    expect(fields(stateAfter(dogLed), lang)[w.onTable]).toBe(w.dog);
    expect(fields(stateAfter(dogLed + 2), lang)[w.onTable]?.split('\n')[0]).toBe(w.dog);
  });

  it('the table marks the play a player went out with', () => {
    const outSecond = MOVES.findIndex(([, a]) => a.type === 'play' && a.cards[0] === '7sw');
    expect(fields(stateAfter(outSecond), lang)[w.onTable]?.split('\n')).toContain(w.outSecond);
  });

  it('after the next deal, the table still tells the play that ended the hand, in words only', () => {
    const last = stateAfter(MOVES.length - 1);
    expect(last.hand.number).toBe(2);
    expect(fields(last, lang)[w.hand]?.split('\n')).toEqual(['🟦 25 — 75 🟧', w.lastPlay]);
    // Its cards are in the new hands now: no card's symbol is shown.
    const payload = renderTable({ table: playingTable(last.settings), view: publicView(last) }, TEXT(lang));
    expect(cardsShown(payload, DECK)).toEqual([]);
  });

  it('the hand summary tells every trick, the Dog, the wish, the Dragon gift and the last cards, in words only', () => {
    const last = stateAfter(MOVES.length - 1);
    const result = last.history[0];
    if (!result) throw new Error('the hand did not end');
    const payload = renderHandSummary(playingTable(last.settings), result, last.scores, lang, events);
    const lines = (payload.content ?? '').split('\n');
    expect(lines.slice(-w.tricks.length)).toEqual([...w.tricks]);
    expect(cardsShown(payload, DECK)).toEqual([]);
    // Without the hand's events (its log could not be read), the summary is the head alone.
    const bare = renderHandSummary(playingTable(last.settings), result, last.scores, lang);
    expect(bare.content).toBe(lines.slice(0, -w.tricks.length).join('\n'));
  });

  it('/history replays the same plays, and the Dragon gift says who takes the trick, once', () => {
    const log: HandLog = { match: {} as HandLog['match'], number: 1, entries };
    const lines = handLogLines(log, (s) => `P${s}`, TEXT(lang));
    for (const line of w.history) expect(lines).toContain(line);
    expect(lines.join('\n')).not.toMatch(w.contradiction);
  });
});

describe('a long hand in the summary', () => {
  it.each(['en', 'de'] as const)(
    'keeps within a message, its latest tricks, saying how many it left out (%s)',
    (lang) => {
      const straight = readCombos([
        '2st',
        '3jd',
        '4sw',
        '5st',
        '6pg',
        '7st',
        '8jd',
        '9sw',
        '10st',
        'Jpg',
      ] as Card[])[0] as Combo;
      const trick: GameEvent[] = [
        ...[0, 1, 2, 3].map(
          (seat) => ({ type: 'played', seat, combo: straight, outOfTurn: false }) as GameEvent,
        ),
        { type: 'trickWon', trick: { winner: 3, takenBy: 3, points: 20, plays: [] } },
      ];
      const many = Array.from({ length: 40 }, () => trick).flat();
      const last = stateAfter(MOVES.length - 1);
      const result = last.history[0];
      if (!result) throw new Error('the hand did not end');
      const content =
        renderHandSummary(playingTable(last.settings), result, last.scores, lang, many).content ?? '';
      expect(content.length).toBeLessThanOrEqual(2_000);
      const cut = content.split('\n').find((l) => l.startsWith('… '));
      const dropped = Number(/^… (\d+) /.exec(cut ?? '')?.[1]);
      expect(dropped).toBeGreaterThan(0);
      expect(content.split('\n').filter((l) => l.startsWith('• ')).length + dropped).toBe(40);
    },
  );
});
