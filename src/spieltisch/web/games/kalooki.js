// Kalooki in the browser: draw, compose melds by selecting cards, build and swap on the
// table, discard. The seat's own ordering of its hand (sort or drag) lives only here.
import { api, el } from "../api.js";
import { getLang, t } from "../i18n.js";
import { cardBack, cardButton, cardText, deckClass, fourColourToggle, hintToggle, parseCard, pref, rankIndex, sortKey } from "../cards.js";

export const title = "Kalooki";

const W = {
  de: {
    stock: "Talon", pile: "Ablage", draw: "Ziehen", hand: "Deine Karten", bySuit: "Nach Farbe", byRank: "Nach Rang",
    selectHint: "Karten antippen zum Auswählen; dann Meldung, Anlegen (Meldung antippen) oder Abwerfen.",
    drawHint: "Ziehe eine Karte vom Talon oder von der Ablage.", meld: "Auslegen", discard: "Abwerfen", clear: "Auswahl aufheben",
    opening: "Eröffnung: {v} von 51", openingWith: "Eröffnung: {a} + {b} = {v} von 51", opened: "eröffnet", notOpened: "noch nicht eröffnet",
    noMeld: "Diese Auswahl ist keine Meldung.", build: "Anlegen an {n}", swap: "Joker tauschen an {n}", melds: "Auf dem Tisch",
    cards: "Karten", owner: "von {name}", bestOpening: "Beste Eröffnung deiner Hand: {v}", cannotOpen: "Deine Hand erreicht noch keine 51 (beste: {v}).",
    hint: "Eröffnungs-Tipp zeigen", pot: "Pot {p}", deal: "Runde {n}", penalties: "Strafpunkte", payout: "Auszahlung", totals: "Stand (Club)",
    out: "raus", alive: "im Spiel", knocked: "ausgeschieden", chooseJoker: "Wofür steht der Joker?", newMeld: "neu",
    dealEnd: "Runde {n} beendet", ring: "Ring-Spiel (ein Pot)", club: "Club-Format", dealer: "Geber", kalooki: "Kalooki!", dragHint: "Ziehen zum Umsortieren",
  },
  en: {
    stock: "Stock", pile: "Discard pile", draw: "Draw", hand: "Your cards", bySuit: "By suit", byRank: "By rank",
    selectHint: "Tap cards to select them; then meld, build (tap a meld) or discard.",
    drawHint: "Draw a card from the stock or the discard pile.", meld: "Meld", discard: "Discard", clear: "Clear selection",
    opening: "Opening: {v} of 51", openingWith: "Opening: {a} + {b} = {v} of 51", opened: "opened", notOpened: "not opened yet",
    noMeld: "This selection is not a meld.", build: "Build on {n}", swap: "Swap joker on {n}", melds: "On the table",
    cards: "cards", owner: "by {name}", bestOpening: "Best opening of your hand: {v}", cannotOpen: "Your hand does not reach 51 yet (best: {v}).",
    hint: "Show opening hint", pot: "Pot {p}", deal: "Deal {n}", penalties: "Penalty", payout: "Payout", totals: "Totals (club)",
    out: "out", alive: "in play", knocked: "eliminated", chooseJoker: "What does the joker stand for?", newMeld: "new",
    dealEnd: "Deal {n} over", ring: "ring game (one pot)", club: "club format", dealer: "dealer", kalooki: "Kalooki!", dragHint: "Drag to reorder",
  },
};
const w = (k, vars = {}) => {
  let s = W[getLang()][k] ?? k;
  for (const [a, b] of Object.entries(vars)) s = s.replace(`{${a}}`, b);
  return s;
};

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
  felt.append(el("div", { class: "prompt", id: "ka-info" }, [w("deal", { n: view.deal }), w("pot", { p: view.pot }), w(view.format)].join(" · ")));
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
}

function opponents(view, names) {
  const row = el("div", { class: "hy-seats" });
  view.hand_sizes.forEach((n, s) => {
    const tags = [el("span", { class: "tag" }, view.opened[s] ? w("opened") : w("notOpened"))];
    if (view.format === "club") tags.push(el("span", { class: "tag" }, `Σ ${view.totals[s]}`), el("span", { class: "tag" }, view.alive[s] ? w("alive") : w("knocked")));
    if (s === view.dealer) tags.push(el("span", { class: "tag dealer" }, w("dealer")));
    const known = (view.known_cards[s] || []).filter(() => s !== view.seat);
    row.append(el("div", { class: `hy-seat${view.to_move === s ? " turn" : ""}${view.seat === s ? " me" : ""}`, "data-seat": s },
      el("div", { class: "nm" }, names[s]), el("div", { class: "muted small" }, `${n} ${w("cards")}`), el("div", { class: "tags" }, tags),
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
      g.addEventListener("click", () => { mem.selected = []; ctx.onAction(options[0]); });
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
  else if (playing) box.append(el("div", { class: "prompt muted" }, w("selectHint")));
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

function sortHand(bySuit) {
  const sel = selectedCards();
  mem.order.sort((a, b) => sortKey(a, bySuit) - sortKey(b, bySuit));
  mem.selected = [];
  const used = new Set();
  for (const c of sel) {
    const i = mem.order.findIndex((x, j) => x === c && !used.has(j));
    if (i >= 0) { used.add(i); mem.selected.push(i); }
  }
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
      const sel = selectedCards();
      const [card] = mem.order.splice(from, 1);
      mem.order.splice(i, 0, card);
      mem.selected = [];
      const used = new Set();
      for (const s of sel) {
        const j = mem.order.findIndex((x, k) => x === s && !used.has(k));
        if (j >= 0) { used.add(j); mem.selected.push(j); }
      }
      redraw();
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
      el("td", {}, String(d.penalties[s]), d.hands && d.hands[s].length ? el("div", { class: "small muted" }, d.hands[s].map(cardText).join(" ")) : null), payouts ? el("td", {}, payouts[s].toFixed(2)) : null, view.format === "club" ? el("td", {}, String(view.totals[s])) : null));
    box.append(el("div", { class: "scroll-x" }, el("table", { class: "score-table", id: "ka-scoring" }, head, rows)));
    if (d.how === "kalooki") box.append(el("p", {}, w("kalooki")));
  } else {
    box.append(el("h3", {}, w("deal", { n: view.deal })), el("p", { class: "muted" }, w("pot", { p: view.pot })));
  }
  return box;
}

export function describeLog(entries, names) {
  const de = getLang() === "de";
  const n = (s) => names[s] ?? `#${s}`;
  const cards = (x) => (Array.isArray(x) ? x : String(x).split(" ")).map(cardText).join(" ");
  const lines = [];
  for (const entry of entries) {
    for (const e of entry.events) {
      let text;
      switch (e.type) {
        case "draw": text = de ? `${n(e.seat)} zieht vom ${e.from === "stock" ? "Talon" : "Ablagestapel"}.` : `${n(e.seat)} draws from the ${e.from === "stock" ? "stock" : "discard pile"}.`; break;
        case "meld": text = de ? `${n(e.seat)} legt aus (${e.meld}): ${cards(e.cards)}.` : `${n(e.seat)} melds (${e.meld}): ${cards(e.cards)}.`; break;
        case "build": text = de ? `${n(e.seat)} legt ${cards(e.card)} an Meldung ${e.meld} an.` : `${n(e.seat)} builds ${cards(e.card)} on meld ${e.meld}.`; break;
        case "swap": text = de ? `${n(e.seat)} tauscht einen Joker an Meldung ${e.meld}.` : `${n(e.seat)} swaps a joker on meld ${e.meld}.`; break;
        case "discard": text = de ? `${n(e.seat)} wirft ${cardText(e.card)} ab.` : `${n(e.seat)} discards ${cardText(e.card)}.`; break;
        case "opened": text = de ? `${n(e.seat)} hat eröffnet (${e.value}).` : `${n(e.seat)} has opened (${e.value}).`; break;
        case "opening_failed": text = de ? `${n(e.seat)} erreicht nur ${e.value}: die Karten gehen zurück auf die Hand.` : `${n(e.seat)} reaches only ${e.value}: the cards go back to the hand.`; break;
        case "restock": text = de ? "Die Ablage wird zum neuen Talon." : "The discard pile becomes the new stock."; break;
        case "deal_start": text = de ? `Runde ${e.deal} beginnt; ${n(e.dealer)} gibt.` : `Deal ${e.deal} begins; ${n(e.dealer)} deals.`; break;
        case "deal_end": text = e.winner === null || e.winner === undefined
          ? (de ? `Runde ${e.deal} endet ohne Sieger.` : `Deal ${e.deal} ends without a winner.`)
          : (de ? `${n(e.winner)} geht raus${e.how === "kalooki" ? " – Kalooki!" : ""}. Strafpunkte: ${e.penalties.join(" / ")}.` : `${n(e.winner)} goes out${e.how === "kalooki" ? " – Kalooki!" : ""}. Penalties: ${e.penalties.join(" / ")}.`); break;
        case "match_end": text = de ? "Das Spiel ist beendet." : "The game is over."; break;
        default: text = e.type;
      }
      lines.push({ ply: entry.ply, text, type: `ev-${e.type}` });
    }
  }
  return lines;
}

export function touched() { return new Set(); }

export function activeSeat(view) { return view.to_move; }
