/**
 * The table message as a Components V2 message: the flag, one container whose accent colour is the
 * team to act, a section with **Take seat** beside each seat that can be taken, the tricks as text
 * displays, the buttons in rows inside the container; valid as Discord checks it, and no hand shown.
 */
import { describe, expect, it } from 'vitest';
import type { TableRecord } from '../../src/app/tableService.js';
import { IS_COMPONENTS_V2 } from '../../src/discord/componentsV2.js';
import { parseId } from '../../src/discord/customIds.js';
import { renderTable } from '../../src/discord/renderTable.js';
import { EN_TEXT } from '../../src/discord/ui.js';
import {
  apply,
  DEFAULT_SETTINGS,
  type MatchState,
  newMatch,
  publicView,
  type Seat,
} from '../../src/engine/index.js';
import { buildScenario } from '../../src/engine/scenario.js';
import { validateMessage } from '../../src/localDiscord/validate.js';
import { playingTable } from '../support/records.js';
import { field, interactive, v2Parts } from '../support/tableParts.js';

type Json = Record<string, unknown>;

const BLUE = 0x55acee;
const ORANGE = 0xf4900c;
const GREEN = 0x2e8b57;
const GREY = 0x888888;

function act(state: MatchState, seat: Seat, action: unknown): MatchState {
  const step = apply(state, seat, action);
  if (!step.ok) throw new Error(JSON.stringify(step.error));
  return step.value.state;
}

/** Seat 1 a hard bot, seat 3 away: both can be taken. */
function withOpenSeats(status: TableRecord['status'] = 'playing'): TableRecord {
  const table = playingTable(DEFAULT_SETTINGS);
  const seats = [...table.seats];
  seats[1] = { kind: 'bot', level: 'hard' };
  seats[3] = { kind: 'user', userId: '300000000000000003', name: 'P3', away: true };
  return { ...table, status, seats: seats as never };
}

const playState = () =>
  buildScenario({
    hands: { 0: '3st 9st Kst', 1: '4jd 5jd Ajd', 2: '6sw 7sw 8sw', 3: '2pg 10pg Qpg' },
    turn: 0,
  });

function render(table: TableRecord, state: MatchState | null) {
  return renderTable({ table, view: state ? publicView(state) : null }, EN_TEXT);
}

const box = (payload: { components: Json[] }) => payload.components[0] as Json;

describe('the table message in Components V2', () => {
  it('is one container under the V2 flag, with no content or embeds, valid as Discord checks it', () => {
    const payload = render(withOpenSeats(), playState());
    expect(payload.flags & IS_COMPONENTS_V2).toBe(IS_COMPONENTS_V2);
    expect(payload).not.toHaveProperty('content');
    expect(payload).not.toHaveProperty('embeds');
    expect(payload.components.map((c) => c.type)).toEqual([17]);
    expect(validateMessage(payload as unknown as Json).empty).toBe(true);
    const types = (box(payload).components as Json[]).map((c) => c.type);
    // Title and lines, a rule, the seats (two sections), a rule, the trick parts, a rule, the row.
    expect(types[0]).toBe(10);
    expect(types).toContain(14);
    expect(types.filter((t) => t === 9)).toHaveLength(2);
    expect(types.at(-1)).toBe(1);
  });

  it('puts Take seat beside each seat that can be taken, and the seat line in its section', () => {
    const sections = (box(render(withOpenSeats(), playState())).components as Json[]).filter(
      (c) => c.type === 9,
    );
    const beside = sections.map((s) => {
      const text = ((s.components as Json[])[0] as Json).content as string;
      const button = s.accessory as { label: string; custom_id: string };
      return [text.split(' — ')[0], button.label, parseId(button.custom_id)?.args];
    });
    expect(beside).toEqual([
      ['🟧 2. Bot 2 (hard)', 'Take seat 2', ['1']],
      ['🟧 4. P3 · away (bot playing)', 'Take seat 4', ['3']],
    ]);
    // Without an open seat every seat is plain text; in the lobby nobody takes a seat.
    const plain = (t: TableRecord, s: MatchState | null) =>
      (box(render(t, s)).components as Json[]).filter((c) => c.type === 9);
    expect(plain(playingTable(DEFAULT_SETTINGS), playState())).toEqual([]);
    expect(plain(withOpenSeats('lobby'), null)).toEqual([]);
  });

  it('keeps the words of the embed: the title, the seats and the trick under their headings', () => {
    let state = playState();
    state = act(state, 0, { type: 'play', cards: ['3st'] });
    state = act(state, 1, { type: 'play', cards: ['4jd'] });
    const parts = v2Parts(render(playingTable(DEFAULT_SETTINGS), state).components);
    expect(parts.title).toBe('Tichu · hand 1');
    expect(parts.description).toContain('Standard rules');
    expect(field(parts, 'Seats')?.split('\n')[0]).toMatch(/^🟦 1\. P0 \(host\) — 2 cards/);
    expect(field(parts, 'On the table')).toBe('P0: single 3 (🔴3)\nP1: single 4 (🟢4)');
    expect(interactive(render(playingTable(DEFAULT_SETTINGS), state).components)).toHaveLength(1);
  });

  it('colours the container for the team to act: blue, orange, green for both, grey for nobody', () => {
    const accent = (t: TableRecord, s: MatchState | null) => v2Parts(render(t, s).components).accent;
    const table = playingTable(DEFAULT_SETTINGS);
    expect(accent(table, playState())).toBe(BLUE);
    expect(accent(table, act(playState(), 0, { type: 'play', cards: ['3st'] }))).toBe(ORANGE);
    // The Grand Tichu question waits for all four seats: both teams.
    expect(accent(table, newMatch(DEFAULT_SETTINGS, 'v2-seed'))).toBe(GREEN);
    expect(accent({ ...table, status: 'paused' }, playState())).toBe(GREY);
    expect(accent({ ...table, status: 'lobby', matchId: null }, null)).toBe(GREY);
  });

  it('never shows a card of a hand', () => {
    const state = playState();
    const text = JSON.stringify(render(withOpenSeats(), state));
    // P0 holds 3st 9st Kst and has played nothing: none of its cards is named.
    for (const label of ['🔴3', '🔴9', '🔴K']) expect(text).not.toContain(label);
  });
});
