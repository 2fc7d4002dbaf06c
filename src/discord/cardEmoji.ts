/**
 * The card pictures as the application's emoji (Discord's application emoji API), uploaded by
 * `npm run deploy-commands`. Each emoji is named after its card, readably (a screen reader reads the
 * name), and the first 8 hex digits of its picture's sha256 (`Star_K_1a2b3c4d`, `Dragon_5e6f7a8b`),
 * which makes the upload idempotent: an emoji of exactly that name is kept; a card whose art changed
 * gets a new one.
 *
 * Two generations live at once: a bot started before this deploy keeps using the set stored then
 * (`before`), so those emoji stay until the next deploy; only card emoji in neither that set nor the
 * new one are deleted. No other emoji of the application is touched.
 */
import { DiscordAPIError, type REST, Routes } from 'discord.js';
import { type Card, cardSuit, DECK, SUIT_NAMES, type Suit } from '../engine/index.js';
import type { CardImage } from './cardImages.js';
import type { CardEmoji } from './ui.js';

/** What one upload run did, and the emoji each card now has. */
export interface EmojiSync {
  /**
   * Whether Discord listed the application's emoji. When not, nothing was uploaded or deleted and
   * `faces` is empty: the set stored before must be kept, not replaced.
   */
  readonly listed: boolean;
  /** Emoji already there with the current picture. */
  readonly kept: number;
  /** Cards that had no emoji and got one. */
  readonly uploaded: number;
  /** Cards whose emoji showed older art: the new one uploaded (the old one stays one more deploy). */
  readonly replaced: number;
  /** Cards whose new picture did not go up, showing their older emoji still (from `before`). */
  readonly behind: number;
  /** Card emoji deleted: in neither the new set nor the one stored before this deploy. */
  readonly deleted: number;
  /** Each card's emoji: its current picture, else (`behind`) its older one that still exists. */
  readonly faces: ReadonlyMap<Card, CardEmoji>;
  /** What went wrong, each in plain words (empty when all went through). */
  readonly problems: readonly string[];
}

const SPECIAL_NAMES: Readonly<Record<string, string>> = {
  mahjong: 'Mah_Jong',
  dog: 'Dog',
  phoenix: 'Phoenix',
  dragon: 'Dragon',
};

/** A card as a screen reader may read it: `Star_K`, `Jade_10`, `Mah_Jong`, `Dragon`. */
function readable(card: Card): string {
  const special = SPECIAL_NAMES[card];
  if (special !== undefined) return special;
  const suit = SUIT_NAMES[cardSuit(card) as Suit];
  return `${suit.charAt(0).toUpperCase()}${suit.slice(1)}_${card.slice(0, -2)}`;
}

const BY_READABLE: ReadonlyMap<string, Card> = new Map(DECK.map((card) => [readable(card), card]));
const CARDS: ReadonlySet<string> = new Set(DECK);

/**
 * The emoji name of a card's picture: `<card, readably>_<first 8 hex of its sha256>`, at most 18
 * characters (`Pagoda_10_1a2b3c4d`), within Discord's 2-32 of [A-Za-z0-9_].
 */
export function emojiName(card: Card, hash: string): string {
  return `${readable(card)}_${hash.slice(0, 8).toLowerCase()}`;
}

/**
 * The card an emoji of this application shows, or null when the name is not one of ours; also
 * reads the earlier scheme (`tc_Kst_1a2b3c4d`), so that a deploy cleans those up.
 */
export function cardOfEmoji(name: string): Card | null {
  const current = /^(\w+)_[0-9a-f]{8}$/.exec(name)?.[1];
  const card = current === undefined ? undefined : BY_READABLE.get(current);
  if (card !== undefined) return card;
  const earlier = /^tc_(\w+)_[0-9a-f]{8}$/.exec(name)?.[1];
  return earlier !== undefined && CARDS.has(earlier) ? (earlier as Card) : null;
}

interface ListedEmoji {
  readonly id: string;
  readonly name: string;
}

/**
 * Brings the application's card emoji in line with `images`, given the set stored before this
 * deploy (`before`, which a running bot may be using): deletes card emoji in neither that set nor
 * the new one (first, which frees room), then keeps, uploads and replaces. After a refused upload
 * it uploads no more (the rest would likely be refused alike) but still records the cards whose
 * emoji are there; a card left without its new picture keeps its emoji of `before` if that still
 * exists. Never throws for what Discord answers.
 */
export async function syncCardEmoji(
  rest: REST,
  applicationId: string,
  images: readonly CardImage[],
  before: ReadonlyMap<string, CardEmoji> = new Map(),
): Promise<EmojiSync> {
  const faces = new Map<Card, CardEmoji>();
  const problems: string[] = [];
  let kept = 0;
  let uploaded = 0;
  let replaced = 0;
  let behind = 0;
  let deleted = 0;
  const done = (listed: boolean) => ({ listed, kept, uploaded, replaced, behind, deleted, faces, problems });
  let listed: ListedEmoji[];
  try {
    const answer = (await rest.get(Routes.applicationEmojis(applicationId))) as { items: ListedEmoji[] };
    listed = answer.items;
  } catch (error) {
    problems.push(`Could not list the application's emoji: ${explain(error)}`);
    return done(false);
  }
  const current = new Set(images.map((image) => emojiName(image.card, image.sha256)));
  const keep = new Set([...before.values()].map((e) => e.id));
  for (const emoji of listed) {
    if (cardOfEmoji(emoji.name) === null || current.has(emoji.name) || keep.has(emoji.id)) continue;
    if (await deleteUnused(rest, applicationId, emoji, problems)) deleted++;
  }
  const byName = new Map(listed.map((e) => [e.name, e]));
  const byId = new Map(listed.map((e) => [e.id, e]));
  let refused = false;
  for (const image of images) {
    const name = emojiName(image.card, image.sha256);
    const present = byName.get(name);
    if (present) {
      kept++;
      faces.set(image.card, { id: present.id, name });
    } else if (!refused) {
      try {
        const created = (await rest.post(Routes.applicationEmojis(applicationId), {
          body: { name, image: `data:image/png;base64,${image.png.toString('base64')}` },
        })) as ListedEmoji;
        faces.set(image.card, { id: created.id, name: created.name });
        if (listed.some((e) => cardOfEmoji(e.name) === image.card)) replaced++;
        else uploaded++;
      } catch (error) {
        problems.push(`Discord refused the emoji for ${image.card} (${name}): ${explain(error)}`);
        refused = true;
      }
    }
    if (faces.has(image.card)) continue;
    const older = byId.get(before.get(image.card)?.id ?? '');
    if (older) {
      faces.set(image.card, { id: older.id, name: older.name });
      behind++;
    }
  }
  return done(true);
}

/** Deletes a card emoji no set uses; whether it is gone. */
async function deleteUnused(
  rest: REST,
  applicationId: string,
  emoji: ListedEmoji,
  problems: string[],
): Promise<boolean> {
  try {
    await rest.delete(Routes.applicationEmoji(applicationId, emoji.id));
    return true;
  } catch (error) {
    // Gone already is what was wanted; anything else leaves a stale emoji, harmless but worth a word.
    if (error instanceof DiscordAPIError && error.code === 10014) return false;
    problems.push(`Could not delete the old emoji ${emoji.name}: ${explain(error)}`);
    return false;
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
