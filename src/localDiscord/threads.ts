/**
 * Threads, as Discord (API v10) has them: starting one in a text channel (alone or from a message)
 * under Discord's per-channel creation limit, its members, editing (name, archived, locked),
 * deleting, listing, and the rules for messages in them (an archived thread is unarchived by a post,
 * a locked one refuses posts). Every change is dispatched to the bot's sessions as Discord does:
 * THREAD_CREATE / _UPDATE / _DELETE (GUILDS intent), THREAD_MEMBER_UPDATE (the bot's own membership)
 * and THREAD_MEMBERS_UPDATE (GUILD_MEMBERS intent, or GUILDS when it is about the bot).
 */
import {
  type DiscordError,
  FormErrors,
  missingPermissions,
  threadAlreadyCreated,
  threadArchived,
  threadLocked,
  tooManyActiveThreads,
  unknownChannel,
  unknownGuild,
  unknownMember,
  unknownMessage,
  unknownUser,
  wrongChannelType,
} from './errors.js';
import { rateLimited } from './faults.js';
import type { Hub, RestRequest } from './hub.js';
import type { Handled } from './restMessages.js';
import { type Json, type LocalThread, PRIVATE_THREAD, PUBLIC_THREAD, type StoredMessage } from './world.js';

const INTENT_GUILDS = 1 << 0;
const INTENT_GUILD_MEMBERS = 1 << 1;
const AUTO_ARCHIVE_DURATIONS = [60, 1440, 4320, 10080];
/** Discord's default when neither the request nor the channel names a duration (the client's "24 hours"). */
const DEFAULT_AUTO_ARCHIVE = 1440;
const MAX_SLOWMODE_S = 21_600;
/** Discord's cap on a guild's active (unarchived) threads. */
const MAX_ACTIVE_THREADS = 1000;
/** A message's HAS_THREAD flag. */
const HAS_THREAD = 1 << 5;

// --- Discord's thread-creation limit (per parent channel; see DEFAULT_THREAD_CREATE_LIMIT in hub.ts)

/** When threads were created, by hub and parent channel (real time: discord.js waits in real time). */
const creations = new WeakMap<Hub, Map<string, number[]>>();

/** How long before another thread may be created in `channelId` (0: now). */
function creationWait(hub: Hub, channelId: string, now: number): number {
  const limit = hub.threadCreateLimit;
  if (limit === null) return 0;
  const times = (creations.get(hub)?.get(channelId) ?? []).filter((t) => now - t < limit.windowMs);
  creations.get(hub)?.set(channelId, times);
  if (times.length < limit.count) return 0;
  return Math.max(1, (times[times.length - limit.count] as number) + limit.windowMs - now);
}

function noteCreation(hub: Hub, channelId: string, now: number): void {
  let byChannel = creations.get(hub);
  if (!byChannel) {
    byChannel = new Map();
    creations.set(hub, byChannel);
  }
  byChannel.set(channelId, [...(byChannel.get(channelId) ?? []), now]);
}

/** The 429 of the thread-creation bucket, as Discord answers it (body, Retry-After, X-RateLimit-*). */
function creationLimited(hub: Hub, req: RestRequest, waitMs: number): Handled {
  const failure = rateLimited(req.method, req.path, waitMs, false, {
    limit: hub.threadCreateLimit?.count ?? 0,
    scope: 'shared',
  });
  return { status: 429, body: failure.body, headers: failure.headers };
}

// --- Gateway events

function threadUpdated(hub: Hub, thread: LocalThread): void {
  hub.guildEvent('THREAD_UPDATE', hub.world.threadJson(thread), INTENT_GUILDS);
}

/** THREAD_MEMBERS_UPDATE (and THREAD_MEMBER_UPDATE when the bot joined), to the sessions Discord sends them. */
function membersChanged(hub: Hub, thread: LocalThread, added: string | null, removed: string | null): void {
  const world = hub.world;
  const who = added ?? removed;
  const data: Json = {
    id: thread.id,
    guild_id: thread.guildId,
    member_count: Math.min(thread.members.size, 50),
    ...(added === null
      ? {}
      : {
          added_members: [
            {
              ...world.threadMemberJson(thread, added),
              member: world.memberJson(thread.guildId, added),
              presence: null,
            },
          ],
        }),
    ...(removed === null ? {} : { removed_member_ids: [removed] }),
  };
  // Without GUILD_MEMBERS, a bot hears only of itself being added or removed.
  const aboutBot = who === hub.applicationId;
  hub.guildEvent('THREAD_MEMBERS_UPDATE', data, aboutBot ? INTENT_GUILDS : INTENT_GUILD_MEMBERS);
  if (added === hub.applicationId) botJoined(hub, thread);
}

/** THREAD_MEMBER_UPDATE: "largely a signal that the current user is a member of the thread". */
function botJoined(hub: Hub, thread: LocalThread): void {
  hub.guildEvent(
    'THREAD_MEMBER_UPDATE',
    { ...hub.world.threadMemberJson(thread, hub.applicationId), guild_id: thread.guildId },
    INTENT_GUILDS,
  );
}

/** Archives or unarchives a thread, and tells the bot (THREAD_UPDATE). */
export function setArchived(hub: Hub, thread: LocalThread, archived: boolean): void {
  if (thread.archived === archived) return;
  const now = hub.world.now();
  thread.archived = archived;
  thread.archiveTimestamp = now;
  if (!archived) thread.lastActivityAt = now;
  threadUpdated(hub, thread);
}

/** Archives the threads idle for longer than their auto-archive duration (by the world's clock). */
export function archiveIdleThreads(hub: Hub): LocalThread[] {
  const now = hub.world.now();
  const idle = [...hub.world.threads.values()].filter(
    (t) => !t.archived && now - t.lastActivityAt >= t.autoArchiveDuration * 60_000,
  );
  for (const thread of idle) setArchived(hub, thread, true);
  return idle;
}

/** Adds a user to a thread and dispatches what Discord does; false if they already were in it. */
export function addThreadMember(hub: Hub, thread: LocalThread, userId: string): boolean {
  if (thread.members.has(userId)) return false;
  thread.members.set(userId, hub.world.now());
  membersChanged(hub, thread, userId, null);
  return true;
}

export function removeThreadMember(hub: Hub, thread: LocalThread, userId: string): boolean {
  if (!thread.members.delete(userId)) return false;
  membersChanged(hub, thread, null, userId);
  return true;
}

// --- Messages in threads

/**
 * Discord's rules before a message is posted in a channel, if it is a thread. Locked: refused
 * (160005 "Thread is locked"; 50083 when also archived), except an interaction's answer in a locked
 * thread that is not archived (the user could use the component, the app answers). Archived and not
 * locked: the post unarchives it (a public post; an ephemeral answer changes nothing). A post in the
 * channel by the bot makes it a member if it was not. The local bot is held to a member's rules
 * (no Manage Threads bypass for posting), which is stricter than Discord for a moderator bot.
 */
export function beforePost(
  hub: Hub,
  channelId: string,
  how: { readonly viaInteraction: boolean; readonly ephemeral: boolean },
): DiscordError | null {
  const thread = hub.world.threads.get(channelId);
  if (!thread) return null;
  if (thread.locked && thread.archived) return threadArchived();
  if (thread.locked && !how.viaInteraction) return threadLocked();
  if (thread.archived && !how.ephemeral) setArchived(hub, thread, false);
  if (!how.viaInteraction) addThreadMember(hub, thread, hub.applicationId);
  return null;
}

/** Discord's rule before a message in a thread is edited or deleted: not while it is archived (50083). */
export function beforeChange(hub: Hub, channelId: string): DiscordError | null {
  return hub.world.threads.get(channelId)?.archived ? threadArchived() : null;
}

/** Keeps a thread's counts (messages, last message, activity) as messages come and go. */
export function countMessage(hub: Hub, message: StoredMessage, change: 'created' | 'deleted'): void {
  const thread = hub.world.threads.get(message.channelId);
  if (!thread || message.visibleTo !== null) return;
  if (change === 'deleted') {
    thread.messageCount = Math.max(0, thread.messageCount - 1);
    return;
  }
  thread.messageCount++;
  thread.totalMessageSent++;
  thread.lastMessageId = message.id;
  thread.lastActivityAt = message.createdAt;
}

// --- REST

function checkName(errors: FormErrors, name: unknown, required: boolean): void {
  if (name === undefined || name === null) {
    if (required) errors.add(['name'], 'BASE_TYPE_REQUIRED', 'This field is required');
    return;
  }
  if (typeof name !== 'string') errors.add(['name'], 'BASE_TYPE_STRING', 'Must be a string.');
  else if (name.trim().length < 1 || name.length > 100)
    errors.add(['name'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 100 in length.');
}

/** auto_archive_duration, rate_limit_per_user, invitable, archived, locked: when present, valid. */
function checkSettings(errors: FormErrors, body: Json): void {
  const duration = body.auto_archive_duration;
  if (duration !== undefined && duration !== null && !AUTO_ARCHIVE_DURATIONS.includes(duration as number))
    errors.add(
      ['auto_archive_duration'],
      'BASE_TYPE_CHOICES',
      `Value must be one of {${AUTO_ARCHIVE_DURATIONS.join(', ')}}.`,
    );
  const slowmode = body.rate_limit_per_user;
  if (slowmode !== undefined && slowmode !== null) {
    if (!Number.isInteger(slowmode))
      errors.add(['rate_limit_per_user'], 'NUMBER_TYPE_COERCE', `Value "${String(slowmode)}" is not int.`);
    else if ((slowmode as number) < 0 || (slowmode as number) > MAX_SLOWMODE_S)
      errors.add(
        ['rate_limit_per_user'],
        'NUMBER_TYPE_MAX',
        `int value should be less than or equal to ${MAX_SLOWMODE_S}.`,
      );
  }
  for (const flag of ['invitable', 'archived', 'locked'])
    if (body[flag] !== undefined && body[flag] !== null && typeof body[flag] !== 'boolean')
      errors.add([flag], 'BASE_TYPE_BOOLEAN', 'Must be either true or false.');
}

/**
 * POST /channels/:channel/threads (`messageId` null: a thread without a message, type 11 or 12,
 * private by default in v10) and POST /channels/:channel/messages/:message/threads (a public thread
 * with the message's id). The bot is its owner and first member; THREAD_CREATE (newly_created) and
 * THREAD_MEMBER_UPDATE follow.
 */
export function createThread(
  hub: Hub,
  req: RestRequest,
  channelId: string,
  messageId: string | null,
): Handled {
  const world = hub.world;
  const parent = world.channels.get(channelId);
  if (!parent) return unknownChannel();
  if (world.threads.has(channelId)) return wrongChannelType();
  const now = Date.now();
  const wait = creationWait(hub, channelId, now);
  if (wait > 0) return creationLimited(hub, req, wait);
  const body = req.json ?? {};
  let source: StoredMessage | undefined;
  if (messageId !== null) {
    source = world.messages.get(messageId);
    if (!source || source.deleted || source.channelId !== channelId || source.visibleTo !== null)
      return unknownMessage();
    if (world.threads.has(messageId)) return threadAlreadyCreated();
  }
  const errors = new FormErrors();
  checkName(errors, body.name, true);
  const type =
    messageId !== null ? PUBLIC_THREAD : ((body.type as number | undefined | null) ?? PRIVATE_THREAD);
  if (type !== PUBLIC_THREAD && type !== PRIVATE_THREAD)
    errors.add(['type'], 'BASE_TYPE_CHOICES', 'Value must be one of {11, 12}.');
  checkSettings(errors, body);
  if (!errors.empty) return errors.toError();
  const active = [...world.threads.values()].filter((t) => t.guildId === parent.guildId && !t.archived);
  if (active.length >= MAX_ACTIVE_THREADS) return tooManyActiveThreads();
  const thread = world.addThread(
    parent,
    {
      name: body.name as string,
      type: type as typeof PUBLIC_THREAD | typeof PRIVATE_THREAD,
      ownerId: hub.applicationId,
      autoArchiveDuration: (body.auto_archive_duration as number | undefined | null) ?? DEFAULT_AUTO_ARCHIVE,
      // Discord: invitable only for private threads, true unless said otherwise.
      invitable: type === PRIVATE_THREAD ? body.invitable !== false : false,
      rateLimitPerUser: (body.rate_limit_per_user as number | undefined | null) ?? 0,
    },
    messageId ?? undefined,
  );
  if (source) source.flags |= HAS_THREAD;
  noteCreation(hub, channelId, now);
  const json = world.threadJson(thread, hub.applicationId);
  hub.guildEvent('THREAD_CREATE', { ...json, newly_created: true }, INTENT_GUILDS);
  botJoined(hub, thread);
  return { status: 201, body: json };
}

/** The thread of a thread-only route: Unknown Channel, or 50024 for a channel that is not a thread. */
function threadOf(hub: Hub, channelId: string): LocalThread | DiscordError {
  if (!hub.world.channels.has(channelId)) return unknownChannel();
  return hub.world.threads.get(channelId) ?? wrongChannelType();
}

/**
 * GET / PUT / DELETE /channels/:thread/thread-members/:user ("@me": the bot). PUT and DELETE answer
 * 204 (also when nothing changes); a user Discord does not know is 10013, one not in the guild 10007,
 * an archived thread 50083.
 */
export function threadMember(hub: Hub, req: RestRequest, threadId: string, user: string): Handled {
  const thread = threadOf(hub, threadId);
  if (!('members' in thread)) return thread;
  const userId = user === '@me' ? hub.applicationId : user;
  if (req.method === 'GET') {
    if (!thread.members.has(userId)) return unknownMember();
    return { status: 200, body: memberWith(hub, thread, userId, req.query.get('with_member') === 'true') };
  }
  if (!hub.world.users.has(userId)) return unknownUser();
  if (!hub.world.guilds.get(thread.guildId)?.memberIds.includes(userId)) return unknownMember();
  if (thread.archived) return threadArchived();
  if (req.method === 'PUT') addThreadMember(hub, thread, userId);
  else removeThreadMember(hub, thread, userId);
  return { status: 204 };
}

function memberWith(hub: Hub, thread: LocalThread, userId: string, withMember: boolean): Json {
  return {
    ...hub.world.threadMemberJson(thread, userId),
    ...(withMember ? { member: hub.world.memberJson(thread.guildId, userId) } : {}),
  };
}

/** GET /channels/:thread/thread-members: its members, in the order they joined. */
export function threadMembers(hub: Hub, req: RestRequest, threadId: string): Handled {
  const thread = threadOf(hub, threadId);
  if (!('members' in thread)) return thread;
  const withMember = req.query.get('with_member') === 'true';
  return {
    status: 200,
    body: [...thread.members.keys()].map((userId) => memberWith(hub, thread, userId, withMember)),
  };
}

/**
 * PATCH /channels/:channel for a thread: name, archived, locked, auto_archive_duration,
 * rate_limit_per_user, invitable. An archived thread takes no change but being unarchived
 * (`archived: false`, with others in the same request), as on Discord. THREAD_UPDATE follows.
 * The local Discord edits threads only (other channels: 50013).
 */
export function editThread(hub: Hub, req: RestRequest, channelId: string): Handled {
  if (!hub.world.channels.has(channelId)) return unknownChannel();
  const thread = hub.world.threads.get(channelId);
  if (!thread) return missingPermissions();
  const body = req.json ?? {};
  const errors = new FormErrors();
  checkName(errors, body.name, false);
  checkSettings(errors, body);
  if (!errors.empty) return errors.toError();
  if (thread.archived && body.archived !== false) return threadArchived();
  const before = JSON.stringify(hub.world.threadJson(thread));
  if (typeof body.name === 'string') thread.name = body.name;
  if (typeof body.auto_archive_duration === 'number') thread.autoArchiveDuration = body.auto_archive_duration;
  if (typeof body.rate_limit_per_user === 'number') thread.rateLimitPerUser = body.rate_limit_per_user;
  if (typeof body.invitable === 'boolean' && thread.type === PRIVATE_THREAD)
    thread.invitable = body.invitable;
  if (typeof body.locked === 'boolean') thread.locked = body.locked;
  if (typeof body.archived === 'boolean' && body.archived !== thread.archived) {
    const now = hub.world.now();
    thread.archived = body.archived;
    thread.archiveTimestamp = now;
    if (!body.archived) thread.lastActivityAt = now;
  }
  if (JSON.stringify(hub.world.threadJson(thread)) !== before) threadUpdated(hub, thread);
  return { status: 200, body: hub.world.threadJson(thread) };
}

/** DELETE /channels/:channel for a thread: gone with its messages; THREAD_DELETE follows. */
export function deleteThread(hub: Hub, channelId: string): Handled {
  if (!hub.world.channels.has(channelId)) return unknownChannel();
  const thread = hub.world.threads.get(channelId);
  if (!thread) return missingPermissions();
  const json = hub.world.threadJson(thread);
  hub.world.removeThread(thread.id);
  hub.guildEvent(
    'THREAD_DELETE',
    { id: thread.id, guild_id: thread.guildId, parent_id: thread.parentId, type: thread.type },
    INTENT_GUILDS,
  );
  return { status: 200, body: json };
}

/** The threads listed and the bot's thread members of them, as Discord's list endpoints answer. */
function listing(hub: Hub, threads: LocalThread[], archived: boolean): Json {
  const bot = hub.applicationId;
  return {
    threads: threads.map((t) => hub.world.threadJson(t)),
    members: threads.filter((t) => t.members.has(bot)).map((t) => hub.world.threadMemberJson(t, bot)),
    ...(archived ? { has_more: false } : {}),
  };
}

/** GET /guilds/:guild/threads/active. */
export function activeThreads(hub: Hub, guildId: string): Handled {
  if (!hub.world.guilds.has(guildId)) return unknownGuild();
  const threads = [...hub.world.threads.values()].filter((t) => t.guildId === guildId && !t.archived);
  return { status: 200, body: listing(hub, threads, false) };
}

/** GET /channels/:channel/threads/archived/public and /private: newest archived first. */
export function archivedThreads(hub: Hub, req: RestRequest, channelId: string, type: number): Handled {
  const parent = hub.world.channels.get(channelId);
  if (!parent) return unknownChannel();
  if (hub.world.threads.has(channelId)) return wrongChannelType();
  const limit = Number(req.query.get('limit') ?? 50);
  const threads = [...hub.world.threads.values()]
    .filter((t) => t.parentId === channelId && t.archived && t.type === type)
    .sort((a, b) => b.archiveTimestamp - a.archiveTimestamp)
    .slice(0, limit > 0 ? limit : 50);
  return { status: 200, body: listing(hub, threads, true) };
}
