/**
 * Discord's failures, on cue from a test: the local Discord answers the bot's REST requests with a
 * 429 (a route's limit or the global one, with Discord's headers and body), a 500/502/503, or late;
 * and its gateway asks the bot to reconnect (op 7), invalidates its session (op 9, resumable or
 * not), or drops the connection, at once or in the middle of a burst of events.
 *
 * ```ts
 * discord.faults.rest({ route: /^PATCH \/channels\//, status: 429, retryAfterMs: 500 });
 * discord.faults.rest({ status: 429, global: true, times: 3 });
 * discord.faults.rest({ route: /\/messages\//, status: 502, times: 4 });
 * discord.faults.slow(/^PATCH \/webhooks\//, 1_500);
 * discord.faults.reconnect(); discord.faults.invalidSession(false); discord.faults.dropAfter(5);
 * ```
 *
 * A route is a regular expression tested against "METHOD /path" (the path after /api/v10, with its
 * ids), so `/^PATCH \/channels\/\d+\/messages\/\d+$/` and `/\/messages\//` both work.
 */
import type { WebSocket } from 'ws';
import type { Hub } from './hub.js';

const OP_RECONNECT = 7;
const OP_INVALID_SESSION = 9;

export interface RestFault {
  /** Which requests fail (default: every request). */
  readonly route?: RegExp;
  readonly status: 429 | 500 | 502 | 503;
  /** How many matching requests fail, then the fault is spent (default 1; Infinity until cleared). */
  readonly times?: number;
  /** A 429's wait, as Discord says it (`retry_after` in seconds, `Retry-After` rounded up). Default 1 s. */
  readonly retryAfterMs?: number;
  /**
   * A 429 of the global limit (X-RateLimit-Global) rather than the route's. As on Discord, it never
   * falls on requests without the bot's token (interaction callbacks and their webhooks).
   */
  readonly global?: boolean;
  /** A 5xx after Discord did the work (the answer lost on its way back), not before. */
  readonly processed?: boolean;
}

export interface SlowOptions {
  /** How many matching requests are slow (default: every one until cleared). */
  readonly times?: number;
  /**
   * "request" (default): Discord handles the request only after the delay (nothing changes
   * meanwhile); "response": it handles it at once and its answer takes that long to come back.
   */
  readonly phase?: 'request' | 'response';
}

/** A fault in force: how many requests it hit, and a way to end it early (Discord recovers). */
export interface FaultHandle {
  readonly hits: number;
  clear(): void;
}

/** What the REST half answers instead of handling (or after handling) a request. */
export interface InjectedFailure {
  readonly status: number;
  readonly body: Record<string, unknown>;
  readonly headers: Record<string, string>;
  /** The request is handled first, then this is answered instead of the real answer. */
  readonly processed: boolean;
}

/** The gateway's side of the cues: its live sessions, each with its socket. */
export interface FaultGateway {
  liveSessions(): Array<{ readonly socket: WebSocket; forget(): void }>;
  /** Called after each event written to a live socket. */
  onDispatched: (() => void) | null;
}

interface Entry<T> {
  readonly spec: T;
  readonly route: RegExp | undefined;
  left: number;
  hits: number;
}

export class Faults {
  private readonly failures: Array<Entry<RestFault>> = [];
  private readonly delays: Array<Entry<SlowOptions & { ms: number }>> = [];
  /** Set by the local Discord when it starts. */
  gateway: FaultGateway | null = null;

  /** Failing REST requests, as Discord does under load or in an outage. */
  rest(fault: RestFault): FaultHandle {
    return this.add(this.failures, fault, fault.route, fault.times ?? 1);
  }

  /** Slow REST requests on `route` (null: every request), `ms` each. */
  slow(route: RegExp | null, ms: number, options: SlowOptions = {}): FaultHandle {
    return this.add(this.delays, { ...options, ms }, route ?? undefined, options.times ?? Infinity);
  }

  /** Ends every REST fault in force: Discord has recovered. */
  clear(): void {
    this.failures.length = 0;
    this.delays.length = 0;
  }

  /** Op 7: Discord asks every connected session to reconnect (discord.js resumes). */
  reconnect(): number {
    return this.eachSession(({ socket }) => send(socket, OP_RECONNECT, null));
  }

  /**
   * Op 9 to every connected session. Resumable (d: true): the client may RESUME on the same
   * connection. Not (d: false): the session is gone, with the events it had not received; the
   * client must IDENTIFY anew.
   */
  invalidSession(resumable: boolean): number {
    return this.eachSession((session) => {
      send(session.socket, OP_INVALID_SESSION, resumable);
      if (!resumable) session.forget();
    });
  }

  /** Drops every connection at once, as a network fault does: no close frame (the client sees 1006). */
  drop(): number {
    return this.eachSession(({ socket }) => socket.terminate());
  }

  /**
   * Drops the connections after the next `events` events are written to them: mid-burst, while
   * events are flowing. Resolves when it has dropped them.
   */
  dropAfter(events: number): Promise<void> {
    const gateway = this.requireGateway();
    let left = events;
    return new Promise<void>((resolve) => {
      gateway.onDispatched = () => {
        if (--left > 0) return;
        gateway.onDispatched = null;
        this.drop();
        resolve();
      };
    });
  }

  /** For the REST half: waits while a slow fault holds this request (request phase). */
  async beforeHandling(method: string, path: string): Promise<void> {
    const ms = this.take(this.delays, method, path, (d) => (d.phase ?? 'request') === 'request')?.ms;
    if (ms) await sleep(ms);
  }

  /** For the REST half: waits while a slow fault holds this answer (response phase). */
  async beforeAnswering(method: string, path: string): Promise<void> {
    const ms = this.take(this.delays, method, path, (d) => d.phase === 'response')?.ms;
    if (ms) await sleep(ms);
  }

  /** For the REST half: the failure this request meets, if any (`withBotToken`: not a webhook/callback). */
  failureFor(method: string, path: string, withBotToken: boolean): InjectedFailure | null {
    const fault = this.take(this.failures, method, path, (f) => !f.global || withBotToken);
    if (!fault) return null;
    if (fault.status !== 429) {
      return {
        status: fault.status,
        body: { message: `${fault.status}: ${REASONS[fault.status]}`, code: 0 },
        headers: {},
        processed: fault.processed ?? false,
      };
    }
    return rateLimited(method, path, fault.retryAfterMs ?? 1_000, fault.global ?? false);
  }

  private add<T>(list: Array<Entry<T>>, spec: T, route: RegExp | undefined, times: number): FaultHandle {
    const entry: Entry<T> = { spec, route, left: times, hits: 0 };
    list.push(entry);
    return {
      get hits() {
        return entry.hits;
      },
      clear: () => {
        const at = list.indexOf(entry);
        if (at >= 0) list.splice(at, 1);
      },
    };
  }

  /** The first fault in force that matches, spending one of its times. */
  private take<T>(list: Array<Entry<T>>, method: string, path: string, fits: (spec: T) => boolean): T | null {
    const line = `${method} ${path}`;
    const entry = list.find((e) => e.left > 0 && (!e.route || e.route.test(line)) && fits(e.spec));
    if (!entry) return null;
    entry.left--;
    entry.hits++;
    if (entry.left <= 0) list.splice(list.indexOf(entry), 1);
    return entry.spec;
  }

  private eachSession(act: (session: { socket: WebSocket; forget(): void }) => void): number {
    const sessions = this.requireGateway().liveSessions();
    for (const session of sessions) act(session);
    return sessions.length;
  }

  private requireGateway(): FaultGateway {
    if (!this.gateway) throw new Error('the local Discord has no gateway yet');
    return this.gateway;
  }
}

const REASONS: Record<number, string> = {
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** Discord's 429: body `{message, retry_after (s), global}` and the rate-limit headers it sends. */
export function rateLimited(
  method: string,
  path: string,
  retryAfterMs: number,
  global: boolean,
  bucket: { readonly limit?: number; readonly scope?: 'user' | 'shared' } = {},
): InjectedFailure {
  const seconds = retryAfterMs / 1000;
  const common = { 'retry-after': String(Math.max(1, Math.ceil(seconds))) };
  const headers: Record<string, string> = global
    ? { ...common, 'x-ratelimit-global': 'true', 'x-ratelimit-scope': 'global' }
    : {
        ...common,
        'x-ratelimit-limit': String(bucket.limit ?? 5),
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': ((Date.now() + retryAfterMs) / 1000).toFixed(3),
        'x-ratelimit-reset-after': seconds.toFixed(3),
        'x-ratelimit-bucket': bucketOf(method, path),
        'x-ratelimit-scope': bucket.scope ?? 'user',
      };
  return {
    status: 429,
    body: { message: 'You are being rate limited.', retry_after: seconds, global },
    headers,
    processed: false,
  };
}

/** A stable bucket id for a route: its method and path with the ids taken out (as Discord's hashes are). */
function bucketOf(method: string, path: string): string {
  const shape = `${method} ${path.replace(/\d{16,}/g, ':id')}`;
  let hash = 0;
  for (let i = 0; i < shape.length; i++) hash = (Math.imul(hash, 31) + shape.charCodeAt(i)) >>> 0;
  return hash.toString(16).padStart(8, '0');
}

function send(socket: WebSocket, op: number, d: unknown): void {
  socket.send(JSON.stringify({ op, d, s: null, t: null }));
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The faults of one local Discord (kept beside its hub, so the REST half reaches them). */
const byHub = new WeakMap<Hub, Faults>();

export function faultsOf(hub: Hub): Faults {
  let faults = byHub.get(hub);
  if (!faults) {
    faults = new Faults();
    byHub.set(hub, faults);
  }
  return faults;
}
