/**
 * Slash command texts from the catalogue: English as the text Discord shows by default, every
 * other language we speak as Discord's localizations of it (command names stay English).
 */
import type { APIApplicationCommandOptionChoice, LocalizationMap } from 'discord.js';
import type { Placeholders } from '../src/i18n/format.js';
import { DISCORD_LOCALES, type English, type Key, LANGS, type Lang, t } from '../src/i18n/index.js';

/** A `cmd.` key whose text has no placeholders. */
type CmdKey = {
  [K in Key]: K extends `cmd.${string}` ? ([Placeholders<English[K]>] extends [never] ? K : never) : never;
}[Key];

/** A command text: a key, or the words for each language when they need filling in. */
export type CmdText = CmdKey | ((lang: Lang) => string);

/** The text in every language. */
export function textsOf(text: CmdText): Record<Lang, string> {
  const say = typeof text === 'function' ? text : (lang: Lang) => t(lang, text);
  return Object.fromEntries(LANGS.map((lang) => [lang, say(lang)])) as Record<Lang, string>;
}

/** Discord's localizations of a text: each language but English, under each of its Discord locales. */
export function localizations(texts: Readonly<Record<Lang, string>>): LocalizationMap {
  const map: Record<string, string> = {};
  for (const [lang, locales] of Object.entries(DISCORD_LOCALES) as Array<[Lang, readonly string[]]>)
    for (const locale of locales) map[locale] = texts[lang];
  return map as LocalizationMap;
}

interface Describable {
  setName(name: string): this;
  setDescription(description: string): this;
  setDescriptionLocalizations(localizedDescriptions: LocalizationMap | null): this;
}

/** A command, subcommand or option named `name` (in every language) and described in each. */
export function named<B extends Describable>(builder: B, name: string, description: CmdText): B {
  const texts = textsOf(description);
  return builder.setName(name).setDescription(texts.en).setDescriptionLocalizations(localizations(texts));
}

/** One choice of an option: its value, and its name in each language. */
export function choice<V extends string | number>(
  value: V,
  name: CmdText,
): APIApplicationCommandOptionChoice<V> {
  const texts = textsOf(name);
  return { name: texts.en, name_localizations: localizations(texts), value };
}
