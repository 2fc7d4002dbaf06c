/** English texts: the weekly challenge (`/challenge`): its commands, answers, posts and refusals. */
export const challenge = {
  'cmd.help.challenge':
    '**Weekly challenge**: `/challenge play` deals you this week’s eight boards (the same for everyone on the server) in a private thread, with three normal bots, at your own pace, once. Each board is scored against everyone who played it; `/challenge standings` ranks the week, `/challenge share` posts your line (no cards), `/challenge boards` shows the deals once the week has closed.',
  // Descriptions (`cmd.` keys, as commands/localized.ts reads them).
  'cmd.challenge': 'The weekly challenge: eight boards a week, the same for every member',
  'cmd.challenge.play': 'Play this week’s boards with three bots (once, at your own pace)',
  'cmd.challenge.standings': 'The week’s standings (only you see them)',
  'cmd.challenge.week': 'Which week (default: this one)',
  'cmd.challenge.week.current': 'this week',
  'cmd.challenge.week.previous': 'last week',
  'cmd.challenge.share': 'Post your result line in this channel (symbols and percentage, no cards)',
  'cmd.challenge.boards': 'A closed week’s boards: each deal and every member’s result',
  'cmd.challenge.boards.board': 'A board, 1 to 8: its deal and every result',
  'cmd.challenge.settings': 'Admin: when the week turns (UTC); applies from next week',
  'cmd.challenge.settings.weekday': 'The day the new week starts',
  'cmd.challenge.settings.hour': 'The hour it starts, 0 to 23 (UTC)',
  'cmd.challenge.weekday.0': 'Sunday',
  'cmd.challenge.weekday.1': 'Monday',
  'cmd.challenge.weekday.2': 'Tuesday',
  'cmd.challenge.weekday.3': 'Wednesday',
  'cmd.challenge.weekday.4': 'Thursday',
  'cmd.challenge.weekday.5': 'Friday',
  'cmd.challenge.weekday.6': 'Saturday',

  // The member's thread.
  'challenge.thread.name': 'Challenge · week {week} · {name}',
  'challenge.thread.welcome':
    '{mention} Your weekly challenge, week {week}: eight boards, the same for everyone on this server, with three normal bots (your partner sits opposite you). No timer: play at your own pace until the week closes {end}. Each board is scored against everyone who played it. `/table end` ends your week here: the boards you finished count, the rest cannot be played.',
  'challenge.thread.finished':
    '🏁 That was your eighth board. {line}\n`/challenge standings` ranks the week; the boards and everyone’s results open when it closes ({end}).',
  'challenge.thread.closed':
    'The week has closed: this table ended here. The boards you played count; `/challenge boards week:previous` shows every deal now.',

  // Answers to /challenge.
  'challenge.reply.ready':
    'Your table for week {week} is ready: {thread}. Play at your own pace until {end}.',
  'challenge.reply.playing': 'You are playing week {week} already: {thread} (until {end}).',
  'challenge.reply.done': 'You have played week {week}: {line}\nThe next boards come {end}.',
  'challenge.reply.threadFailed':
    'I could not make your private thread here: I need to be allowed to create private threads in this channel. Ask an admin, then use `/challenge play` again.',
  'challenge.reply.shared': 'Posted in {channel}.',
  'challenge.button.share': 'Share',

  // The share line: one symbol per board (🟩 at least 2/3 of the field’s matchpoints, 🟥 at most 1/3,
  // 🟨 between, ⬜ nobody else has played it yet, ⬛ not played), and the week’s percentage.
  'challenge.share.line': 'Tichu challenge · week {week} · {name} {symbols} {percent}',

  // /challenge standings.
  'challenge.standings.title': '**Weekly challenge · week {week}** ({state})',
  'challenge.standings.open': 'closes {end}',
  'challenge.standings.closed': 'closed',
  'challenge.standings.noScore': 'no score yet',
  'challenge.standings.row': '{rank}. {name} — {percent} · {boards}/8{playing}',
  'challenge.standings.playing': ' (playing)',
  'challenge.standings.none': 'Nobody has finished a board this week yet: `/challenge play`.',
  'challenge.standings.more': '… and {count} more.',
  'challenge.standings.you': 'You: rank {rank} of {field} · {line}',
  'challenge.standings.key':
    'Boards: 🟩 two thirds of the points or more · 🟨 between · 🟥 a third or less · ⬜ nobody else has played it yet · ⬛ not played.',
  'challenge.standings.rules':
    'Each board: 2 points for every member you beat, 1 for a tie, as a percentage of the most; the week is the mean over your boards. More boards played rank first.',

  // /challenge boards.
  'challenge.boards.title': '**Weekly challenge · week {week}: the boards**',
  'challenge.boards.line': 'Board {board}: {played} played · best {best} · mean {mean}',
  'challenge.boards.lineNone': 'Board {board}: nobody played it',
  'challenge.boards.hint': '`/challenge boards board:N` shows a board’s deal and every result.',
  'challenge.board.title': '**Weekly challenge · week {week}, board {board}**',
  'challenge.board.deal': 'The deal (North is the member’s seat; East, South and West the bots):',
  'challenge.board.seat.0': 'North',
  'challenge.board.seat.1': 'East',
  'challenge.board.seat.2': 'South',
  'challenge.board.seat.3': 'West',
  'challenge.board.results': 'Results (North-South minus East-West):',
  'challenge.board.result': '{name}: {diff} · {percent}',
  'challenge.board.none': 'Nobody played this board.',
  'challenge.notClosedUntil': 'It closes {end}.',

  // /challenge settings.
  'challenge.settings.done':
    'From next week (from {from}), the challenge week turns on {weekday} at {hour}:00 UTC. The week under way keeps its end.',

  // Refusals.
  'challenge.reply.shareWait': 'You shared a line a moment ago: one a minute at most.',
  'challenge.refusal.in_thread':
    'Use `/challenge play` in a text channel, not in a thread: your table plays in a private thread of it.',
  'challenge.refusal.not_started':
    'Nobody has played this week’s challenge yet: start yours with `/challenge play`.',
  'challenge.refusal.no_week': 'There is no such week of the challenge on this server yet.',
  'challenge.refusal.not_closed':
    'That week is still open: its boards, results and matches stay hidden until it closes, so nobody sees a deal before playing it.',
  'challenge.refusal.no_entry': 'You have not played that week’s challenge: `/challenge play`.',
  'challenge.refusal.no_boards': 'You finished no board that week: there is no line to share.',
  'challenge.refusal.still_playing':
    'Finish your eight boards first: your line is shared once they are played (or once the week closes).',
  'challenge.refusal.not_admin': 'Only a member with Manage Server can change when the challenge week turns.',
  'challenge.refusal.bad_turn':
    'The day must be one of the seven weekdays and the hour a whole number from 0 to 23 (UTC).',
  'challenge.refusal.bad_board': 'A board is a number from 1 to 8.',
  'challenge.refusal.solo_table':
    'This is a weekly challenge table: its member plays the week’s boards alone with the bots, once; nobody takes a seat there and no other match starts.',
  'challenge.refusal.unknown': 'That challenge entry does not exist (any more).',
} as const;
