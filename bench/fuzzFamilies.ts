/**
 * Forged clicks of every family of custom id at public messages (bench/fuzz.ts), and the check
 * that none changed a public message it was not made for (`fuzz.publicMessagesReplaced`). The
 * check knows the families on its own, from the ids each message carried before the click, not
 * from the bot's code: a public message is "replaced" when the answer to a click (an update, or the
 * edit of a deferred one) changed it while the id clicked was of no family the message carried.
 */

import { customIdsOf } from '../src/discord/door/claims.js';
import type { LocalDiscord, RestCall } from '../src/localDiscord/index.js';
import type { Forged } from '../src/localDiscord/interactions.js';
import type { Rng } from './fuzzInput.js';

type Json = Record<string, unknown>;

/** Each family the bot makes, as a verb (or `lb`, `tl`) with the arguments and values it takes. */
const FAMILIES: ReadonlyArray<{
  readonly family: string;
  readonly args: (rng: Rng) => readonly string[];
  readonly type: 2 | 3;
  readonly values?: (rng: Rng) => readonly string[];
}> = [
  { family: 'join', args: () => [], type: 2 },
  { family: 'leave', args: () => [], type: 2 },
  { family: 'start', args: () => [], type: 2 },
  { family: 'take', args: (rng) => [String(rng.int(4))], type: 2 },
  { family: 'hand', args: () => [], type: 2 },
  { family: 'hand', args: () => ['bomb'], type: 2 },
  { family: 'hand', args: () => ['kind'], type: 3, values: () => ['single'] },
  { family: 'pass', args: () => [], type: 2 },
  { family: 'tichu', args: () => [], type: 2 },
  { family: 'gt', args: (rng) => [String(rng.int(2))], type: 2 },
  { family: 'back', args: () => [], type: 2 },
  { family: 'gift', args: (rng) => [String(rng.int(4))], type: 2 },
  { family: 'wish', args: () => ['0'], type: 2 },
  { family: 'wish', args: () => [], type: 3, values: (rng) => [String(2 + rng.int(13))] },
  { family: 'play', args: (rng) => [card(rng)], type: 2 },
  { family: 'pick', args: () => [], type: 3, values: (rng) => [card(rng)] },
  { family: 'lp', args: () => [], type: 3, values: (rng) => [card(rng)] },
  { family: 'exs', args: () => ['0', '------'], type: 3, values: (rng) => [card(rng)] },
  { family: 'ex', args: (rng) => [card(rng) + card(rng) + card(rng)], type: 2 },
  { family: 'seatok', args: () => [], type: 2 },
  { family: 'seatno', args: () => [], type: 2 },
  { family: 'lb', args: () => [], type: 2 },
  { family: 'tl', args: () => [], type: 2 },
  // An event message's buttons (check in, check out, start, close round).
  { family: 'ev', args: () => [], type: 2 },
  // A hand summary's Review button, and the weekly challenge's Share (on private answers only).
  { family: 'rv', args: () => [], type: 2 },
  { family: 'ch', args: () => [], type: 2 },
];

/** A card code (two base-36 characters of a deck index below 56). */
function card(rng: Rng): string {
  return rng.int(56).toString(36).padStart(2, '0');
}

/** One forged click of every family at `messageId`, for the table and request ids the channel has. */
export function everyFamily(
  rng: Rng,
  messageId: string,
  tableId: string,
  version: number,
  /** A seat request's seat and nonce seen in the channel, if any (else made up). */
  request: readonly [string, string] | null,
): Array<{ readonly family: string; readonly forged: Forged }> {
  return FAMILIES.map((f) => {
    let customId: string;
    if (f.family === 'lb') customId = `lb:${rng.pick(['rating', 'wins', 'winrate', 'tichu'])}:0:x`;
    else if (f.family === 'tl') customId = `tl:0:${rng.pick(['a', 'm'])}:x`;
    else if (f.family === 'ev') customId = `ev:${rng.pick(['in', 'out', 'start', 'close'])}:${tableId}`;
    else if (f.family === 'rv') customId = `rv:${1 + rng.int(3)}:${1 + rng.int(3)}`;
    else if (f.family === 'ch') customId = `ch:share:${rng.int(2_000_000_000) * 1000}`;
    else {
      const args =
        f.family === 'seatok' || f.family === 'seatno'
          ? (request ?? [String(rng.int(4)), 'abc123'])
          : f.args(rng);
      customId = [f.family, tableId, String(version), ...args].join(':');
    }
    return {
      family: f.family,
      forged: {
        kind: 'component',
        messageId,
        customId,
        componentType: f.type,
        ...(f.values ? { values: f.values(rng) } : {}),
      },
    };
  });
}

/** A seat request's seat and nonce from the ids of a message (its Approve button), if it has one. */
export function requestArgs(components: readonly Json[]): [string, string] | null {
  for (const id of customIdsOf(components)) {
    const [verb, , , seat, nonce] = id.split(':');
    if (verb === 'seatok' && seat !== undefined && nonce !== undefined) return [seat, nonce];
  }
  return null;
}

/**
 * The family an id belongs to, with what must match: the table's id for the table message's
 * buttons, the table, seat and nonce for a request's. Panels', leaderboards' and lists' ids belong
 * on no public message.
 */
export function familyOf(customId: string): string {
  const [verb = '', table = '', , ...args] = customId.split(':');
  if (['join', 'leave', 'start', 'take'].includes(verb)) return `table:${table}`;
  if (verb === 'hand') return args.length === 0 ? `table:${table}` : `panel:${table}`;
  if (verb === 'seatok' || verb === 'seatno') return `request:${table}:${args.join(':')}`;
  // `ev:<verb>:<event>`: the event message's own, whichever button.
  if (verb === 'ev') return `event:${customId.split(':')[2] ?? ''}`;
  // `rv:<match>:<hand>`: that hand's summary's own.
  if (verb === 'rv') return `review:${table}:${customId.split(':')[2] ?? ''}`;
  return `private:${verb}`;
}

/** A public message as everyone sees it, and the families of the ids it carries. */
export interface PublicBefore {
  readonly id: string;
  readonly shown: string;
  readonly families: ReadonlySet<string>;
}

/** The message a click came from, before the bot answers: null if it is private (or none). */
export function publicBefore(discord: LocalDiscord, messageId: string | null): PublicBefore | null {
  if (messageId === null) return null;
  const message = discord.hub.world.messages.get(messageId);
  if (!message || message.visibleTo !== null || (message.flags & 64) !== 0) return null;
  return {
    id: messageId,
    shown: shownOf(discord, messageId),
    families: new Set(customIdsOf(message.components).map(familyOf)),
  };
}

/**
 * Whether the answer to this click replaced a public message it was not made for: the message
 * changed, the answer updated it (a type 7 callback, or the edit of its original after a deferred
 * update), and the id clicked is of no family the message carried.
 */
export function replacedBy(
  discord: LocalDiscord,
  before: PublicBefore | null,
  customId: string | null,
  answers: readonly RestCall[],
): boolean {
  if (!before || customId === null) return false;
  if (shownOf(discord, before.id) === before.shown) return false;
  const updated = answers.some(
    (call) =>
      (call.path.endsWith('/callback') && (call.body as Json | null)?.type === 7) ||
      (call.method === 'PATCH' && call.path.endsWith('/messages/@original')),
  );
  return updated && !before.families.has(familyOf(customId));
}

function shownOf(discord: LocalDiscord, messageId: string): string {
  const m = discord.hub.world.messages.get(messageId);
  return JSON.stringify({ content: m?.content, embeds: m?.embeds, components: m?.components });
}
