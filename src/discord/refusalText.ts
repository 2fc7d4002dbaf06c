/**
 * One map from every refusal code to a sentence a player understands. Adding a code to the engine
 * or the service does not compile until it has words here.
 */
import type { Refusal, RefusalCode } from '../app/refusals.js';
import { BOT_LEVELS } from '../bots/policy.js';
import type { RuleError, RuleErrorCode, Seat } from '../engine/index.js';
import { cardsLabel, comboLabel, rankLabel } from './cardText.js';
import { EN_TEXT } from './ui.js';

export interface TextContext {
  /** A seat's player name, e.g. "Bob". */
  seatName(seat: Seat): string;
}

type RuleTexts = {
  [C in RuleErrorCode]: (error: Extract<RuleError, { code: C }>, ctx: TextContext) => string;
};

const RULE_TEXTS: RuleTexts = {
  malformed_action: () => 'That action could not be understood. Try again from a fresh panel.',
  not_a_combo: (e) => `${cardsLabel(e.cards, EN_TEXT)} is not a combination you can play together.`,
  bad_phoenix_reading: (e) =>
    `The Phoenix cannot stand for ${rankLabel(e.phoenixAs)} in ${cardsLabel(e.cards, EN_TEXT)}.`,
  bad_seat: () => 'That seat does not exist.',
  match_over: () => 'This match is over.',
  wrong_phase: (e) => `That is not possible now: ${phaseWords(e.phase)}.`,
  not_your_turn: (e, ctx) =>
    e.turn === null ? 'It is nobody’s turn right now.' : `It is ${ctx.seatName(e.turn)}’s turn, not yours.`,
  waiting_for_decision: (e, ctx) =>
    e.pending.kind === 'wish'
      ? `Wait a moment: ${ctx.seatName(e.pending.seat)} is naming the Mah Jong wish.`
      : `Wait a moment: ${ctx.seatName(e.pending.seat)} is choosing who gets the Dragon trick.`,
  no_decision_pending: () => 'There is nothing to decide right now.',
  already_decided: () => 'You already decided on Grand Tichu for this hand.',
  already_called: (e) =>
    e.call === 'grandTichu'
      ? 'You already called Grand Tichu this hand.'
      : 'You already called Tichu this hand.',
  call_window_closed: () => 'Too late to call Tichu: you have already played a card this hand.',
  calls_closed_after_first_out: () => 'Too late to call Tichu: someone is already out (this table’s rules).',
  already_exchanged: () => 'You already chose your exchange cards for this hand.',
  duplicate_cards: (e) => `Pick different cards: ${cardsLabel(e.cards, EN_TEXT)} repeats one.`,
  not_in_hand: (e) => `You do not hold ${cardsLabel(e.cards, EN_TEXT)}.`,
  player_out: () => 'You are out of cards for this hand: your partner plays on.',
  cannot_pass_lead: () => 'You lead this trick, so you cannot pass: play any combination.',
  dog_only_on_lead: () => 'The Dog can only be played to lead a trick.',
  does_not_beat: (e) =>
    `${capital(comboLabel(e.combo, 'en'))} does not beat ${comboLabel(e.top, 'en')}: play the same kind, higher.`,
  bomb_needs_trick: () => 'A bomb out of turn needs a combination on the table to bomb.',
  only_bombs_out_of_turn: (e, ctx) =>
    e.turn === null
      ? 'It is nobody’s turn right now.'
      : `It is ${ctx.seatName(e.turn)}’s turn: out of turn you can only bomb.`,
  must_fulfil_wish: (e) =>
    e.bombOnly
      ? `You must bomb with a ${rankLabel(e.wish)}: the Mah Jong wish is ${rankLabel(e.wish)} and only your bomb can fulfil it.`
      : `You must play a ${rankLabel(e.wish)}: the Mah Jong wish is ${rankLabel(e.wish)} and you can fulfil it.`,
  wish_required: () => 'This table’s rules ask you to name a wish.',
  gift_to_opponent_only: () => 'The Dragon trick must go to an opponent.',
};

type RefusalTexts = {
  [C in Exclude<RefusalCode, 'rule'>]: (refusal: Extract<Refusal, { code: C }>, ctx: TextContext) => string;
};

const REFUSAL_TEXTS: RefusalTexts = {
  malformed_id: (r) => `That ${r.what} is not valid.`,
  unknown_table: () => 'There is no Tichu table here. Open one with /table create.',
  channel_has_table: () => 'This channel already has a table: join it, or ask its host to end it.',
  not_host: () => 'Only the table’s host can do that.',
  not_seated: () => 'You are not seated at this table: only its players can do that.',
  already_seated: (r) => `You are already seated (seat ${r.seat + 1}).`,
  seat_taken: (r) => `Seat ${r.seat + 1} is taken.`,
  seat_empty: (r) => `Seat ${r.seat + 1} is empty.`,
  bad_seat: () => 'Seats are numbered 1 to 4.',
  table_full: () => 'The table is full.',
  team_full: (r) => `Team ${r.team === 0 ? 'A' : 'B'} is full.`,
  wrong_status: (r) => `That is not possible ${STATUS_WORDS[r.status]}.`,
  seats_not_filled: (r) =>
    `${r.empty} seat${r.empty === 1 ? ' is' : 's are'} still empty: invite players or add bots.`,
  bad_settings: (r) => `Those settings do not work: ${r.reason}.`,
  stale_view: () => 'The table moved on since this panel was shown. Here is your current hand.',
  already_voted: () => 'You already asked; waiting for the other players.',
  not_a_bot: (r) => `Seat ${r.seat + 1} is not a bot.`,
  bad_bot_level: () => `Bots play at one of these levels: ${BOT_LEVELS.join(', ')}.`,
  unknown_match: () =>
    'There is no such match on this server. /history lists the recent ones with their numbers.',
  match_in_progress: () => 'That match is still being played: it can be exported once it is over.',
  hand_not_over: () => 'That hand is not over yet (or does not exist): its cards stay secret until it ends.',
  cannot_remove_host: () => 'The host cannot be removed; the host can leave or end the table.',
  // A mention renders as the member's name; answers are sent with no mention allowed, so no ping.
  player_not_seated: (r) => `<@${r.userId}> is not seated at this table.`,
  no_bot: () => 'There is no bot at this table.',
  already_away: () => 'You are already away: the bot plays your seat until you click **I’m back**.',
  not_away: () => 'You are not away: your seat is yours.',
  seat_not_open: (r) =>
    `Seat ${r.seat + 1} is not free to take: only a seat whose player is away, or a bot’s, can be taken mid-match.`,
  request_pending: (r) =>
    `Someone already asked for seat ${r.seat + 1}: wait for the answer to that request.`,
  already_asked: (r) =>
    `You already asked for seat ${r.seat + 1}: wait for the answer, or withdraw it with Decline.`,
  no_request: () =>
    'That request is no longer open: it was answered or withdrawn, or its seat is no longer away or a bot.',
  not_approver: () =>
    'Only the host answers this request (or, while the host is away, the players at the table).',
  already_approved: () => 'You already approved; waiting for the other players.',
  player_is_bot: () => 'That is a bot account: a seat can only be handed to a person.',
  player_seated: (r) => `<@${r.userId}> already sits at this table (seat ${r.seat + 1}).`,
  held_other_seat: (r) =>
    r.userId
      ? `<@${r.userId}> played seat ${r.seat + 1} in this match: that is the only seat they can take again.`
      : `You played seat ${r.seat + 1} in this match: that is the only seat you can take again.`,
  bot_thinking: () => 'The bot in that seat is still thinking; try again in a moment.',
  unreadable_cards: (r) => `I could not read those cards: ${r.reason}.`,
  restarting: () => 'The bot is restarting; try again in a moment.',
  internal_error: () => 'Something went wrong on our side. Use /hand to see where the table stands.',
};

export function refusalText(refusal: Refusal, ctx: TextContext): string {
  if (refusal.code === 'rule') return ruleText(refusal.error, ctx);
  const text = REFUSAL_TEXTS[refusal.code] as (r: Refusal, c: TextContext) => string;
  return text(refusal, ctx);
}

export function ruleText(error: RuleError, ctx: TextContext): string {
  const text = RULE_TEXTS[error.code] as (e: RuleError, c: TextContext) => string;
  return text(error, ctx);
}

const STATUS_WORDS = {
  lobby: 'before the match starts',
  playing: 'while the match is being played',
  paused: 'while the match is paused',
  finished: 'now that the match is over',
  abandoned: 'at a table that was closed',
} as const;

function phaseWords(phase: string): string {
  switch (phase) {
    case 'grandTichu':
      return 'players are deciding on Grand Tichu';
    case 'exchange':
      return 'players are choosing their exchange cards';
    case 'play':
      return 'the hand is being played';
    default:
      return 'the hand is over';
  }
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
