/**
 * The crash test: a child process plays random legal matches against a database file and is killed
 * with SIGKILL at random moments, many times. After each kill every acknowledged action is in the
 * log, the stored state equals the replay of the log, and play continues; in the end matches finish.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { waitsForPartner } from '../../src/bots/registry.js';
import { owesAction, Rng, replay, seedRng } from '../../src/engine/index.js';
import { Store } from '../../src/store/store.js';

const WORKER = join(import.meta.dirname, '../support/crashWorker.ts');
const dir = mkdtempSync(join(tmpdir(), 'tichu-crash-'));
const file = join(dir, 'crash.sqlite');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Run {
  acks: Array<[number, number]>;
  finished: number[];
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

/**
 * Runs the worker; kills it with SIGKILL `killAfterMs` after its first acknowledgement, at whatever
 * it is doing then (null: let it finish).
 */
function runWorker(seed: string, killAfterMs: number | null, matches = 1000): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(
      process.execPath,
      ['--import', 'tsx', WORKER, file, seed, String(matches)],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const run: Run = { acks: [], finished: [], code: null, signal: null, stderr: '' };
    let buffer = '';
    let killer: NodeJS.Timeout | undefined;
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000); // a bound, never the expected path
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        const [kind, match, version] = line.split(' ');
        if (kind === 'ack') run.acks.push([Number(match), Number(version)]);
        if (kind === 'finished') run.finished.push(Number(match));
      }
      if (killAfterMs !== null && run.acks.length > 0 && !killer)
        killer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      run.stderr += chunk.toString();
    });
    child.on('error', reject);
    // 'close', not 'exit': every line the worker wrote before it died has been read.
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      clearTimeout(killer);
      run.code = code;
      run.signal = signal;
      resolve(run);
    });
  });
}

/** Every acknowledged action is logged; every match's snapshot equals the replay of its log. */
function checkDatabase(acks: ReadonlyArray<[number, number]>): { matches: number; actions: number } {
  const store = Store.open(file);
  try {
    const has = store.db.prepare<[number, number], { n: number }>(
      'SELECT count(*) AS n FROM events WHERE match_id = ? AND version = ?',
    );
    for (const [match, version] of acks)
      expect(has.get(match, version)?.n, `match ${match} v${version}`).toBe(1);
    const ids = store.db.prepare<[], { id: number }>('SELECT id FROM matches').all();
    let actions = 0;
    for (const { id } of ids) {
      const stored = store.matches.load(id);
      expect(stored).not.toBeNull();
      if (!stored) continue;
      const log = store.matches.actions(id);
      actions += log.length;
      expect(log.map((e) => e.version)).toEqual(log.map((_, i) => i + 1));
      expect(stored.loggedVersion).toBe(stored.state.version);
      const rebuilt = replay(stored.settings, stored.seed, log);
      expect(rebuilt.ok && rebuilt.value).toEqual(stored.state);
      // The bot (seat 3) answered in the same transaction as the action before: it never owes a
      // move in what the file holds, whenever the process died (but in the exchange, where it passes
      // after its partner, a person, who may call Tichu first).
      const waits = waitsForPartner(stored.state, 3, (seat) => seat === 3);
      expect(
        owesAction(stored.state, 3) && !waits,
        `match ${id} v${stored.state.version}: the bot owes a move`,
      ).toBe(false);
    }
    return { matches: ids.length, actions };
  } finally {
    store.close();
  }
}

describe('crash safety', () => {
  it('keeps every acknowledged action across SIGKILLs at random moments, and play continues to the end', async () => {
    const rng = new Rng(seedRng('crash-test'));
    const allAcks: Array<[number, number]> = [];
    const kills = 16;
    for (let round = 0; round < kills; round++) {
      const run = await runWorker(`round-${round}`, rng.nextInt(400));
      expect(run.stderr).toBe('');
      expect(run.signal).toBe('SIGKILL');
      allAcks.push(...run.acks);
      checkDatabase(allAcks);
    }
    expect(allAcks.length).toBeGreaterThan(kills);
    // Finally let it finish the match in progress and one more: play continues to the end.
    const last = await runWorker('final', null, 2);
    expect(last.stderr).toBe('');
    expect(last.code).toBe(0);
    expect(last.finished.length).toBe(2);
    allAcks.push(...last.acks);
    const totals = checkDatabase(allAcks);
    expect(totals.matches).toBeGreaterThanOrEqual(2);
    const store = Store.open(file);
    const done = store.db.prepare("SELECT count(*) AS n FROM matches WHERE status = 'finished'").get() as {
      n: number;
    };
    const results = store.db.prepare('SELECT count(*) AS n FROM match_players').get() as { n: number };
    store.close();
    expect(done.n).toBeGreaterThanOrEqual(2);
    expect(results.n).toBe(done.n * 4);
  });
});
