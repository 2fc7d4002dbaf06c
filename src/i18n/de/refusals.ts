/** Deutsche Texte: jede Ablehnung, jeder Regelverstoß und was die Tür zu ungültigen Eingaben sagt. */
import type { refusals as en } from '../en/refusals.js';
import type { Texts } from './texts.js';

export const refusals: Texts<typeof en> = {
  'refusal.seat': 'Platz {seat}',
  'refusal.malformed_id': '{what} ist ungültig.',
  'refusal.what.other': 'Diese Eingabe ({what})',
  'refusal.what.button': 'Diese Schaltfläche',
  'refusal.what.menu': 'Dieses Menü',
  'refusal.what.command': 'Dieser Befehl',
  'refusal.what.wish': 'Dieser Wunsch',
  'refusal.what.cardChoice': 'Diese Kartenwahl',
  'refusal.what.play': 'Dieser Zug',
  'refusal.what.kindOfPlay': 'Diese Art von Zug',
  'refusal.what.exchangeChoice': 'Diese Wahl zum Schupfen',
  'refusal.what.choice': 'Diese Wahl',
  'refusal.what.tableId': 'Diese Tisch-ID',
  'refusal.what.serverId': 'Diese Server-ID',
  'refusal.what.channelId': 'Diese Kanal-ID',
  'refusal.what.userId': 'Diese Nutzer-ID',
  'refusal.unknown_table': 'Hier gibt es keinen Tichu-Tisch. Eröffne einen mit /table create.',
  'refusal.unknown_table.over':
    'Die Partie hier ist vorbei, und kein Tisch ist offen: **Neue Partie** an ihrer Tischnachricht spielt eine weitere mit denselben Plätzen, oder `/table create` eröffnet einen neuen Tisch.',
  'refusal.channel_has_table':
    'Dieser Kanal hat schon einen Tisch: setz dich dazu oder bitte den Gastgeber, ihn zu beenden.',
  'refusal.channel_has_your_table':
    'Du leitest schon den Tisch dieses Kanals: `/table end` schließt ihn, danach öffnet `/table create` einen neuen.',
  'refusal.not_host': 'Das darf nur der Gastgeber des Tisches.',
  'refusal.not_seated': 'Du sitzt nicht an diesem Tisch: das dürfen nur seine Spieler.',
  'refusal.notSeated.takeSeat':
    'Um mitzuspielen, bitte den Gastgeber um den Platz eines Bots oder einer abwesenden Person: 🙋 **Platz übernehmen** an der Tischnachricht, oder `/table sit`.',
  'refusal.already_seated': 'Du sitzt schon (Platz {seat}).',
  'refusal.seat_taken': 'Platz {seat} ist besetzt.',
  'refusal.seat_empty': 'Platz {seat} ist leer.',
  'refusal.bad_seat': 'Die Plätze sind von 1 bis 4 nummeriert.',
  'refusal.table_full': 'Der Tisch ist voll.',
  'refusal.team_full': 'Team {team} ist voll.',
  'refusal.wrong_status.lobby': 'Das geht erst, wenn die Partie begonnen hat.',
  'refusal.wrong_status.playing': 'Das geht nicht, während die Partie läuft.',
  'refusal.wrong_status.paused': 'Das geht nicht, während die Partie pausiert ist.',
  'refusal.wrong_status.finished': 'Das geht nicht mehr, die Partie ist vorbei.',
  'refusal.wrong_status.abandoned': 'Das geht nicht an einem geschlossenen Tisch.',
  'refusal.midMatch.join':
    'In eine laufende Partie steigt niemand ein: wo ein Bot oder eine abwesende Person einen Platz hält, fragt `/table sit` (oder 🙋 **Platz übernehmen** an der Tischnachricht) den Gastgeber danach.',
  'refusal.midMatch.leave':
    'Wenn du mitspielst: mit `/table away` spielt der Bot deinen Platz, bis du zurück bist; der Gastgeber kann die Partie mit `/table end` beenden.',
  'refusal.midMatch.start':
    'Sie hat schon begonnen: **Meine Karten** an der Tischnachricht zeigt deine Karten.',
  'refusal.midMatch.bot':
    'Bots werden vor dem Start gesetzt; während der Partie gibt der Gastgeber den Platz eines Bots mit `/table replace` an jemanden.',
  'refusal.midMatch.kick':
    'Während der Partie gibt der Gastgeber einen Platz mit `/table replace` an jemand anderen.',
  'refusal.midMatch.seat': 'Plätze werden vor dem Start gewählt.',
  'refusal.midMatch.timer': 'Die Zugzeit wird vor dem Start eingestellt.',
  'refusal.seats_not_filled_one': 'Noch {count} Platz ist leer: lade Spieler ein oder setze Bots dazu.',
  'refusal.seats_not_filled_other': 'Noch {count} Plätze sind leer: lade Spieler ein oder setze Bots dazu.',
  'refusal.bad_settings': 'Diese Einstellungen gehen nicht: {reason}.',
  'refusal.stale_view':
    'Am Tisch ist etwas passiert, seit dieses Kartenfenster gezeigt wurde. Hier ist deine aktuelle Hand.',
  'refusal.already_voted': 'Du hast schon abgestimmt; jetzt warten wir auf die anderen Spieler.',
  'refusal.not_a_bot': 'Auf Platz {seat} sitzt kein Bot.',
  'refusal.bad_bot_level': 'Bots spielen auf einer dieser Stufen: {levels}.',
  'refusal.unknown_match':
    'Diese Partie gibt es auf diesem Server nicht. /history listet die letzten mit ihren Nummern.',
  'refusal.match_in_progress': 'Diese Partie läuft noch: exportieren kannst du sie, wenn sie vorbei ist.',
  'refusal.hand_not_over':
    'Diese Runde ist noch nicht vorbei (oder es gibt sie nicht): ihre Karten bleiben geheim, bis sie endet.',
  'refusal.cannot_remove_host':
    'Der Gastgeber kann nicht entfernt werden; er kann den Tisch verlassen oder beenden.',
  'refusal.player_not_seated': '<@{user}> sitzt nicht an diesem Tisch.',
  'refusal.no_bot': 'An diesem Tisch sitzt kein Bot.',
  'refusal.already_away':
    'Du bist schon abwesend: der Bot spielt deinen Platz, bis du auf **Bin zurück** klickst.',
  'refusal.not_away': 'Du bist nicht abwesend: dein Platz gehört dir.',
  'refusal.seat_not_open':
    'Platz {seat} ist nicht frei: mitten in der Partie lässt sich nur der Platz eines Abwesenden oder eines Bots übernehmen.',
  'refusal.request_pending':
    'Jemand hat schon um Platz {seat} gebeten: warte die Antwort auf diese Anfrage ab.',
  'refusal.already_asked':
    'Du hast schon um Platz {seat} gebeten: warte die Antwort ab oder zieh die Anfrage mit Ablehnen zurück.',
  'refusal.no_request':
    'Diese Anfrage ist nicht mehr offen: sie wurde beantwortet oder zurückgezogen, oder ihr Platz ist nicht mehr abwesend oder ein Bot.',
  'refusal.not_approver':
    'Diese Anfrage beantwortet nur der Gastgeber (oder, solange er abwesend ist, die Spieler am Tisch).',
  'refusal.already_approved': 'Du hast schon zugestimmt; jetzt warten wir auf die anderen Spieler.',
  'refusal.player_is_bot': 'Das ist ein Bot-Konto: ein Platz kann nur an einen Menschen gehen.',
  'refusal.player_seated': '<@{user}> sitzt schon an diesem Tisch (Platz {seat}).',
  'refusal.held_other_seat.them':
    '<@{user}> hat in dieser Partie Platz {seat} gespielt und kann nur diesen Platz wieder übernehmen.',
  'refusal.held_other_seat.you':
    'Du hast in dieser Partie Platz {seat} gespielt: nur diesen Platz kannst du wieder übernehmen.',
  'refusal.bot_thinking': 'Der Bot auf diesem Platz überlegt noch; versuch es gleich noch einmal.',
  'refusal.unreadable_cards': 'Ich konnte diese Karten nicht lesen: {reason}.',
  'refusal.restarting': 'Der Bot startet neu; versuch es gleich noch einmal.',
  'refusal.internal_error': 'Bei uns ist etwas schiefgegangen. Mit /hand siehst du, wie es am Tisch steht.',
  'refusal.disk_full':
    'Der Bot kann gerade keine Züge speichern, weil sein Speicher voll ist. Es ist nichts verloren; versuch es später noch einmal.',

  'refusal.reason.target': 'das Punkteziel muss eine ganze Zahl von {min} bis {max} sein',
  'refusal.reason.handLimit': 'die Zahl der Spiele muss eine ganze Zahl von {min} bis {max} sein',
  'refusal.reason.timer': 'die Bedenkzeit ist eine von {timers}',
  'refusal.reason.pace': 'das Tempo der Bots ist eines von {paces}',
  'refusal.reason.emptyCard': 'leere Karte',
  'refusal.reason.suit':
    'unbekannte Farbe in "{text}": nimm jd (Jade), sw (Schwert), pg (Pagode) oder st (Stern)',
  'refusal.reason.rank': 'unbekannter Rang in "{text}": nimm 2-10, J, Q, K oder A',
  'refusal.reason.twice': '{card} steht doppelt da',

  'refusal.changed.played': '{name} hat {combo} gespielt',
  'refusal.changed.empty': 'der Tisch ist leer',
  'refusal.changed.turn': '{name} ist am Zug',
  'refusal.changed.one': 'Inzwischen: {a}.',
  'refusal.changed.two': 'Inzwischen: {a}, und {b}.',

  'refusal.rule.malformed_action':
    'Diese Aktion war nicht zu verstehen. Versuch es noch einmal in einem neuen Kartenfenster.',
  'refusal.rule.not_a_combo': '{cards} ist keine Kombination, die du zusammen spielen kannst.',
  'refusal.rule.bad_phoenix_reading': 'Der Phönix kann in {cards} nicht für {rank} stehen.',
  'refusal.rule.bad_seat': 'Diesen Platz gibt es nicht.',
  'refusal.rule.match_over': 'Diese Partie ist vorbei.',
  'refusal.rule.wrong_phase.grandTichu': 'Das geht gerade nicht: die Spieler entscheiden über Großes Tichu.',
  'refusal.rule.wrong_phase.exchange': 'Das geht gerade nicht: die Spieler wählen ihre Karten zum Schupfen.',
  'refusal.rule.wrong_phase.play': 'Das geht gerade nicht: die Runde wird gespielt.',
  'refusal.rule.wrong_phase.finished': 'Das geht gerade nicht: die Runde ist vorbei.',
  'refusal.rule.nobodys_turn': 'Gerade ist niemand am Zug.',
  'refusal.rule.not_your_turn': '{name} ist am Zug, nicht du.',
  'refusal.rule.waiting_for_decision.wish': 'Einen Moment: {name} wünscht sich gerade einen Rang.',
  'refusal.rule.waiting_for_decision.dragon':
    'Einen Moment: {name} wählt gerade, wer den Drachen-Stich bekommt.',
  'refusal.rule.no_decision_pending': 'Gerade gibt es nichts zu entscheiden.',
  'refusal.rule.already_decided': 'Du hast dich in dieser Runde schon zum Großen Tichu entschieden.',
  'refusal.rule.already_called.grandTichu': 'Du hast in dieser Runde schon Großes Tichu angesagt.',
  'refusal.rule.already_called.tichu': 'Du hast in dieser Runde schon Tichu angesagt.',
  'refusal.rule.call_window_closed': 'Zu spät für Tichu: du hast in dieser Runde schon eine Karte gespielt.',
  'refusal.rule.calls_closed_after_first_out':
    'Zu spät für Tichu: jemand ist schon raus (Regel dieses Tisches).',
  'refusal.rule.already_exchanged': 'Du hast deine Karten zum Schupfen für diese Runde schon gewählt.',
  'refusal.rule.duplicate_cards': 'Wähle verschiedene Karten: in {cards} steht eine doppelt.',
  'refusal.rule.not_in_hand': 'Du hast {cards} nicht auf der Hand.',
  'refusal.rule.player_out': 'Du hast in dieser Runde keine Karten mehr: dein Partner spielt weiter.',
  'refusal.rule.cannot_pass_lead':
    'Du spielst diesen Stich an, also kannst du nicht passen: spiel eine beliebige Kombination.',
  'refusal.rule.dog_only_on_lead': 'Den Hund kannst du nur zum Anspielen eines Stichs legen.',
  'refusal.rule.does_not_beat': '{combo} schlägt {top} nicht: spiel dieselbe Art, aber höher.',
  'refusal.rule.bomb_needs_trick':
    'Für eine Bombe außer der Reihe muss eine Kombination auf dem Tisch liegen.',
  'refusal.rule.only_bombs_out_of_turn': '{name} ist am Zug: außer der Reihe kannst du nur bomben.',
  'refusal.rule.must_fulfil_wish':
    'Du musst eine {rank} spielen: gewünscht ist {rank}, und du kannst den Wunsch erfüllen.',
  'refusal.rule.must_fulfil_wish.bomb':
    'Du musst mit einer {rank} bomben: gewünscht ist {rank}, und nur deine Bombe kann den Wunsch erfüllen.',
  'refusal.rule.wish_required': 'Die Regeln dieses Tisches verlangen, dass du dir einen Rang wünschst.',
  'refusal.rule.gift_to_opponent_only': 'Der Drachen-Stich muss an einen Gegner gehen.',

  'refusal.door.staleCommand':
    'Dieser Befehl ist veraltet; bitte einen Admin, `npm run deploy-commands` auszuführen.',
  'refusal.door.staleButton':
    'Diese Schaltfläche ist veraltet: sie stammt aus einer älteren Version des Bots. Neue bekommst du mit /hand oder /table status.',
  'refusal.door.staleMenu':
    'Dieses Menü ist veraltet: es stammt aus einer älteren Version des Bots. Neue bekommst du mit /hand oder /table status.',
  'refusal.door.spent': '{what} wird nicht mehr verwendet: es wurde nichts getan.',
  'refusal.door.staleForm':
    'Dieses Formular ist veraltet: der Bot nutzt es nicht mehr, also wurde nichts geändert.',
  'refusal.door.badOption': '{command}: {detail} Es wurde nichts geändert.',
  'refusal.door.twice': '{name} wurde mehrfach angegeben.',
  'refusal.door.required': '{name} fehlt, ist aber nötig.',
  'refusal.door.oneOf': '{name} muss einer dieser Werte sein: {choices}.',
  'refusal.door.text': '{name} muss ein Text mit höchstens {max} Zeichen sein.',
  'refusal.door.integer': 'eine ganze Zahl',
  'refusal.door.number': 'eine Zahl',
  'refusal.door.range': '{name} muss {kind} von {min} bis {max} sein.',
  'refusal.door.atLeast': '{name} muss {kind} von mindestens {min} sein.',
  'refusal.door.atMost': '{name} muss {kind} von höchstens {max} sein.',
  'refusal.door.kind': '{name} muss {kind} sein.',
  'refusal.door.boolean': '{name} muss wahr oder falsch sein.',
  'refusal.door.user': '{name} muss ein Mitglied dieses Servers sein.',
  'refusal.door.invalid': '{name} ist ungültig.',
  'refusal.door.malformed':
    'Discord hat dies in einer Form geschickt, die der Bot nicht lesen kann, also wurde nichts geändert. Bitte versuch es noch einmal.',
};
