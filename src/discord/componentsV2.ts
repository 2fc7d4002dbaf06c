/**
 * Discord's Components V2 as raw JSON (the message flag IS_COMPONENTS_V2): containers, sections,
 * text displays and separators, and the options discord.js sends such a message with. Raw JSON, as
 * every render here, so the local Discord checks exactly what Discord would get.
 */
import type { APIMessageTopLevelComponent, JSONEncodable } from 'discord.js';

type Json = Record<string, unknown>;

/** The message flag: the message is made of components only (no content, no embeds), for good. */
export const IS_COMPONENTS_V2 = 1 << 15;

/** A V2 message: its flag and its top-level components. */
export interface V2Payload {
  flags: number;
  components: Json[];
  allowed_mentions: { parse: string[] };
}

export function textDisplay(content: string): Json {
  return { type: 10, content };
}

/** A line of text with its button beside it (Discord draws the accessory to the right). */
export function section(texts: readonly string[], accessory: Json): Json {
  return { type: 9, components: texts.map(textDisplay), accessory };
}

export function separator(): Json {
  return { type: 14, divider: true, spacing: 1 };
}

export function actionRow(buttons: readonly Json[]): Json {
  return { type: 1, components: [...buttons] };
}

export function container(children: readonly Json[], accentColor: number | null): Json {
  return { type: 17, accent_color: accentColor, components: [...children] };
}

/**
 * discord.js options for a V2 message: components as they are (JSON-encodable, so discord.js sends
 * them unchanged), the flag, and `extraFlags` (ephemeral). With `clearOld`, also an empty content and
 * no embeds: an update may land on a message posted before V2 (embed style), and Discord sets the
 * flag only on a message whose content and embeds are emptied in the same edit.
 */
export function v2Options(
  payload: V2Payload,
  { extraFlags = 0, clearOld = false }: { extraFlags?: number; clearOld?: boolean } = {},
): {
  components: JSONEncodable<APIMessageTopLevelComponent>[];
  flags: number;
  allowedMentions: { parse: [] };
  content?: string;
  embeds?: [];
} {
  return {
    ...(clearOld ? { content: '', embeds: [] as [] } : {}),
    components: payload.components.map((c) => ({
      toJSON: () => c as unknown as APIMessageTopLevelComponent,
    })),
    flags: payload.flags | extraFlags,
    allowedMentions: { parse: [] },
  };
}
