// The replay viewer of a finished game: step through the record, one view per ply: the
// spectator's, or the own seat's (its hand) where this browser holds the seat's token or
// its player's key. A decision picked in the analysis marks the played and the better
// move on the board (the game's module draws the marks).
import { api, el, tokens } from "./api.js";
import { describeError, levelName, t } from "./i18n.js";
import { playerKey } from "./players.js";
import { gameModule } from "./games/index.js";
import { resultBox } from "./result.js";
import { createReview } from "./review.js";

// A seat's name as the table page writes it: a person's seat a bot played (handed over,
// timed out, a stand-in after resigning) keeps his name. ``bots`` (the server's, per seat:
// the level of the bot playing it at a step, null: its person) names a step as who made
// it; without it, the seats as the game ended.
function seatNames(seats, bots) {
  return seats.map((s, i) => {
    const level = bots ? bots[i] : (s.kind === "bot" ? s.level : null);
    if (s.name) return level ? `${s.name} (${t("bot")}: ${levelName(level)})` : s.name;
    return s.kind === "bot" ? `${t("bot")} ${s.seat + 1} (${levelName(s.level)})` : t("anonymous");
  });
}

export function renderReplay(root, id) {
  let alive = true;
  const cache = new Map();
  const st = { ply: 0, plies: 0, data: null, review: null, mod: null, marks: null, link: null };
  // ?review=<seat> opens that seat's analysis, ?ply=<n> starts at that position.
  const query = new URLSearchParams(location.search);
  const wanted = query.has("review") ? Number(query.get("review")) : null;
  // Whose view to draw: the seat this browser holds the token of, else the reviewed seat
  // with this browser's player key; the server refuses anybody but the seat's own player,
  // and a refused view falls back to the spectator's.
  const mine = tokens.seat(id);
  const key = playerKey();
  let viewer = mine ? { seat: mine.seat, credential: mine.token } : wanted !== null && key ? { seat: wanted, credential: key } : null;
  const page = el("div", { class: "table-page replay" });
  root.replaceChildren(page);

  async function load(ply, marks = null) {
    st.marks = marks;
    if (!cache.has(ply)) {
      const seat = viewer ? `?seat=${viewer.seat}` : "";
      const { data, error } = await api("GET", `/api/tables/${id}/replay/${ply}${seat}`, null, viewer ? viewer.credential : null);
      if (error && viewer && error.code === "replay/not_your_seat") { viewer = null; cache.clear(); return load(ply, marks); }
      if (error) { page.replaceChildren(el("p", { class: "card error" }, describeError(error), " ", el("a", { href: "/", "data-link": true }, t("toLobby")))); return; }
      cache.set(ply, data);
    }
    if (!alive) return;
    st.data = cache.get(ply); st.ply = ply; st.plies = st.data.plies;
    draw();
  }

  // The game's module, mounted once for this page and disposed of when it is left.
  function useModule(web) {
    if (!st.mod) { st.mod = gameModule(web); st.mod.mount({ send: null }); }
    return st.mod;
  }

  function draw() {
    const d = st.data;
    const mod = useModule(d.table.web);
    const ns = seatNames(d.table.seats);
    const at = seatNames(d.table.seats, d.bots); // who played each seat at this step
    const board = el("div", { class: "board-wrap", id: "board", "data-viewer": d.viewer ?? "" });
    const side = el("aside", { class: "side" });
    const go = (p) => { st.link = null; return load(Math.max(0, Math.min(st.plies, p))); };
    const slider = el("input", { type: "range", min: 0, max: st.plies, value: st.ply, id: "replay-slider", "aria-label": t("step", { n: st.ply, m: st.plies }) });
    slider.addEventListener("change", () => go(Number(slider.value)));
    const controls = el("div", { class: "replay-controls" },
      el("button", { class: "button small", onclick: () => go(0), "aria-label": t("first"), id: "first" }, "|◀"),
      el("button", { class: "button small", onclick: () => go(st.ply - 1), "aria-label": t("prev"), id: "prev" }, "◀"),
      slider,
      el("button", { class: "button small", onclick: () => go(st.ply + 1), "aria-label": t("next"), id: "next" }, "▶"),
      el("button", { class: "button small", onclick: () => go(st.plies), "aria-label": t("last"), id: "last" }, "▶|"));
    if (mod) {
      mod.renderBoard(board, d.view, { interactive: false, last: mod.touched(d.events), names: at, marks: st.marks });
      if (st.marks && mod.markMoves) {
        side.append(el("p", { class: "move-legend", id: "move-legend" },
          el("span", {}, el("span", { class: "mv-key mv-played" }), t("rv.markPlayed")),
          st.marks.better ? el("span", {}, el("span", { class: "mv-key mv-better" }), t("rv.markBetter")) : null));
      }
      side.append(mod.renderPanel(d.view, { names: at, mySeat: d.viewer ?? null }));
      const startGame = d.view.game_number - (d.events.some((e) => e.type === "game_start") ? 1 : 0);
      // Resigning is the same in every game: its line is written here, as on the table page.
      const gaveUp = d.events.filter((e) => e.type === "resign").map((e) => ({ text: `${at[e.seat]} ${t("resigned")}` }));
      const rest = d.events.filter((e) => e.type !== "resign");
      const lines = [...mod.describeLog([{ ply: st.ply - 1, events: rest }], at, startGame), ...gaveUp];
      side.append(el("div", { class: "card" }, el("h3", {}, t("step", { n: st.ply, m: st.plies })),
        el("p", { id: "replay-step" }, st.ply === 0 ? t("start") : lines.map((l) => l.text).join(" · "))));
    }
    if (st.ply === st.plies && d.table.result) side.append(resultBox(d.table.result, ns, mod));
    side.append(positionLink());
    const analyse = st.review || d.table.status === "abandoned" ? null : el("button", { class: "button", type: "button", id: "to-review", onclick: () => openReview(null) }, t("analysis"));
    if (analyse) side.append(analyse);
    page.replaceChildren(el("div", { class: "status-bar" }, `${t("replay")} · ${mod.title || d.table.game} · ${ns.join(" – ")}`), controls, el("div", { class: "play" }, board, side), ...(st.review ? [st.review.node] : []));
  }

  // A link to the position shown (and the analysis open), to share: no token in it.
  function positionLink() {
    const params = new URLSearchParams({ ply: String(st.ply) });
    if (st.review && Number.isInteger(st.review.seat())) params.set("review", String(st.review.seat()));
    const url = `${location.origin}/replay/${id}?${params}`;
    const show = () => {
      st.link = url;
      history.replaceState(history.state, "", `/replay/${id}?${params}`);
      if (navigator.clipboard) navigator.clipboard.writeText(url).catch(() => {});
      draw();
    };
    const box = el("div", { class: "position-link" }, el("button", { class: "button small", type: "button", id: "position-link", onclick: show }, t("positionLink")));
    if (st.link) {
      const field = el("input", { id: "position-url", readonly: true, value: st.link, "aria-label": t("positionLink"), onfocus: (e) => e.target.select() });
      box.append(field, el("span", { class: "muted small" }, t("positionLinkCopy")));
    }
    return box;
  }

  // The analysis panel below the board: a click on a decision shows its position as the
  // seat saw it, the played and the better move marked.
  function openReview(seat) {
    const d = st.data;
    const ns = seatNames(d.table.seats);
    const onPly = (ply, decision = null) => {
      const marks = decision ? { played: decision.action, better: decision.alternative && decision.class !== "best" ? decision.alternative.action : null } : null;
      st.link = null;
      load(Math.max(0, Math.min(st.plies, ply)), marks);
      page.scrollIntoView({ behavior: "smooth", block: "start" });
    };
    st.review = createReview({ id, seat: Number.isInteger(seat) && seat >= 0 && seat < ns.length ? seat : null, names: ns, mod: useModule(d.table.web), onPly });
    draw();
    if (seat === null) st.review.node.scrollIntoView({ behavior: "smooth", block: "start" });
  }

  const keys = (e) => {
    if (!st.data || e.target.tagName === "INPUT") return;
    if (e.key === "ArrowRight") load(Math.min(st.plies, st.ply + 1));
    if (e.key === "ArrowLeft") load(Math.max(0, st.ply - 1));
  };
  document.addEventListener("keydown", keys);
  const first = query.has("ply") ? Math.max(0, Number(query.get("ply")) || 0) : 0;
  load(first).then(() => { if (wanted !== null && st.data) openReview(wanted); });
  return () => { alive = false; if (st.review) st.review.stop(); document.removeEventListener("keydown", keys); if (st.mod) st.mod.dispose(); };
}
