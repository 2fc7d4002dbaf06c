/**
 * The one timer mechanism of all tables: a min-heap of deadlines by key, earliest first, driving a
 * single scheduled timer. Arming, moving or cancelling a deadline is O(log n) and costs no timer of
 * its own, so ten thousand armed tables weigh two arrays and a map.
 */
import type { Scheduler } from './clock.js';

/**
 * How long one wake-up may run due callbacks before yielding (a burst must not stall the clicks):
 * after each batch past this much work, the heap yields to the event loop (at once, through the
 * scheduler: the clicks waiting are answered, then the burst goes on).
 */
const SLICE_MS = 1;

/**
 * Due keys handed over at once: a burst's tables are committed four to a transaction (a savepoint
 * each), which writes about half the WAL pages of a transaction a table (timers.burst1000.ms 600-700
 * ms instead of 870-1,000). With 1,000 deadlines falling while 50 tables click (bench/e2eBurstMain.ts,
 * the two runs back to back on a slow machine): batches of 4 applied the burst in 1.6 s with the
 * clicks' p99 at 76 ms, batches of 1 in 4.0 s at 94 ms (floor 16 ms). Earlier, slices of 10 ms and
 * batches of 16 (with a timer, not an immediate, between slices) left clicks waiting 80-140 ms.
 */
export const DUE_BATCH = 4;

export class DeadlineHeap {
  // Parallel arrays rather than an object per entry: a packed array of numbers and one of strings.
  private readonly keys: string[] = [];
  private readonly ats: number[] = [];
  private readonly index = new Map<string, number>();
  private cancelTimer: (() => void) | null = null;
  private scheduledAt = Number.POSITIVE_INFINITY;
  private stopped = false;

  /**
   * `onDue(keys)` runs once those keys' time has come, earliest first, at most `batchSize` at a time
   * (they are no longer armed by then; it may arm them again). `onError` hears of a call that threw,
   * with its keys; the keys after them still run.
   */
  constructor(
    private readonly scheduler: Scheduler,
    private readonly now: () => number,
    private readonly onDue: (keys: string[]) => void,
    private readonly onError: (keys: readonly string[], error: unknown) => void = () => {},
    private readonly batchSize = DUE_BATCH,
  ) {}

  /** Arms `key` for `at` (Unix ms), or moves it there if already armed. */
  arm(key: string, at: number): void {
    if (this.stopped) return;
    const i = this.index.get(key);
    if (i === undefined) {
      this.keys.push(key);
      this.ats.push(at);
      this.index.set(key, this.keys.length - 1);
      this.up(this.keys.length - 1);
    } else {
      const before = this.ats[i] as number;
      this.ats[i] = at;
      if (at < before) this.up(i);
      else this.down(i);
    }
    this.wake();
  }

  /** Disarms `key` if armed. */
  cancel(key: string): void {
    const i = this.index.get(key);
    if (i !== undefined) this.removeAt(i);
    // The timer stays as it was: waking early and finding nothing due costs less than re-scheduling.
  }

  /** When `key` falls, or null if it is not armed. */
  at(key: string): number | null {
    const i = this.index.get(key);
    return i === undefined ? null : (this.ats[i] as number);
  }

  get size(): number {
    return this.keys.length;
  }

  /** The earliest armed time, or null. */
  get earliest(): number | null {
    return this.ats[0] ?? null;
  }

  /** Nothing fires after this (shutdown). */
  stop(): void {
    this.stopped = true;
    this.cancelTimer?.();
    this.cancelTimer = null;
    this.scheduledAt = Number.POSITIVE_INFINITY;
  }

  /** Schedules the one timer for the earliest deadline, when it is earlier than the one scheduled. */
  private wake(): void {
    const top = this.ats[0];
    if (this.stopped || top === undefined || top >= this.scheduledAt) return;
    this.cancelTimer?.();
    this.scheduledAt = top;
    this.cancelTimer = this.scheduler.schedule(() => this.fire(), top - this.now());
  }

  private fire(): void {
    this.cancelTimer = null;
    this.scheduledAt = Number.POSITIVE_INFINITY;
    if (this.stopped) return;
    const started = performance.now();
    // One reading of the clock per wake-up: a callback that arms again for "now" waits for the next.
    const now = this.now();
    while (this.keys.length > 0 && (this.ats[0] as number) <= now) {
      const batch: string[] = [];
      while (batch.length < this.batchSize && this.keys.length > 0 && (this.ats[0] as number) <= now) {
        batch.push(this.keys[0] as string);
        this.removeAt(0);
      }
      try {
        this.onDue(batch);
      } catch (error) {
        this.onError(batch, error);
      }
      if (this.stopped) return;
      if (performance.now() - started > SLICE_MS) break;
    }
    this.wake();
  }

  private removeAt(i: number): void {
    const last = this.keys.length - 1;
    this.index.delete(this.keys[i] as string);
    if (i !== last) {
      this.keys[i] = this.keys[last] as string;
      this.ats[i] = this.ats[last] as number;
      this.index.set(this.keys[i] as string, i);
    }
    this.keys.pop();
    this.ats.pop();
    if (i < this.keys.length) {
      this.up(i);
      this.down(i);
    }
  }

  private up(start: number): void {
    let i = start;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if ((this.ats[parent] as number) <= (this.ats[i] as number)) break;
      this.swap(i, parent);
      i = parent;
    }
  }

  private down(start: number): void {
    let i = start;
    const n = this.keys.length;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let least = i;
      if (left < n && (this.ats[left] as number) < (this.ats[least] as number)) least = left;
      if (right < n && (this.ats[right] as number) < (this.ats[least] as number)) least = right;
      if (least === i) return;
      this.swap(i, least);
      i = least;
    }
  }

  private swap(a: number, b: number): void {
    const key = this.keys[a] as string;
    const at = this.ats[a] as number;
    this.keys[a] = this.keys[b] as string;
    this.ats[a] = this.ats[b] as number;
    this.keys[b] = key;
    this.ats[b] = at;
    this.index.set(this.keys[a] as string, a);
    this.index.set(key, b);
  }
}
