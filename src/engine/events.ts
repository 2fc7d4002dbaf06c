/** What an accepted action caused, in order: facts for logs, history and the table message. */
import type { Rank } from './cards.js';
import type { Combo } from './combo.js';
import type { CompletedTrick, HandResult, Seat, Team } from './state.js';

export type GameEvent =
  | { readonly type: 'handStarted'; readonly number: number }
  | { readonly type: 'grandTichuDecided'; readonly seat: Seat; readonly call: boolean }
  | { readonly type: 'allCardsDealt' }
  | { readonly type: 'tichuCalled'; readonly seat: Seat }
  | { readonly type: 'exchangeChosen'; readonly seat: Seat }
  | { readonly type: 'exchangeCompleted' }
  | { readonly type: 'played'; readonly seat: Seat; readonly combo: Combo; readonly outOfTurn: boolean }
  | { readonly type: 'passed'; readonly seat: Seat }
  | { readonly type: 'leadPassedByDog'; readonly from: Seat; readonly to: Seat }
  | { readonly type: 'wishMade'; readonly seat: Seat; readonly rank: Rank | null }
  | { readonly type: 'wishFulfilled'; readonly seat: Seat; readonly rank: Rank }
  | { readonly type: 'trickWon'; readonly trick: CompletedTrick }
  | { readonly type: 'dragonGiven'; readonly from: Seat; readonly to: Seat }
  | { readonly type: 'wentOut'; readonly seat: Seat; readonly place: number }
  | { readonly type: 'handEnded'; readonly result: HandResult }
  | {
      readonly type: 'matchEnded';
      /** Null: a match with a hand limit ended level (a draw). */
      readonly winner: Team | null;
      readonly scores: readonly [number, number];
    };
