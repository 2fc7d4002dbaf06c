/**
 * The bot's REST requests, sent from a thread of their own (restWorker.mjs). The clients discord.js
 * and the bot hold stay as they are; only their `request` is handed over: the thread runs
 * @discordjs/rest's rate-limit queues and the HTTP connections, and sends back the parsed answer or
 * the error, which is made again here as the same class (a `DiscordAPIError` with its code, so a
 * caller's `instanceof` and `code` checks hold). Requests keep their order: messages between two
 * threads arrive in the order sent.
 */
import { Worker } from 'node:worker_threads';
import { DiscordAPIError, HTTPError, type RateLimitData, RateLimitError, type REST } from 'discord.js';

type InternalRequest = Parameters<REST['request']>[0];

type Described =
  | { kind: 'api'; rawError: never; code: number | string; status: number; method: string; url: string }
  | { kind: 'http'; status: number; statusText: string; method: string; url: string }
  | { kind: 'rateLimit'; data: RateLimitData }
  | { kind: 'other'; name: string; message: string; code?: unknown };

type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: Described };

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

export class RestThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private closed = false;

  /** `clients`: each REST client to send for, by name; `token`: the bot's, for requests that carry it. */
  constructor(clients: Readonly<Record<string, REST>>, token: string | null) {
    const options = Object.fromEntries(
      Object.entries(clients).map(([name, rest]) => [name, portable(rest.options)]),
    );
    this.worker = new Worker(new URL('./restWorker.mjs', import.meta.url), {
      workerData: { token, clients: options },
    });
    // Idle, the thread keeps nothing alive: the bot's own handles decide when the process ends.
    this.worker.unref();
    this.worker.on('message', (reply: Reply) => this.settle(reply));
    this.worker.on('error', (error) => this.failAll(error));
    this.worker.on('exit', (code) => this.failAll(new Error(`the REST thread stopped (exit code ${code})`)));
    for (const [name, rest] of Object.entries(clients)) {
      rest.request = (request) => this.send(name, request);
    }
  }

  /** Sends `request` with the thread's client `name`: its parsed answer, or the error it met. */
  send(client: string, request: InternalRequest): Promise<unknown> {
    if (this.closed) return Promise.reject(new Error('the REST thread is closed'));
    const id = this.nextId++;
    const { signal: _signal, dispatcher: _dispatcher, query, ...rest } = request;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { request, resolve, reject });
      if (this.pending.size === 1) this.worker.ref();
      this.worker.postMessage({ id, client, request: query ? { ...rest, query: query.toString() } : rest });
    });
  }

  /** Stops the thread once the requests under way are answered. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const exited = new Promise((resolve) => this.worker.once('exit', resolve));
    this.worker.postMessage({ type: 'close' });
    await exited;
  }

  private settle(reply: Reply): void {
    const pending = this.pending.get(reply.id);
    if (!pending) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.worker.unref();
    if (reply.ok) pending.resolve(reply.value);
    else pending.reject(errorFrom(reply.error, pending.request));
  }

  private failAll(error: unknown): void {
    this.closed = true;
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
  }
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
      const made = new Error(error.message) as Error & { code?: unknown };
      made.name = error.name;
      if (error.code !== undefined) made.code = error.code;
      return made;
    }
  }
}
