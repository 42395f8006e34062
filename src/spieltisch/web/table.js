// A live table: websocket with reconnect, seat from the stored token, board, log, result.
// The parts live beside it: the socket (tablesocket.js), the status line (tablestatus.js),
// the seats (tableseats.js), the log (tablelog.js) and the result (result.js); the game's
// own module (found through games/index.js) draws the board and is disposed of when the
// page is left.
import { api, el } from "./api.js";
import { describeError, learnRules, refusalParts, t } from "./i18n.js";
import { createChat } from "./chat.js";
import { createRules } from "./rules.js";
import { historyLinks, rematchBox, resignBox, resignedSeats, watchRematch } from "./life.js";
import { createClocks } from "./turnclock.js";
import { createAttention } from "./attention.js";
import { reviewLink } from "./review.js";
import { connect } from "./tablesocket.js";
import { myTurn, noteMover, seatNames, statusText, thinkingText } from "./tablestatus.js";
import { handoverDue, inviteBase, inviteBox, seatList, waitingBox } from "./tableseats.js";
import { logBox } from "./tablelog.js";
import { moveForm, resultBox } from "./result.js";
import { loadBotRatings, loadMyRatings } from "./ratings.js";
import { createTip, tipBox, tipMarks } from "./tabletip.js";

export function renderTable(root, id) {
  const st = { table: null, seat: null, view: null, envelope: null, mod: null, log: [], selected: null, last: null, ws: null, closed: false, retry: 0, refusal: null, refusalAt: 0, conn: "connecting", invite: null, mover: null, moverSince: 0 };
  const page = el("div", { class: "table-page" });
  const rules = createRules();
  root.replaceChildren(page, rules.node);
  const send = (msg) => { if (st.ws && st.ws.readyState === 1) st.ws.send(JSON.stringify(msg)); };
  const life = { asking: false, next: null, previous: null, over: false };
  const P = { id, st, page, rules, send, life, chat: createChat(id, send), clocks: createClocks(), attention: createAttention() };
  P.draw = () => draw(P);
  P.tip = createTip(id, P.draw);
  P.act = (text) => { st.refusal = null; st.sent = true; send({ type: "act", action: text, ply: st.table ? st.table.plies : null }); P.draw(); };
  P.changed = () => { noteMover(st); P.draw(); P.attention.update(myTurn(st), gameTitle(st)); };
  const stopWatching = watchRematch(id, life, P.draw);
  const ticker = setInterval(() => {
    for (const node of page.querySelectorAll(".thinking")) node.textContent = thinkingText(st);
    P.clocks.tick(page);
    // A seat's hand-over control appears the moment its grace has passed.
    const due = handoverDue(st);
    if (due !== (st.dueShown ?? "")) { st.dueShown = due; P.draw(); }
  }, 500);

  // What each rule says, so a refusal reads as the rule in the player's language.
  api("GET", "/api/games").then(({ data }) => {
    if (!data) return;
    learnRules(data);
    st.games = data;
    P.draw();
  });
  // The bots' and this player's ratings beside the seats (loaded once per page).
  Promise.all([loadBotRatings(), loadMyRatings()]).then(() => P.draw());
  connect(P);
  P.draw();
  return () => {
    P.attention.reset(); rules.hide(); rules.node.remove(); stopWatching(); st.closed = true; clearInterval(ticker);
    if (st.ws) st.ws.close();
    if (st.mod) st.mod.dispose();
  };
}

function gameTitle(st) {
  const game = (st.games || []).find((g) => st.table && g.name === st.table.game);
  return game ? game.title : null;
}

// A table that is gone (not found, closed, expired, finished elsewhere) says only that.
function gonePage(P) {
  const { st, id } = P;
  if (st.conn === "table/not_found") return el("p", { class: "card" }, t("notFound"), " ", el("a", { href: "/", "data-link": true }, t("toLobby")));
  if (st.conn === "table/closed" || st.conn === "table/expired") {
    return el("div", { class: "card", id: "gone" }, el("h2", {}, st.conn === "table/closed" ? t("closedByHost") : t("expiredTable")), el("a", { class: "button", href: "/", "data-link": true }, t("toLobby")));
  }
  if (st.conn === "table/abandoned") {
    return el("div", { class: "card", id: "gone" }, el("h2", {}, t("abandonedTable")), el("p", { class: "row" }, el("a", { class: "button", href: `/replay/${id}`, "data-link": true }, t("replay")), " ", el("a", { class: "button", href: "/", "data-link": true }, t("toLobby"))));
  }
  if (st.conn === "table/not_live") return el("div", { class: "card" }, el("h2", {}, t("gameOver")), el("a", { class: "button", href: `/replay/${id}`, "data-link": true }, t("replay")));
  return null;
}

// The board and what goes with the game itself: the game's panel, the result, the move form.
function gameParts(P, board, side, ns, resigned, playing) {
  const { st, id } = P;
  const { view, envelope: env, mod } = st;
  const interactive = playing && !env.over && env.legal_actions.length > 0;
  mod.renderBoard(board, view, {
    interactive, onAction: P.act, selected: st.selected, names: ns, last: st.last ? mod.touched(st.last) : null,
    setSelected: (sq) => { st.selected = sq; st.refusal = null; P.draw(); },
    refuse: (why) => { st.refusal = why; st.refusalAt = Date.now(); P.draw(); },
    send: P.send, seat: st.seat, table: st.table, envelope: env, tip: tipMarks(P, mod.tipSquares),
  });
  side.append(mod.renderPanel(view, { names: ns, mySeat: st.seat }));
  if (env.over && env.result) {
    side.append(resultBox(env.result, ns, mod));
    const again = rematchBox(id, P.life, st.seat, (error) => { st.refusal = error; st.refusalAt = Date.now(); P.draw(); });
    if (again) side.append(again);
    side.append(el("div", { class: "row after-game" },
      el("a", { class: "button", href: `/replay/${id}`, "data-link": true, id: "to-replay" }, t("replay")),
      st.seat !== null ? reviewLink(id, st.seat) : null));
  }
  if (st.seat !== null && resigned.includes(st.seat) && !env.over) side.append(el("p", { class: "card muted", id: "you-resigned" }, t("youResigned")));
  const tip = playing && !env.over ? tipBox(P, mod.actionWords) : null;
  if (tip) side.append(tip);
  if (playing && !env.over) side.append(moveForm(P.act, env.legal_actions, mod.actionWords));
  if (playing && !env.over && env.legal_actions.includes("pass")) side.append(el("button", { class: "button primary", id: "pass", onclick: () => P.act("pass") }, t("pass")));
}

// A bot holds my seat: the time ran out just now, or (after a reload, a hand-over by
// the host) earlier; either way the way back is one tap away.
function botNotice(P, running, resigned) {
  const { st } = P;
  const mySeat = st.table && st.seat !== null ? st.table.seats[st.seat] : null;
  if (mySeat && mySeat.kind === "human") st.timedOut = false;
  const botHolds = running && mySeat && mySeat.kind === "bot" && !resigned.includes(st.seat);
  return botHolds ? el("p", { class: "card timeout-note", id: "timed-out", role: "status" }, st.timedOut ? t("timedOut") : t("botHoldsSeat"), " ",
    el("button", { class: "button small primary", type: "button", onclick: () => P.send({ type: "take_back" }) }, t("takeMySeatBack"))) : null;
}

// The side column below the game: notifications, resigning, history, invite, chat, log.
function tableParts(P, side, ns, resigned, playing, running) {
  const { st } = P;
  const { view, envelope: env, mod } = st;
  const notify = running && playing ? P.attention.button(P.draw) : null;
  if (notify) side.append(el("p", { class: "notify-row" }, notify));
  if (view && env && mod && st.seat !== null && !env.over && st.table.status === "running" && !resigned.includes(st.seat)) {
    const info = (st.games || []).find((g) => g.name === st.table.game) || {};
    side.append(resignBox(P.life, st.table.game, info.resign_rule, P.send, P.draw));
  }
  const links = historyLinks(P.life);
  if (links) side.append(links);
  if (st.table && st.table.status === "open") side.append(inviteBox(P));
  if (st.table && st.table.status === "open" && !st.invite) inviteBase().then((b) => { st.invite = b; P.draw(); });
  if (st.table) { P.chat.names(ns, st.table.seats.map((s) => Boolean(s.name))); side.append(P.chat.node); }
  if (view && env && mod) side.append(logBox(st.table, st.log, mod, ns));
}

// A refused move names its rule; the id opens the rule's text in the rules panel.
function refusalWords(P) {
  const { st, rules } = P;
  if (st.refusal && st.refusal.hint) return t(st.refusal.hint, st.refusal.params);
  const parts = refusalParts(st.refusal, st.table && st.table.game);
  if (!parts) return describeError(st.refusal, st.table && st.table.game);
  const link = rules.ruleLink(parts.rule, () => rules.show(parts.rule));
  return [parts.words, " [", link, "]", parts.text ? `: ${parts.text}` : ""];
}

// Redrawing replaces the page: keep what the player was doing, typed text and keyboard focus.
function replacePage(P, parts) {
  const { st, page } = P;
  const active = document.activeElement;
  const focusId = active && active.id;
  const focusSquare = active && active.dataset ? active.dataset.square : null;
  // A card of the hand or a meld keeps the keyboard's focus across a redraw (a table
  // update, ratings arriving) as a board square does.
  const focusCard = active && active.dataset && active.closest("#hand") ? active.dataset.index : null;
  const focusMeld = active && active.dataset ? active.dataset.meld : null;
  const typed = page.querySelector("#move") ? page.querySelector("#move").value : "";
  page.replaceChildren(...parts);
  if (st.table) P.chat.attached();
  const move = page.querySelector("#move");
  if (move && typed && !st.sent) move.value = typed;
  st.sent = false;
  const again = focusSquare ? page.querySelector(`[data-square="${focusSquare}"][tabindex]`)
    : focusCard !== null && focusCard !== undefined ? page.querySelector(`#hand [data-index="${focusCard}"]`)
    : focusMeld ? page.querySelector(`[data-meld="${focusMeld}"][tabindex]`)
    : focusId ? page.querySelector(`#${focusId}`) : null;
  if (again && page.contains(again)) again.focus();
}

function draw(P) {
  const { st, rules } = P;
  if (st.closed) return; // the page was left: nothing to show, and the game's module is disposed of
  const gone = gonePage(P);
  if (gone) { P.page.replaceChildren(gone); return; }
  const ns = seatNames(st.table);
  const { view, envelope: env, mod } = st;
  const resigned = resignedSeats(st.log);
  // This browser plays its seat itself: not after resigning, not while a bot holds it
  // (time ran out, handed over); then it is not "my turn" and the board takes no moves.
  const seatInfo = st.table && st.seat !== null ? st.table.seats[st.seat] : null;
  const playing = Boolean(seatInfo && seatInfo.kind === "human" && !resigned.includes(st.seat));
  P.life.over = Boolean(env && env.over);
  if (st.table) rules.setGame(st.table.game, mod);
  const header = el("div", { class: "status-bar", id: "status", "aria-live": "polite" }, el("span", { class: "status-text" }, statusText(P, ns, playing)), st.table ? rules.button() : null);
  const refusal = el("p", { class: "refusal", id: "refusal", role: "alert", hidden: !st.refusal }, refusalWords(P));
  const board = el("div", { class: "board-wrap", id: "board" });
  const side = el("aside", { class: "side" });
  if (view && env && mod) gameParts(P, board, side, ns, resigned, playing);
  else if (st.table && st.table.status === "open") board.append(waitingBox(P));
  if (st.table) side.append(seatList(P, ns, resigned));
  const running = st.table && st.table.status === "running" && view && env && !env.over;
  const notice = botNotice(P, running, resigned);
  tableParts(P, side, ns, resigned, playing, running);
  replacePage(P, [header, ...(notice ? [notice] : []), el("div", { class: "play" }, el("div", { class: "board-area" }, refusal, board), side)]);
}
