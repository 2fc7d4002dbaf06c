/** Every reason the table service can refuse a request: a code plus what a message needs. */
import type { CardProblem, RuleError, Seat, SettingsProblem, Team } from '../engine/index.js';
import type { TableStatus } from '../store/records.js';

export type Refusal =
  | { readonly code: 'malformed_id'; readonly what: string }
  /** `overHere`: no table is open in the channel, and its last one finished a match (New match waits on it). */
  | { readonly code: 'unknown_table'; readonly overHere?: boolean }
  | {
      readonly code: 'channel_has_table';
      readonly tableId: string;
      /** The one asking hosts it already. */
      readonly yours?: boolean;
    }
  | { readonly code: 'not_host' }
  | { readonly code: 'not_seated' }
  | { readonly code: 'already_seated'; readonly seat: Seat }
  | { readonly code: 'seat_taken'; readonly seat: Seat }
  | { readonly code: 'seat_empty'; readonly seat: Seat }
  | { readonly code: 'bad_seat'; readonly seat: unknown }
  | { readonly code: 'table_full' }
  | { readonly code: 'team_full'; readonly team: Team }
  | { readonly code: 'wrong_status'; readonly status: TableStatus; readonly needed: readonly TableStatus[] }
  | { readonly code: 'seats_not_filled'; readonly empty: number }
  | { readonly code: 'bad_settings'; readonly problem: SettingsRefusal }
  | { readonly code: 'stale_view'; readonly seen: number; readonly version: number }
  | { readonly code: 'already_voted' }
  | { readonly code: 'not_a_bot'; readonly seat: Seat }
  | { readonly code: 'bad_bot_level'; readonly level: unknown }
  | { readonly code: 'cannot_remove_host' }
  | { readonly code: 'player_not_seated'; readonly userId: string }
  | { readonly code: 'no_bot' }
  | { readonly code: 'unknown_match' }
  | { readonly code: 'match_in_progress' }
  | { readonly code: 'hand_not_over' }
  | { readonly code: 'already_away' }
  | { readonly code: 'not_away' }
  // Substitutes: taking over an away or bot seat mid-match.
  | { readonly code: 'seat_not_open'; readonly seat: Seat }
  | { readonly code: 'request_pending'; readonly seat: Seat }
  | { readonly code: 'already_asked'; readonly seat: Seat }
  | { readonly code: 'no_request' }
  | { readonly code: 'not_approver' }
  | { readonly code: 'already_approved' }
  | { readonly code: 'player_is_bot' }
  | { readonly code: 'player_seated'; readonly userId: string; readonly seat: Seat }
  | { readonly code: 'held_other_seat'; readonly seat: Seat; readonly userId?: string }
  | { readonly code: 'bot_thinking' }
  // Events (a club's Tichu night): one code, the reason says which rule.
  | { readonly code: 'event'; readonly reason: EventReason; readonly count?: number }
  // The weekly challenge: one code, the reason says which rule.
  | { readonly code: 'challenge'; readonly reason: ChallengeReason }
  // Hand reviews: one code, the reason says which rule (src/app/reviews.ts).
  | { readonly code: 'review'; readonly reason: ReviewReason }
  // Said by the Discord layer, in the same words map: typed cards it cannot read, a restart, a bug.
  | { readonly code: 'unreadable_cards'; readonly problem: CardProblem }
  | { readonly code: 'restarting' }
  | { readonly code: 'internal_error' }
  // The disk has no room: nothing was saved, nothing lost (the store logs it once).
  | { readonly code: 'disk_full' }
  | { readonly code: 'rule'; readonly error: RuleError };

export type RefusalCode = Refusal['code'];

/** Why an event refused: each has its sentence (`refusal.event.*`). */
export const EVENT_REASONS = [
  'unknown',
  'channel_has_event',
  'not_host',
  'not_checking_in',
  'not_running',
  'checked_in',
  'not_checked_in',
  'partner_self',
  'partners_duplicate',
  'partner_checked_in',
  'partner_asked',
  'not_asked',
  'own_request',
  'request_gone',
  'pairs_fixed',
  'too_few',
  'bad_hands',
  'bad_rounds',
  'bad_timer',
  'bad_scheme',
  'board_hidden',
  'table_gone',
  'event_table',
  'event_full',
  'in_thread',
  'seated_elsewhere',
] as const;
export type EventReason = (typeof EVENT_REASONS)[number];

/** Why the weekly challenge refused: each has its sentence (`challenge.refusal.*`). */
export const CHALLENGE_REASONS = [
  'in_thread',
  'no_week',
  'not_started',
  'not_closed',
  'no_entry',
  'still_playing',
  'no_boards',
  'not_admin',
  'bad_turn',
  'bad_board',
  'solo_table',
  'unknown',
] as const;
export type ChallengeReason = (typeof CHALLENGE_REASONS)[number];

/** Why a hand review was refused (src/app/reviews.ts): each has its sentence (`review.refusal.*`). */
export const REVIEW_REASONS = [
  'not_finished',
  'not_yours',
  'busy',
  'full',
  'failed',
  'challenge_open',
] as const;
export type ReviewReason = (typeof REVIEW_REASONS)[number];

/** What made settings unusable: the engine's judgement of the rules, or a turn timer it does not know. */
export type SettingsRefusal =
  | SettingsProblem
  | { readonly kind: 'timer'; readonly timers: readonly string[] }
  | { readonly kind: 'pace'; readonly paces: readonly string[] };
