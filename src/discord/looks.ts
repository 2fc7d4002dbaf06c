/**
 * Which `Ui` each reader gets: a user's panels and refusals in their client's language
 * (`interaction.locale`), a server's public messages in its preferred locale; cards as the
 * application's emoji once they are known, else as text.
 */
import type { Client } from 'discord.js';
import { langOf } from '../i18n/index.js';
import type { CardFaces, Ui } from './ui.js';

export class Looks {
  /** The card emoji, once loaded (see `deploy`); null shows cards as text. */
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
