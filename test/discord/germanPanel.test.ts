/**
 * A German player's panel: every phase (Grand Tichu, the exchange, the play, the wish, the Dragon
 * gift, the Phoenix reading, a pause) in German, with no English sentence left, and the same
 * snapshot still in English for an English player.
 */
import { describe, expect, it } from 'vitest';
import type { PlayerSnapshot } from '../../src/app/tableService.js';
import { comboLabelFor } from '../../src/discord/playLabels.js';
import { type PanelOptions, renderPanel } from '../../src/discord/renderPanel.js';
import { EN_TEXT, type Ui } from '../../src/discord/ui.js';
import {
  type Action,
  buildScenario,
  type Card,
  cardRank,
  isNormal,
  makeSettings,
  newMatch,
  SEATS,
  type Seat,
} from '../../src/engine/index.js';
import { englishIn, overLimits, partsOf, snapshotAt, stateAfter, textsOf } from '../support/panelCheck.js';

const DE: Ui = { lang: 'de', faces: null };

/** The German panel, checked: within Discord's limits and without English; its texts. */
function german(snapshot: PlayerSnapshot, options: PanelOptions = {}) {
  const payload = renderPanel(snapshot, DE, options);
  expect(overLimits(payload)).toEqual([]);
  expect(englishIn(textsOf(payload))).toEqual([]);
  const parts = partsOf(payload);
  return {
    content: payload.content,
    buttons: parts.filter((p) => p.type === 2).map((p) => p.label),
    selects: parts.filter((p) => p.type === 3),
  };
}

const dealt = () => newMatch(makeSettings(), 'german-panel');
const grandDone = () =>
  SEATS.reduce((s, seat) => stateAfter(s, seat, { type: 'grandTichu', call: false }), dealt());
function exchanged() {
  return SEATS.reduce((s, seat) => {
    const [next, partner, previous] = s.hand.hands[seat] as Card[];
    return stateAfter(s, seat, {
      type: 'exchange',
      next: next as Card,
      partner: partner as Card,
      previous: previous as Card,
    });
  }, grandDone());
}

describe('a German panel', () => {
  it('asks for Grand Tichu in German, then waits in German', () => {
    const asked = german(snapshotAt(dealt(), 0));
    // The count, then the cards on a heading line of their own (drawn larger).
    expect(asked.content).toMatch(/^\*\*Deine Karten\*\* \(8\)\n## \S/);
    expect(asked.content).toContain('Das sind deine ersten 8 Karten. **Großes Tichu** ansagen (+/-200)');
    expect(asked.buttons).toEqual(['Großes Tichu!', 'Nein, gib mir meine Karten', 'Aktualisieren']);
    const waiting = german(snapshotAt(stateAfter(dealt(), 0, { type: 'grandTichu', call: false }), 0));
    expect(waiting.content).toContain('Warte, bis die anderen über Großes Tichu entschieden haben (1/4).');
  });

  it('offers the exchange (Schupfen) in German: one select per player, partner and opponents named', () => {
    const state = grandDone();
    const hand = state.hand.hands[0];
    const picks: PanelOptions['exchange'] = [hand[0] as Card, null, null];
    const panel = german(snapshotAt(state, 0, { names: ['Anna', 'Ben', 'Cleo', 'Dirk'] }), {
      exchange: picks,
    });
    expect(panel.content).toContain(
      'Wähle für jeden Mitspieler eine Karte zum Schupfen, dann klicke auf **Schupfen bestätigen**.',
    );
    expect(panel.selects.map((s) => s.placeholder)).toEqual([
      'Karte für Ben (Gegner)',
      'Karte für Cleo (Partner)',
      'Karte für Dirk (Gegner)',
    ]);
    expect(panel.buttons).toEqual(['Schupfen bestätigen', 'Tichu ansagen!', 'Aktualisieren']);
    // The Dragon, if held, is named in German in the options.
    const labels = panel.selects[0]?.options?.map((o) => o.label) ?? [];
    expect(labels).toHaveLength(14);
    if (hand.includes('dragon')) expect(labels).toContain('🐉 Drache');
    const chosen = stateAfter(state, 0, {
      type: 'exchange',
      next: hand[0] as Card,
      partner: hand[1] as Card,
      previous: hand[2] as Card,
    });
    const waiting = german(snapshotAt(chosen, 0, { names: ['Anna', 'Ben', 'Cleo', 'Dirk'] }));
    expect(waiting.content).toMatch(
      /Du schupfst .+ → Ben, .+ → Cleo, .+ → Dirk\. Warte auf die anderen \(1\/4\)\./,
    );
  });

  it('shows the cards received and the play in German: whose turn, the card picker, the plays menu', () => {
    const state = exchanged();
    const leader = state.hand.turn as Seat;
    const names = ['Anna', 'Ben', 'Cleo', 'Dirk'];
    const lead = german(snapshotAt(state, leader, { names }));
    expect(lead.content).toMatch(/\nErhalten: .+ von \w+, .+ von \w+, .+ von \w+\n/);
    expect(lead.content).toContain('Der Tisch ist leer · **du spielst aus**');
    expect(lead.selects.map((s) => s.placeholder)).toEqual([
      'Karten zum Spielen wählen',
      expect.stringMatching(/^Spielen… \(\d+ möglich\)$|^Arten von Spielzügen/),
      ...(lead.selects.length === 3 ? [expect.stringMatching(/^Spielen… Einzelkarten: \d+ von \d+/)] : []),
    ]);
    const other = ((leader + 1) % 4) as Seat;
    const watching = german(snapshotAt(state, other, { names }));
    expect(watching.content).toContain(`Der Tisch ist leer · ${names[leader]} spielt aus`);
    // Cards picked: the Play button names the play they make, in German; cards that make none
    // are counted (the rules then say why).
    const picked = state.hand.hands[leader].slice(0, 1);
    expect(german(snapshotAt(state, leader, { names }), { picked }).buttons).toContain(
      'Spielen: 🀄 Mah Jong',
    );
    // Two normal cards of different ranks make no play.
    const normals = state.hand.hands[leader].filter(isNormal);
    const [low, high] = [normals[0], normals.at(-1)] as [Card, Card];
    expect(cardRank(low)).not.toBe(cardRank(high));
    expect(german(snapshotAt(state, leader, { names }), { picked: [low, high] }).buttons).toContain(
      '2 Karten spielen',
    );
  });

  it('follows a trick in German: what lies on the table, the wish, Pass and Bomb!', () => {
    const state = buildScenario({
      hands: { 0: '9jd 9sw 9pg 9st 3jd Kpg', 1: '10pg', 2: '10sw', 3: '10st' },
      trick: [{ seat: 3, cards: 'Ksw Kst' }],
      turn: 0,
      wish: 5,
      played: [0, 1, 2, 3],
    });
    const panel = german(snapshotAt(state, 0, { names: ['Anna', 'Ben', 'Cleo', 'Dirk'] }));
    expect(panel.content).toContain(
      'Auf dem Tisch: Paar K (⚫K 🔴K) von Dirk · Wunsch: 5 · **du bist am Zug**',
    );
    expect(panel.buttons).toEqual(['Passen', 'Bombe!', 'Aktualisieren']);
    const options = panel.selects[1]?.options?.map((o) => o.label) ?? [];
    expect(options).toContain('Viererbombe 9 (🟢9 ⚫9 🔵9 🔴9)');
    // Bombing out of turn: the menu says so in German.
    const bombing = german(snapshotAt({ ...state, hand: { ...state.hand, turn: 1 } }, 0));
    expect(bombing.selects[1]?.placeholder).toBe('Jetzt bomben…');
    const choosing = german(snapshotAt(state, 0), { bombsOnly: true });
    expect(choosing.selects[1]?.placeholder).toBe('Wähle deine Bombe…');
  });

  it('asks for the Mah Jong wish in German', () => {
    const state = buildScenario({
      hands: { 0: '3jd 4sw', 1: '10pg', 2: '10sw', 3: '10st' },
      trick: [{ seat: 0, cards: 'mahjong' }],
      turn: 1,
      pending: { kind: 'wish', seat: 0 },
    });
    const panel = german(snapshotAt(state, 0, { names: ['Anna', 'Ben', 'Cleo', 'Dirk'] }));
    expect(panel.content).toContain('Auf dem Tisch: 🀄 Mah Jong von dir');
    expect(panel.content).toContain('Du hast den Mah Jong gespielt: **wünsch** dir einen Rang');
    expect(panel.selects[0]?.placeholder).toBe('Rang wünschen');
    expect(panel.buttons).toContain('Kein Wunsch');
  });

  it('asks for the Dragon gift in German', () => {
    const state = buildScenario({
      hands: { 0: '3jd 4sw', 1: '10pg', 2: '10sw', 3: '10st' },
      trick: [{ seat: 0, cards: 'dragon' }],
      passed: [1, 2, 3],
      turn: null,
      pending: { kind: 'dragonGift', seat: 0 },
    });
    const panel = german(snapshotAt(state, 0, { names: ['Anna', 'Ben', 'Cleo', 'Dirk'] }));
    expect(panel.content).toContain('Auf dem Tisch: 🐉 Drache von dir');
    // The trick's points too: the Dragon's 25 and the three 10s.
    expect(panel.content).toContain(
      'Du hast den Stich mit dem Drachen gewonnen (25 Punkte): verschenke ihn an einen Gegner.',
    );
    expect(panel.buttons).toEqual(['An Ben geben · 1 Karte', 'An Dirk geben · 1 Karte', 'Aktualisieren']);
  });

  it('asks how the Phoenix counts in German', () => {
    const state = buildScenario({
      hands: { 0: '7jd 8sw phoenix 2pg', 1: '10pg', 2: '10sw', 3: '10st' },
      turn: 0,
    });
    const snapshot = snapshotAt(state, 0);
    const cards: Card[] = ['7jd', 'phoenix'];
    const readings = snapshot.legal
      .filter(
        (a): a is Extract<Action, { type: 'play' }> =>
          a.type === 'play' && a.cards.length === 2 && cards.every((c) => a.cards.includes(c)),
      )
      .map((a) => ({
        cards: a.cards,
        phoenixAs: a.phoenixAs ?? 0,
        label: comboLabelFor(snapshot.view, a, 'de'),
      }));
    const panel = german(snapshot, { readings, picked: cards });
    expect(panel.content).toContain('Als was soll der Phönix zählen?');
    expect(panel.buttons).toContain('Paar 7 (Phönix als 7)');
    expect(panel.buttons).toContain('Spielen: Paar 7 (Phönix als 7)');
  });

  it('says the clock, away, pause and the end in German', () => {
    const state = exchanged();
    const base = snapshotAt(state, 0, { deadline: 1_700_000_000_000 });
    const away = {
      ...base,
      table: {
        ...base.table,
        seats: base.table.seats.map((s, n) => (n === 0 && s ? { ...s, away: true } : s)) as never,
      },
    };
    const panel = german(away);
    expect(panel.content).toContain(
      '⏰ Deine Zeit läuft <t:1700000000:R> ab: dann entscheidet der Bot für dich.',
    );
    expect(panel.content).toContain('💤 Du bist abwesend');
    expect(panel.buttons.slice(-2)).toEqual(['Bin zurück', 'Aktualisieren']);
    const paused = german({ ...base, table: { ...base.table, status: 'paused' } });
    expect(paused.content).toContain('⏸️ Die Partie ist pausiert.');
    const closed = german({ ...base, table: { ...base.table, status: 'abandoned' } });
    expect(closed.content).toContain('Der Gastgeber hat diesen Tisch geschlossen.');
    const over = german({ ...base, table: { ...base.table, status: 'finished' } });
    expect(over.content).toContain('Die Partie ist vorbei.');
    // A finished match: the result from the player's side (seat 1 is team B), and what comes next.
    const ended = {
      ...base.view,
      status: 'finished' as const,
      winner: 1 as const,
      scores: [760, 1025] as const,
    };
    const won = german({ ...base, seat: 1, view: ended, table: { ...base.table, status: 'finished' } });
    expect(won.content).toContain('🏆 Die Partie ist vorbei: dein Team gewinnt, **1025** zu 760.');
    expect(won.content).toContain('**Neue Partie** an der Tischnachricht spielt eine weitere');
    const lost = renderPanel({ ...base, view: ended, table: { ...base.table, status: 'finished' } }, EN_TEXT);
    expect(lost.content).toContain('The match is over: the other team wins, **1025** to 760.');
    const boards = {
      ...base.table,
      status: 'finished' as const,
      settings: { ...base.table.settings, handLimit: 2 },
    };
    expect(renderPanel({ ...base, view: ended, table: boards }, EN_TEXT).content).not.toContain('New match');
  });

  it('is the same panel as the English one, word for word in the other language', () => {
    const snapshot = snapshotAt(exchanged(), 0);
    const english = renderPanel(snapshot, EN_TEXT);
    const deutsch = renderPanel(snapshot, DE);
    expect(english.content).toMatch(/^\*\*Your hand\*\* \(14\)/);
    expect(deutsch.content).toMatch(/^\*\*Deine Karten\*\* \(14\)/);
    // Same buttons, same ids: only the words differ.
    const ids = (p: typeof english) => partsOf(p).map((c) => c.custom_id);
    expect(ids(deutsch)).toEqual(ids(english));
    expect(partsOf(english).map((c) => c.label ?? c.placeholder)).not.toEqual(
      partsOf(deutsch).map((c) => c.label ?? c.placeholder),
    );
  });
});
