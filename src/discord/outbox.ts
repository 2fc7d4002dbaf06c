/**
 * The bot's own writes to channels (table message edits, turn messages and their deletion) go out
 * through one paced queue, under Discord's global limit of 50 requests a second, instead of all at
 * once into discord.js's queue. Answers to interactions never wait here (they are not bound by that
 * limit, and a person is waiting for them).
 *
 * - Latest wins: a keyed write replaces the one of the same key still waiting (a table's edit
 *   renders the table when it is sent, so an edit waiting already shows everything newer), and a
 *   key never has two writes in flight.
 * - Urgent first: a table whose awaited player changed is edited before one that only moved on.
 * - Paced: at most `ratePerSecond` writes start a second and `concurrency` are in flight, so a
 *   burst (1,000 deadlines falling at once) is spread out rather than competing with the answers.
 * - Tried again: a keyed write put with `retry` that fails because Discord failed for now (5xx past
 *   discord.js's own retries, a timeout, a broken connection) is put again after a wait (1 s,
 *   doubling per failure in a row, at most 30 s, each give or take a quarter so that writes that
 *   failed together do not come back together), unless a newer write of its key took its place.
 *   So a table message converges once Discord recovers, even if nothing moves at the table.
 *   After 10 minutes of failures in a row the key is given up (its `onFailure` hears so, once)
 *   until a newer write of it is put. (A 429 never gets here: discord.js waits it out and sends
 *   the request again itself.)
 */

export type Priority = 0 | 1 | 2;
/** Turn changes and the messages that mention whose turn it is. */
export const URGENT: Priority = 2;
/** A table that moved on without its awaited player changing. */
export const NORMAL: Priority = 1;
/** Tidying: deleting a turn message that a newer one replaced. */
export const LOW: Priority = 0;

export interface OutboxOptions {
  /** Writes started per second at most (default 45, leaving room under Discord's 50). */
  readonly ratePerSecond?: number;
  /** Writes in flight at most (default 8). */
  readonly concurrency?: number;
  readonly now?: () => number;
  /** A number in [0, 1) for the retries' jitter (default Math.random; tests fix it). */
  readonly random?: () => number;
}

/** What a write's failure led to: the failures of its key in a row, and whether it is put again. */
export interface FailureReport {
  readonly failures: number;
  readonly retrying: boolean;
  /** Failing for `RETRY_GIVE_UP_MS`: not tried again until a newer write of the key is put. */
  readonly gaveUp: boolean;
}

export interface PutOptions {
  /**
   * Put the write again later when it fails for a reason that passes (see `isTransient`); a
   * function is asked too, after each such failure (false: not this time).
   */
  readonly retry?: boolean | ((error: unknown) => boolean);
  /** Hears of each failure of the write (the write's own code logs it as it sees fit). */
  readonly onFailure?: (error: unknown, report: FailureReport) => void;
}

interface Job {
  readonly key: string | null;
  priority: Priority;
  run: () => Promise<unknown>;
  settle: Array<(value: unknown) => void>;
  queued: boolean;
  options: PutOptions;
}

/** A key's failures in a row, and when the first of them was. */
interface Streak {
  count: number;
  readonly since: number;
}

/** The first wait before a failed write is tried again, and the longest. */
export const RETRY_FIRST_MS = 1_000;
export const RETRY_MAX_MS = 30_000;
/** Each wait is its doubling's value give or take this share, drawn anew each time. */
export const RETRY_JITTER = 0.25;
/** A key failing this long in a row is given up until a newer write of it is put. */
export const RETRY_GIVE_UP_MS = 10 * 60_000;

const NETWORK_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ETIMEDOUT',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/**
 * Whether a failed write may succeed if sent again later: Discord answered 5xx (discord.js's
 * HTTPError, after its own three retries), the request timed out (AbortError) or the connection
 * broke, or a rate limit was turned into an error. A 4xx (a message gone, a payload refused) would
 * fail the same way again.
 */
export function isTransient(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { status?: unknown; name?: unknown; code?: unknown; cause?: { code?: unknown } };
  if (typeof e.status === 'number') return e.status >= 500 || e.status === 429;
  if (e.name === 'AbortError' || e.name === 'TimeoutError' || e.name === 'RateLimitError') return true;
  return NETWORK_CODES.has(String(e.code)) || NETWORK_CODES.has(String(e.cause?.code));
}

/**
 * The wait before trying a write again after `failures` failures in a row: 1 s doubling up to
 * 30 s, moved by up to `RETRY_JITTER` of it either way as `random` (in [0, 1), 0.5 the middle) says.
 */
export function retryDelayMs(failures: number, random = 0.5): number {
  const base = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (1 + RETRY_JITTER * (2 * random - 1)));
}

export class Outbox {
  private readonly queues: Job[][] = [[], [], []];
  /** Waiting (queued, or held until the write of the same key in flight ends), by key. */
  private readonly waiting = new Map<string, Job>();
  private readonly busyKeys = new Set<string>();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly rate: number;
  private readonly concurrency: number;
  private readonly now: () => number;
  private readonly random: () => number;
  private tokens: number;
  private refilledAt: number;
  private timer: NodeJS.Timeout | null = null;
  private unpaced = false;
  /** While draining: writes below this priority are dropped, not sent (see drain). */
  private dropBelow: Priority = 0;
  private sent = 0;
  /**
   * Failures in a row per key, kept only while the key is being tried again (a settle that does
   * not retry ends its streak), and the timers that will put them again.
   */
  private readonly failures = new Map<string, Streak>();
  private readonly retries = new Map<string, { timer: NodeJS.Timeout; fire: () => void }>();

  constructor(options: OutboxOptions = {}) {
    this.rate = options.ratePerSecond ?? 45;
    this.concurrency = options.concurrency ?? 8;
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
    // A small bucket: a quiet bot sends at once, a busy one at the steady rate.
    this.tokens = this.capacity;
    this.refilledAt = this.now();
  }

  /**
   * Queues a write that the next one of the same `key` replaces while it waits. Resolves with its
   * result, or `undefined` if a newer write of the key replaced it before it was sent.
   */
  put<T>(
    key: string,
    priority: Priority,
    run: () => Promise<T>,
    options: PutOptions = {},
  ): Promise<T | undefined> {
    if (priority < this.dropBelow) return Promise.resolve(undefined);
    return new Promise<T | undefined>((resolve) => {
      const settle = resolve as (value: unknown) => void;
      // A failed write waiting to be tried again is replaced too: this newer one shows more.
      this.cancelRetry(key);
      const waiting = this.waiting.get(key);
      if (waiting) {
        // The older write is dropped: it resolves as replaced, the newer takes its place.
        for (const s of waiting.settle) s(undefined);
        waiting.run = run;
        waiting.settle = [settle];
        waiting.options = options;
        if (priority > waiting.priority) this.raise(waiting, priority);
        return;
      }
      const job: Job = { key, priority, run, settle: [settle], queued: false, options };
      this.waiting.set(key, job);
      if (!this.busyKeys.has(key)) this.enqueue(job);
      this.pump();
    });
  }

  /** Queues a write that is always sent (once). */
  add<T>(priority: Priority, run: () => Promise<T>): Promise<T | undefined> {
    if (priority < this.dropBelow) return Promise.resolve(undefined);
    return new Promise<T | undefined>((resolve) => {
      this.enqueue({
        key: null,
        priority,
        run,
        settle: [resolve as (value: unknown) => void],
        queued: false,
        options: {},
      });
      this.pump();
    });
  }

  /** Writes waiting to be sent (keyed and unkeyed; not those in flight), for tests and the bench. */
  get pending(): number {
    return this.waiting.size + this.queues.reduce((n, q) => n + q.filter((j) => j.key === null).length, 0);
  }

  /** Keys with a streak of failures on record (being tried again), for tests. */
  get failing(): number {
    return this.failures.size;
  }

  /** Writes started since the outbox was made. */
  get started(): number {
    return this.sent;
  }

  /**
   * Sends everything waiting at once (no pacing from here on) and waits for all of it: shutdown.
   * Writes below `dropBelow` (tidying that nothing depends on) are dropped instead, as if replaced,
   * now and when put from here on: a backlog of them must not hold a shutdown past its guard.
   */
  async drain(options: { dropBelow?: Priority } = {}): Promise<void> {
    this.unpaced = true;
    this.dropBelow = options.dropBelow ?? 0;
    for (let priority = 0; priority < this.dropBelow; priority++) {
      for (const job of this.queues[priority] as Job[]) this.drop(job);
      (this.queues[priority] as Job[]).length = 0;
    }
    // Those held behind a write of their key in flight, too.
    for (const job of [...this.waiting.values()]) if (job.priority < this.dropBelow) this.drop(job);
    // Writes waiting to be tried again go now (and are not tried again after that).
    for (const { timer, fire } of [...this.retries.values()]) {
      clearTimeout(timer);
      fire();
    }
    for (let round = 0; round < 1_000_000; round++) {
      this.pump();
      if (this.inFlight.size === 0 && !this.queues.some((q) => q.length > 0)) return;
      await Promise.race(this.inFlight);
    }
  }

  /** A write that will not be sent: it resolves as replaced. */
  private drop(job: Job): void {
    job.queued = false;
    if (job.key !== null) {
      if (this.waiting.get(job.key) === job) this.waiting.delete(job.key);
      this.cancelRetry(job.key);
    }
    for (const settle of job.settle) settle(undefined);
    job.settle = [];
  }

  /**
   * After a keyed write failed: extends its key's streak and puts it again after a wait that
   * doubles per failure in a row, if it `wants` to be and the streak is younger than
   * `RETRY_GIVE_UP_MS`; else ends the streak. A newer write of the key waiting meanwhile takes its
   * place (and carries the streak on).
   */
  private failed(job: Job, error: unknown, wants: boolean): void {
    const key = job.key as string;
    const now = this.now();
    const streak = this.failures.get(key) ?? { count: 0, since: now };
    streak.count++;
    const gaveUp = wants && !this.unpaced && now - streak.since >= RETRY_GIVE_UP_MS;
    const retrying = wants && !this.unpaced && !gaveUp;
    if (retrying) this.failures.set(key, streak);
    else this.failures.delete(key);
    job.options.onFailure?.(error, { failures: streak.count, retrying, gaveUp });
    if (!retrying || this.waiting.has(key) || this.retries.has(key)) return;
    const { priority, run, options } = job;
    const fire = () => {
      this.retries.delete(key);
      if (!this.waiting.has(key)) void this.put(key, priority, run, options);
    };
    const timer = setTimeout(fire, retryDelayMs(streak.count, this.random()));
    timer.unref();
    this.retries.set(key, { timer, fire });
  }

  private cancelRetry(key: string): void {
    const pending = this.retries.get(key);
    if (!pending) return;
    clearTimeout(pending.timer);
    this.retries.delete(key);
  }

  private get capacity(): number {
    return Math.max(1, Math.ceil(this.rate / 5));
  }

  private enqueue(job: Job): void {
    job.queued = true;
    this.queues[job.priority]?.push(job);
  }

  private raise(job: Job, priority: Priority): void {
    if (job.queued) {
      const queue = this.queues[job.priority] as Job[];
      queue.splice(queue.indexOf(job), 1);
      job.priority = priority;
      this.enqueue(job);
    } else job.priority = priority;
  }

  private next(): Job | undefined {
    for (let p = this.queues.length - 1; p >= 0; p--) {
      const job = this.queues[p]?.shift();
      if (job) return job;
    }
    return undefined;
  }

  private refill(): void {
    const now = this.now();
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.refilledAt) * this.rate) / 1000);
    this.refilledAt = now;
  }

  private pump(): void {
    this.refill();
    while (this.inFlight.size < this.concurrency && (this.unpaced || this.tokens >= 1)) {
      const job = this.next();
      if (!job) return;
      if (!this.unpaced) this.tokens -= 1;
      this.start(job);
    }
    if (this.timer || this.inFlight.size >= this.concurrency) return;
    if (!this.queues.some((q) => q.length > 0)) return;
    const waitMs = Math.max(1, Math.ceil(((1 - this.tokens) * 1000) / this.rate));
    this.timer = setTimeout(() => {
      this.timer = null;
      this.pump();
    }, waitMs);
  }

  private start(job: Job): void {
    job.queued = false;
    const { key } = job;
    if (key !== null) {
      this.waiting.delete(key);
      this.busyKeys.add(key);
    }
    this.sent++;
    const { settle, run, options } = job;
    const work: Promise<void> = runNow(run)
      .then(
        (value) => {
          if (key !== null) this.failures.delete(key);
          for (const s of settle) s(value);
        },
        (error: unknown) => {
          // The write's own code logs its failure; a failed write settles like a replaced one.
          for (const s of settle) s(undefined);
          if (key === null) return;
          const { retry } = options;
          const wants =
            retry !== undefined &&
            retry !== false &&
            isTransient(error) &&
            (typeof retry !== 'function' || retry(error));
          this.failed(job, error, wants);
        },
      )
      .finally(() => {
        this.inFlight.delete(work);
        if (key !== null) {
          this.busyKeys.delete(key);
          // A newer write of the key came meanwhile: its turn now.
          const held = this.waiting.get(key);
          if (held && !held.queued) this.enqueue(held);
        }
        this.pump();
      });
    this.inFlight.add(work);
  }
}

/** Starts `run` now (its request goes out in this tick), a synchronous throw becoming a rejection. */
function runNow(run: () => Promise<unknown>): Promise<unknown> {
  try {
    return Promise.resolve(run());
  } catch (error) {
    return Promise.reject(error);
  }
}
