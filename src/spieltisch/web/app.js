// Entry point: a tiny router over the pages (lobby, table, replay, player, profile,
// leaderboard, moderation) and the language switch.
import { renderLobby } from "./lobby.js";
import { renderTable } from "./table.js";
import { renderReplay } from "./replay.js";
import { renderIdentity, renderProfile } from "./players.js";
import { renderLeaderboard } from "./ratings.js";
import { renderAdmin } from "./admin.js";
import { renderLesson } from "./lesson.js";
import { getLang, onLang, setLang, t } from "./i18n.js";

const root = document.getElementById("app");
let cleanup = null;

export function navigate(path) {
  history.pushState({}, "", path);
  route();
}

function route() {
  if (cleanup) { cleanup(); cleanup = null; }
  const path = location.pathname;
  let m;
  if ((m = path.match(/^\/t\/([\w-]{1,32})$/))) cleanup = renderTable(root, m[1]);
  else if ((m = path.match(/^\/replay\/([\w-]{1,32})$/))) cleanup = renderReplay(root, m[1]);
  else if ((m = path.match(/^\/p\/([\w-]{1,16})$/))) cleanup = renderProfile(root, m[1]);
  else if (path === "/players") cleanup = renderIdentity(root);
  else if ((m = path.match(/^\/learn\/([\w-]{1,32})$/))) cleanup = renderLesson(root, m[1]);
  else if ((m = path.match(/^\/ratings\/([\w-]{1,32})$/))) cleanup = renderLeaderboard(root, m[1]);
  else if (path === "/admin") cleanup = renderAdmin(root);
  else cleanup = renderLobby(root);
}

const select = document.getElementById("lang");
select.value = getLang();
select.addEventListener("change", () => setLang(select.value));
// Static words of index.html name their key in data-i18n.
const translateStatic = () => document.querySelectorAll("[data-i18n]").forEach((n) => { n.textContent = t(n.dataset.i18n); });
translateStatic();
onLang(() => {
  translateStatic();
  route();
});
document.addEventListener("click", (e) => {
  const a = e.target.closest("a[data-link]");
  if (a && a.origin === location.origin && !e.ctrlKey && !e.metaKey) {
    e.preventDefault();
    navigate(a.pathname + a.search);
  }
});
window.addEventListener("popstate", route);
route();

export function toast(text) {
  const box = document.getElementById("toast");
  box.textContent = text;
  box.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { box.hidden = true; }, 6000);
}
