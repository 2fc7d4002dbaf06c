/** The one timer mechanism: a min-heap of deadlines on an injected clock, with one scheduled timer at most. */
import { describe, expect, it } from 'vitest';
import { ManualClock, systemScheduler } from '../../src/app/clock.js';
import { DeadlineHeap } from '../../src/app/deadlineHeap.js';

/** Batches of this many keys in the test of a failing batch. */
const DUE_BATCH = 4;

import { Rng, seedRng } from '../../src/engine/index.js';

const START = 1_700_000_000_000;

function setup() {
  const clock = new ManualClock(START);
  const fired: Array<{ key: string; at: number }> = [];
  const heap = new DeadlineHeap(clock, clock.now, (keys) => {
    for (const key of keys) fired.push({ key, at: clock.now() });
  });
  return { clock, heap, fired };
}

describe('DeadlineHeap', () => {
  it('fires each armed key once its time has come, earliest first, and not before', () => {
    const { clock, heap, fired } = setup();
    heap.arm('a', START + 100);
    heap.arm('b', START + 50);
    expect(heap.size).toBe(2);
    expect(heap.earliest).toBe(START + 50);
    clock.advance(49);
    expect(fired).toEqual([]);
    clock.advance(1);
    expect(fired).toEqual([{ key: 'b', at: START + 50 }]);
    expect(heap.at('b')).toBeNull();
    clock.advance(1_000);
    expect(fired.map((f) => f.key)).toEqual(['b', 'a']);
    expect(heap.size).toBe(0);
  });

  it('re-arming moves a deadline (earlier or later): it fires once, at its new time', () => {
    const { clock, heap, fired } = setup();
    heap.arm('a', START + 100);
    heap.arm('a', START + 300);
    heap.arm('b', START + 200);
    clock.advance(150);
    expect(fired).toEqual([]);
    heap.arm('b', START + 160);
    clock.advance(10);
    expect(fired).toEqual([{ key: 'b', at: START + 160 }]);
    heap.arm('a', START + 170);
    clock.advance(10);
    expect(fired.map((f) => f.key)).toEqual(['b', 'a']);
    clock.advance(1_000);
    expect(fired).toHaveLength(2);
  });

  it('a cancelled key never fires; cancelling one that is not armed changes nothing', () => {
    const { clock, heap, fired } = setup();
    heap.arm('a', START + 10);
    heap.arm('b', START + 20);
    heap.cancel('a');
    heap.cancel('nope');
    expect(heap.at('a')).toBeNull();
    expect(heap.at('b')).toBe(START + 20);
    clock.advance(100);
    expect(fired.map((f) => f.key)).toEqual(['b']);
  });

  it('ten thousand tables: every one fires exactly once, in order of time, with one timer scheduled at most', () => {
    const { clock, heap, fired } = setup();
    const rng = new Rng(seedRng('heap'));
    const at = new Map<string, number>();
    for (let i = 0; i < 10_000; i++) {
      const key = `t${String(i).padStart(7, '0')}`;
      const when = START + 1 + rng.nextInt(600_000);
      at.set(key, when);
      heap.arm(key, when);
    }
    // Re-arm a tenth of them and cancel another tenth, as play moves on.
    for (let i = 0; i < 1_000; i++) {
      const key = `t${String(i).padStart(7, '0')}`;
      const when = START + 1 + rng.nextInt(600_000);
      at.set(key, when);
      heap.arm(key, when);
      const gone = `t${String(9_999 - i).padStart(7, '0')}`;
      heap.cancel(gone);
      at.delete(gone);
    }
    expect(heap.size).toBe(9_000);
    expect(clock.waiting).toBeLessThanOrEqual(1);
    for (let t = 0; t < 600_000; t += 10_000) {
      clock.advance(10_000);
      expect(clock.waiting).toBeLessThanOrEqual(1);
      // Nothing fires early.
      expect(fired.every((f) => (at.get(f.key) as number) <= f.at)).toBe(true);
    }
    clock.advance(1);
    expect(fired).toHaveLength(9_000);
    expect(new Set(fired.map((f) => f.key)).size).toBe(9_000);
    const times = fired.map((f) => at.get(f.key) as number);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(clock.waiting).toBe(0);
  });

  it('a callback may arm again; one that throws is reported and the others still fire', () => {
    const clock = new ManualClock(START);
    const fired: string[] = [];
    const errors: string[] = [];
    const heap: DeadlineHeap = new DeadlineHeap(
      clock,
      clock.now,
      (keys) => {
        for (const key of keys) {
          fired.push(key);
          if (key === 'bad') throw new Error('disk busy');
          if (key === 'again' && fired.filter((k) => k === 'again').length === 1)
            heap.arm('again', clock.now() + 100);
        }
      },
      (keys, error) => errors.push(`${keys.join(',')}: ${(error as Error).message}`),
      DUE_BATCH,
    );
    // Keys come in batches of DUE_BATCH: the batch whose call threw is reported whole; the next
    // batch still runs.
    heap.arm('again', START + 10);
    heap.arm('bad', START + 11);
    const goods = Array.from({ length: DUE_BATCH }, (_, i) => `good${String(i).padStart(2, '0')}`);
    for (const [i, good] of goods.entries()) heap.arm(good, START + 12 + i);
    clock.advance(12 + DUE_BATCH);
    const first = ['again', 'bad', ...goods.slice(0, DUE_BATCH - 2)];
    expect(errors).toEqual([`${first.join(',')}: disk busy`]);
    expect(fired).toEqual(['again', 'bad', ...goods.slice(DUE_BATCH - 2)]);
    expect(heap.at('again')).toBe(START + 12 + DUE_BATCH + 100);
    clock.advance(100);
    expect(fired.filter((k) => k === 'again')).toHaveLength(2);
  });

  it('stop: nothing fires after it, and nothing can be armed', () => {
    const { clock, heap, fired } = setup();
    heap.arm('a', START + 10);
    heap.stop();
    expect(clock.waiting).toBe(0);
    heap.arm('b', START + 20);
    clock.advance(100);
    expect(fired).toEqual([]);
  });
});

describe('ManualClock', () => {
  it('moves only when told; runs what came due in order of time, and what a timer schedules for now', () => {
    const clock = new ManualClock(1_000);
    const ran: string[] = [];
    clock.schedule(() => ran.push('late'), 50);
    clock.schedule(() => {
      ran.push('early');
      clock.schedule(() => ran.push('chained'), 0);
    }, 10);
    const cancel = clock.schedule(() => ran.push('cancelled'), 20);
    cancel();
    clock.step(30);
    expect(clock.now()).toBe(1_030);
    expect(ran).toEqual([]);
    expect(clock.advance(0)).toBe(2);
    expect(ran).toEqual(['early', 'chained']);
    clock.advance(20);
    expect(ran).toEqual(['early', 'chained', 'late']);
    expect(clock.waiting).toBe(0);
  });
});

describe('systemScheduler', () => {
  it('runs a zero-delay callback at the next turn of the event loop, after the I/O waiting, and can cancel it', async () => {
    const ran: string[] = [];
    systemScheduler.schedule(() => ran.push('now'), 0);
    const cancel = systemScheduler.schedule(() => ran.push('cancelled'), 0);
    cancel();
    // Not run in the same turn: whatever waits (here, this promise) comes first.
    await Promise.resolve();
    expect(ran).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(ran).toEqual(['now']);
  });

  it('a burst on the system scheduler yields between slices and still handles every due key', async () => {
    const due: string[] = [];
    const now = 0;
    const heap = new DeadlineHeap(
      systemScheduler,
      () => now,
      (keys) => {
        due.push(...keys);
        // Each batch costs a little more than a slice, so the heap yields after every one.
        const until = performance.now() + 1.5;
        while (performance.now() < until) {}
      },
    );
    for (let i = 0; i < 20; i++) heap.arm(`k${String(i).padStart(2, '0')}`, 0);
    let turns = 0;
    for (; turns < 1_000 && due.length < 20; turns++) await new Promise((resolve) => setImmediate(resolve));
    heap.stop();
    expect(due).toHaveLength(20);
    // It yielded: the 20 keys took several turns of the loop, not one.
    expect(turns).toBeGreaterThan(1);
  });
});
