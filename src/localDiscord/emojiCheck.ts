/**
 * Custom emoji in what the bot sends: each `<:name:id>` / `<a:name:id>` in content, embed text and
 * text displays,
 * and each `emoji: { id }` of a button or select option, must be an emoji the bot may use (its
 * application's, or the guild's). Discord refuses an unknown emoji in a component (400 50035,
 * BUTTON_COMPONENT_INVALID_EMOJI); in text it would show `:name:` instead of the picture, which
 * the local Discord refuses too (UNKNOWN_CUSTOM_EMOJI), so that a test sees the mistake. Errors
 * name the field (its JSON path), never the emoji.
 */
import type { FormErrors } from './errors.js';
import { eachComponent } from './validateV2.js';

type Json = Record<string, unknown>;
type Path = ReadonlyArray<string | number>;

/** A custom emoji written in text, as Discord parses it. */
const IN_TEXT = /<(a?):(\w{2,32}):(\d{15,21})>/g;

/** Checks every custom emoji of a message body; `usable(id)` says whether the bot may use it. */
export function checkEmoji(body: Json, usable: (id: string) => boolean, errors: FormErrors): void {
  checkText(errors, ['content'], body.content, usable);
  if (Array.isArray(body.embeds))
    body.embeds.forEach((raw, i) => {
      const e = (raw ?? {}) as Json;
      checkText(errors, ['embeds', i, 'title'], e.title, usable);
      checkText(errors, ['embeds', i, 'description'], e.description, usable);
      checkText(errors, ['embeds', i, 'footer', 'text'], (e.footer as Json | undefined)?.text, usable);
      checkText(errors, ['embeds', i, 'author', 'name'], (e.author as Json | undefined)?.name, usable);
      if (Array.isArray(e.fields))
        (e.fields as Json[]).forEach((f, j) => {
          checkText(errors, ['embeds', i, 'fields', j, 'name'], f?.name, usable);
          checkText(errors, ['embeds', i, 'fields', j, 'value'], f?.value, usable);
        });
    });
  // Rows, and Components V2's containers and sections: buttons and options anywhere, text displays' text.
  if (Array.isArray(body.components))
    eachComponent(body.components, (c, path) => {
      if (c.type === 10) checkText(errors, [...path, 'content'], c.content, usable);
      checkObject(errors, [...path, 'emoji'], c.emoji, usable);
      const options = Array.isArray(c.options) ? (c.options as Json[]) : [];
      options.forEach((o, k) => {
        checkObject(errors, [...path, 'options', k, 'emoji'], o?.emoji, usable);
      });
    });
}

function checkText(errors: FormErrors, path: Path, text: unknown, usable: (id: string) => boolean): void {
  if (typeof text !== 'string' || !text.includes('<')) return;
  for (const [, , , id] of text.matchAll(IN_TEXT)) {
    // Like Discord's own errors, the message names no emoji: the bot logs refusals, and a card
    // emoji's name or id would tell which card of a private hand was being shown.
    if (!usable(id as string))
      errors.add(
        path,
        'UNKNOWN_CUSTOM_EMOJI',
        'Invalid emoji: not an emoji of this application or server (Discord would show it as text)',
      );
  }
}

function checkObject(errors: FormErrors, path: Path, emoji: unknown, usable: (id: string) => boolean): void {
  if (emoji === undefined || emoji === null) return;
  const e = emoji as Json;
  const id = e.id;
  if (id === undefined || id === null) {
    if (typeof e.name !== 'string' || e.name.length === 0)
      errors.add([...path, 'name'], 'BUTTON_COMPONENT_INVALID_EMOJI', 'Invalid emoji');
    return;
  }
  if (typeof id !== 'string' || !/^\d{15,21}$/.test(id) || !usable(id))
    errors.add([...path, 'id'], 'BUTTON_COMPONENT_INVALID_EMOJI', 'Invalid emoji');
}
