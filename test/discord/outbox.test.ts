/** The outbox: latest wins per key, urgent writes first, paced under a rate and a concurrency. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  isTransient,
  LOW,
  NORMAL,
  Outbox,
  RETRY_GIVE_UP_MS,
  RETRY_MAX_MS,
  retryDelayMs,
  URGENT,
} from '../../src/discord/outbox.js';

/** A write that stays in flight until released, recording when it started. */
function gate(log: string[], name: string) {
  let release: () => void = () => undefined;
  const done = new Promise<string>((resolve) => {
    release = () => resolve(name);
  });
  return {
    run: () => {
      log.push(name);
      return done;
    },
    release: () => release(),
  };
}

describe('Outbox', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('replaces a waiting write by the newer one of the same key; the older resolves as replaced', async () => {
    const log: string[] = [];
    const outbox = new Outbox({ ratePerSecond: 1000, concurrency: 1, now: () => Date.now() });
    const blocker = gate(log, 'blocker');
    void outbox.add(NORMAL, blocker.run);
    const first = outbox.put('table:a', NORMAL, async () => log.push('a1'));
    const second = outbox.put('table:a', NORMAL, async () => log.push('a2'));
    blocker.release();
    await vi.runAllTimersAsync();
    expect(await first).toBeUndefined();
    expect(await second).toBe(2);
    expect(log).toEqual(['blocker', 'a2']);
  });

  it('never has two writes of one key in flight: the newer waits for the one being sent', async () => {
    const log: string[] = [];
    const outbox = new Outbox({ ratePerSecond: 1000, concurrency: 4, now: () => Date.now() });
    const a1 = gate(log, 'a1');
    void outbox.put('table:a', NORMAL, a1.run);
    void outbox.put('table:a', NORMAL, async () => log.push('a2'));
    void outbox.put('table:b', NORMAL, async () => log.push('b1'));
    await vi.advanceTimersByTimeAsync(50);
    expect(log).toEqual(['a1', 'b1']);
    a1.release();
    await vi.runAllTimersAsync();
    expect(log).toEqual(['a1', 'b1', 'a2']);
  });

  it('sends urgent writes before normal ones, and tidying last; a raised key moves up', async () => {
    const log: string[] = [];
    const outbox = new Outbox({ ratePerSecond: 1000, concurrency: 1, now: () => Date.now() });
    const blocker = gate(log, 'blocker');
    void outbox.add(NORMAL, blocker.run);
    void outbox.add(LOW, async () => log.push('delete'));
    void outbox.put('table:a', NORMAL, async () => log.push('a'));
    void outbox.put('table:b', NORMAL, async () => log.push('b'));
    void outbox.put('turn:c', URGENT, async () => log.push('c'));
    void outbox.put('table:b', URGENT, async () => log.push('b urgent'));
    blocker.release();
    await vi.runAllTimersAsync();
    expect(log).toEqual(['blocker', 'c', 'b urgent', 'a', 'delete']);
  });

  it('starts no more writes a second than its rate, and no more at once than its concurrency', async () => {
    const started: number[] = [];
    const outbox = new Outbox({ ratePerSecond: 20, concurrency: 3, now: () => Date.now() });
    const t0 = Date.now();
    const gates = Array.from({ length: 60 }, (_, i) => gate([], String(i)));
    let inFlight = 0;
    let most = 0;
    for (const [i, g] of gates.entries())
      void outbox.put(`table:${i}`, NORMAL, () => {
        started.push(Date.now() - t0);
        inFlight++;
        most = Math.max(most, inFlight);
        // Each write takes 10 ms of the fake clock.
        setTimeout(() => {
          inFlight--;
          g.release();
        }, 10);
        return g.run();
      });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(started).toHaveLength(60);
    expect(most).toBeLessThanOrEqual(3);
    // 60 writes at 20 a second, from a bucket of 4: the last starts after about 2.8 s, not at once.
    for (let second = 0; second < 3; second++) {
      const inSecond = started.filter((t) => t >= second * 1000 && t < (second + 1) * 1000).length;
      expect(inSecond).toBeLessThanOrEqual(24);
    }
    expect(started.at(-1)).toBeGreaterThanOrEqual(2_700);
  });

  it('keeps going after a failed write, and drain sends everything still waiting at once', async () => {
    const log: string[] = [];
    const outbox = new Outbox({ ratePerSecond: 1, concurrency: 2, now: () => Date.now() });
    const failed = outbox.put('table:x', NORMAL, async () => {
      throw new Error('Discord said no');
    });
    for (let i = 0; i < 10; i++) void outbox.put(`table:${i}`, NORMAL, async () => log.push(String(i)));
    expect(await failed).toBeUndefined();
    const drained = outbox.drain();
    await vi.runAllTimersAsync();
    await drained;
    expect(log).toHaveLength(10);
    expect(outbox.pending).toBe(0);
    expect(outbox.started).toBe(11);
  });

  it('drain with dropBelow sends the writes that matter and drops the tidying, queued, held or put meanwhile', async () => {
    const log: string[] = [];
    const outbox = new Outbox({ ratePerSecond: 1, concurrency: 1, now: () => Date.now() });
    const blocker = gate(log, 'blocker');
    void outbox.put('panel:a', URGENT, blocker.run);
    // Held behind its key's write in flight, and queued: both tidying.
    const held = outbox.put('panel:a', LOW, async () => log.push('held'));
    const tidy = Array.from({ length: 50 }, (_, i) =>
      outbox.put(`retire:${i}`, LOW, async () => log.push(`retire${i}`)),
    );
    const edit = outbox.put('panel:b', URGENT, async () => log.push('edit'));
    const unkeyed = outbox.add(NORMAL, async () => log.push('normal'));
    const drained = outbox.drain({ dropBelow: NORMAL });
    const late = outbox.put('retire:late', LOW, async () => log.push('late'));
    blocker.release();
    await vi.runAllTimersAsync();
    await drained;
    expect(log.sort()).toEqual(['blocker', 'edit', 'normal']);
    // Dropped writes resolve as replaced: nobody waits for them forever.
    expect(await held).toBeUndefined();
    expect(await Promise.all(tidy)).toEqual(Array(50).fill(undefined));
    expect(await late).toBeUndefined();
    // The writes that matter resolve with their result (log.push's new length).
    expect(await edit).toBeGreaterThan(0);
    expect(await unkeyed).toBeGreaterThan(0);
    expect(outbox.pending).toBe(0);
  });

  it('drain with dropBelow does not try again a tidying write that failed for now', async () => {
    const outbox = new Outbox({ ratePerSecond: 1000, concurrency: 4, now: () => Date.now() });
    let tries = 0;
    const first = outbox.put(
      'retire:a',
      LOW,
      async () => {
        tries++;
        throw Object.assign(new Error('Service Unavailable'), { status: 503 });
      },
      { retry: true },
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(await first).toBeUndefined();
    expect(tries).toBe(1);
    expect(outbox.failing).toBe(1);
    // Its retry is waiting: the drain would send it now, were it not tidying.
    const drained = outbox.drain({ dropBelow: NORMAL });
    await vi.runAllTimersAsync();
    await drained;
    expect(tries).toBe(1);
    expect(outbox.pending).toBe(0);
  });

  it('tries a write put with retry again after Discord failed for now, waiting longer each time', async () => {
    const outbox = new Outbox({
      ratePerSecond: 1000,
      concurrency: 4,
      now: () => Date.now(),
      random: () => 0.5,
    });
    const tries: number[] = [];
    let failing = 3;
    const run = async () => {
      tries.push(Date.now());
      if (failing-- > 0) throw Object.assign(new Error('Service Unavailable'), { status: 503 });
      return 'shown';
    };
    const start = Date.now();
    void outbox.put('table:a', NORMAL, run, { retry: true });
    await vi.advanceTimersByTimeAsync(10_000);
    // Sent at once, then after 1 s, 2 s and 4 s: the fourth try succeeds, and nothing more is sent.
    expect(tries.map((t) => t - start)).toEqual([0, 1_000, 3_000, 7_000]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(tries).toHaveLength(4);
  });

  it('does not try again a write refused for good (4xx), one put without retry, or one a newer write replaced', async () => {
    const outbox = new Outbox({ ratePerSecond: 1000, concurrency: 4, now: () => Date.now() });
    const log: string[] = [];
    const refused = Object.assign(new Error('Unknown Channel'), { status: 404, code: 10003 });
    void outbox.put(
      'table:a',
      NORMAL,
      async () => {
        log.push('a');
        throw refused;
      },
      { retry: true },
    );
    void outbox.put('table:b', NORMAL, async () => {
      log.push('b');
      throw Object.assign(new Error('Bad Gateway'), { status: 502 });
    });
    void outbox.put(
      'table:c',
      NORMAL,
      async () => {
        log.push('c1');
        throw Object.assign(new Error('Bad Gateway'), { status: 502 });
      },
      { retry: true },
    );
    await vi.advanceTimersByTimeAsync(10);
    void outbox.put('table:c', NORMAL, async () => log.push('c2'), { retry: true });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(log).toEqual(['a', 'b', 'c1', 'c2']);
  });

  it('knows which failures pass: 5xx, 429, timeouts and broken connections, not 4xx or bugs', () => {
    expect(isTransient({ status: 500 })).toBe(true);
    expect(isTransient({ status: 429 })).toBe(true);
    expect(isTransient({ name: 'AbortError' })).toBe(true);
    expect(isTransient({ code: 'ECONNRESET' })).toBe(true);
    expect(
      isTransient(Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } })),
    ).toBe(true);
    expect(isTransient({ status: 404, code: 10008 })).toBe(false);
    expect(isTransient(new TypeError('undefined is not a function'))).toBe(false);
    expect(retryDelayMs(1)).toBe(1_000);
    expect(retryDelayMs(20)).toBe(RETRY_MAX_MS);
  });

  it('spreads the retries of writes that failed together: each wait moves by up to a quarter', async () => {
    expect(retryDelayMs(3, 0)).toBe(3_000);
    expect(retryDelayMs(3, 0.999_999)).toBe(5_000);
    expect(retryDelayMs(20, 0)).toBe(RETRY_MAX_MS * 0.75);
    const draws = [0, 0.999_999];
    const outbox = new Outbox({
      ratePerSecond: 1000,
      concurrency: 4,
      now: () => Date.now(),
      random: () => draws.shift() ?? 0.5,
    });
    const tries: Record<string, number[]> = { a: [], b: [] };
    const start = Date.now();
    for (const key of ['a', 'b']) {
      let failing = 1;
      void outbox.put(
        `table:${key}`,
        NORMAL,
        async () => {
          tries[key]?.push(Date.now() - start);
          if (failing-- > 0) throw Object.assign(new Error('Bad Gateway'), { status: 502 });
        },
        { retry: true },
      );
    }
    await vi.advanceTimersByTimeAsync(5_000);
    expect(tries).toEqual({ a: [0, 750], b: [0, 1_250] });
  });

  it('gives a key up after ten minutes of failures, says so once, and tries again at its next write', async () => {
    const outbox = new Outbox({
      ratePerSecond: 1000,
      concurrency: 4,
      now: () => Date.now(),
      random: () => 0.5,
    });
    const tries: number[] = [];
    const reports: Array<{ failures: number; retrying: boolean; gaveUp: boolean }> = [];
    const start = Date.now();
    const put = () =>
      outbox.put(
        'table:a',
        NORMAL,
        async () => {
          tries.push(Date.now() - start);
          throw Object.assign(new Error('Service Unavailable'), { status: 503 });
        },
        { retry: true, onFailure: (_error, report) => reports.push(report) },
      );
    void put();
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    // 1, 2, 4, 8, 16 s, then every 30 s, until ten minutes of failures: then nothing more.
    const last = tries.at(-1) as number;
    expect(last).toBeGreaterThanOrEqual(RETRY_GIVE_UP_MS);
    expect(last).toBeLessThan(RETRY_GIVE_UP_MS + RETRY_MAX_MS);
    expect(tries.length).toBeLessThan(30);
    expect(reports.filter((r) => r.gaveUp)).toEqual([
      { failures: tries.length, retrying: false, gaveUp: true },
    ]);
    expect(reports.slice(0, -1).every((r) => r.retrying)).toBe(true);
    expect(outbox.failing).toBe(0);
    // The table changes: its write goes at once, and is tried again from 1 s.
    const given = tries.length;
    void put();
    await vi.advanceTimersByTimeAsync(1_500);
    expect(tries.slice(given).map((t) => t - (tries[given] as number))).toEqual([0, 1_000]);
  });

  it('keeps no streak for a key that stopped being tried again: 4xx, no retry, replaced, drained', async () => {
    const outbox = new Outbox({
      ratePerSecond: 1000,
      concurrency: 4,
      now: () => Date.now(),
      random: () => 0.5,
    });
    const unavailable = () => Object.assign(new Error('Service Unavailable'), { status: 503 });
    // A: 503, then the retry meets a 404 (the message is gone for good).
    let aTries = 0;
    void outbox.put(
      'table:a',
      NORMAL,
      async () => {
        if (aTries++ === 0) throw unavailable();
        throw Object.assign(new Error('Unknown Channel'), { status: 404, code: 10003 });
      },
      { retry: true },
    );
    // B: 503, then a newer write without retry takes its place and fails too.
    void outbox.put(
      'table:b',
      NORMAL,
      async () => {
        throw unavailable();
      },
      { retry: true },
    );
    // C: 503, then the retry is declined by the write's own judgement.
    let cTries = 0;
    void outbox.put(
      'table:c',
      NORMAL,
      async () => {
        cTries++;
        throw unavailable();
      },
      { retry: () => cTries < 2 },
    );
    // D: 503, then shutdown sends it once more, and it fails again.
    void outbox.put(
      'table:d',
      NORMAL,
      async () => {
        throw unavailable();
      },
      { retry: true },
    );
    await vi.advanceTimersByTimeAsync(10);
    expect(outbox.failing).toBe(4);
    void outbox.put('table:b', NORMAL, async () => {
      throw unavailable();
    });
    await vi.advanceTimersByTimeAsync(1_500);
    expect(aTries).toBe(2);
    expect(cTries).toBe(2);
    expect(outbox.failing).toBe(1);
    const drained = outbox.drain();
    await vi.runAllTimersAsync();
    await drained;
    expect(outbox.failing).toBe(0);
  });
});
