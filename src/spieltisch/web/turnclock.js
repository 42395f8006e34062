// Turn clocks on the table page: per seat the time left to move, counting down between
// the server's messages. The server sends, with every table summary, the seconds each
// seat has left (null: not to move) and, for a time bank, each seat's bank; the page
// counts from the moment it heard them, so the browser's own clock setting never matters.
import { el } from "./api.js";
import { t } from "./i18n.js";

// Seconds left under which a clock turns red: ten, or a quarter of a very short limit.
const low = (clock) => Math.min(10, clock.seconds / 4);

/** "0:42", "2:00" for live play; "1 T 3 h", "5 h 12 min" for correspondence. */
export function clockText(seconds, mode) {
  const s = Math.max(0, Math.ceil(seconds));
  if (mode !== "correspondence" || s < 3600) return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  const days = Math.floor(s / 86400);
  const hours = Math.floor((s % 86400) / 3600);
  if (days) return t("clockDays", { d: days, h: hours });
  return t("clockHours", { h: hours, m: Math.floor((s % 3600) / 60) });
}

/** How a table's limit reads in a list: "1 min pro Zug", "2 Tage pro Zug", "Zeitkonto 3+2". */
export function limitText(clock) {
  const s = clock.seconds;
  if (clock.mode === "bank") return t("bankLimit", { base: s % 60 === 0 ? s / 60 : (s / 60).toFixed(1), inc: clock.increment });
  const amount = s === 86400 ? t("oneDay") : s % 86400 === 0 ? t("days", { n: s / 86400 }) : s === 3600 ? t("oneHour") : s % 3600 === 0 ? t("hours", { n: s / 3600 }) : s % 60 === 0 ? `${s / 60} min` : `${s} s`;
  return t("perMove", { time: amount });
}

export function createClocks() {
  let clock = null;
  let heard = 0;
  const left = (seat) => {
    if (!clock || clock.left[seat] === null || clock.left[seat] === undefined) return null;
    return Math.max(0, clock.left[seat] - (performance.now() - heard) / 1000);
  };
  const paint = (node) => {
    const seat = Number(node.dataset.clockSeat);
    const s = left(seat);
    const idle = clock.bank ? clock.bank[seat] : clock.seconds;
    node.textContent = clockText(s === null ? idle : s, clock.mode);
    node.classList.toggle("running", s !== null);
    node.classList.toggle("low", s !== null && s <= low(clock));
  };
  return {
    /** Remember the clock of a table summary that just arrived. */
    update(table) { clock = (table && table.status === "running" && table.clock) || null; heard = performance.now(); },
    left,
    /** A seat's clock: counting down while it is to move, its full time (or its bank) otherwise. */
    badge(seat, extra = {}) {
      if (!clock) return null;
      const node = el("span", { class: "turn-clock", "data-clock-seat": seat, role: "timer", title: limitText(clock), ...extra });
      paint(node);
      return node;
    },
    /** Count the clocks on ``root`` down (called twice a second). */
    tick(root) { if (clock) root.querySelectorAll("[data-clock-seat]").forEach(paint); },
  };
}
