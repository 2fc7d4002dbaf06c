/** INTERACTION_CREATE payloads with every field discord.js needs, for each kind of interaction. */
import { randomBytes } from 'node:crypto';
import type { Hub } from './hub.js';
import type { Json, OpenInteraction, RegisteredCommand, StoredMessage } from './world.js';

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
  const channel = hub.world.channels.get(channelId);
  if (!channel) throw new Error(`no channel ${channelId}`);
  const interaction: OpenInteraction = {
    id: hub.world.ids.next(),
    token: `aW50ZXJhY3Rpb246${randomBytes(48).toString('base64url')}`,
    type,
    userId,
    channelId,
    guildId: channel.guildId,
    createdAt: hub.world.now(),
    sourceMessageId: source?.id ?? null,
    ack: null,
    originalId: null,
    ephemeral: false,
  };
  hub.world.interactions.set(interaction.id, interaction);
  hub.world.interactionsByToken.set(interaction.token, interaction);
  dispatch('INTERACTION_CREATE', {
    id: interaction.id,
    application_id: hub.applicationId,
    type,
    data,
    guild_id: channel.guildId,
    guild: { id: channel.guildId, locale: 'en-US', features: [] },
    channel: hub.world.channelJson(channel),
    channel_id: channel.id,
    member: hub.world.memberJson(channel.guildId, userId),
    token: interaction.token,
    version: 1,
    app_permissions: '2248473465835073',
    locale: 'en-US',
    guild_locale: 'en-US',
    entitlements: [],
    authorizing_integration_owners: { '0': channel.guildId },
    context: 0,
    attachment_size_limit: 26_214_400,
    ...(source ? { message: hub.world.messageJson(source, hub.port) } : {}),
  });
  return interaction;
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
