// The replay viewer of a finished game: step through the record, one spectator view per ply.
import { api, el } from "./api.js";
import { describeError, levelName, t } from "./i18n.js";
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
  const st = { ply: 0, plies: 0, data: null, review: null, mod: null };
  // ?review=<seat> opens that seat's analysis, ?ply=<n> starts at that position.
  const query = new URLSearchParams(location.search);
  const wanted = query.has("review") ? Number(query.get("review")) : null;
  const page = el("div", { class: "table-page replay" });
  root.replaceChildren(page);

  async function load(ply) {
    if (!cache.has(ply)) {
      const { data, error } = await api("GET", `/api/tables/${id}/replay/${ply}`);
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
    const board = el("div", { class: "board-wrap", id: "board" });
    const side = el("aside", { class: "side" });
    const go = (p) => load(Math.max(0, Math.min(st.plies, p)));
    const slider = el("input", { type: "range", min: 0, max: st.plies, value: st.ply, id: "replay-slider", "aria-label": t("step", { n: st.ply, m: st.plies }) });
    slider.addEventListener("change", () => go(Number(slider.value)));
    const controls = el("div", { class: "replay-controls" },
      el("button", { class: "button small", onclick: () => go(0), "aria-label": t("first"), id: "first" }, "|◀"),
      el("button", { class: "button small", onclick: () => go(st.ply - 1), "aria-label": t("prev"), id: "prev" }, "◀"),
      slider,
      el("button", { class: "button small", onclick: () => go(st.ply + 1), "aria-label": t("next"), id: "next" }, "▶"),
      el("button", { class: "button small", onclick: () => go(st.plies), "aria-label": t("last"), id: "last" }, "▶|"));
    if (mod) {
      mod.renderBoard(board, d.view, { interactive: false, last: mod.touched(d.events), names: at });
      side.append(mod.renderPanel(d.view, { names: at, mySeat: null }));
      const startGame = d.view.game_number - (d.events.some((e) => e.type === "game_start") ? 1 : 0);
      // Resigning is the same in every game: its line is written here, as on the table page.
      const gaveUp = d.events.filter((e) => e.type === "resign").map((e) => ({ text: `${at[e.seat]} ${t("resigned")}` }));
      const rest = d.events.filter((e) => e.type !== "resign");
      const lines = [...mod.describeLog([{ ply: st.ply - 1, events: rest }], at, startGame), ...gaveUp];
      side.append(el("div", { class: "card" }, el("h3", {}, t("step", { n: st.ply, m: st.plies })),
        el("p", { id: "replay-step" }, st.ply === 0 ? t("start") : lines.map((l) => l.text).join(" · "))));
    }
    if (st.ply === st.plies && d.table.result) side.append(resultBox(d.table.result, ns, mod));
    const analyse = st.review || d.table.status === "abandoned" ? null : el("button", { class: "button", type: "button", id: "to-review", onclick: () => openReview(null) }, t("analysis"));
    if (analyse) side.append(analyse);
    page.replaceChildren(el("div", { class: "status-bar" }, `${t("replay")} · ${mod.title || d.table.game} · ${ns.join(" – ")}`), controls, el("div", { class: "play" }, board, side), ...(st.review ? [st.review.node] : []));
  }

  // The analysis panel below the board: a click on a decision shows its position.
  function openReview(seat) {
    const d = st.data;
    const ns = seatNames(d.table.seats);
    const onPly = (ply) => { load(Math.max(0, Math.min(st.plies, ply))); page.scrollIntoView({ behavior: "smooth", block: "start" }); };
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
