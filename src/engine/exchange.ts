/** The exchange: each seat picks one card for each other seat; all picks swap when all four chose. */
import { type Card, sortCards } from './cards.js';
import type { GameEvent } from './events.js';
import { err, ok } from './result.js';
import {
  type ExchangePicks,
  type HandState,
  perSeat,
  type ReceivedCards,
  type Seat,
  seatAfter,
  setSeat,
} from './state.js';
import type { HandStepResult } from './step.js';

export function chooseExchange(hand: HandState, seat: Seat, picks: ExchangePicks): HandStepResult {
  if (hand.phase !== 'exchange') return err({ code: 'wrong_phase', phase: hand.phase });
  if (hand.exchange[seat] !== null) return err({ code: 'already_exchanged' });
  const cards = [picks.next, picks.partner, picks.previous];
  if (new Set(cards).size !== 3) return err({ code: 'duplicate_cards', cards });
  const missing = cards.filter((card) => !hand.hands[seat].includes(card));
  if (missing.length > 0) return err({ code: 'not_in_hand', cards: missing });
  const events: GameEvent[] = [{ type: 'exchangeChosen', seat }];
  const chosen: HandState = {
    ...hand,
    exchange: setSeat(hand.exchange, seat, {
      next: picks.next,
      partner: picks.partner,
      previous: picks.previous,
    }),
  };
  if (chosen.exchange.some((p) => p === null)) return ok({ hand: chosen, events });
  events.push({ type: 'exchangeCompleted' });
  return ok({ hand: swap(chosen), events });
}

function swap(hand: HandState): HandState {
  const picks = hand.exchange as readonly ExchangePicks[];
  const received = perSeat<ReceivedCards>((seat) => ({
    fromNext: (picks[seatAfter(seat, 1)] as ExchangePicks).previous,
    fromPartner: (picks[seatAfter(seat, 2)] as ExchangePicks).partner,
    fromPrevious: (picks[seatAfter(seat, 3)] as ExchangePicks).next,
  }));
  const hands = perSeat((seat) => {
    const given = picks[seat] as ExchangePicks;
    const gone: Card[] = [given.next, given.partner, given.previous];
    const got = received[seat];
    const kept = hand.hands[seat].filter((card) => !gone.includes(card));
    return sortCards([...kept, got.fromNext, got.fromPartner, got.fromPrevious]);
  });
  const leader = perSeat((seat) => seat).find((seat) => hands[seat].includes('mahjong')) as Seat;
  return { ...hand, phase: 'play', hands, received, turn: leader };
}
