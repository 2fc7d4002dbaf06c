/**
 * What the door says about input it will not pass on, in the user's language: stale commands,
 * menus and forms, bad options.
 */
import { type Lang, t } from '../../i18n/index.js';
import { cutToLength } from './callbackBody.js';

/** How much of a user's own text an answer repeats: enough to recognise it, never enough to overflow. */
export const ECHO_MAX = 100;

/**
 * User text as an answer repeats it (an option's name, a typed card...): at most `max` characters,
 * the last one an ellipsis when cut (an emoji is never split in half). Without it, a 2,100-character
 * option name made the refusal longer than Discord's 2,000, and the player got the generic apology.
 */
export function echo(text: string, max = ECHO_MAX): string {
  return cutToLength(text, max);
}

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
