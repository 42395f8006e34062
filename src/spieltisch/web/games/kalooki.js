// Kalooki in the browser: draw, compose melds by selecting cards, build and swap on the
// table, discard. The seat's own ordering of its hand (sort or drag) lives only here.
import { api, el, touchScreen } from "../api.js";
import { count, decimal, has, t } from "../i18n.js";
import { cardBack, cardButton, cardText, deckClass, fourColourToggle, hintToggle, markCards, parseCard, pref, rankIndex, sortKey } from "../cards.js";
import "./kalooki.words.js";

export const title = "Kalooki";

const w = (k, vars = {}) => (has(`ka.${k}`) ? t(`ka.${k}`, vars) : k);
// Money, always with cents: "-9.70" beside "0.30" (KA-R8).
const money = (v) => decimal(v, 2); // "30,00" on a German page

// The hand's order and the selection survive redraws; a new deal or hand resets them.
const mem = { order: [], selected: [], deal: null, seat: null, hint: new Map(), host: null, view: null, ctx: null };

const base = (name) => (name.startsWith("JK") ? "JK" : name);

// KA-R2 values: sets by rank (ace 11), runs by position (ace low 1, high 11).
export function meldValue(tokens) {
  const cards = tokens.map((x) => { const c = parseCard(x); return c.joker ? c.as : c; });
  const ranks = cards.map((c) => rankIndex(c.rank));
  const setValue = (r) => (r === 0 ? 11 : r >= 9 ? 10 : r + 1);
  if (ranks.every((r) => r === ranks[0])) return setValue(ranks[0]) * ranks.length;
  let total = 0;
  for (let i = 0; i < ranks.length; i++) {
    const r = ranks[i];
    total += r === 0 ? (i === 0 ? 1 : 11) : setValue(r);
  }
  return total;
}

function sameCards(actionCards, selected) {
  if (actionCards.length !== selected.length) return false;
  const a = actionCards.map(base).sort();
  const b = selected.map(base).sort();
  return a.every((x, i) => x === b[i]);
}

function syncOrder(hand) {
  // Keep the player's order for cards still held; new cards go to the end.
  const left = [...hand];
  const order = [];
  for (const c of mem.order) {
    const i = left.indexOf(c);
    if (i >= 0) { order.push(c); left.splice(i, 1); }
  }
  mem.order = [...order, ...left];
  const still = [...mem.order];
  mem.selected = mem.selected.filter((i) => i < still.length);
}

export function renderBoard(host, view, ctx) {
  Object.assign(mem, { host, view, ctx });
  if (mem.deal !== view.deal || mem.seat !== view.seat) {
    Object.assign(mem, { deal: view.deal, seat: view.seat, order: [], selected: [] });
  }
  const redraw = () => renderBoard(mem.host, mem.view, mem.ctx);
  const names = ctx.names || view.hand_sizes.map((_, i) => `${t("seat")} ${i + 1}`);
  const legal = ctx.interactive ? view.legal_actions : [];
  if (view.hand) syncOrder(view.hand);
  const box = el("div", { class: `cardtable kalooki ${deckClass()}` });
  const felt = el("div", { class: "felt" });
  felt.append(el("div", { class: "prompt", id: "ka-info" }, [w("deal", { n: view.deal }), w("pot", { p: money(view.pot) }), w(view.format)].join(" · ")));
  felt.append(opponents(view, names));
  const top = el("div", { class: "ka-top" });
  const canStock = legal.includes("draw stock");
  const canPile = legal.includes("draw discard");
  top.append(el("div", { class: "pile" }, el("button", { class: "pile-btn", id: "draw-stock", type: "button", disabled: !canStock, onclick: () => ctx.onAction("draw stock") }, cardBack()), `${w("stock")} (${view.stock_size})`));
  top.append(el("div", { class: "pile" }, el("button", { class: "pile-btn", id: "draw-discard", type: "button", disabled: !canPile, onclick: () => ctx.onAction("draw discard") },
    view.discard_top ? cardButton(view.discard_top) : el("span", { class: "pcard" })), `${w("pile")} (${view.discard_pile.length})`));
  felt.append(top);
  felt.append(el("div", { class: "muted small" }, w("melds")), meldsBox(view, names, legal, ctx));
  box.append(felt);
  if (view.seat !== null && view.seat !== undefined && view.hand) box.append(mine(view, legal, ctx, redraw));
  box.append(el("div", { class: "toggles" }, fourColourToggle(redraw), hintToggle("kalookiHint", w("hint"), redraw)));
  host.replaceChildren(box);
  if (ctx.marks) markMoves(host, view, ctx.marks);
}

function opponents(view, names) {
  const row = el("div", { class: "hy-seats" });
  view.hand_sizes.forEach((n, s) => {
    const tags = [el("span", { class: "tag" }, view.opened[s] ? w("opened") : w("notOpened"))];
    if (view.format === "club") tags.push(el("span", { class: "tag" }, `Σ ${view.totals[s]}`), el("span", { class: "tag" }, view.alive[s] ? w("alive") : w("knocked")));
    if (s === view.dealer) tags.push(el("span", { class: "tag dealer" }, w("dealer")));
    const known = (view.known_cards[s] || []).filter(() => s !== view.seat);
    row.append(el("div", { class: `hy-seat${view.to_move === s ? " turn" : ""}${view.seat === s ? " me" : ""}`, "data-seat": s },
      el("div", { class: "nm" }, names[s]), el("div", { class: "muted small" }, count(n, "n.card")), el("div", { class: "tags" }, tags),
      known.length ? el("div", { class: "small" }, known.map(cardText).join(" ")) : null));
  });
  return row;
}

function selectedCards() { return mem.selected.map((i) => mem.order[i]); }

function meldsBox(view, names, legal, ctx) {
  const box = el("div", { class: "melds", id: "melds" });
  const sel = selectedCards();
  for (const m of view.melds) {
    const options = sel.length ? legal.filter((a) => {
      const [verb, id, ...cards] = a.split(" ");
      return (verb === "build" || verb === "swap") && Number(id) === m.id && sameCards(cards, sel);
    }) : [];
    const g = el("div", { class: `meld${options.length ? " target" : ""}`, "data-meld": m.id });
    g.append(el("div", { class: "meld-head" }, `${m.id} · ${names[m.owner]}${m.new ? ` · ${w("newMeld")}` : ""}`));
    g.append(el("div", { class: "cardrow" }, m.cards.map((c) => cardButton(c))));
    if (options.length === 1) {
      // The whole meld is the button: reachable by Tab, played by Enter or Space.
      const play = () => { mem.selected = []; ctx.onAction(options[0]); };
      g.setAttribute("tabindex", "0");
      g.setAttribute("role", "button");
      g.setAttribute("aria-label", actionText(options[0]));
      g.addEventListener("click", play);
      g.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); play(); } });
    } else if (options.length > 1) {
      g.append(el("div", { class: "action-row" }, options.map((a) => el("button", { class: "button small", type: "button", "data-action": a,
        onclick: (e) => { e.stopPropagation(); mem.selected = []; ctx.onAction(a); } }, actionText(a)))));
    }
    box.append(g);
  }
  return box;
}

function actionText(a) {
  const [verb, ...rest] = a.split(" ");
  if (verb === "meld") return rest.map(cardText).join(" ");
  if (verb === "build") return `${w("build", { n: rest[0] })}: ${rest.slice(1).map(cardText).join(" ")}`;
  if (verb === "swap") return `${w("swap", { n: rest[0] })}: ${rest.slice(1).map(cardText).join(" ")}`;
  return a;
}

function mine(view, legal, ctx, redraw) {
  const box = el("div", { class: "mine" });
  const drawing = legal.includes("draw stock") || legal.includes("draw discard");
  const playing = legal.some((a) => a.startsWith("discard ") || a.startsWith("meld ") || a.startsWith("build "));
  if (drawing) box.append(el("div", { class: "prompt" }, w("drawHint")));
  else if (playing) box.append(el("div", { class: "prompt muted" }, w(touchScreen() ? "selectHint" : "selectHintClick")));
  const sel = selectedCards();
  const opened = view.opened[view.seat];
  const so_far = view.turn ? view.turn.opening_value : 0;
  const melds = sel.length >= 3 ? legal.filter((a) => a.startsWith("meld ") && sameCards(a.split(" ").slice(1), sel)) : [];
  if (playing) {
    const row = el("div", { class: "action-row", id: "ka-compose" });
    if (melds.length) {
      const v = meldValue(melds[0].split(" ").slice(1));
      if (!opened) row.append(el("span", { class: `compose ${so_far + v >= 51 ? "ok" : "short"}`, id: "ka-opening" }, w("openingWith", { a: so_far, b: v, v: so_far + v })));
      if (melds.length > 1) row.append(el("span", {}, w("chooseJoker")));
      for (const a of melds) {
        row.append(el("button", { class: "button primary small", type: "button", "data-action": a, onclick: () => { mem.selected = []; ctx.onAction(a); } }, `${w("meld")}: ${actionText(a)}`));
      }
    } else if (!opened) {
      row.append(el("span", { class: `compose ${so_far >= 51 ? "ok" : "short"}`, id: "ka-opening" }, w("opening", { v: so_far })));
      if (sel.length >= 3) row.append(el("span", { class: "muted" }, w("noMeld")));
    } else if (sel.length >= 3) row.append(el("span", { class: "muted" }, w("noMeld")));
    if (sel.length === 1) {
      // Sent even when not legal: the refusal names the rule (KA-R4, KA-R5, KA-R6).
      row.append(el("button", { class: "button", id: "ka-discard", type: "button", onclick: () => { mem.selected = []; ctx.onAction(`discard ${sel[0]}`); } }, `${w("discard")} ${cardText(sel[0])}`));
    }
    if (sel.length) row.append(el("button", { class: "button small", type: "button", onclick: () => { mem.selected = []; redraw(); } }, w("clear")));
    box.append(row);
  }
  const sortRow = el("div", { class: "action-row" },
    el("span", { class: "muted small" }, w("hand")),
    el("button", { class: "button small", id: "sort-suit", type: "button", onclick: () => { sortHand(true); redraw(); } }, w("bySuit")),
    el("button", { class: "button small", id: "sort-rank", type: "button", onclick: () => { sortHand(false); redraw(); } }, w("byRank")),
    el("span", { class: "muted small" }, w("dragHint")));
  if (mem.order.length) box.append(sortRow, handRow(redraw));
  if (!opened && pref("kalookiHint", true) && view.hand.length) box.append(hintBox(view.hand, redraw));
  return box;
}

// After the hand's order changed, the same cards stay selected.
function reselect(sel) {
  mem.selected = [];
  const used = new Set();
  for (const c of sel) {
    const i = mem.order.findIndex((x, j) => x === c && !used.has(j));
    if (i >= 0) { used.add(i); mem.selected.push(i); }
  }
}

function sortHand(bySuit) {
  const sel = selectedCards();
  mem.order.sort((a, b) => sortKey(a, bySuit) - sortKey(b, bySuit));
  reselect(sel);
}

function moveCard(from, to) {
  const sel = selectedCards();
  const [card] = mem.order.splice(from, 1);
  mem.order.splice(to, 0, card);
  reselect(sel);
}

function handRow(redraw) {
  const hand = el("div", { class: "hand", id: "hand" });
  mem.order.forEach((c, i) => {
    const selected = mem.selected.includes(i);
    const b = cardButton(c, { enabled: true, selected, attrs: { draggable: "true", "data-index": i }, onclick: () => {
      mem.selected = selected ? mem.selected.filter((x) => x !== i) : [...mem.selected, i];
      redraw();
    } });
    b.addEventListener("dragstart", (e) => { e.dataTransfer.setData("text/plain", String(i)); });
    b.addEventListener("dragover", (e) => e.preventDefault());
    b.addEventListener("drop", (e) => {
      e.preventDefault();
      const from = Number(e.dataTransfer.getData("text/plain"));
      if (Number.isNaN(from) || from === i) return;
      moveCard(from, i);
      redraw();
    });
    // The keyboard's drag: Alt+←/→ moves the focused card one place, focus follows it.
    b.addEventListener("keydown", (e) => {
      const step = { ArrowLeft: -1, ArrowRight: 1 }[e.key];
      if (!e.altKey || !step) return;
      e.preventDefault();
      const to = Math.max(0, Math.min(mem.order.length - 1, i + step));
      if (to === i) return;
      moveCard(i, to);
      redraw();
      const moved = document.querySelector(`#hand [data-index="${to}"]`);
      if (moved) moved.focus();
    });
    hand.append(b);
  });
  return hand;
}

function hintBox(hand, redraw) {
  const key = [...hand].sort().join(" ");
  const box = el("div", { class: "hint-box", id: "ka-hint" });
  const hit = mem.hint.get(key);
  if (!hit) {
    mem.hint.set(key, { pending: true });
    api("POST", "/api/hints/kalooki/opening", { hand }).then(({ data }) => {
      mem.hint.set(key, data || { failed: true });
      if (mem.view && [...mem.view.hand].sort().join(" ") === key) redraw();
    });
    return box;
  }
  if (hit.pending || hit.failed) return box;
  box.append(el("div", { class: "small" }, hit.opens ? w("bestOpening", { v: hit.value }) : w("cannotOpen", { v: hit.value })));
  if (hit.opens) box.append(el("div", { class: "action-row" }, hit.melds.map((m) => el("span", { class: "cardrow small tight" }, m.split(" ").map((c) => cardButton(c))))));
  return box;
}

export function renderPanel(view, ctx) {
  const names = ctx.names;
  const box = el("div", { class: "card ka-panel" });
  const deals = view.deals || [];
  if (deals.length) {
    const d = deals[deals.length - 1];
    box.append(el("h3", {}, w("dealEnd", { n: d.deal })));
    const payouts = view.result && view.result.details ? view.result.details.payouts : null;
    const head = el("tr", {}, el("th", {}, t("players")), el("th", {}, w("penalties")), payouts ? el("th", {}, w("payout")) : null, view.format === "club" ? el("th", {}, w("totals")) : null);
    const rows = names.map((n, s) => el("tr", { class: d.winner === s ? "win" : "" }, el("td", {}, `${n}${d.winner === s ? " ★" : ""}`),
      el("td", {}, String(d.penalties[s]), d.hands && d.hands[s].length ? el("div", { class: "small muted" }, d.hands[s].map(cardText).join(" ")) : null), payouts ? el("td", {}, money(payouts[s])) : null, view.format === "club" ? el("td", {}, String(view.totals[s])) : null));
    box.append(el("div", { class: "scroll-x" }, el("table", { class: "score-table", id: "ka-scoring" }, head, rows)));
    if (d.how === "kalooki") box.append(el("p", {}, w("kalooki")));
  } else {
    box.append(el("h3", {}, w("deal", { n: view.deal })), el("p", { class: "muted" }, w("pot", { p: money(view.pot) })));
  }
  return box;
}

export function describeLog(entries, names) {
  const n = (s) => names[s] ?? `#${s}`;
  const cards = (x) => (Array.isArray(x) ? x : String(x).split(" ")).map(cardText).join(" ");
  const lines = [];
  for (const entry of entries) {
    for (const e of entry.events) {
      let text;
      switch (e.type) {
        case "draw": text = t(e.from === "stock" ? "ka.log.draw_stock" : "ka.log.draw_pile", { who: n(e.seat) }); break;
        case "meld": text = t("ka.log.meld", { who: n(e.seat), meld: e.meld, cards: cards(e.cards) }); break;
        case "build": text = t("ka.log.build", { who: n(e.seat), cards: cards(e.card), meld: e.meld }); break;
        case "swap": text = t("ka.log.swap", { who: n(e.seat), meld: e.meld }); break;
        case "discard": text = t("ka.log.discard", { who: n(e.seat), card: cardText(e.card) }); break;
        case "opened": text = t("ka.log.opened", { who: n(e.seat), value: e.value }); break;
        case "opening_failed": text = t("ka.log.opening_failed", { who: n(e.seat), value: e.value }); break;
        case "restock": text = t("ka.log.restock"); break;
        case "deal_start": text = t("ka.log.deal_start", { deal: e.deal, who: n(e.dealer) }); break;
        case "deal_end": text = e.winner === null || e.winner === undefined
          ? t("ka.log.deal_end_none", { deal: e.deal })
          : t("ka.log.deal_end", { who: n(e.winner), kalooki: e.how === "kalooki" ? t("ka.log.kalooki") : "", penalties: e.penalties.join(" / ") }); break;
        case "match_end": text = t("ka.log.match_end"); break;
        default: text = e.type;
      }
      lines.push({ ply: entry.ply, text, type: `ev-${e.type}` });
    }
  }
  return lines;
}

// A ring game's result in money (KA-R8), a club game's in points.
export function scoreText(score, result) {
  return result.details && result.details.payouts ? money(score) : String(score);
}

export function touched() { return new Set(); }

/** A page that shows a Kalooki table begins: nothing to set up beyond the board. */
export function mount() {}

/** The page is left: a hint that answers later draws nothing, the page's nodes are let go. */
export function dispose() {
  Object.assign(mem, { host: null, view: null, ctx: null });
}

// The review's marks: the cards of the played and the better move in the hand, a draw on
// its pile.
export function markMoves(host, view, marks) {
  const piles = { "draw stock": "#draw-stock", "draw discard": "#draw-discard" };
  markCards(host, marks, (action) => (piles[action] ? host.querySelector(piles[action]) : null));
}

/** A legal action in the page's words for the move form ("discard 5h" → "Abwerfen ♥5"). */
export function actionWords(a) {
  const [verb, ...rest] = a.split(" ");
  if (a === "draw stock") return w("act.drawStock");
  if (a === "draw discard") return w("act.drawPile");
  if (verb === "discard" && rest.length === 1) return `${w("discard")} ${cardText(rest[0])}`;
  if (verb === "meld") return `${w("meld")}: ${actionText(a)}`;
  if (verb === "build" || verb === "swap") return actionText(a);
  return null;
}
