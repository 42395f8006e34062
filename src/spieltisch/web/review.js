// The post-game review of one seat ("Analyse"): asks the server to work it out, shows a
// progress bar while a worker process searches, then the seat's decisions with their
// marks (?! ? ??), the better move in the table's own words, the values with their
// uncertainty, the counts, and a chart of the estimated chance to win over the game.
// Drawn into the replay page, so a click on a decision shows that position.
import { api, el, tokens } from "./api.js";
import { describeError, getLang, has, t } from "./i18n.js";

const POLL_MS = 1000;
const SVG = "http://www.w3.org/2000/svg";
const MARKED = new Set(["inaccuracy", "mistake", "blunder"]);
const ORDER = ["blunder", "mistake", "inaccuracy", "good", "best", "forced"];

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) node.setAttribute(k, v);
  for (const c of children.flat()) if (c !== null && c !== undefined) node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
}

/** A chance (0..1) as whole percent, the way each language writes it. */
export function pct(x) {
  const n = Math.round(x * 100);
  return getLang() === "de" ? `${n}\u00a0%` : `${n}%`;
}

/** A chance with its standard error: "54 % ± 6", never broken across lines. */
function withSe(x, se) { return `${pct(x)}\u00a0±\u00a0${plusMinus(se)}`; }

/** An uncertainty in percentage points; below one point "<1" rather than a false 0. */
function plusMinus(se) { const n = Math.round(se * 100); return n === 0 ? "<1" : String(n); }

/** The link from a result screen to the review of `seat` in the replay viewer. */
export function reviewLink(id, seat) {
  return el("a", { class: "button", href: `/replay/${id}?review=${seat}`, "data-link": true, id: "to-review" }, t("analysis"));
}

/**
 * A move in the table's words from its public events. A better move whose outcome the
 * seat could not foresee (a Halali tile turned over) has none: its verb's words then
 * (`rv.act.<verb>`), else its notation.
 */
function moveText(events, action, ctx) {
  if (ctx.mod && ctx.mod.describeLog && events && events.length) {
    const lines = ctx.mod.describeLog([{ ply: 0, events }], ctx.names, ctx.gameNumber || 1).map((l) => l.text).filter(Boolean);
    if (lines.length) return lines.join(" · ");
  }
  const [verb, ...rest] = String(action).split(" ");
  return has(`rv.act.${verb}`) ? t(`rv.act.${verb}`, { who: ctx.names[ctx.seat] ?? "", arg: rest.join(" ") }) : action;
}

/** The chart: the seat's estimated chance to win before each decision, marks as dots. */
export function chart(review, onPly) {
  // As wide as the screen allows (a phone gets a narrower drawing, not smaller letters).
  const W = Math.round(Math.min(640, Math.max(300, window.innerWidth - 48))), H = 180, L = 48, R = 10, T = 12, B = 24;
  const plies = Math.max(1, review.plies);
  const x = (ply) => L + (W - L - R) * (ply / plies);
  const y = (win) => T + (H - T - B) * (1 - win);
  const grid = [0, 0.25, 0.5, 0.75, 1].map((v) => [
    svg("line", { x1: L, x2: W - R, y1: y(v), y2: y(v), class: v === 0.5 ? "rv-mid" : "rv-grid" }),
    svg("text", { x: L - 6, y: y(v) + 4, class: "rv-axis", "text-anchor": "end" }, pct(v)),
  ]);
  const points = (review.curve || []).filter((p) => p.win !== null && p.win !== undefined);
  const line = points.length ? svg("polyline", { class: "rv-line", points: points.map((p) => `${x(p.ply).toFixed(1)},${y(p.win).toFixed(1)}`).join(" ") }) : null;
  const area = points.length ? svg("polygon", { class: "rv-area", points: [`${x(points[0].ply).toFixed(1)},${y(0)}`, ...points.map((p) => `${x(p.ply).toFixed(1)},${y(p.win).toFixed(1)}`), `${x(points[points.length - 1].ply).toFixed(1)},${y(0)}`].join(" ") }) : null;
  const dots = review.decisions.filter((d) => MARKED.has(d.class) && d.win_before !== null).map((d) => {
    const dot = svg("circle", { cx: x(d.ply).toFixed(1), cy: y(d.win_before).toFixed(1), r: 5, class: `rv-dot rv-${d.class}`, tabindex: 0, "data-ply": d.ply },
      svg("title", {}, `${t("rv.move", { n: d.ply + 1 })} ${d.mark} · ${t(`rv.one.${d.class}`)}`));
    dot.addEventListener("click", () => onPly(d.ply, d));
    return dot;
  });
  const axis = svg("text", { x: W - R, y: H - 6, class: "rv-axis", "text-anchor": "end" }, t("rv.axisMoves", { n: review.plies }));
  return svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "rv-chart", id: "review-chart", role: "img", "aria-label": t("rv.chart") },
    svg("title", {}, t("rv.chart")), grid.flat(), area, line, dots, axis);
}

function summary(review) {
  const counts = review.summary || {};
  return el("ul", { class: "rv-summary", id: "review-summary" }, ORDER.filter((k) => counts[k]).map((k) =>
    el("li", { class: `rv-chip rv-${k}`, "data-class": k }, el("b", {}, String(counts[k])), " ", t(counts[k] === 1 ? `rv.one.${k}` : `rv.class.${k}`), MARKED.has(k) ? ` (${markOf(k)})` : "")));
}

function markOf(kind) { return { inaccuracy: "?!", mistake: "?", blunder: "??" }[kind] || ""; }

function decisionRow(d, ctx, onPly) {
  const ev = { ...ctx, gameNumber: d.game_number };
  const played = moveText(d.events, d.action, ev);
  const head = el("div", { class: "rv-head" },
    el("span", { class: "rv-ply" }, t("rv.move", { n: d.ply + 1 })),
    d.mark ? el("span", { class: `rv-mark rv-${d.class}`, title: t(`rv.one.${d.class}`) }, d.mark) : el("span", { class: `rv-tag rv-${d.class}` }, t(`rv.one.${d.class}`)));
  const body = [el("p", { class: "rv-played" }, el("span", { class: "muted" }, `${t("rv.played")}: `), played,
    d.taken ? el("span", { class: "rv-value" }, ` — ${t("rv.win")} ${withSe(d.taken.win, d.taken.win_se)}`) : null)];
  if (d.alternative && d.class !== "best") {
    body.push(el("p", { class: "rv-better" }, el("span", { class: "muted" }, `${t("rv.better")}: `), el("strong", {}, moveText(d.alternative_events, d.alternative.action, ev)),
      el("span", { class: "rv-value" }, ` — ${t("rv.win")} ${withSe(d.alternative.win, d.alternative.win_se)}`)));
    if (d.loss && MARKED.has(d.class)) body.push(el("p", { class: "rv-loss muted small" }, t("rv.loss", { points: Math.round(d.loss.win * 100), se: plusMinus(d.loss.win_se) })));
  }
  const row = el("li", { class: `rv-decision rv-${d.class}`, "data-ply": d.ply, "data-class": d.class, tabindex: 0, role: "button", title: t("rv.jump") }, head, body);
  const go = () => onPly(d.ply, d);
  row.addEventListener("click", go);
  row.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); go(); } });
  return row;
}

/**
 * A real-time game's own section (Halli Galli's): its rings, the wrong ones with the
 * coach's word, missed bells. The game's module writes its cards (``cardWords``).
 */
function realtimeBox(rt, mod) {
  if (!rt) return null;
  const cardWords = mod && mod.cardWords ? mod.cardWords : String;
  const tops = (names) => (names || []).filter(Boolean).map((name) => cardWords(name)).join(", ") || "–";
  const facts = [
    ["rv.rt.rings", rt.rings], ["rv.rt.right", (rt.right || []).length], ["rv.rt.wrong", (rt.wrong || []).length],
    ["rv.rt.missed", (rt.missed || []).length], ["rv.rt.bells", rt.bells],
  ].filter(([, v]) => typeof v === "number").map(([k, v]) => el("li", { "data-fact": k }, el("b", {}, String(v)), " ", t(k)));
  if (typeof rt.accuracy === "number") facts.push(el("li", { "data-fact": "rv.rt.accuracy" }, el("b", {}, pct(rt.accuracy)), " ", t("rv.rt.accuracy")));
  const wrong = (rt.wrong || []).map((w) => el("li", { class: "rv-decision rv-mistake", "data-ply": w.ply },
    el("div", { class: "rv-head" }, el("span", { class: "rv-ply" }, t("rv.move", { n: w.ply + 1 })), el("span", { class: "rv-mark rv-mistake" }, "?"), el("span", { class: "rv-tag" }, `${t("rv.rt.wrongOne")} [${w.rule}]`)),
    el("p", {}, el("span", { class: "muted" }, `${t("rv.rt.tops")}: `), tops(w.tops)),
    w.coach === null || w.coach === undefined ? null : el("p", { class: "muted small" }, t("rv.rt.coach", { chance: pct(w.coach) }))));
  const missed = (rt.missed || []).slice(0, 10).map((m) => el("li", { class: "rv-decision rv-inaccuracy", "data-ply": m.ply },
    el("div", { class: "rv-head" }, el("span", { class: "rv-ply" }, t("rv.move", { n: m.ply + 1 })), el("span", { class: "rv-tag" }, t("rv.rt.missedOne"))),
    el("p", {}, el("span", { class: "muted" }, `${t("rv.rt.tops")}: `), tops(m.tops))));
  return el("div", { class: "rv-realtime", id: "review-realtime" },
    el("ul", { class: "rv-summary" }, facts.map((f) => { f.className = "rv-chip"; return f; })),
    wrong.length ? el("h4", {}, t("rv.rt.wrongTitle")) : null, wrong.length ? el("ol", { class: "rv-list" }, wrong) : null,
    missed.length ? el("h4", {}, t("rv.rt.missedTitle")) : null, missed.length ? el("ol", { class: "rv-list" }, missed) : null,
    rt.times_in_record === false ? el("p", { class: "muted small" }, t("rv.rt.noTimes")) : null);
}

/**
 * The review panel of the replay page. `ctx`: {id, table, names, mod, onPly, seat}.
 * Returns {node, stop}; `seat` null shows the seat picker.
 */
export function createReview(ctx) {
  const st = { seat: ctx.seat, data: null, error: null, all: false, timer: null, alive: true };
  const node = el("section", { class: "card review", id: "review", "aria-live": "polite" });
  const mine = tokens.seat(ctx.id);

  const nameOf = (seat) => ctx.names[seat] ?? `#${seat + 1}`;

  async function ask(method) {
    const path = method === "POST" ? `/api/tables/${ctx.id}/review` : `/api/tables/${ctx.id}/review/${st.seat}`;
    const { data, error } = await api(method, path, method === "POST" ? { seat: st.seat } : null);
    if (!st.alive) return;
    st.error = error || null;
    if (data) st.data = data;
    draw();
    clearTimeout(st.timer);
    if (data && (data.status === "queued" || data.status === "running")) st.timer = setTimeout(() => ask("GET"), POLL_MS);
  }

  function start(seat) { st.seat = seat; st.data = null; st.error = null; draw(); ask("POST"); }

  function picker() {
    const seats = ctx.names.map((_, s) => s);
    return el("div", { class: "rv-picker", id: "review-picker" }, el("p", {}, t("rv.pick")), el("div", { class: "row" },
      seats.map((s) => el("button", { class: `button small${mine && mine.seat === s ? " primary" : ""}`, type: "button", "data-seat": s, onclick: () => start(s) },
        nameOf(s), mine && mine.seat === s ? ` ${t("rv.you")}` : ""))));
  }

  function draw() {
    const title = el("h2", {}, st.seat === null || st.seat === undefined ? t("analysis") : t("rv.title", { who: nameOf(st.seat) }));
    if (st.seat === null || st.seat === undefined) { node.replaceChildren(title, picker()); return; }
    const parts = [title];
    const d = st.data;
    if (st.error) parts.push(el("p", { class: "error", id: "review-error" }, describeError(st.error)), el("button", { class: "button small", type: "button", onclick: () => start(st.seat) }, t("rv.retry")));
    else if (!d || d.status === "queued" || d.status === "running") {
      const done = d ? d.progress.done : 0, total = d ? d.progress.total : 0;
      const words = !d ? t("rv.starting") : d.status === "queued" ? t("rv.queued") : total ? t("rv.running", { done, total }) : t("rv.starting");
      parts.push(el("div", { class: "rv-progress", id: "review-progress" },
        el("progress", { max: Math.max(1, total), value: done, "aria-label": t("analysis") }),
        el("p", { class: "muted" }, words)));
    } else if (d.status === "failed") {
      parts.push(el("p", { class: "error", id: "review-failed" }, t("rv.failed")), el("button", { class: "button small", type: "button", onclick: () => start(st.seat) }, t("rv.retry")));
    } else {
      parts.push(...done(d.review));
    }
    if (ctx.names.length > 1) parts.push(el("details", { class: "rv-other" }, el("summary", {}, t("rv.other")), picker()));
    node.replaceChildren(...parts);
  }

  function done(review) {
    const names = ctx.names;
    const judged = review.decisions.filter((d) => d.class !== "forced");
    const marked = judged.filter((d) => MARKED.has(d.class));
    const shown = st.all ? judged : marked;
    const out = review.decisions.length ? [summary(review)] : [];
    if (review.curve && review.curve.length > 1) out.push(el("figure", { class: "rv-figure" }, chart(review, ctx.onPly), el("figcaption", { class: "muted small" }, t("rv.chart"))));
    const rt = realtimeBox(review.realtime, ctx.mod);
    if (rt) out.push(rt);
    if (!review.decisions.length) { if (!rt) out.push(el("p", { class: "muted" }, t("rv.noDecisions"))); return out; }
    if (!marked.length) out.push(el("p", { class: "rv-clean", id: "review-clean" }, t("rv.noMarks")));
    out.push(el("ol", { class: "rv-list", id: "review-list" }, shown.map((d) => decisionRow(d, { mod: ctx.mod, names, seat: st.seat }, ctx.onPly))));
    if (judged.length > marked.length) {
      out.push(el("button", { class: "button small", type: "button", id: "review-all", onclick: () => { st.all = !st.all; draw(); } }, st.all ? t("rv.showMarked") : t("rv.showAll", { n: judged.length })));
    }
    out.push(el("p", { class: "muted small rv-legend" }, t("rv.legend")));
    return out;
  }

  draw();
  if (st.seat !== null && st.seat !== undefined) ask("POST");
  return { node, seat: () => st.seat, stop: () => { st.alive = false; clearTimeout(st.timer); } };
}
