/**
 * Hears each 429 Discord answers to a REST client (the metrics' count by route). @discordjs/rest
 * waits a 429 out and sends the request again itself, telling only its `rejectOnRateLimit` hook:
 * that hook is set to one that never rejects and reports the route. The hook is also asked before a
 * wait the client makes on its own (a bucket it knows is empty, announced by its `rateLimited` event
 * just before): those are not Discord's 429s and are not reported. The REST thread's worker
 * (restWorker.mjs) does the same for the clients it runs.
 */
import { type RateLimitData, type REST, RESTEvents } from 'discord.js';

export function hear429s(rest: REST, heard: (route: string, global: boolean) => void): void {
  // The client's own wait is announced, then asked of the hook with the same object.
  let ownWait: RateLimitData | null = null;
  rest.on(RESTEvents.RateLimited, (data) => {
    ownWait = data;
  });
  (rest.options as { rejectOnRateLimit?: (data: RateLimitData) => boolean }).rejectOnRateLimit = (data) => {
    const own = data === ownWait;
    ownWait = null;
    if (!own) {
      try {
        heard(data.route, data.global);
      } catch {
        // The count's failure must never turn a 429 into a rejected request.
      }
    }
    return false;
  };
}

/**
 * How often a REST client held requests back itself (its own limiter, not Discord's 429s): `global`
 * waits on its global limit (requests a second, announced by its `rateLimited` event with `global`),
 * `bucket` waits on a route's bucket, and `held`: requests that arrived while its global limit was
 * spent, so waited behind it (a request queued behind another's wait is counted here too).
 * Interaction callbacks are never held (@discordjs/rest sends them past its limits) nor counted.
 */
export interface RestWaits {
  global: number;
  bucket: number;
  held: number;
}

export type RestWaitKind = keyof RestWaits;

export function noWaits(): RestWaits {
  return { global: 0, bucket: 0, held: 0 };
}

/** Whether `rest`'s own global limit is spent now (@discordjs/rest's fields, public on its REST). */
export function globallyLimited(rest: { globalRemaining: number; globalReset: number }): boolean {
  return rest.globalRemaining <= 0 && Date.now() < rest.globalReset;
}

/** Counts `rest`'s own waits (see RestWaits) into `heard`; call after anything that replaces its `request`. */
export function countWaits(rest: REST, heard: (kind: RestWaitKind) => void): void {
  rest.on(RESTEvents.RateLimited, (data) => heard(data.global ? 'global' : 'bucket'));
  const send = rest.request.bind(rest);
  rest.request = (request) => {
    if (globallyLimited(rest) && !isCallback(request.fullRoute)) heard('held');
    return send(request);
  };
}

/** An interaction callback's route (@discordjs/rest's burst handler: no global limit). */
export function isCallback(fullRoute: string): boolean {
  return fullRoute.startsWith('/interactions/') && fullRoute.endsWith('/callback');
}

/**
 * Requests made with an interaction's token (its follow-ups, and edits of its replies) go through
 * `webhooks`, whose limit is not the bot's: Discord does not count them against the bot's global
 * limit (50 a second), so the bot's own client must not hold them back behind its channel writes.
 * Interaction callbacks stay where they are (@discordjs/rest never holds those back).
 */
export function routeInteractionWebhooks(bot: REST, webhooks: REST, applicationId: string): void {
  const viaBot = bot.request.bind(bot);
  const viaWebhooks = webhooks.request.bind(webhooks);
  const prefix = `/webhooks/${applicationId}/`;
  bot.request = (request) =>
    request.auth === false && request.fullRoute.startsWith(prefix) ? viaWebhooks(request) : viaBot(request);
}
