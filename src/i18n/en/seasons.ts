/** English texts: seasons (`/season`, the season a leaderboard shows, and their refusals). */
export const seasons = {
  // /season and the leaderboard's option: descriptions (`cmd.` keys, as commands/localized.ts reads them).
  'cmd.season': 'Seasons of this server’s leaderboard (admins start and end them)',
  'cmd.season.start': 'Admin: start a season; the leaderboard shows it by default',
  'cmd.season.start.name': 'The season’s name, e.g. Spring 2025 (at most 40 characters)',
  'cmd.season.end': 'Admin: end the running season',
  'cmd.season.list': 'This server’s seasons, with their dates',
  'cmd.leaderboard.top.season': 'Which season (default: the running one, else all time)',
  'cmd.leaderboard.top.by.events': 'event points',
  'cmd.help.seasons':
    '**Seasons**: a server admin (Manage Server) starts one with `/season start name:…` and ends it with `/season end`; `/season list` shows them all. While one runs, `/leaderboard top` shows it: ratings that start fresh at its start, and the matches that ended in it; `by:events` ranks the placings of its events. `season:` picks a past one, or all time.',

  // Answers.
  'season.started':
    '📅 Season **{name}** has started. `/leaderboard top` shows it from now on: its ratings start fresh for everyone, and rated matches still move the all-time ratings too.',
  'season.ended':
    '📅 Season **{name}** has ended ({from} – {to}). `/leaderboard top` shows all time again until the next season; `season:` still shows this one.',
  'season.list.title': '📅 Seasons of {server}',
  'season.list.running': '**{name}** — since {from} (running)',
  'season.list.past': '**{name}** — {from} – {to}',
  'season.list.none':
    'No season yet: the leaderboard is all time. A server admin starts one with `/season start`.',
  'season.list.more': 'Only the {count} newest are shown.',

  // The season a leaderboard shows, and the choices of its `season:` option.
  'season.allTime': 'all time',
  'season.choice.running': '{name} (running since {from})',
  'season.choice.past': '{name} ({from} – {to})',
  'season.board.season': '📅 Season: {name}',
  'season.board.allTime': '📅 All time',
  'season.board.running': 'Season **{name}**, since {from}.',
  'season.board.past': 'Season **{name}**, {from} – {to}.',
  'season.board.noteRating':
    'Season rating = skill − 3 × uncertainty (openskill), fresh at the season’s start; its rated matches only.',
  'season.board.noteWins': 'Finished matches that ended in this season.',
  'season.board.noteEvents':
    'Event points: each event gives the number of entries below you plus one; ties share. Events created in this season.',

  // Refusals (`season.refusal.<code>`).
  'season.refusal.season_not_admin':
    'Only a server admin (with the Manage Server permission) can start or end a season.',
  'season.refusal.season_running':
    'Season **{name}** is still running: end it with `/season end` before starting another.',
  'season.refusal.season_none_running':
    'No season is running on this server: an admin starts one with `/season start name:…`.',
  'season.refusal.season_name_empty': 'A season needs a name, e.g. `/season start name:Spring 2025`.',
  'season.refusal.season_name_too_long':
    'That name is too long: a season’s name has at most {max} characters.',
  'season.refusal.season_name_taken':
    'This server already has a season named **{name}**: pick another name. Nothing was changed.',
  'season.refusal.season_name_reserved':
    '“{name}” is what the leaderboard calls its all-time board: pick another name. Nothing was changed.',
  'season.refusal.season_unknown':
    'There is no season named **{name}** on this server. `/season list` shows them; leave `season:` out for the running one.',
} as const;
