/**
 * The play page's own words (its chrome, notes, hints and the command box), in the language
 * `npm run play -- --lang` chose: the page hears it from /api/session and calls setLanguage once.
 * What the bot says is the bot's: this file never touches it. Pure: Node imports it for tests.
 */

const WORDS = {
  en: {
    playingAs: 'Playing as',
    you: '(you)',
    reconnecting: 'Reconnecting…',
    hintBefore: 'Type ',
    hintMiddle: ', then add bots with ',
    hintBot: '/table bot do:add',
    hintAfter: ' (three times), then press ',
    hintStart: 'Start',
    hintCards: '. Your cards appear when you click ',
    hintMyHand: 'My hand',
    hintEnd: '.',
    gotIt: 'Got it',
    emptyBefore: 'No messages yet. Type ',
    emptyAfter: ' below to open a table.',
    messages: 'Messages',
    channels: 'Channels',
    thread: 'thread',
    privateThread: 'private thread',
    archived: 'archived',
    newMessages: 'new messages',
    commands: 'Commands',
    command: 'Command',
    commandPlaceholder: 'Type / for commands',
    send: 'Send',
    dismiss: 'Dismiss',
    noAnswer: 'Tichu did not respond in time.',
    unreachable: 'The page’s server cannot be reached. Is `npm run play` still running?',
    serverAnswered: 'The page’s server answered {status}.',
    yes: 'yes',
    no: 'no',
    staleControl:
      'That button or menu is out of date: its message has changed since. Here it is as it is now.',
    used: ' used {what}',
    aCommand: 'a command',
    someone: 'someone',
    thinking: 'Tichu is thinking…',
    edited: '(edited)',
    onlyYou: 'Only you can see this',
    makeSelection: 'Make a selection',
    choose: 'Choose',
    chosenOf: '{n} of {max} chosen',
    chosenRange: '{n} chosen ({min}–{max})',
    form: 'Form',
    cancel: 'Cancel',
    submit: 'Submit',
    chooseDots: 'Choose…',
    none: '(none)',
    commandFirst: 'Choose a command first: type / to see them.',
    subcommandFirst: '{command} needs one of: {list}.',
    noOptions: '{command} takes no options: “{words}” is not one.',
    strayWords: '“{words}” is no option of {command}: its options are {list}',
    required: '{name} is required.',
    oneOf: '{name}: choose one of {list}.',
    trueFalse: '{name}: true or false.',
    wholeNumber: '{name}: a whole number{range}.',
    number: '{name}: a number{range}.',
    range: ' from {low} to {high}',
    noPlayer: '{name}: no player named {text}.',
    atLeast: '{name}: at least {n} characters.',
    atMost: '{name}: at most {n} characters.',
  },
  de: {
    playingAs: 'Du spielst als',
    you: '(du)',
    reconnecting: 'Verbinde neu …',
    hintBefore: 'Tippe ',
    hintMiddle: ', setze dann mit ',
    hintBot: '/table bot do:hinzufügen',
    hintAfter: ' (dreimal) Bots an den Tisch und klicke ',
    hintStart: 'Starten',
    hintCards: '. Deine Karten siehst du mit ',
    hintMyHand: 'Meine Karten',
    hintEnd: '.',
    gotIt: 'Verstanden',
    emptyBefore: 'Noch keine Nachrichten. Tippe unten ',
    emptyAfter: ', um einen Tisch zu eröffnen.',
    messages: 'Nachrichten',
    channels: 'Kanäle',
    thread: 'Thread',
    privateThread: 'privater Thread',
    archived: 'archiviert',
    newMessages: 'neue Nachrichten',
    commands: 'Befehle',
    command: 'Befehl',
    commandPlaceholder: 'Tippe / für Befehle',
    send: 'Senden',
    dismiss: 'Schließen',
    noAnswer: 'Tichu hat nicht rechtzeitig reagiert.',
    unreachable: 'Der Server der Seite ist nicht erreichbar. Läuft `npm run play` noch?',
    serverAnswered: 'Der Server der Seite antwortete {status}.',
    yes: 'ja',
    no: 'nein',
    staleControl:
      'Dieser Knopf oder dieses Menü ist nicht mehr aktuell: seine Nachricht hat sich inzwischen geändert. Hier ist sie, wie sie jetzt ist.',
    used: ' hat {what} verwendet',
    aCommand: 'einen Befehl',
    someone: 'jemand',
    thinking: 'Tichu denkt nach …',
    edited: '(bearbeitet)',
    onlyYou: 'Nur du kannst das sehen',
    makeSelection: 'Triff eine Auswahl',
    choose: 'Auswählen',
    chosenOf: '{n} von {max} gewählt',
    chosenRange: '{n} gewählt ({min}–{max})',
    form: 'Formular',
    cancel: 'Abbrechen',
    submit: 'Absenden',
    chooseDots: 'Wählen …',
    none: '(keine)',
    commandFirst: 'Wähle erst einen Befehl: Tippe /, um sie zu sehen.',
    subcommandFirst: '{command} braucht eines von: {list}.',
    noOptions: '{command} hat keine Optionen: „{words}“ ist keine.',
    strayWords: '„{words}“ ist keine Option von {command}: seine Optionen sind {list}',
    required: '{name} fehlt.',
    oneOf: '{name}: wähle eines von {list}.',
    trueFalse: '{name}: true oder false.',
    wholeNumber: '{name}: eine ganze Zahl{range}.',
    number: '{name}: eine Zahl{range}.',
    range: ' von {low} bis {high}',
    noPlayer: '{name}: niemand heißt {text}.',
    atLeast: '{name}: mindestens {n} Zeichen.',
    atMost: '{name}: höchstens {n} Zeichen.',
  },
};

/** The languages the page speaks; anything else is English. */
export const LANGUAGES = Object.keys(WORDS);

let current = 'en';

/** Sets the page's language (once, from the session); an unknown one leaves English. */
export function setLanguage(lang) {
  current = Object.hasOwn(WORDS, lang) ? lang : 'en';
  return current;
}

export function language() {
  return current;
}

/** The page's words for `key`, with {placeholders} filled in; `lang` defaults to the page's. */
export function t(key, params = {}, lang = current) {
  const text = WORDS[lang]?.[key] ?? WORDS.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

const UNITS = [
  ['minute', 60, 60],
  ['hour', 3600, 24],
  ['day', 86_400, 30],
  ['month', 2_592_000, 12],
];
const formats = new Map();

/**
 * How far a moment is from now in `lang`, as Discord's `<t:…:R>` reads in that language: "in 2
 * minutes", "in 2 Minuten", "vor 5 Minuten", "now"/"jetzt". Units round as Discord's do.
 */
export function relativeTimeIn(lang, unixSeconds, nowMs) {
  const diff = unixSeconds * 1000 - nowMs;
  const seconds = Math.round(Math.abs(diff) / 1000);
  const key = Object.hasOwn(WORDS, lang) ? lang : 'en';
  let format = formats.get(key);
  if (!format) {
    format = new Intl.RelativeTimeFormat(key, { numeric: 'always' });
    formats.set(key, format);
  }
  if (seconds === 0) return new Intl.RelativeTimeFormat(key, { numeric: 'auto' }).format(0, 'second');
  let amount = seconds;
  let unit = 'second';
  if (seconds >= 60) {
    amount = Math.round(seconds / 31_536_000);
    unit = 'year';
    for (const [name, size, limit] of UNITS) {
      const count = Math.round(seconds / size);
      if (count < limit) {
        amount = count;
        unit = name;
        break;
      }
    }
  }
  return format.format(diff > 0 ? amount : -amount, unit);
}
