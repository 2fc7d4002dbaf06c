/**
 * A local Discord on 127.0.0.1: a gateway and REST server that the real discord.js client connects to
 * unchanged (`rest: { api: discord.restUrl }`), enforcing Discord's rules with Discord's error codes,
 * with scripted users for tests and a record of every REST call the bot makes.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Faults, faultsOf } from './faults.js';
import { Gateway } from './gateway.js';
import { Hub, type RequestHold, type RestCall, type ThreadCreateLimit } from './hub.js';
import { InjectedInteraction, pingPayload } from './injected.js';
import { handleRest } from './rest.js';
import { DEFAULT_WAIT_MS, type MessageView, ScriptedUser, viewOf, waitUntil } from './scripted.js';
import { archiveIdleThreads } from './threads.js';
import {
  type Json,
  type LocalChannel,
  type LocalGuild,
  type LocalThread,
  type StoredMessage,
  World,
} from './world.js';

export type { FaultHandle, RestFault } from './faults.js';
export type { RequestHold, RestCall, ThreadCreateLimit } from './hub.js';
export { DEFAULT_THREAD_CREATE_LIMIT } from './hub.js';
export type { InjectedInteraction } from './injected.js';
export { type BaseKind, MALFORMED_SHAPES, type MalformedShape, mutateAtRandom } from './malformed.js';
export type { InteractionHandle, MessageView, ScriptedUser } from './scripted.js';
export { WaitTimeout } from './scripted.js';
export type { LocalThread } from './world.js';

export interface LocalDiscordOptions {
  /** The bot token the bot must present (default: a fixed well-formed test token). */
  readonly token?: string;
  readonly applicationId?: string;
  /** Heartbeat interval sent in HELLO (Discord: ~41 s). */
  readonly heartbeatIntervalMs?: number;
  /** Port to listen on, on 127.0.0.1 only (default: any free port). */
  readonly port?: number;
  /**
   * The global limit on the bot's own requests a second (Discord: 50; interaction answers and
   * webhooks are exempt), answered past it with 429 as Discord does. Default: no limit.
   */
  readonly globalRequestsPerSecond?: number;
  /** How many emoji the application may own (Discord: 2,000); lower, to meet the limit in a test. */
  readonly applicationEmojiLimit?: number;
  /** GET /gateway/bot's recommended shard count (default 1) and its sessions identifying at once (default 1). */
  readonly recommendedShards?: number;
  readonly maxConcurrency?: number;
  /**
   * Discord's limit on creating threads, per parent channel: `count` in any `windowMs`, past it 429
   * (scope "shared") with the wait. Default 5 per 5 s (hub.ts, DEFAULT_THREAD_CREATE_LIMIT); null:
   * no limit. Also settable later: `discord.threadCreateLimit = ...`.
   */
  readonly threadCreateLimit?: ThreadCreateLimit | null;
}

export const TEST_TOKEN = 'MTAwMDAwMDAwMDAwMDAwMDAw.local.discord-test-token';

export class LocalDiscord {
  readonly hub: Hub;
  private readonly users = new Map<string, ScriptedUser>();
  private offsetMs = 0;

  private constructor(
    private readonly server: Server,
    readonly gateway: Gateway,
    hub: Hub,
  ) {
    this.hub = hub;
  }

  static async start(options: LocalDiscordOptions = {}): Promise<LocalDiscord> {
    let discord: LocalDiscord | null = null;
    const world = new World(() => Date.now() + (discord?.offsetMs ?? 0));
    const applicationId = options.applicationId ?? world.ids.next();
    const hub = new Hub(world, options.token ?? TEST_TOKEN, applicationId);
    hub.globalPerSecond = options.globalRequestsPerSecond ?? null;
    hub.recommendedShards = options.recommendedShards ?? 1;
    hub.maxConcurrency = options.maxConcurrency ?? 1;
    if (options.applicationEmojiLimit !== undefined) world.emojis.limit = options.applicationEmojiLimit;
    if (options.threadCreateLimit !== undefined) hub.threadCreateLimit = options.threadCreateLimit;
    world.addUser({ id: applicationId, username: 'Tichu', bot: true });
    const server = createServer((req, res) => {
      if (req.url?.startsWith('/attachments/')) return serveAttachment(hub, req.url, res);
      if (req.url?.startsWith('/emojis/')) return serveEmoji(hub, req.url, res);
      handleRest(hub, req, res).catch((error: unknown) => {
        res
          .writeHead(500, { 'content-type': 'application/json' })
          .end(JSON.stringify({ code: 0, message: String(error) }));
      });
    });
    const gateway = new Gateway(server, hub, options.heartbeatIntervalMs ?? 41_250);
    hub.on('message', (message: StoredMessage) => gateway.messageEvent(message));
    hub.on('guildEvent', (e: { type: string; data: Json; intents: number }) =>
      gateway.guildEvent(e.type, e.data, e.intents),
    );
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
    });
    hub.port = (server.address() as AddressInfo).port;
    faultsOf(hub).gateway = gateway;
    discord = new LocalDiscord(server, gateway, hub);
    return discord;
  }

  get token(): string {
    return this.hub.token;
  }

  get applicationId(): string {
    return this.hub.applicationId;
  }

  /** Give this to discord.js: `new Client({ intents, rest: { api: discord.restUrl } })`. */
  get restUrl(): string {
    return `http://127.0.0.1:${this.hub.port}/api`;
  }

  get port(): number {
    return this.hub.port;
  }

  /** Discord's failures on cue: 429s, 5xx, slow routes, op 7, op 9, dropped connections (faults.ts). */
  get faults(): Faults {
    return faultsOf(this.hub);
  }

  /** Every REST call the bot made, in order. */
  get calls(): readonly RestCall[] {
    return this.hub.calls;
  }

  /**
   * A guild with text channels; every existing scripted user becomes a member. `ids` fixes the
   * guild's and channels' ids (a world made anew each run that must match stored data).
   */
  addGuild(
    name: string,
    channelNames: readonly string[] = ['general'],
    ids: { readonly guildId?: string; readonly channelIds?: readonly string[] } = {},
  ): { guild: LocalGuild; channels: LocalChannel[] } {
    const guild = this.hub.world.addGuild(
      name,
      this.applicationId,
      channelNames,
      ids.guildId ?? this.hub.world.ids.next(),
      ids.channelIds,
    );
    for (const user of this.users.values()) this.hub.world.addMember(guild.id, user.id);
    this.hub.world.addMember(guild.id, this.applicationId);
    return { guild, channels: guild.channels };
  }

  /** A new scripted user, member of every guild. */
  /** A scripted user in every guild; `locale` is their Discord client's language (default "en-US"). */
  addUser(username: string, id?: string, locale?: string): ScriptedUser {
    const user = this.hub.world.addUser({
      username,
      globalName: username,
      ...(id ? { id } : {}),
      ...(locale ? { locale } : {}),
    });
    for (const guild of this.hub.world.guilds.values()) this.hub.world.addMember(guild.id, user.id);
    const scripted = new ScriptedUser(this.hub, (t, d) => this.gateway.dispatch(t, d), user);
    this.users.set(user.id, scripted);
    return scripted;
  }

  /** The application's emoji (uploaded through REST), oldest first. */
  applicationEmojis(): Array<{ id: string; name: string; image: Buffer }> {
    return [...this.hub.world.emojis.ofApplication(this.applicationId).values()].map((e) => ({
      id: e.id,
      name: e.name,
      image: e.image,
    }));
  }

  /** A custom emoji of a guild (as a server admin would upload it): messages there may use it. */
  addGuildEmoji(
    guildId: string,
    name: string,
    image: Buffer = Buffer.alloc(0),
  ): { id: string; name: string } {
    const emoji = { id: this.hub.world.ids.next(), name, animated: false, contentType: 'image/png', image };
    this.hub.world.emojis.ofGuild(guildId).set(emoji.id, emoji);
    return { id: emoji.id, name };
  }

  /** Where a custom emoji's picture is served, like Discord's CDN (`/emojis/<id>.png`). */
  /** A custom emoji's picture (application's or guild's), or null when there is no such emoji. */
  emojiPicture(id: string): { readonly image: Buffer; readonly contentType: string } | null {
    const emoji = this.hub.world.emojis.find(id);
    return emoji ? { image: emoji.image, contentType: emoji.contentType } : null;
  }

  emojiUrl(id: string): string {
    return `http://127.0.0.1:${this.hub.port}/emojis/${id}.png`;
  }

  user(id: string): ScriptedUser {
    const user = this.users.get(id);
    if (!user) throw new Error(`no scripted user ${id}`);
    return user;
  }

  /** Waits for the next REST call (after now) that matches. */
  nextCall(match: (call: RestCall) => boolean, timeoutMs = DEFAULT_WAIT_MS): Promise<RestCall> {
    const from = this.hub.calls.length;
    return waitUntil(
      this.hub,
      () => this.hub.calls.slice(from).find(match),
      timeoutMs,
      'a matching REST call',
    );
  }

  /**
   * Holds the bot's REST requests that match (method, path after /api/v10, e.g.
   * "/interactions/:id/:token/callback") unanswered until released: Discord being slow, on cue.
   */
  holdRequests(match: (method: string, path: string) => boolean): RequestHold {
    return this.hub.hold(match);
  }

  /** Waits until the bot's gateway session is connected (READY sent). */
  waitForBot(timeoutMs = DEFAULT_WAIT_MS): Promise<void> {
    return waitUntil(
      this.hub,
      () => (this.gateway.connected > 0 ? true : undefined),
      timeoutMs,
      'the bot to connect',
    ).then(() => undefined);
  }

  /** A channel's public messages as anyone sees them (no ephemeral ones). */
  channelMessages(channelId: string): MessageView[] {
    return this.hub.world.visibleMessages(channelId, '').map((m) => viewOf(this.hub, m));
  }

  /**
   * Moves this Discord's clock forward (interaction deadlines and token lifetimes follow it); threads
   * idle past their auto-archive duration are archived then (THREAD_UPDATE), as Discord does.
   */
  advanceTime(ms: number): void {
    this.offsetMs += ms;
    archiveIdleThreads(this.hub);
  }

  /** Discord's thread-creation limit per parent channel (see LocalDiscordOptions); null: none. */
  get threadCreateLimit(): ThreadCreateLimit | null {
    return this.hub.threadCreateLimit;
  }

  set threadCreateLimit(limit: ThreadCreateLimit | null) {
    this.hub.threadCreateLimit = limit;
  }

  /** A thread (live: read it, do not change it), or undefined (never created, or deleted). */
  thread(id: string): LocalThread | undefined {
    return this.hub.world.threads.get(id);
  }

  /** The threads that exist, oldest first; of one parent channel when given. */
  threads(parentId?: string): LocalThread[] {
    return [...this.hub.world.threads.values()].filter(
      (t) => parentId === undefined || t.parentId === parentId,
    );
  }

  /** A thread's members' user ids, in the order they joined ([] for no such thread). */
  threadMembers(threadId: string): string[] {
    return [...(this.hub.world.threads.get(threadId)?.members.keys() ?? [])];
  }

  /**
   * Whether a user can see a channel (its messages) and use commands and components there: a guild
   * member; in a private thread, a member of the thread (or the guild's owner, the bot). False for
   * an unknown or deleted channel. Scripted users see nothing and can do nothing where it is false.
   */
  canView(userId: string, channelId: string): boolean {
    return this.hub.world.canView(userId, channelId);
  }

  /**
   * Sends an INTERACTION_CREATE with exactly `raw` as its `d` (any JSON: an object, null, an
   * array...) to the bot's session(s), as Discord never would when it breaks Discord's schema. Start from a well-formed payload (a scripted user's
   * `draftSlash`, `draftClick`, `draftForge`... or `pingPayload()`) and mutate it. With no bot
   * session connected it is held and delivered first to the next session (a restarted bot).
   */
  injectInteraction(raw: unknown): InjectedInteraction {
    const delivery = this.gateway.dispatchOrHold('INTERACTION_CREATE', raw);
    const id = (raw as { id?: unknown } | null)?.id;
    return new InjectedInteraction(this.hub, typeof id === 'string' ? id : null, delivery);
  }

  /** A well-formed PING payload (type 1): Discord sends those to HTTP endpoints, never over the gateway. */
  pingPayload(): Record<string, unknown> {
    return pingPayload(this.hub);
  }

  /** Drops the bot's gateway connections like a network fault; discord.js reconnects and resumes. */
  dropGatewayConnections(): void {
    this.gateway.dropConnections();
  }

  async close(): Promise<void> {
    this.hub.releaseAll();
    this.faults.clear();
    await this.gateway.close();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** A custom emoji's picture at /emojis/<id>.png, as Discord's CDN serves it. */
function serveEmoji(hub: Hub, url: string, res: import('node:http').ServerResponse): void {
  const id = /^\/emojis\/(\d+)\.(?:png|webp|gif)(?:\?.*)?$/.exec(url)?.[1];
  const emoji = id === undefined ? undefined : hub.world.emojis.find(id);
  if (!emoji) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': emoji.contentType }).end(emoji.image);
}

function serveAttachment(hub: Hub, url: string, res: import('node:http').ServerResponse): void {
  const [, , channelId, attachmentId] = url.split('/');
  for (const message of hub.world.messages.values()) {
    if (message.channelId !== channelId || message.deleted) continue;
    const attachment = message.attachments.find((a) => a.id === attachmentId);
    if (attachment) {
      res
        .writeHead(200, { 'content-type': attachment.contentType ?? 'application/octet-stream' })
        .end(attachment.data);
      return;
    }
  }
  res.writeHead(404).end();
}
