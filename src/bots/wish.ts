/**
 * The Mah Jong wish: a rank the next opponent must spend. Best is a card we passed to an opponent
 * (we know it holds it, unless it was played since); else a rank we do not hold (a wish binds us
 * too) that is high and mostly unseen. Never a rank we passed to the partner.
 */
import { type Action, type Card, cardRank, RANKS, type Rank, type SeatView } from '../engine/index.js';
import type { Memory } from './policy.js';

export function chooseWish(view: SeatView, memory: Memory, optional: boolean): Action {
  const mine = new Set(view.hand.map(cardRank));
  const seen = new Map<number, number>();
  for (const card of [...memory.played, ...view.hand])
    seen.set(cardRank(card), (seen.get(cardRank(card)) ?? 0) + 1);
  const gave = view.exchangePicks;
  const played = new Set<Card>(memory.played);
  const toNext = gave && !played.has(gave.next) ? cardRank(gave.next) : 0;
  const toPrevious = gave && !played.has(gave.previous) ? cardRank(gave.previous) : 0;
  const toPartner = gave ? cardRank(gave.partner) : 0;
  let best: Rank | null = null;
  let bestScore = 0;
  for (const rank of RANKS) {
    if (mine.has(rank) || rank === toPartner) continue;
    const unseen = 4 - (seen.get(rank) ?? 0);
    if (unseen <= 0) continue;
    let score = unseen + rank / 4;
    if (rank === toNext) score += 10;
    else if (rank === toPrevious) score += 6;
    if (score > bestScore) {
      bestScore = score;
      best = rank;
    }
  }
  if (best === null && !optional) best = RANKS.find((r) => !mine.has(r)) ?? 2;
  return { type: 'wish', rank: best };
}
