/** The local Discord's world: users, guilds, channels, messages, commands and open interactions. */
import { EmojiShelf } from './emoji.js';
import { Snowflakes } from './snowflake.js';

export type Json = Record<string, unknown>;

export interface LocalUser {
  readonly id: string;
  readonly username: string;
  readonly globalName: string | null;
  readonly bot: boolean;
  /** The user's Discord client language (`interaction.locale`): "en-US" unless a test says otherwise. */
  readonly locale: string;
}

export interface LocalChannel {
  readonly id: string;
  readonly guildId: string;
  readonly name: string;
}

/** Discord's thread channel types: PUBLIC_THREAD and PRIVATE_THREAD. */
export const PUBLIC_THREAD = 11;
export const PRIVATE_THREAD = 12;

/**
 * A thread: a channel under a text channel (its parent), in `World.channels` (so messages work there
 * as in any channel) and `World.threads`, never in its guild's `channels` (Discord lists threads apart).
 */
export interface LocalThread extends LocalChannel {
  name: string;
  readonly type: typeof PUBLIC_THREAD | typeof PRIVATE_THREAD;
  readonly parentId: string;
  readonly ownerId: string;
  readonly createdAt: number;
  archived: boolean;
  locked: boolean;
  /** Private threads: whether non-moderators may add others. */
  invitable: boolean;
  /** Minutes of inactivity before Discord archives it: 60, 1440, 4320 or 10080. */
  autoArchiveDuration: number;
  /** When it was last archived or unarchived (Discord's `archive_timestamp`). */
  archiveTimestamp: number;
  rateLimitPerUser: number;
  /** The last message or unarchiving: auto-archiving counts from it. */
  lastActivityAt: number;
  lastMessageId: string | null;
  /** Messages now in it (not deleted), and every message ever sent in it. */
  messageCount: number;
  totalMessageSent: number;
  /** Its members: user id -> when they joined. */
  readonly members: Map<string, number>;
}

export interface LocalGuild {
  readonly id: string;
  readonly name: string;
  readonly ownerId: string;
  readonly channels: LocalChannel[];
  readonly memberIds: string[];
  /** The server's preferred locale (`guild_locale`, `preferred_locale`); set it before the bot connects. */
  locale: string;
}

export interface Attachment {
  readonly id: string;
  readonly filename: string;
  readonly size: number;
  readonly contentType: string | null;
  readonly data: Buffer;
}

export interface StoredMessage {
  readonly id: string;
  readonly channelId: string;
  readonly guildId: string;
  readonly authorId: string;
  content: string;
  embeds: Json[];
  components: Json[];
  attachments: Attachment[];
  flags: number;
  /** The only user who sees this message, for ephemeral messages. */
  readonly visibleTo: string | null;
  readonly interactionId: string | null;
  readonly webhookId: string | null;
  readonly createdAt: number;
  editedAt: number | null;
  deleted: boolean;
}

export interface OpenInteraction {
  readonly id: string;
  readonly token: string;
  readonly type: number;
  readonly userId: string;
  readonly channelId: string;
  readonly guildId: string;
  readonly createdAt: number;
  /** The message a component or modal came from, if any. */
  readonly sourceMessageId: string | null;
  /** For a slash command, what was typed: its name and subcommand ("table create"). */
  readonly command?: string;
  ack: { type: number; data: Json | null } | null;
  /** The response message ("@original"), once there is one. */
  originalId: string | null;
  ephemeral: boolean;
}

export interface RegisteredCommand extends Json {
  readonly id: string;
  readonly name: string;
  readonly guild_id?: string;
}

export class World {
  readonly ids: Snowflakes;
  readonly users = new Map<string, LocalUser>();
  readonly guilds = new Map<string, LocalGuild>();
  readonly channels = new Map<string, LocalChannel>();
  /** The threads (also in `channels`), by id. */
  readonly threads = new Map<string, LocalThread>();
  readonly messages = new Map<string, StoredMessage>();
  readonly interactions = new Map<string, OpenInteraction>();
  readonly interactionsByToken = new Map<string, OpenInteraction>();
  /** Registered commands: key "global" or a guild id. */
  readonly commands = new Map<string, RegisteredCommand[]>();
  /** Custom emoji: the application's (uploaded through REST) and the guilds'. */
  readonly emojis = new EmojiShelf();

  constructor(readonly now: () => number) {
    this.ids = new Snowflakes(now);
  }

  addUser(user: Partial<LocalUser> & { username: string }): LocalUser {
    const full: LocalUser = {
      id: user.id ?? this.ids.next(),
      username: user.username,
      globalName: user.globalName ?? null,
      bot: user.bot ?? false,
      locale: user.locale ?? 'en-US',
    };
    this.users.set(full.id, full);
    return full;
  }

  addGuild(
    name: string,
    ownerId: string,
    channelNames: readonly string[],
    id = this.ids.next(),
    channelIds: readonly string[] = [],
  ): LocalGuild {
    const guild: LocalGuild = { id, name, ownerId, channels: [], memberIds: [ownerId], locale: 'en-US' };
    channelNames.forEach((channelName, i) => {
      this.addChannel(guild, channelName, channelIds[i]);
    });
    this.guilds.set(guild.id, guild);
    return guild;
  }

  addChannel(guild: LocalGuild, name: string, id = this.ids.next()): LocalChannel {
    const channel: LocalChannel = { id, guildId: guild.id, name };
    guild.channels.push(channel);
    this.channels.set(channel.id, channel);
    return channel;
  }

  /** Adds a thread under `parent` (the caller has checked everything); `ownerId` becomes a member. */
  addThread(
    parent: LocalChannel,
    fields: Pick<
      LocalThread,
      'name' | 'type' | 'ownerId' | 'autoArchiveDuration' | 'invitable' | 'rateLimitPerUser'
    >,
    id = this.ids.next(),
  ): LocalThread {
    const now = this.now();
    const thread: LocalThread = {
      id,
      guildId: parent.guildId,
      parentId: parent.id,
      ...fields,
      createdAt: now,
      archived: false,
      locked: false,
      archiveTimestamp: now,
      lastActivityAt: now,
      lastMessageId: null,
      messageCount: 0,
      totalMessageSent: 0,
      members: new Map([[fields.ownerId, now]]),
    };
    this.channels.set(id, thread);
    this.threads.set(id, thread);
    return thread;
  }

  /** Deletes a thread and its messages with it (Discord sends no MESSAGE_DELETE for them). */
  removeThread(id: string): void {
    this.threads.delete(id);
    this.channels.delete(id);
    for (const message of this.byChannel.get(id) ?? []) message.deleted = true;
  }

  /**
   * Whether `userId` can see a channel (its messages) and use commands and components there: a
   * member of its guild; for a private thread, also a member of the thread (or the guild's owner,
   * who has every permission, Manage Threads included).
   */
  canView(userId: string, channelId: string): boolean {
    const channel = this.channels.get(channelId);
    const guild = channel ? this.guilds.get(channel.guildId) : undefined;
    if (!channel || !guild?.memberIds.includes(userId)) return false;
    const thread = this.threads.get(channelId);
    if (!thread || thread.type === PUBLIC_THREAD) return true;
    return thread.members.has(userId) || guild.ownerId === userId;
  }

  addMember(guildId: string, userId: string): void {
    const guild = this.guilds.get(guildId);
    if (guild && !guild.memberIds.includes(userId)) guild.memberIds.push(userId);
  }

  /** Messages by channel, oldest first (an index: scripted users look often). */
  private readonly byChannel = new Map<string, StoredMessage[]>();

  addMessage(message: StoredMessage): void {
    this.messages.set(message.id, message);
    const list = this.byChannel.get(message.channelId) ?? [];
    list.push(message);
    this.byChannel.set(message.channelId, list);
  }

  /**
   * Messages of a channel that `userId` can see, oldest first: none in a channel they cannot view
   * (a private thread they are not in). `userId` '' is no one in particular: the public messages.
   */
  visibleMessages(channelId: string, userId: string): StoredMessage[] {
    if (userId !== '' && this.threads.has(channelId) && !this.canView(userId, channelId)) return [];
    return (this.byChannel.get(channelId) ?? []).filter(
      (m) => !m.deleted && (m.visibleTo === null || m.visibleTo === userId),
    );
  }

  userJson(id: string): Json {
    const user = this.users.get(id);
    return {
      id,
      username: user?.username ?? 'unknown',
      discriminator: '0',
      global_name: user?.globalName ?? null,
      avatar: null,
      bot: user?.bot ?? false,
      public_flags: 0,
    };
  }

  channelJson(channel: LocalChannel, position = 0): Json {
    const thread = this.threads.get(channel.id);
    if (thread) return this.threadJson(thread);
    return {
      id: channel.id,
      type: 0,
      guild_id: channel.guildId,
      name: channel.name,
      position,
      permission_overwrites: [],
      parent_id: null,
      topic: null,
      nsfw: false,
      last_message_id: null,
      rate_limit_per_user: 0,
      flags: 0,
    };
  }

  /**
   * A thread as Discord's channel object. `withBotMember`: with `member`, the bot's thread member
   * (as in THREAD_CREATE and the creation's answer), when the bot is in it.
   */
  threadJson(thread: LocalThread, withBotMember: string | null = null): Json {
    const joined = withBotMember === null ? undefined : thread.members.get(withBotMember);
    return {
      id: thread.id,
      type: thread.type,
      guild_id: thread.guildId,
      parent_id: thread.parentId,
      owner_id: thread.ownerId,
      name: thread.name,
      last_message_id: thread.lastMessageId,
      rate_limit_per_user: thread.rateLimitPerUser,
      flags: 0,
      // Discord stops counting members at 50.
      member_count: Math.min(thread.members.size, 50),
      message_count: thread.messageCount,
      total_message_sent: thread.totalMessageSent,
      thread_metadata: {
        archived: thread.archived,
        auto_archive_duration: thread.autoArchiveDuration,
        archive_timestamp: new Date(thread.archiveTimestamp).toISOString(),
        locked: thread.locked,
        create_timestamp: new Date(thread.createdAt).toISOString(),
        ...(thread.type === PRIVATE_THREAD ? { invitable: thread.invitable } : {}),
      },
      ...(joined === undefined || withBotMember === null
        ? {}
        : { member: this.threadMemberJson(thread, withBotMember) }),
    };
  }

  /** A thread member object (`id` is the thread's). */
  threadMemberJson(thread: LocalThread, userId: string): Json {
    return {
      id: thread.id,
      user_id: userId,
      join_timestamp: new Date(thread.members.get(userId) ?? this.now()).toISOString(),
      flags: 0,
    };
  }

  memberJson(guildId: string, userId: string): Json {
    return {
      user: this.userJson(userId),
      nick: null,
      avatar: null,
      roles: [],
      joined_at: new Date(this.now()).toISOString(),
      premium_since: null,
      deaf: false,
      mute: false,
      flags: 0,
      pending: false,
      permissions: '2248473465835073',
      communication_disabled_until: null,
      guild_id: guildId,
    };
  }

  messageJson(message: StoredMessage, port: number): Json {
    const interaction = message.interactionId ? this.interactions.get(message.interactionId) : undefined;
    // A thread started from this message has the message's id.
    const started = this.threads.get(message.id);
    const startedThread = started?.parentId === message.channelId ? started : undefined;
    return {
      id: message.id,
      type: interaction ? 20 : 0,
      channel_id: message.channelId,
      guild_id: message.guildId,
      author: this.userJson(message.authorId),
      content: message.content,
      timestamp: new Date(message.createdAt).toISOString(),
      edited_timestamp: message.editedAt === null ? null : new Date(message.editedAt).toISOString(),
      tts: false,
      mention_everyone: false,
      mentions: [],
      mention_roles: [],
      attachments: message.attachments.map((a) => ({
        id: a.id,
        filename: a.filename,
        size: a.size,
        content_type: a.contentType ?? undefined,
        url: `http://127.0.0.1:${port}/attachments/${message.channelId}/${a.id}/${encodeURIComponent(a.filename)}`,
        proxy_url: `http://127.0.0.1:${port}/attachments/${message.channelId}/${a.id}/${encodeURIComponent(a.filename)}`,
      })),
      embeds: message.embeds,
      components: message.components,
      pinned: false,
      flags: message.flags,
      ...(startedThread ? { thread: this.threadJson(startedThread) } : {}),
      ...(message.webhookId ? { webhook_id: message.webhookId, application_id: message.authorId } : {}),
      ...(interaction
        ? {
            interaction_metadata: {
              id: interaction.id,
              type: interaction.type,
              user: this.userJson(interaction.userId),
              authorizing_integration_owners: { '0': interaction.guildId },
            },
          }
        : {}),
    };
  }
}
