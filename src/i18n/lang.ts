/** The languages the bot speaks, and which one a Discord locale asks for (English when unsure). */
export const LANGS = ['en', 'de'] as const;
export type Lang = (typeof LANGS)[number];

/**
 * `interaction.locale` or a guild's preferred locale ("de", "en-US", "en-GB", …) to a language we speak.
 * Anything else (a number or object from a payload that breaks Discord's schema) is English: this runs
 * in the bot's apology too, which must not throw.
 */
export function langOf(locale: unknown): Lang {
  return typeof locale === 'string' && locale.toLowerCase().startsWith('de') ? 'de' : 'en';
}

/** The Discord locales each non-English language covers, for slash-command localizations. */
export const DISCORD_LOCALES: Readonly<Record<Exclude<Lang, 'en'>, readonly string[]>> = { de: ['de'] };
