// The rules panel of a table: the game's summary, reference tables, legends of the table's
// badges and every rule's text by id, as the game declares them (/api/games/{game}/rules).
// It draws only what the server sends, in the page's language; a drawer that opens from
// the status bar or from a refusal's rule id, and closes again (button or Escape).
import { api, el } from "./api.js";
import { getLang, t } from "./i18n.js";
import "./lesson.words.js";

export function createRules() {
  const st = { game: null, mod: null, data: null, failed: false, opener: null, want: null };
  const title = el("h2", { id: "rules-title" }, t("rulesOpen"));
  const body = el("div", { class: "rules-body", id: "rules-body" });
  const close = el("button", { class: "button small", type: "button", id: "rules-close", onclick: () => hide() }, t("rulesClose"));
  const node = el("aside", { class: "rules-panel", id: "rules", role: "dialog", "aria-labelledby": "rules-title", hidden: true },
    el("header", { class: "rules-head" }, title, close), body);
  node.addEventListener("keydown", (e) => { if (e.key === "Escape") hide(); });

  // The game's browser module may draw the marks of its board for the legend.
  function setGame(game, mod = null) {
    if (!game || game === st.game) return;
    st.game = game; st.mod = mod;
    api("GET", `/api/games/${encodeURIComponent(game)}/rules`).then(({ data }) => {
      st.data = data; st.failed = !data;
      render();
      if (!node.hidden) goTo(st.want);
    });
  }

  // A rule id as a link to its text further down the panel.
  function ruleLink(rule, onclick = () => goTo(rule)) {
    return el("button", { class: "rule-link", type: "button", "data-rule": rule, title: t("ruleShow", { rule }), onclick }, rule);
  }

  function section(s) {
    const box = el("section", { class: "rules-section", "data-key": s.key }, el("h3", {}, s.title));
    if (s.grid) {
      box.append(el("div", { class: "rules-grid-wrap" }, el("table", { class: "rules-grid" },
        el("thead", {}, el("tr", {}, s.grid.head.map((h) => el("th", { scope: "col" }, h)))),
        el("tbody", {}, s.grid.rows.map((row) => el("tr", {}, row.map((c, i) => (i === 0 ? el("th", { scope: "row" }, c) : el("td", {}, c)))))))));
    }
    for (const p of s.paragraphs) box.append(el("p", {}, p));
    if (s.entries.length) {
      box.append(el("ul", { class: "rules-entries" }, s.entries.map((e) => el("li", {},
        markOf(e), e.mark && !e.mark.startsWith("chip") && !drawn(e.mark) ? el("span", { class: e.mark }, e.term) : el("strong", {}, e.term),
        " – ", el("span", {}, e.text), e.rule ? [" ", ruleLink(e.rule)] : null))));
    }
    if (s.rules.length) box.append(el("p", { class: "rules-refs" }, el("span", { class: "muted" }, t("rulesSee")), ...s.rules.map((r) => ruleLink(r))));
    return box;
  }

  function drawn(mark) {
    return Boolean(st.mod && st.mod.legendMark && st.mod.legendMark(mark));
  }

  // A badge shows its word itself; a chip or a board's mark is drawn before the word.
  function markOf(e) {
    if (!e.mark) return null;
    if (e.mark.startsWith("chip")) return [el("span", { class: e.mark }), " "];
    const drawing = st.mod && st.mod.legendMark ? st.mod.legendMark(e.mark) : null;
    return drawing ? [drawing, " "] : null;
  }

  function render() {
    if (st.failed) { body.replaceChildren(el("p", { class: "error" }, t("rulesFailed"))); return; }
    if (!st.data) { body.replaceChildren(el("p", { class: "muted" }, t("rulesLoading"))); return; }
    const part = st.data[getLang()] || st.data.en;
    title.textContent = t("rulesTitle", { game: st.data.title });
    const all = el("section", { class: "rules-section", "data-key": "rules" }, el("h3", {}, t("rulesAll")),
      el("dl", { class: "rules-list" }, part.rules.map((r) => el("div", { class: "rule", "data-rule": r.id, tabindex: -1 },
        el("dt", {}, r.id), el("dd", {}, r.text)))));
    const learn = st.data.lesson ? el("p", { class: "rules-lesson" }, el("a", { class: "button small lesson-link", id: "rules-lesson", href: `/learn/${encodeURIComponent(st.game)}`, "data-link": true }, t("lesson.learn"))) : null;
    body.replaceChildren(...(learn ? [learn] : []), ...part.sections.map(section), all);
  }

  // Scroll to one rule's text and mark it, or to the top for the whole panel.
  function goTo(rule) {
    st.want = rule;
    for (const n of body.querySelectorAll(".rule.current")) n.classList.remove("current");
    const target = rule ? [...body.querySelectorAll(".rule")].find((n) => n.dataset.rule === rule) : null;
    if (target) {
      target.classList.add("current");
      target.scrollIntoView({ block: "start" });
      target.focus({ preventScroll: true });
    } else {
      body.scrollTop = 0;
      close.focus();
    }
  }

  function show(rule = null) {
    st.opener = document.activeElement;
    if (!st.data && !st.failed) render();
    node.hidden = false;
    document.body.classList.add("rules-open");
    expanded();
    goTo(rule);
  }

  function hide() {
    node.hidden = true;
    document.body.classList.remove("rules-open");
    expanded();
    if (st.opener && st.opener.isConnected) st.opener.focus();
  }

  // The status bar's button says whether the panel is open (it is drawn anew often).
  function expanded() {
    for (const b of document.querySelectorAll("#rules-open")) b.setAttribute("aria-expanded", String(!node.hidden));
  }

  function button() {
    return el("button", { class: "button small rules-open", type: "button", id: "rules-open", "aria-controls": "rules", "aria-expanded": String(!node.hidden), onclick: () => (node.hidden ? show() : hide()) }, t("rulesOpen"));
  }

  return { node, setGame, show, hide, button, ruleLink };
}
