/**
 * The event message's buttons: `ev:<verb>:<eventId>`. User input like every custom id: parsed
 * strictly, never trusted for identity (that comes from the interaction's user).
 */
export const EVENT_VERBS = ['in', 'out', 'start', 'close'] as const;
export type EventVerb = (typeof EVENT_VERBS)[number];

const EVENT_ID = /^[a-z0-9]{8}$/;

export function encodeEventId(verb: EventVerb, eventId: string): string {
  return `ev:${verb}:${eventId}`;
}

export function parseEventId(raw: string): { verb: EventVerb; eventId: string } | null {
  const parts = raw.split(':');
  if (parts.length !== 3 || parts[0] !== 'ev') return null;
  const [, verb, eventId] = parts as [string, string, string];
  if (!(EVENT_VERBS as readonly string[]).includes(verb) || !EVENT_ID.test(eventId)) return null;
  return { verb: verb as EventVerb, eventId };
}
