/**
 * The body of an interaction callback (a reply or an update) built straight from what our renders
 * give, for the common case: content, JSON-encodable embeds and components, mentions switched off,
 * flags. discord.js builds the same body through MessagePayload, whose getters `require()` a module
 * on every call: under tsx's resolver that was 3.6% of the bot's thread in the 50-table profile, for
 * nothing our answers use. Anything else (files, plain-object embeds, a response asked for) is null:
 * discord.js sends it as before.
 */

type Encodable = { toJSON(): unknown };

/** Discord's limit on a message's content: past it the whole answer is refused (50035). */
export const MAX_CONTENT = 2000;

/**
 * The last resort against an answer Discord would refuse: content past 2,000 characters is cut,
 * ending in an ellipsis (answer.ts applies it to every answer, lean or not). Echoed user text is
 * cut where it is echoed (doorText.ts `echo`); this only keeps a missed case from becoming no
 * answer at all.
 */
export function fitContent(content: string): string {
  return cutToLength(content, MAX_CONTENT);
}

/**
 * `text` in at most `max` UTF-16 units (what Discord's limits count), the last an ellipsis when cut;
 * never splits a surrogate pair (half an emoji).
 */
export function cutToLength(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = Math.max(0, max - 1);
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
}

const LEAN_KEYS = new Set(['content', 'embeds', 'components', 'allowedMentions', 'flags']);

function isEncodable(value: unknown): value is Encodable {
  return typeof value === 'object' && value !== null && typeof (value as Encodable).toJSON === 'function';
}

function encoded(list: unknown): unknown[] | null {
  if (!Array.isArray(list)) return null;
  const out: unknown[] = [];
  for (const item of list) {
    if (!isEncodable(item)) return null;
    out.push(item.toJSON());
  }
  return out;
}

/** The callback's `data`, or null when discord.js should build it. */
export function leanCallbackData(options: unknown): Record<string, unknown> | null {
  // discord.js takes `update()` with nothing (its default {}), a string, or a MessagePayload.
  if (typeof options !== 'object' || options === null || Object.getPrototypeOf(options) !== Object.prototype)
    return null;
  const o = options as Record<string, unknown>;
  for (const key of Object.keys(o)) if (o[key] !== undefined && !LEAN_KEYS.has(key)) return null;
  const data: Record<string, unknown> = {};
  if (o.content !== undefined) {
    if (typeof o.content !== 'string') return null;
    data.content = o.content;
  }
  for (const key of ['embeds', 'components'] as const) {
    if (o[key] === undefined) continue;
    const list = encoded(o[key]);
    if (!list) return null;
    data[key] = list;
  }
  if (o.allowedMentions !== undefined) {
    const mentions = o.allowedMentions as Record<string, unknown> | null;
    // Only "mention nobody", the one our answers use; anything else is discord.js's to translate.
    const parse = mentions?.parse;
    if (!Array.isArray(parse) || parse.length > 0 || Object.keys(mentions ?? {}).length !== 1) return null;
    data.allowed_mentions = { parse: [] };
  }
  if (o.flags !== undefined) {
    if (typeof o.flags !== 'number' || !Number.isInteger(o.flags)) return null;
    data.flags = o.flags;
  }
  return data;
}
