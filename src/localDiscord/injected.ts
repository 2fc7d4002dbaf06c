/**
 * An INTERACTION_CREATE sent with any `d` (LocalDiscord.injectInteraction): a payload that breaks
 * Discord's schema, as a bug, a proxy or a future API change could deliver. What the bot answered
 * is read from the REST calls it made for that id, whatever Discord said to them.
 */
import type { Hub, RestCall } from './hub.js';
import { DEFAULT_WAIT_MS, waitUntil } from './scripted.js';
import type { Json } from './world.js';

export class InjectedInteraction {
  constructor(
    private readonly hub: Hub,
    /** The payload's id when it is a string (the only id the bot can answer), else null. */
    readonly id: string | null,
    /** 'held': no bot session was connected; the next one to connect gets it first. */
    readonly delivery: 'sent' | 'held',
  ) {}

  /** The bot's callbacks to this id (POST /interactions/{id}/{token}/callback), in order. */
  callbacks(): RestCall[] {
    const id = this.id;
    if (id === null) return [];
    const prefix = `/interactions/${id}/`;
    return this.hub.calls.filter(
      (c) => c.method === 'POST' && c.path.startsWith(prefix) && c.path.endsWith('/callback'),
    );
  }

  /** Whether the bot sent a callback for it (accepted by Discord or not). */
  get answered(): boolean {
    return this.callbacks().length > 0;
  }

  /** Waits (bounded) for the bot's first callback to it. */
  callback(timeoutMs = DEFAULT_WAIT_MS): Promise<RestCall> {
    return waitUntil(this.hub, () => this.callbacks()[0], timeoutMs, `a callback to interaction ${this.id}`);
  }
}

/** A PING (type 1) as Discord sends it to an HTTP endpoint; never sent over the gateway. */
export function pingPayload(hub: Hub): Json {
  return {
    id: hub.world.ids.next(),
    application_id: hub.applicationId,
    type: 1,
    token: `cGluZzp${hub.world.ids.next()}`,
    version: 1,
  };
}
