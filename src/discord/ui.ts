/**
 * How a reader sees the bot: in which language, and whether cards show as the application's
 * card emoji (`faces`) or as text. Every renderer takes one; an interaction's comes from the
 * clicking user's locale, a table message's from the server's preferred locale.
 */
import type { Card } from '../engine/index.js';
import type { Lang } from '../i18n/index.js';

/** One application emoji: Discord's id and the name it was uploaded under. */
export interface CardEmoji {
  readonly id: string;
  readonly name: string;
}

/** The card emoji the bot may use, by card; absent when not deployed (then cards show as text). */
export type CardFaces = ReadonlyMap<Card, CardEmoji>;

export interface Ui {
  readonly lang: Lang;
  readonly faces: CardFaces | null;
}

/** English with text cards: the fallback, and what tests read unless they ask for more. */
export const EN_TEXT: Ui = { lang: 'en', faces: null };
