/**
 * The event message's buttons: `ev:<verb>:<eventId>`, and the host's private confirmation of Close
 * round, `ev:closeok:<eventId>:<round>` (the round it was asked for: a stale one closes nothing).
 * User input like every custom id: parsed strictly, never trusted for identity (that comes from the
 * interaction's user).
 */
export const EVENT_VERBS = ['in', 'out', 'start', 'close', 'closeok'] as const;
export type EventVerb = (typeof EVENT_VERBS)[number];

const EVENT_ID = /^[a-z0-9]{8}$/;

export function encodeEventId(verb: EventVerb, eventId: string, round?: number): string {
  return round === undefined ? `ev:${verb}:${eventId}` : `ev:${verb}:${eventId}:${round}`;
}

export function parseEventId(raw: string): { verb: EventVerb; eventId: string; round: number | null } | null {
  const parts = raw.split(':');
  if (parts[0] !== 'ev') return null;
  const [, verb = '', eventId = '', round] = parts;
  if (!(EVENT_VERBS as readonly string[]).includes(verb) || !EVENT_ID.test(eventId)) return null;
  // Only the confirmation names a round.
  if (verb === 'closeok' ? parts.length !== 4 || !/^\d{1,2}$/.test(round ?? '') : parts.length !== 3)
    return null;
  return { verb: verb as EventVerb, eventId, round: round === undefined ? null : Number(round) };
}
