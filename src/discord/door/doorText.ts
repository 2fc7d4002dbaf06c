/**
 * What the door says about input it will not pass on, in the user's language: stale commands,
 * menus and forms, bad options.
 */
import { type Lang, t } from '../../i18n/index.js';

export function staleCommand(lang: Lang): string {
  return t(lang, 'refusal.door.staleCommand');
}

/** A component whose custom id is not one of ours at all: from an older version of the bot. */
export function staleComponent(what: 'button' | 'menu', lang: Lang): string {
  return t(lang, what === 'menu' ? 'refusal.door.staleMenu' : 'refusal.door.staleButton');
}

export function staleForm(lang: Lang): string {
  return t(lang, 'refusal.door.staleForm');
}

/** An option the command has but with a value it cannot take: which option, and what it takes. */
export function badOption(command: string, detail: string, lang: Lang): string {
  return t(lang, 'refusal.door.badOption', { command, detail });
}
