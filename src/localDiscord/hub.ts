/** What the REST and gateway halves share: the world, the bot's identity, the call log and change events. */
import { EventEmitter } from 'node:events';
import type { UploadedFile } from './http.js';
import type { Attachment, Json, StoredMessage, World } from './world.js';

export interface ThreadCreateLimit {
  readonly count: number;
  readonly windowMs: number;
}

/**
 * Discord does not publish its thread-creation limit; it is per channel and dynamic, with 429s of
 * scope "shared" seen in the wild (discord-api-docs#7816). Chosen: 5 threads per parent channel in
 * any 5 s (a burst of 5, then one a second on average), so that a bot opening 25 tables at once
 * must pace itself (about 20 s). `LocalDiscordOptions.threadCreateLimit` changes it.
 */
export const DEFAULT_THREAD_CREATE_LIMIT: ThreadCreateLimit = { count: 5, windowMs: 5_000 };

export interface RestCall {
  readonly method: string;
  /** The path after /api/v10, as sent. */
  readonly path: string;
  /** The path with ids replaced by their names, e.g. "/channels/:channel/messages/:message". */
  readonly route: string;
  readonly query: Record<string, string>;
  readonly body: Json | null;
  readonly files: ReadonlyArray<{ filename: string; size: number }>;
  readonly status: number;
  readonly response: unknown;
  readonly at: number;
  /** The request's User-Agent (a sharded bot's names its shard: "... shard/1/2"). */
  readonly userAgent?: string;
}

export interface RestRequest {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly authorization: string | undefined;
  readonly json: Json | null;
  readonly files: UploadedFile[];
  readonly bytes: number;
}

export interface RestReply {
  readonly status: number;
  readonly body?: unknown;
  readonly route: string;
}

/** A hold on REST requests: matching ones wait (unanswered) until it is released. */
export interface RequestHold {
  /** Resolves when the first matching request arrives (and is being held). */
  readonly arrived: Promise<void>;
  /** Lets every held request through, and stops holding. */
  release(): void;
}

interface Gate {
  readonly match: (method: string, path: string) => boolean;
  readonly opened: Promise<void>;
  readonly arrivedNow: () => void;
  readonly release: () => void;
}

export class Hub extends EventEmitter {
  readonly calls: RestCall[] = [];
  port = 0;
  private gates: Gate[] = [];
  /**
   * Discord's global limit on a bot's requests (50 a second; interaction answers and webhooks are
   * not counted): null, no limit. Counted in one-second windows.
   */
  globalPerSecond: number | null = null;
  /** GET /gateway/bot: the shard count recommended, and how many sessions may identify at once. */
  recommendedShards = 1;
  maxConcurrency = 1;
  private globalWindow = { start: 0, count: 0 };
  /**
   * Discord's limit on creating threads in one channel (see threads.ts for the default and why):
   * at most `count` in any `windowMs`, per parent channel; null, no limit.
   */
  threadCreateLimit: ThreadCreateLimit | null = DEFAULT_THREAD_CREATE_LIMIT;

  /** Counts one request against the global limit: 0 if it may go, else how long to wait (ms). */
  spendGlobal(now: number): number {
    if (this.globalPerSecond === null) return 0;
    const w = this.globalWindow;
    if (now - w.start >= 1_000) {
      w.start = now;
      w.count = 0;
    }
    if (w.count >= this.globalPerSecond) return w.start + 1_000 - now;
    w.count++;
    return 0;
  }

  /** Holds matching requests until released: to make Discord slow at a chosen moment in a test. */
  hold(match: (method: string, path: string) => boolean): RequestHold {
    let open = () => {};
    let arrivedNow = () => {};
    const opened = new Promise<void>((resolve) => {
      open = resolve;
    });
    const arrived = new Promise<void>((resolve) => {
      arrivedNow = resolve;
    });
    const release = () => {
      this.gates = this.gates.filter((g) => g !== gate);
      open();
    };
    const gate: Gate = { match, opened, arrivedNow, release };
    this.gates.push(gate);
    return { arrived, release };
  }

  /** Lets everything held through (at close, so no request hangs). */
  releaseAll(): void {
    for (const gate of this.gates) gate.release();
  }

  /** Waits at every gate that holds this request. */
  async passGates(method: string, path: string): Promise<void> {
    for (const gate of this.gates.filter((g) => g.match(method, path))) {
      gate.arrivedNow();
      await gate.opened;
    }
  }

  constructor(
    readonly world: World,
    readonly token: string,
    readonly applicationId: string,
  ) {
    super();
    this.setMaxListeners(0);
  }

  record(call: RestCall): void {
    this.calls.push(call);
    this.emit('call', call);
  }

  /**
   * A gateway event of a guild (`data.guild_id`) for the bot's sessions that have one of `intents`
   * (THREAD_CREATE needs GUILDS; THREAD_MEMBERS_UPDATE about others, GUILD_MEMBERS).
   */
  guildEvent(type: string, data: Json, intents: number): void {
    this.emit('guildEvent', { type, data, intents });
  }

  /** A message was created, edited or deleted (for the scripted users' waiting helpers). */
  messageChanged(message: StoredMessage): void {
    this.emit('message', message);
  }

  attachmentsFrom(files: readonly UploadedFile[]): Attachment[] {
    return files.map((f) => ({
      id: this.world.ids.next(),
      filename: f.filename,
      size: f.data.length,
      contentType: f.contentType,
      data: f.data,
    }));
  }
}
