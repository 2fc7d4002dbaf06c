/**
 * Command options checked at the door against the command's own definition (its builder's JSON),
 * with zod: the subcommand, every option's type, choices (strict: nothing outside them is mapped
 * onto them), numbers' ranges, texts' lengths, users that resolve, required ones present, none
 * unknown. A handler only ever sees options its definition allows.
 */
import {
  type APIApplicationCommandBasicOption,
  type APIApplicationCommandOption,
  type CommandInteractionOption,
  ApplicationCommandOptionType as T,
} from 'discord.js';
import { z } from 'zod';
import { DISCORD_LOCALES, type Lang, t } from '../../i18n/index.js';
import { badOption, echo, staleCommand } from './doorText.js';

export type Verdict =
  | { readonly ok: true }
  | {
      readonly ok: false;
      readonly result: 'stale_command' | 'invalid_option';
      readonly text: string;
      /** The option whose value was refused (a given one: not a missing one). */
      readonly option?: string;
    };

/** A command's own sentence for a bad value of one of its options, in the user's language. */
export type OptionWords = Readonly<Record<string, (lang: Lang) => string>>;

/** What Discord says of a command, as the builder defines it. */
export interface CommandDefinition {
  readonly name: string;
  readonly options?: readonly APIApplicationCommandOption[];
}

const OK: Verdict = { ok: true };
const stale = (lang: Lang): Verdict => ({ ok: false, result: 'stale_command', text: staleCommand(lang) });
/** Discord's own limit on a string option's text. */
const MAX_TEXT = 6000;
const SNOWFLAKE = /^\d{15,21}$/;

/**
 * Checks what a slash command (or, with `autocomplete`, what is being typed) received against the
 * definition, saying what is wrong in `lang`. For autocomplete only the shape is checked, and the
 * focused text's length.
 */
export function checkOptions(
  definition: CommandDefinition,
  received: readonly CommandInteractionOption[],
  lang: Lang,
  autocomplete = false,
  /** The whole sentence for a bad value of some option, by its name, where the command has better words. */
  words: OptionWords = {},
): Verdict {
  const STALE = stale(lang);
  let spec = definition.options ?? [];
  let label = `/${definition.name}`;
  let leaf = received;
  // Down through the subcommand group and the subcommand, which must be ones the command has.
  for (const level of [T.SubcommandGroup, T.Subcommand] as const) {
    const nested = spec.some((o) => o.type === T.Subcommand || o.type === T.SubcommandGroup);
    const choose = leaf.filter((o) => o.type === T.Subcommand || o.type === T.SubcommandGroup);
    if (!nested) {
      if (choose.length > 0) return STALE;
      break;
    }
    if (!spec.some((o) => o.type === level)) continue;
    const picked = leaf[0];
    if (leaf.length !== 1 || !picked || picked.type !== level) return STALE;
    const found = spec.find((o) => o.type === level && o.name === picked.name);
    if (!found || !('options' in found)) return STALE;
    spec = (found.options ?? []) as APIApplicationCommandOption[];
    label = `${label} ${picked.name}`;
    leaf = picked.options ?? [];
  }
  const basic = spec as readonly APIApplicationCommandBasicOption[];
  if (autocomplete) return checkTyping(basic, leaf, STALE);
  const verdict = checkLeaf(label, basic, leaf, lang);
  const named = !verdict.ok && verdict.option !== undefined ? words[verdict.option] : undefined;
  return named === undefined ? verdict : { ok: false, result: 'invalid_option', text: named(lang) };
}

function checkLeaf(
  label: string,
  spec: readonly APIApplicationCommandBasicOption[],
  received: readonly CommandInteractionOption[],
  lang: Lang,
): Verdict {
  const STALE = stale(lang);
  const names = received.map((o) => o.name);
  const twice = names.find((name, i) => names.indexOf(name) !== i);
  if (twice !== undefined)
    // The name is the sender's text (an option the command may not even have): cut to fit.
    return invalid(label, t(lang, 'refusal.door.twice', { name: `\`${echo(twice)}\`` }), lang);
  const shape: Record<string, z.ZodType> = {};
  for (const option of spec) {
    const one = optionSchema(option);
    shape[option.name] = option.required ? one : one.optional();
  }
  const parsed = z.strictObject(shape).safeParse(Object.fromEntries(received.map((o) => [o.name, o])));
  if (parsed.success) return OK;
  const issue = parsed.error.issues[0];
  // An option this command does not have: the registered command is older (or newer) than the bot.
  if (!issue || issue.code === 'unrecognized_keys') return STALE;
  const option = spec.find((o) => o.name === issue.path[0]);
  if (!option) return STALE;
  const given = received.find((o) => o.name === option.name);
  if (!given) return invalid(label, t(lang, 'refusal.door.required', { name: `\`${option.name}\`` }), lang);
  return { ...invalid(label, expected(option, lang), lang), option: option.name };
}

/** Autocomplete: known options only, and a focused text no longer than its option allows. */
function checkTyping(
  spec: readonly APIApplicationCommandBasicOption[],
  received: readonly CommandInteractionOption[],
  STALE: Verdict,
): Verdict {
  for (const option of received) {
    const known = spec.find((o) => o.name === option.name);
    if (!known) return STALE;
    if (!option.focused) continue;
    const max = known.type === T.String ? (known.max_length ?? MAX_TEXT) : 100;
    if (typeof option.value !== 'string' || option.value.length > max)
      return { ok: false, result: 'invalid_option', text: '' };
  }
  return received.filter((o) => o.focused).length === 1
    ? OK
    : { ok: false, result: 'invalid_option', text: '' };
}

/** One received option (`{ type, value, user }` as discord.js gives it) against its definition. */
function optionSchema(option: APIApplicationCommandBasicOption): z.ZodType {
  const typed = (value: z.ZodType) => z.looseObject({ type: z.literal(option.type), value });
  switch (option.type) {
    case T.String: {
      const choices = option.choices?.map((c) => c.value);
      const text = z
        .string()
        .min(option.min_length ?? 0)
        .max(option.max_length ?? MAX_TEXT);
      return typed(choices?.length ? text.refine((v) => choices.includes(v)) : text);
    }
    case T.Integer:
    case T.Number: {
      const choices = option.choices?.map((c) => c.value);
      let number = option.type === T.Integer ? z.number().int() : z.number();
      if (option.min_value !== undefined) number = number.min(option.min_value);
      if (option.max_value !== undefined) number = number.max(option.max_value);
      return typed(choices?.length ? number.refine((v) => choices.includes(v)) : number);
    }
    case T.Boolean:
      return typed(z.boolean());
    case T.User:
      // The user must resolve: Discord sends the user itself along with the id.
      return z.looseObject({
        type: z.literal(T.User),
        value: z.string().regex(SNOWFLAKE),
        user: z.object({}),
      });
    default:
      return typed(z.string().regex(SNOWFLAKE));
  }
}

/** What an option takes, in words: "`seat` must be a whole number from 1 to 4." */
function expected(option: APIApplicationCommandBasicOption, lang: Lang): string {
  const name = `\`${option.name}\``;
  switch (option.type) {
    case T.String:
    case T.Integer:
    case T.Number: {
      const choices = option.choices?.map((c) => choiceName(c, lang));
      if (choices?.length) return t(lang, 'refusal.door.oneOf', { name, choices: choices.join(', ') });
      if (option.type === T.String)
        return t(lang, 'refusal.door.text', { name, max: option.max_length ?? MAX_TEXT });
      const kind = t(lang, option.type === T.Integer ? 'refusal.door.integer' : 'refusal.door.number');
      const { min_value: min, max_value: max } = option;
      if (min !== undefined && max !== undefined)
        return t(lang, 'refusal.door.range', { name, kind, min, max });
      if (min !== undefined) return t(lang, 'refusal.door.atLeast', { name, kind, min });
      if (max !== undefined) return t(lang, 'refusal.door.atMost', { name, kind, max });
      return t(lang, 'refusal.door.kind', { name, kind });
    }
    case T.Boolean:
      return t(lang, 'refusal.door.boolean', { name });
    case T.User:
      return t(lang, 'refusal.door.user', { name });
    default:
      return t(lang, 'refusal.door.invalid', { name });
  }
}

/** A choice's name as the user's client shows it: its localization for `lang`, else its name. */
function choiceName(choice: { name: string; name_localizations?: unknown }, lang: Lang): string {
  if (lang === 'en') return choice.name;
  const names = (choice.name_localizations ?? {}) as Readonly<Record<string, string | null | undefined>>;
  return DISCORD_LOCALES[lang].map((locale) => names[locale]).find((n) => n) ?? choice.name;
}

function invalid(label: string, detail: string, lang: Lang): Verdict & { ok: false } {
  return { ok: false, result: 'invalid_option', text: badOption(label, detail, lang) };
}
