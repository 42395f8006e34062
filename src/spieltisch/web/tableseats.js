// The table page's seats: the players list with the host's bot controls, the waiting
// room of a table that has not started (join, close) and its invite link.
import { api, el, tokens } from "./api.js";
import { playerKey } from "./players.js";
import { levelName, t } from "./i18n.js";
import { thinkingBot, thinkingText } from "./tablestatus.js";
import { seatRating } from "./ratings.js";

// Where invite links point, asked once: a configured public address, the machine's LAN
// address when this page was opened as localhost, else the address this browser used.
let serverInfo = null;
export function inviteBase() {
  serverInfo = serverInfo || api("GET", "/api/server").then(({ data }) => data || {});
  return serverInfo.then((info) => {
    const loopback = ["localhost", "127.0.0.1", "[::1]"].includes(location.hostname);
    if (info.public_url) return { base: info.public_url, local: false };
    if (loopback && info.lan_url) return { base: info.lan_url, local: false };
    return { base: location.origin, local: loopback };
  });
}

async function join(P, name, seat) {
  const { data, error } = await api("POST", `/api/tables/${P.id}/join`, { name, seat, player: playerKey() });
  if (error) { P.st.refusal = error; P.draw(); return; }
  localStorage.setItem("spieltisch.name", name);
  tokens.setSeat(P.id, data.seat, data.seat_token);
  if (P.st.ws) P.st.ws.close();
}

async function handTo(P, seat, level) {
  const { error } = await api("POST", `/api/tables/${P.id}/seats/${seat}/bot`, { level }, tokens.host(P.id));
  if (error) { P.st.refusal = error; P.draw(); }
}

async function closeTable(P) {
  if (!P.st.closeAsked) { P.st.closeAsked = true; P.draw(); return; }
  const { error } = await api("POST", `/api/tables/${P.id}/close`, null, tokens.host(P.id));
  if (error) { P.st.refusal = error; P.draw(); }
}

/** The waiting room: a name to join with while a seat is free; the host may close it. */
export function waitingBox(P) {
  const { st, id } = P;
  const mine = tokens.seat(id);
  const box = el("div", { class: "card waiting" }, el("h2", {}, t("waiting")), el("p", { class: "muted" }, t("seatsFilled")));
  if (!mine && st.table.seats.some((s) => s.kind === "human" && !s.taken && !s.reserved)) {
    const input = el("input", { id: "join-name", maxlength: 40, required: true, value: localStorage.getItem("spieltisch.name") || "" });
    const form = el("form", { class: "join-form", onsubmit: (e) => { e.preventDefault(); join(P, input.value.trim(), null); } },
      el("label", { for: "join-name" }, t("yourName")), input, el("button", { class: "button primary", type: "submit", id: "join" }, t("join")));
    box.append(form);
  }
  // The host may close a table nobody has started playing (a second click confirms).
  if (tokens.host(id)) box.append(el("p", {}, el("button", { class: "button small danger", type: "button", id: "close-table", onclick: () => closeTable(P) }, st.closeAsked ? t("closeSure") : t("closeTable"))));
  return box;
}

/** The invite link of a table that has not started, with a copy button. */
export function inviteBox(P) {
  const where = P.st.invite || { base: location.origin, local: false };
  const link = `${where.base}/t/${P.id}`;
  const input = el("input", { readonly: true, value: link, id: "invite", "aria-label": t("invite") });
  return el("div", { class: "card invite" }, el("h3", {}, t("invite")), el("div", { class: "row" }, input,
    el("button", { class: "button small", type: "button", onclick: async (e) => { try { await navigator.clipboard.writeText(link); e.target.textContent = t("copied"); } catch { input.select(); } } }, t("copy"))),
    where.local ? el("p", { class: "muted small", id: "invite-local" }, t("inviteLocal")) : null);
}

// What a seat's row says of it: resigned, a bot, held for someone, free, on- or offline.
function seatState(s, resigned) {
  if (resigned.includes(s.seat)) return s.kind === "bot" ? `${t("bot")} · ${t("resigned")}` : t("resigned");
  if (s.kind === "bot") return t("bot");
  if (s.reserved) return t("reservedFor", { name: s.name });
  if (!s.taken) return t("free");
  return s.online ? t("online") : t("offline");
}

// The host's controls of a seat, and the way back to one's own seat a bot holds.
function seatControls(P, s, resigned) {
  const { st, id } = P;
  const host = tokens.host(id);
  const running = st.table.status === "running";
  const controls = [];
  // The levels come with the game list, which may arrive before or after the table.
  const known = ((st.games || []).find((g) => g.name === st.table.game) || {}).bot_levels || ["random"];
  if (host && running && s.name) {
    // The server lets a bot take over only a seat that has been away for its grace (or
    // idle on its turn), never in a rated or correspondence game; it says why otherwise.
    if (s.kind === "human" && s.seat !== st.seat) {
      const level = el("select", { class: "small", "aria-label": t("botLevel") }, known.map((l) => el("option", { value: l }, levelName(l))));
      controls.push(level, el("button", { class: "button small", onclick: () => handTo(P, s.seat, level.value) }, t("handToBot")));
    }
    // A resigned seat is not given back (the server refuses it: table/seat_resigned).
    if (s.kind === "bot" && !resigned.includes(s.seat)) controls.push(el("button", { class: "button small", onclick: () => handTo(P, s.seat, null) }, t("takeBack")));
  }
  // On a table that has not started, a seat nobody has taken (or one held for a
  // rematch player who has not come) may go to a bot; the last one starts the game.
  if (host && st.table.status === "open" && s.kind === "human" && !s.taken) {
    // The choice is kept across redraws (a player coming online redraws the list).
    st.seatLevels = st.seatLevels || {};
    const chosen = st.seatLevels[s.seat] || known[0];
    const level = el("select", { class: "small", id: `seat-level-${s.seat}`, "aria-label": t("botLevel"), onchange: (e) => { st.seatLevels[s.seat] = e.target.value; } },
      known.map((l) => el("option", { value: l, selected: l === chosen }, levelName(l))));
    controls.push(level, el("button", { class: "button small", type: "button", id: `seat-bot-${s.seat}`, onclick: () => handTo(P, s.seat, level.value) }, t("seatBot")));
  }
  if (running && s.seat === st.seat && s.kind === "bot" && !resigned.includes(s.seat)) controls.push(el("button", { class: "button small", id: "take-seat-back", onclick: () => P.send({ type: "take_back" }) }, t("takeMySeatBack")));
  return controls;
}

/** The players card: one row per seat with its name, state, clock and controls. */
export function seatList(P, ns, resigned) {
  const { st } = P;
  return el("div", { class: "card seats-list" }, el("h3", {}, t("players")), el("ul", {}, st.table.seats.map((s) => {
    const thinking = thinkingBot(st) === s.seat ? el("span", { class: "thinking small" }, thinkingText(st)) : null;
    const rating = seatRating(st.table.game, s, s.seat === st.seat && playerKey());
    return el("li", { class: s.online ? "on" : "" }, el("span", { class: `dot ${s.online || s.kind === "bot" ? "on" : ""}` }), el("span", {}, ns[s.seat]),
      rating ? el("span", { class: "tag seat-rating", title: t("pl.rating") }, rating) : null,
      s.seat === st.seat ? el("span", { class: "badge" }, t("you")) : null, el("span", { class: "muted small" }, seatState(s, resigned)), thinking, s.kind === "human" ? P.clocks.badge(s.seat) : null, ...seatControls(P, s, resigned));
  })));
}
