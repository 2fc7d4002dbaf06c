/**
 * The exchange as club players make it: a good card to the partner (the best one, Dragon and
 * Phoenix included, when the partner called Tichu or Grand Tichu before passing: that is what a call
 * before the exchange asks for), the loosest low singles to the opponents (one even rank and one
 * odd, so as not to complete an opponent's bomb), never a card of a bomb, never the Mah Jong to an
 * opponent. A seat that means to call keeps its Aces.
 */
import {
  type Action,
  type Card,
  cardRank,
  enumerateBombs,
  partnerOf,
  type SeatView,
} from '../engine/index.js';
import { cardStrength } from './choose.js';
import { shapeOf } from './handShape.js';

export function chooseExchange(view: SeatView, strong: boolean): Action | null {
  if (view.exchangePicks !== null || view.hand.length < 3) return null;
  const hand = view.hand;
  const inBomb = new Set<Card>(enumerateBombs(hand, null).flatMap((b) => b.cards));
  const free = hand.filter((c) => !inBomb.has(c));
  const pool = free.length >= 3 ? free : [...hand];
  const partnerCalled = view.calls[partnerOf(view.seat)] !== 'none';
  const partner = partnerCard(pool, strong, partnerCalled);
  const rest = pool.filter((c) => c !== partner);
  const [first, second] = opponentCards(rest);
  return { type: 'exchange', next: first, partner, previous: second };
}

function partnerCard(pool: readonly Card[], strong: boolean, partnerCalled: boolean): Card {
  const byStrength = [...pool].sort((a, b) => cardStrength(b) - cardStrength(a));
  if (partnerCalled) return byStrength[0] as Card;
  // Keep the Dragon and the Phoenix: they win tricks for whoever holds them, and we may need them.
  const plain = byStrength.filter((c) => c !== 'dragon' && c !== 'phoenix' && c !== 'dog');
  if (strong && plain.length > 0) {
    // A caller keeps its Aces; the partner still gets a useful card.
    const nonAce = plain.find((c) => cardRank(c) < 14);
    return nonAce ?? (plain[0] as Card);
  }
  return (plain[0] ?? byStrength[0]) as Card;
}

/**
 * The two cards whose loss hurts the hand least: the ones whose removal leaves the cheapest shape,
 * low ranks before high. The Dog is the first to go; the Mah Jong stays (it would give the lead).
 */
function opponentCards(rest: readonly Card[]): [Card, Card] {
  const candidates = rest.filter((c) => c !== 'mahjong' && c !== 'dragon' && c !== 'phoenix');
  // Only the seven weakest are worth weighing: a pair of high cards never leaves the best shape.
  const weakest = candidates.sort((a, b) => cardStrength(a) - cardStrength(b)).slice(0, 7);
  const pool = weakest.length >= 2 ? weakest : [...rest];
  const loss = (cards: readonly Card[]) => shapeOf(rest.filter((c) => !cards.includes(c))).cost;
  let best: [Card, Card] | null = null;
  let bestScore = Number.POSITIVE_INFINITY;
  for (let i = 0; i < pool.length; i++) {
    for (let j = i + 1; j < pool.length; j++) {
      const a = pool[i] as Card;
      const b = pool[j] as Card;
      let score = loss([a, b]) + (cardStrength(a) + cardStrength(b)) * 0.4;
      // One even and one odd rank: a pair of like parity could complete an opponent's bomb.
      if (a !== 'dog' && b !== 'dog' && cardRank(a) % 2 === cardRank(b) % 2) score += 0.5;
      if (score < bestScore) {
        bestScore = score;
        best = [a, b];
      }
    }
  }
  return best ?? [pool[0] as Card, pool[1] as Card];
}
