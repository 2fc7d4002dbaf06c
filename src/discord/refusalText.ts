/**
 * One map from every refusal code to a sentence a player understands, in the reader's language.
 * Adding a code to the engine or the service does not compile until it has words here; each word
 * comes from the catalogue (`refusal.*` in src/i18n).
 */
import {
  EVENT_REASONS,
  type EventReason,
  type Refusal,
  type RefusalCode,
  type SettingsRefusal,
} from '../app/refusals.js';
import { BOT_LEVELS } from '../bots/policy.js';
import type { CardProblem, HandPhase, RuleError, RuleErrorCode, Seat } from '../engine/index.js';
import type { Placeholders } from '../i18n/format.js';
import { type English, type Key, type Lang, plural, t } from '../i18n/index.js';
import { cardsLabel, comboLabel, rankLabel } from './cardText.js';
import { echo } from './door/doorText.js';
import type { Ui } from './ui.js';

export interface TextContext {
  /** A seat's player name, e.g. "Bob". */
  seatName(seat: Seat): string;
}

/** Seat names for sentences that name no player: "Seat 2", "Platz 2". */
export function seatNumbers(lang: Lang): TextContext {
  return { seatName: (seat) => t(lang, 'refusal.seat', { seat: seat + 1 }) };
}

/** A catalogue key whose text has no placeholders. */
type PlainKey = { [K in Key]: [Placeholders<English[K]>] extends [never] ? K : never }[Key];

type RuleTexts = {
  [C in RuleErrorCode]: (error: Extract<RuleError, { code: C }>, ctx: TextContext, ui: Ui) => string;
};

const PHASE_KEYS: Readonly<Record<HandPhase, PlainKey>> = {
  grandTichu: 'refusal.rule.wrong_phase.grandTichu',
  exchange: 'refusal.rule.wrong_phase.exchange',
  play: 'refusal.rule.wrong_phase.play',
  finished: 'refusal.rule.wrong_phase.finished',
};

const RULE_TEXTS: RuleTexts = {
  malformed_action: (_e, _c, { lang }) => t(lang, 'refusal.rule.malformed_action'),
  not_a_combo: (e, _c, ui) => t(ui.lang, 'refusal.rule.not_a_combo', { cards: cardsLabel(e.cards, ui) }),
  bad_phoenix_reading: (e, _c, ui) =>
    t(ui.lang, 'refusal.rule.bad_phoenix_reading', {
      rank: rankLabel(e.phoenixAs),
      cards: cardsLabel(e.cards, ui),
    }),
  bad_seat: (_e, _c, { lang }) => t(lang, 'refusal.rule.bad_seat'),
  match_over: (_e, _c, { lang }) => t(lang, 'refusal.rule.match_over'),
  wrong_phase: (e, _c, { lang }) => t(lang, PHASE_KEYS[e.phase] ?? PHASE_KEYS.finished),
  not_your_turn: (e, ctx, { lang }) =>
    e.turn === null
      ? t(lang, 'refusal.rule.nobodys_turn')
      : t(lang, 'refusal.rule.not_your_turn', { name: ctx.seatName(e.turn) }),
  waiting_for_decision: (e, ctx, { lang }) =>
    t(
      lang,
      e.pending.kind === 'wish'
        ? 'refusal.rule.waiting_for_decision.wish'
        : 'refusal.rule.waiting_for_decision.dragon',
      { name: ctx.seatName(e.pending.seat) },
    ),
  no_decision_pending: (_e, _c, { lang }) => t(lang, 'refusal.rule.no_decision_pending'),
  already_decided: (_e, _c, { lang }) => t(lang, 'refusal.rule.already_decided'),
  already_called: (e, _c, { lang }) =>
    t(
      lang,
      e.call === 'grandTichu'
        ? 'refusal.rule.already_called.grandTichu'
        : 'refusal.rule.already_called.tichu',
    ),
  call_window_closed: (_e, _c, { lang }) => t(lang, 'refusal.rule.call_window_closed'),
  calls_closed_after_first_out: (_e, _c, { lang }) => t(lang, 'refusal.rule.calls_closed_after_first_out'),
  already_exchanged: (_e, _c, { lang }) => t(lang, 'refusal.rule.already_exchanged'),
  duplicate_cards: (e, _c, ui) =>
    t(ui.lang, 'refusal.rule.duplicate_cards', { cards: cardsLabel(e.cards, ui) }),
  not_in_hand: (e, _c, ui) => t(ui.lang, 'refusal.rule.not_in_hand', { cards: cardsLabel(e.cards, ui) }),
  player_out: (_e, _c, { lang }) => t(lang, 'refusal.rule.player_out'),
  cannot_pass_lead: (_e, _c, { lang }) => t(lang, 'refusal.rule.cannot_pass_lead'),
  dog_only_on_lead: (_e, _c, { lang }) => t(lang, 'refusal.rule.dog_only_on_lead'),
  does_not_beat: (e, _c, { lang }) =>
    t(lang, 'refusal.rule.does_not_beat', {
      combo: capital(comboLabel(e.combo, lang)),
      top: comboLabel(e.top, lang),
    }),
  bomb_needs_trick: (_e, _c, { lang }) => t(lang, 'refusal.rule.bomb_needs_trick'),
  only_bombs_out_of_turn: (e, ctx, { lang }) =>
    e.turn === null
      ? t(lang, 'refusal.rule.nobodys_turn')
      : t(lang, 'refusal.rule.only_bombs_out_of_turn', { name: ctx.seatName(e.turn) }),
  must_fulfil_wish: (e, _c, { lang }) =>
    t(lang, e.bombOnly ? 'refusal.rule.must_fulfil_wish.bomb' : 'refusal.rule.must_fulfil_wish', {
      rank: rankLabel(e.wish),
    }),
  wish_required: (_e, _c, { lang }) => t(lang, 'refusal.rule.wish_required'),
  gift_to_opponent_only: (_e, _c, { lang }) => t(lang, 'refusal.rule.gift_to_opponent_only'),
};

type RefusalTexts = {
  [C in Exclude<RefusalCode, 'rule'>]: (refusal: Extract<Refusal, { code: C }>, lang: Lang) => string;
};

/** An event's refusal reasons: each its own sentence (some name a bound, `count`). */
const EVENT_KEYS = Object.fromEntries(EVENT_REASONS.map((r) => [r, `refusal.event.${r}`])) as Record<
  EventReason,
  'refusal.event.too_few'
>;

/** The words a refusal with no details needs: its code's own key. */
const plain =
  (key: PlainKey) =>
  (_r: unknown, lang: Lang): string =>
    t(lang, key);

const REFUSAL_TEXTS: RefusalTexts = {
  malformed_id: (r, lang) => t(lang, 'refusal.malformed_id', { what: whatWords(r.what, lang) }),
  unknown_table: (r, lang) => t(lang, r.overHere ? 'refusal.unknown_table.over' : 'refusal.unknown_table'),
  channel_has_table: (r, lang) =>
    t(lang, r.yours ? 'refusal.channel_has_your_table' : 'refusal.channel_has_table'),
  not_host: plain('refusal.not_host'),
  event: (r, lang) => t(lang, EVENT_KEYS[r.reason], { count: r.count ?? 0 }),
  challenge: (r, lang) => t(lang, `challenge.refusal.${r.reason}`),
  review: (r, lang) => t(lang, `review.refusal.${r.reason}`),
  not_seated: plain('refusal.not_seated'),
  already_seated: (r, lang) => t(lang, 'refusal.already_seated', { seat: r.seat + 1 }),
  seat_taken: (r, lang) => t(lang, 'refusal.seat_taken', { seat: r.seat + 1 }),
  seat_empty: (r, lang) => t(lang, 'refusal.seat_empty', { seat: r.seat + 1 }),
  bad_seat: plain('refusal.bad_seat'),
  table_full: plain('refusal.table_full'),
  team_full: (r, lang) => t(lang, 'refusal.team_full', { team: r.team === 0 ? 'A' : 'B' }),
  wrong_status: (r, lang) => t(lang, `refusal.wrong_status.${r.status}`),
  seats_not_filled: (r, lang) => plural(lang, 'refusal.seats_not_filled', r.empty),
  bad_settings: (r, lang) => t(lang, 'refusal.bad_settings', { reason: settingsText(r.problem, lang) }),
  stale_view: plain('refusal.stale_view'),
  already_voted: plain('refusal.already_voted'),
  not_a_bot: (r, lang) => t(lang, 'refusal.not_a_bot', { seat: r.seat + 1 }),
  bad_bot_level: (_r, lang) =>
    t(lang, 'refusal.bad_bot_level', {
      levels: BOT_LEVELS.map((level) => t(lang, `table.level.${level}`)).join(', '),
    }),
  unknown_match: plain('refusal.unknown_match'),
  match_in_progress: plain('refusal.match_in_progress'),
  hand_not_over: plain('refusal.hand_not_over'),
  cannot_remove_host: plain('refusal.cannot_remove_host'),
  // A mention renders as the member's name; answers are sent with no mention allowed, so no ping.
  player_not_seated: (r, lang) => t(lang, 'refusal.player_not_seated', { user: r.userId }),
  no_bot: plain('refusal.no_bot'),
  already_away: plain('refusal.already_away'),
  not_away: plain('refusal.not_away'),
  seat_not_open: (r, lang) => t(lang, 'refusal.seat_not_open', { seat: r.seat + 1 }),
  request_pending: (r, lang) => t(lang, 'refusal.request_pending', { seat: r.seat + 1 }),
  already_asked: (r, lang) => t(lang, 'refusal.already_asked', { seat: r.seat + 1 }),
  no_request: plain('refusal.no_request'),
  not_approver: plain('refusal.not_approver'),
  already_approved: plain('refusal.already_approved'),
  player_is_bot: plain('refusal.player_is_bot'),
  player_seated: (r, lang) => t(lang, 'refusal.player_seated', { user: r.userId, seat: r.seat + 1 }),
  held_other_seat: (r, lang) =>
    r.userId
      ? t(lang, 'refusal.held_other_seat.them', { user: r.userId, seat: r.seat + 1 })
      : t(lang, 'refusal.held_other_seat.you', { seat: r.seat + 1 }),
  bot_thinking: plain('refusal.bot_thinking'),
  unreadable_cards: (r, lang) =>
    t(lang, 'refusal.unreadable_cards', { reason: cardProblemWords(r.problem, lang) }),
  restarting: plain('refusal.restarting'),
  internal_error: plain('refusal.internal_error'),
  disk_full: plain('refusal.disk_full'),
};

/** A refusal as one sentence for `ui`'s reader; seats named by `ctx`, cards as `ui` shows them. */
export function refusalText(refusal: Refusal, ctx: TextContext, ui: Ui): string {
  if (refusal.code === 'rule') return ruleText(refusal.error, ctx, ui);
  const text = REFUSAL_TEXTS[refusal.code] as (r: Refusal, lang: Lang) => string;
  return text(refusal, ui.lang);
}

export function ruleText(error: RuleError, ctx: TextContext, ui: Ui): string {
  const text = RULE_TEXTS[error.code] as (e: RuleError, c: TextContext, ui: Ui) => string;
  return text(error, ctx, ui);
}

/** What a `malformed_id` names ("button", "card choice"…), with its demonstrative: "That button". */
const WHAT_KEYS: Readonly<Record<string, PlainKey>> = {
  button: 'refusal.what.button',
  menu: 'refusal.what.menu',
  command: 'refusal.what.command',
  wish: 'refusal.what.wish',
  'card choice': 'refusal.what.cardChoice',
  play: 'refusal.what.play',
  'kind of play': 'refusal.what.kindOfPlay',
  'exchange choice': 'refusal.what.exchangeChoice',
  choice: 'refusal.what.choice',
  'table id': 'refusal.what.tableId',
  'server id': 'refusal.what.serverId',
  'channel id': 'refusal.what.channelId',
  'user id': 'refusal.what.userId',
};

function whatWords(what: string, lang: Lang): string {
  const key = Object.hasOwn(WHAT_KEYS, what) ? WHAT_KEYS[what] : undefined;
  return key ? t(lang, key) : t(lang, 'refusal.what.other', { what: echo(what) });
}

/** Why settings cannot be used, in `lang`. */
export function settingsText(problem: SettingsRefusal, lang: Lang): string {
  if (problem.kind === 'target')
    return t(lang, 'refusal.reason.target', { min: problem.min, max: problem.max });
  if (problem.kind === 'handLimit')
    return t(lang, 'refusal.reason.handLimit', { min: problem.min, max: problem.max });
  if (problem.kind === 'pace') return t(lang, 'refusal.reason.pace', { paces: problem.paces.join(', ') });
  return t(lang, 'refusal.reason.timer', { timers: problem.timers.join(', ') });
}

/** What was wrong with a typed card, in `lang`. */
export function cardProblemWords(problem: CardProblem, lang: Lang): string {
  switch (problem.kind) {
    case 'empty':
      return t(lang, 'refusal.reason.emptyCard');
    case 'suit':
      // What the player typed, repeated: cut to fit.
      return t(lang, 'refusal.reason.suit', { text: echo(problem.raw) });
    case 'rank':
      return t(lang, 'refusal.reason.rank', { text: echo(problem.raw) });
    case 'twice':
      return t(lang, 'refusal.reason.twice', { card: problem.card });
  }
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
