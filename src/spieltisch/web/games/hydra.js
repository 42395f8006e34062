// Hydra in the browser: the declaration round as buttons, the Antrag, tricks by click,
// what the seat may know of the parties, the scoring of each game and the match totals.
import { el } from "../api.js";
import { count, has, t } from "../i18n.js";
import { cardButton, cardSvg, cardText, deckClass, fourColourToggle, hintToggle, markCards, pref } from "../cards.js";
import "./hydra.words.js";

export const title = "Hydra";

const w = (k, vars = {}) => (has(`hy.${k}`) ? t(`hy.${k}`, vars) : k);

// A mark of the table drawn small for the rules panel's legend: a card with the trump
// corner ("card trump", as the game's guide names it); null for any other mark.
export function legendMark(mark) {
  if (mark !== "card trump") return null;
  return el("span", { class: `legend-card ${deckClass()}`, "aria-hidden": "true" }, cardSvg("H10", { trump: true }));
}

export function contractText(c) {
  if (!c) return "";
  const [kind, arg] = c.split(" ");
  if (kind === "farbsolo") return `${w("farbsolo")} (${t(`hy.suit.${arg}`)})`;
  if (kind === "trumpfsolo") return `${w("trumpfsolo")} (${t(`hy.rank.${arg}`)})`;
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
  if (ctx.marks) markMoves(host, view, ctx.marks);
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
      el("div", { class: "muted small" }, `${count(view.hand_sizes[s], "n.card")} · ${count(view.points[s], "hy.n.eye")} · ${count(view.tricks_won[s], "hy.n.trick")} · Σ ${fmt(view.totals[s])}`),
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
  if (g.parties === 3) {
    parts.push(el("p", { class: "small" }, w("threeParties")), duelsTable(g), el("p", { class: "small" }, `${w("specials")}: ${specialsText(g)}`));
  } else {
    parts.push(el("p", { class: "small" }, `${w("value")}: ${g.value} · ${w("items")}: ${(g.levels || []).map((l) => w(l)).join(", ") || w("none")} · ${w("specials")}: ${specialsText(g)}`));
  }
  const head = el("tr", {}, el("th", {}, t("players")), el("th", {}, w("party")), el("th", {}, w("cardPoints")), el("th", {}, w("settlement")), el("th", {}, w("totals")));
  const rows = names.map((n, s) => el("tr", {}, el("td", {}, n), el("td", {}, names.length === 6 && s === g.dealer ? w("sitsOut") : partyName(g, s)), el("td", {}, String(g.seat_points[s])),
    el("td", { class: g.settlement[s] > 0 ? "pos" : g.settlement[s] < 0 ? "neg" : "" }, fmt(g.settlement[s])), el("td", {}, fmt(g.totals[s]))));
  parts.push(el("div", { class: "scroll-x" }, el("table", { class: "score-table", id: "hy-scoring" }, head, rows)));
  return el("div", {}, parts);
}

// HY-R8: a three-party game has no single value; each pair of parties settles a duel.
function duelsTable(g) {
  const side = (p) => w(`side.${p}`);
  const head = el("thead", {}, el("tr", {}, [w("duel"), w("cardPoints"), w("winnerSide"), w("duelValue"), w("items")].map((h) => el("th", {}, h))));
  const rows = g.duels.map((d) => {
    const [a, b] = d.parties;
    return el("tr", { class: "duel" }, el("td", {}, `${side(a)} – ${side(b)}`), el("td", {}, `${g.party_points[a]} : ${g.party_points[b]}`),
      el("td", {}, d.winner === null ? w("tie") : side(d.winner)), el("td", {}, String(d.value)), el("td", {}, d.levels.map((l) => w(l)).join(", ") || w("none")));
  });
  return el("div", { class: "scroll-x" }, el("table", { class: "score-table", id: "hy-duels" }, head, el("tbody", {}, rows)));
}

function duelText(d) {
  const [a, b] = d.parties.map((p) => w(`side.${p}`));
  if (d.winner === null) return t("hy.log.duelTie", { a, b });
  return t("hy.log.duel", { a, b, winner: w(`side.${d.winner}`), value: d.value });
}

function partyName(g, s) {
  const p = g.party[s];
  if (p === null || p === undefined || p < 0) return "–";
  if (g.parties === 3) return w(`side.${p}`);
  return p === 0 ? w("re") : w("contra");
}

function specialsText(g) {
  if (!g.specials || !g.specials.length) return w("none");
  const side = (p) => (g.parties === 3 ? w(`side.${p}`) : p === 0 ? w("re") : w("contra"));
  return g.specials.map((s) => `${w(`sp.${s.name}`)} (${side(s.party)})`).join(", ");
}

export function describeLog(entries, names) {
  const lines = [];
  const n = (s) => names[s] ?? `#${s}`;
  for (const entry of entries) {
    for (const e of entry.events) {
      let text = null;
      switch (e.type) {
        case "say": text = t("hy.log.say", { who: n(e.seat), word: w(e.word) }); break;
        case "armut": text = t("hy.log.armut", { who: n(e.seat) }); break;
        case "redeal": text = w("redealt"); break;
        case "healthy_game": text = t("hy.log.healthy_game"); break;
        case "reservation": text = t("hy.log.reservation", { who: n(e.seat), word: w(e.word) }); break;
        case "declarer": text = t("hy.log.declarer", { who: n(e.seat), kind: w(e.kind) }); break;
        case "solo": text = t("hy.log.solo", { who: n(e.seat), contract: contractText(e.contract) }); break;
        case "antrag": text = t("hy.log.antrag", { who: n(e.seat), card: cardText(e.face_up) }); break;
        case "answer": text = `${n(e.seat)}: ${w(e.word)}.`; break;
        case "antrag_declined": text = t("hy.log.antrag_declined", { who: n(e.seat) }); break;
        case "give": text = t("hy.log.give", { who: n(e.seat) }); break;
        case "antrag_accepted": text = t("hy.log.antrag_accepted", { a: n(e.pair[0]), b: n(e.pair[1]) }); break;
        case "play": text = t("hy.log.play", { who: n(e.seat), card: cardText(e.card) }); break;
        case "trick": text = t("hy.log.trick", { who: n(e.winner), points: e.points }); break;
        case "game_end": text = e.parties === 3 ? t("hy.log.game_end3", { game: e.game, duels: e.duels.map(duelText).join("; "), settlement: e.settlement.map((v, s) => `${n(s)} ${fmt(v)}`).join(", ") })
          : t("hy.log.game_end", { game: e.game, value: e.value, settlement: e.settlement.map((v, s) => `${n(s)} ${fmt(v)}`).join(", ") }); break;
        case "game_start": text = t("hy.log.game_start", { game: e.game, who: n(e.dealer) }); break;
        case "match_end": text = t("hy.log.match_end"); break;
        default: text = e.type;
      }
      lines.push({ ply: entry.ply, text, type: `ev-${e.type}` });
    }
  }
  return lines;
}

export function touched() { return new Set(); }

/** A page that shows a Hydra table begins: nothing to set up beyond the board. */
export function mount() {}

/** The page is left: the board's memory lets go of the page's nodes. */
export function dispose() {
  mem = { ...mem, host: null, view: null, ctx: null };
}

// The review's marks: the cards of the played and the better move in the hand.
export function markMoves(host, view, marks) { markCards(host, marks); }

/** A legal action in the page's words for the move form (a card, a declaration). */
export function actionWords(a) {
  const [verb, ...rest] = a.split(" ");
  if (/^(HY|[DHSC](9|10|J|Q|K|A))$/.test(a)) return cardText(a);
  if (verb === "give" && rest.length === 1) return w("act.give", { card: cardText(rest[0]) });
  if (verb === "lay") return w("act.lay", { cards: rest.map(cardText).join(" ") });
  if (has(`hy.${a}`) || a.startsWith("farbsolo") || a.startsWith("trumpfsolo") || a === "normalsolo") return actionLabel(a);
  return null;
}
