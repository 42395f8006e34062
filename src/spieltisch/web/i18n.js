// German and English texts. The choice is remembered in localStorage.
const TEXT = {
  de: {
    language: "Sprache", lobby: "Lobby", newTable: "Neuer Tisch", game: "Spiel",
    options: "Regeloptionen", seats: "Plätze", seat: "Platz", yourName: "Dein Name",
    human: "Mensch", bot: "Bot", level: "Stufe", create: "Tisch eröffnen", join: "Mitspielen",
    watch: "Zuschauen", replay: "Wiedergabe", openTables: "Offene und laufende Tische",
    finishedTables: "Beendete Spiele", noTables: "Noch keine Tische.", status_open: "wartet",
    status_running: "läuft", status_finished: "beendet", free: "frei", you: "du",
    invite: "Einladungslink", copy: "Kopieren", copied: "Kopiert!", waiting: "Warte auf Mitspieler …",
    yourTurn: "Du bist am Zug", othersTurn: "Die anderen sind am Zug", turnOf: "{name} ist am Zug", gameOver: "Spiel beendet",
    spectating: "Du schaust zu", connecting: "Verbinde …", reconnecting: "Verbindung verloren – verbinde neu …",
    log: "Spielverlauf", result: "Ergebnis", points: "Punkte", tiles: "Plättchen", winner: "{name} gewinnt", winners: "{names} gewinnen",
    draw: "Unentschieden", handToBot: "An Bot übergeben", takeBack: "Zurückholen", online: "online",
    offline: "offline", moveInput: "Zug eingeben", send: "Senden",
    refused: "Abgelehnt", endPhase: "Endphase: noch {n} Züge", gameNo: "Spiel {n} von {m}",
    won: "Gewonnen", exited: "Hinausgezogen", hidden: "Verdeckt", playedBy: "gespielt von",
    back: "Zurück", first: "Anfang", prev: "Zurück", next: "Weiter", last: "Ende", step: "Zug {n} von {m}",
    start: "Ausgangsstellung", notFound: "Diesen Tisch gibt es nicht.", toLobby: "Zur Lobby",
    seatsFilled: "Das Spiel beginnt, sobald alle Plätze besetzt sind.", anonymous: "Gast",
    default: "Standard", blue: "Blau", brown: "Braun", neutral: "neutral", notYourTurn: "Nicht dein Zug",
    selectHint: "Tippe auf ein verdecktes Plättchen zum Aufdecken oder auf eine eigene Figur zum Ziehen.",
    nameNeeded: "Bitte gib deinen Namen ein.", resume: "Weiterspielen", pass: "Passen (kein Zug möglich)", firstHuman: "Du spielst auf dem ersten Platz für einen Menschen; die anderen kommen über den Einladungslink.", match: "Partie", total: "Gesamt", reason: "Grund", players: "Spieler", ply: "Züge",
  },
  en: {
    language: "Language", lobby: "Lobby", newTable: "New table", game: "Game",
    options: "Rule options", seats: "Seats", seat: "Seat", yourName: "Your name",
    human: "Human", bot: "Bot", level: "Level", create: "Open table", join: "Join",
    watch: "Watch", replay: "Replay", openTables: "Open and running tables",
    finishedTables: "Finished games", noTables: "No tables yet.", status_open: "waiting",
    status_running: "running", status_finished: "finished", free: "free", you: "you",
    invite: "Invite link", copy: "Copy", copied: "Copied!", waiting: "Waiting for players …",
    yourTurn: "Your turn", othersTurn: "Waiting for the others", turnOf: "{name} to move", gameOver: "Game over",
    spectating: "You are watching", connecting: "Connecting …", reconnecting: "Connection lost – reconnecting …",
    log: "Game log", result: "Result", points: "Points", tiles: "Tiles", winner: "{name} wins", winners: "{names} win",
    draw: "Draw", handToBot: "Hand to bot", takeBack: "Take back", online: "online",
    offline: "offline", moveInput: "Type a move", send: "Send",
    refused: "Refused", endPhase: "End phase: {n} moves left", gameNo: "Game {n} of {m}",
    won: "Won", exited: "Moved out", hidden: "Face down", playedBy: "played by",
    back: "Back", first: "Start", prev: "Previous", next: "Next", last: "End", step: "Move {n} of {m}",
    start: "Starting position", notFound: "There is no such table.", toLobby: "To the lobby",
    seatsFilled: "The game starts as soon as every seat is taken.", anonymous: "Guest",
    default: "default", blue: "Blue", brown: "Brown", neutral: "neutral", notYourTurn: "Not your turn",
    selectHint: "Tap a face-down tile to flip it, or one of your pieces to move it.",
    nameNeeded: "Please enter your name.", resume: "Resume", pass: "Pass (no move possible)", firstHuman: "You take the first human seat; the others join through the invite link.", match: "Match", total: "Total", reason: "Reason", players: "Players", ply: "Moves",
  },
};

// Codes of refusals from the server, and the rules they cite.
const CODES = {
  de: {
    "action/illegal": "Regelverstoß", "action/invalid_notation": "Diesen Zug verstehe ich nicht",
    "action/stale_state": "Das Spiel ist inzwischen weiter – bitte noch einmal",
    "auth/bad_token": "Dieser Platz-Schlüssel ist ungültig", "auth/spectator": "Zuschauer können nicht ziehen",
    "request/rate_limited": "Zu viele Anfragen – bitte langsamer", "message/too_large": "Nachricht zu groß",
    "message/malformed": "Ungültige Nachricht", "table/full": "Alle Plätze sind besetzt",
    "table/seat_taken": "Dieser Platz ist schon besetzt", "table/not_open": "Das Spiel hat schon begonnen",
    "table/not_found": "Diesen Tisch gibt es nicht", "table/seat_is_bot": "Diesen Platz spielt gerade ein Bot",
    "request/invalid": "Ungültige Eingabe", "game/invalid_option": "Ungültige Regeloption",
    "game/invalid_players": "Ungültige Spielerzahl", "game/unknown": "Unbekanntes Spiel",
    "net/offline": "Keine Verbindung zum Server", "server/internal": "Interner Serverfehler",
  },
  en: {
    "action/illegal": "Against the rules", "action/invalid_notation": "I cannot read that move",
    "action/stale_state": "The game has moved on – please try again",
    "auth/bad_token": "This seat token is not valid", "auth/spectator": "Spectators cannot move",
    "request/rate_limited": "Too many requests – slow down", "message/too_large": "Message too large",
    "message/malformed": "Malformed message", "table/full": "Every seat is taken",
    "table/seat_taken": "That seat is taken", "table/not_open": "The game has already started",
    "table/not_found": "There is no such table", "table/seat_is_bot": "A bot plays this seat now",
    "request/invalid": "Invalid input", "game/invalid_option": "Invalid rule option",
    "game/invalid_players": "Invalid number of players", "game/unknown": "Unknown game",
    "net/offline": "No connection to the server", "server/internal": "Internal server error",
  },
};

const RULES = {
  de: {
    "HA-R1": "Gespielt wird im Wald b2–h8; Ausgänge sind a5, i5, e9 und e1.",
    "HA-R3": "Verdeckte Plättchen blockieren und können nicht geschlagen werden – erst aufdecken.",
    "HA-R4": "Gezogen wird gerade und orthogonal über freie Felder; Bär und Holzfäller 1 Feld, Bäume nie; der Jäger schießt nur in Gewehrrichtung.",
    "HA-R5": "Kein Hin-und-her-Ziehen; eine Ente oder ein Fasan, die der Gegner gerade aufgedeckt oder gezogen hat, darf nicht sofort gezogen werden.",
    "HA-R6": "Nur in der Endphase dürfen eigene Figuren den Wald durch einen Ausgang verlassen.",
    "HA-R7": "Passen ist nur erlaubt, wenn kein Zug möglich ist.",
    "HA §1": "Aufgedeckt werden nur verdeckte Plättchen.",
    "HA §2": "Jeder zieht nur eigene Figuren (Blau: Bär, Fuchs; Braun: Holzfäller, Jäger) und Enten oder Fasane.",
    "HA §Spielvorbereitungen": "Du bist nicht am Zug.",
    "ENGINE-OVER": "Das Spiel ist vorbei.",
  },
  en: {
    "HA-R1": "Play happens in the forest b2–h8; the exits are a5, i5, e9 and e1.",
    "HA-R3": "Face-down tiles block and cannot be captured – flip them first.",
    "HA-R4": "Pieces move straight and orthogonally over empty squares; bear and woodcutter 1 square, trees never; a hunter shoots only where its gun points.",
    "HA-R5": "No moving back and forth; a duck or pheasant your opponent just revealed or moved cannot be moved by you right away.",
    "HA-R6": "Only in the end phase may your own pieces leave the forest through an exit.",
    "HA-R7": "Passing is allowed only without any legal move.",
    "HA §1": "Only face-down tiles can be flipped.",
    "HA §2": "You move only your own pieces (Blue: bear, fox; Brown: woodcutter, hunter) and ducks or pheasants.",
    "HA §Spielvorbereitungen": "It is not your turn.",
    "ENGINE-OVER": "The game is over.",
  },
};

// Bot levels by their ladder names (docs/bots.md); an unknown level shows its own name.
const LEVELS = {
  de: {
    random: "Zufall", rules: "Regelbot", ismcts: "Baumsuche (ISMCTS)", strong: "Stark", expert: "Experte",
    beginner: "Anfänger", average: "Durchschnitt",
  },
  en: {
    random: "Random", rules: "Rule-based", ismcts: "Tree search (ISMCTS)", strong: "Strong", expert: "Expert",
    beginner: "Beginner", average: "Average",
  },
};

let lang = localStorage.getItem("spieltisch.lang") || (navigator.language || "en").slice(0, 2);
if (!TEXT[lang]) lang = "en";
const listeners = [];

export function getLang() { return lang; }
export function setLang(value) {
  lang = TEXT[value] ? value : "en";
  localStorage.setItem("spieltisch.lang", lang);
  document.documentElement.lang = lang;
  listeners.forEach((fn) => fn(lang));
}
export function onLang(fn) { listeners.push(fn); }

export function t(key, params = {}) {
  const text = TEXT[lang][key] ?? TEXT.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, k) => params[k] ?? "");
}

/** A bilingual text from the server ({de, en}) in the chosen language. */
export function pick(text) {
  return text ? text[lang] ?? text.en : "";
}

/** Label and explanation of a game's rule option, as the game declares them. */
export function optionText(option) {
  return { label: pick(option.label), doc: pick(option.help) };
}

export function levelName(level) {
  return LEVELS[lang][level] ?? level;
}

// A refusal in words: the localised code, the rule id and the rule's text.
export function describeError(err) {
  const head = CODES[lang][err.code] || err.message || err.code;
  if (err.rule) {
    const rule = RULES[lang][err.rule];
    const detail = lang === "en" || !rule ? err.message : rule;
    return `${head} [${err.rule}]: ${detail}`;
  }
  return CODES[lang][err.code] ? `${head}` : `${head}`;
}

document.documentElement.lang = lang;
