/**
 * The event message's buttons: `ev:<verb>:<eventId>`; the host's private confirmation of Close
 * round, `ev:closeok:<eventId>:<round>` (the round it was asked for: a stale one closes nothing); and
 * a request to play as a pair, `ev:pairok:<eventId>:<askerId>:<askedId>` (only the one asked may
 * accept, and only while the request stands). User input like every custom id: parsed strictly,
 * never trusted for identity (that comes from the interaction's user).
 */
import { SNOWFLAKE } from '../app/ids.js';

export const EVENT_VERBS = ['in', 'out', 'start', 'close', 'closeok', 'pairok'] as const;
export type EventVerb = (typeof EVENT_VERBS)[number];

const EVENT_ID = /^[a-z0-9]{8}$/;

export function encodeEventId(verb: Exclude<EventVerb, 'pairok'>, eventId: string, round?: number): string {
  return round === undefined ? `ev:${verb}:${eventId}` : `ev:${verb}:${eventId}:${round}`;
}

/** The button under a request to play as a pair: `askedId` accepts `askerId`'s request. */
export function encodePairId(eventId: string, askerId: string, askedId: string): string {
  return `ev:pairok:${eventId}:${askerId}:${askedId}`;
}

export interface ParsedEventId {
  readonly verb: EventVerb;
  readonly eventId: string;
  readonly round: number | null;
  /** A pair request's asker and asked (pairok only). */
  readonly pair: { readonly askerId: string; readonly askedId: string } | null;
}

export function parseEventId(raw: string): ParsedEventId | null {
  const parts = raw.split(':');
  if (parts[0] !== 'ev') return null;
  const [, verb = '', eventId = '', third, fourth] = parts;
  if (!(EVENT_VERBS as readonly string[]).includes(verb) || !EVENT_ID.test(eventId)) return null;
  if (verb === 'pairok') {
    if (parts.length !== 5 || !SNOWFLAKE.test(third ?? '') || !SNOWFLAKE.test(fourth ?? '')) return null;
    return { verb, eventId, round: null, pair: { askerId: third as string, askedId: fourth as string } };
  }
  // Only the confirmation names a round.
  if (verb === 'closeok' ? parts.length !== 4 || !/^\d{1,2}$/.test(third ?? '') : parts.length !== 3)
    return null;
  return { verb: verb as EventVerb, eventId, round: third === undefined ? null : Number(third), pair: null };
}
