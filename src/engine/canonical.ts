/**
 * The hand a step built already in canonicalHand's field order, so that `apply` need not copy it
 * once more. A step marks the hand it returns; `apply` takes the mark right after the step (all of
 * it synchronous), so the mark can only ever name the hand just returned.
 */
import type { HandState } from './state.js';

let marked: HandState | null = null;

/** Notes that `hand` is built in canonical form; returns it. */
export function markCanonical(hand: HandState): HandState {
  marked = hand;
  return hand;
}

/** Whether `hand` is the one just marked canonical; clears the mark either way. */
export function takeCanonical(hand: HandState): boolean {
  const is = marked === hand;
  marked = null;
  return is;
}
