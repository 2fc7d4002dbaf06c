/**
 * The random bot behind the `Policy` interface, for the arena only (a floor every level must beat):
 * uniform among the legal actions, no calls, and never a bomb out of turn.
 */
import type { SeatView } from '../engine/index.js';
import type { Policy } from './policy.js';
import { botChoice } from './randomBot.js';

/** Whether the view shows a decision this seat owes now (as opposed to a mere chance to bomb). */
function owesDecision(view: SeatView): boolean {
  if (view.status !== 'playing') return false;
  if (view.phase === 'grandTichu') return !view.grandDecided[view.seat];
  if (view.phase === 'exchange') return view.exchangePicks === null;
  if (view.phase !== 'play') return false;
  return view.pending ? view.pending.seat === view.seat : view.turn === view.seat;
}

export const randomPolicy: Policy = (view, _memory, legal, rng) =>
  // Out of turn the only legal plays are bombs, and the random level never drops one there: a
  // uniform bomber would mostly waste bombs on its partner, which says nothing about the others.
  owesDecision(view) ? botChoice(view, legal, rng) : null;
