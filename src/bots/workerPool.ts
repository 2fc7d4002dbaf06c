/**
 * Pools of worker threads that work off the main thread, one job per worker at a time: `ThreadPool`
 * for any job whose worker speaks its protocol (`{id, request}` in; `ready`, then `{type: 'answer',
 * id, answer}` out), and `WorkerPool`, the bot decisions' pool. Hand reviews use a ThreadPool of
 * their own (src/review/pool.ts), so a review never holds up a bot's move.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { type Decider, type DecisionAnswer, type DecisionRequest, reasonOf } from './decisionJob.js';

/** One core stays with the main thread, which answers every click. */
export function defaultPoolSize(): number {
  return Math.max(1, availableParallelism() - 1);
}

export interface PoolOptions {
  /** How many workers at most (started on demand); default `defaultPoolSize()`. */
  readonly size?: number;
  /**
   * A job still unanswered this long after its budget ran out is failed and its worker replaced: a
   * stuck policy must not hold a table for ever.
   */
  readonly graceMs?: number;
  /** The worker's entry module (tests point it at a worker that crashes). */
  readonly entry?: URL;
}

/**
 * After this many workers in a row die before they are ready, the pool stops starting new ones for
 * a while (decisions fail at once and the app makes them at normal level), then tries one again: a
 * passing cause (memory, a file being replaced) should not demote hard bots for the whole process.
 */
const MAX_START_FAILURES = 3;
const START_RETRY_MS = 60_000;

/** What a pool needs of a job: how long it may take (a job unanswered past that and the grace fails). */
export interface PoolJob {
  readonly budgetMs: number;
}

interface Job<Req, Ans> {
  readonly id: number;
  readonly request: Req;
  readonly resolve: (answer: Ans) => void;
}

interface Slot<Req, Ans> {
  readonly worker: Worker;
  ready: boolean;
  job: Job<Req, Ans> | null;
  timer: NodeJS.Timeout | null;
  /** Why it died, when it said (an uncaught error comes before its exit). */
  error: string | null;
}

type WorkerMessage<Ans> = { type: 'ready' } | { type: 'answer'; id: number; answer: Ans };

export interface ThreadPoolOptions<Ans> extends PoolOptions {
  readonly entry: URL;
  /** The answer a job gets when it cannot be done (a crash, a stuck worker, a closed pool). */
  readonly fail: (reason: string) => Ans;
  /** What the workers do, for the reasons given ("decision", "review"). */
  readonly what: string;
}

export class ThreadPool<Req extends PoolJob, Ans> {
  readonly size: number;
  private readonly graceMs: number;
  private readonly entry: URL;
  private readonly fail: (reason: string) => Ans;
  private readonly what: string;
  private readonly slots = new Set<Slot<Req, Ans>>();
  /** Jobs owed now, then those asked ahead (a deadline's decision, prepared): each in order. */
  private readonly queue: Job<Req, Ans>[] = [];
  private readonly aheadQueue: Job<Req, Ans>[] = [];
  private nextId = 1;
  private startFailures = 0;
  private lastStartFailure = 0;
  private closed = false;

  constructor(options: ThreadPoolOptions<Ans>) {
    this.size = Math.max(1, Math.floor(options.size ?? defaultPoolSize()));
    this.graceMs = options.graceMs ?? 5_000;
    this.entry = options.entry;
    this.fail = options.fail;
    this.what = options.what;
  }

  /** Never rejects: a crash, a stuck worker or a closed pool is an answer with a reason. */
  run(request: Req, ahead = false): Promise<Ans> {
    if (this.closed) return Promise.resolve(this.fail('the worker pool is closed'));
    if (this.startFailures >= MAX_START_FAILURES) {
      if (Date.now() - this.lastStartFailure < START_RETRY_MS)
        return Promise.resolve(this.fail(`the ${this.what} workers do not start`));
      this.startFailures = MAX_START_FAILURES - 1; // one more try; a failure waits again
    }
    return new Promise((resolve) => {
      (ahead ? this.aheadQueue : this.queue).push({ id: this.nextId++, request, resolve });
      this.pump();
    });
  }

  /** Workers running now (started on demand, so none until the first hard decision). */
  get workers(): number {
    return this.slots.size;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const job of this.takeAll()) job.resolve(this.fail('the worker pool is closed'));
    await Promise.all(
      [...this.slots].map((slot) => {
        this.finish(slot, this.fail('the worker pool is closed'));
        return slot.worker.terminate();
      }),
    );
    this.slots.clear();
  }

  private get waiting(): number {
    return this.queue.length + this.aheadQueue.length;
  }

  private takeAll(): Job<Req, Ans>[] {
    return [...this.queue.splice(0), ...this.aheadQueue.splice(0)];
  }

  private pump(): void {
    for (const slot of this.slots) {
      if (this.waiting === 0) return;
      if (slot.ready && !slot.job)
        this.send(slot, (this.queue.shift() ?? this.aheadQueue.shift()) as Job<Req, Ans>);
    }
    const starting = [...this.slots].filter((s) => !s.ready).length;
    let wanted = this.waiting - starting;
    while (wanted > 0 && this.slots.size < this.size) {
      this.spawn();
      wanted--;
    }
  }

  private spawn(): void {
    let worker: Worker;
    try {
      worker = new Worker(this.entry);
    } catch (error) {
      this.startFailed(`${this.what} worker could not start: ${reasonOf(error)}`);
      return;
    }
    const slot: Slot<Req, Ans> = { worker, ready: false, job: null, timer: null, error: null };
    this.slots.add(slot);
    slot.worker.on('message', (message: WorkerMessage<Ans>) => {
      if (message.type === 'ready') {
        slot.ready = true;
        this.startFailures = 0;
      } else if (slot.job?.id === message.id) this.finish(slot, message.answer);
      if (!slot.job) slot.worker.unref(); // an idle worker never keeps the process alive
      this.pump();
    });
    slot.worker.on('error', (error) => {
      slot.error = reasonOf(error);
    });
    slot.worker.on('exit', (code) => this.lost(slot, code));
  }

  private send(slot: Slot<Req, Ans>, job: Job<Req, Ans>): void {
    slot.job = job;
    slot.worker.ref();
    slot.timer = setTimeout(() => {
      slot.error = `no answer within ${job.request.budgetMs + this.graceMs} ms`;
      void slot.worker.terminate();
    }, job.request.budgetMs + this.graceMs);
    slot.timer.unref();
    slot.worker.postMessage({ id: job.id, request: job.request });
  }

  private finish(slot: Slot<Req, Ans>, answer: Ans): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    const job = slot.job;
    slot.job = null;
    job?.resolve(answer);
  }

  /** A worker exited: its job fails with the reason, and a replacement starts if work is waiting. */
  private lost(slot: Slot<Req, Ans>, code: number): void {
    this.slots.delete(slot);
    if (this.closed) return;
    const reason = `${this.what} worker exited (code ${code})${slot.error ? `: ${slot.error}` : ''}`;
    this.finish(slot, this.fail(reason));
    if (!slot.ready) {
      this.startFailed(reason);
      return;
    }
    this.pump();
  }

  /**
   * A worker that cannot start says nothing of the next one, but the waiting jobs should not wait on
   * a pool that may never start: they fail now (the app decides them inline).
   */
  private startFailed(reason: string): void {
    this.startFailures++;
    this.lastStartFailure = Date.now();
    for (const job of this.takeAll()) job.resolve(this.fail(reason));
  }
}

/** The bot decisions' pool: hard bots' searches and the forced decisions asked ahead of a deadline. */
export class WorkerPool extends ThreadPool<DecisionRequest, DecisionAnswer> implements Decider {
  constructor(options: PoolOptions = {}) {
    super({
      ...options,
      entry: options.entry ?? new URL('./decisionWorker.mjs', import.meta.url),
      fail: (reason) => ({ ok: false, reason }),
      what: 'decision',
    });
  }

  decide(request: DecisionRequest, ahead = false): Promise<DecisionAnswer> {
    return this.run(request, ahead);
  }
}
