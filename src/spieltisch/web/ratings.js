// Leaderboards (/ratings/{game}): players and bot levels on one scale, best first, and
// the bot levels' ratings the lobby shows where bots are picked.
import { api, el } from "./api.js";
import { describeError, levelName, t } from "./i18n.js";
import { identity } from "./players.js";

let botRatings = null;

/** Per game and level, the anchored bot's rating ({} until loaded; loaded once). */
export async function loadBotRatings() {
  if (!botRatings) {
    const { data } = await api("GET", "/api/ratings");
    botRatings = (data && data.games) || {};
  }
  return botRatings;
}

/** Whether ``level``'s strength in ``game`` is measured: only then is a game against it
 * rated (the server refuses a rated table otherwise). */
export function anchoredLevel(game, level) {
  return Boolean(botRatings && botRatings[game] && botRatings[game][level] !== undefined);
}

let myRatings = null;

/** This browser's player's rating per game ({} for a guest or before loading). */
export async function loadMyRatings() {
  const me = identity();
  if (!me) return {};
  if (!myRatings) {
    const { data } = await api("GET", `/api/players/${encodeURIComponent(me.id)}`);
    myRatings = (data && data.ratings) || {};
  }
  return myRatings;
}

/** "Deine Wertung: 1432" for ``game`` (a new player's provisional rating when he has none). */
export function myRatingText(game) {
  const r = myRatings && myRatings[game];
  return r ? t("pl.myRating", { rating: r.rating, games: r.games }) : t("pl.myRatingNone");
}

/** A seat's rating on the table's players card: a bot level's anchor, or the rating of
 * this browser's signed-in player in his own seat; null for anybody else. */
export function seatRating(game, seat, mine) {
  if (seat.kind === "bot") {
    const r = botRatings && botRatings[game] && botRatings[game][seat.level];
    return r === undefined || r === null ? null : String(r);
  }
  const r = mine && myRatings && myRatings[game];
  return r ? String(r.rating) : null;
}

/** "Regelbot · 1180": a level as the lobby offers it (an option's label, so its text
 * stays the level's name). */
export function levelWithRating(game, level) {
  const r = botRatings && botRatings[game] && botRatings[game][level];
  return r === undefined ? levelName(level) : `${levelName(level)} · ${r}`;
}

export function renderLeaderboard(root, game) {
  let alive = true;
  root.replaceChildren(el("p", { class: "muted" }, t("connecting")));
  Promise.all([api("GET", "/api/games"), api("GET", `/api/ratings/${encodeURIComponent(game)}`)]).then(([games, board]) => {
    if (!alive) return;
    const rated = (games.data || []).filter((g) => g.turn_clock);
    const tabs = el("nav", { class: "game-tabs", "aria-label": t("game") }, rated.map((g) =>
      el("a", { href: `/ratings/${g.name}`, "data-link": true, class: `button small${g.name === game ? " primary" : ""}`, "aria-current": g.name === game ? "page" : null }, g.title)));
    const known = (games.data || []).find((g) => g.name === game);
    const title = known ? known.title : game;
    const head = el("div", { class: "profile-head" }, el("h1", { class: "page-title" }, t("lb.title", { game: title })));
    // A game played in real time has no rating: say so in words, not as an error.
    if (known && !rated.includes(known)) { root.replaceChildren(el("div", { class: "leaderboard" }, head, tabs, el("p", { class: "card", id: "unrated" }, t("lb.unrated", { game: title })))); return; }
    if (board.error) { root.replaceChildren(head, tabs, el("p", { class: "error card" }, describeError(board.error))); return; }
    root.replaceChildren(el("div", { class: "leaderboard" }, head, tabs, table(board.data.entries), el("p", { class: "muted small", id: "scale-note" }, t("lb.scale"))));
  });
  return () => { alive = false; };
}

function table(entries) {
  const me = identity();
  let rank = 0;
  return el("section", { class: "card" }, el("table", { class: "grid", id: "leaderboard" },
    el("thead", {}, el("tr", {}, [t("lb.rank"), t("pl.name"), t("pl.rating"), t("pl.games")].map((h) => el("th", {}, h)))),
    el("tbody", {}, entries.map((e) => {
      const bot = e.kind === "bot";
      if (!bot) rank += 1;
      const who = bot
        ? el("span", {}, el("span", { class: "badge" }, t("bot")), " ", levelName(e.level))
        : el("a", { href: `/p/${e.player}`, "data-link": true }, e.name);
      return el("tr", { class: `${bot ? "lb-bot" : "lb-player"}${me && me.id === e.player ? " me" : ""}`, "data-kind": e.kind },
        el("td", { class: "num" }, bot ? "" : String(rank)), el("td", {}, who),
        el("td", { class: "num rating" }, String(e.rating)), el("td", { class: "num" }, bot ? t("lb.anchored") : String(e.games)));
    }))));
}
