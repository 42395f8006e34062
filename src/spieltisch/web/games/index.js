// The browser's one list of the games: each game's module by the name its descriptor
// gives it (faces.web, sent as a table's "web"). Shared pages find a game's module only
// through gameModule; a game without one gets the generic text view. Importing a game's
// module also registers its words with the shared i18n.
import * as generic from "./generic.js";
import * as halali from "./halali.js";
import * as halligalli from "./halligalli.js";
import * as hydra from "./hydra.js";
import * as kalooki from "./kalooki.js";

const MODULES = { halali, halligalli, hydra, kalooki };

/**
 * The module of the game whose descriptor names ``web``. Each has renderBoard, renderPanel,
 * describeLog, touched and title, and mount(ctx) / dispose() around a page that shows it
 * (timers, listeners); optional: onMessage, legendMark, scoreText, turnSeat, cardWords, markMoves(host, view,
 * {played, better}) (the review's marks, also drawn by renderBoard when ctx.marks is given).
 */
export function gameModule(web) {
  return Object.hasOwn(MODULES, web) ? MODULES[web] : generic;
}
