/**
 * The first door's quick yes for the payload that makes up nearly all of the bot's traffic: a
 * button or string-menu click on a message, in a server or a DM, without resolved data. It checks
 * the same fields as the zod schema in rawInteraction.ts, each at least as strictly, and allocates
 * nothing; anything it does not say yes to (another kind, an unusual field, a malformed value) goes
 * to the zod schema, which stays the only judge of a refusal and names its fields. zod, which copies
 * what it parses, cost 40 to 75 microseconds of the bot's thread per click, measured in the running
 * bot: about a tenth of its CPU per interaction. test/discord/door/clickFastPath.test.ts holds the two
 * to agreement: whatever this accepts, the schema accepts.
 */
import { componentsOk } from './componentShapes.js';

type Fields = Record<string, unknown>;

const SNOWFLAKE = /^\d{1,20}$/;
const BITS = /^\d{1,40}$/;

const isObject = (v: unknown): v is Fields => typeof v === 'object' && v !== null && !Array.isArray(v);
const snowflake = (v: unknown) => typeof v === 'string' && SNOWFLAKE.test(v);
const int = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v);
const absent = (v: unknown) => v === undefined;
const nullish = (v: unknown) => v === undefined || v === null;
const optString = (v: unknown) => v === undefined || typeof v === 'string';
const nullishString = (v: unknown) => nullish(v) || typeof v === 'string';
const optInt = (v: unknown) => v === undefined || int(v);

function plainObject(v: unknown): v is Fields {
  if (!isObject(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

function everyOf(v: unknown, ok: (item: unknown) => boolean): boolean {
  if (!Array.isArray(v)) return false;
  for (const item of v) if (!ok(item)) return false;
  return true;
}

function user(v: unknown): boolean {
  if (!isObject(v)) return false;
  return (
    snowflake(v.id) &&
    optString(v.username) &&
    nullishString(v.global_name) &&
    optString(v.discriminator) &&
    nullishString(v.avatar) &&
    (v.bot === undefined || typeof v.bot === 'boolean')
  );
}

const optUser = (v: unknown) => v === undefined || user(v);
const withId = (v: unknown) => isObject(v) && snowflake(v.id);

function member(v: unknown): boolean {
  if (!isObject(v)) return false;
  return (
    user(v.user) &&
    (v.roles === undefined || everyOf(v.roles, snowflake)) &&
    (v.permissions === undefined || (typeof v.permissions === 'string' && BITS.test(v.permissions))) &&
    nullishString(v.nick) &&
    nullishString(v.joined_at)
  );
}

function channel(v: unknown): boolean {
  if (!isObject(v)) return false;
  return snowflake(v.id) && int(v.type) && (v.recipients === undefined || everyOf(v.recipients, user));
}

function message(v: unknown): boolean {
  if (!isObject(v)) return false;
  return (
    snowflake(v.id) &&
    snowflake(v.channel_id) &&
    optUser(v.author) &&
    optString(v.content) &&
    optInt(v.type) &&
    optInt(v.flags) &&
    (v.components === undefined || componentsOk(v.components)) &&
    (v.embeds === undefined || everyOf(v.embeds, isObject)) &&
    (v.attachments === undefined || everyOf(v.attachments, withId)) &&
    (v.mentions === undefined || everyOf(v.mentions, user)) &&
    (v.mention_roles === undefined || everyOf(v.mention_roles, snowflake)) &&
    (v.interaction_metadata === undefined ||
      (isObject(v.interaction_metadata) && optUser(v.interaction_metadata.user)))
  );
}

/** Buttons and string menus: the only components the bot sends. */
const CLICKED = new Set([2, 3]);

function clickData(v: unknown): boolean {
  if (!isObject(v)) return false;
  return (
    typeof v.custom_id === 'string' &&
    CLICKED.has(v.component_type as number) &&
    (v.values === undefined || everyOf(v.values, (s) => typeof s === 'string')) &&
    absent(v.resolved)
  );
}

/** Whether `raw` is a well-formed button or string-menu click the zod schema would accept too. */
export function isPlainClick(raw: unknown): boolean {
  if (!isObject(raw) || raw.type !== 3) return false;
  const who =
    raw.guild_id !== undefined
      ? raw.member !== undefined
      : raw.member !== undefined || raw.user !== undefined;
  return (
    who &&
    snowflake(raw.id) &&
    snowflake(raw.application_id) &&
    typeof raw.token === 'string' &&
    raw.token.length > 0 &&
    optInt(raw.version) &&
    (raw.guild_id === undefined || snowflake(raw.guild_id)) &&
    (raw.guild === undefined || withId(raw.guild)) &&
    (raw.channel === undefined || channel(raw.channel)) &&
    (raw.channel_id === undefined || snowflake(raw.channel_id)) &&
    (raw.member === undefined || member(raw.member)) &&
    optUser(raw.user) &&
    (raw.app_permissions === undefined ||
      (typeof raw.app_permissions === 'string' && BITS.test(raw.app_permissions))) &&
    nullishString(raw.locale) &&
    nullishString(raw.guild_locale) &&
    everyOf(raw.entitlements, withId) &&
    plainObject(raw.authorizing_integration_owners) &&
    (nullish(raw.context) || int(raw.context)) &&
    clickData(raw.data) &&
    message(raw.message)
  );
}
