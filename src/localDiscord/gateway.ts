/** The gateway half: HELLO, IDENTIFY, READY, GUILD_CREATE, heartbeats, RESUME, and dispatching events. */
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { WebSocket, WebSocketServer } from 'ws';
import { emojiJson } from './emoji.js';
import type { Hub } from './hub.js';
import type { Json, LocalGuild, StoredMessage } from './world.js';

interface Session {
  readonly id: string;
  /** The intents of its IDENTIFY: which events it receives. */
  readonly intents: number;
  /** [shard id, shard count] of its IDENTIFY ([0, 1] without one): which guilds' events it receives. */
  readonly shard: readonly [number, number];
  seq: number;
  socket: WebSocket | null;
  /** Every dispatch of this session, for RESUME after a reconnect. */
  readonly sent: Array<{ s: number; payload: string }>;
}

const OP = {
  dispatch: 0,
  heartbeat: 1,
  identify: 2,
  resume: 6,
  reconnect: 7,
  invalidSession: 9,
  hello: 10,
  ack: 11,
} as const;

const INTENT = { guildMessages: 1 << 9, messageContent: 1 << 15 } as const;

export class Gateway {
  private readonly wss: WebSocketServer;
  private readonly sessions = new Map<string, Session>();
  /** How many IDENTIFYs and RESUMEs were accepted (tests check that a reconnect resumed). */
  identifies = 0;
  resumes = 0;
  /** Events no connected session could take (see `dispatchOrHold`), oldest first. */
  private readonly held: Array<{ readonly type: string; readonly data: unknown }> = [];

  constructor(
    server: Server,
    private readonly hub: Hub,
    private readonly heartbeatIntervalMs: number,
  ) {
    this.wss = new WebSocketServer({ server, path: '/gateway' });
    this.wss.on('connection', (socket) => this.accept(socket));
  }

  private accept(socket: WebSocket): void {
    socket.send(
      JSON.stringify({ op: OP.hello, d: { heartbeat_interval: this.heartbeatIntervalMs }, s: null, t: null }),
    );
    socket.on('message', (raw) => {
      let packet: Json;
      try {
        packet = JSON.parse(String(raw)) as Json;
      } catch {
        socket.close(4002, 'Decode error');
        return;
      }
      this.receive(socket, packet);
    });
    socket.on('close', () => {
      for (const session of this.sessions.values()) if (session.socket === socket) session.socket = null;
    });
  }

  private receive(socket: WebSocket, packet: Json): void {
    const d = (packet.d ?? {}) as Json;
    switch (packet.op) {
      case OP.heartbeat:
        socket.send(JSON.stringify({ op: OP.ack, d: null, s: null, t: null }));
        return;
      case OP.identify:
        if (d.token !== this.hub.token) {
          socket.close(4004, 'Authentication failed.');
          return;
        }
        if (typeof d.intents !== 'number') {
          socket.close(4013, 'Invalid intent(s).');
          return;
        }
        {
          const shard = shardOfIdentify(d.shard);
          if (!shard) {
            socket.close(4010, 'Invalid shard.');
            return;
          }
          this.identify(socket, d.intents, shard);
        }
        return;
      case OP.resume:
        this.resume(socket, d);
        return;
      default:
        return; // presence updates and the like are accepted and ignored
    }
  }

  private identify(socket: WebSocket, intents: number, shard: readonly [number, number]): void {
    this.identifies++;
    const id = randomBytes(16).toString('hex');
    const session: Session = { id, intents, shard, seq: 0, socket, sent: [] };
    this.sessions.set(session.id, session);
    // A sharded session hears only of its own guilds, as on Discord.
    const guilds = [...this.hub.world.guilds.values()].filter((g) => receives(session, g.id));
    this.send(session, 'READY', {
      v: 10,
      user: {
        ...this.hub.world.userJson(this.hub.applicationId),
        bot: true,
        verified: true,
        mfa_enabled: false,
        flags: 0,
      },
      guilds: guilds.map((g) => ({ id: g.id, unavailable: true })),
      session_id: session.id,
      resume_gateway_url: `ws://127.0.0.1:${this.hub.port}/gateway`,
      shard: [...shard],
      application: { id: this.hub.applicationId, flags: 0 },
      private_channels: [],
      relationships: [],
      user_settings: {},
      presences: [],
      guild_join_requests: [],
      geo_ordered_rtc_regions: [],
    });
    for (const guild of guilds) this.send(session, 'GUILD_CREATE', this.guildJson(guild));
    this.sendHeld(session);
  }

  private resume(socket: WebSocket, d: Json): void {
    const session = this.sessions.get(String(d.session_id));
    if (!session || d.token !== this.hub.token) {
      socket.send(JSON.stringify({ op: OP.invalidSession, d: false, s: null, t: null }));
      return;
    }
    this.resumes++;
    session.socket = socket;
    const after = Number(d.seq ?? 0);
    for (const entry of session.sent) if (entry.s > after) socket.send(entry.payload);
    this.send(session, 'RESUMED', {});
    this.sendHeld(session);
  }

  private send(session: Session, type: string, data: unknown): void {
    session.seq++;
    const payload = JSON.stringify({ op: OP.dispatch, t: type, s: session.seq, d: data });
    session.sent.push({ s: session.seq, payload });
    if (session.sent.length > 1000) session.sent.shift();
    if (session.socket?.readyState === WebSocket.OPEN) {
      session.socket.send(payload);
      this.onDispatched?.();
    }
  }

  /**
   * Sends an event to the sessions that receive it (queued for a session that is disconnected, until
   * it resumes): a guild's event (one with `guild_id`) to the sessions of that guild's shard, one
   * without a guild (a DM) to shard 0's only, as Discord does.
   */
  dispatch(type: string, data: unknown): void {
    const guildId = (data as { guild_id?: unknown } | null)?.guild_id;
    for (const session of this.sessions.values())
      if (typeof guildId === 'string' ? receives(session, guildId) : session.shard[0] === 0)
        this.send(session, type, data);
  }

  /**
   * Like `dispatch`, but an event that no connected session receives (the bot is down: killed,
   * restarting) is held, not queued on the dead sessions: the next session to connect gets it first,
   * right after its READY and guilds (or its RESUMED). A restarted process identifies anew, so what
   * `dispatch` queued on its old session never reaches it; this is Discord delivering an event late.
   */
  dispatchOrHold(type: string, data: unknown): 'sent' | 'held' {
    const open = [...this.sessions.values()].filter(
      (s) => s.socket?.readyState === WebSocket.OPEN && this.takes(s, data),
    );
    if (open.length === 0) {
      this.held.push({ type, data });
      return 'held';
    }
    for (const session of open) this.send(session, type, data);
    return 'sent';
  }

  /** How many events are held for the next session. */
  get heldCount(): number {
    return this.held.length;
  }

  private sendHeld(session: Session): void {
    for (let i = 0; i < this.held.length; ) {
      const event = this.held[i] as { type: string; data: unknown };
      if (!this.takes(session, event.data)) {
        i++;
        continue;
      }
      this.held.splice(i, 1);
      this.send(session, event.type, event.data);
    }
  }

  /** Whether a session gets this event: its guild's shard, or shard 0 for one without a guild. */
  private takes(session: Session, data: unknown): boolean {
    const guildId = (data as { guild_id?: unknown } | null)?.guild_id;
    return typeof guildId === 'string' && /^\d+$/.test(guildId)
      ? receives(session, guildId)
      : session.shard[0] === 0;
  }

  /**
   * A message was created, edited or deleted: MESSAGE_CREATE / _UPDATE / _DELETE to the sessions
   * with the GUILD_MESSAGES intent, as Discord does. Without MESSAGE_CONTENT (privileged), a message
   * by someone else arrives with its content, embeds, components and attachments emptied. An
   * ephemeral message is never dispatched to anyone.
   */
  messageEvent(message: StoredMessage): void {
    if (message.visibleTo !== null) return;
    const type = message.deleted
      ? 'MESSAGE_DELETE'
      : message.editedAt !== null
        ? 'MESSAGE_UPDATE'
        : 'MESSAGE_CREATE';
    for (const session of this.sessions.values()) {
      if ((session.intents & INTENT.guildMessages) === 0) continue;
      if (!receives(session, message.guildId)) continue;
      if (message.deleted) {
        this.send(session, type, {
          id: message.id,
          channel_id: message.channelId,
          guild_id: message.guildId,
        });
        continue;
      }
      const json: Json = { ...this.hub.world.messageJson(message, this.hub.port), guild_id: message.guildId };
      const readable =
        (session.intents & INTENT.messageContent) !== 0 || message.authorId === this.hub.applicationId;
      this.send(
        session,
        type,
        readable ? json : { ...json, content: '', embeds: [], components: [], attachments: [] },
      );
    }
  }

  /**
   * An event of a guild (`data.guild_id`) to the sessions of its shard whose IDENTIFY asked for one
   * of `intents` (queued for a disconnected session, as `dispatch` does).
   */
  guildEvent(type: string, data: Json, intents: number): void {
    const guildId = String(data.guild_id);
    for (const session of this.sessions.values())
      if ((session.intents & intents) !== 0 && receives(session, guildId)) this.send(session, type, data);
  }

  /** The shard ids with a connected session, ascending (a shard counted once). */
  connectedShards(): number[] {
    const open = [...this.sessions.values()].filter((s) => s.socket?.readyState === WebSocket.OPEN);
    return [...new Set(open.map((s) => s.shard[0]))].sort((a, b) => a - b);
  }

  get connected(): number {
    return [...this.sessions.values()].filter((s) => s.socket?.readyState === WebSocket.OPEN).length;
  }

  /** Fault cues (faults.ts): called after each event written to a live socket. */
  onDispatched: (() => void) | null = null;

  /** Fault cues (faults.ts): each connected session's socket, and forgetting the session (op 9, d: false). */
  liveSessions(): Array<{ readonly socket: WebSocket; forget(): void }> {
    return [...this.sessions.values()].flatMap((session) => {
      const socket = session.socket;
      if (socket?.readyState !== WebSocket.OPEN) return [];
      return [{ socket, forget: () => this.sessions.delete(session.id) }];
    });
  }

  /** Drops every connection as a network fault would (close code 4000): the client resumes. */
  dropConnections(): void {
    for (const session of this.sessions.values()) {
      session.socket?.close(4000, 'Unknown error');
      session.socket = null;
    }
  }

  guildJson(guild: LocalGuild): Json {
    const world = this.hub.world;
    const members = guild.memberIds.includes(this.hub.applicationId)
      ? guild.memberIds
      : [...guild.memberIds, this.hub.applicationId];
    return {
      id: guild.id,
      name: guild.name,
      icon: null,
      splash: null,
      discovery_splash: null,
      owner_id: guild.ownerId,
      afk_channel_id: null,
      afk_timeout: 300,
      verification_level: 0,
      default_message_notifications: 0,
      explicit_content_filter: 0,
      roles: [
        {
          id: guild.id,
          name: '@everyone',
          color: 0,
          hoist: false,
          icon: null,
          unicode_emoji: null,
          position: 0,
          permissions: '2248473465835073',
          managed: false,
          mentionable: false,
          flags: 0,
        },
      ],
      emojis: [...this.hub.world.emojis.ofGuild(guild.id).values()].map((e) => emojiJson(e)),
      features: [],
      mfa_level: 0,
      application_id: null,
      system_channel_id: null,
      system_channel_flags: 0,
      rules_channel_id: null,
      max_members: 500000,
      vanity_url_code: null,
      description: null,
      banner: null,
      premium_tier: 0,
      premium_subscription_count: 0,
      preferred_locale: guild.locale,
      public_updates_channel_id: null,
      nsfw_level: 0,
      premium_progress_bar_enabled: false,
      safety_alerts_channel_id: null,
      joined_at: new Date(world.now()).toISOString(),
      large: false,
      unavailable: false,
      member_count: members.length,
      voice_states: [],
      members: members.map((id) => world.memberJson(guild.id, id)),
      channels: guild.channels.map((c, i) => world.channelJson(c, i)),
      // The active threads, each with the bot's thread member when it is in it.
      threads: [...world.threads.values()]
        .filter((t) => t.guildId === guild.id && !t.archived)
        .map((t) => world.threadJson(t, this.hub.applicationId)),
      presences: [],
      stage_instances: [],
      stickers: [],
      guild_scheduled_events: [],
      soundboard_sounds: [],
    };
  }

  close(): Promise<void> {
    for (const client of this.wss.clients) client.terminate();
    return new Promise((resolve) => this.wss.close(() => resolve()));
  }
}

/** Discord's formula: the shard of `count` that receives a guild's events. */
export function guildShard(guildId: string, count: number): number {
  return Number((BigInt(guildId) >> 22n) % BigInt(count));
}

/** Whether a session receives a guild's events: the guild is on its shard. */
function receives(session: Session, guildId: string): boolean {
  const [id, count] = session.shard;
  return count === 1 || guildShard(guildId, count) === id;
}

/** IDENTIFY's `shard`: absent is [0, 1]; else [id, count] with 0 <= id < count; null if invalid. */
function shardOfIdentify(value: unknown): readonly [number, number] | null {
  if (value === undefined || value === null) return [0, 1];
  if (!Array.isArray(value) || value.length !== 2) return null;
  const [id, count] = value as unknown[];
  if (!Number.isInteger(id) || !Number.isInteger(count)) return null;
  if ((count as number) < 1 || (id as number) < 0 || (id as number) >= (count as number)) return null;
  return [id as number, count as number];
}
