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

/** A signed-in player's own seat at this table, claimed for this browser when it holds no
 *  token of it: his seats follow him to every device he signs in on (a guest's stays in
 *  the browser that took it). The token comes in the answer's body, never in a URL. */
export async function claimOwnSeat(id) {
  const key = playerKey();
  if (!key || tokens.seat(id)) return;
  const { data } = await api("GET", "/api/players/me/tables", null, key);
  const tb = (data || []).find((x) => x.id === id);
  if (!tb) return;
  const got = await api("POST", `/api/tables/${id}/seats/${tb.seat}/claim`, null, key);
  if (got.data) tokens.setSeat(id, got.data.seat, got.data.seat_token);
}

async function join(P, name, seat) {
  const { data, error } = await api("POST", `/api/tables/${P.id}/join`, { name, seat, player: playerKey() });
  if (error) { P.st.refusal = error; P.draw(); return; }
  localStorage.setItem("spieltisch.name", name);
  tokens.setSeat(P.id, data.seat, data.seat_token);
  if (P.st.ws) P.st.ws.close();
}

async function handTo(P, seat, level) {
  // The host's token, else this browser's seat's: anyone seated may hand an away seat over.
  const token = tokens.host(P.id) || (tokens.seat(P.id) || {}).token;
  const { error } = await api("POST", `/api/tables/${P.id}/seats/${seat}/bot`, { level }, token);
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

// Whether a person's seat may go to a bot now: the server says in how many seconds
// (handover_in, null: not while things stay so) with each table update.
function mayHandOver(st, s) {
  return s.handover_in !== null && s.handover_in !== undefined && Date.now() >= (st.tableAt || 0) + s.handover_in * 1000;
}

/** The seats whose hand-over control shows now, as one text (the page redraws when it changes). */
export function handoverDue(st) {
  return st.table ? st.table.seats.filter((s) => mayHandOver(st, s)).map((s) => s.seat).join(",") : "";
}

// The hand-over controls of a seat, and the way back to one's own seat a bot holds.
function seatControls(P, s, resigned) {
  const { st, id } = P;
  const host = tokens.host(id);
  const seated = st.seat !== null && st.seat !== undefined;
  const running = st.table.status === "running";
  const controls = [];
  // The levels come with the game list, which may arrive before or after the table.
  const known = ((st.games || []).find((g) => g.name === st.table.game) || {}).bot_levels || ["random"];
  // Chosen levels are kept across redraws (every move and every player coming online redraws).
  st.seatLevels = st.seatLevels || {};
  if ((host || seated) && running && s.name) {
    // Only a seat away (or idle on its turn) past its grace, never in a rated or
    // correspondence game: the host or anyone seated may let a bot play it on.
    if (s.kind === "human" && s.seat !== st.seat && mayHandOver(st, s)) {
      const chosen = st.seatLevels[s.seat] || (known.includes("rules") ? "rules" : known[Math.min(1, known.length - 1)]);
      const level = el("select", { class: "small", id: `handover-level-${s.seat}`, "aria-label": t("botLevel"), onchange: (e) => { st.seatLevels[s.seat] = e.target.value; } },
        known.map((l) => el("option", { value: l, selected: l === chosen }, levelName(l))));
      controls.push(level, el("button", { class: "button small", id: `handover-${s.seat}`, onclick: () => handTo(P, s.seat, level.value) }, t("handToBot")));
    }
    // A resigned seat is not given back (the server refuses it: table/seat_resigned).
    if (host && s.kind === "bot" && !resigned.includes(s.seat)) controls.push(el("button", { class: "button small", onclick: () => handTo(P, s.seat, null) }, t("takeBack")));
  }
  // On a table that has not started, a seat nobody has taken (or one held for a
  // rematch player who has not come) may go to a bot; the last one starts the game.
  if (host && st.table.status === "open" && s.kind === "human" && !s.taken) {
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
  // A guest's seat lives in this browser only; he is told so, and how to take it along.
  const guest = st.seat !== null && !playerKey() && st.table.status !== "finished"
    ? el("p", { class: "muted small", id: "guest-seat" }, t("guestSeats"), " ", el("a", { href: "/players", "data-link": true }, t("guestSeatsLink"))) : null;
  return el("div", { class: "card seats-list" }, el("h3", {}, t("players")), el("ul", {}, st.table.seats.map((s) => {
    const thinking = thinkingBot(st) === s.seat ? el("span", { class: "thinking small" }, thinkingText(st)) : null;
    const rating = seatRating(st.table.game, s, s.seat === st.seat && playerKey());
    return el("li", { class: s.online ? "on" : "" }, el("span", { class: `dot ${s.online || s.kind === "bot" ? "on" : ""}` }), el("span", {}, ns[s.seat]),
      rating ? el("span", { class: "tag seat-rating", title: t("pl.rating") }, rating) : null,
      s.seat === st.seat ? el("span", { class: "badge" }, t("you")) : null, el("span", { class: "muted small" }, seatState(s, resigned)), thinking, s.kind === "human" ? P.clocks.badge(s.seat) : null, ...seatControls(P, s, resigned));
  })), guest);
}
