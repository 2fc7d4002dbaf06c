/**
 * Interaction payloads that break Discord's own schema, as mutations of well-formed ones: null,
 * missing and wrong-typed fields at each level of commands, autocomplete, components, forms and
 * pings; unknown types; huge strings. Discord never sends them, but a bug, a proxy or a future API
 * change could: tests and the bench send them with `LocalDiscord.injectInteraction`.
 */
import type { Json } from './world.js';

/** The well-formed payload a shape starts from (a scripted user's draft of that kind). */
export type BaseKind =
  | 'slash'
  | 'subcommand'
  | 'autocomplete'
  | 'click'
  | 'select'
  | 'modal'
  | 'userMenu'
  | 'messageMenu'
  | 'ping';

export interface MalformedShape {
  readonly name: string;
  readonly base: BaseKind;
  /** The malformed payload made from a fresh well-formed one (which it may change in place). */
  readonly mutate: (raw: Json) => unknown;
}

const HUGE = 200_000;

/** The object at a dotted path ("data.options.0"), or undefined. */
function at(raw: unknown, path: string): Json | undefined {
  let node: unknown = raw;
  for (const key of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Json)[key];
  }
  return node !== null && typeof node === 'object' ? (node as Json) : undefined;
}

/** Sets (or with `undefined`, deletes) the last key of a dotted path; returns the payload. */
function put(path: string, value: unknown): (raw: Json) => Json {
  return (raw) => {
    const keys = path.split('.');
    const last = keys.pop() as string;
    const parent = keys.length === 0 ? raw : at(raw, keys.join('.'));
    if (!parent) throw new Error(`the base payload has no ${keys.join('.')}`);
    if (value === undefined) delete parent[last];
    else parent[last] = value;
    return raw;
  };
}

const drop = (path: string) => put(path, undefined);

function shape(base: BaseKind, name: string, mutate: (raw: Json) => unknown): MalformedShape {
  return { base, name, mutate };
}

/** At least every shape the independent run found crashing or unanswered, and more at each level. */
export const MALFORMED_SHAPES: readonly MalformedShape[] = [
  // The payload itself and the interaction object's fields.
  shape('slash', 'payload null', () => null),
  shape('slash', 'payload an array', (raw) => [raw]),
  shape('slash', 'payload a string', () => 'INTERACTION'),
  shape('slash', 'id missing', drop('id')),
  shape('slash', 'id a number', put('id', 1234567890123)),
  shape('slash', 'id not a snowflake', put('id', 'not-a-snowflake')),
  shape('slash', 'id of 40 digits', put('id', '9'.repeat(40))),
  shape('slash', 'token missing', drop('token')),
  shape('slash', 'token a number', put('token', 42)),
  shape('slash', 'token empty', put('token', '')),
  shape('slash', 'application_id missing', drop('application_id')),
  shape('slash', 'interaction type 99', put('type', 99)),
  shape('slash', 'interaction type missing', drop('type')),
  shape('slash', 'interaction type a string', put('type', '2')),
  shape('ping', 'PING over the gateway', (raw) => raw),
  shape('slash', 'guild interaction without member', drop('member')),
  shape('slash', 'member null', put('member', null)),
  shape('slash', 'member without user', drop('member.user')),
  shape('slash', 'member user null', put('member.user', null)),
  shape('slash', 'member user without id', drop('member.user.id')),
  shape('slash', 'member user id a number', put('member.user.id', 5)),
  shape('slash', 'member roles null', put('member.roles', null)),
  shape('slash', 'member permissions not a number', put('member.permissions', 'all of them')),
  shape('slash', 'app_permissions not a number', put('app_permissions', 'lots')),
  shape('slash', 'locale a number', put('locale', 42)),
  shape('slash', 'locale an object', put('locale', { lang: 'de' })),
  shape('slash', 'locale huge', put('locale', `de${'x'.repeat(HUGE)}`)),
  shape('slash', 'guild_locale a number', put('guild_locale', 7)),
  shape('slash', 'guild_id a number', put('guild_id', 99)),
  shape('slash', 'channel a string', put('channel', 'general')),
  shape('slash', 'channel null', put('channel', null)),
  shape('slash', 'channel id missing', drop('channel.id')),
  shape('slash', 'entitlements missing', drop('entitlements')),
  shape('slash', 'entitlements null', put('entitlements', null)),
  shape('slash', 'entitlement entry null', put('entitlements', [null])),
  shape('slash', 'authorizing_integration_owners missing', drop('authorizing_integration_owners')),
  // Application command data.
  shape('slash', 'command data missing', drop('data')),
  shape('slash', 'command data null', put('data', null)),
  shape('slash', 'command data a string', put('data', 'table')),
  shape('slash', 'command name missing', drop('data.name')),
  shape('slash', 'command name a number', put('data.name', 3)),
  shape('slash', 'command name huge', put('data.name', 'n'.repeat(HUGE))),
  shape('slash', 'command type 99', put('data.type', 99)),
  shape('slash', 'options null', put('data.options', null)),
  shape('slash', 'options an object', put('data.options', { cards: 'S2' })),
  shape('slash', 'option entry null', put('data.options', [null])),
  shape('slash', 'option name a number', put('data.options.0.name', 1)),
  shape('slash', 'option name of 2,100 characters', put('data.options.0.name', 'o'.repeat(2_100))),
  shape('slash', 'option type a string', put('data.options.0.type', '3')),
  shape('slash', 'option value an object', put('data.options.0.value', { card: 'S2' })),
  shape('slash', 'option value huge', put('data.options.0.value', 'S2 '.repeat(HUGE / 3))),
  shape('subcommand', 'subcommand options null', put('data.options.0.options', null)),
  shape('subcommand', 'subcommand option entry null', put('data.options.0.options', [null])),
  shape('slash', 'resolved members without users', put('data.resolved', { members: { '1': { roles: [] } } })),
  shape('slash', 'resolved user null', put('data.resolved', { users: { '1': null } })),
  shape('userMenu', 'user context menu without resolved', drop('data.resolved')),
  shape('userMenu', 'user context menu without target_id', drop('data.target_id')),
  shape('messageMenu', 'message context menu without resolved', drop('data.resolved')),
  shape('messageMenu', 'message context menu with its message null', (raw) => {
    const messages = at(raw, 'data.resolved.messages') ?? {};
    for (const key of Object.keys(messages)) messages[key] = null;
    return raw;
  }),
  // Autocomplete.
  shape('autocomplete', 'autocomplete data missing', drop('data')),
  shape('autocomplete', 'autocomplete options null', put('data.options', null)),
  shape('autocomplete', 'autocomplete option entry null', put('data.options', [null])),
  shape('autocomplete', 'autocomplete focused value a number', put('data.options.0.value', 12)),
  // Message components.
  shape('click', 'component interaction without message', drop('message')),
  shape('click', 'component message null', put('message', null)),
  shape('click', 'component message without id', drop('message.id')),
  shape('click', 'component message id not a snowflake', put('message.id', 'the table')),
  shape('click', 'component message author null', put('message.author', null)),
  shape('click', 'component message components null', put('message.components', null)),
  shape('click', 'component message component row null', put('message.components', [null])),
  shape('click', 'component type 99', put('data.component_type', 99)),
  shape('click', 'component data missing', drop('data')),
  shape('click', 'custom_id missing', drop('data.custom_id')),
  shape('click', 'custom_id a number', put('data.custom_id', 17)),
  shape('click', 'custom_id huge', put('data.custom_id', `hand:${'9'.repeat(HUGE)}`)),
  shape('select', 'select values null', put('data.values', null)),
  shape('select', 'select values a string', put('data.values', 'S2')),
  shape('select', 'select value a number', put('data.values', [2])),
  // Modal submits.
  shape('modal', 'modal components null', put('data.components', null)),
  shape('modal', 'modal component entry null', put('data.components', [null])),
  shape('modal', 'modal row components null', put('data.components.0.components', null)),
  shape('modal', 'modal text input value a number', put('data.components.0.components.0.value', 5)),
  shape('modal', 'modal custom_id missing', drop('data.custom_id')),
];

/**
 * One random change of a well-formed payload, in place: a field somewhere in it dropped, nulled, or
 * given a value of the wrong type. `random` gives numbers in [0, 1) (seeded, to repeat a run).
 * Returns what was changed ("drop data.options.0.value").
 */
export function mutateAtRandom(raw: Json, random: () => number): string {
  const paths: string[][] = [];
  const walk = (node: unknown, path: string[]) => {
    if (node === null || typeof node !== 'object' || path.length >= 7) return;
    for (const [key, value] of Object.entries(node as Json)) {
      paths.push([...path, key]);
      walk(value, [...path, key]);
    }
  };
  walk(raw, []);
  const path = paths[Math.floor(random() * paths.length)] ?? ['id'];
  const parent = at(raw, path.slice(0, -1).join('.')) ?? (path.length === 1 ? raw : undefined);
  const key = path[path.length - 1] as string;
  if (!parent) return 'nothing';
  const how = (['drop', 'null', 'wrong type'] as const)[Math.floor(random() * 3)] ?? 'drop';
  if (how === 'drop') delete parent[key];
  else if (how === 'null') parent[key] = null;
  else parent[key] = wrongType(parent[key]);
  return `${how} ${path.join('.')}`;
}

/** A value of another JSON type than `value`'s. */
function wrongType(value: unknown): unknown {
  if (typeof value === 'string') return 7;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return 'yes';
  if (Array.isArray(value)) return { length: value.length };
  if (value !== null && typeof value === 'object') return 'object';
  return [];
}
