/** Deutsche Texte: Analysen einer Runde (der Knopf der Zusammenfassung, `/history hand review:true`). */
import type { review as en } from '../en/review.js';
import type { Texts } from './texts.js';

export const review: Texts<typeof en> = {
  'cmd.history.hand.review': 'Deine eigenen Entscheidungen dieser Runde analysieren (nur du siehst es)',
  'cmd.help.review':
    '**Analyse**: Nach jeder Runde zeigt **Meine Runde analysieren** unter ihrer Zusammenfassung (oder `/history hand … review:true`) nur dir deine teuersten Entscheidungen, was besser gewesen wäre und etwa wie viele Punkte es gekostet hat, dazu die Chance, die deine Karten dir gaben.',
  'review.button': 'Meine Runde analysieren',
  'review.buttonLater': 'Meine Runde analysieren (nach Wochenschluss)',
  'review.title': '🔍 **Analyse deiner Runde {hand}** (Partie #{match})',
  'review.summary_one':
    '{count} Entscheidung mit Wahl analysiert · etwa {lost} Punkte verloren gegenüber den besten gefundenen Zügen.',
  'review.summary_other':
    '{count} Entscheidungen mit Wahl analysiert · etwa {lost} Punkte verloren gegenüber den besten gefundenen Zügen.',
  'review.nothing':
    'In dieser Runde hattest du keine Entscheidung mit mehr als einer Möglichkeit: nichts zu analysieren.',
  'review.clean': 'Kein klarer Fehler: Wo die Analyse es sagen kann, waren deine Züge so gut wie die besten.',
  'review.costliest_one': 'Die teuerste Entscheidung:',
  'review.costliest_other': 'Die {count} teuersten Entscheidungen:',
  'review.luck':
    'Deine 14 Karten, wie sie kamen, vor dem Schupfen (eine schnelle Einschätzung des Blatts allein): {chance} % Chance, als Erster rauszukommen, gegenüber {average} % bei einem durchschnittlichen Blatt.',
  'review.band.best': 'Beste Wahl',
  'review.band.good': 'Gut',
  'review.band.inaccuracy': 'Ungenauigkeit',
  'review.band.mistake': 'Fehler',
  'review.band.blunder': 'Patzer',
  'review.kind.grandTichu': 'Großes Tichu',
  'review.kind.tichu': 'Tichu-Ansage',
  'review.kind.exchange': 'Schupfen',
  'review.kind.play': 'Spielzug',
  'review.kind.pass': 'Passen',
  'review.kind.bomb': 'Bombe',
  'review.kind.wish': 'Wunsch',
  'review.kind.dragon': 'Drachen verschenken',
  'review.decision.head': '**{band}** · {kind}: etwa {cost} Punkte, ±{se}',
  'review.decision.held': 'Deine Karten: {cards}',
  'review.decision.table': 'Auf dem Tisch: {combo} von {name}.',
  'review.decision.lead': 'Der Tisch war leer: du hattest das Ausspiel.',
  'review.decision.done': 'Du: {chosen} · die Analyse empfiehlt: {best}',
  'review.action.pass': 'passen',
  'review.action.play': '{combo} spielen',
  'review.action.tichu': 'Tichu ansagen',
  'review.action.noTichu': 'kein Tichu',
  'review.action.noBomb': 'keine Bombe',
  'review.action.grandTichu': 'Großes Tichu ansagen',
  'review.action.noGrandTichu': 'kein Großes Tichu',
  'review.action.exchange': '{next} an {nextName}, {partner} an {partnerName}, {previous} an {previousName}',
  'review.action.wish': '{rank} wünschen',
  'review.action.noWish': 'kein Wunsch',
  'review.action.dragon': 'Drache an {name}',
  'review.call.grandTichu':
    'Großes Tichu, mit deinen ersten acht Karten: {chance} % Chance, als Erster rauszukommen; etwa {with} Punkte mit Ansage, {without} ohne (der Unterschied ±{se}): {verdict}. Du hast {made}.',
  'review.call.tichu':
    'Tichu, mit deinen Karten bei deiner Entscheidung, aus durchgespielten Verteilungen: {chance} % Chance, als Erster rauszukommen; etwa {with} Punkte mit Ansage, {without} ohne (der Unterschied ±{se}): {verdict}. Du hast {made}.',
  'review.call.worth': 'die Ansage lohnt sich',
  'review.call.notWorth': 'die Ansage lohnt sich nicht',
  'review.call.close': 'zu knapp für ein klares Urteil',
  'review.call.called': 'angesagt',
  'review.call.didNotCall': 'nicht angesagt',
  'review.footer':
    'Punkte: der Punktestand deines Teams in der Runde minus dem des anderen, geschätzt, indem die Runde von deinem Wissensstand aus viele Male zu Ende gespielt wird (± ist der Standardfehler). Ein Zug wird nur bemängelt, wenn ein anderer klar besser ist (um etwa 2 Standardfehler und über 5 Punkte); die verlorenen Punkte, abzüglich eines Standardfehlers (die beste von mehreren Schätzungen fällt zu hoch aus), benennen ihn: unter 10 gut, Ungenauigkeit ab 10, Fehler ab 25, Patzer ab 60.',
  'review.refusal.not_finished':
    'Diese Runde ist noch nicht vorbei: Analysen gibt es nur für beendete Runden.',
  'review.refusal.not_yours':
    'Du hast diese Runde nicht gespielt: Eine Analyse gibt es nur für den Spieler auf diesem Platz.',
  'review.refusal.busy':
    'Du hast schon Analysen in der Warteschlange: Frag noch einmal, wenn sie fertig sind.',
  'review.refusal.full': 'Gerade werden viele Analysen erstellt: Frag in ein paar Minuten noch einmal.',
  'review.refusal.failed':
    'Die Analyse ließ sich gerade nicht erstellen. Nichts ging verloren: Versuch es gleich noch einmal.',
  'review.refusal.challenge_open':
    'Dieses Board gehört zur Challenge dieser Woche: Analysen gibt es, sobald die Woche geschlossen ist.',
};
