/**
 * English texts: every refusal (`refusal.<code>`), every rule error (`refusal.rule.<code>`), and what
 * the door says of input it does not pass on (`refusal.door.*`).
 */
export const refusals = {
  'refusal.seat': 'Seat {seat}',
  'refusal.malformed_id': '{what} is not valid.',
  'refusal.what.other': 'That {what}',
  'refusal.what.button': 'That button',
  'refusal.what.menu': 'That menu',
  'refusal.what.command': 'That command',
  'refusal.what.wish': 'That wish',
  'refusal.what.cardChoice': 'That card choice',
  'refusal.what.play': 'That play',
  'refusal.what.kindOfPlay': 'That kind of play',
  'refusal.what.exchangeChoice': 'That exchange choice',
  'refusal.what.choice': 'That choice',
  'refusal.what.tableId': 'That table id',
  'refusal.what.serverId': 'That server id',
  'refusal.what.channelId': 'That channel id',
  'refusal.what.userId': 'That user id',
  'refusal.unknown_table': 'There is no Tichu table here. Open one with /table create.',
  'refusal.unknown_table.over':
    'The match here is over, and no table is open: **New match** on its table message plays another with the same seats, or `/table create` opens a new table.',
  'refusal.channel_has_table': 'This channel already has a table: join it, or ask its host to end it.',
  'refusal.channel_has_your_table':
    'You already host this channel’s table: `/table end` closes it, and then `/table create` opens a new one.',
  'refusal.not_host': 'Only the table’s host can do that.',
  'refusal.not_seated': 'You are not seated at this table: only its players can do that.',
  'refusal.notSeated.takeSeat':
    'To play, ask the host for a bot’s or an away player’s seat: 🙋 **Take seat** on the table message, or `/table sit`.',
  'refusal.already_seated': 'You are already seated (seat {seat}).',
  'refusal.seat_taken': 'Seat {seat} is taken.',
  'refusal.seat_empty': 'Seat {seat} is empty.',
  'refusal.bad_seat': 'Seats are numbered 1 to 4.',
  'refusal.table_full': 'The table is full.',
  'refusal.team_full': 'Team {team} is full.',
  'refusal.wrong_status.lobby': 'That is not possible before the match starts.',
  'refusal.wrong_status.playing': 'That is not possible while the match is being played.',
  'refusal.wrong_status.paused': 'That is not possible while the match is paused.',
  'refusal.wrong_status.finished': 'That is not possible now that the match is over.',
  'refusal.wrong_status.abandoned': 'That is not possible at a table that was closed.',
  'refusal.midMatch.join':
    'Nobody joins a match under way: where a bot or an away player holds a seat, `/table sit` (or 🙋 **Take seat** on the table message) asks the host for it.',
  'refusal.midMatch.leave':
    'If you are seated, `/table away` lets the bot play your seat until you are back; the host can end the match with `/table end`.',
  'refusal.midMatch.start': 'It has started already: **My hand** on the table message shows your cards.',
  'refusal.midMatch.bot':
    'Bots are seated before the start; during a match the host hands a bot’s seat to someone with `/table replace`.',
  'refusal.midMatch.kick': 'During a match the host hands a seat to someone else with `/table replace`.',
  'refusal.midMatch.seat': 'Seats are chosen before the start.',
  'refusal.midMatch.timer': 'The turn timer is set before the start.',
  'refusal.seats_not_filled_one': '{count} seat is still empty: invite players or add bots.',
  'refusal.seats_not_filled_other': '{count} seats are still empty: invite players or add bots.',
  'refusal.bad_settings': 'Those settings do not work: {reason}.',
  'refusal.stale_view': 'The table moved on since this panel was shown. Here is your current hand.',
  'refusal.already_voted': 'You already asked; waiting for the other players.',
  'refusal.not_a_bot': 'Seat {seat} is not a bot.',
  'refusal.bad_bot_level': 'Bots play at one of these levels: {levels}.',
  'refusal.unknown_match':
    'There is no such match on this server. /history lists the recent ones with their numbers.',
  'refusal.match_in_progress': 'That match is still being played: it can be exported once it is over.',
  'refusal.hand_not_over':
    'That hand is not over yet (or does not exist): its cards stay secret until it ends.',
  'refusal.cannot_remove_host': 'The host cannot be removed; the host can leave or end the table.',
  'refusal.player_not_seated': '<@{user}> is not seated at this table.',
  'refusal.no_bot': 'There is no bot at this table.',
  'refusal.already_away': 'You are already away: the bot plays your seat until you click **I’m back**.',
  'refusal.not_away': 'You are not away: your seat is yours.',
  'refusal.seat_not_open':
    'Seat {seat} is not free to take: only a seat whose player is away, or a bot’s, can be taken mid-match.',
  'refusal.request_pending': 'Someone already asked for seat {seat}: wait for the answer to that request.',
  'refusal.already_asked':
    'You already asked for seat {seat}: wait for the answer, or withdraw it with Decline.',
  'refusal.no_request':
    'That request is no longer open: it was answered or withdrawn, or its seat is no longer away or a bot.',
  'refusal.not_approver':
    'Only the host answers this request (or, while the host is away, the players at the table).',
  'refusal.already_approved': 'You already approved; waiting for the other players.',
  'refusal.player_is_bot': 'That is a bot account: a seat can only be handed to a person.',
  'refusal.player_seated': '<@{user}> already sits at this table (seat {seat}).',
  'refusal.held_other_seat.them':
    '<@{user}> played seat {seat} in this match: that is the only seat they can take again.',
  'refusal.held_other_seat.you':
    'You played seat {seat} in this match: that is the only seat you can take again.',
  'refusal.bot_thinking': 'The bot in that seat is still thinking; try again in a moment.',
  'refusal.unreadable_cards': 'I could not read those cards: {reason}.',
  'refusal.restarting': 'The bot is restarting; try again in a moment.',
  'refusal.internal_error': 'Something went wrong on our side. Use /hand to see where the table stands.',
  'refusal.disk_full':
    'The bot cannot save moves right now because its disk is full. Nothing was lost; try again in a while.',

  // Why typed cards or settings were refused: the engine's and the service's problems, worded (refusalText).
  'refusal.reason.target': 'target score must be a whole number from {min} to {max}',
  'refusal.reason.handLimit': 'the number of hands must be a whole number from {min} to {max}',
  'refusal.reason.timer': 'the turn timer is one of {timers}',
  'refusal.reason.pace': 'the bots’ pace is one of {paces}',
  'refusal.reason.emptyCard': 'empty card',
  'refusal.reason.suit': 'unknown suit in "{text}": use jd (jade), sw (sword), pg (pagoda) or st (star)',
  'refusal.reason.rank': 'unknown rank in "{text}": use 2-10, J, Q, K or A',
  'refusal.reason.twice': '{card} is listed twice',

  // What changed since a stale panel.
  'refusal.changed.played': '{name} played {combo}',
  'refusal.changed.empty': 'the table is empty',
  'refusal.changed.turn': 'it is {name}’s turn',
  'refusal.changed.one': 'Now {a}.',
  'refusal.changed.two': 'Now {a} and {b}.',

  // The engine's rule errors.
  'refusal.rule.malformed_action': 'That action could not be understood. Try again from a fresh panel.',
  'refusal.rule.not_a_combo': '{cards} is not a combination you can play together.',
  'refusal.rule.bad_phoenix_reading': 'The Phoenix cannot stand for {rank} in {cards}.',
  'refusal.rule.bad_seat': 'That seat does not exist.',
  'refusal.rule.match_over': 'This match is over.',
  'refusal.rule.wrong_phase.grandTichu': 'That is not possible now: players are deciding on Grand Tichu.',
  'refusal.rule.wrong_phase.exchange': 'That is not possible now: players are choosing their exchange cards.',
  'refusal.rule.wrong_phase.play': 'That is not possible now: the hand is being played.',
  'refusal.rule.wrong_phase.finished': 'That is not possible now: the hand is over.',
  'refusal.rule.nobodys_turn': 'It is nobody’s turn right now.',
  'refusal.rule.not_your_turn': 'It is {name}’s turn, not yours.',
  'refusal.rule.waiting_for_decision.wish': 'Wait a moment: {name} is naming the Mah Jong wish.',
  'refusal.rule.waiting_for_decision.dragon': 'Wait a moment: {name} is choosing who gets the Dragon trick.',
  'refusal.rule.no_decision_pending': 'There is nothing to decide right now.',
  'refusal.rule.already_decided': 'You already decided on Grand Tichu for this hand.',
  'refusal.rule.already_called.grandTichu': 'You already called Grand Tichu this hand.',
  'refusal.rule.already_called.tichu': 'You already called Tichu this hand.',
  'refusal.rule.call_window_closed': 'Too late to call Tichu: you have already played a card this hand.',
  'refusal.rule.calls_closed_after_first_out':
    'Too late to call Tichu: someone is already out (this table’s rules).',
  'refusal.rule.already_exchanged': 'You already chose your exchange cards for this hand.',
  'refusal.rule.duplicate_cards': 'Pick different cards: {cards} repeats one.',
  'refusal.rule.not_in_hand': 'You do not hold {cards}.',
  'refusal.rule.player_out': 'You are out of cards for this hand: your partner plays on.',
  'refusal.rule.cannot_pass_lead': 'You lead this trick, so you cannot pass: play any combination.',
  'refusal.rule.dog_only_on_lead': 'The Dog can only be played to lead a trick.',
  'refusal.rule.does_not_beat': '{combo} does not beat {top}: play the same kind, higher.',
  'refusal.rule.bomb_needs_trick': 'A bomb out of turn needs a combination on the table to bomb.',
  'refusal.rule.only_bombs_out_of_turn': 'It is {name}’s turn: out of turn you can only bomb.',
  'refusal.rule.must_fulfil_wish':
    'You must play a {rank}: the Mah Jong wish is {rank} and you can fulfil it.',
  'refusal.rule.must_fulfil_wish.bomb':
    'You must bomb with a {rank}: the Mah Jong wish is {rank} and only your bomb can fulfil it.',
  'refusal.rule.wish_required': 'This table’s rules ask you to name a wish.',
  'refusal.rule.gift_to_opponent_only': 'The Dragon trick must go to an opponent.',

  // The door: commands, menus and forms from another version of the bot, and options it will not pass on.
  'refusal.door.staleCommand': 'This command is out of date; ask an admin to run `npm run deploy-commands`.',
  'refusal.door.staleButton':
    'This button is out of date: it comes from an older version of the bot. Use /hand or /table status for fresh ones.',
  'refusal.door.staleMenu':
    'This menu is out of date: it comes from an older version of the bot. Use /hand or /table status for fresh ones.',
  'refusal.door.spent': '{what} is no longer in use: nothing was done.',
  'refusal.door.staleForm': 'This form is out of date: the bot no longer uses it, so nothing was changed.',
  'refusal.door.badOption': '{command}: {detail} Nothing was changed.',
  'refusal.door.twice': '{name} was given more than once.',
  'refusal.door.required': '{name} is required.',
  'refusal.door.oneOf': '{name} must be one of: {choices}.',
  'refusal.door.text': '{name} must be text of at most {max} characters.',
  'refusal.door.integer': 'a whole number',
  'refusal.door.number': 'a number',
  'refusal.door.range': '{name} must be {kind} from {min} to {max}.',
  'refusal.door.atLeast': '{name} must be {kind} of at least {min}.',
  'refusal.door.atMost': '{name} must be {kind} of at most {max}.',
  'refusal.door.kind': '{name} must be {kind}.',
  'refusal.door.boolean': '{name} must be true or false.',
  'refusal.door.user': '{name} must be a member of this server.',
  'refusal.door.invalid': '{name} is not valid.',
  // An interaction whose payload breaks Discord's own schema: refused before anything reads it.
  'refusal.door.malformed':
    'Discord sent this in a form the bot cannot read, so nothing was changed. Please try again.',
} as const;
