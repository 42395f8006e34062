// The lesson page's words, German and English side by side (the form of i18n.js's table);
// keys start with "lesson.".
import { addWords } from "./i18n.js";

const TEXT = {
  "lesson.learn": ["Spiel lernen", "Learn to play"],
  "lesson.learnGame": ["{game} lernen", "Learn {game}"],
  "lesson.step": ["Schritt {n} von {m}", "Step {n} of {m}"],
  "lesson.try": ["Probier es", "Try it"],
  "lesson.seen": ["Gesehen", "Seen"],
  "lesson.next": ["Weiter", "Next"],
  "lesson.again": ["Noch einmal", "Try again"],
  "lesson.restart": ["Lektion von vorn", "Start the lesson again"],
  "lesson.done": ["Geschafft!", "Done!"],
  "lesson.playNow": ["Jetzt spielen", "Play now"],
  "lesson.playNowHelp": ["Ein echtes Spiel gegen den Regel-Bot, nicht gewertet.", "A real game against the rules bot, not rated."],
  "lesson.notThis": ["Nicht ganz", "Not quite"],
  "lesson.rule": ["Regel", "Rule"],
  "lesson.watch": ["Schau zu …", "Watch …"],
  "lesson.you": ["Du", "You"],
  "lesson.guest": ["Gast", "Guest"],
  "lesson.none": ["Für dieses Spiel gibt es noch keine Lektion.", "This game has no lesson yet."],
  "lesson.resumed": ["Weiter, wo du aufgehört hast.", "Carrying on where you left off."],
  "lesson.offline": ["Keine Verbindung zum Server. Bitte noch einmal versuchen.", "No connection to the server. Please try again."],
};

addWords(TEXT);
