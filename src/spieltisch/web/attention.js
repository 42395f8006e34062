// "Your turn" for a player who is looking elsewhere: the tab's title and icon say it, and,
// once he has allowed it with the button (never asked on load), a notification appears
// when his turn comes while the tab is hidden.
import { el } from "./api.js";
import { t } from "./i18n.js";

const TITLE = "spieltisch";
const PLAIN_ICON = "data:,";
// A red dot: an icon drawn here as SVG (no downloaded assets), allowed by the page's
// content security policy as a data: image.
const TURN_ICON = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7" fill="#c0392b"/><circle cx="8" cy="8" r="3" fill="#fff"/></svg>')}`;

function icon(href) {
  let link = document.querySelector('link[rel="icon"]');
  if (!link) { link = document.createElement("link"); link.rel = "icon"; document.head.append(link); }
  if (link.getAttribute("href") !== href) link.setAttribute("href", href);
}

const canNotify = () => typeof Notification !== "undefined";

export function createAttention() {
  let mine = false;
  return {
    /** Called after every message: ``myTurn`` says whether this browser's seat may act. */
    update(myTurn, gameTitle) {
      document.title = myTurn ? `(•) ${t("yourTurn")} – ${TITLE}` : TITLE;
      icon(myTurn ? TURN_ICON : PLAIN_ICON);
      if (myTurn && !mine && document.hidden && canNotify() && Notification.permission === "granted") {
        try {
          const note = new Notification(t("yourTurn"), { body: gameTitle ? t("yourTurnAt", { game: gameTitle }) : "", tag: location.pathname });
          note.onclick = () => { window.focus(); note.close(); };
        } catch { /* a browser that notifies only from a service worker: the title says it */ }
      }
      mine = myTurn;
    },
    /** The button that asks for permission, while the browser may still be asked. */
    button(redraw) {
      if (!canNotify() || Notification.permission !== "default") return null;
      return el("button", { class: "button small", type: "button", id: "allow-notify", onclick: async () => {
        try { await Notification.requestPermission(); } catch { /* refused or unsupported */ }
        redraw();
      } }, t("notifyAllow"));
    },
    /** Leaving the table: the tab reads plainly again. */
    reset() { mine = false; document.title = TITLE; icon(PLAIN_ICON); },
  };
}
