// Front-end modules by the name a game's descriptor gives them (faces.web, sent as a
// table's "web"); a game without one gets the generic text view.
import * as generic from "./generic.js";
import * as halali from "./halali.js";
import * as halligalli from "./halligalli.js";
import * as hydra from "./hydra.js";
import * as kalooki from "./kalooki.js";

const GAMES_WITH_BOARDS = { halali, halligalli, hydra, kalooki };

export const GAMES = new Proxy(GAMES_WITH_BOARDS, {
  get: (target, name) => target[name] || generic,
});
