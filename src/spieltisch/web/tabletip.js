// The "Tipp" button of a table made with tips (the first real game after a lesson): it
// asks the server for the rules bot's move for this browser's seat, worked out from the
// seat's own view, and shows it in the game's words; a game whose board can point at a
// move (its module's `tipSquares`) has the move's squares marked too.
import { api, el, tokens } from "./api.js";
import { describeError, t } from "./i18n.js";

/** Whether the table gives tips, asked once per page; `redraw` runs when it is known. */
export function createTip(id, redraw) {
  const tip = { on: false, asking: false, answer: null, error: null };
  api("GET", `/api/tables/${id}/tips`).then(({ data }) => {
    if (data && data.tips) { tip.on = true; redraw(); }
  });
  return tip;
}

/** The tip for the position on the table now, or null (asked at an earlier ply). */
function currentTip(P) {
  const { st, tip } = P;
  const ply = st.table ? st.table.plies : null;
  return tip.answer && tip.answer.ply === ply && tip.answer.seat === st.seat ? tip.answer : null;
}

/** The squares the current tip names, for the board to mark (games with `tipSquares`). */
export function tipMarks(P, squaresOf) {
  const current = P.tip.on ? currentTip(P) : null;
  return current && squaresOf ? squaresOf(current.action) : null;
}

/** The tip card for the seat whose turn it is, or null (no tips, not my turn, a spectator). */
export function tipBox(P, words) {
  const { st, id, tip } = P;
  const mine = tokens.seat(id);
  if (!tip.on || !mine || st.seat === null || !st.envelope || !st.envelope.legal_actions.length) return null;
  const current = currentTip(P);
  const said = (a) => (words && words(a)) || a;
  const ask = async () => {
    tip.asking = true; tip.error = null; P.draw();
    const { data, error } = await api("POST", `/api/tables/${id}/seats/${st.seat}/tip`, null, mine.token);
    tip.asking = false;
    tip.answer = data || null;
    tip.error = error ? describeError(error) : null;
    P.draw();
  };
  return el("div", { class: "card tip", id: "tip" },
    el("button", { class: "button", type: "button", id: "tip-ask", disabled: tip.asking, onclick: ask }, t("tip.ask")),
    current ? el("p", { id: "tip-text", role: "status" }, el("strong", {}, `${t("tip.says")} `), said(current.action)) : null,
    tip.error ? el("p", { class: "error", id: "tip-error", role: "alert" }, tip.error) : null);
}
