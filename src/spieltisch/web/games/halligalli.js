// Halli-Galli-Extreem in the browser: piles, the bell, synchronised flips, the finale.
//
// Fair bell (HG-R8): the page keeps its clock offset to the server (NTP-style pings),
// shows each new table version at the server's `show_at` converted to local time, and
// measures every ring from the moment that version was painted here. The server ranks
// rings by that reaction time (checked against its own latency estimate) plus handicaps.
import { el, touchScreen } from "../api.js";
import { decimal, t } from "../i18n.js";
import { backSvg, bellSvg, cardSvg, cardWords, emptySvg, fruitCount, tally } from "./halligalli-cards.js";
import "./halligalli.words.js";

export const title = "Halli-Galli-Extreem";

/** A card in words, for the review's list of the cards that lay on top. */
export { cardWords };

const tr = (key, params = {}) => t(`hg.${key}`, params);
/** "1 card", "3 cards": every count of cards in a text, in the chosen language. */
const cardsText = (n) => `${n} ${tr(n === 1 ? "card" : "cards")}`;
/** A text with {cards} filled in from the count n. */
const trCards = (key, params) => tr(key, { ...params, cards: cardsText(params.n) });
const SHAPE_ICON = { rock: "●", paper: "▬", scissors: "✂" }; // glyphs every font has

// -- per-page state (one table page at a time) -------------------------------------------
const S = {
  send: null, offset: null, samples: [], pinger: null, pings: 0,
  showAt: {}, shownLocal: {}, shownVersion: null, shownView: null, timer: null,
  last: null, rings: [], claim: null, ringUntil: 0, banner: [], audio: null, coachOn: localStorage.getItem("spieltisch.hg.coach") !== "off",
  coach: null, keys: false, note: "", bannerVersion: null,
};
const nowS = () => performance.now() / 1000;

function ensureCss() {
  if (document.getElementById("hg-css")) return;
  document.head.append(el("link", { id: "hg-css", rel: "stylesheet", href: "/static/halligalli.css" }));
}

// -- clock sync ----------------------------------------------------------------------------
// One ping at a time: the server believes only the echo of its latest pong, so the next
// ping waits for the answer (5 quick ones at the start, then every 2 s; a lost answer is
// asked again after 5 s).
function ping() {
  if (S.send) S.send({ type: "ping", t0: performance.now() });
  S.pinger = setTimeout(ping, 5000);
}

function startPinger() {
  if (S.pinger) return;
  S.pings = 0;
  ping();
}

function onPong(m) {
  const now = performance.now();
  const rtt = (now - m.t0) / 1000;
  S.send({ type: "sync", ts: m.ts });
  clearTimeout(S.pinger);
  S.pings = (S.pings || 0) + 1;
  S.pinger = setTimeout(ping, S.pings < 5 ? 250 : 2000);
  if (!(rtt >= 0)) return;
  S.samples.push({ rtt, offset: m.ts - (m.t0 / 1000 + rtt / 2) });
  if (S.samples.length > 8) S.samples.shift();
  S.offset = S.samples.reduce((a, b) => (b.rtt < a.rtt ? b : a)).offset;
}

// Server seconds -> local seconds (performance clock).
const toLocal = (serverT) => serverT - (S.offset ?? 0);

// Hooked into the table page's websocket: timing, sync and ring acknowledgements.
// The marks of a seat drawn small for the rules panel's legend, as the game's guide names
// them: "pile" (the draw pile with its count), "backs" (the two editions' backs).
export function legendMark(mark) {
  const chip = (back, n) => el("span", { class: `hg-drawchip ${back}` }, el("span", { class: "hg-chipback" }), n);
  if (mark === "pile") return el("span", { class: "hg-legend-felt", "aria-hidden": "true" }, chip("", "40"));
  if (mark === "backs") return el("span", { class: "hg-legend-felt", "aria-hidden": "true" }, chip("classic", ""), chip("extreme", ""));
  return null;
}

export function onMessage(m, send) {
  S.send = send;
  ensureCss();
  if (m.type === "welcome") {
    if (S.offset === null && typeof m.server_now === "number") S.offset = m.server_now - nowS();
    S.shownVersion = null;
    startPinger();
  } else if (m.type === "pong" && typeof m.t0 === "number") {
    onPong(m);
  } else if (m.type === "step") {
    if (m.view && typeof m.show_at === "number") S.showAt[m.view.version] = toLocal(m.show_at);
    if (Array.isArray(m.rings)) S.rings = m.rings;
    S.coach = m.coach ?? null;
    noteEvents(m.events || [], m.view);
  } else if (m.type === "rang") {
    S.claim = m.claim;
  }
}

// -- sound and animation ---------------------------------------------------------------------
function ding() {
  try {
    S.audio = S.audio || new (window.AudioContext || window.webkitAudioContext)();
    const ctx = S.audio;
    const t0 = ctx.currentTime;
    for (const [freq, vol] of [[1318, 0.25], [2637, 0.08], [3951, 0.04]]) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(vol, t0);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + 0.9);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t0);
      osc.stop(t0 + 0.95);
    }
  } catch { /* no audio: the animation still shows the ring */ }
}

function animateBell() {
  S.ringUntil = performance.now() + 650;
  const bell = document.getElementById("hg-bell");
  if (bell) { bell.classList.remove("ringing"); void bell.offsetWidth; bell.classList.add("ringing"); }
}

// -- events into words ----------------------------------------------------------------------------
let NAMES = [];
const nm = (seat) => NAMES[seat] || `#${seat + 1}`;
const ruleTag = (rule) => tr("ruleTag", { rule });

// Why a ring was wrong, from the table the core judged (the event's `tops` and `pairs`).
function wrongWhy(e) {
  if (e.rule === "HG-R7") return tr(CURRENT && CURRENT.ctx.seat === e.seat ? "whyOwnStrayYou" : "whyOwnStray");
  if (!Array.isArray(e.tops)) return tr("whyInvalid");
  const { fruits, animals } = tally(e.tops);
  const anyFruit = Object.values(fruits).some((n) => n > 0);
  const parts = [e.pairs > 0 ? tr("whyEven", { n: e.pairs }) : tr(anyFruit ? "whyNone" : "whyNoFruit")];
  if (anyFruit) parts.push(`(${fruitCounts(fruits)})`);
  if (animals.MONKEY && anyFruit && fruits.L) parts.push(`– ${tr("limeCancelsMonkey")}`);
  if (animals.ELEPHANT && anyFruit && fruits.S) parts.push(`– ${tr("strawberryCancelsElephant")}`);
  if ((animals.MONKEY || animals.ELEPHANT) && !anyFruit) parts.push(`– ${tr("animalNeedsFruit")}`);
  return parts.join(" ");
}

/** "4 Bananen · 3 Erdbeeren": the visible fruits, none left out but the zeros. */
function fruitCounts(fruits) {
  return Object.entries(fruits).filter(([, n]) => n > 0).map(([l, n]) => fruitCount(l, n)).join(" · ");
}

// One event in words; `prev` is the event before it in the same step (a swimmer's wrong
// ring and his leaving belong together).
function describe(e, prev = null) {
  switch (e.type) {
    case "flip": return tr(e.stray ? "flippedStray" : "flipped", { name: nm(e.seat), card: cardWords(e.card) });
    case "bell": return `${trCards("won", { name: nm(e.seat), n: e.cards })} ${ruleTag(e.rule || "HG-R4")}`;
    case "wrong_ring": return `${tr("wrongWhy", { name: nm(e.seat), why: wrongWhy(e) })} ${ruleTag(e.rule || "HG-R3")}`;
    case "penalty": {
      const paid = Object.entries(e.paid);
      const text = new Set(paid.map(([, n]) => n)).size === 1 ? trCards("paysEach", { name: nm(e.seat), n: paid[0][1] })
        : tr("pays", { name: nm(e.seat), list: paid.map(([s, n]) => tr("payTo", { cards: cardsText(n), name: nm(Number(s)) })).join(", ") });
      return `${text} ${ruleTag("HG-R5")}`;
    }
    case "swimming": return tr("swims", { name: nm(e.seat) });
    case "out": return prev && prev.type === "wrong_ring" && prev.seat === e.seat ? `${tr("outWrong", { name: nm(e.seat) })} ${ruleTag("HG-R6")}` : tr("isOut", { name: nm(e.seat) });
    case "extra_life": return trCards("extra", { name: nm(e.seat), n: e.cards });
    case "finale": return tr("finale", { a: nm(e.players[0]), b: nm(e.players[1]) });
    case "stake": return trCards("stakeSet", { name: nm(e.seat), n: e.cards });
    case "thrown": return `${nm(e.seat)} ${tr("thrown")}`;
    case "throws": {
      const seats = Object.keys(e.throws).map(Number);
      const text = tr("throws", { a: nm(seats[0]), sa: tr(e.throws[seats[0]]), b: nm(seats[1]), sb: tr(e.throws[seats[1]]) });
      return `${text} · ${e.winner === null || e.winner === undefined ? tr("throwDraw") : trCards("throwWins", { name: nm(e.winner), n: e.stake })}`;
    }
    case "deadlock": return tr("deadlock");
    case "game_end": return tr("gameEnd");
    default: return e.type;
  }
}

/** The events of one step in words, each with its place: [{event, text}]. */
const describeStep = (events) => events.map((e, i) => ({ event: e, text: describe(e, i ? events[i - 1] : null) }));

const BANNER = new Set(["bell", "wrong_ring", "penalty", "swimming", "out", "extra_life", "finale", "throws", "deadlock", "stake"]);

function noteEvents(events, view) {
  const me = CURRENT ? CURRENT.ctx.seat : null;
  if (events.some((e) => (e.type === "bell" || e.type === "wrong_ring") && e.seat !== me)) { ding(); animateBell(); }
  if (events.some((e) => BANNER.has(e.type))) { S.banner = events; S.bannerVersion = view ? view.version : null; S.note = ""; }
}

// -- acting ------------------------------------------------------------------------------------
let CURRENT = null; // {view, ctx} of the board on screen

function act(text) { if (S.send) S.send({ type: "act", action: text, ply: null }); }

// A local word instead of silence when the bell cannot be rung from this seat.
function say(key) {
  S.note = tr(key);
  if (CURRENT) renderBoard(CURRENT.host, CURRENT.view, CURRENT.ctx);
}

function ring() {
  if (!CURRENT) return;
  const view = S.shownView || CURRENT.view;
  const seat = CURRENT.ctx.seat;
  if (seat !== null && seat !== undefined && !view.over && view.status[seat] === "out") { say("noRingOut"); return; }
  if (!CURRENT.ctx.interactive || !view.legal_actions.some((a) => a.startsWith("ring"))) return;
  const version = view.version;
  const shown = S.shownLocal[version];
  const reaction = shown === undefined ? null : Math.round(performance.now() - shown * 1000);
  S.send({ type: "ring", version, reaction_ms: reaction });
  ding();
  animateBell();
}

const canAct = (action) => CURRENT && CURRENT.ctx.interactive && CURRENT.view.legal_actions.includes(action);
const myTurn = (view, ctx) => ctx.seat !== null && ctx.seat !== undefined && view.to_flip === ctx.seat;

/** The regular flip: only when it is this seat's turn (HG §2.3). */
function flip() {
  if (canAct("flip") && myTurn(CURRENT.view, CURRENT.ctx)) act("flip");
}

/** A stray card (HG-R7): a flip out of turn, only ever through its own control. */
function stray() {
  if (canAct("flip") && !myTurn(CURRENT.view, CURRENT.ctx)) act("flip");
}

// Space rings, F (or Enter) flips, while a board is on the page.
function onKey(ev) {
  if (!document.querySelector(".hg-board")) return;
  const tag = ev.target && ev.target.tagName;
  if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") return;
  if (ev.code === "Space" || ev.key === " ") { ev.preventDefault(); if (!ev.repeat) ring(); }
  else if (ev.key === "f" || ev.key === "F" || (ev.key === "Enter" && tag !== "BUTTON")) { ev.preventDefault(); flip(); }
}

function hookKeys() {
  if (S.keys) return;
  S.keys = true;
  document.addEventListener("keydown", onKey);
}

/** A page that shows a Halli Galli table (or its replay) begins: keys, style, its socket. */
export function mount(ctx) {
  if (ctx && ctx.send) S.send = ctx.send;
  ensureCss();
  hookKeys();
}

/**
 * The page is left: the clock-sync pings, a board waiting for its show time and the keys
 * stop, and the next table page starts from a clean state (its own sync, its own board).
 */
export function dispose() {
  clearTimeout(S.pinger);
  clearTimeout(S.timer);
  document.removeEventListener("keydown", onKey);
  Object.assign(S, {
    send: null, samples: [], pinger: null, pings: 0, showAt: {}, shownLocal: {}, shownVersion: null, shownView: null, timer: null,
    last: null, rings: [], claim: null, ringUntil: 0, banner: [], coach: null, keys: false, note: "", bannerVersion: null,
  });
  CURRENT = null;
}

// -- rendering ---------------------------------------------------------------------------------
// Touch screens ring by tapping; keyboards also have the space bar (touchScreen, api.js).

function svgBox(cls, markup, attrs = {}) {
  const box = el("div", { class: cls, ...attrs });
  box.innerHTML = markup;
  return box;
}

// Which view to paint: a new table version waits for its show time (same moment everywhere).
function visibleView(host, view, ctx) {
  if (view.version === S.shownVersion) { S.shownView = view; return view; }
  const at = S.showAt[view.version];
  const wait = at === undefined ? 0 : at - nowS();
  if (wait > 0.004 && wait < 1.0 && S.shownView) {
    clearTimeout(S.timer);
    S.timer = setTimeout(() => { if (host.isConnected) renderBoard(host, CURRENT ? CURRENT.view : view, CURRENT ? CURRENT.ctx : ctx); }, wait * 1000);
    return S.shownView;
  }
  S.shownVersion = view.version;
  S.shownView = view;
  S.shownLocal[view.version] = nowS();
  S.claim = null;
  return view;
}

function statusTag(status) {
  if (status === "out") return el("span", { class: "hg-tag out" }, tr("out"));
  if (status === "swimming") return el("span", { class: "hg-tag swim" }, tr("swimming"));
  return null;
}

// The face-up pile: its top card, and how many cards lie under it this round.
function upPile(view, seat) {
  const top = view.tops[seat];
  const pile = view.table[seat] || [];
  const box = svgBox("hg-pile hg-up", top ? cardSvg(top) : emptySvg(), { "data-card": top || "", title: top ? cardWords(top) : tr("faceUp") });
  if (pile.length > 1) box.append(el("span", { class: "hg-count", title: tr("pileCount") }, String(pile.length)));
  return box;
}

// Another seat: name, draw pile as a small back with its count, the face-up card large.
function otherSeat(view, seat) {
  const status = view.status[seat];
  const back = view.backs ? view.backs[seat] : null;
  const draw = el("span", { class: `hg-drawchip ${back || ""}`, title: `${tr("drawPile")}: ${cardsText(view.draw[seat])}` },
    el("span", { class: "hg-chipback", "aria-hidden": "true" }), String(view.draw[seat]));
  return el("div", { class: `hg-seat${view.to_flip === seat ? " turn" : ""} ${status}`, "data-seat": seat },
    el("div", { class: "hg-name", title: nm(seat) }, el("span", { class: "hg-who" }, nm(seat))),
    el("div", { class: "hg-sub" }, draw, statusTag(status)),
    upPile(view, seat));
}

// Your own seat: the draw pile you flip from on your turn, the face-up card, and two
// different controls — the regular flip, and (when the table allows it) a stray card.
function mySeat(view, ctx) {
  const seat = ctx.seat;
  const status = view.status[seat];
  const turn = myTurn(view, ctx);
  const live = ctx.interactive && view.phase === "round";
  const canFlip = live && turn && view.legal_actions.includes("flip");
  const canStray = live && !turn && view.legal_actions.includes("flip");
  const back = view.backs ? view.backs[seat] : null;
  const drawBox = svgBox(`hg-pile hg-draw${canFlip ? " can-flip" : ""}`, view.draw[seat] ? backSvg(back) : emptySvg(),
    canFlip ? { role: "button", tabindex: 0, id: "hg-flip", title: tr("flipNow"), onclick: flip } : { title: tr("drawPile") });
  drawBox.append(el("span", { class: "hg-count" }, String(view.draw[seat])));
  const keys = !touchScreen();
  const actions = el("div", { class: "hg-actions" });
  if (live && view.draw[seat]) {
    actions.append(el("button", { class: `button hg-flip-btn${canFlip ? " primary" : ""}`, id: "hg-flip-btn", disabled: !canFlip, onclick: flip },
      tr(!canFlip ? "notYourTurn" : keys ? "flip" : "flipNow")));
    if (view.stray_cards) {
      actions.append(el("button", { class: "button hg-stray-btn", id: "hg-stray", disabled: !canStray, onclick: stray, title: tr("strayHelp") }, tr("strayButton")),
        el("div", { class: "hg-stray-help small" }, tr("strayHelp")));
    }
  }
  return el("div", { class: `hg-seat mine${turn ? " turn" : ""} ${status}`, "data-seat": seat },
    el("div", { class: "hg-name" }, el("span", { class: "hg-who" }, nm(seat)), el("span", { class: "badge" }, tr("you")), statusTag(status)),
    el("div", { class: "hg-mine-row" }, el("div", { class: "hg-piles" }, drawBox, upPile(view, seat)), actions));
}

function reactionLine(ctx) {
  const own = S.rings.find((r) => r.seat === ctx.seat && r.reaction_ms !== undefined);
  if (!own) return null;
  const rank = S.rings.findIndex((r) => r.seat === ctx.seat) + 1;
  return el("p", { class: "hg-reaction", id: "hg-reaction" }, tr("reaction", { ms: own.reaction_ms }),
    own.trusted ? "" : ` ${tr("untrusted")}`, own.handicap_ms ? ` ${tr("handicap", { ms: own.handicap_ms })}` : "",
    ` · ${tr("rank", { r: rank, n: S.rings.length })}`);
}

// The news of the last ring; once the table has changed it fades, so the fruit counts of
// a wrong ring are not read against the cards now on the table.
function bannerBox(view) {
  const lines = describeStep(S.banner).filter((l) => BANNER.has(l.event.type));
  if (!lines.length) return null;
  const old = view && S.bannerVersion !== null && S.bannerVersion !== undefined && view.version !== S.bannerVersion;
  return el("div", { class: `hg-banner${old ? " old" : ""}`, id: "hg-result" }, lines.map((l) => el("div", { class: `hg-ev ${l.event.type}` }, l.text)));
}

function centre(view, ctx) {
  const player = ctx.interactive && ctx.seat !== null && ctx.seat !== undefined;
  const canRing = player && view.legal_actions.some((a) => a.startsWith("ring"));
  const bell = svgBox(`hg-bell${performance.now() < S.ringUntil ? " ringing" : ""}${canRing ? "" : " idle"}`, bellSvg(),
    { id: "hg-bell", role: "button", tabindex: player ? 0 : -1, "aria-label": tr("bell"), onpointerdown: (e) => { e.preventDefault(); ring(); } });
  const bellCol = el("div", { class: "hg-bellcol" }, bell,
    player ? el("div", { class: "hg-hint", id: "hg-ring-hint" }, tr(touchScreen() ? "ringTap" : "ringKey")) : null);
  const info = el("div", { class: "hg-info", "aria-live": "polite" });
  if (S.note) info.append(el("div", { class: "hg-banner hg-note", id: "hg-note" }, S.note));
  const banner = bannerBox(view);
  if (banner) info.append(banner);
  const reaction = reactionLine(ctx);
  if (reaction) info.append(reaction);
  let coach = null;
  if (ctx.table && ctx.table.options && ctx.table.options.coach && ctx.seat !== null) {
    const toggle = el("button", { class: "button small", id: "hg-coach-toggle", onclick: () => { S.coachOn = !S.coachOn; localStorage.setItem("spieltisch.hg.coach", S.coachOn ? "on" : "off"); renderBoard(CURRENT.host, CURRENT.view, CURRENT.ctx); } }, `${tr("coach")}: ${S.coachOn ? "✓" : "–"}`);
    const text = S.coachOn && S.coach !== null ? tr("coachChance", { p: decimal(S.coach * 100, 1) }) /* "12,5 %" on a German page */ : S.coachOn ? "" : tr("coachOff");
    coach = el("div", { class: "hg-coach", id: "hg-coach" }, toggle, " ", text);
  }
  // The coach has its own row under the bell and the news: neither cuts the other off.
  return el("div", { class: "hg-centre" }, bellCol, info, coach);
}

// After the last card: who won, and what ended it, where the bell stood.
function overBox(view) {
  const winners = (view.result && view.result.winners) || [];
  const box = el("div", { class: "hg-centre hg-over", id: "hg-over" }, el("h3", {}, tr("gameEnd")),
    winners.map((s) => el("p", { class: "hg-winner" }, tr("winsGame", { name: nm(s) }))));
  const banner = bannerBox(view);
  if (banner) box.append(banner);
  return box;
}

function finaleBox(view, ctx) {
  const f = view.finale;
  const [a, b] = f.players;
  const count = (s) => view.draw[s] + (view.table[s] || []).length;
  const who = (s) => el("div", { class: `hg-finalist${f.thrown.includes(s) ? " thrown" : ""}` },
    el("strong", {}, nm(s)), el("div", {}, cardsText(count(s))),
    el("div", { class: "muted small" }, f.thrown.includes(s) ? tr("thrown") : tr("waitingThrow")));
  const box = el("div", { class: "hg-finale card", id: "hg-finale" }, el("h3", {}, tr("finale", { a: nm(a), b: nm(b) })),
    el("div", { class: "hg-finalists" }, who(a), el("div", { class: "hg-vs" }, f.stake ? `${tr("stake")}: ${f.stake}` : tr("setter", { name: nm(f.setter) })), who(b)));
  const legal = view.legal_actions;
  const stakes = legal.filter((x) => x.startsWith("stake ")).map((x) => Number(x.slice(6)));
  if (ctx.interactive && stakes.length) {
    const input = el("input", { type: "number", id: "hg-stake", min: stakes[0], max: stakes[stakes.length - 1], value: Math.min(3, stakes[stakes.length - 1]) });
    box.append(el("form", { class: "row", onsubmit: (e) => { e.preventDefault(); act(`stake ${input.value}`); } },
      el("label", { for: "hg-stake" }, tr("stake")), input, el("button", { class: "button primary", type: "submit", id: "hg-set-stake" }, tr("setStake"))));
  }
  const throws = legal.filter((x) => x.startsWith("throw "));
  if (ctx.interactive && throws.length) {
    box.append(el("div", { class: "hg-throws" }, el("span", {}, tr("throwNow")), throws.map((x) => {
      const shape = x.slice(6);
      return el("button", { class: "button hg-throw", "data-shape": shape, onclick: () => act(x) }, `${SHAPE_ICON[shape]} ${tr(shape)}`);
    })));
  }
  if (f.my_throw) box.append(el("p", {}, tr("yourThrow", { s: `${SHAPE_ICON[f.my_throw]} ${tr(f.my_throw)}` })));
  return box;
}

export function renderBoard(host, view, ctx) {
  ensureCss();
  hookKeys(); // also for a board drawn without mount (the tests draw one straight away)
  NAMES = ctx.names || NAMES;
  CURRENT = { host, view, ctx };
  if (ctx.send) S.send = ctx.send;
  const shown = visibleView(host, view, ctx);
  const n = shown.players;
  const me = ctx.seat ?? null;
  // Own seat at the bottom, the others clockwise from the left neighbour across the top.
  const order = me === null ? [...Array(n).keys()] : [...Array(n - 1).keys()].map((i) => (me + 1 + i) % n);
  const board = el("div", { class: `hg-board players-${n} others-${order.length}${me === null ? " watching" : ""}` },
    el("div", { class: "hg-others" }, order.map((s) => otherSeat(shown, s))),
    shown.over ? overBox(shown) : shown.phase === "finale" && shown.finale ? finaleBox(shown, ctx) : centre(shown, ctx),
    me !== null ? el("div", { class: "hg-me" }, mySeat(shown, ctx)) : null);
  host.replaceChildren(board);
}

export function renderPanel(view, ctx) {
  NAMES = ctx.names || NAMES;
  const rows = [...Array(view.players).keys()].map((s) => el("li", { class: view.to_flip === s ? "turn" : "" },
    el("span", {}, nm(s)), " ", el("span", { class: "muted small" }, cardsText(view.draw[s] + (view.table[s] || []).length)),
    view.status[s] !== "in" ? [" ", el("span", { class: `hg-tag ${view.status[s] === "out" ? "out" : "swim"}` }, tr(view.status[s] === "out" ? "out" : "swimming"))] : null));
  return el("div", { class: "card hg-panel" }, el("h3", {}, title), el("ol", {}, rows));
}

// Whose turn the page's status line names. Every seat may ring at any moment, so the
// engine's seats that may act are all of them; the turn is the flipper's (in the finale,
// the stake setter's until the stake is set; then nobody's in particular: both throw).
export function turnSeat(view) {
  if (view.phase === "finale" && view.finale) return view.finale.stake ? null : view.finale.setter;
  return view.to_flip;
}

// The table page hands `last` (the latest events) to the board through this.
export function touched(events) { return events || []; }

export function describeLog(entries, names) {
  NAMES = names || NAMES;
  const lines = [];
  for (const entry of entries) for (const l of describeStep(entry.events)) lines.push({ ply: entry.ply, text: l.text, type: l.event.type });
  return lines;
}

/** A legal action in the page's words for the move form ("stake 1" → "1 setzen"). */
export function actionWords(a) {
  if (a === "flip" || a === "throw") return tr(`act.${a}`);
  if (a.startsWith("ring")) return tr("act.ring");
  if (a.startsWith("stake ")) return tr("act.stake", { n: a.slice(6) });
  return null;
}
