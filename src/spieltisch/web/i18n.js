// Every word the browser shows, German and English side by side in one table, so a
// missing translation shows up as a one-sided entry in review, not as a blank on a page.
// Keys of one game start with its prefix (ha., hg., hy., ka.); the choice of language is
// remembered in localStorage. What a game's rules say comes from the server instead
// (/api/games "rules"), declared once with the game.
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
  chatReadOnly: ["Als Zuschauer liest du nur mit.", "As a spectator you can only read."],
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
  "n.trick.one": ["{n} Stich", "{n} trick"],
  "n.trick.other": ["{n} Stiche", "{n} tricks"],
  "n.eye.one": ["{n} Auge", "{n} point"],
  "n.eye.other": ["{n} Augen", "{n} points"],
  "n.move.one": ["{n} Zug", "{n} move"],
  "n.move.other": ["{n} Züge", "{n} moves"],
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
  takeBack: ["Zurückholen", "Take back"],
  takeMySeatBack: ["Meinen Platz zurücknehmen", "Take my seat back"],
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
  nextGame: ["Nächste Partie", "Next game"],
  previousGame: ["Vorherige Partie", "Previous game"],
  reservedFor: ["wartet auf {name}", "kept for {name}"],
  botLevel: ["Bot-Stufe", "Bot level"],
  online: ["online", "online"],
  offline: ["offline", "offline"],
  moveInput: ["Zug eingeben", "Type a move"],
  send: ["Senden", "Send"],
  refused: ["Abgelehnt", "Refused"],
  endPhase: ["Endphase: noch {moves}", "End phase: {moves} left"],
  gameNo: ["Spiel {n} von {m}", "Game {n} of {m}"],
  won: ["Gewonnen", "Won"],
  exited: ["Hinausgezogen", "Moved out"],
  hidden: ["Verdeckt", "Face down"],
  playedBy: ["gespielt von", "played by"],
  back: ["Zurück", "Back"],
  first: ["Anfang", "Start"],
  prev: ["Zurück", "Previous"],
  next: ["Weiter", "Next"],
  last: ["Ende", "End"],
  step: ["Zug {n} von {m}", "Move {n} of {m}"],
  start: ["Ausgangsstellung", "Starting position"],
  notFound: ["Diesen Tisch gibt es nicht.", "There is no such table."],
  toLobby: ["Zur Lobby", "To the lobby"],
  seatsFilled: ["Das Spiel beginnt, sobald alle Plätze besetzt sind.", "The game starts as soon as every seat is taken."],
  anonymous: ["Gast", "Guest"],
  default: ["Standard", "default"],
  blue: ["Blau", "Blue"],
  brown: ["Braun", "Brown"],
  neutral: ["neutral", "neutral"],
  notYourTurn: ["Nicht dein Zug", "Not your turn"],
  selectHint: ["Tippe auf ein verdecktes Plättchen zum Aufdecken oder auf eine eigene Figur zum Ziehen.", "Tap a face-down tile to flip it, or one of your pieces to move it."],
  nameNeeded: ["Bitte gib deinen Namen ein.", "Please enter your name."],
  resume: ["Weiterspielen", "Resume"],
  pass: ["Passen (kein Zug möglich)", "Pass (no move possible)"],
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

  // -- Bot levels by their ladder names (docs/bots.md)
  "level.random": ["Zufall", "Random"],
  "level.rules": ["Regelbot", "Rule-based"],
  "level.ismcts": ["Baumsuche (ISMCTS)", "Tree search (ISMCTS)"],
  "level.strong": ["Stark", "Strong"],
  "level.expert": ["Experte", "Expert"],
  "level.beginner": ["Anfänger", "Beginner"],
  "level.average": ["Durchschnitt", "Average"],

  // -- Halali!
  "ha.bear": ["Bär", "bear"],
  "ha.fox": ["Fuchs", "fox"],
  "ha.woodcutter": ["Holzfäller", "woodcutter"],
  "ha.hunter": ["Jäger", "hunter"],
  "ha.pheasant": ["Fasan", "pheasant"],
  "ha.duck": ["Ente", "duck"],
  "ha.tree": ["Baum", "tree"],
  "ha.dir.N": ["Norden", "north"],
  "ha.dir.E": ["Osten", "east"],
  "ha.dir.S": ["Süden", "south"],
  "ha.dir.W": ["Westen", "west"],
  "ha.why.empty": ["Hier steht nichts: wähle eine eigene Figur, eine Ente, einen Fasan oder ein verdecktes Kärtchen.", "Nothing here: choose one of your pieces, a duck, a pheasant or a face-down tile."],
  "ha.why.blocked": ["Dieses Kärtchen kann gerade nicht aufgedeckt werden.", "This tile cannot be flipped now."],
  "ha.why.stuck": ["{tile}: gerade kein Zug möglich – der Weg ist versperrt.", "{tile}: no move right now – the way is blocked."],
  "ha.reason.end_phase_over": ["Endphase vorbei", "end phase over"],
  "ha.reason.no_own_tiles": ["keine eigenen Figuren mehr", "no own pieces left"],
  "ha.reason.no_moves": ["kein Zug mehr möglich", "no move possible"],
  "ha.reason.fifty_moves": ["50 Züge ohne Aufdecken oder Schlagen", "50 moves without a reveal or capture"],
  "ha.log.flip": ["{who} deckt {square} auf: {tile}{gun}", "{who} flips {square}: {tile}{gun}"],
  "ha.log.gun": [", Gewehr nach {dir}", ", gun pointing {dir}"],
  "ha.log.move": ["{who} zieht {tile} {from}–{to}", "{who} moves {tile} {from}–{to}"],
  "ha.log.capture": ["{who}: {tile} {from}×{to} schlägt {captured} (+{points})", "{who}: {tile} {from}×{to} takes {captured} (+{points})"],
  "ha.log.exit": ["{who}: {tile} verlässt den Wald über {to} (+{points})", "{who}: {tile} leaves the forest at {to} (+{points})"],
  "ha.log.pass": ["{who} passt", "{who} passes"],
  "ha.log.end_phase": ["Alle Plättchen aufgedeckt – Endphase: noch {moves}", "All tiles revealed – end phase: {moves} left"],
  "ha.log.game_end": ["Spiel {game} beendet ({reason}): {a} : {b} Punkte", "Game {game} over ({reason}): {a} : {b} points"],
  "ha.log.game_start": ["Spiel {game} beginnt – die Rollen werden getauscht", "Game {game} starts – roles swapped"],

  // -- Halli-Galli-Extreem
  "hg.bell": ["Glocke", "Bell"],
  "hg.flip": ["Aufdecken (F)", "Flip (F)"],
  "hg.you": ["du", "you"],
  "hg.cards": ["Karten", "cards"],
  "hg.card": ["Karte", "card"],
  "hg.swimming": ["schwimmt", "swimming"],
  "hg.out": ["ausgeschieden", "out"],
  "hg.coach": ["Trainer", "Coach"],
  "hg.coachChance": ["Nächste Karte macht die Glocke richtig: {p} %", "Next card makes the bell right: {p} %"],
  "hg.coachOff": ["Trainer aus", "Coach off"],
  "hg.won": ["{name} gewinnt {cards}", "{name} wins {cards}"],
  "hg.pays": ["{name} zahlt: {list}", "{name} pays: {list}"],
  "hg.swims": ["{name} schwimmt", "{name} is swimming"],
  "hg.isOut": ["{name} scheidet aus", "{name} is out"],
  "hg.extra": ["{name} nimmt das Extraleben ({cards})", "{name} takes the extra life ({cards})"],
  "hg.finale": ["Finale: {a} gegen {b}", "Finale: {a} against {b}"],
  "hg.stake": ["Einsatz", "Stake"],
  "hg.setStake": ["Einsatz setzen", "Set stake"],
  "hg.stakeSet": ["{name} setzt {cards}", "{name} stakes {cards}"],
  "hg.throwNow": ["Wirf!", "Throw!"],
  "hg.thrown": ["hat geworfen", "has thrown"],
  "hg.waitingThrow": ["wartet auf Wurf", "to throw"],
  "hg.yourThrow": ["Dein Wurf: {s}", "Your throw: {s}"],
  "hg.throws": ["{a}: {sa} – {b}: {sb}", "{a}: {sa} – {b}: {sb}"],
  "hg.throwWins": ["{name} gewinnt {cards}", "{name} wins {cards}"],
  "hg.throwDraw": ["Unentschieden – nochmal", "Draw – throw again"],
  "hg.rock": ["Stein", "rock"],
  "hg.paper": ["Papier", "paper"],
  "hg.scissors": ["Schere", "scissors"],
  "hg.reaction": ["Deine Reaktion: {ms} ms", "Your reaction: {ms} ms"],
  "hg.rank": ["Platz {r} von {n}", "rank {r} of {n}"],
  "hg.untrusted": ["(Serverschätzung)", "(server estimate)"],
  "hg.handicap": ["+{ms} ms Handicap", "+{ms} ms handicap"],
  "hg.deadlock": ["Niemand kann aufdecken: alle drehen ihre Stapel um", "Nobody can flip: everyone turns his pile over"],
  "hg.setter": ["{name} setzt den Einsatz", "{name} sets the stake"],
  "hg.gameEnd": ["Spielende", "Game over"],
  "hg.winsGame": ["{name} gewinnt das Spiel", "{name} wins the game"],
  "hg.flipped": ["{name} deckt auf: {card}", "{name} flips: {card}"],
  "hg.drawPile": ["Nachziehstapel", "draw pile"],
  "hg.faceUp": ["Ablage", "face-up pile"],
  "hg.ringKey": ["Klingeln: Leertaste oder Klick", "Ring: space bar or click"],
  "hg.ringTap": ["Zum Klingeln auf die Glocke tippen", "Tap the bell to ring"],
  "hg.flipNow": ["Aufdecken", "Flip"],
  "hg.notYourTurn": ["Aufdecken – nicht dran", "Flip – not your turn"],
  "hg.strayButton": ["Streukarte werfen", "Throw a stray card"],
  "hg.strayHelp": ["außer der Reihe (HG-R7) – klingelst du auf deine eigene Streukarte, ist es ein Fehler", "out of turn (HG-R7) – ringing on your own stray card is wrong"],
  "hg.flippedStray": ["{name} wirft eine Streukarte: {card}", "{name} throws a stray card: {card}"],
  "hg.pileCount": ["Karten in dieser Ablage", "cards in this face-up pile"],
  "hg.ruleTag": ["· Regel {rule}", "· rule {rule}"],
  "hg.wrongWhy": ["{name} hat falsch geklingelt: {why}", "{name} rang wrongly: {why}"],
  "hg.whyNone": ["keine gültige Kombination, keine Frucht liegt genau 5-mal", "no valid combination, no fruit shows exactly five"],
  "hg.whyEven": ["{n} Paare liegen – eine gerade Zahl gilt nicht", "{n} pairs showing – an even number does not count"],
  "hg.whyInvalid": ["keine gültige Kombination", "no valid combination"],
  "hg.whyOwnStray": ["die Kombination entstand durch die eigene Streukarte", "the combination came from the ringer's own stray card"],
  "hg.whyOwnStrayYou": ["deine eigene Streukarte hat die Kombination gemacht", "your own stray card made the combination"],
  "hg.whyNoFruit": ["keine gültige Kombination: keine Frucht liegt", "no valid combination: no fruit on the table"],
  "hg.limeCancelsMonkey": ["eine Limette hebt den Affen auf", "a lime cancels the monkey"],
  "hg.strawberryCancelsElephant": ["eine Erdbeere hebt den Elefanten auf", "a strawberry cancels the elephant"],
  "hg.animalNeedsFruit": ["Tiere zählen nur mit Früchten", "animals count only with fruit"],
  "hg.payTo": ["{cards} an {name}", "{cards} to {name}"],
  "hg.paysEach": ["{name} gibt jedem anderen {cards}", "{name} gives everyone else {cards}"],
  "hg.outWrong": ["{name} hat schwimmend falsch geklingelt und scheidet aus", "{name} rang wrongly while swimming and is out"],
  "hg.noRingOut": ["Du bist ausgeschieden: klingeln darf nur, wer noch im Spiel ist (Regel HG-R6)", "You are out: only players still in the game may ring (rule HG-R6)"],
  "hg.backClassic": ["Rückseite: klassisch", "back: classic"],
  "hg.backExtreme": ["Rückseite: Extreme", "back: extreme"],
  "hg.pig": ["Schwein", "pig"],
  "hg.monkey": ["Affe", "monkey"],
  "hg.elephant": ["Elefant", "elephant"],
  "hg.one.B": ["Banane", "banana"],
  "hg.one.S": ["Erdbeere", "strawberry"],
  "hg.one.L": ["Limette", "lime"],
  "hg.one.P": ["Pflaume", "plum"],
  "hg.many.B": ["Bananen", "bananas"],
  "hg.many.S": ["Erdbeeren", "strawberries"],
  "hg.many.L": ["Limetten", "limes"],
  "hg.many.P": ["Pflaumen", "plums"],

  // -- Hydra
  "hy.declare": ["Ansage", "Declaration"],
  "hy.specify": ["Vorbehalt", "Reservation"],
  "hy.solo_type": ["Solo wählen", "Choose the solo"],
  "hy.lay": ["Antrag legen", "Lay the Antrag"],
  "hy.answer": ["Antrag beantworten", "Answer the Antrag"],
  "hy.give": ["Drei Karten zurückgeben", "Give three cards back"],
  "hy.play": ["Stichspiel", "Tricks"],
  "hy.over": ["Partie beendet", "Match over"],
  "hy.armut": ["Armut", "Armut"],
  "hy.morbus": ["Morbus", "Morbus"],
  "hy.valeo": ["Valeo", "Valeo"],
  "hy.solo": ["Solo", "Solo"],
  "hy.antrag": ["Antrag", "Antrag"],
  "hy.accept": ["Annehmen", "Accept"],
  "hy.decline": ["Ablehnen", "Decline"],
  "hy.normalsolo": ["Normalsolo", "Normal solo"],
  "hy.farbsolo": ["Farbsolo", "Suit solo"],
  "hy.trumpfsolo": ["Trumpfsolo", "Rank solo"],
  "hy.healthy": ["Gesundes Spiel", "Healthy game"],
  "hy.dealer": ["Geber", "dealer"],
  "hy.sitsOut": ["setzt aus", "sits out"],
  "hy.trick": ["Aktueller Stich", "Current trick"],
  "hy.lastTrick": ["Letzter Stich", "Last trick"],
  "hy.hand": ["Deine Karten", "Your cards"],
  "hy.trumpHint": ["Trümpfe markieren", "Mark trumps"],
  "hy.gameOf": ["Spiel {n} von {m}", "Game {n} of {m}"],
  "hy.party": ["Partei", "Party"],
  "hy.re": ["Spielpartei", "playing side"],
  "hy.contra": ["Gegenpartei", "opponents"],
  "hy.pik": ["Pik-Dame", "♠ queen"],
  "hy.kreuz": ["Kreuz-Dame", "♣ queen"],
  "hy.rest": ["Rest", "rest"],
  "hy.yourQueens": ["Deine Damen", "Your queens"],
  "hy.noQueens": ["keine schwarze Dame – du gehörst zur Restpartei", "no black queen – you are in the rest party"],
  "hy.layPrompt": ["Tippe die Karte an, die offen neben den Damen liegen soll.", "Tap the card to lay face up beside the queens."],
  "hy.givePrompt": ["Tippe eine Karte an, um sie zurückzugeben ({n} von 3).", "Tap a card to give it back ({n} of 3)."],
  "hy.faceUp": ["offen", "face up"],
  "hy.lastGame": ["Abrechnung Spiel {n}", "Scoring of game {n}"],
  "hy.value": ["Spielwert", "Game value"],
  "hy.items": ["Wertungen", "Value items"],
  "hy.specials": ["Sonderpunkte", "Special points"],
  "hy.settlement": ["Abrechnung", "Settlement"],
  "hy.totals": ["Gesamt", "Totals"],
  "hy.matchTotals": ["Stand der Partie", "Match standings"],
  "hy.cardPoints": ["Augen", "card points"],
  "hy.none": ["keine", "none"],
  "hy.won": ["gewonnen", "won"],
  "hy.under 90": ["keine 90", "no 90"],
  "hy.under 60": ["keine 60", "no 60"],
  "hy.under 30": ["keine 30", "no 30"],
  "hy.schwarz": ["schwarz", "no trick"],
  "hy.winnerSide": ["Sieger", "Winners"],
  "hy.declarer": ["Spieler", "declarer"],
  "hy.partnerOf": ["Partner", "partner"],
  "hy.choose": ["Welche Damen?", "Which queens?"],
  "hy.laid": ["liegt offen", "lies face up"],
  "hy.leads": ["spielt aus", "leads"],
  "hy.soloist": ["Solist", "soloist"],
  "hy.antragsteller": ["Antragsteller", "Antragsteller"],
  "hy.redealt": ["Armut – neu gegeben", "Armut – redeal"],
  "hy.armutBy": ["Armut", "Armut"],
  "hy.suit.D": ["Karo", "diamonds"],
  "hy.suit.H": ["Herz", "hearts"],
  "hy.suit.S": ["Pik", "spades"],
  "hy.suit.C": ["Kreuz", "clubs"],
  "hy.rank.9": ["Neunen", "nines"],
  "hy.rank.10": ["Zehnen", "tens"],
  "hy.rank.J": ["Buben", "jacks"],
  "hy.rank.Q": ["Damen", "queens"],
  "hy.rank.K": ["Könige", "kings"],
  "hy.rank.A": ["Asse", "aces"],
  "hy.log.say": ["{who} sagt {word}.", "{who} says {word}."],
  "hy.log.armut": ["{who} meldet Armut.", "{who} calls Armut."],
  "hy.log.healthy_game": ["Alle Valeo: gesundes Spiel.", "All Valeo: a healthy game."],
  "hy.log.reservation": ["{who} will {word} spielen.", "{who} wants to play {word}."],
  "hy.log.declarer": ["{who} bekommt das Spiel ({kind}).", "{who} gets the game ({kind})."],
  "hy.log.solo": ["{who} spielt: {contract}.", "{who} plays: {contract}."],
  "hy.log.antrag": ["{who} legt einen Antrag, offen: {card}.", "{who} lays an Antrag, face up: {card}."],
  "hy.log.antrag_declined": ["Alle lehnen ab; {who} nimmt die Karten zurück.", "All declined; {who} takes the cards back."],
  "hy.log.give": ["{who} gibt eine Karte zurück.", "{who} gives a card back."],
  "hy.log.antrag_accepted": ["Antrag: {a} und {b} spielen zusammen.", "Antrag: {a} and {b} play together."],
  "hy.log.play": ["{who} spielt {card}.", "{who} plays {card}."],
  "hy.log.trick": ["{who} gewinnt den Stich ({points} Augen).", "{who} wins the trick ({points} points)."],
  "hy.log.game_end": ["Spiel {game} beendet: Wert {value}; {settlement}.", "Game {game} over: value {value}; {settlement}."],
  "hy.log.game_start": ["Spiel {game} beginnt; {who} gibt.", "Game {game} begins; {who} deals."],
  "hy.log.game_end3": ["Spiel {game} beendet, drei Duelle: {duels}; {settlement}.", "Game {game} over, three duels: {duels}; {settlement}."],
  "hy.log.duel": ["{a} – {b}: {winner} gewinnt, Wert {value}", "{a} – {b}: {winner} wins, value {value}"],
  "hy.log.duelTie": ["{a} – {b}: unentschieden, Wert 0", "{a} – {b}: tie, value 0"],
  "hy.side.0": ["Pik-Partei", "♠Q party"],
  "hy.side.1": ["Kreuz-Partei", "♣Q party"],
  "hy.side.2": ["Restpartei", "rest party"],
  "hy.threeParties": ["Drei Parteien: drei Duelle statt eines Spielwerts (HY-R8)", "Three parties: three duels instead of one game value (HY-R8)"],
  "hy.duel": ["Duell", "Duel"],
  "hy.duelValue": ["Wert", "Value"],
  "hy.tie": ["unentschieden", "tie"],
  "hy.no trick": ["schwarz", "no trick"],
  "hy.gegen die Alten": ["gegen die Alten", "against the old ones"],
  "hy.sp.doppelkopf": ["Doppelkopf", "Doppelkopf"],
  "hy.sp.fuchs": ["Fuchs", "Fox"],
  "hy.sp.karlchen": ["Karlchen", "Charlie"],
  "hy.sp.gegen die Alten": ["Gegen die Alten", "Against the old ones"],
  "hy.log.match_end": ["Die Partie ist beendet.", "The match is over."],

  // -- Kalooki
  "ka.stock": ["Talon", "Stock"],
  "ka.pile": ["Ablage", "Discard pile"],
  "ka.draw": ["Ziehen", "Draw"],
  "ka.hand": ["Deine Karten", "Your cards"],
  "ka.bySuit": ["Nach Farbe", "By suit"],
  "ka.byRank": ["Nach Rang", "By rank"],
  "ka.selectHint": ["Karten antippen zum Auswählen; dann Meldung, Anlegen (Meldung antippen) oder Abwerfen.", "Tap cards to select them; then meld, build (tap a meld) or discard."],
  "ka.drawHint": ["Ziehe eine Karte vom Talon oder von der Ablage.", "Draw a card from the stock or the discard pile."],
  "ka.meld": ["Auslegen", "Meld"],
  "ka.discard": ["Abwerfen", "Discard"],
  "ka.clear": ["Auswahl aufheben", "Clear selection"],
  "ka.opening": ["Eröffnung: {v} von 51", "Opening: {v} of 51"],
  "ka.openingWith": ["Eröffnung: {a} + {b} = {v} von 51", "Opening: {a} + {b} = {v} of 51"],
  "ka.opened": ["eröffnet", "opened"],
  "ka.notOpened": ["noch nicht eröffnet", "not opened yet"],
  "ka.noMeld": ["Diese Auswahl ist keine Meldung.", "This selection is not a meld."],
  "ka.build": ["Anlegen an {n}", "Build on {n}"],
  "ka.swap": ["Joker tauschen an {n}", "Swap joker on {n}"],
  "ka.melds": ["Auf dem Tisch", "On the table"],
  "ka.owner": ["von {name}", "by {name}"],
  "ka.bestOpening": ["Beste Eröffnung deiner Hand: {v}", "Best opening of your hand: {v}"],
  "ka.cannotOpen": ["Deine Hand erreicht noch keine 51 (beste: {v}).", "Your hand does not reach 51 yet (best: {v})."],
  "ka.hint": ["Eröffnungs-Tipp zeigen", "Show opening hint"],
  "ka.pot": ["Pot {p}", "Pot {p}"],
  "ka.deal": ["Runde {n}", "Deal {n}"],
  "ka.penalties": ["Strafpunkte", "Penalty"],
  "ka.payout": ["Auszahlung", "Payout"],
  "ka.totals": ["Stand (Club)", "Totals (club)"],
  "ka.out": ["raus", "out"],
  "ka.alive": ["im Spiel", "in play"],
  "ka.knocked": ["ausgeschieden", "eliminated"],
  "ka.chooseJoker": ["Wofür steht der Joker?", "What does the joker stand for?"],
  "ka.newMeld": ["neu", "new"],
  "ka.dealEnd": ["Runde {n} beendet", "Deal {n} over"],
  "ka.ring": ["Ring-Spiel (ein Pot)", "ring game (one pot)"],
  "ka.club": ["Club-Format", "club format"],
  "ka.dealer": ["Geber", "dealer"],
  "ka.kalooki": ["Kalooki!", "Kalooki!"],
  "ka.dragHint": ["Ziehen oder Alt+←/→ zum Umsortieren", "Drag, or Alt+←/→, to reorder"],
  "ka.log.draw_stock": ["{who} zieht vom Talon.", "{who} draws from the stock."],
  "ka.log.draw_pile": ["{who} zieht vom Ablagestapel.", "{who} draws from the discard pile."],
  "ka.log.meld": ["{who} legt aus ({meld}): {cards}.", "{who} melds ({meld}): {cards}."],
  "ka.log.build": ["{who} legt {cards} an Meldung {meld} an.", "{who} builds {cards} on meld {meld}."],
  "ka.log.swap": ["{who} tauscht einen Joker an Meldung {meld}.", "{who} swaps a joker on meld {meld}."],
  "ka.log.discard": ["{who} wirft {card} ab.", "{who} discards {card}."],
  "ka.log.opened": ["{who} hat eröffnet ({value}).", "{who} has opened ({value})."],
  "ka.log.opening_failed": ["{who} erreicht nur {value}: die Karten gehen zurück auf die Hand.", "{who} reaches only {value}: the cards go back to the hand."],
  "ka.log.restock": ["Die Ablage wird zum neuen Talon.", "The discard pile becomes the new stock."],
  "ka.log.deal_start": ["Runde {deal} beginnt; {who} gibt.", "Deal {deal} begins; {who} deals."],
  "ka.log.deal_end_none": ["Runde {deal} endet ohne Sieger.", "Deal {deal} ends without a winner."],
  "ka.log.deal_end": ["{who} geht raus{kalooki}. Strafpunkte: {penalties}.", "{who} goes out{kalooki}. Penalties: {penalties}."],
  "ka.log.kalooki": [" – Kalooki!", " – Kalooki!"],
  "ka.log.match_end": ["Das Spiel ist beendet.", "The game is over."],

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
  const words = err.text ? pick(err.text) : has(`code.${err.code}`) ? t(`code.${err.code}`) : err.code;
  const rule = ruleText(err.rule, game) || (lang === "en" ? err.message : "");
  return { words, rule: err.rule, text: rule };
}

export function describeError(err, game = null) {
  if (!err) return "";
  const words = err.text ? pick(err.text) : has(`code.${err.code}`) ? t(`code.${err.code}`) : err.code;
  if (!err.rule) return words;
  const rule = err.code === "action/illegal" ? ruleText(err.rule, game) || (lang === "en" ? err.message : "") : "";
  if (rule) return `${words} [${err.rule}]: ${rule}`;
  return words.includes(err.rule) ? words : `${words} [${err.rule}]`;
}

document.documentElement.lang = lang;
