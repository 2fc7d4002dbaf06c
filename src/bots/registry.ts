/** The levels and how a bot seat decides from a state: the one entry point the app and the arena use. */
import {
  type Action,
  canBomb,
  legalActions,
  type MatchState,
  mayCallTichu,
  owesAction,
  partnerOf,
  type Rng,
  SEATS,
  type Seat,
  type SeatView,
  seatView,
} from '../engine/index.js';
import { easyPolicy } from './easy.js';
import { expertPolicy, hardPolicy, hardSearches, hardV1Policy } from './hard.js';
import { memoryOf } from './memory.js';
import { normalPolicy, normalV1Policy } from './normal.js';
import type { BotLevel, Budget, Memory, Policy, PolicyLevel } from './policy.js';

export const POLICIES: Readonly<Record<PolicyLevel, Policy>> = {
  easy: easyPolicy,
  normal: normalPolicy,
  hard: hardPolicy,
  expert: expertPolicy,
  'normal@v1': normalV1Policy,
  'hard@v1': hardV1Policy,
};

export const DEFAULT_HARD_BUDGET_MS = 150;
/** Expert's thinking time a decision: the same search as hard's, about a second of it. */
export const DEFAULT_EXPERT_BUDGET_MS = 1000;

/** The levels whose decisions may search (and so take their budget, off the main thread). */
export function isSearchLevel(level: PolicyLevel): boolean {
  return level === 'hard' || level === 'expert' || level === 'hard@v1';
}

/** A budget with a wall clock; `playouts` caps the work (tests pass it with ms Infinity). */
export function makeBudget(ms: number, playouts?: number): Budget {
  return playouts === undefined
    ? { ms, now: () => performance.now() }
    : { ms, playouts, now: () => performance.now() };
}

/** What a seat may know when it decides: its view, its memory of the hand and its legal actions. */
export interface Question {
  readonly view: SeatView;
  readonly memory: Memory;
  /** Legal actions without exchange picks (a policy picks three cards of its hand itself). */
  readonly legal: readonly Action[];
}

/** The question `seat` is asked at `state`: the only place a state is turned into what a seat knows. */
export function questionFor(state: MatchState, seat: Seat): Question {
  return {
    view: seatView(state, seat),
    memory: memoryOf(state, seat),
    legal: legalActions(state, seat, { exchanges: false }),
  };
}

/** What a policy at `level` does with a question: a decision it owes, a bomb out of turn, or null. */
export function decide(level: PolicyLevel, question: Question, rng: Rng, budget: Budget): Action | null {
  const { view, memory, legal } = question;
  const exchangeOwed = view.phase === 'exchange' && view.exchangePicks === null;
  if (legal.length === 0 && !exchangeOwed) return null;
  return POLICIES[level](view, memory, legal, rng, budget);
}

/**
 * What `seat` does now at `level`, from its view and memory only: a decision it owes, or (when it
 * owes none) a bomb it chooses to drop out of turn, or null.
 */
export function decideFor(
  level: PolicyLevel,
  state: MatchState,
  seat: Seat,
  rng: Rng,
  budget: Budget,
): Action | null {
  return decide(level, questionFor(state, seat), rng, budget);
}

/**
 * Whether `level`'s decision for `seat` now is a search (slow: run it off the main thread). Only
 * the search levels search, and only the decisions `hardSearches` names; every other question
 * (out-of-turn bombs above all: asked after every action) is answered on the spot.
 */
export function searches(level: BotLevel, state: MatchState, seat: Seat): boolean {
  return isSearchLevel(level) && hardSearches(state, seat);
}

export interface BotAsk {
  readonly seat: Seat;
  /** True when the seat owes a decision; false when it is only offered the chance to bomb. */
  readonly owes: boolean;
}

/**
 * In the exchange, a bot seat passes after its partner when the partner is a person who has not
 * passed yet and may still call Tichu: a call before passing asks the partner for its best card
 * (exchange.ts), and the exchange ends only when everyone has passed, so the wait costs no time.
 */
export function waitsForPartner(state: MatchState, seat: Seat, isBot: (seat: Seat) => boolean): boolean {
  const hand = state.hand;
  const partner = partnerOf(seat);
  return (
    hand.phase === 'exchange' &&
    !isBot(partner) &&
    owesAction(state, partner) &&
    mayCallTichu(hand, state.settings, partner)
  );
}

/**
 * The bot seats to ask now, in order: those that could bomb the table out of turn (asked first, so a
 * bomb lands before the trick moves on), then the bot seat that owes a decision, if any (in the
 * Grand Tichu decisions, every bot seat that owes one).
 */
export function botsToAsk(state: MatchState, isBot: (seat: Seat) => boolean): BotAsk[] {
  if (state.status !== 'playing') return [];
  const asks: BotAsk[] = [];
  const hand = state.hand;
  if (hand.phase === 'play' && hand.trick && !hand.pending) {
    for (const seat of SEATS)
      if (isBot(seat) && hand.turn !== seat && canBomb(state, seat)) asks.push({ seat, owes: false });
  }
  // The Grand Tichu decisions are everyone's at once: each bot seat that owes one is listed (a
  // search seat's is asked of the pool, the others' made without waiting for it).
  const owing = SEATS.filter(
    (seat) => isBot(seat) && owesAction(state, seat) && !waitsForPartner(state, seat, isBot),
  );
  for (const seat of hand.phase === 'grandTichu' ? owing : owing.slice(0, 1)) asks.push({ seat, owes: true });
  return asks;
}
