/** INTERACTION_CREATE payloads with every field discord.js needs, for each kind of interaction. */
import { randomBytes } from 'node:crypto';
import type { Hub } from './hub.js';
import type { Json, OpenInteraction, RegisteredCommand, StoredMessage } from './world.js';

/**
 * Random bytes drawn from a pool refilled 256 tokens at a time: a call to randomBytes a token cost
 * the e2e load's thread more.
 */
const TOKEN_BYTES = 48;
let pool = Buffer.alloc(0);
let used = 0;
function tokenBytes(): string {
  if (used + TOKEN_BYTES > pool.length) {
    pool = randomBytes(TOKEN_BYTES * 256);
    used = 0;
  }
  used += TOKEN_BYTES;
  return pool.subarray(used - TOKEN_BYTES, used).toString('base64url');
}

export const INTERACTION = { command: 2, component: 3, autocomplete: 4, modalSubmit: 5 } as const;

export type OptionValue = string | number | boolean;

export interface CommandInput {
  readonly subcommand?: string;
  readonly group?: string;
  readonly options?: Readonly<Record<string, OptionValue>>;
  /** For autocomplete: the option being typed. */
  readonly focused?: string;
}

/** Opens an interaction and dispatches it to the bot; returns its record. */
export function openInteraction(
  hub: Hub,
  dispatch: (type: string, data: unknown) => void,
  userId: string,
  channelId: string,
  type: number,
  data: Json,
  source: StoredMessage | null,
): OpenInteraction {
  const { record, payload } = draftInteraction(hub, userId, channelId, type, data, source);
  dispatch('INTERACTION_CREATE', payload);
  return record;
}

/**
 * Opens an interaction (Discord knows its id and token from now on, so an answer to them is taken)
 * and builds the INTERACTION_CREATE payload a user's client makes it send, without sending it.
 */
export function draftInteraction(
  hub: Hub,
  userId: string,
  channelId: string,
  type: number,
  data: Json,
  source: StoredMessage | null,
): { record: OpenInteraction; payload: Json } {
  const channel = hub.world.channels.get(channelId);
  if (!channel) throw new Error(`no channel ${channelId}`);
  // Discord's client offers no commands or components in a channel its user cannot see.
  if (!hub.world.canView(userId, channelId))
    throw new Error(`user ${userId} cannot see channel ${channelId} (a private thread they are not in?)`);
  const locale = hub.world.users.get(userId)?.locale ?? 'en-US';
  const guildLocale = hub.world.guilds.get(channel.guildId)?.locale ?? 'en-US';
  const interaction: OpenInteraction = {
    id: hub.world.ids.next(),
    token: `aW50ZXJhY3Rpb246${tokenBytes()}`,
    type,
    userId,
    channelId,
    guildId: channel.guildId,
    createdAt: hub.world.now(),
    sourceMessageId: source?.id ?? null,
    ...(type === INTERACTION.command ? { command: commandLine(data) } : {}),
    ack: null,
    originalId: null,
    ephemeral: false,
  };
  hub.world.interactions.set(interaction.id, interaction);
  hub.world.interactionsByToken.set(interaction.token, interaction);
  const payload: Json = {
    id: interaction.id,
    application_id: hub.applicationId,
    type,
    data,
    guild_id: channel.guildId,
    guild: { id: channel.guildId, locale: guildLocale, features: [] },
    channel: hub.world.channelJson(channel),
    channel_id: channel.id,
    member: hub.world.memberJson(channel.guildId, userId),
    token: interaction.token,
    version: 1,
    app_permissions: '2248473465835073',
    locale,
    guild_locale: guildLocale,
    entitlements: [],
    authorizing_integration_owners: { '0': channel.guildId },
    context: 0,
    attachment_size_limit: 26_214_400,
    ...(source ? { message: hub.world.messageJson(source, hub.port) } : {}),
  };
  return { record: interaction, payload };
}

interface OptionSchema {
  readonly type: number;
  readonly name: string;
  readonly options?: OptionSchema[];
}

/** Builds `data` of a slash command (or autocomplete) from the registered command's option schema. */
export function commandData(hub: Hub, command: RegisteredCommand, input: CommandInput): Json {
  let schema = (command.options ?? []) as OptionSchema[];
  const wrap: Array<(inner: Json[]) => Json[]> = [];
  if (input.group) {
    const group = schema.find((o) => o.type === 2 && o.name === input.group);
    if (!group) throw new Error(`/${command.name} has no subcommand group "${input.group}"`);
    wrap.push((inner) => [{ type: 2, name: group.name, options: inner }]);
    schema = group.options ?? [];
  }
  if (input.subcommand) {
    const sub = schema.find((o) => o.type === 1 && o.name === input.subcommand);
    if (!sub) throw new Error(`/${command.name} has no subcommand "${input.subcommand}"`);
    wrap.unshift((inner) => [{ type: 1, name: sub.name, options: inner }]);
    schema = sub.options ?? [];
  }
  const resolved: Json = {};
  const options: Json[] = Object.entries(input.options ?? {}).map(([name, value]) => {
    const option = schema.find((o) => o.name === name && o.type >= 3);
    if (!option) throw new Error(`/${command.name} has no option "${name}"`);
    const focused = input.focused === name;
    if (option.type === 6 && !focused) {
      resolved.users ??= {};
      resolved.members ??= {};
      const users = resolved.users as Json;
      const members = resolved.members as Json;
      users[String(value)] = hub.world.userJson(String(value));
      const { user: _user, ...member } = hub.world.memberJson(command.guild_id ?? '', String(value));
      members[String(value)] = member;
    }
    return {
      type: option.type,
      name,
      value: focused ? String(value) : value,
      ...(focused ? { focused: true } : {}),
    };
  });
  let built = options;
  for (const w of wrap) built = w(built);
  return {
    id: command.id,
    name: command.name,
    type: 1,
    options: built,
    ...(command.guild_id ? { guild_id: command.guild_id } : {}),
    ...(Object.keys(resolved).length > 0 ? { resolved } : {}),
  };
}

/**
 * An interaction built by hand, as a stale or modified client (or Discord itself) may send: any
 * command name and options (types and values as given), context menus, any custom id or select
 * values on any component type, any modal. For tests that the bot answers everything it can get.
 */
export type Forged =
  | {
      readonly kind: 'command';
      readonly name: string;
      /** 1 slash (default), 2 user context menu, 3 message context menu, 4 primary entry point. */
      readonly commandType?: 1 | 2 | 3 | 4;
      /** Raw options, e.g. [{ type: 1, name: 'team', options: [{ type: 3, name: 'team', value: 'C' }] }]. */
      readonly options?: readonly Json[];
      /** For a context menu: the user or message it was used on. */
      readonly targetId?: string;
    }
  | { readonly kind: 'autocomplete'; readonly name: string; readonly options?: readonly Json[] }
  | {
      readonly kind: 'component';
      readonly messageId: string;
      readonly customId: string;
      /** 2 button, 3 string select, 5 user, 6 role, 7 mentionable, 8 channel select. */
      readonly componentType: 2 | 3 | 5 | 6 | 7 | 8;
      readonly values?: readonly string[];
    }
  | {
      readonly kind: 'modal';
      readonly customId: string;
      readonly fields?: Readonly<Record<string, string>>;
      readonly messageId?: string;
    };

/** The interaction type, `data` and source message of a forged interaction. */
export function forgedData(
  hub: Hub,
  channelId: string,
  forged: Forged,
): { type: number; data: Json; source: StoredMessage | null } {
  const guildId = hub.world.channels.get(channelId)?.guildId ?? '';
  const source = (id: string | undefined) => {
    const message = id ? hub.world.messages.get(id) : undefined;
    if (id && !message) throw new Error(`no message ${id}`);
    return message ?? null;
  };
  if (forged.kind === 'component') {
    const resolved = forged.componentType === 5 ? usersResolved(hub, guildId, forged.values ?? []) : null;
    return {
      type: INTERACTION.component,
      source: source(forged.messageId),
      data: {
        custom_id: forged.customId,
        component_type: forged.componentType,
        ...(forged.componentType === 2 ? {} : { values: [...(forged.values ?? [])] }),
        ...(resolved ? { resolved } : {}),
      },
    };
  }
  if (forged.kind === 'modal') {
    const components = Object.entries(forged.fields ?? {}).map(([customId, value]) => ({
      type: 1,
      components: [{ type: 4, custom_id: customId, value }],
    }));
    return {
      type: INTERACTION.modalSubmit,
      source: source(forged.messageId),
      data: { custom_id: forged.customId, components },
    };
  }
  const registered =
    hub.world.commands.get(guildId)?.find((c) => c.name === forged.name) ??
    hub.world.commands.get('global')?.find((c) => c.name === forged.name);
  const commandType = forged.kind === 'command' ? (forged.commandType ?? 1) : 1;
  const options = [...(forged.options ?? [])];
  const userIds = collectUserValues(options);
  const data: Json = {
    id: registered?.id ?? hub.world.ids.next(),
    name: forged.name,
    type: commandType,
    ...(commandType === 1 || commandType === 4 ? { options } : {}),
    guild_id: guildId,
  };
  if (forged.kind === 'command' && (commandType === 2 || commandType === 3)) {
    const targetId = forged.targetId ?? '';
    data.target_id = targetId;
    if (commandType === 2) data.resolved = usersResolved(hub, guildId, [targetId]);
    else {
      const message = hub.world.messages.get(targetId);
      if (!message) throw new Error(`no message ${targetId}`);
      data.resolved = { messages: { [targetId]: hub.world.messageJson(message, hub.port) } };
    }
  } else if (userIds.length > 0) data.resolved = usersResolved(hub, guildId, userIds);
  return {
    type: forged.kind === 'autocomplete' ? INTERACTION.autocomplete : INTERACTION.command,
    data,
    source: null,
  };
}

/** `resolved` users and members for the ids that name a known user (others are left out). */
function usersResolved(hub: Hub, guildId: string, ids: readonly string[]): Json {
  const users: Json = {};
  const members: Json = {};
  for (const id of ids) {
    if (!hub.world.users.has(id)) continue;
    users[id] = hub.world.userJson(id);
    const { user: _user, ...member } = hub.world.memberJson(guildId, id);
    members[id] = member;
  }
  return { users, members };
}

/** The string values of user options (type 6), at any depth. */
function collectUserValues(options: readonly Json[]): string[] {
  return options.flatMap((o) => [
    ...(o.type === 6 && typeof o.value === 'string' ? [o.value] : []),
    ...(Array.isArray(o.options) ? collectUserValues(o.options as Json[]) : []),
  ]);
}

/** "table create": a command's name and its subcommand (or group and subcommand), as typed. */
function commandLine(data: Json): string {
  const words = [String(data.name ?? '')];
  let options = (data.options ?? []) as Json[];
  while (options[0] && (options[0].type === 1 || options[0].type === 2)) {
    words.push(String(options[0].name));
    options = (options[0].options ?? []) as Json[];
  }
  return words.join(' ');
}
