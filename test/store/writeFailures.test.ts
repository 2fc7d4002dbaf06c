/**
 * Writes that fail for the file's sake (here SQLite refuses every write: query_only, which answers
 * SQLITE_READONLY as a read-only file does) are logged once when they start failing and once when
 * a write succeeds again, not once per click; a full disk keeps its own lines, and a write refused
 * for the data's sake (a constraint) is no failure of the file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Store } from '../../src/store/store.js';
import { WRITES_BACK_LINE, WRITES_FAILING_LINE } from '../../src/store/writeFailures.js';

let dir: string;
let store: Store;
let lines: Array<{ level: string; fields: Record<string, unknown>; message: string }>;
const logger = {
  error: (fields: object, message: string) => lines.push({ level: 'error', fields: { ...fields }, message }),
  warn: (fields: object, message: string) => lines.push({ level: 'warn', fields: { ...fields }, message }),
};
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tichu-writes-'));
  store = Store.open(join(dir, 'tichu.sqlite'));
  store.db.exec('CREATE TABLE t (n INTEGER PRIMARY KEY)');
  lines = [];
  store.writes.log(logger);
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const write = (n: number) => store.transaction(() => store.db.prepare('INSERT INTO t (n) VALUES (?)').run(n));

describe('writes that fail', () => {
  it('are one error line when they start and one warning when a write succeeds again, whatever came between', () => {
    store.db.pragma('query_only = 1');
    for (let n = 1; n <= 3; n++) expect(() => write(n)).toThrow(/readonly/);
    expect(lines).toEqual([
      {
        level: 'error',
        fields: { path: store.health.path, code: 'SQLITE_READONLY', err: expect.stringMatching(/readonly/) },
        message: WRITES_FAILING_LINE,
      },
    ]);
    expect(store.writeProblem()).toMatch(/^the last write to the database failed \(SQLITE_READONLY: /);
    store.db.pragma('query_only = 0');
    write(4);
    write(5);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toEqual({
      level: 'warn',
      fields: { path: store.health.path, since: expect.any(String), ms: expect.any(Number), failed: 3 },
      message: WRITES_BACK_LINE,
    });
    expect(store.writeProblem()).toBeNull();
  });

  it('a write refused for its data (a constraint) is not logged as the file failing', () => {
    write(1);
    expect(() => write(1)).toThrow(/UNIQUE/);
    expect(lines).toEqual([]);
    expect(store.writeProblem()).toBeNull();
  });
});
