// The table page's websocket: hello with the seat's token, every message into the page's
// state, and reconnecting with a growing pause unless the server's refusal is final.
import { tokens } from "./api.js";
import { describeError, levelName, t } from "./i18n.js";
import { gameModule } from "./games/index.js";
import { toast } from "./app.js";
import { claimOwnSeat } from "./tableseats.js";

const REFUSAL_SHOWN_MS = 4000;

// Refusals after which reconnecting would only be refused again (or push out another tab).
export const FINAL = new Set(["table/not_live", "table/not_found", "table/seat_crowded", "auth/origin", "table/closed", "table/expired", "table/abandoned"]);

/** The game's module for the table in ``m`` (mounted once, when the page first learns it). */
function useModule(P, table) {
  if (!table || P.st.mod) return P.st.mod;
  P.st.mod = gameModule(table.web);
  P.st.mod.mount({ send: P.send });
  return P.st.mod;
}

function onWelcome(P, m) {
  const { st } = P;
  st.retry = 0; st.conn = "live"; st.table = m.table; st.seat = m.seat; st.view = m.view; st.envelope = m.envelope; st.log = m.log;
  st.last = null;
  if (m.chat) P.chat.welcome(m.chat, m.seat);
}

function onStep(P, m) {
  const { st } = P;
  st.table = m.table; st.view = m.view; st.envelope = m.envelope; st.log.push({ ply: m.ply - 1, seat: m.seat, events: m.events, bot: m.bot });
  st.last = m.events; st.selected = null;
  // A refusal stays until the next own action, or, as the game goes on without one
  // (bell games), for a few seconds: long enough to read, not a stale alarm.
  if (st.refusal && Date.now() - st.refusalAt > REFUSAL_SHOWN_MS) st.refusal = null;
  // A game that has ended has no moves left to refuse: its last refusal is history.
  if (m.envelope && m.envelope.over) st.refusal = null;
}

function onTimeout(P, m) {
  const { st } = P;
  if (m.seat === st.seat) st.timedOut = true;
  // The others hear it too: otherwise a seat just turns into a bot without a word.
  else if (st.table && st.table.seats[m.seat]) toast(t("timedOutOther", { name: st.table.seats[m.seat].name || `${t("seat")} ${m.seat + 1}`, level: levelName(m.level) }));
}

function onError(P, m) {
  const { st, id } = P;
  if (m.code === "auth/bad_token") { tokens.dropSeat(id); }
  else if (FINAL.has(m.code)) { st.conn = m.code; st.refusal = m; st.refusalAt = Date.now(); }
  else { st.refusal = m; st.refusalAt = Date.now(); }
}

/** One message from the server; false when it needs no redraw of the page. */
function onMessage(P, m) {
  const { st } = P;
  const mod = useModule(P, m.table || st.table);
  if (mod && mod.onMessage) mod.onMessage(m, P.send); // real-time games: clock sync, timing
  if (m.type === "welcome") onWelcome(P, m);
  else if (m.type === "chat") { P.chat.add(m.message); return false; }
  else if (m.type === "error" && m.code.startsWith("chat/")) { P.chat.refused(describeError(m)); return false; }
  else if (m.type === "step") onStep(P, m);
  else if (m.type === "table") st.table = m.table;
  else if (m.type === "rematch") P.life.next = m.next;
  else if (m.type === "timeout") onTimeout(P, m);
  else if (m.type === "error") onError(P, m);
  if (m.table) { P.clocks.update(st.table); st.tableAt = Date.now(); }
  return true;
}

/** Open the table's socket (again after each loss, until the page is left). */
export async function connect(P) {
  const { st, id } = P;
  if (st.closed) return;
  await claimOwnSeat(id);
  if (st.closed) return;
  const mine = tokens.seat(id);
  const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/tables/${id}`);
  st.ws = ws;
  ws.onopen = () => ws.send(JSON.stringify({ type: "hello", token: mine ? mine.token : null }));
  ws.onmessage = (ev) => { if (onMessage(P, JSON.parse(ev.data))) P.changed(); };
  ws.onclose = () => {
    if (st.closed || FINAL.has(st.conn)) { P.draw(); return; }
    st.conn = "reconnecting";
    P.draw();
    const wait = Math.min(5000, 300 * 2 ** st.retry++);
    setTimeout(() => connect(P), wait);
  };
}
