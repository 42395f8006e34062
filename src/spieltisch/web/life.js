// A table's life beyond its moves: resigning (with a confirmation that quotes the game's
// ruling) and the rematch offer on the result screen ("Nochmal").
import { api, el, tokens } from "./api.js";
import { ruleWords, t } from "./i18n.js";

const POLL_MS = 3000;

/** Seats that have resigned, in order, as the log tells (every game logs a `resign`). */
export function resignedSeats(log) {
  const out = [];
  for (const step of log || []) for (const e of step.events || []) if (e.type === "resign" && !out.includes(e.seat)) out.push(e.seat);
  return out;
}

/**
 * The resign button, and once pressed the question: "Aufgeben?" with what resigning
 * means in this game (its ruling's words, as the server declares them).
 */
export function resignBox(life, game, rule, send, redraw) {
  if (!life.asking) {
    return el("div", { class: "resign-row" }, el("button", { class: "button danger small", id: "resign", type: "button", onclick: () => { life.asking = true; redraw(); } }, t("resign")));
  }
  return el("div", { class: "card confirm", id: "resign-confirm", role: "alertdialog", "aria-labelledby": "resign-q" },
    el("h3", { id: "resign-q" }, t("resignQuestion")),
    rule ? el("p", { class: "muted small" }, `[${rule}] ${ruleWords(rule, game)}`) : null,
    el("div", { class: "row" },
      el("button", { class: "button danger", id: "resign-yes", type: "button", onclick: () => { life.asking = false; send({ type: "resign" }); redraw(); } }, t("resignYes")),
      el("button", { class: "button", id: "resign-no", type: "button", onclick: () => { life.asking = false; redraw(); } }, t("resignNo"))));
}

/**
 * Keeps `life.next` (the rematch's id) fresh while a finished table is shown: the server
 * tells sockets on its own process at once, everyone else learns it by asking.
 */
export function watchRematch(id, life, redraw) {
  const ask = async () => {
    const { data } = await api("GET", `/api/tables/${id}/rematch`);
    if (data && (data.next !== life.next || data.previous !== life.previous)) {
      life.next = data.next; life.previous = data.previous; redraw();
    }
  };
  ask();
  const timer = setInterval(() => { if (life.over && !life.next) ask(); }, POLL_MS);
  return () => clearInterval(timer);
}

/** The rematch card of the result screen: offer (or accept) for seated players, a link for others. */
export function rematchBox(id, life, mySeat, onError) {
  const mine = tokens.seat(id);
  const card = el("div", { class: "card rematch", id: "rematch-box" }, el("h3", {}, t("rematch")));
  if (mine && mySeat !== null && life.next && tokens.seat(life.next)) {
    // This browser already sits at the rematch (it made it, or joined it): no "waiting for you".
    card.append(el("p", { class: "muted" }, t("rematchSeated")),
      el("a", { class: "button primary", href: `/t/${life.next}`, "data-link": true, id: "to-next" }, `${t("nextGame")} →`));
  } else if (mine && mySeat !== null) {
    const join = async (e) => {
      e.target.disabled = true;
      const { data, error } = await api("POST", `/api/tables/${id}/rematch`, null, mine.token);
      if (error) { e.target.disabled = false; onError(error); return; }
      const next = data.table.id;
      if (data.host_token) tokens.setHost(next, data.host_token);
      tokens.setSeat(next, data.seat, data.seat_token);
      history.pushState({}, "", `/t/${next}`);
      dispatchEvent(new PopStateEvent("popstate"));
    };
    card.append(el("p", { class: "muted" }, life.next ? t("rematchWaiting") : t("rematchOffer")),
      el("button", { class: "button primary", id: "rematch", type: "button", onclick: join }, life.next ? t("rematchAccept") : t("rematchPropose")));
  } else if (life.next) {
    card.append(el("a", { class: "button", href: `/t/${life.next}`, "data-link": true, id: "to-next" }, t("nextGame")));
  } else {
    return null;
  }
  return card;
}

/** A link back along the match history: the game this one is the rematch of. */
export function historyLinks(life) {
  if (!life.previous) return null;
  return el("p", { class: "history small", id: "history" },
    el("a", { href: `/t/${life.previous}`, "data-link": true, id: "to-previous" }, `← ${t("previousGame")}`));
}
