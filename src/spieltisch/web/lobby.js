// The lobby: open a table (game, options with defaults, seats, bots) and list tables.
import { api, el, tokens } from "./api.js";
import { describeError, getLang, learnRules, levelName, optionText, pick, t } from "./i18n.js";
import { navigate } from "./app.js";
import { clockText, limitText } from "./turnclock.js";
import { identity, playerKey } from "./players.js";
import { anchoredLevel, levelWithRating, loadBotRatings, loadMyRatings, myRatingText } from "./ratings.js";
import { lessonLinks } from "./lesson.js";

const PAGE = 10;
const MINE_FINISHED = 5;
// A game that ended: by its rules, or abandoned by its people (both have a replay).
const ENDED = ["finished", "abandoned"];
// Turn clocks the lobby offers (seconds per move); the server takes any time in range.
const CLOCKS = { move: [30, 60, 120, 180], correspondence: [43200, 86400, 172800, 259200] };
// Time banks (base minutes + seconds per turn), the live presets of chess sites.
const BANKS = [[3, 2], [5, 3], [10, 5], [15, 10], [30, 20]];

// The tables this browser holds a seat or host token for (kept in localStorage by api.js).
function ownIds() {
  const ids = new Set();
  for (let i = 0; i < localStorage.length; i++) {
    const m = /^spieltisch\.(?:seat|host)\.([\w-]{1,32})$/.exec(localStorage.key(i) || "");
    if (m) ids.add(m[1]);
  }
  return [...ids].slice(0, 100);
}

export function renderLobby(root) {
  let alive = true;
  const formBox = el("section", { class: "card create" }, el("h2", {}, t("newTable")));
  const mineBox = el("section", { class: "card own-tables", id: "my-tables" }, el("h2", {}, t("myTables")));
  const listBox = el("section", { class: "card tables", id: "open-tables" }, el("h2", {}, t("openTables")));
  const doneBox = el("section", { class: "card finished", id: "finished-tables" }, el("h2", {}, t("finishedTables")));
  root.replaceChildren(el("div", { class: "lobby" }, formBox, el("div", { class: "lists" }, mineBox, listBox, doneBox)));

  const titles = {};
  const done = { items: [], more: false, paging: false };
  let ttl = null;
  Promise.all([api("GET", "/api/games"), loadBotRatings(), loadMyRatings()]).then(([{ data, error }]) => {
    if (!alive) return;
    if (error) { formBox.append(el("p", { class: "error" }, describeError(error))); return; }
    learnRules(data);
    data.forEach((g) => { titles[g.name] = g.title; });
    formBox.append(createForm(data));
    const learn = lessonLinks(data);
    if (learn) mineBox.before(learn);
  });
  api("GET", "/api/server").then(({ data }) => { ttl = data && data.open_table_ttl; });

  const loadDone = async (offset) => {
    const { data } = await api("GET", `/api/tables?status=finished&status=abandoned&limit=${PAGE + 1}&offset=${offset}`);
    if (!data || !alive) return;
    const page = data.slice(0, PAGE);
    done.items = offset ? [...done.items, ...page.filter((tb) => !done.items.some((x) => x.id === tb.id))] : page;
    done.more = data.length > PAGE;
  };
  const drawDone = () => {
    fill(doneBox, t("finishedTables"), done.items, titles, refresh);
    if (done.more) doneBox.append(el("button", { class: "button small more", type: "button", id: "more-finished", onclick: async () => {
      done.paging = true; // browsing older games: the first page no longer refreshes itself
      await loadDone(done.items.length);
      drawDone();
    } }, t("showMore")));
  };
  const refresh = async () => {
    const ids = ownIds();
    const key = playerKey();
    const [open, broken, here, signedIn] = await Promise.all([
      api("GET", "/api/tables?status=open&status=running"),
      api("GET", "/api/tables?status=broken"),
      ids.length ? api("GET", `/api/tables?${ids.map((i) => `id=${encodeURIComponent(i)}`).join("&")}`) : { data: [] },
      // A signed-in player's tables come from the server, whichever device he is on.
      key ? api("GET", "/api/players/me/tables", null, key) : { data: [] },
      done.paging ? null : loadDone(0),
    ]);
    if (!alive) return;
    const seen = new Set();
    const mine = { data: [...(signedIn.data || []), ...(here.data || [])].filter((tb) => !seen.has(tb.id) && seen.add(tb.id)) };
    mine.data.sort((a, b) => (b.updated_at || "").localeCompare(a.updated_at || ""));
    // A table that cannot be rebuilt is shown to its host only, so they know what happened.
    const mineBroken = (broken.data || []).filter((tb) => tokens.host(tb.id));
    fill(listBox, t("openTables"), [...mineBroken, ...(open.data || [])], titles, refresh);
    if (ttl) listBox.append(el("p", { class: "muted small", id: "open-ttl" }, t("openTtl", { time: duration(ttl) })));
    // Own tables: those still going first, then the last few finished ones.
    const own = (mine.data || []).filter((tb) => !["closed", "expired"].includes(tb.status));
    // Tables waiting for my move first (a correspondence player's morning list).
    const going = own.filter((tb) => !ENDED.includes(tb.status)).sort((a, b) => waitsForMe(b) - waitsForMe(a));
    const ended = own.filter((tb) => ENDED.includes(tb.status)).slice(0, MINE_FINISHED);
    fill(mineBox, t("myTables"), [...going, ...ended], titles, refresh, t("myTablesNone"));
    if (!key) mineBox.append(el("p", { class: "muted small", id: "guest-seats" }, t("guestSeats"), " ", el("a", { href: "/players", "data-link": true }, t("guestSeatsLink"))));
    drawDone();
  };
  refresh();
  const timer = setInterval(refresh, 4000);
  return () => { alive = false; clearInterval(timer); };
}

// This browser's seat at a table: its stored token's, else the one the server says is the
// signed-in player's (the table page claims it for this browser when it opens).
function ownSeat(tb) {
  return tokens.seat(tb.id) || (Number.isInteger(tb.seat) ? { seat: tb.seat } : null);
}

/** "24 h", "90 min": how long an open table waits, in units both languages write alike. */
function duration(seconds) {
  // A no-break space: "24 h" never breaks between number and unit.
  return seconds >= 7200 ? `${Math.round(seconds / 3600)}\u00a0h` : `${Math.max(1, Math.round(seconds / 60))}\u00a0min`;
}

/** Seconds my seat has left to move at ``tb`` (its clock runs for me), else null. */
function myClock(tb) {
  const mine = ownSeat(tb);
  if (!mine || !tb.clock || tb.status !== "running") return null;
  const left = tb.clock.left[mine.seat];
  return left === null || left === undefined ? null : left;
}

function waitsForMe(tb) { return myClock(tb) === null ? 0 : 1; }

function seatNames(tb) {
  return tb.seats.map((s) => s.kind === "bot" ? (s.name ? `${s.name} (${t("bot")}: ${levelName(s.level)})` : `${t("bot")} ${s.seat + 1} (${levelName(s.level)})`) : (s.name || `– ${t("free")} –`));
}

function outcome(tb) {
  if (tb.status === "abandoned") return el("div", { class: "small outcome" }, t("abandonedShort"));
  const names = seatNames(tb);
  const w = (tb.result && tb.result.winners) || [];
  const who = w.length === 1 ? t("winner", { name: names[w[0]] }) : w.length > 1 && w.length < names.length ? t("winners", { names: w.map((i) => names[i]).join(", ") }) : t("draw");
  // Who gave up, by the name he played under (his seat may have gone to a stand-in).
  const gaveUp = ((tb.result && tb.result.details && tb.result.details.resigned) || []).map((i) => `${tb.seats[i].name || names[i]} ${t("resigned")}`);
  const date = new Date(tb.updated_at).toLocaleString(getLang() === "de" ? "de-DE" : "en-GB", { dateStyle: "medium", timeStyle: "short" });
  return el("div", { class: "small outcome" }, el("strong", { class: "winner" }, who), gaveUp.length ? ` (${gaveUp.join(", ")})` : "", " · ", el("time", { datetime: tb.updated_at }, t("finishedOn", { date })));
}

function fill(box, title, tables, titles, refresh, empty = t("noTables")) {
  box.replaceChildren(el("h2", {}, title));
  if (!tables.length) { box.append(el("p", { class: "muted" }, empty)); return; }
  box.append(el("ul", { class: "table-list" }, tables.map((tb) => {
    const finished = ENDED.includes(tb.status);
    const mine = ownSeat(tb);
    const host = tokens.host(tb.id);
    const href = finished ? `/replay/${tb.id}` : `/t/${tb.id}`;
    const label = finished ? t("replay") : mine ? t("resume") : tb.status === "open" ? t("join") : t("watch");
    const actions = el("div", { class: "actions" },
      tb.status === "broken" ? null : el("a", { href, "data-link": true, class: "button small" }, label),
      host && tb.status === "open" ? closeButton(tb.id, host, refresh) : null);
    return el("li", { "data-table": tb.id },
      el("div", {}, el("strong", {}, titles[tb.game] || tb.game), " ", el("span", { class: `status ${tb.status}` }, t(`status_${tb.status}`)),
        mine ? el("span", { class: "badge" }, t("you")) : null, host ? el("span", { class: "badge host" }, t("host")) : null,
        myClock(tb) !== null ? el("span", { class: "badge waits", "data-waits": tb.id }, `${t("waitsForYou")} · ${clockText(myClock(tb), tb.clock.mode)}`) : null,
        tb.clock && !finished ? el("span", { class: "muted small clock-limit" }, ` · ${limitText(tb.clock)}`) : null,
        el("div", { class: "muted small" }, seatNames(tb).join(" · "), tb.plies && !finished ? ` · ${t("ply")}: ${tb.plies}` : ""),
        finished ? outcome(tb) : null,
        tb.status === "broken" ? el("div", { class: "muted small" }, t("brokenHint")) : null),
      actions);
  })));
}

// Closing takes two clicks: the first asks, the second closes.
function closeButton(id, host, refresh) {
  const button = el("button", { class: "button small danger", type: "button", "data-close": id, onclick: async () => {
    if (!button.dataset.sure) { button.dataset.sure = "1"; button.textContent = t("closeSure"); return; }
    const { error } = await api("POST", `/api/tables/${id}/close`, null, host);
    if (error) { button.textContent = describeError(error); return; }
    refresh();
  } }, t("closeTable"));
  return button;
}

function createForm(games) {
  const form = el("form", { class: "create-form" });
  const gameSel = el("select", { name: "game", id: "game" }, games.map((g) => el("option", { value: g.name }, g.title)));
  const optBox = el("fieldset", { class: "options" });
  const seatBox = el("fieldset", { class: "seats" });
  const nameIn = el("input", { name: "name", id: "name", maxlength: 40, autocomplete: "nickname", value: (identity() && identity().name) || localStorage.getItem("spieltisch.name") || "" });
  const countSel = el("select", { id: "count" });
  const chatSel = el("select", { id: "spectator-chat" }, ["none", "read", "write"].map((v) => el("option", { value: v }, t(`spectatorChat_${v}`))));
  // A turn clock, for games with turns only (the game says whether it has them).
  const clockSel = el("select", { id: "turn-clock" }, el("option", { value: "none" }, t("clock_none")),
    Object.entries(CLOCKS).map(([mode, times]) => el("optgroup", { label: t(mode === "move" ? "clockLive" : "clockCorrespondence") },
      times.map((seconds) => el("option", { value: `${mode}:${seconds}` }, limitText({ mode, seconds }))))),
    el("optgroup", { label: t("clockBank") }, BANKS.map(([base, inc]) => el("option", { value: `bank:${base * 60}:${inc}` }, limitText({ mode: "bank", seconds: base * 60, increment: inc })))));
  const clockField = el("div", { class: "field", id: "turn-clock-field" }, el("label", { for: "turn-clock" }, t("turnClock")), clockSel, el("small", { class: "muted" }, t("turnClockHint")));
  // A rated game counts for its players' ratings: offered to a player, for games with turns.
  // Only against bot levels whose strength is measured (an anchor); otherwise the box is
  // off and says why. Beside it the player's own rating in this game, to set against the
  // levels' numbers.
  const ratedBox = el("input", { type: "checkbox", id: "rated", checked: true });
  const ratedWhy = el("small", { class: "muted", id: "rated-why" });
  const myRating = el("small", { class: "muted", id: "my-rating" });
  const ratedField = identity()
    ? el("div", { class: "field", id: "rated-field" }, el("label", { for: "rated" }, t("pl.rated")), ratedBox, el("small", { class: "muted" }, t("pl.playingAs", { name: identity().name }), " ", t("pl.ratedHint")), ratedWhy, myRating)
    : el("p", { class: "muted small", id: "rated-field" }, t("pl.guestHint"), " ", el("a", { href: "/players", "data-link": true }, t("pl.new")));
  const msg = el("p", { class: "error", role: "alert" });
  const current = () => games.find((g) => g.name === gameSel.value);

  const drawOptions = () => {
    const g = current();
    clockField.hidden = !g.turn_clock;
    ratedField.hidden = !g.turn_clock;
    optBox.replaceChildren(el("legend", {}, t("options")));
    for (const o of g.options) {
      const id = `opt-${o.name}`;
      let input;
      if (o.choices) input = el("select", { id, "data-option": o.name }, o.choices.map((c) => el("option", { value: JSON.stringify(c.value), selected: c.value === o.default }, pick(c.label) + (c.value === o.default ? ` (${t("default")})` : ""))));
      else if (o.type === "bool") input = el("input", { id, type: "checkbox", "data-option": o.name, checked: o.default });
      else input = el("input", { id, "data-option": o.name, value: o.default, type: o.type === "int" ? "number" : "text", min: o.minimum ?? undefined, max: o.maximum ?? undefined });
      const text = optionText(o);
      optBox.append(el("div", { class: "field" }, el("label", { for: id }, text.label), input, el("small", { class: "muted" }, text.doc)));
    }
    countSel.replaceChildren(...Array.from({ length: g.max_players - g.min_players + 1 }, (_, i) => {
      const n = g.min_players + i;
      return el("option", { value: n, selected: n === g.default_players }, String(n));
    }));
    drawSeats();
  };
  let wanted = true; // the player's own choice, kept while a level forbids it
  ratedBox.addEventListener("change", () => { wanted = ratedBox.checked; });
  const syncRated = () => {
    const g = current();
    myRating.textContent = myRatingText(g.name);
    const bots = [...seatBox.querySelectorAll("select[data-seat]")].filter((s) => s.value === "bot")
      .map((s) => seatBox.querySelector(`#level-${s.dataset.seat}`).value);
    const unanchored = [...new Set(bots.filter((l) => !anchoredLevel(g.name, l)))];
    ratedBox.disabled = unanchored.length > 0;
    ratedBox.checked = !ratedBox.disabled && wanted;
    ratedWhy.textContent = unanchored.length ? t("pl.unanchored", { levels: unanchored.map(levelName).join(", ") }) : "";
    ratedWhy.hidden = !unanchored.length;
  };
  const drawSeats = () => {
    const g = current();
    const n = Number(countSel.value);
    seatBox.replaceChildren(el("legend", {}, t("seats")), el("p", { class: "muted small" }, t("firstHuman")), el("div", { class: "field" }, el("label", { for: "count" }, t("players")), countSel));
    for (let i = 0; i < n; i++) {
      const kind = el("select", { id: `seat-${i}`, "data-seat": i },
        el("option", { value: "human", selected: i === 0 }, t("human")),
        el("option", { value: "bot", selected: i > 0 }, t("bot")));
      const level = el("select", { id: `level-${i}`, "aria-label": `${t("level")} ${i + 1}` }, g.bot_levels.map((l) => el("option", { value: l, selected: l === defaultLevel(g.bot_levels), label: levelWithRating(g.name, l) }, levelName(l))));
      const sync = () => { level.disabled = kind.value !== "bot"; level.hidden = level.disabled; syncRated(); };
      kind.addEventListener("change", sync);
      level.addEventListener("change", syncRated);
      sync();
      seatBox.append(el("div", { class: "field seat-row" }, el("label", { for: `seat-${i}` }, `${t("seat")} ${i + 1}`), kind, level));
    }
    syncRated();
    // Levels whose strength over the level below is not measured clear of chance (docs/bots.md).
    const doubtful = g.bot_levels_unproven || [];
    if (doubtful.length) seatBox.append(el("p", { class: "muted small", id: "levels-unproven" }, t("level.unproven", { levels: doubtful.map((l) => levelName(l)).join(", ") })));
  };
  gameSel.addEventListener("change", drawOptions);
  countSel.addEventListener("change", drawSeats);
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const g = current();
    const options = {};
    optBox.querySelectorAll("[data-option]").forEach((inp) => {
      const name = inp.dataset.option;
      const o = g.options.find((x) => x.name === name);
      let v = inp.type === "checkbox" ? inp.checked : inp.tagName === "SELECT" ? JSON.parse(inp.value) : inp.value;
      if (o.type === "int") v = Number(v);
      if (v !== o.default) options[name] = v;
    });
    const seats = [...seatBox.querySelectorAll("select[data-seat]")].map((s) => {
      const i = Number(s.dataset.seat);
      return s.value === "bot" ? { kind: "bot", level: seatBox.querySelector(`#level-${i}`).value } : { kind: "human" };
    });
    const name = nameIn.value.trim();
    const humans = seats.some((s) => s.kind === "human");
    if (humans && !name) { msg.textContent = t("nameNeeded"); nameIn.focus(); return; }
    localStorage.setItem("spieltisch.name", name);
    const [mode, seconds, increment] = clockSel.value.split(":");
    const clock = g.turn_clock && mode !== "none" ? { mode, seconds: Number(seconds), ...(mode === "bank" ? { increment: Number(increment) } : {}) } : null;
    const { data, error } = await api("POST", "/api/tables", { game: g.name, options, seats, name: humans ? name : null, spectator_chat: chatSel.value, clock, player: playerKey(), rated: g.turn_clock && identity() && !ratedBox.disabled ? ratedBox.checked : g.turn_clock && identity() ? false : null });
    optBox.querySelectorAll("[aria-invalid]").forEach((n) => n.removeAttribute("aria-invalid"));
    if (error) {
      msg.textContent = describeError(error);
      const field = error.option && optBox.querySelector(`[data-option="${error.option}"]`);
      if (field) { field.setAttribute("aria-invalid", "true"); field.focus(); }
      return;
    }
    tokens.setHost(data.table.id, data.host_token);
    if (data.seat_token) tokens.setSeat(data.table.id, data.seat, data.seat_token);
    navigate(`/t/${data.table.id}`);
  });
  form.append(
    el("div", { class: "field" }, el("label", { for: "game" }, t("game")), gameSel),
    el("div", { class: "field" }, el("label", { for: "name" }, t("yourName")), nameIn),
    seatBox, optBox,
    clockField,
    ratedField,
    el("div", { class: "field" }, el("label", { for: "spectator-chat" }, t("spectatorChat")), chatSel),
    msg,
    el("button", { type: "submit", class: "button primary", id: "create" }, t("create")),
  );
  drawOptions();
  return form;
}

/** The level a new bot seat starts with: the rules bot where a game has one (it answers at once). */
function defaultLevel(levels) {
  return levels.includes("rules") ? "rules" : levels.includes("average") ? "average" : levels[0];
}
