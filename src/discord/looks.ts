/**
 * Which `Ui` each reader gets: a user's panels and refusals in their client's language
 * (`interaction.locale`), a server's public messages in its preferred locale; cards as the
 * application's emoji once they are known, else as text.
 */
import type { Client } from 'discord.js';
import { DECK } from '../engine/index.js';
import { langOf } from '../i18n/index.js';
import type { CardEmoji, CardFaces, Ui } from './ui.js';

/**
 * The card emoji deploy stored (by card), as faces only when every card of the deck has one: a
 * partial set would mix pictures and text, so it shows text cards (null) instead.
 */
export function facesFrom(stored: ReadonlyMap<string, CardEmoji>): CardFaces | null {
  const faces = new Map(
    DECK.flatMap((card) => {
      const emoji = stored.get(card);
      return emoji ? [[card, { id: emoji.id, name: emoji.name }] as const] : [];
    }),
  );
  return faces.size === DECK.length ? faces : null;
}

export class Looks {
  /** The card emoji, loaded at start from what deploy stored (see `facesFrom`); null shows cards as text. */
  faces: CardFaces | null = null;

  constructor(private readonly client: Client | null) {}

  /** For one user: their Discord client's locale. */
  forUser(locale: string | null | undefined): Ui {
    return { lang: langOf(locale), faces: this.faces };
  }

  /** For everyone in a server: its preferred locale (English when the server is not cached). */
  forGuild(guildId: string): Ui {
    return { lang: langOf(this.client?.guilds.cache.get(guildId)?.preferredLocale), faces: this.faces };
  }
}
