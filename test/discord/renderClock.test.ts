/**
 * Turn timers as players see them: the timer on the house-rules line, the deadline as a Discord
 * countdown on the table message and the owner's panel, the timeout notice, away seats with the
 * **I'm back** button, the table paused for want of anyone present, and timeouts in /history.
 */
import { describe, expect, it } from 'vitest';
import type { HandLog } from '../../src/app/stats.js';
import type { PlayerSnapshot, TableRecord } from '../../src/app/tableService.js';
import { relativeTime } from '../../src/discord/clockText.js';
import { parseId } from '../../src/discord/customIds.js';
import { handLogLines } from '../../src/discord/renderHistory.js';
import { renderPanel } from '../../src/discord/renderPanel.js';
import { renderTable } from '../../src/discord/renderTable.js';
import { EN_TEXT } from '../../src/discord/ui.js';
import {
  DEFAULT_SETTINGS,
  legalActions,
  makeSettings,
  newMatch,
  publicView,
  type Seat,
  seatView,
} from '../../src/engine/index.js';
import { playingTable } from '../support/records.js';
import { v2Parts } from '../support/tableParts.js';

const AT = 1_700_000_120_000;

function text(table: TableRecord, started = true): string {
  const view = started ? publicView(newMatch(table.settings, 'clock-seed')) : null;
  const parts = v2Parts(renderTable({ table, view }, EN_TEXT).components);
  return [parts.description, ...parts.fields.map((f) => `${f.name}: ${f.value}`)].join('\n');
}

function awayAt(table: TableRecord, seat: Seat): TableRecord {
  const seats = [...table.seats];
  seats[seat] = { ...(seats[seat] as object), away: true } as never;
  return { ...table, seats: seats as never };
}

function panel(table: TableRecord, seat: Seat, deadline: number | null): PlayerSnapshot {
  const state = newMatch(DEFAULT_SETTINGS, 'clock-seed');
  return {
    table,
    seat,
    view: seatView(state, seat),
    legal: legalActions(state, seat, { exchanges: false }),
    deadline,
  };
}

function buttons(payload: ReturnType<typeof renderPanel>): Array<{ label?: string; custom_id?: string }> {
  return payload.components.flatMap((row) => (row as { components: Array<{ label?: string }> }).components);
}

describe('a countdown', () => {
  it('rounds its deadline down to the second: a 30 s clock set mid-second reads 30 s, not 31', () => {
    const setAt = 1_700_000_000_999;
    expect(relativeTime(setAt + 30_000)).toBe('<t:1700000030:R>');
    expect(relativeTime(1_700_000_030_000)).toBe('<t:1700000030:R>');
  });
});

describe('the table message', () => {
  it('names the timer on the house-rules line, with standard rules or house rules alike', () => {
    const table = { ...playingTable(DEFAULT_SETTINGS), status: 'lobby' as const };
    expect(text(table, false)).toContain('Standard rules · ⏱️ 2 minutes a decision');
    const house = { ...playingTable(makeSettings({ wishOptional: false })), timer: '30s' as const };
    expect(text(house)).toContain('House rules: the Mah Jong must name a wish · ⏱️ 30 seconds a decision');
    expect(text({ ...house, timer: 'off' })).toContain('⏱️ no turn timer');
  });

  it('shows the deadline as a Discord relative timestamp while someone owes a decision', () => {
    const table = { ...playingTable(DEFAULT_SETTINGS), deadline: { at: AT, key: '1:grandTichu' } };
    expect(text(table)).toContain(`⏰ Time runs out <t:${AT / 1000}:R>`);
    expect(text({ ...table, deadline: null })).not.toContain('Time runs out');
    expect(text({ ...table, status: 'paused' })).not.toContain('Time runs out');
  });

  it('says who ran out of time and what was done for them, never an exchange’s cards', () => {
    const table: TableRecord = {
      ...playingTable(DEFAULT_SETTINGS),
      notice: {
        moves: [
          { seat: 1, action: { type: 'pass' } },
          { seat: 2, action: { type: 'play', cards: ['7jd', '7sw'] } },
          { seat: 3, action: { type: 'exchange' } },
          { seat: 0, action: { type: 'giveDragon', to: 3 } },
        ],
      },
    };
    const shown = text(table);
    expect(shown).toContain('⏰ **P1** ran out of time: passed');
    expect(shown).toContain('⏰ **P2** ran out of time: played pair 7');
    expect(shown).toContain('⏰ **P3** ran out of time: cards passed for them');
    expect(shown).toContain('⏰ **P0** ran out of time: gave the Dragon trick to P3');
  });

  it('marks an away seat "away (bot playing)"; paused with nobody present, says so', () => {
    const table = awayAt(playingTable(DEFAULT_SETTINGS), 1);
    expect(text(table)).toMatch(/🟧 2\. P1 · away \(bot playing\) — 8 cards/);
    expect(text(table)).not.toMatch(/P2 · away/);
    let everyone = table;
    for (const seat of [0, 2, 3] as const) everyone = awayAt(everyone, seat);
    const paused = text({ ...everyone, status: 'paused' });
    expect(paused).toContain('Paused: nobody is at the table');
    // Paused, no bot plays the away seats and nobody is waited for.
    expect(paused).toMatch(/🟧 2\. P1 · away — 8 cards/);
    expect(paused).not.toContain('bot playing');
    expect(paused).not.toContain('◀️');
    expect(text(table)).toContain('◀️');
    expect(text({ ...table, status: 'paused' })).toContain('⏸️ Paused. Resume with /table resume.');
  });
});

describe('the private panel', () => {
  it('shows the owner their deadline, and nobody else', () => {
    const table = { ...playingTable(DEFAULT_SETTINGS), deadline: { at: AT, key: '1:grandTichu' } };
    expect(renderPanel(panel(table, 0, AT), EN_TEXT).content).toContain(
      `⏰ Your time runs out <t:${AT / 1000}:R>`,
    );
    expect(renderPanel(panel(table, 1, null), EN_TEXT).content).not.toContain('⏰');
  });

  it('an away player gets the I’m back button; a present one does not', () => {
    const table = awayAt(playingTable(DEFAULT_SETTINGS), 2);
    const away = renderPanel(panel(table, 2, null), EN_TEXT);
    expect(away.content).toContain('You are away');
    const back = buttons(away).find((b) => b.label === 'I’m back');
    expect(parseId(back?.custom_id ?? '')).toMatchObject({ verb: 'back', tableId: table.id });
    expect(buttons(renderPanel(panel(table, 1, null), EN_TEXT)).some((b) => b.label === 'I’m back')).toBe(
      false,
    );
    // Paused, the button is still there: coming back is how a table that paused for nobody resumes.
    expect(
      buttons(renderPanel(panel({ ...table, status: 'paused' }, 2, null), EN_TEXT)).map((b) => b.label),
    ).toEqual(['I’m back', 'Refresh']);
  });
});

describe('/history hand', () => {
  it('marks the decisions the bot made for a person', () => {
    const log = {
      number: 1,
      entries: [
        { seat: 1, action: { type: 'grandTichu', call: false }, events: [], forced: 'timeout' },
        { seat: 2, action: { type: 'pass' }, events: [{ type: 'passed', seat: 2 }], forced: 'timeout' },
        { seat: 3, action: { type: 'pass' }, events: [{ type: 'passed', seat: 3 }], forced: 'away' },
        { seat: 0, action: { type: 'pass' }, events: [{ type: 'passed', seat: 0 }] },
      ],
    } as unknown as HandLog;
    expect(handLogLines(log, (seat) => `P${seat}`, EN_TEXT)).toEqual([
      'P1 ⏰ (ran out of time)',
      'P2 passes ⏰ (ran out of time)',
      'P3 passes 💤 (away: bot played)',
      'P0 passes',
    ]);
  });
});
