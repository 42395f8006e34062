// Hydra in the browser: the declaration round as buttons, the Antrag, tricks by click,
// what the seat may know of the parties, the scoring of each game and the match totals.
import { el } from "../api.js";
import { getLang, t } from "../i18n.js";
import { cardButton, cardText, deckClass, fourColourToggle, hintToggle, pref } from "../cards.js";

export const title = "Hydra";

const W = {
  de: {
    declare: "Ansage", specify: "Vorbehalt", solo_type: "Solo wählen", lay: "Antrag legen", answer: "Antrag beantworten",
    give: "Drei Karten zurückgeben", play: "Stichspiel", over: "Partie beendet",
    armut: "Armut", morbus: "Morbus", valeo: "Valeo", solo: "Solo", antrag: "Antrag", accept: "Annehmen", decline: "Ablehnen",
    normalsolo: "Normalsolo", farbsolo: "Farbsolo", trumpfsolo: "Trumpfsolo", healthy: "Gesundes Spiel",
    dealer: "Geber", sitsOut: "setzt aus", cards: "Karten", pts: "Augen", tricks: "Stiche", trick: "Aktueller Stich",
    lastTrick: "Letzter Stich", hand: "Deine Karten", trumpHint: "Trümpfe markieren", gameOf: "Spiel {n} von {m}",
    party: "Partei", re: "Spielpartei", contra: "Gegenpartei", pik: "Pik-Dame", kreuz: "Kreuz-Dame", rest: "Rest",
    yourQueens: "Deine Damen", noQueens: "keine schwarze Dame – du gehörst zur Restpartei",
    layPrompt: "Tippe die Karte an, die offen neben den Damen liegen soll.", givePrompt: "Tippe eine Karte an, um sie zurückzugeben ({n} von 3).",
    faceUp: "offen", lastGame: "Abrechnung Spiel {n}", value: "Spielwert", items: "Wertungen", specials: "Sonderpunkte",
    settlement: "Abrechnung", totals: "Gesamt", matchTotals: "Stand der Partie", cardPoints: "Augen", none: "keine",
    won: "gewonnen", "under 90": "keine 90", "under 60": "keine 60", "under 30": "keine 30", schwarz: "schwarz",
    winnerSide: "Sieger", declarer: "Spieler", partnerOf: "Partner", choose: "Welche Damen?", laid: "liegt offen",
    leads: "spielt aus", soloist: "Solist", antragsteller: "Antragsteller", redealt: "Armut – neu gegeben", armutBy: "Armut",
  },
  en: {
    declare: "Declaration", specify: "Reservation", solo_type: "Choose the solo", lay: "Lay the Antrag", answer: "Answer the Antrag",
    give: "Give three cards back", play: "Tricks", over: "Match over",
    armut: "Armut", morbus: "Morbus", valeo: "Valeo", solo: "Solo", antrag: "Antrag", accept: "Accept", decline: "Decline",
    normalsolo: "Normal solo", farbsolo: "Suit solo", trumpfsolo: "Rank solo", healthy: "Healthy game",
    dealer: "dealer", sitsOut: "sits out", cards: "cards", pts: "points", tricks: "tricks", trick: "Current trick",
    lastTrick: "Last trick", hand: "Your cards", trumpHint: "Mark trumps", gameOf: "Game {n} of {m}",
    party: "Party", re: "playing side", contra: "opponents", pik: "♠ queen", kreuz: "♣ queen", rest: "rest",
    yourQueens: "Your queens", noQueens: "no black queen – you are in the rest party",
    layPrompt: "Tap the card to lay face up beside the queens.", givePrompt: "Tap a card to give it back ({n} of 3).",
    faceUp: "face up", lastGame: "Scoring of game {n}", value: "Game value", items: "Value items", specials: "Special points",
    settlement: "Settlement", totals: "Totals", matchTotals: "Match standings", cardPoints: "card points", none: "none",
    won: "won", "under 90": "no 90", "under 60": "no 60", "under 30": "no 30", schwarz: "no trick",
    winnerSide: "Winners", declarer: "declarer", partnerOf: "partner", choose: "Which queens?", laid: "lies face up",
    leads: "leads", soloist: "soloist", antragsteller: "Antragsteller", redealt: "Armut – redeal", armutBy: "Armut",
  },
};
const w = (k, vars = {}) => {
  let s = W[getLang()][k] ?? k;
  for (const [a, b] of Object.entries(vars)) s = s.replace(`{${a}}`, b);
  return s;
};

const SUIT_NAME = { de: { D: "Karo", H: "Herz", S: "Pik", C: "Kreuz" }, en: { D: "diamonds", H: "hearts", S: "spades", C: "clubs" } };
const RANK_NAME = { de: { 9: "Neunen", 10: "Zehnen", J: "Buben", Q: "Damen", K: "Könige", A: "Asse" }, en: { 9: "nines", 10: "tens", J: "jacks", Q: "queens", K: "kings", A: "aces" } };

export function contractText(c) {
  if (!c) return "";
  const [kind, arg] = c.split(" ");
  if (kind === "farbsolo") return `${w("farbsolo")} (${SUIT_NAME[getLang()][arg]})`;
  if (kind === "trumpfsolo") return `${w("trumpfsolo")} (${RANK_NAME[getLang()][arg]})`;
  return w(kind);
}

function actionLabel(a) {
  if (a.startsWith("farbsolo") || a.startsWith("trumpfsolo") || a === "normalsolo") return contractText(a);
  return w(a);
}

let mem = { host: null, view: null, ctx: null, showLast: false };

export function renderBoard(host, view, ctx) {
  mem = { ...mem, host, view, ctx };
  const redraw = () => renderBoard(host, mem.view, mem.ctx);
  const names = ctx.names || view.hand_sizes.map((_, i) => `${t("seat")} ${i + 1}`);
  const me = view.seat;
  const legal = ctx.interactive ? view.legal_actions : [];
  const trumps = new Set(view.trumps);
  const markTrumps = pref("hydraTrumps", true);
  const box = el("div", { class: `cardtable hydra ${deckClass()}` });
  const felt = el("div", { class: "felt" });
  box.append(felt);
  const phase = view.phase;
  const gameLine = [w("gameOf", { n: view.game_number, m: view.games_in_match }), w(phase)];
  if (view.kind === "solo" && view.contract) gameLine.push(contractText(view.contract));
  else if (view.kind === "antrag" && phase === "play") gameLine.push(w("antrag"));
  else if (view.kind === "healthy" && phase === "play") gameLine.push(w("healthy"));
  felt.append(el("div", { class: "prompt", id: "hy-phase" }, gameLine.join(" · ")));
  felt.append(seatsRow(view, names));

  // Centre: the current trick and, on request, the last one.
  const centre = el("div", { class: "hy-center" });
  const last = view.tricks.length ? view.tricks[view.tricks.length - 1] : null;
  if (phase === "play" || view.trick.length) {
    centre.append(el("div", {}, el("div", { class: "muted small" }, w("trick")), trickRow(view.trick, names, "trick", trumps, markTrumps, "hy-trick")));
  }
  if (last) {
    // Between tricks the last one stays in view; during a trick it is one tap away.
    const open = mem.showLast || view.trick.length === 0;
    const toggle = el("button", { class: "button small", id: "hy-last-toggle", type: "button", "aria-expanded": String(open), onclick: () => { mem.showLast = !mem.showLast; redraw(); } }, w("lastTrick"));
    const lastBox = el("div", { class: "last-box" }, toggle);
    if (open) lastBox.append(trickRow(last.cards, names, "trick last", trumps, markTrumps, "hy-last", last.winner));
    centre.append(lastBox);
  }
  if (view.antrag) centre.append(antragBox(view, names, trumps, markTrumps));
  felt.append(centre);

  // The seat's own part: prompt, declaration buttons, hand.
  if (me !== null && me !== undefined) box.append(mine(view, names, legal, ctx, trumps, markTrumps));
  box.append(el("div", { class: "toggles" }, fourColourToggle(redraw), hintToggle("hydraTrumps", w("trumpHint"), redraw)));
  host.replaceChildren(box);
}

function seatsRow(view, names) {
  const row = el("div", { class: "hy-seats" });
  for (let s = 0; s < view.hand_sizes.length; s++) {
    const out = !view.seats_in_game.includes(s);
    const tags = [];
    if (s === view.dealer) tags.push(el("span", { class: "tag dealer" }, w("dealer")));
    if (out) tags.push(el("span", { class: "tag" }, w("sitsOut")));
    if (view.said[s]) tags.push(el("span", { class: "tag" }, w(view.said[s])));
    if (view.reservations[s]) tags.push(el("span", { class: "tag" }, w(view.reservations[s])));
    if (view.declarer === s) tags.push(el("span", { class: "tag party0" }, view.kind === "solo" ? w("soloist") : w("antragsteller")));
    if (view.partner === s) tags.push(el("span", { class: "tag party0" }, w("partnerOf")));
    if (view.party && view.party[s] !== null && !out) tags.push(el("span", { class: `tag party${view.party[s]}` }, view.party[s] === 0 ? w("re") : w("contra")));
    for (const q of view.queens[s] || []) tags.push(el("span", { class: "tag" }, cardText(q)));
    row.append(el("div", { class: `hy-seat${view.turn === s ? " turn" : ""}${out ? " out" : ""}${view.seat === s ? " me" : ""}`, "data-seat": s },
      el("div", { class: "nm" }, names[s]),
      el("div", { class: "muted small" }, `${view.hand_sizes[s]} ${w("cards")} · ${view.points[s]} ${w("pts")} · ${view.tricks_won[s]} ${w("tricks")} · ${fmt(view.totals[s])}`),
      el("div", { class: "tags" }, tags)));
  }
  return row;
}

function trickRow(cards, names, cls, trumps, mark, id, winner = null) {
  const row = el("div", { class: cls, id });
  for (const [s, c] of cards) {
    row.append(el("figure", { "data-seat": s }, cardButton(c, { trump: mark && trumps.has(c) }),
      el("figcaption", { class: winner === s ? "win" : "" }, `${winner === s ? "★ " : ""}${names[s]}`)));
  }
  return row;
}

function antragBox(view, names, trumps, mark) {
  const a = view.antrag;
  const parts = [el("div", { class: "muted small" }, `${w("antrag")} ${names[view.declarer]}`)];
  const row = el("div", { class: "cardrow small" });
  if (a.queens) row.append(cardButton(a.queens), cardButton(a.queens));
  row.append(cardButton(a.face_up, { trump: mark && trumps.has(a.face_up) }));
  parts.push(row);
  if (a.declined.length) parts.push(el("div", { class: "small" }, `${w("decline")}: ${a.declined.map((s) => names[s]).join(", ")}`));
  if (a.accepted_by !== null) parts.push(el("div", { class: "small" }, `${w("accept")}: ${names[a.accepted_by]}`));
  if (a.given) parts.push(el("div", { class: "small" }, `→ ${a.given.map(cardText).join(" ")}`));
  return el("div", { id: "hy-antrag" }, parts);
}

function mine(view, names, legal, ctx, trumps, mark) {
  const box = el("div", { class: "mine" });
  const words = legal.filter((a) => !a.startsWith("lay ") && !a.startsWith("give ") && !/^(HY|[DHSC](9|10|J|Q|K|A))$/.test(a));
  if (words.length) {
    box.append(el("div", { class: "prompt" }, w(view.phase)));
    box.append(el("div", { class: "action-row", id: "hy-actions" }, words.map((a) =>
      el("button", { class: `button${a === "valeo" || a === "accept" ? " primary" : ""}`, type: "button", "data-action": a, onclick: () => ctx.onAction(a) }, actionLabel(a)))));
  }
  const lays = legal.filter((a) => a.startsWith("lay "));
  const gives = legal.filter((a) => a.startsWith("give "));
  const plays = new Set(legal.filter((a) => /^(HY|[DHSC](9|10|J|Q|K|A))$/.test(a)));
  const pending = mem.layChoice && lays.filter((a) => a.endsWith(` ${mem.layChoice}`));
  if (lays.length) box.append(el("div", { class: "prompt" }, w("layPrompt")));
  if (gives.length) box.append(el("div", { class: "prompt" }, w("givePrompt", { n: (view.antrag ? view.antrag.given_count : 0) + 1 })));
  if (pending && pending.length > 1) {
    box.append(el("div", { class: "action-row" }, el("span", {}, w("choose")), pending.map((a) => {
      const q = a.split(" ")[1];
      return el("button", { class: "button small", type: "button", "data-action": a, onclick: () => { mem.layChoice = null; ctx.onAction(a); } }, `${cardText(q)} ${cardText(q)}`);
    })));
  }
  // Identical cards are one kind (HY 1.1.2): both copies enable the same action.
  const hand = el("div", { class: "hand", id: "hand", "aria-label": w("hand") });
  for (const c of view.hand || []) {
    let action = null;
    if (plays.has(c)) action = c;
    else if (gives.includes(`give ${c}`)) action = `give ${c}`;
    const layable = lays.some((a) => a.endsWith(` ${c}`));
    const enabled = Boolean(action) || layable;
    const onclick = () => {
      if (action) { ctx.onAction(action); return; }
      const options = lays.filter((a) => a.endsWith(` ${c}`));
      if (options.length === 1) ctx.onAction(options[0]);
      else { mem.layChoice = c; renderBoard(mem.host, mem.view, mem.ctx); }
    };
    hand.append(cardButton(c, { enabled, onclick, trump: mark && trumps.has(c), selected: mem.layChoice === c && lays.length > 0 }));
  }
  if ((view.hand || []).length) box.append(el("div", { class: "muted small" }, w("hand")), hand);
  if (view.kind === "healthy" || view.phase === "declare") {
    const q = view.queens[view.seat] || [];
    box.append(el("div", { class: "small", id: "hy-my-party" }, `${w("yourQueens")}: `, q.length ? q.map(cardText).join(" ") : w("noQueens")));
  }
  return box;
}

const fmt = (n) => (n > 0 ? `+${n}` : String(n));

export function renderPanel(view, ctx) {
  const names = ctx.names;
  const box = el("div", { class: "card hy-panel" });
  const games = view.finished_games || [];
  if (games.length) {
    const g = games[games.length - 1];
    box.append(gameScoring(g, names));
    box.append(el("h3", {}, w("matchTotals")));
    const head = el("tr", {}, el("th", {}, "#"), names.map((n) => el("th", {}, n)));
    const rows = games.map((x) => el("tr", {}, el("td", {}, String(x.game)), x.settlement.map((v) => el("td", { class: v > 0 ? "pos" : v < 0 ? "neg" : "" }, fmt(v)))));
    const total = el("tr", {}, el("td", {}, "Σ"), view.totals.map((v) => el("td", { class: v > 0 ? "pos" : v < 0 ? "neg" : "" }, el("strong", {}, fmt(v)))));
    box.append(el("div", { class: "scroll-x" }, el("table", { class: "score-table", id: "hy-totals" }, head, rows, total)));
  } else {
    box.append(el("h3", {}, w("matchTotals")), el("p", { class: "muted" }, w("gameOf", { n: view.game_number, m: view.games_in_match })));
  }
  return box;
}

function gameScoring(g, names) {
  const parts = [el("h3", {}, w("lastGame", { n: g.game }))];
  const kind = g.kind === "solo" ? contractText(g.contract) : w(g.kind);
  const who = g.declarer !== null && g.declarer !== undefined ? ` – ${names[g.declarer]}${g.partner !== null && g.partner !== undefined ? ` + ${names[g.partner]}` : ""}` : "";
  parts.push(el("p", {}, el("strong", {}, kind), who));
  parts.push(el("p", { class: "small" }, `${w("value")}: ${g.value} · ${w("items")}: ${(g.levels || []).map((l) => w(l)).join(", ") || w("none")} · ${w("specials")}: ${specialsText(g)}`));
  const head = el("tr", {}, el("th", {}, t("players")), el("th", {}, w("party")), el("th", {}, w("cardPoints")), el("th", {}, w("settlement")), el("th", {}, w("totals")));
  const rows = names.map((n, s) => el("tr", {}, el("td", {}, n), el("td", {}, names.length === 6 && s === g.dealer ? w("sitsOut") : partyName(g, s)), el("td", {}, String(g.seat_points[s])),
    el("td", { class: g.settlement[s] > 0 ? "pos" : g.settlement[s] < 0 ? "neg" : "" }, fmt(g.settlement[s])), el("td", {}, fmt(g.totals[s]))));
  parts.push(el("div", { class: "scroll-x" }, el("table", { class: "score-table", id: "hy-scoring" }, head, rows)));
  return el("div", {}, parts);
}

function partyName(g, s) {
  const p = g.party[s];
  if (p === null || p === undefined || p < 0) return "–";
  if (g.parties === 3) return [w("pik"), w("kreuz"), w("rest")][p] || String(p);
  return p === 0 ? w("re") : w("contra");
}

function specialsText(g) {
  if (!g.specials || !g.specials.length) return w("none");
  const side = (p) => (g.parties === 3 ? [w("pik"), w("kreuz"), w("rest")][p] : p === 0 ? w("re") : w("contra"));
  return g.specials.map((s) => `${s.name[0].toUpperCase()}${s.name.slice(1)} (${side(s.party)})`).join(", ");
}

export function describeLog(entries, names) {
  const de = getLang() === "de";
  const lines = [];
  const n = (s) => names[s] ?? `#${s}`;
  for (const entry of entries) {
    for (const e of entry.events) {
      let text = null;
      switch (e.type) {
        case "say": text = de ? `${n(e.seat)} sagt ${w(e.word)}.` : `${n(e.seat)} says ${w(e.word)}.`; break;
        case "armut": text = de ? `${n(e.seat)} meldet Armut.` : `${n(e.seat)} calls Armut.`; break;
        case "redeal": text = w("redealt"); break;
        case "healthy_game": text = de ? "Alle Valeo: gesundes Spiel." : "All Valeo: a healthy game."; break;
        case "reservation": text = de ? `${n(e.seat)} will ${w(e.word)} spielen.` : `${n(e.seat)} wants to play ${w(e.word)}.`; break;
        case "declarer": text = de ? `${n(e.seat)} bekommt das Spiel (${w(e.kind)}).` : `${n(e.seat)} gets the game (${w(e.kind)}).`; break;
        case "solo": text = de ? `${n(e.seat)} spielt: ${contractText(e.contract)}.` : `${n(e.seat)} plays: ${contractText(e.contract)}.`; break;
        case "antrag": text = de ? `${n(e.seat)} legt einen Antrag, offen: ${cardText(e.face_up)}.` : `${n(e.seat)} lays an Antrag, face up: ${cardText(e.face_up)}.`; break;
        case "answer": text = `${n(e.seat)}: ${w(e.word)}.`; break;
        case "antrag_declined": text = de ? `Alle lehnen ab; ${n(e.seat)} nimmt die Karten zurück.` : `All declined; ${n(e.seat)} takes the cards back.`; break;
        case "give": text = de ? `${n(e.seat)} gibt eine Karte zurück.` : `${n(e.seat)} gives a card back.`; break;
        case "antrag_accepted": text = de ? `Antrag: ${n(e.pair[0])} und ${n(e.pair[1])} spielen zusammen.` : `Antrag: ${n(e.pair[0])} and ${n(e.pair[1])} play together.`; break;
        case "play": text = de ? `${n(e.seat)} spielt ${cardText(e.card)}.` : `${n(e.seat)} plays ${cardText(e.card)}.`; break;
        case "trick": text = de ? `${n(e.winner)} gewinnt den Stich (${e.points} Augen).` : `${n(e.winner)} wins the trick (${e.points} points).`; break;
        case "game_end": text = de ? `Spiel ${e.game} beendet: Wert ${e.value}; ${e.settlement.map((v, s) => `${n(s)} ${fmt(v)}`).join(", ")}.` : `Game ${e.game} over: value ${e.value}; ${e.settlement.map((v, s) => `${n(s)} ${fmt(v)}`).join(", ")}.`; break;
        case "game_start": text = de ? `Spiel ${e.game} beginnt; ${n(e.dealer)} gibt.` : `Game ${e.game} begins; ${n(e.dealer)} deals.`; break;
        case "match_end": text = de ? "Die Partie ist beendet." : "The match is over."; break;
        default: text = e.type;
      }
      lines.push({ ply: entry.ply, text, type: `ev-${e.type}` });
    }
  }
  return lines;
}

export function touched() { return new Set(); }

export function activeSeat(view) { return view.turn; }
