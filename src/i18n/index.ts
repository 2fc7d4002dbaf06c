/**
 * Every text a person reads, in each language we speak: one catalogue per language (`en/`, `de/`),
 * split by area. English is the source: its templates' types give each key's placeholders, and
 * German must have every English key (the typechecker and `test/i18n/catalogue.test.ts` say so).
 *
 * A small typed catalogue rather than i18next: the bot needs only `{name}` placeholders and
 * one/other plurals, and typed keys catch a misspelt key or a missing value at typecheck.
 */
import { de } from './de/index.js';
import { en } from './en/index.js';
import { fill, type Placeholders, type Values } from './format.js';
import type { Lang } from './lang.js';

export { DISCORD_LOCALES, LANGS, type Lang, langOf } from './lang.js';

export type English = typeof en;
export type Key = keyof English;
/** A catalogue: every English key, each a template with the same placeholders. */
export type Catalogue = { readonly [K in Key]: string };

export const CATALOGUES: Readonly<Record<Lang, Catalogue>> = { en, de };

type Args<K extends Key> = [Placeholders<English[K]>] extends [never]
  ? []
  : [values: Readonly<Record<Placeholders<English[K]>, string | number>>];

/** The text for `key` in `lang`, its placeholders filled: `t('de', 'card.dog')` is "Hund". */
export function t<K extends Key>(lang: Lang, key: K, ...args: Args<K>): string {
  const template = CATALOGUES[lang][key] ?? en[key];
  return fill(template, args[0] as Values | undefined);
}

/** Keys with a one/other pair: `x_one` and `x_other` give the plural key `x`. */
type PluralBase<K> = K extends `${infer B}_one` ? (`${B}_other` extends Key ? B : never) : never;
export type PluralKey = PluralBase<Key>;

/**
 * The one or other form for `count` (both languages use one for exactly 1), `{count}` filled in:
 * `plural('en', 'panel.cards', 3)` is "3 cards".
 */
export function plural(lang: Lang, key: PluralKey, count: number, values: Values = {}): string {
  const form = `${key}_${count === 1 ? 'one' : 'other'}` as Key;
  return fill(CATALOGUES[lang][form] ?? en[form], { count, ...values });
}

/** A key's text in every language, e.g. for Discord's command localizations. */
export function inEveryLang<K extends Key>(key: K, ...args: Args<K>): Record<Lang, string> {
  return { en: t('en', key, ...args), de: t('de', key, ...args) };
}
