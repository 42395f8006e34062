// The table chat: quick phrases (sent as keys, read in each reader's own language),
// free text shown as text (never markup), and a mute per author that this browser
// remembers per table. One node for the table page's life, so a redraw of the page
// keeps what is being typed.
import { el } from "./api.js";
import { getLang, t } from "./i18n.js";

const MAX_CHARS = 200;
const SPECTATORS = "spec";
// A refusal ("too many messages") is stale once the reader could send again.
const ERROR_SHOWN_MS = 8000;

function muteKey(tableId) { return `spieltisch.mute.${tableId}`; }

function loadMuted(tableId) {
  try { return new Set(JSON.parse(localStorage.getItem(muteKey(tableId))) || []); } catch { return new Set(); }
}

function author(message) { return message.seat === null ? SPECTATORS : `s${message.seat}`; }

export function createChat(tableId, send) {
  const st = { messages: [], seat: null, spectators: "none", quick: [], names: [], muted: loadMuted(tableId), people: [], known: false, error: null, errorTimer: null, pending: [], pinned: true, top: 0 };
  const list = el("ol", { class: "chat-list", id: "chat-list", "aria-live": "polite" });
  const input = el("input", { id: "chat-input", maxlength: MAX_CHARS, autocomplete: "off", "aria-label": t("chatPlaceholder"), placeholder: t("chatPlaceholder") });
  const form = el("form", { class: "chat-form", onsubmit: (e) => {
    e.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    showError(null);
    // Kept until the server echoes or refuses it (it answers each in order), so a
    // refused message can be put back to edit.
    st.pending.push(text);
    send({ type: "chat", text });
    input.value = "";
    draw();
  } }, input, el("button", { class: "button small", type: "submit", id: "chat-send" }, t("send")));
  const quick = el("div", { class: "chat-quick", id: "chat-quick" });
  const note = el("p", { class: "muted small chat-note", id: "chat-note" });
  const error = el("p", { class: "error small", id: "chat-error", role: "alert" });
  const mute = el("details", { class: "chat-mute", id: "chat-mute" });
  const node = el("div", { class: "card chat", id: "chat" }, el("h3", {}, t("chat")), list, error, quick, form, note, mute);
  // The table page redraws (and so re-attaches this node) on every move, which resets a
  // list's scroll position to the oldest message: remember where the reader was.
  list.addEventListener("scroll", () => {
    if (!list.isConnected) return;
    st.top = list.scrollTop;
    st.pinned = list.scrollHeight - list.scrollTop - list.clientHeight < 24;
  });

  const readable = () => st.seat !== null || st.spectators !== "none";
  const writable = () => st.seat !== null || st.spectators === "write";
  const who = (m) => m.seat === null ? t("chatSpectator") : (m.name || st.names[m.seat] || `${t("seat")} ${m.seat + 1}`);
  const when = (m) => new Date(m.at).toLocaleTimeString(getLang() === "de" ? "de-DE" : "en-GB", { hour: "2-digit", minute: "2-digit" });
  const words = (m) => m.quick ? t(`chat_q_${m.quick}`) : m.text;

  function saveMuted() { localStorage.setItem(muteKey(tableId), JSON.stringify([...st.muted])); }

  function drawMessages() {
    const shown = st.messages.filter((m) => !st.muted.has(author(m)));
    list.replaceChildren(...shown.map((m) => el("li", { "data-chat": m.id, class: m.seat !== null && m.seat === st.seat ? "own" : "" },
      el("span", { class: "chat-time muted small" }, when(m)), " ",
      el("strong", { class: "chat-who" }, who(m)), " ",
      el("span", { class: m.quick ? "chat-text quick" : "chat-text" }, words(m)))));
    if (!shown.length) list.append(el("li", { class: "muted small chat-empty" }, t("chatNone")));
    st.pinned = true;
    requestAnimationFrame(() => { list.scrollTop = list.scrollHeight; });
  }

  function showError(text) {
    st.error = text;
    clearTimeout(st.errorTimer);
    if (text) st.errorTimer = setTimeout(() => { st.error = null; draw(); }, ERROR_SHOWN_MS);
  }

  function drawMute() {
    // Only people write: a seat nobody has taken and a bot's own seat are not offered.
    const authors = st.names.map((_, seat) => seat).filter((seat) => seat !== st.seat && st.people[seat] !== false).map((seat) => [`s${seat}`, st.names[seat]]);
    if (st.spectators === "write") authors.push([SPECTATORS, t("chatSpectator")]);
    const count = [...st.muted].filter((a) => authors.some(([key]) => key === a)).length;
    mute.hidden = !authors.length;
    mute.replaceChildren(el("summary", {}, count ? t("chatMuted", { n: count }) : t("chatMute")),
      ...authors.map(([key, name]) => el("label", { class: "chat-mute-row" },
        el("input", { type: "checkbox", "data-mute": key, checked: st.muted.has(key), onchange: (e) => {
          if (e.target.checked) st.muted.add(key); else st.muted.delete(key);
          saveMuted();
          mute.open = true;
          drawMessages();
          drawMute();
        } }), ` ${name}`)));
  }

  function draw() {
    node.hidden = !st.known;
    const canRead = readable();
    list.hidden = !canRead;
    quick.hidden = form.hidden = !(canRead && writable());
    error.hidden = !st.error;
    error.textContent = st.error || "";
    const audience = { none: t("chatPlayersOnly"), read: t("chatSpectatorsRead"), write: t("chatSpectatorsWrite") };
    note.textContent = !canRead ? t("chatHidden") : !writable() ? t("chatReadOnly") : st.seat !== null ? audience[st.spectators] || "" : "";
    quick.replaceChildren(...st.quick.map((key) => el("button", { class: "button small", type: "button", "data-quick": key, onclick: () => { showError(null); st.pending.push(null); send({ type: "chat", quick: key }); } }, t(`chat_q_${key}`))));
    if (canRead) drawMessages();
    drawMute();
  }

  return {
    node,
    /** Called after the page put this node back: scroll the list to where the reader was. */
    attached() { list.scrollTop = st.pinned ? list.scrollHeight : st.top; },
    /** The chat part of a welcome: who may read and write, the newest messages. */
    welcome(chat, seat) {
      st.known = true;
      st.seat = seat;
      st.spectators = chat.spectators;
      st.quick = chat.quick;
      st.messages = chat.messages.slice();
      st.pending = []; // what a lost connection did not carry is not answered either
      draw();
    },
    add(message) {
      if (st.messages.some((m) => m.id === message.id)) return;
      st.messages.push(message);
      st.messages = st.messages.slice(-200);
      const own = message.seat !== null && message.seat === st.seat;
      if (own) {
        const i = st.pending.indexOf(message.quick ? null : message.text);
        st.pending.splice(i < 0 ? 0 : i, 1);
      }
      // One's own message got through: an earlier refusal is history.
      if (own && st.error) { showError(null); draw(); return; }
      drawMessages();
    },
    /** A moderator hid a message: it goes from the list at once. */
    hide(id) {
      st.messages = st.messages.filter((m) => m.id !== id);
      if (st.known) drawMessages();
    },
    /** A refused chat message, in words; a refused text goes back into the field to edit. */
    refused(words) {
      showError(words);
      const text = st.pending.shift();
      if (text && !input.value) input.value = text;
      draw();
    },
    /** The seats' names changed (someone joined, a bot took over); ``people`` says per seat whether a person sits there. */
    names(names, people = []) {
      if (names.join("\n") === st.names.join("\n") && people.join() === st.people.join()) return;
      st.names = names;
      st.people = people;
      if (st.known) draw();
    },
  };
}
