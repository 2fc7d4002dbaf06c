/**
 * Writing a table over the row it was read from: seats whose occupant is unchanged are not
 * rewritten, a presence change (away, timeouts in a row) is updated in place, and any other change
 * of who sits where rewrites the seats. Whatever the path, the file reads back as the record.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Occupant, TableRecord } from '../../src/store/records.js';
import { ALICE, BOB, CAROL, createFixture, type Fixture, HOST, openLobby } from '../support/service.js';

let fx: Fixture;
let table: TableRecord;
beforeEach(() => {
  fx = createFixture();
  const { id } = openLobby(fx, [HOST, ALICE, BOB, CAROL]);
  table = fx.store.tables.get(id) as TableRecord;
});
afterEach(() => fx.cleanup());

/** Seat-table writes made by `run`, counted from SQLite's own change counter. */
function seatWrites(run: () => void): number {
  const before = fx.store.db.prepare('SELECT total_changes() AS n').get() as { n: number };
  fx.store.transaction(run);
  const after = fx.store.db.prepare('SELECT total_changes() AS n').get() as { n: number };
  // One change is the tables row itself.
  return after.n - before.n - 1;
}

function withSeat(t: TableRecord, seat: number, occupant: Occupant | null): TableRecord {
  const seats = [...t.seats] as unknown as TableRecord['seats'];
  (seats as unknown as Array<Occupant | null>)[seat] = occupant;
  return { ...t, seats };
}

describe('tables.update over the stored row', () => {
  it('leaves the seats alone when nobody moved', () => {
    const next = { ...table, updatedAt: table.updatedAt + 1 };
    expect(seatWrites(() => fx.store.tables.update(next, table))).toBe(0);
    expect(fx.store.tables.get(table.id)).toEqual(next);
  });

  it('updates one seat in place when only its player’s presence changed', () => {
    const ann = table.seats[1] as Extract<Occupant, { kind: 'user' }>;
    const next = withSeat(table, 1, { ...ann, away: true, timeouts: 2 });
    expect(seatWrites(() => fx.store.tables.update(next, table))).toBe(1);
    expect(fx.store.tables.get(table.id)?.seats[1]).toEqual({ ...ann, away: true, timeouts: 2 });
  });

  it('rewrites the seats when two players swap (the one-user-per-table index holds throughout)', () => {
    const swapped = withSeat(withSeat(table, 1, table.seats[2] ?? null), 2, table.seats[1] ?? null);
    expect(seatWrites(() => fx.store.tables.update(swapped, table))).toBeGreaterThan(2);
    expect(fx.store.tables.get(table.id)?.seats).toEqual(swapped.seats);
  });

  it('rewrites the seats when a bot takes a person’s place', () => {
    const next = withSeat(table, 3, { kind: 'bot', level: 'hard' });
    fx.store.transaction(() => fx.store.tables.update(next, table));
    expect(fx.store.tables.get(table.id)?.seats[3]).toEqual({ kind: 'bot', level: 'hard' });
  });
});
