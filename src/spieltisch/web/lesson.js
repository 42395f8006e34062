// The guided first game of a game (/learn/<game>): the lesson the game declares, step by
// step. Each step's position comes from the server as the view a seat sees, so the game's
// own board draws it; a tap is sent as the move it makes, the server judges it against
// the engine and the step, and answers with the views after it and after the scripted
// replies, which are shown at the step's pace. Progress is kept in this browser, and for
// a signed-in player on the server too, so another device of his resumes from it;
// nothing is rated. At the end, one click opens a real table against the rules bot.
import { api, el, tokens } from "./api.js";
import { describeError, learnRules, pick, t } from "./i18n.js";
import "./lesson.words.js";
import { gameModule } from "./games/index.js";
import { createRules } from "./rules.js";
import { navigate } from "./app.js";
import { playerKey } from "./players.js";

const PACE = 900; // ms between the scripted replies when a step gives no pace of its own

const stored = (game) => `spieltisch.lesson.${game}`;

function loadProgress(game) {
  try { return JSON.parse(localStorage.getItem(stored(game))) || {}; } catch { return {}; }
}

// A signed-in player's place in the lesson, kept on the server (null: a guest, none kept,
// or the server cannot be reached; the browser's own place is used then).
async function serverProgress(game) {
  const key = playerKey();
  if (!key) return null;
  const { data } = await api("GET", "/api/players/me/lessons", null, key);
  const place = (data || []).find((p) => p.game === game);
  return place ? (place.done ? { done: true } : { step: place.step }) : null;
}

function saveProgress(game, progress) {
  localStorage.setItem(stored(game), JSON.stringify(progress));
  const key = playerKey();
  if (key) api("PUT", "/api/players/me/lessons", { game, step: progress.step || null, done: Boolean(progress.done) }, key);
}

/** The lesson's link for a game, as the lobby and the rules panel show it. */
export function lessonLink(game, title) {
  return el("a", { class: "button small lesson-link", href: `/learn/${encodeURIComponent(game)}`, "data-link": true, "data-game": game },
    title ? t("lesson.learnGame", { game: title }) : t("lesson.learn"));
}

/** A row of lesson links, one per game that declares a lesson (the lobby's). */
export function lessonLinks(games) {
  const withLesson = (games || []).filter((g) => g.lesson);
  if (!withLesson.length) return null;
  return el("section", { class: "card lessons", id: "lessons" }, el("h2", {}, t("lesson.learn")),
    el("div", { class: "row" }, withLesson.map((g) => lessonLink(g.name, g.title))));
}

export function renderLesson(root, game) {
  let alive = true;
  const timers = [];
  const st = { data: null, index: 0, view: null, envelope: null, phase: "try", refusal: null, selected: null, last: null, busy: false, mod: null, resumed: false };
  const rules = createRules();
  const page = el("div", { class: "table-page lesson-page" });
  root.replaceChildren(page, rules.node);
  rules.setGame(game);

  api("GET", "/api/games").then(({ data }) => { if (data && alive) learnRules(data); });
  Promise.all([api("GET", `/api/lessons/${encodeURIComponent(game)}`), serverProgress(game)]).then(([{ data, error }, kept]) => {
    if (!alive) return;
    if (error) {
      page.replaceChildren(el("p", { class: "card error", id: "lesson-error" }, error.code === "request/not_found" ? t("lesson.none") : describeError(error), " ",
        el("a", { href: "/", "data-link": true }, t("toLobby"))));
      return;
    }
    st.data = data;
    st.mod = gameModule(data.web);
    if (st.mod.mount) st.mod.mount({ send });
    const progress = kept || loadProgress(game);
    const at = data.steps.findIndex((s) => s.key === progress.step);
    if (progress.done) st.index = data.steps.length;
    else if (at > 0) { st.index = at; st.resumed = true; }
    show(st.index);
  });

  function step() { return st.data && st.index < st.data.steps.length ? st.data.steps[st.index] : null; }

  function show(index) {
    st.index = index; st.phase = "try"; st.refusal = null; st.selected = null; st.last = null; st.busy = false;
    const s = step();
    if (s) { st.view = s.view; st.envelope = s.envelope; }
    saveProgress(game, s ? { step: s.key } : { done: true });
    draw();
  }

  // The game's board sends what the table's socket would carry: a move, or a ring.
  function send(msg) {
    if (!msg || !st.data) return;
    if (msg.type === "act") act(msg.action);
    else if (msg.type === "ring") act(`ring@${msg.version}`);
  }

  async function act(action) {
    const s = step();
    if (!s || st.phase !== "try" || st.busy) return;
    st.busy = true;
    const { data, error } = await api("POST", `/api/lessons/${encodeURIComponent(game)}/${encodeURIComponent(s.key)}`, { action });
    if (!alive || step() !== s) return;
    st.busy = false;
    if (error) { st.refusal = { text: null, words: error.code === "net/offline" ? t("lesson.offline") : describeError(error) }; draw(); return; }
    if (!data.ok) { st.refusal = { rule: data.rule, text: data.text }; st.selected = null; draw(); return; }
    st.refusal = null; st.phase = "watch"; st.selected = null;
    const pace = s.pace_ms || PACE;
    data.played.forEach((p, i) => {
      timers.push(setTimeout(() => {
        if (!alive || step() !== s) return;
        st.view = p.view; st.envelope = p.envelope; st.last = p.events;
        if (st.mod.onMessage) st.mod.onMessage({ type: "step", events: p.events, view: p.view }, send);
        if (i === data.played.length - 1) st.phase = "seen";
        draw();
      }, i * pace));
    });
  }

  function names() {
    const n = st.data ? st.data.players : 0;
    return Array.from({ length: n }, (_, i) => (i === st.data.seat ? t("lesson.you") : `${t("bot")} ${i + 1}`));
  }

  // The view as a table page passes it: the envelope's legal moves only while it is the
  // learner's turn to try.
  function boardView() {
    const legal = st.phase === "try" ? st.envelope.legal_actions : [];
    return { ...st.view, legal_actions: legal };
  }

  function boardPart(ns) {
    const board = el("div", { class: "board-wrap", id: "board" });
    const interactive = st.phase === "try" && !st.busy;
    st.mod.renderBoard(board, boardView(), {
      interactive, onAction: act, selected: st.selected, names: ns, last: st.last ? st.mod.touched(st.last) : null,
      setSelected: (sq) => { st.selected = sq; st.refusal = null; draw(); },
      refuse: (why) => { st.refusal = { words: describeError(why, game) }; draw(); },
      send, seat: st.data.seat, table: { options: st.data.options, game }, envelope: { ...st.envelope, legal_actions: boardView().legal_actions },
    });
    return board;
  }

  function refusalBox() {
    const r = st.refusal;
    if (!r) return null;
    const link = r.rule ? [" ", el("span", { class: "muted" }, `${t("lesson.rule")} `), rules.ruleLink(r.rule, () => rules.show(r.rule))] : null;
    return el("p", { class: "card refusal lesson-refusal", id: "lesson-refusal", role: "alert" },
      el("strong", {}, `${t("lesson.notThis")}: `), r.text ? pick(r.text) : r.words, link);
  }

  function stepCard(s) {
    const n = st.data.steps.length;
    const head = el("div", { class: "lesson-count", id: "lesson-count" }, t("lesson.step", { n: st.index + 1, m: n }),
      el("progress", { max: n, value: st.index + (st.phase === "seen" ? 1 : 0), "aria-hidden": "true" }));
    const body = [el("p", { class: "lesson-text", id: "lesson-text" }, pick(s.text))];
    if (st.phase === "try") body.push(el("p", { class: "muted lesson-try" }, el("strong", {}, `${t("lesson.try")} `), t("lesson.rule"), " ", rules.ruleLink(s.rule, () => rules.show(s.rule))));
    if (st.phase === "watch") body.push(el("p", { class: "muted", id: "lesson-watch" }, t("lesson.watch")));
    if (st.phase === "seen") {
      body.push(el("p", { class: "lesson-point", id: "lesson-point", role: "status" }, el("strong", {}, "✓ "), pick(s.point)));
      body.push(el("button", { class: "button primary", type: "button", id: "lesson-next", onclick: () => show(st.index + 1) }, t("lesson.next")));
    }
    return el("section", { class: "card lesson-step", "data-step": s.key }, head, st.resumed && st.phase === "try" ? el("p", { class: "muted" }, t("lesson.resumed")) : null, ...body);
  }

  async function playNow(button) {
    button.disabled = true;
    const d = st.data;
    const name = localStorage.getItem("spieltisch.name") || t("lesson.guest");
    const seats = Array.from({ length: d.players }, (_, i) => (i === d.seat ? { kind: "human" } : { kind: "bot", level: d.bot }));
    const { data, error } = await api("POST", "/api/tables", { game: d.game, options: { ...d.options, ...d.hints }, seats, name, tips: d.tips });
    if (!alive) return;
    if (error) { button.disabled = false; st.refusal = { words: describeError(error) }; draw(); return; }
    tokens.setHost(data.table.id, data.host_token);
    if (data.seat_token) tokens.setSeat(data.table.id, data.seat, data.seat_token);
    navigate(`/t/${data.table.id}`);
  }

  function finalCard() {
    const play = el("button", { class: "button primary", type: "button", id: "lesson-play-now", onclick: () => playNow(play) }, t("lesson.playNow"));
    return el("section", { class: "card lesson-step lesson-final", id: "lesson-final" },
      el("h2", {}, t("lesson.done")), el("p", { class: "lesson-text" }, pick(st.data.finale)),
      el("div", { class: "row" }, play, el("button", { class: "button", type: "button", id: "lesson-restart", onclick: () => show(0) }, t("lesson.restart"))),
      el("p", { class: "muted" }, t("lesson.playNowHelp")));
  }

  function draw() {
    if (!alive || !st.data) return;
    const s = step();
    const ns = names();
    const header = el("div", { class: "status-bar", id: "status" }, el("span", { class: "status-text" }, `${t("lesson.learn")} · ${pick(st.data.lesson)}`), rules.button());
    if (!s) { page.replaceChildren(header, finalCard(), refusalBox() || ""); return; }
    const side = el("aside", { class: "side" }, stepCard(s), refusalBox() || "", st.mod.renderPanel(boardView(), { names: ns, mySeat: st.data.seat }));
    page.replaceChildren(header, el("div", { class: "play lesson-play" }, boardPart(ns), side));
  }

  return () => { alive = false; timers.forEach(clearTimeout); rules.hide(); rules.node.remove(); if (st.mod && st.mod.dispose) st.mod.dispose(); };
}
