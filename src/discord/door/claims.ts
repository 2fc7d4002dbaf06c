/**
 * Which message a click may change. A button or menu's answer may update the message it was
 * clicked on only when that message is one the bot made for that very id: a custom id is user
 * input (a modified client sends any id at any message), but the message a component interaction
 * names, with its components and flags, is Discord's. So the id's home (the table message, a
 * private panel, a seat request, a leaderboard, a table list) and its key (the table, or the
 * request) must be found among the ids the clicked message itself carries, and a private message
 * must be the clicker's own. A click that fails this is "foreign": it is answered with a sentence
 * only the clicker sees and changes nothing (dispatch.ts); `Answer` refuses to send an update for
 * one should a handler try (answer.ts).
 *
 * Ids are compared by home and key, not letter for letter: a panel edited to a newer version, or a
 * lobby turned into a match, still carries ids of the same home and table, so a click that raced
 * the edit reaches its handler, which says it is stale.
 */

import { parseShareId } from '../challengeIds.js';
import { parseId, type Verb } from '../customIds.js';
import { parseEventId } from '../eventIds.js';
import { parseReviewId } from '../reviewIds.js';

/** What a message made for an id is: the public table message (or its private copy), a panel... */
type Home =
  | 'table'
  | 'hand'
  | 'panel'
  | 'request'
  | 'leaderboard'
  | 'list'
  | 'event'
  | 'review'
  | 'challenge';

interface Place {
  readonly home: Home;
  /** What must match too: the table's id, a request's table, seat and nonce; empty for the rest. */
  readonly key: string;
}

const HOME_OF: Readonly<Record<Verb, Home>> = {
  join: 'table',
  leave: 'table',
  start: 'table',
  take: 'table',
  // "My hand" on the table message and "Refresh" on a panel (its menus and Bomb! are the panel's).
  hand: 'hand',
  pick: 'panel',
  lp: 'panel',
  play: 'panel',
  pass: 'panel',
  tichu: 'panel',
  gt: 'panel',
  exs: 'panel',
  ex: 'panel',
  wish: 'panel',
  gift: 'panel',
  back: 'panel',
  seatok: 'request',
  seatno: 'request',
};

/** The homes a message may hold for a click of each home to be its own. */
const FOUND_ON: Readonly<Record<Home, readonly Home[]>> = {
  // The table message, or the copy only its reader sees (from /table status).
  table: ['table'],
  // "My hand" shows a panel: from the table message, its copy, or a panel (refresh).
  hand: ['table', 'hand', 'panel'],
  // A panel's plays: on a panel (one that shows nothing to do has only its Refresh button).
  panel: ['panel', 'hand'],
  request: ['request'],
  leaderboard: ['leaderboard'],
  list: ['list'],
  // An event's public message (check in, check out, start, close round).
  event: ['event'],
  // A hand's summary (its Review button): the review is a new private message, never an update.
  review: ['review'],
  // Share on a member's /challenge answer or on their end-of-challenge message.
  challenge: ['challenge'],
};

/** What the public table message may carry for its own buttons: theirs, or My hand alone. */
const TABLE_MESSAGE: readonly Home[] = ['table', 'hand'];

/** Homes whose messages only their reader sees: never found on a public message. */
const PRIVATE: ReadonlySet<Home> = new Set(['panel', 'leaderboard', 'list']);

/** Where a custom id belongs, or null for an id that is none of the bot's (it updates nothing). */
export function placeOf(customId: string): Place | null {
  if (customId.startsWith('lb:')) return { home: 'leaderboard', key: '' };
  if (customId.startsWith('tl:')) return { home: 'list', key: '' };
  if (customId.startsWith('ch:')) return parseShareId(customId) ? { home: 'challenge', key: '' } : null;
  if (customId.startsWith('rv:')) {
    const review = parseReviewId(customId);
    return review ? { home: 'review', key: `${review.matchId}:${review.hand}` } : null;
  }
  if (customId.startsWith('ev:')) {
    const event = parseEventId(customId);
    return event ? { home: 'event', key: event.eventId } : null;
  }
  const id = parseId(customId);
  if (!id) return null;
  if (id.verb === 'seatok' || id.verb === 'seatno')
    return { home: 'request', key: `${id.tableId}:${id.args[0] ?? ''}:${id.args[1] ?? ''}` };
  const home = id.verb === 'hand' && id.args.length > 0 ? 'panel' : HOME_OF[id.verb];
  return { home, key: id.tableId };
}

/** The clicked message as a component interaction names it (discord.js's Message, or its JSON). */
export interface ClickedMessage {
  readonly flags: { has(bit: number): boolean } | number;
  readonly components: ReadonlyArray<unknown>;
  /** Who the interaction that made it was from (a private message's reader). */
  readonly interactionMetadata?: { readonly user?: { readonly id: string } | null } | null;
}

export interface Click {
  readonly customId: string;
  readonly user: { readonly id: string };
  readonly message?: ClickedMessage | null;
}

/**
 * - `own`: the clicked message was made for this id, and the clicker may use it: its answer may
 *   update it.
 * - `foreign`: an id of the bot's on a message not made for it (or someone else's private one).
 * - `spent`: an id of the bot's on a message that carries none any more (a request answered, a
 *   table closed): a click that raced the edit removing its button, or a forged one. Like a foreign
 *   click, it changes nothing. (A retired panel of the clicker's own is the exception: a panel's
 *   click on it is `own`.)
 * - `unread`: not an id of the bot's at all; its answer is a new message (stale or not valid).
 */
export type Claim = 'own' | 'foreign' | 'spent' | 'unread';

const EPHEMERAL = 64;

/** Claims already read, per interaction: the door and the answer both ask (about 5 µs a reading). */
const read = new WeakMap<Click, Claim>();

export function claimOf(click: Click): Claim {
  let claim = read.get(click);
  if (claim === undefined) {
    claim = readClaim(click);
    read.set(click, claim);
  }
  return claim;
}

function readClaim(click: Click): Claim {
  const place = placeOf(click.customId);
  if (!place) return 'unread';
  const message = click.message;
  if (!message) return 'foreign';
  const ephemeral =
    typeof message.flags === 'number' ? (message.flags & EPHEMERAL) !== 0 : message.flags.has(EPHEMERAL);
  if (PRIVATE.has(place.home) && !ephemeral) return 'foreign';
  // Discord shows a private message to its reader only; one named with another clicker is forged.
  const reader = message.interactionMetadata?.user?.id;
  if (ephemeral && reader !== undefined && reader !== click.user.id) return 'foreign';
  const ids = customIdsOf(message.components);
  // The common case, a real click: the very id is on the message.
  if (ids.includes(click.customId)) return 'own';
  // A private panel of the clicker's that offers nothing any more was retired by a newer one: a
  // click that raced its retirement is answered on it, with the panel as it is now.
  if (ids.length === 0)
    return ephemeral && (place.home === 'panel' || place.home === 'hand') ? 'own' : 'spent';
  // A table message in play with no seat to take carries only My hand: a Join, Leave, Start or Take
  // seat that raced it there is the table's own click (its handler says it is stale). Public only:
  // a panel's Refresh is a plain My hand too.
  const homes = place.home === 'table' && !ephemeral ? TABLE_MESSAGE : FOUND_ON[place.home];
  for (const id of ids) {
    const there = placeOf(id);
    if (there && there.key === place.key && homes.includes(there.home)) return 'own';
  }
  return 'foreign';
}

/** Every custom id in a message's components, however nested (rows, containers, sections, labels). */
export function customIdsOf(components: ReadonlyArray<unknown>): string[] {
  const ids: string[] = [];
  const visit = (node: unknown, depth: number): void => {
    if (depth > 6 || node === null || typeof node !== 'object') return;
    // Read in place, never copied: raw JSON names it `custom_id`, discord.js's component classes
    // `customId` (their toJSON() copies every option of every menu: 20 µs a click on a panel).
    const part = node as Record<string, unknown>;
    const id = typeof part.custom_id === 'string' ? part.custom_id : part.customId;
    if (typeof id === 'string') ids.push(id);
    if (Array.isArray(part.components)) for (const child of part.components) visit(child, depth + 1);
    if (part.accessory) visit(part.accessory, depth + 1);
    if (part.component) visit(part.component, depth + 1);
  };
  for (const component of components) visit(component, 0);
  return ids;
}
