/** Deutsche Texte: Saisons (`/season`, welche Saison eine Rangliste zeigt, und ihre Ablehnungen). */
import type { seasons as en } from '../en/seasons.js';
import type { Texts } from './texts.js';

export const seasons: Texts<typeof en> = {
  'cmd.season': 'Saisons der Rangliste dieses Servers (Admins starten und beenden sie)',
  'cmd.season.start': 'Admin: eine Saison starten; die Rangliste zeigt sie standardmäßig',
  'cmd.season.start.name': 'Name der Saison, z. B. Frühjahr 2025 (höchstens 40 Zeichen)',
  'cmd.season.end': 'Admin: die laufende Saison beenden',
  'cmd.season.list': 'Die Saisons dieses Servers mit ihren Daten',
  'cmd.leaderboard.top.season': 'Welche Saison (Standard: die laufende, sonst alle Zeiten)',
  'cmd.leaderboard.top.by.events': 'Turnierpunkte',
  'cmd.help.seasons':
    '**Saisons**: Ein Admin des Servers (Server verwalten) startet eine mit `/season start name:…` und beendet sie mit `/season end`; `/season list` zeigt alle. Solange eine läuft, zeigt `/leaderboard top` sie: Wertungen, die zu ihrem Beginn für alle neu anfangen, und die in ihr beendeten Partien; `by:events` wertet die Platzierungen ihrer Turniere. `season:` wählt eine frühere Saison oder alle Zeiten.',

  'season.started':
    '📅 Die Saison **{name}** hat begonnen. `/leaderboard top` zeigt ab jetzt sie: Ihre Wertungen fangen für alle neu an, und gewertete Partien bewegen weiterhin auch die ewigen Wertungen.',
  'season.ended':
    '📅 Die Saison **{name}** ist beendet ({from} – {to}). `/leaderboard top` zeigt bis zur nächsten Saison wieder alle Zeiten; mit `season:` bleibt diese abrufbar.',
  'season.list.title': '📅 Saisons von {server}',
  'season.list.running': '**{name}** — seit {from} (läuft)',
  'season.list.past': '**{name}** — {from} – {to}',
  'season.list.none':
    'Noch keine Saison: Die Rangliste zählt alle Zeiten. Ein Admin des Servers startet eine mit `/season start`.',
  'season.list.more': 'Nur die {count} neuesten werden gezeigt.',

  'season.allTime': 'alle Zeiten',
  'season.choice.running': '{name} (läuft seit {from})',
  'season.choice.past': '{name} ({from} – {to})',
  'season.board.season': '📅 Saison: {name}',
  'season.board.allTime': '📅 Alle Zeiten',
  'season.board.running': 'Saison **{name}**, seit {from}.',
  'season.board.past': 'Saison **{name}**, {from} – {to}.',
  'season.board.noteRating':
    'Saisonwertung = Können − 3 × Unsicherheit (openskill), neu ab Saisonbeginn; nur ihre gewerteten Partien.',
  'season.board.noteWins': 'Beendete Partien, die in dieser Saison endeten.',
  'season.board.noteEvents':
    'Turnierpunkte: Jedes Turnier gibt die Zahl der Teilnehmer hinter dir plus eins; Gleichplatzierte teilen sich die Punkte. Turniere, die in dieser Saison angelegt wurden.',

  'season.refusal.season_not_admin':
    'Nur ein Admin des Servers (mit der Berechtigung „Server verwalten“) kann eine Saison starten oder beenden.',
  'season.refusal.season_running':
    'Die Saison **{name}** läuft noch: Beende sie mit `/season end`, bevor du eine neue startest.',
  'season.refusal.season_none_running':
    'Auf diesem Server läuft keine Saison: Ein Admin startet eine mit `/season start name:…`.',
  'season.refusal.season_name_empty':
    'Eine Saison braucht einen Namen, z. B. `/season start name:Frühjahr 2025`.',
  'season.refusal.season_name_too_long':
    'Der Name ist zu lang: Der Name einer Saison hat höchstens {max} Zeichen.',
  'season.refusal.season_name_taken':
    'Dieser Server hat schon eine Saison namens **{name}**: Wähle einen anderen Namen. Nichts wurde geändert.',
  'season.refusal.season_name_reserved':
    '„{name}“ ist der Name der ewigen Rangliste: Wähle einen anderen Namen. Nichts wurde geändert.',
  'season.refusal.season_unknown':
    'Auf diesem Server gibt es keine Saison namens **{name}**. `/season list` zeigt sie; ohne `season:` siehst du die laufende.',
};
