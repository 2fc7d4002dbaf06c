/** Channel messages and message bodies: create, edit, delete, fetch, with Discord's checks. */
import { checkEmoji } from './emojiCheck.js';
import {
  type DiscordError,
  emptyMessage,
  type FormErrors,
  notAuthor,
  unknownChannel,
  unknownMessage,
} from './errors.js';
import type { Hub, RestRequest } from './hub.js';
import { beforeChange, beforePost, countMessage } from './threads.js';
import { isEmptyMessage, legacyField, setsV2, validateMessage } from './validate.js';
import { IS_COMPONENTS_V2 } from './validateV2.js';
import type { Attachment, Json, StoredMessage } from './world.js';

/** A route's answer: a status, a JSON body (none for 204) and headers of its own (a 429's), or an error. */
export type Handled =
  | { status: number; body?: unknown; headers?: Readonly<Record<string, string>> }
  | DiscordError;

export interface NewMessage {
  readonly channelId: string;
  readonly guildId: string;
  readonly authorId: string;
  readonly visibleTo: string | null;
  readonly interactionId: string | null;
  readonly webhookId: string | null;
}

/**
 * Discord's checks of a message body: its limits (those of a Components V2 message when `v2`), and
 * that every custom emoji is one the bot may use.
 */
function checked(hub: Hub, body: Json, guildId: string, v2: boolean): FormErrors {
  const errors = validateMessage(body, undefined, v2);
  checkEmoji(body, (id) => hub.world.emojis.usable(id, hub.applicationId, guildId), errors);
  return errors;
}

/** Checks a body and creates the message, or returns Discord's error. */
export function createMessage(
  hub: Hub,
  req: RestRequest,
  body: Json,
  meta: NewMessage,
  flags = 0,
): StoredMessage | DiscordError {
  const v2 = setsV2(body);
  const errors = checked(hub, body, meta.guildId, v2);
  if (!errors.empty) return errors.toError();
  if (isEmptyMessage(body, req.files.length)) return emptyMessage();
  const refused = beforePost(hub, meta.channelId, {
    viaInteraction: meta.interactionId !== null,
    ephemeral: meta.visibleTo !== null,
  });
  if (refused) return refused;
  return storeMessage(hub, meta, {
    content: typeof body.content === 'string' ? body.content : '',
    embeds: Array.isArray(body.embeds) ? (body.embeds as Json[]) : [],
    components: Array.isArray(body.components) ? (body.components as Json[]) : [],
    attachments: hub.attachmentsFrom(req.files),
    flags: flags | (v2 ? IS_COMPONENTS_V2 : 0),
  });
}

/** Stores a new message (already checked) and tells whoever waits. */
export function storeMessage(
  hub: Hub,
  meta: NewMessage,
  body: Pick<StoredMessage, 'content' | 'embeds' | 'components' | 'attachments' | 'flags'>,
): StoredMessage {
  const message: StoredMessage = {
    id: hub.world.ids.next(),
    ...meta,
    ...body,
    createdAt: hub.world.now(),
    editedAt: null,
    deleted: false,
  };
  hub.world.addMessage(message);
  countMessage(hub, message, 'created');
  hub.messageChanged(message);
  return message;
}

/** Applies an edit body to a message (the fields it names), after checking it. */
export function editMessage(
  hub: Hub,
  req: RestRequest,
  message: StoredMessage,
  body: Json,
): StoredMessage | DiscordError {
  // A message in an archived thread cannot change (50083) until the thread is unarchived.
  const archived = beforeChange(hub, message.channelId);
  if (archived) return archived;
  const wasV2 = (message.flags & IS_COMPONENTS_V2) !== 0;
  const v2 = wasV2 || setsV2(body);
  const errors = checked(hub, body, message.guildId, v2);
  // Discord sets IS_COMPONENTS_V2 on an edit, never removes it.
  if (wasV2 && typeof body.flags === 'number' && !setsV2(body))
    errors.add(
      ['flags'],
      'MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG',
      'The IS_COMPONENTS_V2 flag cannot be removed',
    );
  if (!errors.empty) return errors.toError();
  const content =
    typeof body.content === 'string' || body.content === null
      ? ((body.content as string | null) ?? '')
      : message.content;
  const embeds = Array.isArray(body.embeds) ? (body.embeds as Json[]) : message.embeds;
  const components = Array.isArray(body.components) ? (body.components as Json[]) : message.components;
  const uploaded = hub.attachmentsFrom(req.files);
  let attachments: Attachment[];
  if (Array.isArray(body.attachments)) {
    const keep = new Set((body.attachments as Json[]).map((a) => String(a.id)));
    attachments = [...message.attachments.filter((a: Attachment) => keep.has(a.id)), ...uploaded];
  } else {
    attachments = [...message.attachments, ...uploaded];
  }
  // An edit that makes a message V2 must empty the content and embeds it had (content null, embeds []).
  if (v2 && (content !== '' || embeds.length > 0)) {
    if (content !== '') legacyField(errors, 'content');
    if (embeds.length > 0) legacyField(errors, 'embeds');
    return errors.toError();
  }
  // Discord refuses an edit that would leave the message with nothing in it.
  if (content === '' && embeds.length === 0 && components.length === 0 && attachments.length === 0)
    return emptyMessage();
  message.content = content;
  message.embeds = embeds;
  message.components = components;
  message.attachments = attachments;
  message.flags &= ~128; // an edit ends "is thinking..."
  if (v2) message.flags |= IS_COMPONENTS_V2;
  message.editedAt = hub.world.now();
  hub.messageChanged(message);
  return message;
}

/** How long a message's nonce is enforced (Discord: "the past few minutes"). */
const NONCE_WINDOW_MS = 5 * 60_000;
const nonceMaps = new WeakMap<Hub, Map<string, StoredMessage>>();

/** The messages posted with `enforce_nonce`, by channel, author and nonce. */
function nonces(hub: Hub): Map<string, StoredMessage> {
  let map = nonceMaps.get(hub);
  if (!map) {
    map = new Map();
    nonceMaps.set(hub, map);
  }
  return map;
}

export function channelMessages(
  hub: Hub,
  req: RestRequest,
  channelId: string,
  messageId: string | null,
): Handled {
  const channel = hub.world.channels.get(channelId);
  if (!channel) return unknownChannel();
  const botId = hub.applicationId;
  if (messageId === null) {
    if (req.method === 'GET') {
      const limit = Math.min(Number(req.query.get('limit') ?? 50), 100);
      const list = hub.world
        .visibleMessages(channelId, '')
        .reverse()
        .slice(0, limit)
        .map((m) => hub.world.messageJson(m, hub.port));
      return { status: 200, body: list };
    }
    const body = req.json ?? {};
    // enforce_nonce: a nonce the author used in the channel in the past few minutes gets that
    // message back, and no new one is made (a retry of a post Discord took).
    const nonceKey =
      body.enforce_nonce === true && body.nonce != null ? `${channelId}:${botId}:${body.nonce}` : null;
    const sent = nonceKey ? nonces(hub).get(nonceKey) : undefined;
    if (sent && hub.world.now() - sent.createdAt < NONCE_WINDOW_MS)
      return { status: 200, body: hub.world.messageJson(sent, hub.port) };
    const meta = {
      channelId,
      guildId: channel.guildId,
      authorId: botId,
      visibleTo: null,
      interactionId: null,
      webhookId: null,
    };
    const created = createMessage(hub, req, body, meta);
    if (nonceKey && 'id' in created) nonces(hub).set(nonceKey, created);
    return 'id' in created ? { status: 200, body: hub.world.messageJson(created, hub.port) } : created;
  }
  const message = hub.world.messages.get(messageId);
  if (!message || message.deleted || message.channelId !== channelId || message.visibleTo !== null)
    return unknownMessage();
  if (req.method === 'GET') return { status: 200, body: hub.world.messageJson(message, hub.port) };
  if (message.authorId !== botId) return notAuthor();
  if (req.method === 'DELETE') {
    const archived = beforeChange(hub, channelId);
    if (archived) return archived;
    message.deleted = true;
    countMessage(hub, message, 'deleted');
    hub.messageChanged(message);
    return { status: 204 };
  }
  const edited = editMessage(hub, req, message, req.json ?? {});
  return 'id' in edited ? { status: 200, body: hub.world.messageJson(edited, hub.port) } : edited;
}
