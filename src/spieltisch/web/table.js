// A live table: websocket with reconnect, seat from the stored token, board, log, result.
import { api, el, tokens } from "./api.js";
import { playerKey } from "./players.js";
import { describeError, learnRules, levelName, refusalParts, t } from "./i18n.js";
import { GAMES } from "./games/index.js";
import { createChat } from "./chat.js";
import { createRules } from "./rules.js";
import { historyLinks, rematchBox, resignBox, resignedSeats, watchRematch } from "./life.js";
import { createClocks } from "./turnclock.js";
import { createAttention } from "./attention.js";
import { reviewLink } from "./review.js";
import { toast } from "./app.js";

const REFUSAL_SHOWN_MS = 4000;

// Where invite links point, asked once: a configured public address, the machine's LAN
// address when this page was opened as localhost, else the address this browser used.
let serverInfo = null;
function inviteBase() {
  serverInfo = serverInfo || api("GET", "/api/server").then(({ data }) => data || {});
  return serverInfo.then((info) => {
    const loopback = ["localhost", "127.0.0.1", "[::1]"].includes(location.hostname);
    if (info.public_url) return { base: info.public_url, local: false };
    if (loopback && info.lan_url) return { base: info.lan_url, local: false };
    return { base: location.origin, local: loopback };
  });
}

// The seat to move, when it is one seat's turn (several may act at once in some phases).
function seatToMove(mod, view) {
  if (!view || view.over) return null;
  const seat = mod && mod.activeSeat ? mod.activeSeat(view) : view.active_seat;
  return seat === null || seat === undefined || seat < 0 ? null : seat;
}

// Refusals after which reconnecting would only be refused again (or push out another tab).
const FINAL = new Set(["table/not_live", "table/not_found", "table/seat_crowded", "auth/origin", "table/closed", "table/expired"]);

export function renderTable(root, id) {
  const st = { table: null, seat: null, view: null, log: [], selected: null, last: null, ws: null, closed: false, retry: 0, refusal: null, refusalAt: 0, conn: "connecting", invite: null, mover: null, moverSince: 0 };
  const page = el("div", { class: "table-page" });
  const rules = createRules();
  root.replaceChildren(page, rules.node);

  const send = (msg) => { if (st.ws && st.ws.readyState === 1) st.ws.send(JSON.stringify(msg)); };
  const chat = createChat(id, send);
  const clocks = createClocks();
  const attention = createAttention();
  const life = { asking: false, next: null, previous: null, over: false };
  const stopWatching = watchRematch(id, life, () => draw());
  const act = (text) => { st.refusal = null; st.sent = true; send({ type: "act", action: text, ply: st.table ? st.table.plies : null }); draw(); };

  function connect() {
    if (st.closed) return;
    const mine = tokens.seat(id);
    const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/tables/${id}`);
    st.ws = ws;
    ws.onopen = () => ws.send(JSON.stringify({ type: "hello", token: mine ? mine.token : null }));
    ws.onmessage = (ev) => {
      const m = JSON.parse(ev.data);
      const hook = GAMES[(m.table || st.table || {}).web];
      if (hook && hook.onMessage) hook.onMessage(m, send); // real-time games: clock sync, timing
      if (m.type === "welcome") {
        st.retry = 0; st.conn = "live"; st.table = m.table; st.seat = m.seat; st.view = m.view; st.log = m.log;
        st.last = null;
        if (m.chat) chat.welcome(m.chat, m.seat);
      } else if (m.type === "chat") {
        chat.add(m.message);
        return;
      } else if (m.type === "error" && m.code.startsWith("chat/")) {
        chat.refused(describeError(m));
        return;
      } else if (m.type === "step") {
        st.table = m.table; st.view = m.view; st.log.push({ ply: m.ply - 1, seat: m.seat, events: m.events, bot: m.bot });
        st.last = m.events; st.selected = null;
        // A refusal stays until the next own action, or, as the game goes on without one
        // (bell games), for a few seconds: long enough to read, not a stale alarm.
        if (st.refusal && Date.now() - st.refusalAt > REFUSAL_SHOWN_MS) st.refusal = null;
        // A game that has ended has no moves left to refuse: its last refusal is history.
        if (m.view && m.view.over) st.refusal = null;
      } else if (m.type === "table") {
        st.table = m.table;
      } else if (m.type === "rematch") {
        life.next = m.next;
      } else if (m.type === "timeout") {
        if (m.seat === st.seat) st.timedOut = true;
        // The others hear it too: otherwise a seat just turns into a bot without a word.
        else if (st.table && st.table.seats[m.seat]) toast(t("timedOutOther", { name: st.table.seats[m.seat].name || `${t("seat")} ${m.seat + 1}`, level: levelName(m.level) }));
      } else if (m.type === "error") {
        if (m.code === "auth/bad_token") { tokens.dropSeat(id); }
        else if (FINAL.has(m.code)) { st.conn = m.code; st.refusal = m; st.refusalAt = Date.now(); }
        else { st.refusal = m; st.refusalAt = Date.now(); }
      }
      if (m.table) clocks.update(st.table);
      noteMover();
      draw();
      attention.update(myTurn(), gameTitle());
    };
    ws.onclose = () => {
      if (st.closed || FINAL.has(st.conn)) { draw(); return; }
      st.conn = "reconnecting";
      draw();
      const wait = Math.min(5000, 300 * 2 ** st.retry++);
      setTimeout(connect, wait);
    };
  }

  async function join(name, seat) {
    const { data, error } = await api("POST", `/api/tables/${id}/join`, { name, seat, player: playerKey() });
    if (error) { st.refusal = error; draw(); return; }
    localStorage.setItem("spieltisch.name", name);
    tokens.setSeat(id, data.seat, data.seat_token);
    if (st.ws) st.ws.close();
  }

  async function handTo(seat, level) {
    const { error } = await api("POST", `/api/tables/${id}/seats/${seat}/bot`, { level }, tokens.host(id));
    if (error) { st.refusal = error; draw(); }
  }

  // A bot's turn shows how long it has been thinking (the strongest take many seconds).
  function noteMover() {
    const mover = st.table ? seatToMove(GAMES[st.table.web], st.view) : null;
    const key = mover === null ? null : `${mover}:${st.table.plies}`;
    if (key !== st.mover) { st.mover = key; st.moverSince = Date.now(); }
  }

  function thinkingBot() {
    const seat = st.mover === null ? null : Number(st.mover.split(":")[0]);
    const info = seat === null || !st.table ? null : st.table.seats[seat];
    return info && info.kind === "bot" ? seat : null;
  }

  // Whether this browser's seat may act now (several seats may act at once in some phases).
  function myTurn() {
    const view = st.view;
    const mod = st.table && GAMES[st.table.web];
    if (st.seat === null || !view || view.over || !mod || st.table.status !== "running") return false;
    if (st.table.seats[st.seat] && st.table.seats[st.seat].kind === "bot") return false;
    const activeSeat = mod.activeSeat ? mod.activeSeat(view) : view.active_seat;
    return activeSeat === null || activeSeat === undefined ? view.legal_actions.length > 0 : activeSeat === st.seat;
  }

  function gameTitle() {
    const game = (st.games || []).find((g) => st.table && g.name === st.table.game);
    return game ? game.title : null;
  }

  function thinkingText() {
    return t("thinking", { s: Math.floor((Date.now() - st.moverSince) / 1000) });
  }

  const ticker = setInterval(() => {
    for (const node of page.querySelectorAll(".thinking")) node.textContent = thinkingText();
    clocks.tick(page);
  }, 500);

  function names() {
    // A person's seat played by a bot (handed over, or a stand-in after resigning) keeps his name.
    // A seat nobody has taken yet is "Platz 2" (its state says "frei"), not a "Gast".
    return (st.table ? st.table.seats : []).map((s) => s.kind === "bot" ? (s.name ? `${s.name} (${t("bot")}: ${levelName(s.level)})` : `${t("bot")} ${s.seat + 1} (${levelName(s.level)})`) : (s.name || (s.taken ? t("anonymous") : `${t("seat")} ${s.seat + 1}`)));
  }

  function draw() {
    const mod = st.table && GAMES[st.table.web];
    if (st.conn === "table/not_found") { page.replaceChildren(el("p", { class: "card" }, t("notFound"), " ", el("a", { href: "/", "data-link": true }, t("toLobby")))); return; }
    if (st.conn === "table/closed" || st.conn === "table/expired") {
      page.replaceChildren(el("div", { class: "card", id: "gone" }, el("h2", {}, st.conn === "table/closed" ? t("closedByHost") : t("expiredTable")), el("a", { class: "button", href: "/", "data-link": true }, t("toLobby"))));
      return;
    }
    if (st.conn === "table/not_live") {
      page.replaceChildren(el("div", { class: "card" }, el("h2", {}, t("gameOver")), el("a", { class: "button", href: `/replay/${id}`, "data-link": true }, t("replay"))));
      return;
    }
    const ns = names();
    const view = st.view;
    const resigned = resignedSeats(st.log);
    // This browser plays its seat itself: not after resigning, not while a bot holds it
    // (time ran out, handed over); then it is not "my turn" and the board takes no moves.
    const seatInfo = st.table && st.seat !== null ? st.table.seats[st.seat] : null;
    const playing = Boolean(seatInfo && seatInfo.kind === "human" && !resigned.includes(st.seat));
    life.over = Boolean(view && view.over);
    if (st.table) rules.setGame(st.table.game, GAMES[st.table.web]);
    const header = el("div", { class: "status-bar", id: "status", "aria-live": "polite" }, el("span", { class: "status-text" }, statusText(view, ns, playing)), st.table ? rules.button() : null);
    const refusal = el("p", { class: "refusal", id: "refusal", role: "alert", hidden: !st.refusal }, refusalWords());
    const board = el("div", { class: "board-wrap", id: "board" });
    const side = el("aside", { class: "side" });
    if (view && mod) {
      const interactive = playing && !view.over && view.legal_actions.length > 0;
      mod.renderBoard(board, view, {
        interactive, onAction: act, selected: st.selected, names: ns, last: st.last ? mod.touched(st.last) : null,
        setSelected: (sq) => { st.selected = sq; st.refusal = null; draw(); },
        refuse: (why) => { st.refusal = why; st.refusalAt = Date.now(); draw(); },
        send, seat: st.seat, table: st.table,
      });
      side.append(mod.renderPanel(view, { names: ns, mySeat: st.seat }));
      if (view.over && view.result) {
        side.append(resultBox(view.result, ns, mod));
        const again = rematchBox(id, life, st.seat, (error) => { st.refusal = error; st.refusalAt = Date.now(); draw(); });
        if (again) side.append(again);
        side.append(el("div", { class: "row after-game" },
          el("a", { class: "button", href: `/replay/${id}`, "data-link": true, id: "to-replay" }, t("replay")),
          st.seat !== null ? reviewLink(id, st.seat) : null));
      }
      if (st.seat !== null && resigned.includes(st.seat) && !view.over) side.append(el("p", { class: "card muted", id: "you-resigned" }, t("youResigned")));
      if (playing && !view.over) side.append(moveForm(act, view));
      if (playing && !view.over && view.legal_actions.includes("pass")) side.append(el("button", { class: "button primary", id: "pass", onclick: () => act("pass") }, t("pass")));
    } else if (st.table && st.table.status === "open") {
      board.append(waitingBox());
    }
    if (st.table) side.append(seatList(ns, resigned));
    const mySeat = st.table && st.seat !== null ? st.table.seats[st.seat] : null;
    if (mySeat && mySeat.kind === "human") st.timedOut = false;
    const running = st.table && st.table.status === "running" && view && !view.over;
    // A bot holds my seat: the time ran out just now, or (after a reload, a hand-over by
    // the host) earlier; either way the way back is one tap away.
    const botHolds = running && mySeat && mySeat.kind === "bot" && !resigned.includes(st.seat);
    const notice = botHolds ? el("p", { class: "card timeout-note", id: "timed-out", role: "status" }, st.timedOut ? t("timedOut") : t("botHoldsSeat"), " ",
      el("button", { class: "button small primary", type: "button", onclick: () => send({ type: "take_back" }) }, t("takeMySeatBack"))) : null;
    const notify = running && playing ? attention.button(() => draw()) : null;
    if (notify) side.append(el("p", { class: "notify-row" }, notify));
    if (view && mod && st.seat !== null && !view.over && st.table.status === "running" && !resigned.includes(st.seat)) {
      const info = (st.games || []).find((g) => g.name === st.table.game) || {};
      side.append(resignBox(life, st.table.game, info.resign_rule, send, () => draw()));
    }
    const links = historyLinks(life);
    if (links) side.append(links);
    if (st.table && st.table.status === "open") side.append(inviteBox());
    if (st.table && st.table.status === "open" && !st.invite) inviteBase().then((b) => { st.invite = b; draw(); });
    if (st.table) { chat.names(ns, st.table.seats.map((s) => Boolean(s.name))); side.append(chat.node); }
    if (view && mod) side.append(logBox(mod, ns));
    const active = document.activeElement;
    const focusId = active && active.id;
    const focusSquare = active && active.dataset ? active.dataset.square : null;
    const typed = page.querySelector("#move") ? page.querySelector("#move").value : "";
    page.replaceChildren(header, refusal, ...(notice ? [notice] : []), el("div", { class: "play" }, board, side));
    if (st.table) chat.attached();
    // Keep what the player was doing across redraws: typed text and keyboard focus.
    const move = page.querySelector("#move");
    if (move && typed && !st.sent) move.value = typed;
    st.sent = false;
    const again = focusSquare ? page.querySelector(`[data-square="${focusSquare}"][tabindex]`) : focusId ? page.querySelector(`#${focusId}`) : null;
    if (again && page.contains(again)) again.focus();
  }

  // A refused move names its rule; the id opens the rule's text in the rules panel.
  function refusalWords() {
    if (st.refusal && st.refusal.hint) return t(st.refusal.hint, st.refusal.params);
    const parts = refusalParts(st.refusal, st.table && st.table.game);
    if (!parts) return describeError(st.refusal, st.table && st.table.game);
    const link = rules.ruleLink(parts.rule, () => rules.show(parts.rule));
    return [parts.words, " [", link, "]", parts.text ? `: ${parts.text}` : ""];
  }

  // Who gave up, by the name he played under (his seat may have gone to a stand-in bot).
  function resignerName(seat, ns) {
    const info = st.table && st.table.seats[seat];
    return (info && info.name) || ns[seat];
  }

  function statusText(view, ns, playing) {
    if (st.conn === "reconnecting") return el("span", { class: "warn" }, t("reconnecting"));
    if (!st.table) return t("connecting");
    if (st.table.status === "open") return t("waiting");
    if (!view) return t("connecting");
    if (view.over) {
      const w = view.result ? view.result.winners : [];
      const gaveUp = resignedSeats(st.log).map((s) => `${resignerName(s, ns)} ${t("resigned")}`).join(", ");
      return el("span", { class: "over" }, `${t("gameOver")}${gaveUp ? ` (${gaveUp})` : ""} – ${w.length === 1 ? t("winner", { name: ns[w[0]] }) : w.length > 1 && w.length < ns.length ? t("winners", { names: w.map((i) => ns[i]).join(", ") }) : t("draw")}`);
    }
    const mod = GAMES[st.table.web];
    const activeSeat = mod.activeSeat ? mod.activeSeat(view) : view.active_seat;
    // Several seats may act at once (a finale's throws): then "your turn" means "you may act".
    const simultaneous = activeSeat === null || activeSeat === undefined;
    const mine = playing && (simultaneous ? view.legal_actions.length > 0 : activeSeat === st.seat);
    const turn = mine ? el("strong", { class: "myturn" }, t("yourTurn"))
      : el("span", {}, simultaneous ? t("othersTurn") : t("turnOf", { name: ns[activeSeat] }));
    const bot = thinkingBot();
    const thinking = bot !== null && bot === activeSeat ? el("span", { class: "thinking", id: "thinking" }, thinkingText()) : null;
    // The clock of the seat to move (or, when several may act, this browser's own).
    const timed = simultaneous ? (mine ? st.seat : null) : activeSeat;
    const clock = timed !== null && clocks.left(timed) !== null ? clocks.badge(timed, { id: "turn-clock" }) : null;
    return el("span", {}, turn, clock ? " · " : null, clock, thinking ? " · " : null, thinking, st.seat === null ? el("span", { class: "muted" }, ` · ${t("spectating")}`) : null);
  }

  function waitingBox() {
    const mine = tokens.seat(id);
    const box = el("div", { class: "card waiting" }, el("h2", {}, t("waiting")), el("p", { class: "muted" }, t("seatsFilled")));
    if (!mine && st.table.seats.some((s) => s.kind === "human" && !s.taken && !s.reserved)) {
      const input = el("input", { id: "join-name", maxlength: 40, required: true, value: localStorage.getItem("spieltisch.name") || "" });
      const form = el("form", { class: "join-form", onsubmit: (e) => { e.preventDefault(); join(input.value.trim(), null); } },
        el("label", { for: "join-name" }, t("yourName")), input, el("button", { class: "button primary", type: "submit", id: "join" }, t("join")));
      box.append(form);
    }
    // The host may close a table nobody has started playing (a second click confirms).
    if (tokens.host(id)) box.append(el("p", {}, el("button", { class: "button small danger", type: "button", id: "close-table", onclick: closeTable }, st.closeAsked ? t("closeSure") : t("closeTable"))));
    return box;
  }

  async function closeTable() {
    if (!st.closeAsked) { st.closeAsked = true; draw(); return; }
    const { error } = await api("POST", `/api/tables/${id}/close`, null, tokens.host(id));
    if (error) { st.refusal = error; draw(); }
  }

  function inviteBox() {
    const where = st.invite || { base: location.origin, local: false };
    const link = `${where.base}/t/${id}`;
    const input = el("input", { readonly: true, value: link, id: "invite", "aria-label": t("invite") });
    return el("div", { class: "card invite" }, el("h3", {}, t("invite")), el("div", { class: "row" }, input,
      el("button", { class: "button small", type: "button", onclick: async (e) => { try { await navigator.clipboard.writeText(link); e.target.textContent = t("copied"); } catch { input.select(); } } }, t("copy"))),
      where.local ? el("p", { class: "muted small", id: "invite-local" }, t("inviteLocal")) : null);
  }

  function seatList(ns, resigned) {
    const host = tokens.host(id);
    const running = st.table.status === "running";
    return el("div", { class: "card seats-list" }, el("h3", {}, t("players")), el("ul", {}, st.table.seats.map((s) => {
      const state = resigned.includes(s.seat) ? (s.kind === "bot" ? `${t("bot")} · ${t("resigned")}` : t("resigned")) : s.kind === "bot" ? t("bot") : s.reserved ? t("reservedFor", { name: s.name }) : !s.taken ? t("free") : s.online ? t("online") : t("offline");
      const controls = [];
      if (host && running && s.name) {
        // The server lets a bot take over only an away seat or one idle on its turn.
        if (s.kind === "human" && s.seat !== st.seat) {
          const level = el("select", { class: "small", "aria-label": t("botLevel") }, (st.levels || ["random"]).map((l) => el("option", { value: l }, levelName(l))));
          controls.push(level, el("button", { class: "button small", onclick: () => handTo(s.seat, level.value) }, t("handToBot")));
        }
        // A resigned seat is not given back (the server refuses it: table/seat_resigned).
        if (s.kind === "bot" && !resigned.includes(s.seat)) controls.push(el("button", { class: "button small", onclick: () => handTo(s.seat, null) }, t("takeBack")));
      }
      // On a table that has not started, a seat nobody has taken (or one held for a
      // rematch player who has not come) may go to a bot; the last one starts the game.
      if (host && st.table.status === "open" && s.kind === "human" && !s.taken) {
        // The levels come with the game list, which may arrive after the table; the
        // choice is kept across redraws (a player coming online redraws the list).
        const known = ((st.games || []).find((g) => g.name === st.table.game) || {}).bot_levels || ["random"];
        st.seatLevels = st.seatLevels || {};
        const chosen = st.seatLevels[s.seat] || known[0];
        const level = el("select", { class: "small", id: `seat-level-${s.seat}`, "aria-label": t("botLevel"), onchange: (e) => { st.seatLevels[s.seat] = e.target.value; } },
          known.map((l) => el("option", { value: l, selected: l === chosen }, levelName(l))));
        controls.push(level, el("button", { class: "button small", type: "button", id: `seat-bot-${s.seat}`, onclick: () => handTo(s.seat, level.value) }, t("seatBot")));
      }
      if (running && s.seat === st.seat && s.kind === "bot" && !resigned.includes(s.seat)) controls.push(el("button", { class: "button small", id: "take-seat-back", onclick: () => send({ type: "take_back" }) }, t("takeMySeatBack")));
      const thinking = thinkingBot() === s.seat ? el("span", { class: "thinking small" }, thinkingText()) : null;
      return el("li", { class: s.online ? "on" : "" }, el("span", { class: `dot ${s.online || s.kind === "bot" ? "on" : ""}` }), el("span", {}, ns[s.seat]),
        s.seat === st.seat ? el("span", { class: "badge" }, t("you")) : null, el("span", { class: "muted small" }, state), thinking, s.kind === "human" ? clocks.badge(s.seat) : null, ...controls);
    })));
  }

  // The seats' names at each log entry. A move says whether a bot made it (the server's
  // ``bot``: its level, kept in the database, so also after a restart); a game stored before
  // the server kept that does not, and then a resigned seat's later moves are its
  // stand-in's. A seat is named by who made its last move so far.
  function logNames(log, ns) {
    const seats = st.table ? st.table.seats : [];
    const by = seats.map(() => null); // level of the bot playing the seat, null: the person
    const gone = new Set();
    return log.map((entry) => {
      const s = seats[entry.seat];
      if (s) by[entry.seat] = entry.bot ?? (gone.has(entry.seat) ? s.level || "random" : null);
      for (const e of entry.events) if (e.type === "resign") gone.add(e.seat);
      return seats.map((x, i) => (x.name ? (by[i] ? `${x.name} (${t("bot")}: ${levelName(by[i])})` : x.name) : ns[i]));
    });
  }

  function logBox(mod, ns) {
    // Resigning is the same in every game, so its line is written here, in its place.
    const gaveUp = st.log.flatMap((s) => s.events.filter((e) => e.type === "resign").map((e) => ({ ply: s.ply, type: "resign", text: `${resignerName(e.seat, ns)} ${t("resigned")}` })));
    const rules = st.log.map((s) => ({ ...s, events: s.events.filter((e) => e.type !== "resign") }));
    // Each run of moves is named as its seats were played then (a person, or a bot for him).
    const eras = logNames(rules, ns);
    const moves = [];
    let game = 1;
    for (let i = 0; i < rules.length;) {
      let j = i + 1;
      while (j < rules.length && eras[j].join("\n") === eras[i].join("\n")) j += 1;
      moves.push(...mod.describeLog(rules.slice(i, j), eras[i], game));
      for (const s of rules.slice(i, j)) for (const e of s.events) if (e.type === "game_start" && e.game) game = e.game;
      i = j;
    }
    const lines = [...moves, ...gaveUp].sort((a, b) => (a.ply ?? 0) - (b.ply ?? 0));
    const list = el("ol", { class: "log", id: "log", reversed: true }, lines.slice(-200).reverse().map((l) => el("li", { class: l.type }, l.text)));
    return el("div", { class: "card" }, el("h3", {}, t("log")), list);
  }

  // What each rule says, so a refusal reads as the rule in the player's language.
  api("GET", "/api/games").then(({ data }) => {
    if (!data) return;
    learnRules(data);
    const game = data.find((g) => st.table && g.name === st.table.game) || {};
    st.levels = game.bot_levels;
    st.games = data;
    draw();
  });
  connect();
  draw();
  return () => { attention.reset(); rules.hide(); rules.node.remove(); stopWatching(); st.closed = true; clearInterval(ticker); if (st.ws) st.ws.close(); };
}

function moveForm(act, view) {
  const example = view.legal_actions.length ? ` (${view.legal_actions[0]})` : "";
  const input = el("input", { id: "move", "aria-label": t("moveInput"), placeholder: t("moveInput") + example, maxlength: 40, autocomplete: "off", list: "legal" });
  const list = el("datalist", { id: "legal" }, view.legal_actions.slice(0, 200).map((a) => el("option", { value: a })));
  return el("form", { class: "move-form", onsubmit: (e) => { e.preventDefault(); if (input.value.trim()) act(input.value.trim()); } },
    input, list, el("button", { class: "button", type: "submit" }, t("send")));
}

// The final standings, best first; a game may write its scores its own way (money).
export function resultBox(result, ns, mod) {
  // A game ended by resignation has no score of its own: who gave up says it all.
  if (result.reason === "resigned") {
    const gaveUp = result.details.resigned || [];
    const order = result.ranks.map((_, seat) => seat).sort((a, b) => result.ranks[a] - result.ranks[b] || a - b);
    const rows = order.map((seat) => el("tr", { class: result.winners.includes(seat) ? "win" : "", "data-seat": seat },
      el("td", {}, String(result.ranks[seat])), el("td", {}, ns[seat]), el("td", { class: "muted" }, gaveUp.includes(seat) ? t("resigned") : "")));
    return el("div", { class: "card result", id: "result" }, el("h3", {}, t("result")), el("table", {}, el("tr", {}, el("th", {}, "#"), el("th", {}, t("players")), el("th", {}, "")), rows));
  }
  const tiles = result.details && result.details.tiles;
  const score = (v) => (mod && mod.scoreText ? mod.scoreText(v, result) : String(v));
  const order = result.scores.map((_, seat) => seat).sort((a, b) => result.ranks[a] - result.ranks[b] || a - b);
  const rows = order.map((seat) => el("tr", { class: result.winners.includes(seat) ? "win" : "", "data-seat": seat },
    el("td", {}, String(result.ranks[seat])), el("td", {}, ns[seat]), el("td", {}, score(result.scores[seat])),
    tiles ? el("td", {}, String(tiles[seat])) : null));
  const head = el("tr", {}, el("th", {}, "#"), el("th", {}, t("players")), el("th", {}, t("points")), tiles ? el("th", {}, t("tiles")) : null);
  return el("div", { class: "card result", id: "result" }, el("h3", {}, t("result")), el("table", {}, head, rows));
}
