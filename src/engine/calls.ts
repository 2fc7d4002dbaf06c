/** Grand Tichu decisions after eight cards, and Tichu calls before a player's first card. */
import { sortCards } from './cards.js';
import type { GameEvent } from './events.js';
import { err, ok } from './result.js';
import type { Settings } from './settings.js';
import { type HandState, perSeat, type Seat, setSeat } from './state.js';
import type { HandStepResult } from './step.js';

export function decideGrandTichu(hand: HandState, seat: Seat, call: boolean): HandStepResult {
  if (hand.phase !== 'grandTichu') return err({ code: 'wrong_phase', phase: hand.phase });
  if (hand.grand[seat] !== null) return err({ code: 'already_decided' });
  const events: GameEvent[] = [{ type: 'grandTichuDecided', seat, call }];
  let next: HandState = {
    ...hand,
    grand: setSeat(hand.grand, seat, call),
    calls: call ? setSeat(hand.calls, seat, 'grandTichu') : hand.calls,
  };
  if (next.grand.every((decision) => decision !== null)) {
    // Everyone has decided on eight cards: deal the remaining six each.
    next = {
      ...next,
      phase: 'exchange',
      hands: perSeat((s) => sortCards([...next.hands[s], ...next.undealt[s]])),
      undealt: [[], [], [], []],
    };
    events.push({ type: 'allCardsDealt' });
  }
  return ok({ hand: next, events });
}

/** Why `seat` may not call Tichu now, or null when it may. */
export function tichuRefusal(hand: HandState, settings: Settings, seat: Seat) {
  if (hand.phase !== 'exchange' && hand.phase !== 'play')
    return { code: 'wrong_phase', phase: hand.phase } as const;
  if (hand.calls[seat] !== 'none') return { code: 'already_called', call: hand.calls[seat] } as const;
  if (hand.played[seat]) return { code: 'call_window_closed' } as const;
  if (!settings.callsAfterFirstOut && hand.out.length > 0)
    return { code: 'calls_closed_after_first_out' } as const;
  return null;
}

/** `tichuRefusal(hand, settings, seat) === null`, without building the refusal (legal actions ask it at every step). */
export function mayCallTichu(hand: HandState, settings: Settings, seat: Seat): boolean {
  return (
    (hand.phase === 'exchange' || hand.phase === 'play') &&
    hand.calls[seat] === 'none' &&
    !hand.played[seat] &&
    (settings.callsAfterFirstOut || hand.out.length === 0)
  );
}

export function callTichu(hand: HandState, settings: Settings, seat: Seat): HandStepResult {
  const refusal = tichuRefusal(hand, settings, seat);
  if (refusal) return err(refusal);
  const events: GameEvent[] = [{ type: 'tichuCalled', seat }];
  return ok({ hand: { ...hand, calls: setSeat(hand.calls, seat, 'tichu') }, events });
}
