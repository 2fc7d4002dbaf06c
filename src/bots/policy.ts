/**
 * The one interface every computer player implements: bot seats, and later a player whose clock ran
 * out or who stepped away. A policy decides from its seat's view and its own memory of the hand,
 * never from the whole state (`decideFor` is the only place that turns a state into those two).
 */
import type { Action, Card, PerSeat, Rng, SeatView } from '../engine/index.js';

export const BOT_LEVELS = ['easy', 'normal', 'hard', 'expert'] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];
/**
 * Levels as they were before a change, kept so the arena can measure the new ones against them
 * (`npm run arena -- --team normal --vs normal@v1`); never seated at a table.
 */
export const ARCHIVED_LEVELS = ['normal@v1', 'hard@v1'] as const;
export type ArchivedLevel = (typeof ARCHIVED_LEVELS)[number];
/** Every level a policy exists for: the product's and the archived ones. */
export type PolicyLevel = BotLevel | ArchivedLevel;
export const DEFAULT_BOT_LEVEL: BotLevel = 'normal';

export function isBotLevel(value: unknown): value is BotLevel {
  return typeof value === 'string' && (BOT_LEVELS as readonly string[]).includes(value);
}

/** What a seat has seen this hand beyond its view: public facts it would remember at a real table. */
export interface Memory {
  /** Every card played this hand so far, by anyone (each trick was seen face up), in no set order. */
  readonly played: readonly Card[];
  /** The cards each seat has taken in tricks (public: everyone saw who took each trick). */
  readonly won: PerSeat<readonly Card[]>;
}

export interface Budget {
  /** Wall-clock time a decision may take, in milliseconds (search levels only). */
  readonly ms: number;
  /** A cap on search work (playouts); with it and no time limit, a decision depends only on the seed. */
  readonly playouts?: number;
  /** The clock search reads; injected so bots stay pure where it matters (tests). */
  readonly now: () => number;
}

/**
 * Decides one action. `legal` is what the engine allows the seat right now, except that exchange
 * picks are not listed (a policy picks three cards of `view.hand`). When the seat owes a decision
 * (its turn, the wish, the Dragon gift, a Grand Tichu decision, its exchange) the policy returns an
 * action; when it is only asked whether to bomb out of turn (`legal` holds the bombs), it returns a
 * bomb or null. It may return `{ type: 'tichu' }` first while the call is open; it is asked again.
 */
export type Policy = (
  view: SeatView,
  memory: Memory,
  legal: readonly Action[],
  rng: Rng,
  budget: Budget,
) => Action | null;
