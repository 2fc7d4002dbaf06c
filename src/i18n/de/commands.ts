/** Deutsche Texte: die Slash-Befehle (Beschreibungen, Optionen, Auswahlen), ihre Antworten, `/help` und `/rules`. */
import type { commands as en } from '../en/commands.js';
import type { Texts } from './texts.js';

export const commands: Texts<typeof en> = {
  'cmd.opt.seat': 'Platz 1-4',
  'cmd.opt.matchNumber': 'Die Nummer der Partie',
  'cmd.timer.off': 'aus: kein Zeitlimit',
  'cmd.timer.30s': '30s: 30 Sekunden pro Entscheidung',
  'cmd.timer.60s': '60s: 1 Minute pro Entscheidung',
  'cmd.timer.2m': '2m: 2 Minuten pro Entscheidung',
  'cmd.timer.5m': '5m: 5 Minuten pro Entscheidung',
  'cmd.pace.quick': 'schnell: Bots warten halb so lange vor jedem Zug',
  'cmd.pace.normal': 'normal: etwa eine Sekunde vor jedem Bot-Zug',
  'cmd.pace.slow': 'langsam: Bots warten doppelt so lange vor jedem Zug',

  'cmd.table': 'Einen Tichu-Tisch in diesem Kanal eröffnen und leiten',
  'cmd.table.create': 'Einen Tisch in diesem Kanal eröffnen; du bist Gastgeber',
  'cmd.table.create.target': 'Punkte für den Sieg in der Partie (Standard 1000)',
  'cmd.table.create.seating': 'Plätze selbst wählen oder zu Beginn auslosen',
  'cmd.table.create.seating.chosen': 'frei gewählt',
  'cmd.table.create.seating.random': 'ausgelost',
  'cmd.table.create.late-calls': 'Tichu auch ansagen, wenn schon jemand raus ist (Standard ja)',
  'cmd.table.create.optional-wish': 'Der Mah Jong darf ohne Wunsch bleiben (Standard ja)',
  'cmd.table.create.bomb-ignores-wish': 'Eine Bombe ohne den gewünschten Rang ist erlaubt (Standard ja)',
  'cmd.table.create.timer': 'Bedenkzeit je Entscheidung, bevor der Bot sie trifft (Standard 2m)',
  'cmd.table.timer': 'Gastgeber: die Bedenkzeit vor Beginn der Partie ändern',
  'cmd.table.timer.length': 'Bedenkzeit je Entscheidung, bevor der Bot sie trifft',
  'cmd.table.create.pace': 'Wie schnell Bots ziehen, während jemand zusieht (Standard normal)',
  'cmd.table.pace': 'Gastgeber: ändern, wie schnell Bots ziehen (vor oder während einer Partie)',
  'cmd.table.pace.speed': 'Wie schnell Bots ziehen, während jemand zusieht',
  'cmd.table.away': 'Abwesend melden: der Bot spielt für dich, bis du zurück bist (nur mit Bots: Pause)',
  'cmd.table.join': 'Dich an den Tisch dieses Kanals setzen',
  'cmd.table.join.seat': 'Platz 1-4 (1 und 3 sind Team A, 2 und 4 Team B)',
  'cmd.table.leave': 'Den Tisch vor Beginn der Partie verlassen',
  'cmd.table.seat': 'Auf einen anderen freien Platz wechseln',
  'cmd.table.team': 'Auf einen freien Platz eines Teams wechseln',
  'cmd.table.team.team': 'Team A (Plätze 1, 3) oder B (Plätze 2, 4)',
  'cmd.table.team.team.A': 'A',
  'cmd.table.team.team.B': 'B',
  'cmd.table.bot': 'Gastgeber: einen Bot auf einen leeren Platz setzen oder ihn entfernen',
  'cmd.table.bot.do': 'Hinzufügen oder entfernen',
  'cmd.table.bot.do.add': 'hinzufügen',
  'cmd.table.bot.do.remove': 'entfernen',
  'cmd.table.bot.seat': 'Platz 1-4 (beim Hinzufügen: Standard der erste leere)',
  'cmd.table.bot.level': 'Beim Hinzufügen: wie gut der Bot spielt (Standard {level})',
  'cmd.table.bot.level.easy': '{level}: für Einsteiger',
  'cmd.table.bot.level.normal': '{level}: ein solider Vereinsspieler',
  'cmd.table.bot.level.hard': '{level}: rechnet voraus, langsamer',
  'cmd.table.bot.level.expert': '{level}: rechnet am längsten, etwa eine Sekunde pro Zug',
  'cmd.table.kick': 'Gastgeber: einen Spieler vor Beginn vom Tisch entfernen',
  'cmd.table.kick.player': 'Wer entfernt wird',
  'cmd.table.start': 'Gastgeber: die Partie starten (alle vier Plätze besetzt)',
  'cmd.table.status': 'Den Tisch hier noch einmal zeigen',
  'cmd.table.pause': 'Die Partie pausieren (Gastgeber sofort; andere, wenn alle zustimmen)',
  'cmd.table.resume': 'Eine pausierte Partie fortsetzen (Gastgeber sofort; andere, wenn alle zustimmen)',
  'cmd.table.sit':
    'Mitten in der Partie einen abwesenden oder Bot-Platz übernehmen (der Gastgeber stimmt zu)',
  'cmd.table.replace': 'Gastgeber: mitten in der Partie einen abwesenden oder Bot-Platz jemandem übergeben',
  'cmd.table.replace.player': 'Wer den Platz übernimmt',
  'cmd.table.list': 'Die Tische dieses Servers: Lobbys, laufende und pausierte Partien',
  'cmd.table.list.mine': 'Nur die Tische, an denen du sitzt',
  'cmd.table.end': 'Gastgeber: diesen Tisch endgültig schließen',

  'cmd.hand': 'Deine Karten am Tisch dieses Kanals zeigen (nur du siehst sie)',
  'cmd.play': 'Karten per Eingabe spielen (z. B. "7st 7jd" oder "phoenix 9sw")',
  'cmd.play.cards': 'Karten wie 10st Kjd mahjong phoenix; wähle aus den Vorschlägen',
  'cmd.play.phoenix': 'Der Rang, für den der Phönix steht, wenn mehrere gehen (2-14)',
  'cmd.pass': 'In diesem Stich passen',
  'cmd.tichu': 'Tichu ansagen: +100, wenn du zuerst rauskommst, sonst -100 (vor deiner ersten Karte)',
  'cmd.notify': 'Die Nachricht, dass du dran bist, ein- oder ausschalten',
  'cmd.notify.turn': 'an oder aus',
  'cmd.notify.turn.on': 'an',
  'cmd.notify.turn.off': 'aus',
  'cmd.leaderboard': 'Die Tichu-Rangliste dieses Servers',
  'cmd.leaderboard.top': 'Die Rangliste zeigen (nur du siehst sie)',
  'cmd.leaderboard.top.by': 'Wonach sortiert wird (Standard: Wertung)',
  'cmd.leaderboard.top.by.rating': 'Wertung',
  'cmd.leaderboard.top.by.wins': 'Siege',
  'cmd.leaderboard.top.by.winrate': 'Siegquote',
  'cmd.leaderboard.top.by.tichu': 'Tichu-Erfolg',
  'cmd.leaderboard.visibility': 'Dich in Ranglisten verbergen oder wieder zeigen',
  'cmd.leaderboard.visibility.mode': 'verborgen oder sichtbar',
  'cmd.leaderboard.visibility.mode.hidden': 'verborgen',
  'cmd.leaderboard.visibility.mode.shown': 'sichtbar',
  'cmd.stats': 'Tichu-Statistik auf diesem Server',
  'cmd.stats.player': 'Wessen Statistik (Standard: deine)',
  'cmd.history': 'Vergangene Tichu-Partien auf diesem Server',
  'cmd.history.matches': 'Die letzten Partien eines Spielers oder dieses Kanals',
  'cmd.history.matches.player': 'Wessen Partien (Standard: die dieses Kanals)',
  'cmd.history.match': 'Eine Partie, Runde für Runde',
  'cmd.history.match.number': 'Die Nummer der Partie (#) aus /history matches',
  'cmd.history.hand': 'Jeder Zug einer beendeten Runde, samt Schupfen',
  'cmd.history.hand.hand': 'Die Nummer der Runde',
  'cmd.history.export':
    'Eine beendete Partie als JSON-Datei (Einstellungen, Seed, jede Aktion): zum Nachspielen',
  'cmd.rules': 'Die Tichu-Regeln in Kürze',
  'cmd.help': 'Wie du mit diesem Bot Tichu spielst',

  'cmd.reply.notifyOn': 'Ich erwähne dich, wenn du dran bist.',
  'cmd.reply.notifyOff': 'Keine Nachrichten mehr, wenn du dran bist.',
  'cmd.reply.joined': 'Du hast Platz genommen. Der Gastgeber startet, sobald alle vier Plätze besetzt sind.',
  'cmd.reply.left': 'Du hast den Tisch verlassen.',
  'cmd.reply.seatChanged': 'Platz gewechselt.',
  'cmd.reply.team': 'Du bist in Team {team}.',
  'cmd.reply.botAdded.easy': 'Ein Bot (Stufe leicht) nimmt Platz.',
  'cmd.reply.botAdded.normal': 'Ein Bot (Stufe normal) nimmt Platz.',
  'cmd.reply.botAdded.hard': 'Ein Bot (Stufe schwer) nimmt Platz.',
  'cmd.reply.botAdded.expert': 'Ein Bot (Stufe Experte) nimmt Platz. Er denkt etwa eine Sekunde pro Zug.',
  'cmd.reply.botRemoved': 'Der Bot ist gegangen.',
  'cmd.reply.kicked': '{name} wurde vom Tisch entfernt.',
  'cmd.reply.timer': 'Bedenkzeit: {timer}.',
  'cmd.reply.pace': 'Tempo der Bots: {pace}.',
  'cmd.reply.started':
    'Die Partie beginnt! Klick auf **Meine Karten** in der Tischnachricht, um deine Karten zu sehen.',
  'cmd.reply.paused': 'Die Partie ist pausiert.',
  'cmd.reply.resumed': 'Die Partie geht weiter.',
  'cmd.reply.voteCounted': 'Deine Stimme zählt ({votes}/{needed}).',
  'cmd.reply.awayAll':
    'Du bist abwesend, und alle anderen auch: die Partie ist pausiert. Weiter geht es, sobald jemand **Bin zurück** klickt, oder mit /table resume.',
  'cmd.reply.away':
    'Du bist abwesend: der Bot spielt deinen Platz, bis du in deinem Kartenfenster auf **Bin zurück** klickst (oder selbst spielst).',
  'cmd.reply.closed': 'Der Tisch ist geschlossen.',
  'cmd.reply.replaced':
    '🔁 <@{user}> hat jetzt Platz {seat}, vom Gastgeber übergeben. Klick auf **Meine Karten** in der Tischnachricht, um zu spielen.',
  'cmd.reply.replacedWas':
    '🔁 <@{user}> hat jetzt Platz {seat} (vorher {was}), vom Gastgeber übergeben. Klick auf **Meine Karten** in der Tischnachricht, um zu spielen.',
  'cmd.reply.statusRecent':
    'Der Tisch wurde vor weniger als 30 Sekunden im Kanal gepostet, darum hier eine Kopie, die nur du siehst.',
  'cmd.reply.statusNotSeated':
    'Nur die Spieler am Tisch und der Gastgeber können ihn erneut im Kanal posten, darum hier eine Kopie, die nur du siehst.',
  'cmd.reply.status': 'Hier ist der Tisch.',

  'cmd.help.start':
    '**Start**: `/table create` eröffnet hier einen Tisch, du bist Gastgeber. Andere: **Beitreten** oder `/table join`. Leere Plätze füllt `/table bot do:hinzufügen level:leicht|normal|schwer|Experte` (leicht für Einsteiger; schwer, Experte rechnen voraus). Der Gastgeber klickt **Starten**.',
  'cmd.help.play':
    '**Spielen**: **Meine Karten** (Tischnachricht) zeigt nur dir deine Karten. Wähle einen Zug aus der Liste (ein Klick) oder Karten und **Spielen**; dazu **Passen**, **Tichu!**, **Bombe!**. Oder tippen: `/play cards:7st 7jd`, `/pass`, `/tichu`, `/hand`.',
  'cmd.help.panels':
    '**Kartenfenster**: dein neuestes folgt dem Spiel, mit Punktestand, Kartenzahlen und Ansagen; bist du dran, liegen deine Züge bereit. 15 Minuten untätig? Öffne **Meine Karten** neu. Die Tischnachricht führt den Stich (🏁 markiert die letzten Karten eines Spielers), und die Zusammenfassung jeder Runde erzählt jeden Stich.',
  'cmd.help.clock':
    '**Bedenkzeit** je Entscheidung: `/table create timer:` (Standard 2 Minuten), Gastgeber: `/table timer`. Läuft sie ab, entscheidet der Bot; zweimal in Folge oder nach `/table away` spielt er deinen Platz, bis du im Kartenfenster **Bin zurück** klickst.',
  'cmd.help.pace':
    '**Bots lassen sich Zeit**, solange ein Mensch zusieht: etwa eine Sekunde vor jedem Bot-Zug im Spiel (der Gastgeber wählt mit `/table pace` `quick` oder `slow`), damit jeder Zug zu sehen ist. Eine Bombe auf der Hand? Drück **Bombe!** im Kartenfenster, bevor der nächste Bot zieht: sie liegt sofort.',
  'cmd.help.takeOver':
    '**Ersatz**: ohne Platz bittest du mit **Platz N übernehmen** (Tischnachricht) oder `/table sit seat:N` um einen abwesenden oder Bot-Platz. Es entscheidet der Gastgeber (ist er weg: alle Anwesenden); gespielt wird ab der nächsten Entscheidung. Direkt übergibt er mit `/table replace`. Partien mit Ersatz sind ungewertet.',
  'cmd.help.host':
    '**Gastgeber**: `/table pause`, `/table resume`, `/table end`, `/table kick`. Andere pausieren oder setzen fort, wenn alle zustimmen. Lobbys schließen nach 24 Stunden ohne Aktion.',
  'cmd.help.finding':
    '**Tische**: `/table list [mine:true]` zeigt Lobbys, laufende und pausierte Partien des Servers; eine pausierte setzt `/table resume` in ihrem Kanal fort.',
  'cmd.help.competition':
    '**Wettbewerb**: `/leaderboard top` zeigt die Rangliste (nach Wertung, Siegen, Siegquote oder Tichu-Erfolg; `/leaderboard visibility` verbirgt dich), `/stats` Statistiken (gewertete und ungewertete Partien mit Bots oder Ersatz getrennt), `/history` Partien Runde für Runde, mit Export.',
  'cmd.help.notify': '`/notify turn:aus`: keine Nachricht mehr, wenn du dran bist. `/rules`: die Regeln.',
  'cmd.help.title': 'So spielst du hier Tichu',
  'cmd.help.symbolsTitle': 'Was die Symbole bedeuten',
  'cmd.help.symbolsCards':
    '**Karten**\n🟢 Jade · ⚫ Schwerter · 🔵 Pagoden · 🔴 Sterne: erst die Farbe, dann der Rang (2-10, J, Q, K, A). 🔴Q ist die Dame der Sterne.\n🀄 Mah Jong (die 1) · 🐕 Hund · 🔥 Phönix · 🐉 Drache: die vier Sonderkarten.\nKarten stehen immer in der Reihenfolge, in der man sie auf der Hand hält: Hund, Mah Jong, 2 … A, Phönix, Drache.\nTippen (`/play`): Rang und Farbcode, `jd` Jade, `sw` Schwerter, `pg` Pagoden, `st` Sterne (`10st`, `Kjd`), oder `mahjong`, `dog`, `phoenix`, `dragon` für die Sonderkarten; `as:9` sagt, wofür der Phönix steht.',
  'cmd.help.symbolsPlays':
    '**Züge**\n`Einzelkarte K`: eine Karte · `Paar 7`: zwei eines Rangs · `Drilling 9`: drei eines Rangs\n`Full House 8 über 3`: drei 8er und zwei 3er\n`Straße 2-6`: fünf oder mehr Ränge in Folge (`1` ist der Mah Jong: `Straße 1-5`)\n`Treppe 5-5-6-6`: Paare benachbarter Ränge\n`Viererbombe 9`, `Straßenbombe 3-7`: Bomben schlagen jeden anderen Zug und dürfen auch außer der Reihe gespielt werden\n`(Phönix als 9)`: der Rang, für den der Phönix in diesem Zug steht',
  'cmd.help.symbolsTable':
    '**Die Tischnachricht**\n🟦 / 🟧: die beiden Teams (Plätze 1 und 3, Plätze 2 und 4), mit ihrem Punktestand\n▶️: wer spielt oder anspielt · ◀️: auf wessen Entscheidung der Tisch wartet\n⏰: wann die Zeit für eine Entscheidung abläuft, oder wem die Zeit ablief und was der Bot für ihn tat\n💤 / `abwesend (Bot spielt)`: der Spieler ist abwesend; der Bot spielt seinen Platz, bis er zurück ist\n`raus als 1.`, `raus als 2.`…: die Reihenfolge, in der die Spieler rausgekommen sind\n**Tichu!** / **Großes Tichu!**: dieser Spieler hat Tichu (100 Punkte) oder Großes Tichu (200 Punkte) angesagt\n`Auf dem Tisch`: der Stich bisher, jeder Zug mit seinen Karten und wer danach gepasst hat · `Letzter Stich`: wer ihn genommen hat, womit\n🀄 bei `Wunsch`: der Rang, den sich der Mah Jong gewünscht hat · ⏸️ pausiert · 🏆 die Sieger · 🙋 **Platz N übernehmen**: bitten, einen abwesenden oder Bot-Platz zu übernehmen\nRunden-Zusammenfassungen: ✅ geschafft, ❌ nicht geschafft (eine Tichu-Ansage); `+100 — -25`: die Punkte der Runde je Team.',

  'cmd.rules.teams':
    '**Tichu** — zwei Teams zu zweit (Plätze 1 & 3 gegen 2 & 4). Das erste Team, das das Ziel (1000) erreicht, gewinnt.',
  'cmd.rules.deal':
    '**Geben**: 8 Karten, dann darfst du **Großes Tichu** ansagen (+/-200); dann 6 weitere. Beim **Schupfen** gibst du jedem anderen Spieler eine Karte.',
  'cmd.rules.play':
    '**Spielen**: Wer den Mah Jong hat, spielt an. Schlag den letzten Zug mit derselben Art und Länge, aber höher, oder passe. Passen alle anderen, nimmt der letzte Spieler den Stich und spielt an.',
  'cmd.rules.combos':
    '**Kombinationen**: Einzelkarte, Paar, Drilling, Full House, Straße (ab 5), Treppe (Paare in Folge). **Bomben** (Viererbombe: vier Gleiche; Straßenbombe: Farbstraße ab 5) schlagen alles, auch außer der Reihe.',
  'cmd.rules.specials':
    '**Sonderkarten**: Mah Jong (die 1, spielt zuerst an; wer ihn spielt, darf sich einen Rang **wünschen**: der Wunsch muss erfüllt werden, wenn möglich) · Hund (nur zum Anspielen: dein Partner spielt an) · Phönix (Joker in Kombinationen; allein: einen halben Rang über der letzten Einzelkarte; -25 Punkte) · Drache (höchste Einzelkarte, +25, aber den Stich gibst du einem Gegner).',
  'cmd.rules.tichu':
    '**Tichu** (+/-100): sag es vor deiner ersten Karte an, wenn du glaubst, dass du als Erster rauskommst.',
  'cmd.rules.scoring':
    '**Punkte**: 5er zählen 5, 10er und Könige 10. Wer als Letzter übrig bleibt, gibt seine Stiche dem Ersten und seine Handkarten den Gegnern. Gehen beide Partner als Erste raus (Doppelsieg): 200 Punkte, Kartenpunkte zählen dann nicht.',
};
