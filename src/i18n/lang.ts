/** The languages the bot speaks, and which one a Discord locale asks for (English when unsure). */
export const LANGS = ['en', 'de'] as const;
export type Lang = (typeof LANGS)[number];

/** `interaction.locale` or a guild's preferred locale ("de", "en-US", "en-GB", …) to a language we speak. */
export function langOf(locale: string | null | undefined): Lang {
  return locale?.toLowerCase().startsWith('de') ? 'de' : 'en';
}

/** The Discord locales each non-English language covers, for slash-command localizations. */
export const DISCORD_LOCALES: Readonly<Record<Exclude<Lang, 'en'>, readonly string[]>> = { de: ['de'] };
