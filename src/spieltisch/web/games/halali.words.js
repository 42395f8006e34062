// Halali!'s words, German and English side by side (the form of i18n.js's table): its
// board, panel, log and refusals. Its module imports this file, which adds them to the
// shared table; keys start with "ha.".
import { addWords } from "../i18n.js";

const TEXT = {
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
  "rv.act.flip": ["{who} deckt {arg} auf", "{who} flips {arg}"],
  "ha.colour.blue": ["Blau", "Blue"],
  "ha.colour.brown": ["Braun", "Brown"],
  "ha.hidden": ["Verdeckt", "Face down"],
  "ha.won": ["Gewonnen", "Won"],
  "ha.gameNo": ["Spiel {n} von {m}", "Game {n} of {m}"],
  "ha.endPhase": ["Endphase: noch {moves}", "End phase: {moves} left"],
  "ha.n.move.one": ["{n} Zug", "{n} move"],
  "ha.n.move.other": ["{n} Züge", "{n} moves"],
};

addWords(TEXT);
