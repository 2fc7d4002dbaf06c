/**
 * What the deadline heap runs on: a scheduler for its one pending timer, the system's in the bot and
 * a manual one that tests and benches move by hand (time passes only when they say so).
 */

/** Runs a callback once after a delay; the heap keeps at most one scheduled at a time. */
export interface Scheduler {
  /** Calls `run` once, `delayMs` from now; the returned function cancels it if it has not run. */
  schedule(run: () => void, delayMs: number): () => void;
}

/** setTimeout's longest delay; a longer wait is scheduled in steps (the heap re-checks on waking). */
const MAX_DELAY_MS = 2 ** 31 - 1;

export const systemScheduler: Scheduler = {
  schedule(run, delayMs) {
    // Due now (the heap yielding in the middle of a burst): at the next turn of the event loop,
    // after the I/O that waits (the clicks), without setTimeout's minimum of 1 ms between slices,
    // which would leave the loop idle half the time while a burst waits.
    if (delayMs <= 0) {
      const immediate = setImmediate(run);
      return () => clearImmediate(immediate);
    }
    const timer = setTimeout(run, Math.min(Math.max(0, delayMs), MAX_DELAY_MS));
    // A pending deadline never keeps the process alive on its own: the bot lives by its connection.
    timer.unref();
    return () => clearTimeout(timer);
  },
};

/**
 * A scheduler on a clock that moves only when told: `advance(ms)` moves time and runs every timer
 * that has come due, in order (and those they schedule for no later than now), synchronously.
 */
export class ManualClock implements Scheduler {
  private time: number;
  private pending: Array<{ at: number; seq: number; run: () => void }> = [];
  private seq = 0;

  constructor(start = 1_700_000_000_000) {
    this.time = start;
  }

  /** The clock's time in Unix milliseconds (give it to the environment as `now`). */
  readonly now = (): number => this.time;

  schedule(run: () => void, delayMs: number): () => void {
    // No delay: due at once, whatever the clock reads by then (a clock that steps as it is read
    // must not push "at once" past the time being advanced to).
    const timer = { at: delayMs > 0 ? this.time + delayMs : Number.NEGATIVE_INFINITY, seq: this.seq++, run };
    this.pending.push(timer);
    return () => {
      this.pending = this.pending.filter((t) => t !== timer);
    };
  }

  /** Moves the clock forward without running anything (what came due runs at the next advance). */
  step(ms = 1): void {
    this.time += Math.max(0, ms);
  }

  /** Moves the clock forward and runs what came due; returns how many timers ran. */
  advance(ms: number): number {
    this.time += Math.max(0, ms);
    return this.runDue();
  }

  /**
   * Runs every timer due by now, earliest first, and those they schedule for no later than that
   * (bounded, so a timer that re-arms itself at once cannot spin). "Now" is read once: a clock that
   * steps as it is read does not make later timers due.
   */
  runDue(): number {
    const until = this.time;
    let ran = 0;
    for (; ran < 100_000; ran++) {
      const due = this.pending.filter((t) => t.at <= until).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!due) break;
      this.pending = this.pending.filter((t) => t !== due);
      due.run();
    }
    return ran;
  }

  /** How many timers wait (the heap keeps one at most). */
  get waiting(): number {
    return this.pending.length;
  }
}
