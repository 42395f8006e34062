// The end of a game and the typed move: the final standings (table page and replay) and
// the move form of a seat that may act.
import { el } from "./api.js";
import { t } from "./i18n.js";

/**
 * The move form: the seat's legal actions are its suggestions, in the page's words where
 * the game's module gives them (``words(action)``, else the notation). A suggestion's
 * words are sent as their action; anything else typed is sent as notation.
 */
export function moveForm(act, legal, words = null) {
  const said = (a) => (words && words(a)) || a;
  const byWords = new Map(); // lower-case words -> the one action they stand for (null: several)
  for (const a of legal) { const k = said(a).toLowerCase(); byWords.set(k, byWords.has(k) ? null : a); }
  const label = (a) => (byWords.get(said(a).toLowerCase()) === a ? said(a) : a);
  const example = legal.length ? ` (${label(legal[0])})` : "";
  const input = el("input", { id: "move", "aria-label": t("moveInput"), placeholder: t("moveInput") + example, maxlength: 80, autocomplete: "off", list: "legal" });
  const list = el("datalist", { id: "legal" }, legal.slice(0, 200).map((a) => el("option", { value: label(a), "data-notation": a })));
  const send = (text) => act(byWords.get(text.toLowerCase()) || text);
  return el("form", { class: "move-form", onsubmit: (e) => { e.preventDefault(); if (input.value.trim()) send(input.value.trim()); } },
    input, list, el("button", { class: "button", type: "submit" }, t("send")));
}

// The final standings, best first; a game may write its scores its own way (money).
export function resultBox(result, ns, mod) {
  // A table its people left ends without a winner and without rating.
  if (result.abandoned) return el("div", { class: "card result", id: "result" }, el("h3", {}, t("result")), el("p", {}, t("abandonedTable")));
  // A game ended by resignation has no score of its own: who gave up says it all.
  if (result.reason === "resigned") {
    const gaveUp = result.details.resigned || [];
    const order = result.ranks.map((_, seat) => seat).sort((a, b) => result.ranks[a] - result.ranks[b] || a - b);
    const rows = order.map((seat) => el("tr", { class: result.winners.includes(seat) ? "win" : "", "data-seat": seat },
      el("td", {}, String(result.ranks[seat])), el("td", {}, ns[seat]), el("td", { class: "muted" }, gaveUp.includes(seat) ? t("resigned") : "")));
    return el("div", { class: "card result", id: "result" }, el("h3", {}, t("result")), el("table", {}, el("tr", {}, el("th", {}, "#"), el("th", {}, t("players")), el("th", {}, "")), rows));
  }
  const tiles = result.details && result.details.tiles;
  const score = (v) => (mod && mod.scoreText ? mod.scoreText(v, result) : String(v));
  const order = result.scores.map((_, seat) => seat).sort((a, b) => result.ranks[a] - result.ranks[b] || a - b);
  const rows = order.map((seat) => el("tr", { class: result.winners.includes(seat) ? "win" : "", "data-seat": seat },
    el("td", {}, String(result.ranks[seat])), el("td", {}, ns[seat]), el("td", {}, score(result.scores[seat])),
    tiles ? el("td", {}, String(tiles[seat])) : null));
  const head = el("tr", {}, el("th", {}, "#"), el("th", {}, t("players")), el("th", {}, t("points")), tiles ? el("th", {}, t("tiles")) : null);
  return el("div", { class: "card result", id: "result" }, el("h3", {}, t("result")), el("table", {}, head, rows));
}
