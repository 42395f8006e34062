// Every shared word the browser shows, German and English side by side in one table, so a
// missing translation shows up as a one-sided entry in review, not as a blank on a page.
// Each game brings its own words in the same form beside its module
// (games/<game>.words.js, keys with its prefix: ha., hg., hy., ka.) and adds them here
// with addWords. The choice of language is remembered in localStorage. What a game's
// rules say comes from the server instead (/api/games "rules"), declared once with the game.
const LANGS = ["de", "en"];
const TEXT = {
  // -- Pages, lobby and table
  language: ["Sprache", "Language"],
  lobby: ["Lobby", "Lobby"],
  newTable: ["Neuer Tisch", "New table"],
  game: ["Spiel", "Game"],
  options: ["Regeloptionen", "Rule options"],
  seats: ["Plätze", "Seats"],
  seat: ["Platz", "Seat"],
  yourName: ["Dein Name", "Your name"],
  human: ["Mensch", "Human"],
  bot: ["Bot", "Bot"],
  level: ["Stufe", "Level"],
  create: ["Tisch eröffnen", "Open table"],
  join: ["Mitspielen", "Join"],
  watch: ["Zuschauen", "Watch"],
  replay: ["Wiedergabe", "Replay"],
  openTables: ["Offene und laufende Tische", "Open and running tables"],
  finishedTables: ["Beendete Spiele", "Finished games"],
  noTables: ["Noch keine Tische.", "No tables yet."],
  status_open: ["wartet", "waiting"],
  status_running: ["läuft", "running"],
  status_finished: ["beendet", "finished"],
  status_broken: ["defekt", "broken"],
  status_expired: ["abgelaufen", "expired"],
  status_closed: ["geschlossen", "closed"],
  myTables: ["Meine Tische", "My tables"],
  status_abandoned: ["verlassen", "abandoned"],
  abandonedTable: ["Alle hatten diesen Tisch verlassen: das Spiel endete ohne Sieger und ohne Wertung.", "Everyone had left this table: the game ended without a winner, unrated."],
  abandonedShort: ["verlassen, ohne Wertung beendet", "left by all, ended unrated"],
  guestSeats: ["Als Gast gilt dein Platz nur in diesem Browser. Mit einem Spieler (Name und Passwort) spielst du auf jedem Gerät weiter.", "A guest's seat is kept in this browser only. With a player (name and password) you play on from any device."],
  guestSeatsLink: ["Spieler anlegen oder anmelden", "Make a player or sign in"],
  myTablesNone: ["Du sitzt an keinem Tisch. Eröffne einen oder spiele an einem offenen mit.", "You sit at no table. Open one or join an open one."],
  host: ["Gastgeber", "host"],
  closeTable: ["Tisch schließen", "Close table"],
  closeSure: ["Wirklich schließen?", "Really close?"],
  closedByHost: ["Der Gastgeber hat diesen Tisch geschlossen.", "The host closed this table."],
  expiredTable: ["Dieser Tisch ist abgelaufen: niemand hat sich rechtzeitig hingesetzt.", "This table expired: nobody sat down in time."],
  openTtl: ["Offene Tische ohne Bewegung verfallen nach {time}.", "Open tables with no activity expire after {time}."],
  showMore: ["Mehr anzeigen", "Show more"],
  finishedOn: ["beendet am {date}", "finished {date}"],
  spectatorChat: ["Chat für Zuschauer", "Chat for spectators"],
  spectatorChat_none: ["nicht sichtbar", "hidden"],
  spectatorChat_read: ["mitlesen", "read only"],
  spectatorChat_write: ["mitlesen und schreiben", "read and write"],
  chat: ["Tischgespräch", "Table chat"],
  rulesOpen: ["Regeln", "Rules"],
  rulesTitle: ["Regeln: {game}", "Rules: {game}"],
  rulesClose: ["Schließen", "Close"],
  rulesAll: ["Alle Regeln nach Nummer", "All rules by id"],
  rulesSee: ["Regeln dazu:", "Rules:"],
  rulesLoading: ["Regeln werden geladen …", "Loading the rules …"],
  rulesFailed: ["Die Regeln konnten nicht geladen werden.", "The rules could not be loaded."],
  ruleShow: ["Regel {rule} lesen", "Read rule {rule}"],
  chatPlaceholder: ["Nachricht an den Tisch", "Message to the table"],
  chatNone: ["Noch keine Nachrichten.", "No messages yet."],
  chatSpectator: ["Zuschauer", "Spectator"],
  chatPlayersOnly: ["Zuschauer sehen dieses Gespräch nicht.", "Spectators do not see this chat."],
  chatSpectatorsRead: ["Zuschauer lesen mit.", "Spectators can read this chat."],
  chatSpectatorsWrite: ["Zuschauer lesen mit und schreiben.", "Spectators can read and write here."],
  chatHidden: ["Das Gespräch an diesem Tisch ist nur für die Spieler.", "This table's chat is for its players only."],
  chatReadOnly: ["Als Zuschauer liest du nur mit.", "Spectators can only read."],
  chatMute: ["Stummschalten", "Mute"],
  chatMuted: ["{n} stumm", "{n} muted"],
  chat_q_hello: ["Hallo!", "Hello!"],
  chat_q_gl: ["Viel Glück!", "Good luck!"],
  chat_q_gg: ["Gut gespielt!", "Well played!"],
  chat_q_thanks: ["Danke!", "Thanks!"],
  chat_q_wait: ["Moment bitte", "One moment"],
  chat_q_oops: ["Ups!", "Oops!"],
  brokenHint: ["Dieser Tisch lässt sich nach einem Neustart nicht wiederherstellen; die anderen Tische laufen weiter.", "This table could not be rebuilt after a restart; the other tables go on."],
  free: ["frei", "free"],
  you: ["du", "you"],
  invite: ["Einladungslink", "Invite link"],
  inviteLocal: ["Diese Adresse erreicht nur diesen Rechner. Freunde im selben Netz brauchen die Netzwerkadresse dieses Rechners, z. B. http://192.168.1.23:8000 (siehe README).", "This address reaches only this computer. Friends on the same network need this computer's network address, e.g. http://192.168.1.23:8000 (see the README)."],
  "n.card.one": ["{n} Karte", "{n} card"],
  "n.card.other": ["{n} Karten", "{n} cards"],
  thinking: ["denkt nach … {s} s", "thinking … {s} s"],
  copy: ["Kopieren", "Copy"],
  copied: ["Kopiert!", "Copied!"],
  waiting: ["Warte auf Mitspieler …", "Waiting for players …"],
  yourTurn: ["Du bist am Zug", "Your turn"],
  othersTurn: ["Die anderen sind am Zug", "Waiting for the others"],
  turnOf: ["{name} ist am Zug", "{name} to move"],
  gameOver: ["Spiel beendet", "Game over"],
  spectating: ["Du schaust zu", "You are watching"],
  connecting: ["Verbinde …", "Connecting …"],
  reconnecting: ["Verbindung verloren – verbinde neu …", "Connection lost – reconnecting …"],
  log: ["Spielverlauf", "Game log"],
  result: ["Ergebnis", "Result"],
  points: ["Punkte", "Points"],
  tiles: ["Plättchen", "Tiles"],
  winner: ["{name} gewinnt", "{name} wins"],
  winners: ["{names} gewinnen", "{names} win"],
  draw: ["Unentschieden", "Draw"],
  handToBot: ["An Bot übergeben", "Hand to bot"],
  seatBot: ["Bot setzen", "Seat a bot"],
  takeBack: ["Zurückholen", "Take back"],
  takeMySeatBack: ["Meinen Platz zurücknehmen", "Take my seat back"],
  // -- Turn clocks and "your turn" elsewhere
  turnClock: ["Bedenkzeit", "Thinking time"],
  turnClockHint: ["Wer länger braucht oder sein Zeitkonto aufbraucht, wird von einem Bot vertreten, bis er seinen Platz zurücknimmt.", "Whoever takes longer, or uses up his time bank, is replaced by a bot until he takes his seat back."],
  clock_none: ["keine (unbegrenzt)", "none (unlimited)"],
  clockLive: ["Live-Partie", "Live play"],
  clockCorrespondence: ["Fernpartie", "Correspondence"],
  clockBank: ["Zeitkonto (Grundzeit + Sekunden pro Zug)", "Time bank (base time + seconds per move)"],
  bankLimit: ["Zeitkonto {base}+{inc}", "Time bank {base}+{inc}"],
  perMove: ["{time} pro Zug", "{time} per move"],
  oneDay: ["1 Tag", "1 day"],
  days: ["{n} Tage", "{n} days"],
  oneHour: ["1 Stunde", "1 hour"],
  hours: ["{n} Stunden", "{n} hours"],
  clockDays: ["{d} T. {h} Std.", "{d} d {h} h"],
  clockHours: ["{h} Std. {m} Min.", "{h} h {m} min"],
  botHoldsSeat: ["Ein Bot spielt gerade deinen Platz, bis du ihn zurücknimmst.", "A bot is playing your seat until you take it back."],
  timedOutOther: ["Die Bedenkzeit von {name} ist abgelaufen – ein Bot ({level}) spielt den Platz, bis {name} ihn zurücknimmt.", "{name}'s time ran out – a bot ({level}) plays the seat until {name} takes it back."],
  timedOut: ["Deine Bedenkzeit ist abgelaufen – ein Bot spielt für dich, bis du deinen Platz zurücknimmst.", "Your time ran out – a bot plays for you until you take your seat back."],
  notifyAllow: ["Benachrichtigen, wenn ich am Zug bin", "Notify me when it is my turn"],
  yourTurnAt: ["Du bist am Zug: {game}", "Your turn: {game}"],
  waitsForYou: ["wartet auf dich", "waiting for you"],
  resign: ["Aufgeben", "Resign"],
  resignQuestion: ["Aufgeben?", "Resign?"],
  resignYes: ["Ja, aufgeben", "Yes, resign"],
  resignNo: ["Weiterspielen", "Keep playing"],
  resigned: ["hat aufgegeben", "resigned"],
  youResigned: ["Du hast aufgegeben – ein Bot spielt deinen Platz zu Ende.", "You resigned – a bot plays your seat to the end."],
  rematch: ["Nochmal?", "Play again?"],
  rematchOffer: ["Gleiche Plätze, gleiche Regeln, neu gemischt.", "Same seats, same rules, a new deal."],
  rematchPropose: ["Nochmal spielen", "Play again"],
  rematchWaiting: ["Eine neue Partie wartet auf dich – dein Platz ist frei gehalten.", "A rematch is waiting for you – your seat is kept free."],
  rematchAccept: ["Mitspielen", "Join the rematch"],
  rematchSeated: ["Du sitzt schon in der neuen Partie.", "You already have your seat in the rematch."],
  nextGame: ["Nächste Partie", "Next game"],
  previousGame: ["Vorherige Partie", "Previous game"],
  reservedFor: ["Platz frei gehalten", "seat kept free"],
  botLevel: ["Bot-Stufe", "Bot level"],
  online: ["online", "online"],
  offline: ["offline", "offline"],
  moveInput: ["Zug eingeben", "Type a move"],
  send: ["Senden", "Send"],
  refused: ["Abgelehnt", "Refused"],
  exited: ["Hinausgezogen", "Moved out"],
  playedBy: ["gespielt von", "played by"],
  back: ["Zurück", "Back"],
  first: ["Anfang", "Start"],
  prev: ["Zurück", "Previous"],
  next: ["Weiter", "Next"],
  last: ["Ende", "End"],
  step: ["Zug {n} von {m}", "Move {n} of {m}"],
  positionLink: ["Link zu dieser Stellung", "Link to this position"],
  positionLinkCopy: ["Zum Weitergeben – ohne Platz-Schlüssel", "To share – no seat token in it"],
  start: ["Ausgangsstellung", "Starting position"],
  notFound: ["Diesen Tisch gibt es nicht.", "There is no such table."],
  toLobby: ["Zur Lobby", "To the lobby"],
  seatsFilled: ["Das Spiel beginnt, sobald alle Plätze besetzt sind.", "The game starts as soon as every seat is taken."],
  anonymous: ["Gast", "Guest"],
  default: ["Standard", "default"],
  neutral: ["neutral", "neutral"],
  notYourTurn: ["Nicht dein Zug", "Not your turn"],
  selectHint: ["Tippe auf ein verdecktes Plättchen zum Aufdecken oder auf eine eigene Figur zum Ziehen.", "Tap a face-down tile to flip it, or one of your pieces to move it."],
  nameNeeded: ["Bitte gib deinen Namen ein.", "Please enter your name."],
  resume: ["Weiterspielen", "Resume"],
  pass: ["Passen (kein Zug möglich)", "Pass (no move possible)"],
  "tip.ask": ["Tipp", "Hint"],
  "tip.says": ["Der Regel-Bot würde:", "The rules bot would play:"],
  firstHuman: ["Du spielst auf dem ersten Platz für einen Menschen; die anderen kommen über den Einladungslink.", "You take the first human seat; the others join through the invite link."],
  match: ["Partie", "Match"],
  total: ["Gesamt", "Total"],
  reason: ["Grund", "Reason"],
  players: ["Spieler", "Players"],
  ply: ["Züge", "Moves"],

  // -- Errors the browser meets without words from the server (no connection, no JSON
  // answer); every error the server sends carries its own German and English text.
  "code.net/offline": ["Keine Verbindung zum Server", "No connection to the server"],
  "code.server/internal": ["Interner Serverfehler", "Internal server error"],
  // A move the page's own check refuses before it is sent (the words the server gives it).
  "code.action/illegal": ["Regelverstoß", "Against the rules"],

  // -- Bot levels by their ladder names (docs/bots.md)
  "level.random": ["Zufall", "Random"],
  "level.rules": ["Regelbot", "Rule-based"],
  // Named for how it plays, not how it is built (it searches sampled hands: docs/bots.md).
  "level.ismcts": ["Tüftler", "Planner"],
  "level.strong": ["Stark", "Strong"],
  "level.expert": ["Experte", "Expert"],
  "level.beginner": ["Anfänger", "Beginner"],
  "level.average": ["Durchschnitt", "Average"],
  "level.unproven": ["Nicht nachweislich stärker als die Stufe darunter: {levels}.", "Not shown to be stronger than the level below: {levels}."],

  // -- Moderation (admin.js)
  "adm.title": ["Moderation", "Moderation"],
  "adm.signIn": ["Als Moderator anmelden", "Sign in as a moderator"],
  "adm.signInHint": ["Mit dem Admin-Schlüssel des Servers oder dem Schlüssel eines Spielers, den der Betreiber zum Moderator gemacht hat. Er bleibt nur in diesem Tab.", "With the server's admin token or the key of a player the operator made a moderator. It stays in this tab only."],
  "adm.credential": ["Schlüssel", "Token"],
  "adm.asPlayer": ["Als {name} anmelden", "Sign in as {name}"],
  "adm.as": ["Angemeldet: {who}", "Signed in: {who}"],
  "adm.byToken": ["Admin-Schlüssel", "Admin token"],
  "adm.signOut": ["Abmelden", "Sign out"],
  "adm.table": ["Tisch", "Table"],
  "adm.tableHint": ["Tisch-Kennung oder Einladungslink. Schließen beendet das Spiel für alle, Löschen entfernt den Tisch samt Chat.", "Table id or invite link. Closing ends the game for everyone, deleting removes the table with its chat."],
  "adm.tableId": ["Tisch", "Table"],
  "adm.showChat": ["Chat zeigen", "Show chat"],
  "adm.close": ["Schließen", "Close"],
  "adm.delete": ["Löschen", "Delete"],
  "adm.deleteSure": ["Den Tisch mit allen Zügen und dem Chat endgültig löschen?", "Delete the table with all its moves and chat for good?"],
  "adm.closed": ["Tisch geschlossen.", "Table closed."],
  "adm.deleted": ["Tisch gelöscht.", "Table deleted."],
  "adm.was": ["war: {status}", "was: {status}"],
  "adm.hide": ["Ausblenden", "Hide"],
  "adm.hidden": ["ausgeblendet", "hidden"],
  "adm.player": ["Spieler", "Player"],
  "adm.playerHint": ["Umbenennen oder die Wertung in einem Spiel zurücksetzen.", "Rename, or reset the rating in one game."],
  "adm.newName": ["Neuer Name", "New name"],
  "adm.rename": ["Umbenennen", "Rename"],
  "adm.renamed": ["Heißt jetzt {name}.", "Now called {name}."],
  "adm.reset": ["Wertung zurücksetzen", "Reset rating"],
  "adm.resetDone": ["Wertung zurückgesetzt.", "Rating reset."],
  "adm.noRating": ["Keine Wertung in diesem Spiel.", "No rating in this game."],
  "adm.bans": ["Gesperrte Namen", "Banned names"],
  "adm.bansHint": ["Mit einem gesperrten Namen meldet sich niemand an oder neu an.", "Nobody signs up or signs in with a banned name."],
  "adm.ban": ["Sperren", "Ban"],
  "adm.bannedDone": ["Name gesperrt.", "Name banned."],
  "adm.unban": ["Freigeben", "Lift"],
  "adm.noBans": ["Kein Name gesperrt.", "No name banned."],
  "adm.log": ["Protokoll", "Log"],
  "adm.logEmpty": ["Noch nichts moderiert.", "Nothing moderated yet."],
  "adm.when": ["Wann", "When"],
  "adm.who": ["Wer", "Who"],
  "adm.what": ["Was", "What"],
  "adm.target": ["Betrifft", "On"],
  "adm.a.close_table": ["Tisch geschlossen", "Table closed"],
  "adm.a.delete_table": ["Tisch gelöscht", "Table deleted"],
  "adm.a.hide_chat": ["Nachricht ausgeblendet", "Message hidden"],
  "adm.a.rename": ["Umbenannt", "Renamed"],
  "adm.a.ban": ["Name gesperrt", "Name banned"],
  "adm.a.unban": ["Name freigegeben", "Ban lifted"],
  "adm.a.reset_rating": ["Wertung zurückgesetzt", "Rating reset"],
  "adm.a.admin_grant": ["Zum Moderator gemacht", "Made a moderator"],
  "adm.a.admin_revoke": ["Moderation entzogen", "Moderation taken away"],

  // -- Players, profiles and leaderboards (players.js, ratings.js)
  "nav.players": ["Spieler", "Player"],
  "nav.ratings": ["Bestenliste", "Leaderboard"],
  "pl.title": ["Dein Spieler", "Your player"],
  "pl.new": ["Neuer Spieler", "New player"],
  "pl.newHint": ["Ein Name genügt, keine E-Mail. Dein Schlüssel bleibt in diesem Browser; mit dem Export-Code nimmst du ihn auf ein anderes Gerät mit.", "A name is enough, no email. Your key stays in this browser; the export code takes it to another device."],
  "pl.passwordOptional": ["Passwort (freiwillig)", "Password (optional)"],
  "pl.passwordHint": ["Mindestens 8 Zeichen; damit meldest du dich auf neuen Geräten mit Name und Passwort an.", "At least 8 characters; lets you sign in with name and password on new devices."],
  "pl.create": ["Spieler anlegen", "Create player"],
  "pl.signIn": ["Anmelden", "Sign in"],
  "pl.signInHint": ["Mit Name und Passwort, wenn du eines gesetzt hast.", "With name and password, if you have set one."],
  "pl.name": ["Name", "Name"],
  "pl.password": ["Passwort", "Password"],
  "pl.signInButton": ["Anmelden", "Sign in"],
  "pl.import": ["Export-Code einfügen", "Paste an export code"],
  "pl.importHint": ["Den Code hast du auf deinem anderen Gerät unter „Spieler“ kopiert.", "You copied the code on your other device under “Player”."],
  "pl.code": ["Code", "Code"],
  "pl.importButton": ["Übernehmen", "Restore"],
  "pl.signedInAs": ["Du spielst als {name}", "You play as {name}"],
  "pl.myProfile": ["Mein Profil", "My profile"],
  "pl.export": ["Auf ein anderes Gerät mitnehmen", "Take it to another device"],
  "pl.exportHint": ["Dieser Code ist dein Schlüssel: wer ihn hat, spielt als du. Füge ihn auf dem anderen Gerät unter „Spieler“ ein und gib ihn niemandem.", "This code is your key: whoever has it plays as you. Paste it on the other device under “Player” and give it to nobody."],
  "pl.showCode": ["Code zeigen", "Show code"],
  "pl.hideCode": ["Code verbergen", "Hide code"],
  "pl.setPassword": ["Passwort setzen", "Set a password"],
  "pl.setPasswordHint": ["Dann kannst du dich auf jedem Gerät mit Name und Passwort anmelden.", "Then you can sign in on any device with name and password."],
  "pl.savePassword": ["Passwort speichern", "Save password"],
  "pl.passwordSaved": ["Passwort gespeichert.", "Password saved."],
  "pl.rotate": ["Neuen Schlüssel ausstellen", "Issue a new key"],
  "pl.rotateSure": ["Sicher? Der alte Code gilt dann nicht mehr", "Sure? The old code stops working"],
  "pl.rotateHint": ["Hat jemand anderes deinen Code gesehen? Ein neuer Schlüssel macht den alten sofort ungültig; andere Geräte mit diesem Code melden sich neu an.", "Has somebody else seen your code? A new key stops the old one at once; other devices with this code sign in again."],
  "pl.forgetTitle": ["Von diesem Gerät entfernen", "Remove from this device"],
  "pl.mail": ["Mail bei Fernpartien", "Mail for correspondence games"],
  "pl.mailHint": ["Wir schreiben dir, wenn du in einer Fernpartie am Zug bist und wenn sie endet – erst nachdem du die Adresse über den Link in unserer Mail bestätigt hast. Jede Mail enthält einen Link zum Abbestellen.", "We write when it is your turn in a correspondence game and when it ends – only after you confirmed the address with the link in our mail. Every mail has a link to unsubscribe."],
  "pl.mailAddress": ["Mail-Adresse", "Mail address"],
  "pl.mailSave": ["Adresse speichern", "Save address"],
  "pl.mailStop": ["Keine Mails mehr", "No more mail"],
  "pl.mailPending": ["Wartet auf Bestätigung: Wir haben einen Link an {address} geschickt.", "Waiting for confirmation: we sent a link to {address}."],
  "pl.mailConfirmed": ["Bestätigt: Mails gehen an {address}.", "Confirmed: mail goes to {address}."],
  "pl.mailNone": ["Keine Adresse hinterlegt.", "No address given."],
  "pl.forgetHint": ["Ohne Export-Code oder Passwort kommst du danach nicht mehr an diesen Spieler.", "Without the export code or a password you cannot get this player back."],
  "pl.forget": ["Entfernen", "Remove"],
  "pl.forgetSure": ["Wirklich entfernen?", "Really remove?"],
  "pl.since": ["dabei seit {date}", "playing since {date}"],
  "pl.manage": ["Verwalten", "Manage"],
  "pl.perGame": ["Wertung und Ergebnisse je Spiel", "Rating and results per game"],
  "pl.rating": ["Wertung", "Rating"],
  "pl.games": ["Partien", "Games"],
  "pl.wins": ["Siege", "Wins"],
  "pl.draws": ["Remis", "Draws"],
  "pl.losses": ["Niederlagen", "Losses"],
  "pl.noGames": ["Noch keine beendeten Partien.", "No finished games yet."],
  "pl.finished": ["Beendete Partien", "Finished games"],
  "pl.guest": ["Gast", "Guest"],
  "pl.win": ["Sieg", "Win"],
  "pl.loss": ["Niederlage", "Loss"],
  "pl.draw": ["Geteilter Sieg", "Shared win"],
  "pl.place": ["Platz {rank} von {n}", "place {rank} of {n}"],
  "pl.unrated": ["ungewertet", "unrated"],
  "pl.ratedPending": ["gewertet", "rated"],
  "pl.against": ["gegen", "against"],
  "pl.rated": ["Gewertet", "Rated"],
  "pl.unanchored": ["Nicht gewertet gegen {levels}: die Spielstärke dieser Stufe ist noch nicht gemessen.", "Not rated against {levels}: the strength of this level is not measured yet."],
  "pl.myRating": ["Deine Wertung: {rating} ({games} Partien)", "Your rating: {rating} ({games} games)"],
  "pl.myRatingNone": ["Du hast in diesem Spiel noch keine Wertung.", "You have no rating in this game yet."],
  "pl.ratedHint": ["Die Partie zählt für die Bestenliste der Spieler am Tisch.", "The game counts for the leaderboard of the players at the table."],
  "pl.playingAs": ["Du spielst als {name}.", "You play as {name}."],
  "pl.guestHint": ["Als Gast zählen deine Partien nicht. Lege einen Spieler an, um gewertet zu werden.", "A guest's games do not count. Create a player to be rated."],
  "lb.unrated": ["{game} wird in Echtzeit gespielt und nicht gewertet: Bestenlisten gibt es für die Spiele mit Zügen nacheinander.", "{game} is played in real time and not rated: leaderboards exist for the turn-based games."],
  "lb.title": ["Bestenliste {game}", "{game} leaderboard"],
  "lb.rank": ["Rang", "Rank"],
  "lb.anchored": ["fest", "fixed"],
  "lb.scale": ["Wertung = 1000 + 40 × (μ − 3σ): die vorsichtige Schätzung der Spielstärke. Ein neuer Spieler beginnt bei 1000 und steigt, je sicherer seine Partien seine Stärke zeigen. Die Bots stehen fest, gemessen in Turnieren aller Stufen gegeneinander.", "Rating = 1000 + 40 × (μ − 3σ): the cautious estimate of playing strength. A new player starts at 1000 and climbs as his games show his strength more surely. The bots are fixed, measured in tournaments of all levels against each other."],

  // -- Post-game review (review.js)
  analysis: ["Analyse", "Analysis"],
  "rv.title": ["Analyse: {who}", "Analysis: {who}"],
  "rv.pick": ["Wessen Züge sollen analysiert werden?", "Whose moves should be analysed?"],
  "rv.you": ["(du)", "(you)"],
  "rv.other": ["Anderen Platz analysieren", "Analyse another seat"],
  "rv.starting": ["Die Analyse beginnt …", "The analysis is starting …"],
  "rv.queued": ["Wartet, bis ein Rechenplatz frei ist …", "Waiting for a free worker …"],
  "rv.running": ["Analysiere Entscheidung {done} von {total} …", "Analysing decision {done} of {total} …"],
  "rv.failed": ["Die Analyse ist fehlgeschlagen.", "The analysis failed."],
  "rv.retry": ["Noch einmal versuchen", "Try again"],
  "rv.class.best": ["beste Züge", "best moves"],
  "rv.class.good": ["gute Züge", "good moves"],
  "rv.class.inaccuracy": ["Ungenauigkeiten", "inaccuracies"],
  "rv.class.mistake": ["Fehler", "mistakes"],
  "rv.class.blunder": ["grobe Fehler", "blunders"],
  "rv.class.forced": ["ohne Wahl", "forced"],
  "rv.one.best": ["bester Zug", "best move"],
  "rv.one.good": ["guter Zug", "good move"],
  "rv.one.inaccuracy": ["Ungenauigkeit", "inaccuracy"],
  "rv.one.mistake": ["Fehler", "mistake"],
  "rv.one.blunder": ["grober Fehler", "blunder"],
  "rv.one.forced": ["ohne Wahl", "forced"],
  "rv.chart": ["Geschätzte Gewinnchance im Lauf des Spiels", "Estimated chance to win over the game"],
  "rv.axisMoves": ["{n} Züge", "{n} moves"],
  "rv.move": ["Zug {n}", "Move {n}"],
  "rv.played": ["Gespielt", "Played"],
  "rv.better": ["Besser", "Better"],
  "rv.win": ["Gewinnchance", "chance to win"],
  "rv.loss": ["Das kostete etwa {points} Prozentpunkte Gewinnchance (± {se}).", "This cost about {points} percentage points of the chance to win (± {se})."],
  "rv.showAll": ["Alle {n} Entscheidungen zeigen", "Show all {n} decisions"],
  "rv.showMarked": ["Nur markierte Züge zeigen", "Show marked moves only"],
  "rv.noMarks": ["Keine Ungenauigkeiten, Fehler oder groben Fehler – gut gespielt!", "No inaccuracies, mistakes or blunders – well played!"],
  "rv.noDecisions": ["Dieser Platz hatte in diesem Spiel nichts zu entscheiden.", "This seat had nothing to decide in this game."],
  "rv.jump": ["Zur Stellung vor diesem Zug springen", "Jump to the position before this move"],
  "rv.markPlayed": ["gespielt", "played"],
  "rv.markBetter": ["besser", "better"],
  "rv.legend": ["?! Ungenauigkeit (kostet mindestens 5 Prozentpunkte Gewinnchance), ? Fehler (mindestens 10), ?? grober Fehler (mindestens 20). Geschätzt aus Partien, die von der Stellung aus mit den Karten weitergespielt wurden, die dieser Platz kennen konnte; ± ist die Unsicherheit der Schätzung.", "?! inaccuracy (costs at least 5 percentage points of the chance to win), ? mistake (at least 10), ?? blunder (at least 20). Estimated from games played on from the position with what this seat could know; ± is the estimate's uncertainty."],
  "rv.rt.rings": ["Mal geklingelt", "rings"],
  "rv.rt.right": ["richtig", "right"],
  "rv.rt.wrong": ["falsch", "wrong"],
  "rv.rt.missed": ["Glocken verpasst", "bells missed"],
  "rv.rt.bells": ["Glocken am Tisch", "bells at the table"],
  "rv.rt.accuracy": ["Trefferquote", "accuracy"],
  "rv.rt.wrongOne": ["falsch geklingelt", "wrong ring"],
  "rv.rt.wrongTitle": ["Falsch geklingelt", "Wrong rings"],
  "rv.rt.missedOne": ["Glocke verpasst – jemand anderes war schneller", "bell missed – someone else was quicker"],
  "rv.rt.missedTitle": ["Verpasste Glocken", "Missed bells"],
  "rv.rt.tops": ["Oben lagen", "Top cards"],
  "rv.rt.coach": ["Der Trainer: Die nächste Karte hätte die Glocke mit {chance} Wahrscheinlichkeit richtig gemacht.", "The coach: the next card would have made the bell right with a chance of {chance}."],
  "rv.rt.noTimes": ["Reaktionszeiten stehen nicht in der Partie: der Tisch wertet sie beim Spielen aus und speichert nur die Reihenfolge.", "Reaction times are not in the record: the table judges them during play and keeps only the order."],

  // -- Playing cards (Hydra and Kalooki)
  "card.fourColour": ["Vierfarbiges Blatt (♦ blau, ♣ grün)", "Four-colour deck (♦ blue, ♣ green)"],
  "card.rank.J": ["B", "J"],
  "card.rank.Q": ["D", "Q"],
  "card.rank.K": ["K", "K"],
  "card.rank.A": ["A", "A"],
};

let lang = localStorage.getItem("spieltisch.lang") || (navigator.language || "en").slice(0, 2);
if (!LANGS.includes(lang)) lang = "en";
const listeners = [];

export function getLang() { return lang; }

/** A number with ``digits`` decimals as the page's language writes it: "30,00" in German. */
export function decimal(value, digits = 2) {
  return Number(value).toLocaleString(lang === "de" ? "de-DE" : "en-GB", { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false });
}
export function setLang(value) {
  lang = LANGS.includes(value) ? value : "en";
  localStorage.setItem("spieltisch.lang", lang);
  document.documentElement.lang = lang;
  listeners.forEach((fn) => fn(lang));
}
export function onLang(fn) { listeners.push(fn); }

/** The text of `key` in the chosen language with {name} placeholders filled from params. */
export function t(key, params = {}) {
  const entry = TEXT[key];
  const text = entry ? entry[LANGS.indexOf(lang)] : key;
  return text.replace(/\{(\w+)\}/g, (_, k) => String(params[k] ?? ""));
}

/** "1 Karte" / "3 Karten": `noun` names a pair of keys, `noun.one` and `noun.other`. */
export function count(n, noun) {
  return t(`${noun}.${n === 1 ? "one" : "other"}`, { n });
}

/** Add a game's words (``{key: [de, en]}``) to the table; a key may be given only once. */
export function addWords(words) {
  for (const [key, pair] of Object.entries(words)) {
    if (key in TEXT && TEXT[key].join("\n") !== pair.join("\n")) throw new Error(`word ${key} given twice`);
    TEXT[key] = pair;
  }
}

/** Whether the table has words for `key` (for names that may be unknown, like levels). */
export function has(key) { return key in TEXT; }

/** A bilingual text from the server ({de, en}) in the chosen language. */
export function pick(text) {
  return text ? text[lang] ?? text.en : "";
}

/** Label and explanation of a game's rule option, as the game declares them. */
export function optionText(option) {
  return { label: pick(option.label), doc: pick(option.help) };
}

export function levelName(level) {
  return has(`level.${level}`) ? t(`level.${level}`) : level;
}

// What each rule says, per game, as the games declare it (learned from /api/games).
const RULES = {};

/** Remember the rule texts of the games listed by /api/games. */
export function learnRules(games) {
  for (const g of games || []) RULES[g.name] = g.rules || {};
}

/** What rule ``rule`` of ``game`` says, in the chosen language ("" if unknown). */
export function ruleWords(rule, game) { return ruleText(rule, game); }

function ruleText(rule, game) {
  const own = RULES[game] && RULES[game][rule];
  const any = own || Object.values(RULES).map((r) => r[rule]).find(Boolean);
  return any ? pick(any) : "";
}

/**
 * An error or refusal in words: the server's words for it (``text``, in both languages),
 * else the code's words here. A refused move adds its rule id and what the rule says,
 * as the game declares it; the server's English message is shown only on an English page
 * and only for a rule the game has no text for.
 */
// A refused move in parts, so the page can make its rule id a link to the rules panel:
// the words, and (for an illegal action) the rule id and what the rule says.
export function refusalParts(err, game = null) {
  if (!err || err.code !== "action/illegal" || !err.rule) return null;
  const words = codeWords(err);
  const rule = ruleText(err.rule, game) || (lang === "en" ? err.message : "");
  return { words, rule: err.rule, text: rule };
}

// The words of an error: the server's, else this table's; a code nobody gave words to
// reads as a plain refusal, never as the code itself.
function codeWords(err) {
  if (err.text) return pick(err.text);
  return has(`code.${err.code}`) ? t(`code.${err.code}`) : t("refused");
}

export function describeError(err, game = null) {
  if (!err) return "";
  const words = codeWords(err);
  if (!err.rule) return words;
  const rule = err.code === "action/illegal" ? ruleText(err.rule, game) || (lang === "en" ? err.message : "") : "";
  if (rule) return `${words} [${err.rule}]: ${rule}`;
  return words.includes(err.rule) ? words : `${words} [${err.rule}]`;
}

document.documentElement.lang = lang;
