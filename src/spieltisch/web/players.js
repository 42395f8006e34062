// Players: this browser's identity (a name and a secret key in localStorage), its export
// code, password and sign-in (/players), and a player's profile (/p/{id}). The key travels
// in request headers and bodies only, never in a URL.
import { api, el } from "./api.js";
import { describeError, getLang, levelName, t } from "./i18n.js";
import { navigate } from "./app.js";

const STORE = "spieltisch.player";

/** This browser's player ({id, name, key}) or null. */
export function identity() {
  try {
    const p = JSON.parse(localStorage.getItem(STORE));
    return p && p.id && p.key ? p : null;
  } catch { return null; }
}

/** The key to send with a create or join (null for a guest). */
export function playerKey() {
  const p = identity();
  return p ? p.key : null;
}

function remember(player, key) {
  localStorage.setItem(STORE, JSON.stringify({ id: player.id, name: player.name, key }));
  localStorage.setItem("spieltisch.name", player.name);
}

function date(iso) {
  return new Date(iso).toLocaleString(getLang() === "de" ? "de-DE" : "en-GB", { dateStyle: "medium", timeStyle: "short" });
}

// -- /players: make, import, sign in; or manage the identity this browser has ----------------
export function renderIdentity(root) {
  const me = identity();
  root.replaceChildren(el("div", { class: "players-page" }, me ? manage(me) : welcome()));
  return () => {};
}

function form(id, title, fields, submit, onsubmit) {
  const msg = el("p", { class: "error", role: "alert" });
  const node = el("form", { class: "card player-form", id }, el("h2", {}, title), fields, msg,
    el("button", { type: "submit", class: "button primary" }, submit));
  node.addEventListener("submit", async (e) => {
    e.preventDefault();
    msg.textContent = "";
    const error = await onsubmit(node);
    if (error) msg.textContent = describeError(error);
  });
  return node;
}

function field(id, label, attrs = {}, hint = null) {
  return el("div", { class: "field" }, el("label", { for: id }, label), el("input", { id, ...attrs }), hint ? el("small", { class: "muted" }, hint) : null);
}

function welcome() {
  const create = form("player-new", t("pl.new"), [
    el("p", { class: "muted small" }, t("pl.newHint")),
    field("pl-name", t("yourName"), { maxlength: 40, autocomplete: "nickname", required: true, value: localStorage.getItem("spieltisch.name") || "" }),
    field("pl-password", t("pl.passwordOptional"), { type: "password", autocomplete: "new-password", minlength: 8 }, t("pl.passwordHint")),
  ], t("pl.create"), async (f) => {
    const name = f.querySelector("#pl-name").value.trim();
    const password = f.querySelector("#pl-password").value || null;
    const { data, error } = await api("POST", "/api/players", { name, password });
    if (error) return error;
    remember(data.player, data.key);
    navigate(`/p/${data.player.id}`);
    return null;
  });
  const signIn = form("player-login", t("pl.signIn"), [
    el("p", { class: "muted small" }, t("pl.signInHint")),
    field("login-name", t("pl.name"), { maxlength: 40, autocomplete: "username", required: true }),
    field("login-password", t("pl.password"), { type: "password", autocomplete: "current-password", required: true }),
  ], t("pl.signInButton"), async (f) => {
    const name = f.querySelector("#login-name").value.trim();
    const password = f.querySelector("#login-password").value;
    const { data, error } = await api("POST", "/api/players/login", { name, password });
    if (error) return error;
    remember(data.player, data.key);
    navigate(`/p/${data.player.id}`);
    return null;
  });
  const code = el("textarea", { id: "import-code", rows: 2, autocomplete: "off", spellcheck: "false", required: true });
  const importer = form("player-import", t("pl.import"), [
    el("p", { class: "muted small" }, t("pl.importHint")),
    el("div", { class: "field" }, el("label", { for: "import-code" }, t("pl.code")), code),
  ], t("pl.importButton"), async () => {
    const key = code.value.trim();
    const { data, error } = await api("POST", "/api/players/session", null, key);
    if (error) return error;
    remember(data.player, key);
    navigate(`/p/${data.player.id}`);
    return null;
  });
  return [el("h1", { class: "page-title" }, t("pl.title")), el("div", { class: "player-forms" }, create, signIn, importer)];
}

function manage(me) {
  const codeBox = el("textarea", { id: "export-code", rows: 2, readonly: true, hidden: true }, me.key);
  const copy = el("button", { type: "button", class: "button small", id: "copy-code", hidden: true, onclick: async () => {
    codeBox.select();
    try { await navigator.clipboard.writeText(me.key); copy.textContent = t("copied"); } catch { document.execCommand("copy"); copy.textContent = t("copied"); }
  } }, t("copy"));
  const show = el("button", { type: "button", class: "button small", id: "show-code", onclick: () => {
    const hidden = !codeBox.hidden;
    codeBox.hidden = hidden; copy.hidden = hidden;
    show.textContent = t(hidden ? "pl.showCode" : "pl.hideCode");
  } }, t("pl.showCode"));
  // A leaked code is revoked by a new key: the old one stops working at once.
  const rotate = el("button", { type: "button", class: "button small", id: "rotate-key", onclick: async () => {
    if (!rotate.dataset.sure) { rotate.dataset.sure = "1"; rotate.textContent = t("pl.rotateSure"); return; }
    const { data, error } = await api("POST", "/api/players/me/key", { everywhere: false }, me.key);
    if (error) { rotate.textContent = describeError(error); return; }
    remember(data.player, data.key);
    navigate("/players");
  } }, t("pl.rotate"));
  const exportBox = el("section", { class: "card", id: "player-export" }, el("h2", {}, t("pl.export")),
    el("p", { class: "muted small" }, t("pl.exportHint")), el("div", { class: "row" }, show, copy), codeBox,
    el("p", { class: "muted small" }, t("pl.rotateHint")), rotate);
  const password = form("player-password", t("pl.setPassword"), [
    el("p", { class: "muted small" }, t("pl.setPasswordHint")),
    field("new-password", t("pl.password"), { type: "password", autocomplete: "new-password", minlength: 8, required: true }),
  ], t("pl.savePassword"), async (f) => {
    const input = f.querySelector("#new-password");
    const { error } = await api("PUT", "/api/players/me/password", { password: input.value }, me.key);
    if (error) return error;
    input.value = "";
    f.querySelector(".error").textContent = "";
    f.append(el("p", { class: "ok", id: "password-saved" }, t("pl.passwordSaved")));
    return null;
  });
  const forget = el("button", { type: "button", class: "button small danger", id: "forget", onclick: () => {
    if (!forget.dataset.sure) { forget.dataset.sure = "1"; forget.textContent = t("pl.forgetSure"); return; }
    localStorage.removeItem(STORE);
    navigate("/players");
  } }, t("pl.forget"));
  return [
    el("h1", { class: "page-title" }, t("pl.signedInAs", { name: me.name })),
    el("p", {}, el("a", { href: `/p/${me.id}`, "data-link": true, class: "button primary", id: "my-profile" }, t("pl.myProfile"))),
    el("div", { class: "player-forms" }, exportBox, password, mailCard(me),
      el("section", { class: "card" }, el("h2", {}, t("pl.forgetTitle")), el("p", { class: "muted small" }, t("pl.forgetHint")), forget)),
  ];
}

// Mail notices: an address, confirmed through the link mailed to it, in the page's language;
// shown once the server said it sends mail.
function mailCard(me) {
  const state = el("p", { class: "small", id: "mail-state", role: "status" });
  const stop = el("button", { type: "button", class: "button small", id: "mail-stop", hidden: true, onclick: async () => {
    const { data, error } = await api("DELETE", "/api/players/me/mail", null, me.key);
    if (error) { state.textContent = describeError(error); return; }
    show(data);
  } }, t("pl.mailStop"));
  const card = form("player-mail", t("pl.mail"), [
    el("p", { class: "muted small" }, t("pl.mailHint")), state,
    field("mail-address", t("pl.mailAddress"), { type: "email", autocomplete: "email", maxlength: 254, required: true }),
    stop,
  ], t("pl.mailSave"), async (f) => {
    const input = f.querySelector("#mail-address");
    const { data, error } = await api("PUT", "/api/players/me/mail", { address: input.value, lang: getLang() }, me.key);
    if (error) return error;
    input.value = "";
    show(data);
    return null;
  });
  const show = (data) => {
    const off = !data.enabled;
    state.textContent = !data.address ? t("pl.mailNone") : t(data.confirmed ? "pl.mailConfirmed" : "pl.mailPending", { address: data.address });
    state.classList.toggle("ok", !!data.confirmed);
    stop.hidden = !data.address;
    card.hidden = off; // a server without a mail server offers nothing to give an address for
  };
  card.hidden = true;
  api("GET", "/api/players/me/mail", null, me.key).then(({ data, error }) => {
    if (error) { state.textContent = describeError(error); card.hidden = false; } else show(data);
  });
  return card;
}

// -- /p/{id}: a player's profile -----------------------------------------------------------
export function renderProfile(root, id) {
  let alive = true;
  root.replaceChildren(el("p", { class: "muted" }, t("connecting")));
  Promise.all([api("GET", `/api/players/${encodeURIComponent(id)}`), api("GET", "/api/games")]).then(([{ data, error }, games]) => {
    if (!alive) return;
    if (error) { root.replaceChildren(el("p", { class: "error card" }, describeError(error))); return; }
    const titles = Object.fromEntries((games.data || []).map((g) => [g.name, g.title]));
    root.replaceChildren(profile(data, titles));
  });
  return () => { alive = false; };
}

function profile(data, titles) {
  const me = identity();
  const own = me && me.id === data.player.id;
  const head = el("div", { class: "profile-head" },
    el("h1", { class: "page-title", id: "profile-name" }, data.player.name),
    el("span", { class: "muted small" }, t("pl.since", { date: date(data.player.since) })),
    own ? el("a", { href: "/players", "data-link": true, class: "button small", id: "manage" }, t("pl.manage")) : null);
  const gamesPlayed = Object.keys({ ...data.results, ...data.ratings }).sort();
  const summary = el("section", { class: "card", id: "profile-ratings" }, el("h2", {}, t("pl.perGame")),
    gamesPlayed.length ? el("div", { class: "grid-scroll" }, el("table", { class: "grid" },
      el("thead", {}, el("tr", {}, [t("game"), t("pl.rating"), t("pl.games"), t("pl.wins"), t("pl.draws"), t("pl.losses")].map((h) => el("th", {}, h)))),
      el("tbody", {}, gamesPlayed.map((g) => {
        const r = data.ratings[g];
        const res = data.results[g] || { games: 0, wins: 0, draws: 0, losses: 0 };
        return el("tr", { "data-game": g },
          el("td", {}, el("a", { href: `/ratings/${g}`, "data-link": true }, titles[g] || g)),
          el("td", { class: "num rating" }, r ? String(r.rating) : "–"),
          el("td", { class: "num" }, String(res.games)), el("td", { class: "num" }, String(res.wins)),
          el("td", { class: "num" }, String(res.draws)), el("td", { class: "num" }, String(res.losses)));
      })))) : el("p", { class: "muted" }, t("pl.noGames")));
  const list = el("section", { class: "card", id: "profile-games" }, el("h2", {}, t("pl.finished")),
    data.games.length ? el("ul", { class: "table-list profile-games" }, data.games.map((g) => gameRow(g, titles))) : el("p", { class: "muted" }, t("pl.noGames")));
  return el("div", { class: "profile" }, head, summary, list);
}

function opponentName(o) {
  if (o.kind === "bot" && !o.player) return o.name ? `${o.name} (${t("bot")}: ${levelName(o.level)})` : `${t("bot")} (${levelName(o.level)})`;
  return o.name || t("pl.guest");
}

function gameRow(g, titles) {
  const outcome = el("span", { class: `outcome-tag ${g.outcome}` }, t(`pl.${g.outcome}`));
  const place = g.players > 2 ? el("span", { class: "muted small" }, ` · ${t("pl.place", { rank: g.rank, n: g.players })}`) : null;
  let change = el("span", { class: "muted small" }, t("pl.unrated"));
  if (g.rating) {
    const diff = g.rating.after - g.rating.before;
    change = el("span", { class: `rating-change ${diff >= 0 ? "up" : "down"}` }, `${g.rating.before} → ${g.rating.after} (${diff >= 0 ? "+" : "−"}${Math.abs(diff)})`);
  } else if (g.rated) change = el("span", { class: "muted small" }, t("pl.ratedPending"));
  const opponents = g.opponents.map((o) => o.player
    ? el("a", { href: `/p/${o.player}`, "data-link": true }, opponentName(o))
    : el("span", {}, opponentName(o)));
  const withWhom = [];
  opponents.forEach((o, i) => { if (i) withWhom.push(", "); withWhom.push(o); });
  return el("li", { "data-table": g.table },
    el("div", {},
      el("div", {}, el("strong", {}, titles[g.game] || g.game), " ", outcome, place, " · ", change),
      el("div", { class: "muted small" }, t("pl.against"), " ", ...withWhom),
      el("div", { class: "muted small" }, el("time", { datetime: g.finished_at }, date(g.finished_at)))),
    el("div", { class: "actions" }, el("a", { href: g.replay, "data-link": true, class: "button small" }, t("replay")),
      // The review of his own seat (the replay page opens it from its query; a full load).
      el("a", { href: g.review, class: "button small", "data-review": g.table }, t("analysis"))));
}
