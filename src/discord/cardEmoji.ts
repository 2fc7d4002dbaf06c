/**
 * The card pictures as the application's emoji (Discord's application emoji API), uploaded by
 * `npm run deploy-commands`. Each emoji is named after its card and the first 8 hex digits of its
 * picture's sha256 (`tc_Kst_1a2b3c4d`), which makes the upload idempotent: an emoji of exactly that
 * name is kept; one of the same card under another hash (the art changed) is replaced; no other
 * emoji of the application is touched.
 */
import { DiscordAPIError, type REST, Routes } from 'discord.js';
import { type Card, DECK } from '../engine/index.js';
import type { CardImage } from './cardImages.js';
import type { CardEmoji } from './ui.js';

/** What one upload run did, and the emoji each card now has. */
export interface EmojiSync {
  /** Emoji already there with the current picture. */
  readonly kept: number;
  /** Cards that had no emoji and got one. */
  readonly uploaded: number;
  /** Cards whose emoji showed older art: the new one uploaded, the old one deleted. */
  readonly replaced: number;
  /** Each card whose current picture is on Discord, with its emoji. */
  readonly faces: ReadonlyMap<Card, CardEmoji>;
  /** What went wrong, each in plain words (empty when all went through). */
  readonly problems: readonly string[];
}

const PREFIX = 'tc_';
const CARDS: ReadonlySet<string> = new Set(DECK);

/** The emoji name of a card's picture: `tc_<card>_<first 8 hex of its sha256>` (at most 19 characters). */
export function emojiName(card: Card, hash: string): string {
  return `${PREFIX}${card}_${hash.slice(0, 8).toLowerCase()}`;
}

/** The card an emoji of this application shows, or null when the name is not one of ours. */
export function cardOfEmoji(name: string): Card | null {
  const match = /^tc_(\w+)_[0-9a-f]{8}$/.exec(name);
  const card = match?.[1];
  return card !== undefined && CARDS.has(card) ? (card as Card) : null;
}

interface ListedEmoji {
  readonly id: string;
  readonly name: string;
}

/**
 * Brings the application's card emoji in line with `images`: keeps, uploads, replaces (upload the
 * new, then delete the old, so a card is never without one). Stops at the first refused upload
 * (the rest would likely be refused alike); never throws for what Discord answers.
 */
export async function syncCardEmoji(
  rest: REST,
  applicationId: string,
  images: readonly CardImage[],
): Promise<EmojiSync> {
  const faces = new Map<Card, CardEmoji>();
  const problems: string[] = [];
  let kept = 0;
  let uploaded = 0;
  let replaced = 0;
  const done = () => ({ kept, uploaded, replaced, faces, problems });
  let listed: ListedEmoji[];
  try {
    const answer = (await rest.get(Routes.applicationEmojis(applicationId))) as { items: ListedEmoji[] };
    listed = answer.items;
  } catch (error) {
    problems.push(`Could not list the application's emoji: ${explain(error)}`);
    return done();
  }
  const byName = new Map(listed.map((e) => [e.name, e]));
  for (const image of images) {
    const name = emojiName(image.card, image.sha256);
    const stale = listed.filter((e) => e.name !== name && cardOfEmoji(e.name) === image.card);
    const present = byName.get(name);
    if (present) {
      kept++;
      faces.set(image.card, { id: present.id, name });
    } else {
      try {
        const created = (await rest.post(Routes.applicationEmojis(applicationId), {
          body: { name, image: `data:image/png;base64,${image.png.toString('base64')}` },
        })) as ListedEmoji;
        faces.set(image.card, { id: created.id, name: created.name });
      } catch (error) {
        problems.push(`Discord refused the emoji for ${image.card} (${name}): ${explain(error)}`);
        return done();
      }
      if (stale.length > 0) replaced++;
      else uploaded++;
    }
    for (const emoji of stale) await deleteStale(rest, applicationId, emoji, problems);
  }
  return done();
}

/** Deletes an emoji of older art (after its successor is up, so the card is never without one). */
async function deleteStale(rest: REST, applicationId: string, emoji: ListedEmoji, problems: string[]) {
  try {
    await rest.delete(Routes.applicationEmoji(applicationId, emoji.id));
  } catch (error) {
    // Gone already is what was wanted; anything else leaves a stale emoji, harmless but worth a word.
    if (!(error instanceof DiscordAPIError && error.code === 10014))
      problems.push(`Could not delete the old emoji ${emoji.name}: ${explain(error)}`);
  }
}

/** A refusal in plain words, with what to do where there is something to do. */
export function explain(error: unknown): string {
  if (!(error instanceof DiscordAPIError)) return error instanceof Error ? error.message : String(error);
  if (error.code === 30008)
    return 'the application has as many emoji as Discord allows (2,000): delete some in the Developer Portal (your application > Emojis)';
  if (error.status === 401) return 'Discord did not accept the bot token (401): check DISCORD_TOKEN';
  if (error.status === 403)
    return `Discord denied access (403 ${error.code}): check DISCORD_APPLICATION_ID is this bot's application`;
  const detail = error.message.replace(/\s*\n\s*/g, '; ');
  return `Discord answered ${error.status} ${error.code}: ${detail}`;
}
