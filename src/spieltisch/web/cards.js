// Playing cards drawn in SVG (French suits, Hydra and Kalooki jokers), shared by the card
// tables. Big corner indices so a card stays readable when only its left edge shows on a
// phone. The four-colour deck (♦ blue, ♣ green) is a colour-blind-safe option, remembered.
import { el, svg } from "./api.js";
import { has, t } from "./i18n.js";

const CSS = "/static/cards.css";
if (!document.querySelector(`link[href="${CSS}"]`)) {
  document.head.append(el("link", { rel: "stylesheet", href: CSS }));
}

export const SUITS = { c: "♣", d: "♦", h: "♥", s: "♠" };
const SUIT_ORDER = "cdhs";
const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];

// Remembered switches (four-colour deck, hints), one localStorage key each.
export function pref(name, fallback) {
  const v = localStorage.getItem(`spieltisch.${name}`);
  return v === null ? fallback : v === "1";
}
export function setPref(name, on) { localStorage.setItem(`spieltisch.${name}`, on ? "1" : "0"); }

// Reads Hydra ("HA", "C10", "HY") and Kalooki ("Ah", "10c", "JK", "JK=9c") names.
export function parseCard(name) {
  const [face, as] = name.split("=");
  if (face === "HY") return { name, hydra: true, joker: true };
  if (face === "JK") return { name, joker: true, as: as ? parseCard(as) : null };
  const upper = face[0];
  if ("DHSC".includes(upper) && face.length > 1 && !"dhsc".includes(face.at(-1))) {
    return { name, suit: upper.toLowerCase(), rank: face.slice(1) };
  }
  return { name, suit: face.at(-1).toLowerCase(), rank: face.slice(0, -1).toUpperCase() };
}

export function suitClass(suit) { return `suit-${suit}`; }

// A short text of a card for logs and labels: "♥10", "Joker", "Hydra".
export function cardText(name) {
  const c = parseCard(name);
  if (c.hydra) return "Hydra";
  if (c.joker) return c.as ? `Joker (${cardText(c.as.name)})` : "Joker";
  return `${SUITS[c.suit]}${rankText(c.rank)}`;
}

/** A rank as players of the chosen language write it (German B, D for J, Q). */
function rankText(rank) {
  return has(`card.rank.${rank}`) ? t(`card.rank.${rank}`) : rank;
}

function hydraArt() {
  // Three necks from one body: the many-headed serpent.
  const g = svg("g", { class: "hydra-art" });
  g.append(svg("ellipse", { cx: 30, cy: 66, rx: 15, ry: 8 }));
  for (const [x, y] of [[16, 30], [30, 22], [44, 30]]) {
    g.append(svg("path", { d: `M30 62 Q${(30 + x) / 2} ${y + 22} ${x} ${y + 4}`, class: "neck" }));
    g.append(svg("circle", { cx: x, cy: y, r: 5 }));
    g.append(svg("circle", { cx: x + 1.6, cy: y - 1.2, r: 1.1, class: "eye" }));
  }
  return g;
}

function jokerArt() {
  const g = svg("g", { class: "joker-art" });
  g.append(svg("polygon", { points: "14,52 20,30 30,44 40,30 46,52" }));
  for (const [x, y] of [[20, 28], [30, 42], [40, 28]]) g.append(svg("circle", { cx: x, cy: y - 2, r: 3.2 }));
  g.append(svg("rect", { x: 14, y: 53, width: 32, height: 5, rx: 2 }));
  return g;
}

// One card face as an SVG (60×84 units). opts: {trump, back, label}
export function cardSvg(name, opts = {}) {
  const root = svg("svg", { viewBox: "0 0 60 84", class: "card-svg", "aria-hidden": "true" });
  root.append(svg("rect", { x: 1, y: 1, width: 58, height: 82, rx: 6, class: opts.back ? "card-back" : "card-face" }));
  if (opts.back) {
    root.append(svg("rect", { x: 6, y: 6, width: 48, height: 72, rx: 4, class: "card-back-inner" }));
    return root;
  }
  const c = parseCard(name);
  if (c.hydra || c.joker) {
    root.classList.add(c.hydra ? "hydra" : "joker");
    root.append(c.hydra ? hydraArt() : jokerArt());
    const word = c.hydra ? "HYDRA" : "JOKER";
    root.append(svg("text", { x: 30, y: 80, class: "joker-word", "text-anchor": "middle" }, document.createTextNode(word)));
    if (c.as) {
      root.append(svg("text", { x: 5, y: 18, class: `idx ${suitClass(c.as.suit)}` }, document.createTextNode(c.as.rank)));
      root.append(svg("text", { x: 5, y: 34, class: `pip-small ${suitClass(c.as.suit)}` }, document.createTextNode(SUITS[c.as.suit])));
    }
  } else {
    root.classList.add(suitClass(c.suit));
    const rank = rankText(c.rank);
    root.append(svg("text", { x: 4, y: 20, class: `idx${rank.length > 1 ? " narrow" : ""}` }, document.createTextNode(rank)));
    root.append(svg("text", { x: 5, y: 38, class: "pip-small" }, document.createTextNode(SUITS[c.suit])));
    root.append(svg("text", { x: 37, y: 66, class: "pip-big", "text-anchor": "middle" }, document.createTextNode(SUITS[c.suit])));
    if ("JQK".includes(c.rank)) root.append(svg("rect", { x: 20, y: 40, width: 34, height: 38, rx: 3, class: "court" }));
  }
  if (opts.trump) {
    // On the left edge: the part of a card that stays visible in an overlapping hand.
    root.append(svg("rect", { x: 3, y: 44, width: 14, height: 16, rx: 3, class: "trump-mark" }));
    root.append(svg("text", { x: 10, y: 56, class: "trump-t", "text-anchor": "middle" }, document.createTextNode("T")));
  }
  return root;
}

// A card as a button (or a plain figure when no onclick). attrs go on the wrapper.
export function cardButton(name, { enabled = false, onclick = null, selected = false, trump = false, label = null, attrs = {} } = {}) {
  const text = label || cardText(name);
  const cls = `pcard${enabled ? " enabled" : ""}${selected ? " selected" : ""}${trump ? " is-trump" : ""}`;
  if (!onclick) return el("span", { class: cls, "data-card": name, role: "img", "aria-label": text, ...attrs }, cardSvg(name, { trump }));
  return el("button", { type: "button", class: cls, "data-card": name, "aria-label": text, "aria-pressed": selected ? "true" : null, disabled: !enabled, onclick, ...attrs }, cardSvg(name, { trump }));
}

export function cardBack(attrs = {}) {
  return el("span", { class: "pcard back", ...attrs }, cardSvg("", { back: true }));
}

// The wrapper that applies the deck colouring to everything inside it.
export function deckClass() { return pref("fourColour", false) ? "deck four-colour" : "deck"; }

export function fourColourToggle(redraw) {
  const on = pref("fourColour", false);
  const box = el("input", { type: "checkbox", id: "four-colour", checked: on, onchange: () => { setPref("fourColour", box.checked); redraw(); } });
  return el("label", { class: "toggle" }, box, ` ${t("card.fourColour")}`);
}

export function hintToggle(key, label, redraw) {
  const box = el("input", { type: "checkbox", id: key, checked: pref(key, true), onchange: () => { setPref(key, box.checked); redraw(); } });
  return el("label", { class: "toggle" }, box, ` ${label}`);
}

// Kalooki ordering helpers: by suit then rank, or by rank then suit. Jokers last.
export function rankIndex(rank) { return RANKS.indexOf(rank); }
export function sortKey(name, bySuit) {
  const c = parseCard(name);
  if (c.joker) return 1000;
  const r = rankIndex(c.rank);
  const s = SUIT_ORDER.indexOf(c.suit);
  return bySuit ? s * 20 + r : r * 4 + s;
}

/**
 * The review's marks on a card table: the cards an action names (``discard 5h``, ``C9``,
 * ``meld 10c 10d 10h``) lit in the seat's hand, played grey, better green; the table's
 * elements an action names otherwise (``draw stock``) come from ``extra(action)``.
 */
export function markCards(host, marks, extra = () => null) {
  for (const [kind, action] of [["played", marks.played], ["better", marks.better]]) {
    if (!action) continue;
    const names = new Set(String(action).split(" "));
    const lit = [...host.querySelectorAll("#hand .pcard[data-card]")].filter((c) => names.has(c.dataset.card));
    const other = extra(action);
    for (const node of [...lit, ...(other ? [other] : [])]) {
      node.classList.add("mv", `mv-${kind}`);
      node.dataset.mark = node.dataset.mark ? `${node.dataset.mark} ${kind}` : kind;
    }
  }
}
