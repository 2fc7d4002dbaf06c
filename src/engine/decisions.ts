/** The decisions a play leaves pending: naming the wish after the Mah Jong, giving a Dragon trick away. */
import type { Rank } from './cards.js';
import type { GameEvent } from './events.js';
import { collectTrick, continueAfterTrick } from './flow.js';
import { err, ok } from './result.js';
import type { Settings } from './settings.js';
import { type HandState, isOpponent, type Seat } from './state.js';
import type { HandStepResult } from './step.js';

export function nameWish(hand: HandState, settings: Settings, seat: Seat, rank: Rank | null): HandStepResult {
  if (hand.phase !== 'play') return err({ code: 'wrong_phase', phase: hand.phase });
  const pending = hand.pending;
  if (pending?.kind !== 'wish') return err({ code: 'no_decision_pending' });
  if (pending.seat !== seat) return err({ code: 'waiting_for_decision', pending });
  if (rank === null && !settings.wishOptional) return err({ code: 'wish_required' });
  const events: GameEvent[] = [{ type: 'wishMade', seat, rank }];
  const trick = hand.trick === null ? null : { ...hand.trick, wished: rank };
  return ok({ hand: { ...hand, trick, wish: rank, pending: null }, events });
}

export function giveDragon(hand: HandState, seat: Seat, to: Seat): HandStepResult {
  if (hand.phase !== 'play') return err({ code: 'wrong_phase', phase: hand.phase });
  const pending = hand.pending;
  if (pending?.kind !== 'dragonGift') return err({ code: 'no_decision_pending' });
  if (pending.seat !== seat) return err({ code: 'waiting_for_decision', pending });
  if (!isOpponent(seat, to)) return err({ code: 'gift_to_opponent_only', to });
  const events: GameEvent[] = [{ type: 'dragonGiven', from: seat, to }];
  const collected = collectTrick({ ...hand, pending: null }, to, events);
  return ok({ hand: continueAfterTrick(collected, seat, events), events });
}
