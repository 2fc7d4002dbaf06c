/**
 * The metrics' labels from what the Discord layer sees, bounded by construction: an interaction's
 * outcome as a class, its kind as the log names it (a command or custom-id family, never the id),
 * and a REST request's bucketed route (ids as `:id`, an interaction's or webhook's token as
 * `:token`), never a path with ids, tokens or card codes in it.
 */
import type { Interaction } from 'discord.js';
import type { RefusalCode } from '../app/refusals.js';
import type { InteractionType } from '../metrics/recorder.js';

/** Outcomes that are their own class. */
const OWN_CLASS = new Set([
  'ok',
  'error',
  'disk_full',
  'expired',
  'shutting_down',
  'answered_on_retry',
  'ignored',
]);

/** Every refusal the table service can give (the typecheck fails when one is missing). */
const SERVICE_REFUSALS: Readonly<Record<RefusalCode, 'refused' | 'error'>> = {
  malformed_id: 'refused',
  unknown_table: 'refused',
  channel_has_table: 'refused',
  not_host: 'refused',
  not_seated: 'refused',
  already_seated: 'refused',
  seat_taken: 'refused',
  seat_empty: 'refused',
  bad_seat: 'refused',
  table_full: 'refused',
  team_full: 'refused',
  wrong_status: 'refused',
  seats_not_filled: 'refused',
  bad_settings: 'refused',
  stale_view: 'refused',
  already_voted: 'refused',
  not_a_bot: 'refused',
  bad_bot_level: 'refused',
  cannot_remove_host: 'refused',
  player_not_seated: 'refused',
  no_bot: 'refused',
  unknown_match: 'refused',
  match_in_progress: 'refused',
  hand_not_over: 'refused',
  already_away: 'refused',
  not_away: 'refused',
  seat_not_open: 'refused',
  request_pending: 'refused',
  already_asked: 'refused',
  no_request: 'refused',
  not_approver: 'refused',
  already_approved: 'refused',
  player_is_bot: 'refused',
  player_seated: 'refused',
  held_other_seat: 'refused',
  bot_thinking: 'refused',
  event: 'refused',
  challenge: 'refused',
  review: 'refused',
  unreadable_cards: 'refused',
  restarting: 'refused',
  internal_error: 'error',
  disk_full: 'refused',
  rule: 'refused',
};

/** What the door itself refuses: options, stale or foreign ids, forms it no longer sends. */
const DOOR_REFUSALS = new Set([
  'invalid_option',
  'stale_command',
  'stale_component',
  'stale_form',
  'foreign_component',
  'spent_component',
  'no_table',
]);

/**
 * An interaction's outcome (the log's `outcome`) as a class: `ok` (answered as asked: any result the
 * handlers report on success), `refused` (a rule, a stale view, bad input: said in words), `error`,
 * and the door's own `disk_full`, `expired`, `shutting_down`, `answered_on_retry`, `ignored`.
 */
export function outcomeClass(result: string): string {
  if (OWN_CLASS.has(result)) return result;
  if (result.startsWith('rule:') || DOOR_REFUSALS.has(result)) return 'refused';
  if (result === 'reply_failed') return 'error';
  return (SERVICE_REFUSALS as Readonly<Record<string, string>>)[result] ?? 'ok';
}

/**
 * An interaction's kind as a label: the log's kind ("/table create", "pass", "leaderboard"), which
 * the door builds from names it knows; anything else (it never is) is `other`.
 */
export function kindLabel(kind: string): string {
  return kind.length <= 48 && /^[a-z /-]+$/.test(kind) ? kind : 'other';
}

export function interactionType(interaction: Interaction): InteractionType {
  if (interaction.isChatInputCommand()) return 'command';
  if (interaction.isAutocomplete()) return 'autocomplete';
  if (interaction.isMessageComponent()) return 'component';
  if (interaction.isModalSubmit()) return 'modal';
  return 'other';
}

/**
 * A REST request's route as discord.js buckets it: snowflakes as `:id`, an interaction callback's or
 * a webhook's token as `:token`, a reaction's emoji as `:reaction`, no query. A route of any other
 * shape than Discord's (letters, `:id`s, `@original`, `@me`) is `other`. discord.js sends
 * `@original` escaped (`messages/%40original`, every edit of an interaction's answer): read as `@`.
 */
export function restRoute(fullRoute: string): string {
  const path = (fullRoute.split('?')[0] ?? '').replace(/%40/gi, '@');
  const route = path
    .replace(/^\/interactions\/[^/]+\/[^/]+/, '/interactions/:id/:token')
    .replace(/^\/webhooks\/[^/]+\/[^/]+/, '/webhooks/:id/:token')
    .replace(/\/reactions\/.*/, '/reactions/:reaction')
    .replace(/\/\d+(?=\/|$)/g, '/:id');
  return route.length <= 80 && /^(\/(:id|:token|:reaction|@original|@me|[a-z][a-z-]*))+$/.test(route)
    ? route
    : 'other';
}
