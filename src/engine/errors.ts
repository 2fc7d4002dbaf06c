/** Every reason the engine can refuse an action: a code plus the details a message needs. */
import type { MalformedAction } from './actions.js';
import type { Card, Rank } from './cards.js';
import type { Combo, ComboError } from './combo.js';
import type { Call, HandPhase, Pending, Seat } from './state.js';

export type RuleError =
  | MalformedAction
  | ComboError
  | { readonly code: 'bad_seat'; readonly seat: unknown }
  | { readonly code: 'match_over' }
  | { readonly code: 'wrong_phase'; readonly phase: HandPhase }
  | { readonly code: 'not_your_turn'; readonly turn: Seat | null }
  | { readonly code: 'waiting_for_decision'; readonly pending: Pending }
  | { readonly code: 'no_decision_pending' }
  | { readonly code: 'already_decided' }
  | { readonly code: 'already_called'; readonly call: Call }
  | { readonly code: 'call_window_closed' }
  | { readonly code: 'calls_closed_after_first_out' }
  | { readonly code: 'already_exchanged' }
  | { readonly code: 'duplicate_cards'; readonly cards: readonly Card[] }
  | { readonly code: 'not_in_hand'; readonly cards: readonly Card[] }
  | { readonly code: 'player_out' }
  | { readonly code: 'cannot_pass_lead' }
  | { readonly code: 'dog_only_on_lead' }
  | { readonly code: 'does_not_beat'; readonly combo: Combo; readonly top: Combo }
  | { readonly code: 'bomb_needs_trick' }
  | { readonly code: 'only_bombs_out_of_turn'; readonly turn: Seat | null }
  | { readonly code: 'must_fulfil_wish'; readonly wish: Rank; readonly bombOnly: boolean }
  | { readonly code: 'wish_required' }
  | { readonly code: 'gift_to_opponent_only'; readonly to: Seat };

export type RuleErrorCode = RuleError['code'];
