// The table page's status line: whose turn it is (from the server's envelope, the same in
// every game), whether this browser may act, a bot's thinking time, the turn clock, and
// the end of the game with its winners.
import { el } from "./api.js";
import { levelName, t } from "./i18n.js";
import { resignedSeats } from "./life.js";
import { resignerName } from "./tablelog.js";

/**
 * The one seat whose turn the page names, or null when nobody's or several seats' (a
 * finale's throws). The envelope says which seats may act; a real-time game where every
 * seat may act at any moment (a bell) names its turn's seat itself (``turnSeat``).
 */
export function seatToMove(st) {
  const env = st.envelope;
  if (!env || env.over) return null;
  const mod = st.mod;
  const seat = mod && mod.turnSeat ? mod.turnSeat(st.view) : env.to_move.length === 1 ? env.to_move[0] : null;
  return seat === null || seat === undefined || seat < 0 ? null : seat;
}

/** Whether this browser's seat may act now, when several may act at once. */
function mayAct(st) {
  return st.envelope.legal_actions.length > 0;
}

/** Remember since when the seat to move has been thinking (a bot's turn shows it). */
export function noteMover(st) {
  const mover = st.table ? seatToMove(st) : null;
  // Who plays the seat is part of the key: a bot taking over after a timeout starts
  // its own count at 0, not at the seconds its person let run out.
  const who = mover === null ? "" : (st.table.seats[mover] || {}).kind;
  const key = mover === null ? null : `${mover}:${st.table.plies}:${who}`;
  if (key !== st.mover) { st.mover = key; st.moverSince = Date.now(); }
}

/** The seat of the bot whose turn it is, if a bot's. */
export function thinkingBot(st) {
  const seat = st.mover === null ? null : Number(st.mover.split(":")[0]);
  const info = seat === null || !st.table ? null : st.table.seats[seat];
  return info && info.kind === "bot" ? seat : null;
}

export function thinkingText(st) {
  return t("thinking", { s: Math.floor((Date.now() - st.moverSince) / 1000) });
}

/** Whether this browser's seat may act now (several seats may act at once in some phases). */
export function myTurn(st) {
  const env = st.envelope;
  if (st.seat === null || !env || env.over || !st.mod || st.table.status !== "running") return false;
  if (st.table.seats[st.seat] && st.table.seats[st.seat].kind === "bot") return false;
  const seat = seatToMove(st);
  return seat === null ? mayAct(st) : seat === st.seat;
}

/** The seats' names: a person's seat played by a bot keeps his name; a free seat is "Platz 2". */
export function seatNames(table) {
  // A person's seat played by a bot (handed over, or a stand-in after resigning) keeps his name.
  // A seat nobody has taken yet is "Platz 2" (its state says "frei"), not a "Gast".
  return (table ? table.seats : []).map((s) => s.kind === "bot" ? (s.name ? `${s.name} (${t("bot")}: ${levelName(s.level)})` : `${t("bot")} ${s.seat + 1} (${levelName(s.level)})`) : (s.name || (s.taken ? t("anonymous") : `${t("seat")} ${s.seat + 1}`)));
}

// "Spiel beendet – Ada gewinnt", with who gave up.
function overText(st, ns) {
  const w = st.envelope.result ? st.envelope.result.winners : [];
  const gaveUp = resignedSeats(st.log).map((s) => `${resignerName(st.table, s, ns)} ${t("resigned")}`).join(", ");
  return el("span", { class: "over" }, `${t("gameOver")}${gaveUp ? ` (${gaveUp})` : ""} – ${w.length === 1 ? t("winner", { name: ns[w[0]] }) : w.length > 1 && w.length < ns.length ? t("winners", { names: w.map((i) => ns[i]).join(", ") }) : t("draw")}`);
}

/** The status line's words for the table's connection and game. */
export function statusText(P, ns, playing) {
  const { st, clocks } = P;
  if (st.conn === "reconnecting") return el("span", { class: "warn" }, t("reconnecting"));
  if (!st.table) return t("connecting");
  if (st.table.status === "open") return t("waiting");
  if (!st.view || !st.envelope) return t("connecting");
  if (st.envelope.over) return overText(st, ns);
  const activeSeat = seatToMove(st);
  // Several seats may act at once (a finale's throws): then "your turn" means "you may act".
  const simultaneous = activeSeat === null;
  const mine = playing && (simultaneous ? mayAct(st) : activeSeat === st.seat);
  const turn = mine ? el("strong", { class: "myturn" }, t("yourTurn"))
    : el("span", {}, simultaneous ? t("othersTurn") : t("turnOf", { name: ns[activeSeat] }));
  const bot = thinkingBot(st);
  const thinking = bot !== null && bot === activeSeat ? el("span", { class: "thinking", id: "thinking" }, thinkingText(st)) : null;
  // The clock of the seat to move (or, when several may act, this browser's own).
  const timed = simultaneous ? (mine ? st.seat : null) : activeSeat;
  const clock = timed !== null && clocks.left(timed) !== null ? clocks.badge(timed, { id: "turn-clock" }) : null;
  return el("span", {}, turn, clock ? " · " : null, clock, thinking ? " · " : null, thinking, st.seat === null ? el("span", { class: "muted" }, ` · ${t("spectating")}`) : null);
}
