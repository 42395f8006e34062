// The table page's game log: each game's module writes its moves, this names the seats as
// they were played then (a person, or a bot for him) and adds who gave up.
import { el } from "./api.js";
import { levelName, t } from "./i18n.js";

/** Who gave up, by the name he played under (his seat may have gone to a stand-in bot). */
export function resignerName(table, seat, ns) {
  const info = table && table.seats[seat];
  return (info && info.name) || ns[seat];
}

// The seats' names at each log entry. A move says whether a bot made it (the server's
// ``bot``: its level, kept in the database, so also after a restart); a game stored before
// the server kept that does not, and then a resigned seat's later moves are its
// stand-in's. A seat is named by who made its last move so far.
function logNames(table, log, ns) {
  const seats = table ? table.seats : [];
  const by = seats.map(() => null); // level of the bot playing the seat, null: the person
  const gone = new Set();
  return log.map((entry) => {
    const s = seats[entry.seat];
    if (s) by[entry.seat] = entry.bot ?? (gone.has(entry.seat) ? s.level || "random" : null);
    for (const e of entry.events) if (e.type === "resign") gone.add(e.seat);
    return seats.map((x, i) => (x.name ? (by[i] ? `${x.name} (${t("bot")}: ${levelName(by[i])})` : x.name) : ns[i]));
  });
}

/** The log card: the newest 200 lines first, each numbered with its move (several lines
 * of one move share its number). */
export function logBox(table, log, mod, ns) {
  // Resigning is the same in every game, so its line is written here, in its place.
  const gaveUp = log.flatMap((s) => s.events.filter((e) => e.type === "resign").map((e) => ({ ply: s.ply, type: "resign", text: `${resignerName(table, e.seat, ns)} ${t("resigned")}` })));
  const rules = log.map((s) => ({ ...s, events: s.events.filter((e) => e.type !== "resign") }));
  // Each run of moves is named as its seats were played then (a person, or a bot for him).
  const eras = logNames(table, rules, ns);
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
  const list = el("ol", { class: "log", id: "log", reversed: true }, lines.slice(-200).reverse().map((l) => el("li", { class: l.type, value: Number.isInteger(l.ply) ? l.ply + 1 : null }, l.text)));
  return el("div", { class: "card" }, el("h3", {}, t("log")), list);
}
