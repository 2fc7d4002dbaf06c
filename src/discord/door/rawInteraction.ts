/**
 * The first door: an INTERACTION_CREATE payload checked with zod against the shapes Discord
 * documents (interaction object, application command, message component and modal submit data)
 * before discord.js builds anything from it. discord.js trusts the payload: a null option, a
 * component interaction without its message, a member without its user... throw inside its
 * constructors, on the gateway's thread, and end the process. Objects are loose (Discord adds fields)
 * and only what discord.js or the bot would trip on is refused; every field checked is one Discord
 * documents with that type. What is refused gets a sentence when it can be answered (`refusalOf`).
 */
import { z } from 'zod';
import { type Lang, langOf, t } from '../../i18n/index.js';
import { isPlainClick } from './clickFastPath.js';
import { componentsOk } from './componentShapes.js';

/** Discord's ids: a 64-bit number written in decimal. */
const snowflake = z.string().regex(/^\d{1,20}$/);
/** A permission bit set, written in decimal (discord.js makes a BigInt of it). */
const bits = z.string().regex(/^\d{1,40}$/);
const int = z.number().int();

const user = z.looseObject({
  id: snowflake,
  username: z.string().optional(),
  global_name: z.string().nullish(),
  discriminator: z.string().optional(),
  avatar: z.string().nullish(),
  bot: z.boolean().optional(),
});

/** A member's fields besides its user (as `resolved.members` carries them). */
const memberFields = {
  roles: z.array(snowflake).optional(),
  permissions: bits.optional(),
  nick: z.string().nullish(),
  joined_at: z.string().nullish(),
};
const member = z.looseObject({ user, ...memberFields });

const channel = z.looseObject({
  id: snowflake,
  type: int,
  recipients: z.array(user).optional(),
});

const components = z.custom<unknown[]>((v) => componentsOk(v), 'components Discord does not send');
/** Embeds are read by discord.js as they are: objects, in an array (not copied here either). */
const embeds = z.custom<unknown[]>(
  (v) => Array.isArray(v) && v.every((e) => e !== null && typeof e === 'object' && !Array.isArray(e)),
  'embeds that are not objects',
);

const message = z.looseObject({
  id: snowflake,
  channel_id: snowflake,
  author: user.optional(),
  content: z.string().optional(),
  type: int.optional(),
  flags: int.optional(),
  components: components.optional(),
  embeds: embeds.optional(),
  attachments: z.array(z.looseObject({ id: snowflake })).optional(),
  mentions: z.array(user).optional(),
  mention_roles: z.array(snowflake).optional(),
  interaction_metadata: z.looseObject({ user: user.optional() }).optional(),
});

const resolved = z
  .looseObject({
    users: z.record(z.string(), user).optional(),
    members: z.record(z.string(), z.looseObject(memberFields)).optional(),
    roles: z.record(z.string(), z.looseObject({ id: snowflake })).optional(),
    channels: z.record(z.string(), z.looseObject({ id: snowflake, type: int })).optional(),
    messages: z.record(z.string(), message).optional(),
    attachments: z.record(z.string(), z.looseObject({ id: snowflake })).optional(),
  })
  // discord.js joins each member to its user: a member without one throws.
  .refine((r) => Object.keys(r.members ?? {}).every((id) => r.users?.[id] !== undefined), {
    path: ['members'],
    message: 'a member without its user',
  });

/**
 * Names of commands and options, and custom ids: text, of any length. Discord's limits (32 and 100
 * characters) are not the door's to enforce: past them discord.js still builds, and the second door
 * (commandOptions.ts, componentInput.ts) answers them as stale or wrong, in words.
 */
const name = z.string();

const option: z.ZodType<unknown> = z.lazy(() =>
  z.looseObject({
    name,
    type: int.min(1).max(11),
    value: z.union([z.string(), z.number(), z.boolean()]).optional(),
    options: z.array(option).optional(),
    focused: z.boolean().optional(),
  }),
);

const commandData = z
  .looseObject({
    id: snowflake,
    name,
    // Chat input, user and message context menus, the entry point: discord.js ignores any other.
    type: z.literal([1, 2, 3, 4]),
    options: z.array(option).optional(),
    resolved: resolved.optional(),
    guild_id: snowflake.optional(),
    target_id: snowflake.optional(),
  })
  // A context menu names its target and carries it resolved (discord.js reads both).
  .superRefine((d, ctx) => {
    if (d.type !== 2 && d.type !== 3) return;
    if (d.target_id === undefined)
      ctx.addIssue({ code: 'custom', path: ['target_id'], message: 'a context menu without its target' });
    if (d.resolved === undefined)
      ctx.addIssue({ code: 'custom', path: ['resolved'], message: 'a context menu without resolved' });
  });

const customId = z.string();

const componentData = z.looseObject({
  custom_id: customId,
  // Button, and the string, user, role, mentionable and channel selects: discord.js ignores any other.
  component_type: z.literal([2, 3, 5, 6, 7, 8]),
  values: z.array(z.string()).optional(),
  resolved: resolved.optional(),
});

const modalData = z.looseObject({
  custom_id: customId,
  components,
  resolved: resolved.optional(),
});

const common = {
  id: snowflake,
  application_id: snowflake,
  token: z.string().min(1),
  version: int.optional(),
  guild_id: snowflake.optional(),
  guild: z.looseObject({ id: snowflake }).optional(),
  channel: channel.optional(),
  channel_id: snowflake.optional(),
  member: member.optional(),
  user: user.optional(),
  app_permissions: bits.optional(),
  // A language we do not speak is English; a locale that is not text is refused.
  locale: z.string().nullish(),
  guild_locale: z.string().nullish(),
  entitlements: z.array(z.looseObject({ id: snowflake })),
  authorizing_integration_owners: z.record(z.string(), z.unknown()),
  context: int.nullish(),
};

export const INTERACTION_TYPE = { ping: 1, command: 2, component: 3, autocomplete: 4, modal: 5 } as const;

const interaction = z
  .discriminatedUnion('type', [
    z.looseObject({ ...common, type: z.literal(INTERACTION_TYPE.command), data: commandData }),
    z.looseObject({
      ...common,
      type: z.literal(INTERACTION_TYPE.component),
      data: componentData,
      message,
    }),
    z.looseObject({ ...common, type: z.literal(INTERACTION_TYPE.autocomplete), data: commandData }),
    z.looseObject({
      ...common,
      type: z.literal(INTERACTION_TYPE.modal),
      data: modalData,
      message: message.optional(),
    }),
  ])
  // Who did it: discord.js reads `user`, else `member.user`; in a server Discord always sends the member.
  .superRefine((i, ctx) => {
    if (i.guild_id !== undefined && i.member === undefined)
      ctx.addIssue({ code: 'custom', path: ['member'], message: 'a guild interaction without its member' });
    else if (i.member === undefined && i.user === undefined)
      ctx.addIssue({ code: 'custom', path: ['user'], message: 'no user' });
  });

/** The zod schema's own yes or no, without the quick path (for the test that holds the two to agreement). */
export function schemaAccepts(raw: unknown): boolean {
  return typeOf(raw) !== INTERACTION_TYPE.ping && interaction.safeParse(raw).success;
}

export type RawVerdict =
  | { readonly ok: true }
  | {
      readonly ok: false;
      /** The fields that failed, as zod paths ("data.options.0", "member.user"): no values. */
      readonly paths: readonly string[];
      /** The payload's id when it is a string (cut to 32 characters), for the log line. */
      readonly id: string | null;
    };

const MAX_PATHS = 5;
const OK: RawVerdict = { ok: true };

/** Whether discord.js may build an interaction from this payload; if not, which fields failed. */
export function checkRawInteraction(raw: unknown): RawVerdict {
  const id = idOf(raw);
  // Discord sends PING only to an HTTP endpoint: over the gateway it is no interaction to handle.
  if (typeOf(raw) === INTERACTION_TYPE.ping) return { ok: false, paths: ['type'], id };
  // Nearly every payload is a plain click: a quick yes without zod's copy (clickFastPath.ts).
  if (isPlainClick(raw)) return OK;
  const parsed = interaction.safeParse(raw);
  if (parsed.success) return OK;
  const paths = [...new Set(parsed.error.issues.map((issue) => pathText(issue.path)))];
  return { ok: false, paths: paths.slice(0, MAX_PATHS), id };
}

/** The payload's id for the log: a string one, cut to 32 characters (ids are 20 digits at most). */
export function idOf(raw: unknown): string | null {
  const id = (raw as { id?: unknown } | null)?.id;
  return typeof id === 'string' ? id.slice(0, 32) : null;
}

function typeOf(raw: unknown): unknown {
  return (raw as { type?: unknown } | null)?.type;
}

/**
 * A path as "data.options.0": keys that are not plain field names or indexes (a record's keys come
 * from the payload) are shown as "?", so nothing anyone typed reaches the log.
 */
function pathText(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(payload)';
  return path
    .map((key) =>
      typeof key === 'number' || /^[a-z_]{1,40}$|^\d{1,20}$/.test(String(key)) ? String(key) : '?',
    )
    .join('.');
}

/** The answer to a refused payload: its interaction callback (id, token and body), or null when none is due. */
export interface Refusal {
  readonly id: string;
  readonly token: string;
  readonly body: { readonly type: 4 | 8; readonly data: Record<string, unknown> };
}

/** Ids and tokens that fit in a URL path as one segment (Discord's are digits and base64url). */
const pathSegment = /^(?!\.{1,2}$)[\w.:~-]{1,1000}$/;

/**
 * What to answer a refused payload with: an ephemeral sentence in the user's language (an empty list
 * for autocomplete), when it has an id and token to answer to and is of a type that expects an answer.
 * A PING or an unknown type is not answered: Discord awaits no answer to those.
 */
export function refusalOf(raw: unknown): Refusal | null {
  const fields = (raw ?? {}) as { id?: unknown; token?: unknown; type?: unknown; locale?: unknown };
  const { id, token, type } = fields;
  if (typeof id !== 'string' || typeof token !== 'string') return null;
  if (!pathSegment.test(id) || !pathSegment.test(token)) return null;
  if (type === INTERACTION_TYPE.autocomplete) return { id, token, body: { type: 8, data: { choices: [] } } };
  if (
    type !== INTERACTION_TYPE.command &&
    type !== INTERACTION_TYPE.component &&
    type !== INTERACTION_TYPE.modal
  )
    return null;
  return {
    id,
    token,
    body: { type: 4, data: { content: malformedText(langOf(fields.locale)), flags: EPHEMERAL } },
  };
}

const EPHEMERAL = 64;

export function malformedText(lang: Lang): string {
  return t(lang, 'refusal.door.malformed');
}
