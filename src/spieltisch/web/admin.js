// The moderation page (/admin): close or delete a table, hide a chat message, rename a
// player, ban a name, reset a rating, and the log of it all. The credential (the admin
// token, or the key of a player granted admin) stays in this tab's sessionStorage only.
import { api, el } from "./api.js";
import { describeError, getLang, t } from "./i18n.js";
import { identity } from "./players.js";

const STORE = "spieltisch.admin";
const ACTIONS = ["close_table", "delete_table", "hide_chat", "rename", "ban", "unban", "reset_rating", "admin_grant", "admin_revoke"];

function credential() { return sessionStorage.getItem(STORE); }

function date(iso) {
  return new Date(iso).toLocaleString(getLang() === "de" ? "de-DE" : "en-GB", { dateStyle: "short", timeStyle: "short" });
}

/** A table id from an id or a pasted invite link (…/t/{id}). */
function tableId(text) {
  const m = text.trim().match(/(?:\/t\/|\/replay\/)?([\w-]{1,32})\/?$/);
  return m ? m[1] : text.trim();
}

export function renderAdmin(root) {
  let alive = true;
  const draw = async () => {
    const cred = credential();
    if (!cred) { root.replaceChildren(signIn(draw)); return; }
    const { data, error } = await api("GET", "/api/admin/me", null, cred);
    if (!alive) return;
    if (error) { sessionStorage.removeItem(STORE); root.replaceChildren(signIn(draw, error)); return; }
    root.replaceChildren(await page(cred, data.admin, draw));
  };
  draw();
  return () => { alive = false; };
}

function signIn(done, error = null) {
  const input = el("input", { id: "admin-credential", type: "password", autocomplete: "off", required: true });
  const msg = el("p", { class: "error", role: "alert" }, error ? describeError(error) : "");
  const use = (cred) => { sessionStorage.setItem(STORE, cred); done(); };
  const me = identity();
  const form = el("form", { class: "card player-form", id: "admin-login", onsubmit: (e) => { e.preventDefault(); use(input.value.trim()); } },
    el("h2", {}, t("adm.signIn")),
    el("p", { class: "muted small" }, t("adm.signInHint")),
    el("div", { class: "field" }, el("label", { for: "admin-credential" }, t("adm.credential")), input),
    msg,
    el("div", { class: "row" },
      el("button", { type: "submit", class: "button primary" }, t("pl.signInButton")),
      me ? el("button", { type: "button", class: "button", id: "admin-as-player", onclick: () => use(me.key) }, t("adm.asPlayer", { name: me.name })) : null));
  return el("div", { class: "players-page admin-page" }, el("h1", { class: "page-title" }, t("adm.title")), el("div", { class: "player-forms" }, form));
}

/** A small form: fields, a button, and a line saying how it went. */
function action(id, title, hint, fields, button, run) {
  const msg = el("p", { class: "small", role: "status" });
  const node = el("form", { class: "card player-form", id }, el("h2", {}, title), hint ? el("p", { class: "muted small" }, hint) : null, fields, msg,
    el("div", { class: "row" }, button));
  node.addEventListener("submit", async (e) => {
    e.preventDefault();
    msg.textContent = "";
    msg.className = "small";
    const { ok, error } = await run(e.submitter ? e.submitter.value : "");
    msg.className = error ? "small error" : "small ok";
    msg.textContent = error ? describeError(error) : ok;
  });
  return node;
}

function input(id, label, attrs = {}) {
  return el("div", { class: "field" }, el("label", { for: id }, label), el("input", { id, autocomplete: "off", ...attrs }));
}

/** A log entry's detail in the reader's words (the server stores it without words). */
function detail(e, titles) {
  const status = (s) => t(`status_${s}`);
  if (e.action === "close_table") return t("adm.was", { status: status(e.detail) });
  const [first, second] = e.detail.split(" ");
  if (e.action === "delete_table") return `${titles[first] || first} · ${t("adm.was", { status: status(second) })}`;
  if (e.action === "reset_rating") return `${titles[first] || first} · ${second === "-" ? t("adm.noRating") : second}`;
  if (e.action === "rename") return e.detail.replace(" -> ", " → ");
  return e.detail;
}

async function page(cred, who, redraw) {
  const [log, games] = await Promise.all([api("GET", "/api/admin/log?limit=50", null, cred), api("GET", "/api/games")]);
  const call = (method, path, body) => api(method, path, body, cred);
  const after = async (result, ok) => {
    if (result.error) return { error: result.error };
    setTimeout(redraw, 1200);
    return { ok };
  };
  const value = (id) => document.getElementById(id).value.trim();

  const chatList = el("ol", { class: "chat-list admin-chat", id: "admin-chat" });
  const showChat = async (tid) => {
    const { data, error } = await call("GET", `/api/admin/tables/${encodeURIComponent(tid)}/chat`);
    if (error) return { error };
    chatList.replaceChildren(...data.messages.map((m) => el("li", { "data-chat": m.id, class: m.hidden ? "hidden-chat" : "" },
      el("span", { class: "chat-time muted small" }, date(m.at)), " ",
      el("strong", {}, m.name || (m.seat === null ? t("chatSpectator") : `${t("seat")} ${m.seat + 1}`)), " ",
      el("span", {}, m.quick ? t(`chat_q_${m.quick}`) : m.text), " ",
      m.hidden ? el("em", { class: "muted small" }, t("adm.hidden")) : el("button", { type: "button", class: "button small", "data-hide": m.id, onclick: async (e) => {
        const r = await call("POST", `/api/admin/tables/${encodeURIComponent(tid)}/chat/${m.id}/hide`);
        e.target.replaceWith(el("em", { class: r.error ? "error small" : "muted small" }, r.error ? describeError(r.error) : t("adm.hidden")));
      } }, t("adm.hide")))));
    if (!data.messages.length) chatList.append(el("li", { class: "muted small" }, t("chatNone")));
    return { ok: "" };
  };

  const tables = action("admin-table", t("adm.table"), t("adm.tableHint"), [input("admin-table-id", t("adm.tableId"), { required: true, maxlength: 200 }), chatList],
    [el("button", { type: "submit", class: "button", value: "chat", id: "admin-show-chat" }, t("adm.showChat")),
      el("button", { type: "submit", class: "button", value: "close", id: "admin-close" }, t("adm.close")),
      el("button", { type: "submit", class: "button danger", value: "delete", id: "admin-delete" }, t("adm.delete"))],
    async (which) => {
      const tid = tableId(value("admin-table-id"));
      if (which === "chat") return showChat(tid);
      if (which === "delete" && !confirm(t("adm.deleteSure"))) return { ok: "" };
      const r = which === "delete" ? await call("DELETE", `/api/admin/tables/${encodeURIComponent(tid)}`) : await call("POST", `/api/admin/tables/${encodeURIComponent(tid)}/close`);
      return after(r, t(which === "delete" ? "adm.deleted" : "adm.closed"));
    });

  const rated = (games.data || []).filter((g) => g.turn_clock);
  const player = action("admin-player", t("adm.player"), t("adm.playerHint"), [
    input("admin-player-name", t("pl.name"), { required: true, maxlength: 40 }),
    input("admin-player-new", t("adm.newName"), { maxlength: 40 }),
    el("div", { class: "field" }, el("label", { for: "admin-game" }, t("game")),
      el("select", { id: "admin-game" }, rated.map((g) => el("option", { value: g.name }, g.title)))),
  ], [el("button", { type: "submit", class: "button", value: "rename", id: "admin-rename" }, t("adm.rename")),
    el("button", { type: "submit", class: "button", value: "reset", id: "admin-reset" }, t("adm.reset"))],
  async (which) => {
    const found = await call("GET", `/api/admin/players?name=${encodeURIComponent(value("admin-player-name"))}`);
    if (found.error) return { error: found.error };
    const pid = found.data.player.id;
    if (which === "rename") {
      const r = await call("POST", `/api/admin/players/${pid}/rename`, { name: value("admin-player-new") });
      return after(r, t("adm.renamed", { name: value("admin-player-new") }));
    }
    const game = document.getElementById("admin-game").value;
    const r = await call("POST", `/api/admin/players/${pid}/ratings/${game}/reset`);
    return after(r, r.data && !r.data.reset ? t("adm.noRating") : t("adm.resetDone"));
  });

  const banned = (log.data && log.data.banned) || [];
  const bans = action("admin-ban", t("adm.bans"), t("adm.bansHint"), [
    input("admin-ban-name", t("pl.name"), { required: true, maxlength: 40 }),
    el("ul", { class: "banned", id: "admin-banned" }, banned.length ? banned.map((n) => el("li", {}, el("strong", {}, n), " ",
      el("button", { type: "button", class: "button small", onclick: async () => { const r = await call("POST", "/api/admin/bans/lift", { name: n }); if (!r.error) redraw(); } }, t("adm.unban")))) : el("li", { class: "muted small" }, t("adm.noBans"))),
  ], el("button", { type: "submit", class: "button", id: "admin-ban-button" }, t("adm.ban")), async () => {
    const r = await call("POST", "/api/admin/bans", { name: value("admin-ban-name") });
    return after(r, t("adm.bannedDone"));
  });

  const titles = Object.fromEntries((games.data || []).map((g) => [g.name, g.title]));
  const entries = (log.data && log.data.entries) || [];
  const logBox = el("section", { class: "card", id: "admin-log" }, el("h2", {}, t("adm.log")),
    entries.length ? el("div", { class: "grid-scroll" }, el("table", { class: "grid" },
      el("thead", {}, el("tr", {}, [t("adm.when"), t("adm.who"), t("adm.what"), t("adm.target")].map((h) => el("th", {}, h)))),
      el("tbody", {}, entries.map((e) => el("tr", { "data-action": e.action },
        el("td", {}, date(e.at)), el("td", {}, e.admin === "token" ? t("adm.byToken") : e.admin),
        el("td", {}, ACTIONS.includes(e.action) ? t(`adm.a.${e.action}`) : e.action),
        el("td", {}, e.target, e.detail ? el("span", { class: "muted small" }, ` · ${detail(e, titles)}`) : null))))))
      : el("p", { class: "muted small" }, t("adm.logEmpty")));

  const out = el("button", { type: "button", class: "button small", id: "admin-sign-out", onclick: () => { sessionStorage.removeItem(STORE); redraw(); } }, t("adm.signOut"));
  return el("div", { class: "players-page admin-page" },
    el("div", { class: "profile-head" }, el("h1", { class: "page-title" }, t("adm.title")),
      el("p", { class: "muted" }, t("adm.as", { who: who === "token" ? t("adm.byToken") : who }), " ", out)),
    el("div", { class: "player-forms" }, tables, player, bans), logBox);
}
