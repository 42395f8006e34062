// Halli-Galli-Extreem in the browser: piles, the bell, synchronised flips, the finale.
//
// Fair bell (HG-R8): the page keeps its clock offset to the server (NTP-style pings),
// shows each new table version at the server's `show_at` converted to local time, and
// measures every ring from the moment that version was painted here. The server ranks
// rings by that reaction time (checked against its own latency estimate) plus handicaps.
import { el } from "../api.js";
import { getLang } from "../i18n.js";
import { backSvg, bellSvg, cardSvg, emptySvg } from "./halligalli-cards.js";

export const title = "Halli-Galli-Extreem";

const TEXT = {
  de: {
    bell: "Glocke", ring: "Klingeln (Leertaste)", flip: "Aufdecken (F)", you: "du", cards: "Karten", card: "Karte",
    yourFlip: "Du deckst auf", flips: "{name} deckt auf", swimming: "schwimmt", out: "ausgeschieden",
    coach: "Trainer", coachChance: "Nächste Karte macht die Glocke richtig: {p} %", coachOff: "Trainer aus",
    won: "{name} gewinnt {cards}", wrong: "{name} hat falsch geklingelt", pays: "{name} zahlt: {list}",
    swims: "{name} schwimmt", isOut: "{name} scheidet aus", extra: "{name} nimmt das Extraleben ({cards})",
    finale: "Finale: {a} gegen {b}", stake: "Einsatz", setStake: "Einsatz setzen", stakeSet: "{name} setzt {cards}",
    throwNow: "Wirf!", thrown: "hat geworfen", waitingThrow: "wartet auf Wurf", yourThrow: "Dein Wurf: {s}",
    throws: "{a}: {sa} – {b}: {sb}", throwWins: "{name} gewinnt {cards}", throwDraw: "Unentschieden – nochmal",
    rock: "Stein", paper: "Papier", scissors: "Schere", reaction: "Deine Reaktion: {ms} ms", rank: "Platz {r} von {n}",
    untrusted: "(Serverschätzung)", handicap: "+{ms} ms Handicap", deadlock: "Niemand kann aufdecken: alle drehen ihre Stapel um",
    stray: "Streukarte", setter: "{name} setzt den Einsatz", gameEnd: "Spielende", winsGame: "{name} gewinnt das Spiel", flipped: "{name} deckt {card} auf",
    drawPile: "Nachziehstapel", faceUp: "Ablage", bellRung: "{name} klingelt",
  },
  en: {
    bell: "Bell", ring: "Ring (space bar)", flip: "Flip (F)", you: "you", cards: "cards", card: "card",
    yourFlip: "Your flip", flips: "{name} flips", swimming: "swimming", out: "out",
    coach: "Coach", coachChance: "Next card makes the bell right: {p} %", coachOff: "Coach off",
    won: "{name} wins {cards}", wrong: "{name} rang wrongly", pays: "{name} pays: {list}",
    swims: "{name} is swimming", isOut: "{name} is out", extra: "{name} takes the extra life ({cards})",
    finale: "Finale: {a} against {b}", stake: "Stake", setStake: "Set stake", stakeSet: "{name} stakes {cards}",
    throwNow: "Throw!", thrown: "has thrown", waitingThrow: "to throw", yourThrow: "Your throw: {s}",
    throws: "{a}: {sa} – {b}: {sb}", throwWins: "{name} wins {cards}", throwDraw: "Draw – throw again",
    rock: "rock", paper: "paper", scissors: "scissors", reaction: "Your reaction: {ms} ms", rank: "rank {r} of {n}",
    untrusted: "(server estimate)", handicap: "+{ms} ms handicap", deadlock: "Nobody can flip: everyone turns his pile over",
    stray: "stray card", setter: "{name} sets the stake", gameEnd: "Game over", winsGame: "{name} wins the game", flipped: "{name} flips {card}",
    drawPile: "draw pile", faceUp: "face-up pile", bellRung: "{name} rings",
  },
};
const tr = (key, params = {}) => (TEXT[getLang()] || TEXT.en)[key].replace(/\{(\w+)\}/g, (_, k) => String(params[k] ?? ""));
/** "1 card", "3 cards": every count of cards in a text, in the chosen language. */
const cardsText = (n) => `${n} ${tr(n === 1 ? "card" : "cards")}`;
/** A text with {cards} filled in from the count n. */
const trCards = (key, params) => tr(key, { ...params, cards: cardsText(params.n) });
const SHAPE_ICON = { rock: "●", paper: "▬", scissors: "✂" }; // glyphs every font has

// -- per-page state (one table page at a time) -------------------------------------------
const S = {
  send: null, offset: null, samples: [], pinger: null,
  showAt: {}, shownLocal: {}, shownVersion: null, shownView: null, timer: null,
  last: null, rings: [], claim: null, ringUntil: 0, banner: [], audio: null, coachOn: localStorage.getItem("spieltisch.hg.coach") !== "off",
  coach: null, keys: false,
};
const nowS = () => performance.now() / 1000;

function ensureCss() {
  if (document.getElementById("hg-css")) return;
  document.head.append(el("link", { id: "hg-css", rel: "stylesheet", href: "/static/halligalli.css" }));
}

// -- clock sync ----------------------------------------------------------------------------
function ping() { if (S.send) S.send({ type: "ping", t0: performance.now() }); }

function startPinger() {
  if (S.pinger) return;
  let n = 0;
  const tick = () => { ping(); n += 1; S.pinger = setTimeout(tick, n < 5 ? 250 : 2000); };
  tick();
}

function onPong(m) {
  const now = performance.now();
  const rtt = (now - m.t0) / 1000;
  if (!(rtt >= 0)) return;
  S.samples.push({ rtt, offset: m.ts - (m.t0 / 1000 + rtt / 2) });
  if (S.samples.length > 8) S.samples.shift();
  S.offset = S.samples.reduce((a, b) => (b.rtt < a.rtt ? b : a)).offset;
  S.send({ type: "sync", ts: m.ts });
}

// Server seconds -> local seconds (performance clock).
const toLocal = (serverT) => serverT - (S.offset ?? 0);

// Hooked into the table page's websocket: timing, sync and ring acknowledgements.
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

function describe(e) {
  switch (e.type) {
    case "flip": return tr("flipped", { name: nm(e.seat), card: e.card }) + (e.stray ? ` (${tr("stray")})` : "");
    case "bell": return trCards("won", { name: nm(e.seat), n: e.cards });
    case "wrong_ring": return tr("wrong", { name: nm(e.seat) });
    case "penalty": return tr("pays", { name: nm(e.seat), list: Object.entries(e.paid).map(([s, n]) => `${n} → ${nm(Number(s))}`).join(", ") });
    case "swimming": return tr("swims", { name: nm(e.seat) });
    case "out": return tr("isOut", { name: nm(e.seat) });
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

const BANNER = new Set(["bell", "wrong_ring", "penalty", "swimming", "out", "extra_life", "finale", "throws", "deadlock", "stake"]);

function noteEvents(events) {
  const news = events.filter((e) => BANNER.has(e.type));
  const me = CURRENT ? CURRENT.ctx.seat : null;
  if (events.some((e) => (e.type === "bell" || e.type === "wrong_ring") && e.seat !== me)) { ding(); animateBell(); }
  if (news.length) S.banner = news;
}

// -- acting ------------------------------------------------------------------------------------
let CURRENT = null; // {view, ctx} of the board on screen

function act(text) { if (S.send) S.send({ type: "act", action: text, ply: null }); }

function ring() {
  if (!CURRENT || !CURRENT.ctx.interactive) return;
  const view = S.shownView || CURRENT.view;
  if (!view.legal_actions.some((a) => a.startsWith("ring"))) return;
  const version = view.version;
  const shown = S.shownLocal[version];
  const reaction = shown === undefined ? null : Math.round(performance.now() - shown * 1000);
  S.send({ type: "ring", version, reaction_ms: reaction });
  ding();
  animateBell();
}

function flip() {
  if (CURRENT && CURRENT.ctx.interactive && CURRENT.view.legal_actions.includes("flip")) act("flip");
}

function hookKeys() {
  if (S.keys) return;
  S.keys = true;
  document.addEventListener("keydown", (ev) => {
    if (!document.querySelector(".hg-board")) return;
    const tag = ev.target && ev.target.tagName;
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") return;
    if (ev.code === "Space" || ev.key === " ") { ev.preventDefault(); if (!ev.repeat) ring(); }
    else if (ev.key === "f" || ev.key === "F" || ev.key === "Enter") { ev.preventDefault(); flip(); }
  });
}

// -- rendering ---------------------------------------------------------------------------------
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

function seatBox(view, seat, ctx) {
  const mine = seat === ctx.seat;
  const status = view.status[seat];
  const turn = view.to_flip === seat;
  const top = view.tops[seat];
  const pile = view.table[seat] || [];
  const draw = view.draw[seat];
  const back = view.backs ? view.backs[seat] : null;
  const canFlip = mine && ctx.interactive && view.legal_actions.includes("flip");
  const drawBox = svgBox(`hg-pile hg-draw${canFlip ? " can-flip" : ""}`, draw ? backSvg(back) : emptySvg(),
    canFlip ? { role: "button", tabindex: 0, id: "hg-flip", title: tr("flip"), onclick: flip } : { title: tr("drawPile") });
  drawBox.append(el("span", { class: "hg-count" }, String(draw)));
  const upBox = svgBox("hg-pile hg-up", top ? cardSvg(top, top) : emptySvg(), { "data-card": top || "", title: tr("faceUp") });
  if (pile.length > 1) upBox.append(el("span", { class: "hg-count" }, String(pile.length)));
  const badge = status === "out" ? el("span", { class: "hg-tag out" }, tr("out")) : status === "swimming" ? el("span", { class: "hg-tag swim" }, tr("swimming")) : null;
  return el("div", { class: `hg-seat${mine ? " mine" : ""}${turn ? " turn" : ""} ${status}`, "data-seat": seat },
    el("div", { class: "hg-name" }, el("span", {}, nm(seat)), mine ? el("span", { class: "badge" }, tr("you")) : null, badge),
    el("div", { class: "hg-piles" }, drawBox, upBox),
    canFlip ? el("button", { class: "button small hg-flip-btn", onclick: flip }, tr("flip")) : null);
}

function reactionLine(ctx) {
  const own = S.rings.find((r) => r.seat === ctx.seat && r.reaction_ms !== undefined);
  if (!own) return null;
  const rank = S.rings.findIndex((r) => r.seat === ctx.seat) + 1;
  return el("p", { class: "hg-reaction", id: "hg-reaction" }, tr("reaction", { ms: own.reaction_ms }),
    own.trusted ? "" : ` ${tr("untrusted")}`, own.handicap_ms ? ` ${tr("handicap", { ms: own.handicap_ms })}` : "",
    ` · ${tr("rank", { r: rank, n: S.rings.length })}`);
}

function centre(view, ctx) {
  const canRing = ctx.interactive && view.legal_actions.some((a) => a.startsWith("ring"));
  const bell = svgBox(`hg-bell${performance.now() < S.ringUntil ? " ringing" : ""}${canRing ? "" : " idle"}`, bellSvg(),
    { id: "hg-bell", role: "button", tabindex: 0, "aria-label": tr("ring"), onpointerdown: (e) => { e.preventDefault(); ring(); } });
  const box = el("div", { class: "hg-centre" }, bell, el("div", { class: "muted small" }, tr("ring")));
  if (S.banner.length) box.append(el("div", { class: "hg-banner", id: "hg-result" }, S.banner.map((e) => el("div", { class: `hg-ev ${e.type}` }, describe(e)))));
  const reaction = reactionLine(ctx);
  if (reaction) box.append(reaction);
  if (ctx.table && ctx.table.options && ctx.table.options.coach && ctx.seat !== null) {
    const toggle = el("button", { class: "button small", id: "hg-coach-toggle", onclick: () => { S.coachOn = !S.coachOn; localStorage.setItem("spieltisch.hg.coach", S.coachOn ? "on" : "off"); renderBoard(CURRENT.host, CURRENT.view, CURRENT.ctx); } }, `${tr("coach")}: ${S.coachOn ? "✓" : "–"}`);
    const text = S.coachOn && S.coach !== null ? tr("coachChance", { p: (S.coach * 100).toFixed(1) }) : S.coachOn ? "" : tr("coachOff");
    box.append(el("div", { class: "hg-coach", id: "hg-coach" }, toggle, " ", text));
  }
  return box;
}

// After the last card: who won, and what ended it, where the bell stood.
function overBox(view) {
  const winners = (view.result && view.result.winners) || [];
  const box = el("div", { class: "hg-centre hg-over", id: "hg-over" }, el("h3", {}, tr("gameEnd")),
    winners.map((s) => el("p", { class: "hg-winner" }, tr("winsGame", { name: nm(s) }))));
  if (S.banner.length) box.append(el("div", { class: "hg-banner", id: "hg-result" }, S.banner.map((e) => el("div", { class: `hg-ev ${e.type}` }, describe(e)))));
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
  hookKeys();
  NAMES = ctx.names || NAMES;
  CURRENT = { host, view, ctx };
  if (ctx.send) S.send = ctx.send;
  const shown = visibleView(host, view, ctx);
  const n = shown.players;
  const me = ctx.seat ?? null;
  // Own seat at the bottom, the others clockwise from the left neighbour across the top.
  const order = me === null ? [...Array(n).keys()] : [...Array(n - 1).keys()].map((i) => (me + 1 + i) % n);
  const board = el("div", { class: `hg-board players-${n}` },
    el("div", { class: "hg-others" }, order.map((s) => seatBox(shown, s, ctx))),
    shown.over ? overBox(shown) : shown.phase === "finale" && shown.finale ? finaleBox(shown, ctx) : centre(shown, ctx),
    me !== null ? el("div", { class: "hg-me" }, seatBox(shown, me, ctx)) : null);
  host.replaceChildren(board);
}

export function renderPanel(view, ctx) {
  NAMES = ctx.names || NAMES;
  const rows = [...Array(view.players).keys()].map((s) => el("li", { class: view.to_flip === s ? "turn" : "" },
    el("span", {}, nm(s)), " ", el("span", { class: "muted small" }, cardsText(view.draw[s] + (view.table[s] || []).length)),
    view.status[s] !== "in" ? el("span", { class: `hg-tag ${view.status[s] === "out" ? "out" : "swim"}` }, tr(view.status[s] === "out" ? "out" : "swimming")) : null));
  return el("div", { class: "card hg-panel" }, el("h3", {}, title), el("ol", {}, rows));
}

// Whose turn the page's status line names: the flipper (in the finale, the stake setter
// until the stake is set; then nobody in particular: both throw).
export function activeSeat(view) {
  if (view.phase === "finale" && view.finale) return view.finale.stake ? null : view.finale.setter;
  return view.to_flip;
}

// The table page hands `last` (the latest events) to the board through this.
export function touched(events) { return events || []; }

export function describeLog(entries, names) {
  NAMES = names || NAMES;
  const lines = [];
  for (const entry of entries) for (const e of entry.events) lines.push({ ply: entry.ply, text: describe(e), type: e.type });
  return lines;
}
