/** Turniere (ein Tichu-Abend im Club): die Turniernachricht, ihre Beiträge, Antworten und Ablehnungen. */
import type { events as english } from '../en/events.js';

export const events: { readonly [K in keyof typeof english]: string } = {
  'cmd.help.events':
    '**Tichu-Abende**: `/event create format:rotating` (jeder Durchgang mit neuem Partner) oder `format:duplicate` (Paare; jeder Tisch spielt dieselben Boards, gegeneinander gewertet) eröffnet ein Turnier; alle drücken **Einchecken**, der Gastgeber **Start**. Die Tische jedes Durchgangs öffnen in Threads; `/event results` zeigt den Stand, `/event close-round` beendet einen Durchgang vorzeitig.',
  'cmd.event': 'Ein Tichu-Abend: Durchgänge mit neuen Partnern, oder Duplicate-Boards',
  'cmd.event.create': 'Ein Turnier in diesem Kanal eröffnen (eingecheckt wird an seiner Nachricht)',
  'cmd.event.create.format':
    'wechselnd: jeder Durchgang mit neuem Partner; Duplicate: Paare spielen dieselben Boards',
  'cmd.event.create.format.rotating': 'wechselnde Partner (Einzelwertung)',
  'cmd.event.create.format.duplicate': 'Duplicate (Paare, an jedem Tisch dieselben Boards)',
  'cmd.event.create.hands': 'Boards (Spiele) pro Durchgang (Standard 4)',
  'cmd.event.create.rounds': 'Durchgänge (Standard 3)',
  'cmd.event.create.timer': 'Zugzeit an den Tischen (Standard 2m)',
  'cmd.event.create.grand': 'Großes Tichu spielen (Standard: nein, wie bei Meisterschaften)',
  'cmd.event.create.vp': 'Siegpunkte Sieg/Gleichstand/Niederlage/Doppelsieg (Standard 2/1/0/3)',
  'cmd.event.create.rated': 'Das Turnier ändert die Wertungen (Standard: nein)',
  'cmd.event.checkin': 'Beim Turnier dieses Kanals einchecken (wahlweise mit deinem Duplicate-Partner)',
  'cmd.event.checkin.partner': 'Wen du bei Duplicate als Partner fragst (er oder sie nimmt an)',
  'cmd.event.checkout': 'Beim Turnier dieses Kanals auschecken',
  'cmd.event.start': 'Das Turnier starten (Gastgeber): die Tische des ersten Durchgangs öffnen in Threads',
  'cmd.event.closeRound':
    'Den laufenden Durchgang jetzt beenden (Gastgeber): offene Boards zählen den Durchschnitt',
  'cmd.event.cancel': 'Das Turnier absagen (Gastgeber): laufende Tische enden',
  'cmd.event.results': 'Der Stand und die Ergebnisse jedes Boards (nur du siehst sie)',
  'cmd.event.results.round': 'Ein Durchgang, mit Board: wer welche Karten hatte',
  'cmd.event.results.board': 'Ein Board dieses Durchgangs',
  'event.results.title': '**Ergebnisse** ({status})',
  'event.results.status.checkin': 'Check-in läuft',
  'event.results.status.running': 'Durchgang {round} von {rounds}',
  'event.results.status.finished': 'beendet',
  'event.results.status.cancelled': 'abgesagt',
  'event.results.boards':
    '**Boards** (das neueste zuletzt): `/event results round: board:` zeigt eines, mit seinen Karten.',
  'event.results.boardLine': 'Durchgang {round}, Board {board}: {lines}',
  'event.results.at': 'Tisch {number} {score}',
  'event.results.noSwing': 'kein Unterschied',
  'event.results.imps_one': '{count} IMP für Team {team}',
  'event.results.imps_other': '{count} IMPs für Team {team}',
  'event.results.noSuchBoard': 'Dieses Board gibt es nicht: das Turnier hat {rounds} mit je {boards}.',
  'event.results.notYet':
    'Dieses Board ist noch nicht an jedem Tisch fertig: seine Karten bleiben bis dahin verborgen.',
  'event.results.dealAll': '**Die Verteilung** (an jedem Tisch dieselbe, Plätze wie an Tisch 1):',
  'event.results.dealAt': '**Die Verteilung an Tisch {number}:**',
  'event.format.rotating': 'wechselnde Partner',
  'event.format.duplicate': 'Duplicate-Paare',
  'event.title': '**Tichu-Abend** · {format} · {rounds} mit je {boards}',
  'event.rounds_one': '{count} Durchgang',
  'event.rounds_other': '{count} Durchgänge',
  'event.boards_one': '{count} Board',
  'event.boards_other': '{count} Boards',
  'event.options': 'Großes Tichu {grand} · {timer} · {rated}',
  'event.options.on': 'an',
  'event.options.off': 'aus',
  'event.options.rated': 'gewertet',
  'event.options.unrated': 'ungewertet (Wertungen bleiben)',
  'event.vp':
    'Siegpunkte pro Spiel: {win} für das bessere Team, {tie} für jedes bei Gleichstand, {loss} für das andere, {dv} für einen Doppelsieg.',
  'event.scoring.duplicate':
    'Jedes Board wird gegen das Feld gewertet: 2 Matchpunkte für jedes geschlagene Paar derselben Richtung, 1 bei Gleichstand.',
  'event.scoring.teamMatch':
    'Zwei Tische: ein Teamkampf. Der Unterschied zwischen den Tischen wird je Board in IMPs umgerechnet (0 unter 20 Punkten, bis {max}).',
  'event.checkin.none': 'Noch niemand hat eingecheckt.',
  'event.checkin.list': 'Eingecheckt ({count}): {names}',
  'event.checkin.pairs': 'Paare ({count}): {pairs}',
  'event.single': '{name} (einzeln)',
  'event.checkin.asked': 'Als Partner gefragt (einzeln, bis angenommen): {pairs}',
  'event.checkin.hint':
    'Mit **Einchecken** bist du dabei. Der Gastgeber drückt **Start**, wenn alle da sind.',
  'event.checkin.hintDuplicate':
    'Mit **Einchecken** bist du dabei (Einzelne werden der Reihe nach zu Paaren), oder frage deinen Partner mit `/event checkin partner:`. Der Gastgeber drückt **Start**, wenn alle da sind.',
  'event.round': '**Durchgang {round} von {rounds}**',
  'event.table': 'Tisch {number} · {thread} · {north} & {south} gegen {east} & {west}',
  'event.table.pending': 'wird eröffnet',
  'event.table.paused': '(pausiert)',
  'event.table.done': '(fertig)',
  'event.table.closed': '(vom Gastgeber geschlossen)',
  'event.sitOut': 'Setzt in diesem Durchgang aus: {names} (mit dem Durchschnitt des Durchgangs)',
  'event.standings': '**Zwischenstand**',
  'event.standings.final': '**Endstand**',
  'event.standings.none': 'Noch kein Board wurde an jedem Tisch gespielt.',
  'event.teamsVsBots':
    '{a} und {b} spielen dieselben Boards auf denselben Plätzen, jeweils gegen Bots, und werden Board für Board verglichen.',
  'event.checkin.sitOuts_one':
    'Ein Tisch hat vier Plätze: 1 Person setzt jeden Durchgang aus, reihum (und bekommt den Durchschnitt des Durchgangs).',
  'event.checkin.sitOuts_other':
    'Ein Tisch hat vier Plätze: {count} Personen setzen jeden Durchgang aus, reihum (und bekommen den Durchschnitt des Durchgangs).',
  'event.teams':
    'Team A: {a} · Team B: {b}. Die zwei Paare eines Teams spielen an den zwei Tischen dieselben Boards, in entgegengesetzter Richtung.',
  'event.row.rotating': '{rank}. {name}: {vp} SP ({diff} Punkte){marks}',
  'event.row.duplicate': '{rank}. {name}: {percent} % ({mp} von {top} Matchpunkten){marks}',
  'event.row.team_one': '{rank}. Team {team} ({names}): {imps} IMP{marks}',
  'event.row.team_other': '{rank}. Team {team} ({names}): {imps} IMPs{marks}',
  'event.mark.satOut': '{count}× ausgesetzt',
  'event.mark.averaged': '{count} gemittelt',
  'event.mark.bot': '{count} mit Bot',
  'event.bot': 'Bot',
  'event.final': '🏁 **Der Tichu-Abend ist vorbei.** Danke fürs Spielen, {mentions}! Endstand:',
  'event.finished': 'Das Turnier ist vorbei. Danke fürs Spielen!',
  'event.cancelled': 'Der Gastgeber hat dieses Turnier abgesagt.',
  'event.confirmClose':
    'Durchgang {round} jetzt schließen? Nicht fertig: {tables}. Ihre offenen Boards zählen den Durchschnitt, und der nächste Durchgang beginnt. Das lässt sich nicht rückgängig machen.',
  'event.noTablePlaying': 'keiner',
  'event.tableNumber': 'Tisch {number}',
  'event.button.confirmClose': 'Durchgang {round} schließen',
  'event.reply.roundOver': 'Durchgang {round} ist schon vorbei: nichts wurde geschlossen.',
  'event.button.checkIn': 'Einchecken',
  'event.button.checkOut': 'Auschecken',
  'event.button.start': 'Start',
  'event.button.closeRound': 'Durchgang schließen',
  'event.thread.name': 'Durchgang {round} · Tisch {number}',
  'event.error.thread':
    'Ich konnte den Thread von Tisch {number} nicht eröffnen. Ich brauche in diesem Kanal die Berechtigungen „Private Threads erstellen“, „Öffentliche Threads erstellen“ und „Nachrichten in Threads senden“. Ich versuche es wieder, wenn ein Spiel endet, der Gastgeber erneut `/event start` aufruft oder ich neu starte.',
  'event.thread.welcome':
    '{mentions}: euer Tisch für Durchgang {round} des Tichu-Abends. Mit **Meine Karten** an der Tischnachricht unten seht ihr eure Karten.',
  'event.board.title': '**Durchgang {round}, Board {board}**: an jedem Tisch gespielt.',
  'event.board.titleClosed':
    '**Durchgang {round}, Board {board}**: der Durchgang wurde geschlossen; ein Tisch, der es nicht fertig gespielt hat, zählt den Durchschnitt.',
  'event.board.line': 'Tisch {number}: {ns} {nsScore} : {ewScore} {ew}{note}',
  'event.board.averaged': 'Tisch {number}: nicht fertig (zählt den Durchschnitt)',
  'event.board.dv': ' (Doppelsieg)',
  'event.board.mp': ' · {ns} {nsMp} MP, {ew} {ewMp} MP',
  'event.board.imps_one': 'Unterschied {swing} Punkte: {count} IMP für Team {team}.',
  'event.board.imps_other': 'Unterschied {swing} Punkte: {count} IMPs für Team {team}.',
  'event.board.noSwing': 'Kein Unterschied: beide Tische gleich.',
  'event.reply.created': 'Turnier eröffnet. Eingecheckt wird an der Nachricht oben.',
  'event.reply.checkedIn': 'Du bist eingecheckt.',
  'event.reply.checkedInPair': 'Du und {partner} seid als Paar eingecheckt.',
  'event.reply.askedPartner':
    'Du bist eingecheckt, und {partner} ist als dein Partner gefragt: ihr spielt als Paar, sobald angenommen ist (mit dem Knopf unter deiner Anfrage oder `/event checkin partner:` mit deinem Namen). Bis dahin zählst du einzeln.',
  'event.pairAsked':
    '{partner}, {actor} fragt dich als Partner für das Turnier. Nimmst du an, seid ihr als Paar eingecheckt.',
  'event.pairAccept': 'Partner von {actor} werden',
  'event.pairAccepted': '{actor} und {partner} sind als Paar für das Turnier eingecheckt.',
  'event.reply.checkedOut': 'Du bist ausgecheckt.',
  'event.reply.started': 'Das Turnier läuft: die Tische des ersten Durchgangs werden in Threads eröffnet.',
  'event.reply.retrying':
    'Das Turnier läuft: jeder Tisch dieses Durchgangs, dem noch sein Thread fehlt, wird jetzt eröffnet.',
  'event.reply.roundClosed': 'Durchgang {round} ist geschlossen.',
  'event.reply.cancelled': 'Das Turnier ist abgesagt.',
  'event.reply.noEvent':
    'In diesem Kanal checkt kein Turnier ein und keines läuft. Eröffne eines mit `/event create`; `/event results` zeigt das letzte.',
  'event.reply.results': 'Ergebnisse des Turniers vom {date}:',
  'refusal.event.unknown': 'Dieses Turnier gibt es nicht (mehr).',
  'refusal.event.channel_has_event':
    'In diesem Kanal checkt schon ein Turnier ein oder läuft. Beende es, oder eröffne eines in einem anderen Kanal.',
  'refusal.event.not_host': 'Das darf nur der Gastgeber des Turniers.',
  'refusal.event.not_checking_in': 'Das geht nur, solange das Turnier eincheckt.',
  'refusal.event.not_running': 'Das Turnier läuft nicht.',
  'refusal.event.checked_in': 'Du bist schon eingecheckt.',
  'refusal.event.not_checked_in': 'Du bist nicht eingecheckt.',
  'refusal.event.partners_duplicate':
    'Partner gibt es nur bei Duplicate: hier wechseln sie jeden Durchgang. `/event checkin` ohne Partner bringt dich hinein.',
  'refusal.event.partner_self': 'Nenne jemand anderen als Partner.',
  'refusal.event.partner_checked_in': 'Diese Person ist schon mit jemand anderem als Paar eingecheckt.',
  'refusal.event.partner_asked': 'Du hast schon gefragt: ihr spielt als Paar, sobald angenommen ist.',
  'refusal.event.own_request':
    'Das ist deine eigene Anfrage: nur wer gefragt ist, kann sie annehmen. Zurücknehmen: auschecken oder jemand anderen nennen.',
  'refusal.event.not_asked': 'Diese Anfrage gilt nicht dir: nur wer gefragt ist, kann annehmen.',
  'refusal.event.request_gone':
    'Diese Anfrage gilt nicht mehr: die Person hat ausgecheckt oder jemand anderen gefragt.',
  'refusal.event.pairs_fixed':
    'Die Paare eines Duplicate-Turniers stehen ab dem Start fest (und Partner gibt es nur bei Duplicate).',
  'refusal.event.too_few': 'Ein Turnier braucht mindestens {count} eingecheckte Personen.',
  'refusal.event.bad_hands': 'Boards pro Durchgang müssen eine ganze Zahl von 1 bis {count} sein.',
  'refusal.event.bad_rounds': 'Durchgänge müssen eine ganze Zahl von 1 bis {count} sein.',
  'refusal.event.bad_timer': 'Diese Zugzeit gibt es nicht: off, 30s, 60s, 2m, 5m.',
  'refusal.event.seated_elsewhere':
    'Diese Person spielt an einem anderen Tisch dieses Durchgangs des Turniers: ein Platz pro Person (ein Platz an einem anderen Tisch zeigte ihr Boards, die sie noch spielen muss).',
  'refusal.event.table_gone': 'Der Durchgang dieses Tisches ist vorbei: er wurde nicht eröffnet.',
  'refusal.event.event_table':
    'Dieser Tisch gehört zu einem Turnier: er spielt die Boards, die das Turnier verteilt hat, einmal. Die Tische des nächsten Durchgangs eröffnet das Turnier selbst.',
  'refusal.event.event_full': 'Das Turnier ist voll: höchstens {count} Personen.',
  'refusal.event.in_thread':
    'Eröffne ein Turnier in einem Textkanal, nicht in einem Thread: seine Tische spielen in Threads davon.',
  'refusal.event.board_hidden':
    'Diese Partie gehört zu einem Duplicate-Durchgang, der an anderen Tischen noch läuft: ihre Boards bleiben verborgen, bis jeder Tisch sie gespielt hat.',
  'refusal.event.bad_scheme':
    'Siegpunkte müssen ganze Zahlen sein mit Sieg ≥ Gleichstand ≥ Niederlage ≥ 0 und einem Doppelsieg von mindestens einem Sieg.',
};
