/**
 * The bot's REST requests, sent from a thread of their own (restWorker.mjs). The clients discord.js
 * and the bot hold stay as they are; only their `request` is handed over: the thread runs
 * @discordjs/rest's rate-limit queues and the HTTP connections, and sends back the parsed answer or
 * the error, which is made again here as the same class (a `DiscordAPIError` with its code, so a
 * caller's `instanceof` and `code` checks hold). Requests keep their order: messages between two
 * threads arrive in the order sent.
 *
 * Requests made in one burst of work cross together, as one message, once it is done (and the
 * thread answers the same way): each message wakes the other thread, which costs the sender more
 * than copying a request. A burst is what one event (a gateway frame, a timer, a flush of the
 * disk) sets going, promise by promise: the flush is a `process.nextTick` queued from a promise
 * job (`afterBurst`), and Node runs ticks queued there only once every promise job has run, those
 * queued meanwhile included. So the answers one flush of the disk releases (a group commit) cross
 * together, and none waits for other events.
 */
import { Worker } from 'node:worker_threads';
import { DiscordAPIError, HTTPError, type RateLimitData, RateLimitError, type REST } from 'discord.js';
import type { RestWaitKind } from './rateLimits.js';

type InternalRequest = Parameters<REST['request']>[0];

type Described =
  | { kind: 'api'; rawError: never; code: number | string; status: number; method: string; url: string }
  | { kind: 'http'; status: number; statusText: string; method: string; url: string }
  | { kind: 'rateLimit'; data: RateLimitData }
  | {
      kind: 'other';
      name: string;
      message: string;
      code?: unknown;
      cause?: { code?: unknown; message?: string };
    };

/** An empty answer (a 204: most callbacks) comes back as `empty`, made again here as @discordjs/rest gives it. */
type Reply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: true; empty: true }
  | { id: number; ok: false; error: Described };

/** A request as it crosses to the thread. */
interface Outgoing {
  readonly id: number;
  readonly client: string;
  readonly request: Record<string, unknown>;
}

/** A 429 Discord answered one of the thread's clients (which waits it out and sends again). */
type RateLimited = { type: 'rateLimited'; route: string; global: boolean };

/** A wait one of the thread's clients made on its own (rateLimits.ts RestWaits). */
type Waited = { type: 'waited'; client: string; kind: RestWaitKind };

interface Pending {
  readonly request: InternalRequest;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** The options of a REST client that can cross to another thread (functions and agents cannot). */
function portable(options: REST['options']): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(options))
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) kept[key] = value;
    else if (key === 'headers' && typeof value === 'object') kept[key] = { ...value };
  return kept;
}

/** Threads that may die within RESTART_WINDOW_MS before the REST thread gives up (and says so, as fatal). */
const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 60_000;

/** How long `close` waits for the requests under way (one held by a long rate limit, say) before stopping the thread. */
const CLOSE_WAIT_MS = 5_000;

export class RestThread {
  private worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private readonly workerData: { token: string | null; clients: Record<string, Record<string, unknown>> };
  private readonly restarts: number[] = [];
  private nextId = 0;
  private closed = false;
  /** Requests made since this burst of work began, not yet handed to the thread (see `flush`). */
  private outgoing: Outgoing[] = [];

  /**
   * `clients`: each REST client to send for, by name; `token`: the bot's, given to the client named
   * `bot` only (the others send without one, as before); `onDied` hears of a thread that died: its
   * requests under way failed, and a new thread takes the next ones, unless threads keep dying
   * (`fatal`: then every request fails, and the bot should stop for its supervisor to restart it).
   */
  constructor(
    clients: Readonly<Record<string, REST>>,
    token: string | null,
    private readonly onDied: (reason: string, fatal: boolean) => void = () => {},
    /** Hears each 429 Discord answered (its bucketed route), for the metrics. */
    private readonly onRateLimited: (route: string, global: boolean) => void = () => {},
    /** Hears each wait a client made on its own (its global limit, a bucket, a request held), by client name. */
    private readonly onWaited: (client: string, kind: RestWaitKind) => void = () => {},
  ) {
    const options = Object.fromEntries(
      Object.entries(clients).map(([name, rest]) => [name, portable(rest.options)]),
    );
    this.workerData = { token, clients: options };
    this.worker = this.start();
    for (const [name, rest] of Object.entries(clients)) {
      rest.request = (request) => this.send(name, request);
    }
  }

  /**
   * Sends `request` with the thread's client `name`: its parsed answer, or the error it met. Its body
   * must be plain data (what JSON.stringify would send): it is copied to the thread.
   */
  send(client: string, request: InternalRequest): Promise<unknown> {
    if (this.closed) return Promise.reject(new Error('the REST thread is closed'));
    const id = this.nextId++;
    const { signal: _signal, dispatcher: _dispatcher, query, ...rest } = request;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { request, resolve, reject });
      if (this.pending.size === 1) this.worker.ref();
      this.outgoing.push({ id, client, request: query ? { ...rest, query: query.toString() } : rest });
      // The burst's first request schedules its flush (which takes every request queued by then).
      if (this.outgoing.length === 1) afterBurst(() => this.flush());
    });
  }

  /** Hands the burst's requests to the thread, in one message. */
  private flush(): void {
    const batch = this.outgoing;
    if (batch.length === 0) return;
    this.outgoing = [];
    try {
      this.worker.postMessage(batch);
    } catch {
      // One of them is not plain data (a function, a stream): none was sent. Each goes alone, so
      // only those that cannot be copied fail, and nothing of theirs was sent.
      for (const one of batch)
        try {
          this.worker.postMessage([one]);
        } catch (error) {
          this.settle(
            {
              id: one.id,
              ok: false,
              error: { kind: 'other', name: 'DataCloneError', message: String(error) },
            },
            error,
          );
        }
    }
  }

  /**
   * Stops the thread once the requests under way are answered (at most CLOSE_WAIT_MS: then it is
   * stopped, and those still waiting fail).
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const worker = this.worker;
    // Held until it has exited: an idle thread is unreferenced, and its exit must still be heard.
    worker.ref();
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    this.flush();
    worker.postMessage({ type: 'close' });
    const timer = setTimeout(() => void worker.terminate(), CLOSE_WAIT_MS);
    await exited;
    clearTimeout(timer);
  }

  private start(): Worker {
    // Plain JavaScript: no TypeScript loader (the bot's --import tsx) is handed down, so it starts sooner.
    const worker = new Worker(new URL('./restWorker.mjs', import.meta.url), {
      workerData: this.workerData,
      execArgv: [],
    });
    // Idle, the thread keeps nothing alive: the bot's own handles decide when the process ends.
    worker.unref();
    let failure: string | null = null;
    worker.on('message', (message: Reply[] | RateLimited | Waited) => {
      if (Array.isArray(message)) for (const reply of message) this.settle(reply);
      else
        try {
          if (message.type === 'waited') this.onWaited(message.client, message.kind);
          else this.onRateLimited(message.route, message.global);
        } catch {
          // A count that fails costs the count, never the thread's answers.
        }
    });
    worker.on('error', (error) => {
      failure = error instanceof Error ? error.message : String(error);
    });
    worker.on('exit', (code) => {
      const reason = `the REST thread stopped (exit code ${code}${failure ? `: ${failure}` : ''})`;
      // Requests not yet handed over fail with those under way (their callers retry or report them).
      this.outgoing = [];
      this.failAll(new Error(reason));
      if (this.closed) return;
      // It died under the bot: the requests under way failed (their callers retry or report them);
      // a new thread takes the next ones, so the bot does not go silent.
      const now = Date.now();
      while (this.restarts.length > 0 && now - (this.restarts[0] as number) > RESTART_WINDOW_MS)
        this.restarts.shift();
      this.restarts.push(now);
      const fatal = this.restarts.length > MAX_RESTARTS;
      if (fatal) this.closed = true;
      else this.worker = this.start();
      this.onDied(reason, fatal);
    });
    return worker;
  }

  /** `thrown`: the error itself, when it was met on this thread (it is given as it is). */
  private settle(reply: Reply, thrown?: unknown): void {
    const pending = this.pending.get(reply.id);
    if (!pending) return;
    this.pending.delete(reply.id);
    // Idle again: unreferenced, unless closing (close() holds it until it has exited).
    if (this.pending.size === 0 && !this.closed) this.worker.unref();
    if (thrown !== undefined) pending.reject(thrown);
    else if (!reply.ok) pending.reject(errorFrom(reply.error, pending.request));
    else pending.resolve('empty' in reply ? new ArrayBuffer(0) : reply.value);
  }

  private failAll(error: unknown): void {
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
  }
}

/**
 * Runs `fn` once the burst under way is done. A tick queued from a plain callback would run before
 * that callback's promise jobs; queued from a promise job, it waits until the job queue is empty.
 */
export function afterBurst(fn: () => void): void {
  queueMicrotask(() => process.nextTick(fn));
}

/** The error the thread met, made again as the class @discordjs/rest throws. */
function errorFrom(error: Described, request: InternalRequest): Error {
  const body = { body: request.body, files: request.files };
  switch (error.kind) {
    case 'api':
      return new DiscordAPIError(error.rawError, error.code, error.status, error.method, error.url, body);
    case 'http':
      return new HTTPError(error.status, error.statusText, error.method, error.url, body);
    case 'rateLimit':
      return new RateLimitError(error.data);
    default: {
      // A network failure's code (ECONNRESET, say) stays where the outbox looks for it.
      const made = new Error(error.message, error.cause ? { cause: error.cause } : undefined) as Error & {
        code?: unknown;
      };
      made.name = error.name;
      if (error.code !== undefined) made.code = error.code;
      return made;
    }
  }
}
