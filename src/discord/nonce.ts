/**
 * Enforced nonces for the bot's new channel messages: a post carries one with `enforce_nonce`, the
 * same on every try, so a try Discord took whose answer was lost (a 5xx after the work, a timeout)
 * is answered with that message instead of posting a second one.
 */
import { randomUUID } from 'node:crypto';

/** How long after its first try a post may be tried again (Discord keeps a nonce a few minutes). */
export const POST_RETRY_WINDOW_MS = 2 * 60_000;

/** A fresh nonce (Discord takes at most 25 characters). */
export function newNonce(): string {
  return randomUUID().replaceAll('-', '').slice(0, 25);
}
