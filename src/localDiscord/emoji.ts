/**
 * Custom emoji: an application's own (Discord's application emoji API: list, get, create, rename,
 * delete; 2,000 an application, names of 2-32 letters, digits and underscores, images up to
 * 256 KiB) and a guild's, with Discord's JSON shapes and errors. Messages may only use emoji known
 * here (see emojiCheck.ts).
 */
import { DiscordError, FormErrors } from './errors.js';
import type { Hub, RestRequest } from './hub.js';
import type { Handled } from './restMessages.js';
import type { Json } from './world.js';

/** One custom emoji and its picture. */
export interface LocalEmoji {
  readonly id: string;
  name: string;
  readonly animated: boolean;
  readonly contentType: string;
  readonly image: Buffer;
}

/** Discord's limit on an application's emoji. */
export const APPLICATION_EMOJI_LIMIT = 2_000;
/** Discord's limit on an emoji's picture (decoded). */
export const EMOJI_MAX_BYTES = 256 * 1024;

const NAME = /^[A-Za-z0-9_]+$/;
const DATA_URI = /^data:(image\/(?:png|jpeg|gif|webp|avif));base64,([A-Za-z0-9+/]*={0,2})$/;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export const unknownEmoji = () => new DiscordError(404, 10014, 'Unknown Emoji');
export const tooManyEmoji = (limit: number) =>
  new DiscordError(400, 30008, `Maximum number of emojis reached (${limit})`);
export const missingAccess = () => new DiscordError(403, 50001, 'Missing Access');

/** Every custom emoji of the local Discord: by application, and by guild. */
export class EmojiShelf {
  /** An application's emoji at most (Discord: 2,000); tests lower it to reach the limit. */
  limit = APPLICATION_EMOJI_LIMIT;
  private readonly byApplication = new Map<string, Map<string, LocalEmoji>>();
  private readonly byGuild = new Map<string, Map<string, LocalEmoji>>();

  /** An application's emoji, oldest first (created, if need be, empty). */
  ofApplication(applicationId: string): Map<string, LocalEmoji> {
    let emoji = this.byApplication.get(applicationId);
    if (!emoji) {
      emoji = new Map();
      this.byApplication.set(applicationId, emoji);
    }
    return emoji;
  }

  ofGuild(guildId: string): Map<string, LocalEmoji> {
    let emoji = this.byGuild.get(guildId);
    if (!emoji) {
      emoji = new Map();
      this.byGuild.set(guildId, emoji);
    }
    return emoji;
  }

  /** Whether a message of `guildId` sent by `applicationId` may use emoji `id`. */
  usable(id: string, applicationId: string, guildId: string | null): boolean {
    if (this.byApplication.get(applicationId)?.has(id)) return true;
    return guildId !== null && (this.byGuild.get(guildId)?.has(id) ?? false);
  }

  /** The emoji of that id, whoever owns it (for serving its picture). */
  find(id: string): LocalEmoji | undefined {
    for (const shelf of [...this.byApplication.values(), ...this.byGuild.values()]) {
      const emoji = shelf.get(id);
      if (emoji) return emoji;
    }
    return undefined;
  }
}

/** An emoji as Discord returns it; application emoji carry the uploading user. */
export function emojiJson(emoji: LocalEmoji, user?: Json): Json {
  return {
    id: emoji.id,
    name: emoji.name,
    roles: [],
    ...(user ? { user } : {}),
    require_colons: true,
    managed: false,
    animated: emoji.animated,
    available: true,
  };
}

function checkName(errors: FormErrors, name: unknown): void {
  if (typeof name !== 'string') {
    errors.add(['name'], 'BASE_TYPE_REQUIRED', 'This field is required');
  } else if (name.length < 2 || name.length > 32) {
    errors.add(['name'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 2 and 32 in length.');
  } else if (!NAME.test(name)) {
    errors.add(['name'], 'STRING_TYPE_REGEX', 'String value did not match validation regex.');
  }
}

/** The picture of a data URI, or a form error (missing, not an image, too big). */
function readImage(errors: FormErrors, image: unknown): { contentType: string; data: Buffer } | null {
  if (typeof image !== 'string') {
    errors.add(['image'], 'BASE_TYPE_REQUIRED', 'This field is required');
    return null;
  }
  const match = DATA_URI.exec(image);
  const data = match ? Buffer.from(match[2] as string, 'base64') : null;
  const contentType = match?.[1] as string;
  if (!data || data.length === 0 || (contentType === 'image/png' && !startsWithPng(data))) {
    errors.add(['image'], 'IMAGE_INVALID', 'Invalid image data');
    return null;
  }
  if (data.length > EMOJI_MAX_BYTES) {
    errors.add(['image'], 'BINARY_TYPE_MAX_SIZE', 'File cannot be larger than 256.0 kb.');
    return null;
  }
  return { contentType, data };
}

function startsWithPng(data: Buffer): boolean {
  return data.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE);
}

function nameTaken(errors: FormErrors): void {
  errors.add(['name'], 'APPLICATION_EMOJI_NAME_ALREADY_TAKEN', 'Application emoji name already taken');
}

/** The application emoji routes: /applications/:app/emojis[/:emoji], for the bot's own application. */
export function applicationEmojis(
  hub: Hub,
  req: RestRequest,
  appId: string,
  emojiId: string | null,
): Handled {
  if (appId !== hub.applicationId) return missingAccess();
  const shelf = hub.world.emojis.ofApplication(appId);
  const user = hub.world.userJson(appId);
  if (emojiId === null) {
    if (req.method === 'GET')
      return { status: 200, body: { items: [...shelf.values()].map((e) => emojiJson(e, user)) } };
    return createEmoji(hub, req, shelf, user);
  }
  const emoji = shelf.get(emojiId);
  if (!emoji) return unknownEmoji();
  if (req.method === 'GET') return { status: 200, body: emojiJson(emoji, user) };
  if (req.method === 'DELETE') {
    shelf.delete(emojiId);
    return { status: 204 };
  }
  const body = req.json ?? {};
  const errors = new FormErrors();
  checkName(errors, body.name);
  if (errors.empty && [...shelf.values()].some((e) => e.name === body.name && e.id !== emojiId))
    nameTaken(errors);
  if (!errors.empty) return errors.toError();
  emoji.name = body.name as string;
  return { status: 200, body: emojiJson(emoji, user) };
}

function createEmoji(hub: Hub, req: RestRequest, shelf: Map<string, LocalEmoji>, user: Json): Handled {
  const body = req.json ?? {};
  const errors = new FormErrors();
  checkName(errors, body.name);
  const image = readImage(errors, body.image);
  if (errors.empty && [...shelf.values()].some((e) => e.name === body.name)) nameTaken(errors);
  if (!errors.empty || !image) return errors.toError();
  const limit = hub.world.emojis.limit;
  if (shelf.size >= limit) return tooManyEmoji(limit);
  const emoji: LocalEmoji = {
    id: hub.world.ids.next(),
    name: body.name as string,
    animated: image.contentType === 'image/gif',
    contentType: image.contentType,
    image: image.data,
  };
  shelf.set(emoji.id, emoji);
  return { status: 201, body: emojiJson(emoji, user) };
}
