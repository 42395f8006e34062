// Thin fetch wrappers: every failure comes back as {error: {code, message, rule?}}.
export async function api(method, path, body, token) {
  const headers = { "content-type": "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  let res;
  try {
    res = await fetch(path, { method, headers, body: body ? JSON.stringify(body) : undefined });
  } catch {
    return { error: { code: "net/offline", message: "network error" } };
  }
  let data = null;
  try { data = await res.json(); } catch { data = null; }
  if (!res.ok) return { error: (data && data.error) || { code: "server/internal", message: res.statusText } };
  return { data };
}

// Seat and host tokens live in localStorage, one entry per table.
export const tokens = {
  seat(id) { try { return JSON.parse(localStorage.getItem(`spieltisch.seat.${id}`)); } catch { return null; } },
  setSeat(id, seat, token) { localStorage.setItem(`spieltisch.seat.${id}`, JSON.stringify({ seat, token })); },
  dropSeat(id) { localStorage.removeItem(`spieltisch.seat.${id}`); },
  host(id) { return localStorage.getItem(`spieltisch.host.${id}`); },
  setHost(id, token) { localStorage.setItem(`spieltisch.host.${id}`, token); },
};

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (k === "class") node.className = v;
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

const SVG_NS = "http://www.w3.org/2000/svg";

/** An SVG element, as ``el`` makes HTML ones (children that are falsy are left out). */
export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) node.setAttribute(k, v);
  for (const c of children.flat()) if (c) node.append(c);
  return node;
}

/** A touch screen (finger) rather than a mouse: hints say "tap" there and "click" elsewhere. */
export const touchScreen = () => window.matchMedia("(pointer: coarse)").matches;
