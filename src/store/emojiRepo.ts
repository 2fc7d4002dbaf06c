/** SQL for the card emoji: which application emoji shows each card, by application (see migration 0008). */
import type Database from 'better-sqlite3';

/** One card's emoji: Discord's id and the name it was uploaded under. */
export interface StoredEmoji {
  readonly id: string;
  readonly name: string;
}

export class EmojiRepo {
  private readonly rows;
  private readonly clear;
  private readonly insert;

  constructor(private readonly db: Database.Database) {
    this.rows = db.prepare<[string], { card: string; emoji_id: string; emoji_name: string }>(
      'SELECT card, emoji_id, emoji_name FROM card_emoji WHERE application_id = ? ORDER BY card',
    );
    this.clear = db.prepare<[string]>('DELETE FROM card_emoji WHERE application_id = ?');
    this.insert = db.prepare<[string, string, string, string]>(
      'INSERT INTO card_emoji (application_id, card, emoji_id, emoji_name) VALUES (?, ?, ?, ?)',
    );
  }

  /** The application's card emoji, by card (empty when none were deployed). */
  cardEmoji(applicationId: string): Map<string, StoredEmoji> {
    return new Map(this.rows.all(applicationId).map((r) => [r.card, { id: r.emoji_id, name: r.emoji_name }]));
  }

  /** Replaces the application's card emoji with `emoji`, in one transaction. */
  replaceCardEmoji(applicationId: string, emoji: ReadonlyMap<string, StoredEmoji>): void {
    this.db
      .transaction(() => {
        this.clear.run(applicationId);
        for (const [card, e] of emoji) this.insert.run(applicationId, card, e.id, e.name);
      })
      .immediate();
  }
}
