// Fallback for games without their own board yet: the seat's own view as text and the
// legal actions as buttons. Only the seat's view is ever shown, so nothing leaks.
import { el } from "../api.js";
import { t } from "../i18n.js";

export function renderBoard(host, view, ctx) {
  const shown = Object.fromEntries(Object.entries(view).filter(([k]) => k !== "legal_actions"));
  const box = el("div", { class: "card generic" }, el("pre", { class: "view" }, JSON.stringify(shown, null, 1)));
  if (ctx.interactive) {
    box.append(el("div", { class: "actions" }, view.legal_actions.slice(0, 300).map((a) =>
      el("button", { class: "button small", onclick: () => ctx.onAction(a) }, a))));
  }
  host.replaceChildren(box);
}

export function renderPanel(view, ctx) {
  return el("div", { class: "card" }, el("h3", {}, t("players")), el("ol", {}, ctx.names.map((n) => el("li", {}, n))));
}

export function describeLog(entries) {
  const lines = [];
  for (const entry of entries) {
    for (const e of entry.events) {
      const rest = Object.entries(e).filter(([k]) => k !== "type").map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(" ");
      lines.push({ ply: entry.ply, text: `${e.type} ${rest}`, type: e.type });
    }
  }
  return lines;
}

export function touched() { return new Set(); }

/** Nothing to set up or tear down: the text view keeps no timers or listeners. */
export function mount() {}
export function dispose() {}

export const title = "";
