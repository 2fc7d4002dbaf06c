/** Die Wochen-Challenge (`/challenge`): Befehle, Antworten, Beiträge und Ablehnungen. */
import type { challenge as english } from '../en/challenge.js';

export const challenge: { readonly [K in keyof typeof english]: string } = {
  'cmd.help.challenge':
    '**Wochen-Challenge**: `/challenge play` teilt dir die acht Boards dieser Woche aus (für alle auf dem Server dieselben), in einem privaten Thread, mit drei normalen Bots, in deinem Tempo, einmal. Jedes Board wird gegen alle gewertet, die es gespielt haben; `/challenge standings` zeigt die Wertung der Woche, `/challenge share` postet deine Zeile (ohne Karten), `/challenge boards` zeigt die Blätter, sobald die Woche geschlossen ist.',
  'cmd.challenge': 'Die Wochen-Challenge: acht Boards pro Woche, für alle Mitglieder dieselben',
  'cmd.challenge.play': 'Die Boards dieser Woche mit drei Bots spielen (einmal, in deinem Tempo)',
  'cmd.challenge.standings': 'Die Wertung der Woche (nur für dich sichtbar)',
  'cmd.challenge.week': 'Welche Woche (sonst diese)',
  'cmd.challenge.week.current': 'diese Woche',
  'cmd.challenge.week.previous': 'letzte Woche',
  'cmd.challenge.share': 'Deine Ergebniszeile in diesem Kanal posten (Symbole und Prozent, keine Karten)',
  'cmd.challenge.boards': 'Die Boards einer geschlossenen Woche: jedes Blatt und alle Ergebnisse',
  'cmd.challenge.boards.board': 'Ein Board, 1 bis 8: sein Blatt und alle Ergebnisse',
  'cmd.challenge.settings': 'Admin: wann die Woche wechselt (UTC); gilt ab nächster Woche',
  'cmd.challenge.settings.weekday': 'Der Tag, an dem die neue Woche beginnt',
  'cmd.challenge.settings.hour': 'Die Stunde, 0 bis 23 (UTC)',
  'cmd.challenge.weekday.0': 'Sonntag',
  'cmd.challenge.weekday.1': 'Montag',
  'cmd.challenge.weekday.2': 'Dienstag',
  'cmd.challenge.weekday.3': 'Mittwoch',
  'cmd.challenge.weekday.4': 'Donnerstag',
  'cmd.challenge.weekday.5': 'Freitag',
  'cmd.challenge.weekday.6': 'Samstag',

  'challenge.thread.name': 'Challenge · Woche {week} · {name}',
  'challenge.thread.welcome':
    '{mention} Deine Wochen-Challenge, Woche {week}: acht Boards, für alle auf diesem Server dieselben, mit drei normalen Bots (dein Partner sitzt dir gegenüber). Kein Zeitlimit: spiel in deinem Tempo, bis die Woche {end} schließt. Jedes Board wird gegen alle gewertet, die es gespielt haben. `/table end` beendet deine Woche hier: Die fertigen Boards zählen, die übrigen kannst du nicht mehr spielen.',
  'challenge.thread.finished':
    '🏁 Das war dein achtes Board. {line}\n`/challenge standings` zeigt die Wertung der Woche; die Boards und alle Ergebnisse werden sichtbar, wenn sie schließt ({end}).',
  'challenge.thread.closed':
    'Die Woche ist geschlossen: dieser Tisch endet hier. Deine gespielten Boards zählen; `/challenge boards week:previous` zeigt jetzt jedes Blatt.',

  'challenge.reply.ready':
    'Dein Tisch für Woche {week} ist bereit: {thread}. Spiel in deinem Tempo bis {end}.',
  'challenge.reply.playing': 'Du spielst Woche {week} schon: {thread} (bis {end}).',
  'challenge.reply.done': 'Du hast Woche {week} gespielt: {line}\nDie nächsten Boards kommen {end}.',
  'challenge.reply.threadFailed':
    'Ich konnte hier keinen privaten Thread anlegen: ich brauche das Recht, in diesem Kanal private Threads zu erstellen. Frag einen Admin und nutze dann `/challenge play` noch einmal.',
  'challenge.reply.shared': 'Gepostet in {channel}.',
  'challenge.button.share': 'Teilen',

  'challenge.share.line': 'Tichu-Challenge · Woche {week} · {name} {symbols} {percent}',

  'challenge.standings.title': '**Wochen-Challenge · Woche {week}** ({state})',
  'challenge.standings.open': 'schließt {end}',
  'challenge.standings.closed': 'geschlossen',
  'challenge.standings.noScore': 'noch ohne Wertung',
  'challenge.standings.row': '{rank}. {name} — {percent} · {boards}/8{playing}',
  'challenge.standings.playing': ' (spielt noch)',
  'challenge.standings.none': 'Noch niemand hat diese Woche ein Board zu Ende gespielt: `/challenge play`.',
  'challenge.standings.more': '… und {count} weitere.',
  'challenge.standings.you': 'Du: Platz {rank} von {field} · {line}',
  'challenge.standings.key':
    'Boards: 🟩 zwei Drittel der Punkte oder mehr · 🟨 dazwischen · 🟥 ein Drittel oder weniger · ⬜ noch von niemand anderem gespielt · ⬛ nicht gespielt.',
  'challenge.standings.rules':
    'Jedes Board: 2 Punkte für jedes Mitglied, das du schlägst, 1 für Gleichstand, in Prozent des Höchstwerts; die Woche ist der Mittelwert deiner Boards. Wer mehr Boards gespielt hat, steht vorn.',

  'challenge.boards.title': '**Wochen-Challenge · Woche {week}: die Boards**',
  'challenge.boards.line': 'Board {board}: {played} gespielt · bestes {best} · Mittel {mean}',
  'challenge.boards.lineNone': 'Board {board}: niemand hat es gespielt',
  'challenge.boards.hint': '`/challenge boards board:N` zeigt das Blatt eines Boards und alle Ergebnisse.',
  'challenge.board.title': '**Wochen-Challenge · Woche {week}, Board {board}**',
  'challenge.board.deal': 'Das Blatt (Nord ist der Platz des Mitglieds; Ost, Süd und West die Bots):',
  'challenge.board.seat.0': 'Nord',
  'challenge.board.seat.1': 'Ost',
  'challenge.board.seat.2': 'Süd',
  'challenge.board.seat.3': 'West',
  'challenge.board.results': 'Ergebnisse (Nord-Süd minus Ost-West):',
  'challenge.board.result': '{name}: {diff} · {percent}',
  'challenge.board.none': 'Niemand hat dieses Board gespielt.',
  'challenge.notClosedUntil': 'Sie schließt {end}.',

  'challenge.settings.done':
    'Ab nächster Woche (ab {from}) wechselt die Challenge-Woche am {weekday} um {hour}:00 UTC. Die laufende Woche behält ihr Ende.',

  'challenge.reply.shareWait': 'Du hast eben schon eine Zeile geteilt: höchstens eine pro Minute.',
  'challenge.refusal.in_thread':
    'Starte die Challenge in einem Textkanal, nicht in einem Thread: dein Tisch spielt in einem privaten Thread davon.',
  'challenge.refusal.not_started':
    'Diese Woche hat noch niemand die Challenge gespielt: starte deine mit `/challenge play`.',
  'challenge.refusal.no_week': 'Diese Woche der Challenge gibt es auf diesem Server (noch) nicht.',
  'challenge.refusal.not_closed':
    'Diese Woche läuft noch: ihre Boards, Ergebnisse und Partien bleiben verborgen, bis sie schließt, damit niemand ein Blatt sieht, bevor er es spielt.',
  'challenge.refusal.no_entry': 'Du hast an der Challenge dieser Woche nicht teilgenommen.',
  'challenge.refusal.no_boards':
    'Du hast in dieser Woche kein Board zu Ende gespielt: Es gibt keine Zeile zum Teilen.',
  'challenge.refusal.still_playing':
    'Spiel erst deine acht Boards zu Ende: Deine Zeile wird geteilt, wenn sie gespielt sind (oder wenn die Woche schließt).',
  'challenge.refusal.not_admin':
    'Nur ein Mitglied mit „Server verwalten“ kann ändern, wann die Challenge-Woche wechselt.',
  'challenge.refusal.bad_turn':
    'Der Tag muss einer der sieben Wochentage sein und die Stunde eine ganze Zahl von 0 bis 23 (UTC).',
  'challenge.refusal.bad_board': 'Ein Board ist eine Zahl von 1 bis 8.',
  'challenge.refusal.solo_table':
    'Das ist ein Tisch der Wochen-Challenge: sein Mitglied spielt die Boards der Woche allein mit den Bots, einmal; niemand übernimmt hier einen Platz, und keine weitere Partie beginnt.',
  'challenge.refusal.unknown': 'Diese Challenge-Teilnahme gibt es nicht (mehr).',
};
