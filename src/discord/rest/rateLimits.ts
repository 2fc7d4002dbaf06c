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
