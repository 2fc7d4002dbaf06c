/**
 * One refusal of every code and one rule error of every code, with the details its words use:
 * typed so that a new code does not compile until it has a sample here.
 */
import {
  CHALLENGE_REASONS,
  EVENT_REASONS,
  REVIEW_REASONS,
  type Refusal,
  type RefusalCode,
} from '../../src/app/refusals.js';
import {
  type Card,
  type Combo,
  type RuleError,
  type RuleErrorCode,
  readCombos,
} from '../../src/engine/index.js';

function combo(cards: readonly Card[]): Combo {
  const found = readCombos(cards)[0];
  if (!found) throw new Error(`no combo of ${cards.join(' ')}`);
  return found;
}

type Samples<U extends { code: string }, C extends string> = {
  readonly [K in C]: ReadonlyArray<Extract<U, { code: K }>>;
};

export const RULE_SAMPLES: Samples<RuleError, RuleErrorCode> = {
  malformed_action: [{ code: 'malformed_action', reason: 'an action must be an object' }],
  not_a_combo: [{ code: 'not_a_combo', cards: ['7st', 'Kjd'] }],
  bad_phoenix_reading: [{ code: 'bad_phoenix_reading', cards: ['phoenix', '9sw'], phoenixAs: 4 }],
  bad_seat: [{ code: 'bad_seat', seat: 7 }],
  match_over: [{ code: 'match_over' }],
  wrong_phase: [
    { code: 'wrong_phase', phase: 'grandTichu' },
    { code: 'wrong_phase', phase: 'exchange' },
    { code: 'wrong_phase', phase: 'play' },
    { code: 'wrong_phase', phase: 'finished' },
  ],
  not_your_turn: [
    { code: 'not_your_turn', turn: 2 },
    { code: 'not_your_turn', turn: null },
  ],
  waiting_for_decision: [
    { code: 'waiting_for_decision', pending: { kind: 'wish', seat: 1 } },
    { code: 'waiting_for_decision', pending: { kind: 'dragonGift', seat: 3 } },
  ],
  no_decision_pending: [{ code: 'no_decision_pending' }],
  already_decided: [{ code: 'already_decided' }],
  already_called: [
    { code: 'already_called', call: 'grandTichu' },
    { code: 'already_called', call: 'tichu' },
  ],
  call_window_closed: [{ code: 'call_window_closed' }],
  calls_closed_after_first_out: [{ code: 'calls_closed_after_first_out' }],
  already_exchanged: [{ code: 'already_exchanged' }],
  duplicate_cards: [{ code: 'duplicate_cards', cards: ['7st', '7st'] }],
  not_in_hand: [{ code: 'not_in_hand', cards: ['dragon', 'Ajd'] }],
  player_out: [{ code: 'player_out' }],
  cannot_pass_lead: [{ code: 'cannot_pass_lead' }],
  dog_only_on_lead: [{ code: 'dog_only_on_lead' }],
  does_not_beat: [{ code: 'does_not_beat', combo: combo(['7st', '7jd']), top: combo(['Kst', 'Kjd']) }],
  bomb_needs_trick: [{ code: 'bomb_needs_trick' }],
  only_bombs_out_of_turn: [
    { code: 'only_bombs_out_of_turn', turn: 0 },
    { code: 'only_bombs_out_of_turn', turn: null },
  ],
  must_fulfil_wish: [
    { code: 'must_fulfil_wish', wish: 8, bombOnly: false },
    { code: 'must_fulfil_wish', wish: 13, bombOnly: true },
  ],
  wish_required: [{ code: 'wish_required' }],
  gift_to_opponent_only: [{ code: 'gift_to_opponent_only', to: 2 }],
};

export const REFUSAL_SAMPLES: Samples<Refusal, RefusalCode> = {
  event: EVENT_REASONS.map((reason) => ({ code: 'event', reason, count: 4 }) as const),
  challenge: CHALLENGE_REASONS.map((reason) => ({ code: 'challenge', reason }) as const),
  review: REVIEW_REASONS.map((reason) => ({ code: 'review', reason }) as const),
  malformed_id: [
    ...[
      'button',
      'menu',
      'command',
      'wish',
      'card choice',
      'play',
      'kind of play',
      'exchange choice',
      'choice',
    ].map((what) => ({ code: 'malformed_id', what }) as const),
    ...['table id', 'server id', 'channel id', 'user id'].map(
      (what) => ({ code: 'malformed_id', what }) as const,
    ),
  ],
  unknown_table: [{ code: 'unknown_table' }],
  channel_has_table: [
    { code: 'channel_has_table', tableId: 'abcd1234' },
    { code: 'channel_has_table', tableId: 'abcd1234', yours: true },
  ],
  not_host: [{ code: 'not_host' }],
  not_seated: [{ code: 'not_seated' }],
  already_seated: [{ code: 'already_seated', seat: 1 }],
  seat_taken: [{ code: 'seat_taken', seat: 2 }],
  seat_empty: [{ code: 'seat_empty', seat: 3 }],
  bad_seat: [{ code: 'bad_seat', seat: 9 }],
  table_full: [{ code: 'table_full' }],
  team_full: [
    { code: 'team_full', team: 0 },
    { code: 'team_full', team: 1 },
  ],
  wrong_status: (['lobby', 'playing', 'paused', 'finished', 'abandoned'] as const).map(
    (status) => ({ code: 'wrong_status', status, needed: ['lobby'] }) as const,
  ),
  seats_not_filled: [
    { code: 'seats_not_filled', empty: 1 },
    { code: 'seats_not_filled', empty: 3 },
  ],
  bad_settings: [
    { code: 'bad_settings', problem: { kind: 'target', min: 50, max: 10000 } },
    { code: 'bad_settings', problem: { kind: 'timer', timers: ['off', '30s', '60s', '2m', '5m'] } },
    { code: 'bad_settings', problem: { kind: 'pace', paces: ['quick', 'normal', 'slow'] } },
  ],
  stale_view: [{ code: 'stale_view', seen: 3, version: 5 }],
  already_voted: [{ code: 'already_voted' }],
  not_a_bot: [{ code: 'not_a_bot', seat: 0 }],
  bad_bot_level: [{ code: 'bad_bot_level', level: 'genius' }],
  cannot_remove_host: [{ code: 'cannot_remove_host' }],
  player_not_seated: [{ code: 'player_not_seated', userId: '300000000000000004' }],
  no_bot: [{ code: 'no_bot' }],
  unknown_match: [{ code: 'unknown_match' }],
  match_in_progress: [{ code: 'match_in_progress' }],
  hand_not_over: [{ code: 'hand_not_over' }],
  already_away: [{ code: 'already_away' }],
  not_away: [{ code: 'not_away' }],
  seat_not_open: [{ code: 'seat_not_open', seat: 1 }],
  request_pending: [{ code: 'request_pending', seat: 2 }],
  already_asked: [{ code: 'already_asked', seat: 3 }],
  no_request: [{ code: 'no_request' }],
  not_approver: [{ code: 'not_approver' }],
  already_approved: [{ code: 'already_approved' }],
  player_is_bot: [{ code: 'player_is_bot' }],
  player_seated: [{ code: 'player_seated', userId: '300000000000000004', seat: 2 }],
  held_other_seat: [
    { code: 'held_other_seat', seat: 1 },
    { code: 'held_other_seat', seat: 1, userId: '300000000000000004' },
  ],
  bot_thinking: [{ code: 'bot_thinking' }],
  unreadable_cards: [
    { code: 'unreadable_cards', problem: { kind: 'suit', raw: '7xx' } },
    { code: 'unreadable_cards', problem: { kind: 'rank', raw: 'zst' } },
    { code: 'unreadable_cards', problem: { kind: 'twice', card: '7st' } },
    { code: 'unreadable_cards', problem: { kind: 'empty' } },
  ],
  restarting: [{ code: 'restarting' }],
  internal_error: [{ code: 'internal_error' }],
  disk_full: [{ code: 'disk_full' }],
  rule: Object.values(RULE_SAMPLES)
    .flat()
    .map((error) => ({ code: 'rule', error }) as const),
};

/** Every sample refusal, rule errors included. */
export const ALL_REFUSALS: readonly Refusal[] = Object.values(REFUSAL_SAMPLES).flat();
