// Halali! in the browser: the forest board, the side panel and the game log in words.
import { defs, svg, tileBack, tileFace } from "./halali-tiles.js";
import { el } from "../api.js";
import { count, has, t } from "../i18n.js";
import "./halali.words.js";

const FILES = "abcdefghi";
const S = 100;
const EXITS = ["a5", "i5", "e9", "e1"];
export const title = "Halali!";
const kindName = (k) => (has(`ha.${k}`) ? t(`ha.${k}`) : k);
const colourName = (c) => (has(`ha.colour.${c}`) ? t(`ha.colour.${c}`) : c);
// The seat that played Blue in game 1 (HA-R10: a rematch swaps it), read from the last
// view drawn: the log names the players of its events by colour.
let blueSeat = 0;
const learnBlueSeat = (view) => {
  if (view && view.colours && view.game_number) blueSeat = (view.colours.indexOf("blue") + view.game_number - 1) % 2;
};
// What the panel needs of the table to offer or answer a draw (HA-R11), from the last
// board drawn (the board's context carries the table and the way to act).
let table = null;

function xy(name) {
  const f = FILES.indexOf(name[0]);
  const r = Number(name[1]) - 1;
  return [f * S, (8 - r) * S];
}

function isForest(f, r) { return f >= 1 && f <= 7 && r >= 1 && r <= 7; }

// Tiles each colour moves (HA §2): ducks and pheasants move for both, trees never.
const OWNER = { bear: "blue", fox: "blue", woodcutter: "brown", hunter: "brown" };

// The board is one tab stop; arrow keys walk the squares (roving tabindex).
let rove = null;
const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };

function neighbour(name, key, board) {
  const [df, dr] = ARROWS[key];
  const next = FILES[FILES.indexOf(name[0]) + df] + (Number(name[1]) + dr);
  const f = FILES.indexOf(next[0]);
  const r = Number(next.slice(1)) - 1;
  if (isForest(f, r)) return next;
  return board.querySelector(`[data-square="${next}"][tabindex]`) ? next : null;
}

// Why a click on this square does nothing: a rule where one applies, else a hint.
function whyNot(view, name, cell) {
  const mine = view.colours[view.seat];
  if (!cell) return { hint: "ha.why.empty" };
  if (cell.hidden) return { hint: "ha.why.blocked" };
  if (cell.tile === "tree") return { code: "action/illegal", rule: "HA-R4" };
  if (OWNER[cell.tile] && OWNER[cell.tile] !== mine) return { code: "action/illegal", rule: "HA §2" };
  if (view.locked === name) return { code: "action/illegal", rule: "HA-R5" };
  return { hint: "ha.why.stuck", params: { tile: kindName(cell.tile) } };
}

function legal(view) {
  const flips = new Set();
  const moves = new Map();
  let pass = false;
  for (const a of view.legal_actions || []) {
    if (a === "pass") pass = true;
    else if (a.startsWith("flip ")) flips.add(a.slice(5));
    else {
      const [src, dst] = a.split("-");
      if (!moves.has(src)) moves.set(src, []);
      moves.get(src).push(dst);
    }
  }
  return { flips, moves, pass };
}

function squareLabel(name, cell) {
  if (!cell) return `${name}`;
  if (cell.hidden) return `${name}, ${t("ha.hidden")}`;
  const gun = cell.gun ? ` → ${t(`ha.dir.${cell.gun}`)}` : "";
  return `${name}, ${kindName(cell.tile)}${gun}`;
}

// A mark of the board drawn small for the rules panel's legend (the game's guide names
// it: "square dot", "square hit", "square sel", "square last", "square lock", "exit",
// "hunter"); null for a mark this board does not draw.
export function legendMark(mark) {
  const box = svg("svg", { class: "board swatch", viewBox: "0 0 100 100", "aria-hidden": "true" });
  const [kind, what] = mark.split(" ");
  if (kind === "hunter") { box.append(tileFace("hunter", "E")); return box; }
  if (kind === "exit") {
    box.append(svg("g", { class: "exit open" }, svg("rect", { x: 8, y: 8, width: 84, height: 84, rx: 14 }),
      svg("polygon", { points: "50,22 72,52 58,52 58,76 42,76 42,52 28,52", transform: "translate(8 8) scale(0.84) rotate(90 50 50)" })));
    return box;
  }
  if (kind !== "square") return null;
  box.append(svg("rect", { x: 0, y: 0, width: 100, height: 100, rx: 14, class: "cell a" }));
  if (what === "dot") box.append(svg("circle", { cx: 50, cy: 50, r: 14, class: "dot" }));
  else if (what === "hit") box.append(svg("rect", { x: 3, y: 3, width: 94, height: 94, rx: 14, class: "hit" }));
  else if (what === "sel") box.append(svg("rect", { x: 4, y: 4, width: 92, height: 92, rx: 14, class: "sel" }));
  else if (what === "last") box.append(svg("rect", { x: 2, y: 2, width: 96, height: 96, rx: 10, class: "last" }));
  else if (what === "lock") box.append(svg("circle", { cx: 78, cy: 22, r: 13, class: "lock" }));
  else return null;
  return box;
}

// Draws the board into `host`. ctx: {interactive, onAction(text), selected, setSelected(sq),
// last and tip (sets of squares to mark)}
export function renderBoard(host, view, ctx) {
  learnBlueSeat(view);
  table = { act: ctx.onAction, seat: ctx.seat, options: (ctx.table && ctx.table.options) || {}, over: !!(ctx.envelope && ctx.envelope.over) };
  const { flips, moves } = legal(view);
  const selected = ctx.selected && moves.has(ctx.selected) ? ctx.selected : null;
  const targets = new Set(selected ? moves.get(selected) : []);
  const endPhase = view.end_phase_moves_left !== null && view.end_phase_moves_left !== undefined;
  // The frame around the forest is cut to a narrow band: it only carries the exits.
  const m = 0.4 * S;
  const board = svg("svg", { viewBox: `${m} ${m} ${9 * S - 2 * m} ${9 * S - 2 * m}`, class: "board", role: "group", "aria-label": "Halali" }, defs());
  board.append(svg("rect", { x: m, y: m, width: 9 * S - 2 * m, height: 9 * S - 2 * m, rx: 22, class: "frame" }));
  board.append(svg("rect", { x: S - 8, y: S - 8, width: 7 * S + 16, height: 7 * S + 16, rx: 14, class: "forest" }));
  for (const name of EXITS) {
    const [x, y] = xy(name);
    const inward = { a5: [1, 0], i5: [-1, 0], e9: [0, 1], e1: [0, -1] }[name];
    const cx = x + S / 2 + inward[0] * 0.15 * S;
    const cy = y + S / 2 + inward[1] * 0.15 * S;
    const isTarget = targets.has(name);
    const g = svg("g", { class: `exit${endPhase ? " open" : ""}${isTarget ? " target" : ""}`, "data-square": name });
    g.append(svg("rect", { x: cx - 0.22 * S, y: cy - 0.22 * S, width: 0.44 * S, height: 0.44 * S, rx: 9 }));
    const rot = { a5: 270, i5: 90, e9: 0, e1: 180 }[name];
    g.append(svg("polygon", { points: "50,22 72,52 58,52 58,76 42,76 42,52 28,52", transform: `translate(${cx - 0.22 * S} ${cy - 0.22 * S}) scale(0.44) rotate(${rot} 50 50)` }));
    board.append(g);
    if (isTarget) attach(g, name, view, ctx, selected);
  }
  for (let r = 1; r <= 7; r++) {
    for (let f = 1; f <= 7; f++) {
      const name = FILES[f] + (r + 1);
      const cell = view.board[name];
      const [x, y] = xy(name);
      const g = svg("g", { transform: `translate(${x} ${y})`, class: "sq", "data-square": name });
      g.append(svg("rect", { x: 2, y: 2, width: S - 4, height: S - 4, rx: 10, class: (f + r) % 2 ? "cell a" : "cell b" }));
      if (cell) g.append(cell.hidden ? tileBack() : tileFace(cell.tile, cell.gun));
      const canFlip = flips.has(name);
      const canMove = moves.has(name);
      const isTarget = targets.has(name);
      if (name === selected) g.append(svg("rect", { x: 4, y: 4, width: S - 8, height: S - 8, rx: 14, class: "sel" }));
      if (isTarget) g.append(cell ? svg("rect", { x: 3, y: 3, width: S - 6, height: S - 6, rx: 14, class: "hit" }) : svg("circle", { cx: 50, cy: 50, r: 14, class: "dot" }));
      if (view.locked === name) g.append(svg("circle", { cx: 84, cy: 16, r: 9, class: "lock" }));
      if (r === 1) g.append(svg("text", { x: S - 9, y: S - 7, class: "coord file" }, document.createTextNode(FILES[f])));
      if (f === 1) g.append(svg("text", { x: 9, y: 23, class: "coord rank" }, document.createTextNode(String(r + 1))));
      if (ctx.last && ctx.last.has(name)) g.append(svg("rect", { x: 2, y: 2, width: S - 4, height: S - 4, rx: 10, class: "last" }));
      if (ctx.tip && ctx.tip.has(name)) g.append(svg("rect", { x: 5, y: 5, width: S - 10, height: S - 10, rx: 12, class: "tip" }));
      if (ctx.interactive) {
        g.classList.add(canFlip || canMove || isTarget ? "live" : "idle");
        if (canFlip) g.classList.add("flippable");
        if (canMove) g.classList.add("movable");
        attach(g, name, view, ctx, selected, { canFlip, canMove, isTarget, cell });
      } else {
        g.setAttribute("aria-label", squareLabel(name, cell));
      }
      board.append(g);
    }
  }
  const stops = [...board.querySelectorAll("[data-square][tabindex]")];
  if (stops.length) {
    const keep = stops.find((g) => g.dataset.square === rove) || stops.find((g) => g.dataset.square === selected)
      || stops.find((g) => g.classList.contains("live")) || stops[0];
    rove = keep.dataset.square;
    keep.setAttribute("tabindex", "0");
  }
  host.replaceChildren(board);
  if (ctx.marks) markMoves(host, view, ctx.marks);
}

// The review's marks on a drawn board: an arrow for a move ("b2-b5"), a ring for a flip,
// the played move grey, the better one green. marks: {played, better} in notation.
export function markMoves(host, view, marks) {
  const board = host.querySelector("svg.board");
  if (!board) return;
  const centre = (name) => { const [x, y] = xy(name); return [x + S / 2, y + S / 2]; };
  const onBoard = (name) => /^[a-i][1-9]$/.test(name || "");
  for (const [kind, action] of [["played", marks.played], ["better", marks.better]]) {
    if (!action) continue;
    const g = svg("g", { class: `mv mv-${kind}`, "data-mark": kind, "data-action": action });
    if (action.startsWith("flip ") && onBoard(action.slice(5))) {
      const [cx, cy] = centre(action.slice(5));
      g.append(svg("circle", { cx, cy, r: S * 0.42 }));
    } else {
      const [from, to] = action.split("-");
      if (!onBoard(from) || !onBoard(to)) continue;
      const [x1, y1] = centre(from);
      const [x2, y2] = centre(to);
      const len = Math.hypot(x2 - x1, y2 - y1) || 1;
      const [ux, uy] = [(x2 - x1) / len, (y2 - y1) / len];
      const [bx, by] = [x2 - ux * 30, y2 - uy * 30];
      g.append(svg("line", { x1, y1, x2: bx, y2: by }),
        svg("polygon", { points: `${x2},${y2} ${bx - uy * 18},${by + ux * 18} ${bx + uy * 18},${by - ux * 18}` }));
    }
    board.append(g);
  }
}

// Drag to move: press on a movable piece, release over a legal target.
let dragFrom = null;
const dropDrag = () => { setTimeout(() => { dragFrom = null; }, 0); };

/** A page that shows a Halali board begins: a release anywhere ends a drag. */
export function mount() {
  document.addEventListener("pointerup", dropDrag);
}

/** The page is left: no listener stays, no drag or keyboard focus is carried over. */
export function dispose() {
  document.removeEventListener("pointerup", dropDrag);
  dragFrom = null;
  rove = null;
}

function attach(g, name, view, ctx, selected, info = { isTarget: true }) {
  if (!ctx.interactive) return;
  if (info.canMove) g.addEventListener("pointerdown", () => { dragFrom = name; });
  g.addEventListener("pointerup", () => {
    const from = dragFrom;
    if (!from || from === name) return;
    const targets = (view.legal_actions || []).filter((a) => a.startsWith(`${from}-`)).map((a) => a.split("-")[1]);
    if (targets.includes(name)) { dragFrom = null; ctx.setSelected(null); ctx.onAction(`${from}-${name}`); }
  });
  g.setAttribute("tabindex", "-1");
  g.setAttribute("role", "button");
  g.setAttribute("aria-label", squareLabel(name, view.board[name]));
  const activate = () => {
    if (info.isTarget && selected) { ctx.setSelected(null); ctx.onAction(`${selected}-${name}`); return; }
    if (info.canFlip) { ctx.setSelected(null); ctx.onAction(`flip ${name}`); return; }
    if (info.canMove) { ctx.setSelected(selected === name ? null : name); return; }
    if (selected && selected !== name) {
      // Not a legal target: ask the server anyway, so the refusal names the rule.
      ctx.setSelected(null);
      ctx.onAction(`${selected}-${name}`);
      return;
    }
    // Nothing to do here: say why, so every click answers and an old refusal goes.
    if (ctx.refuse) ctx.refuse(whyNot(view, name, info.cell));
  };
  g.addEventListener("click", () => { rove = name; activate(); });
  g.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") { e.preventDefault(); activate(); return; }
    if (!ARROWS[e.key]) return;
    e.preventDefault();
    const next = neighbour(name, e.key, g.ownerSVGElement);
    const target = next && g.ownerSVGElement.querySelector(`[data-square="${next}"][tabindex]`);
    if (!target) return;
    g.setAttribute("tabindex", "-1");
    target.setAttribute("tabindex", "0");
    rove = next;
    target.focus();
  });
}

// The side panel: players, points, won tiles, face-down tiles, end phase, match.
export function renderPanel(view, ctx) {
  learnBlueSeat(view);
  const box = el("div", { class: "halali-panel" });
  const seats = [0, 1].map((seat) => {
    const colour = view.colours[seat];
    const won = [...(view.won[colour] || []), ...(view.exited[colour] || [])];
    const active = view.active_seat === seat;
    return el("div", { class: `player ${colour}${active ? " active" : ""}`, "data-seat": seat },
      el("div", { class: "who" },
        el("span", { class: `chip ${colour}` }), el("strong", {}, ctx.names[seat]),
        el("span", { class: "muted" }, ` · ${colourName(colour)}`),
        ctx.mySeat === seat ? el("span", { class: "badge" }, t("you")) : null),
      el("div", { class: "score" }, el("span", { class: "pts" }, String(view.points[colour])), ` ${t("points")}`),
      el("div", { class: "won", "aria-label": t("ha.won") }, won.map((k) => mini(k))),
    );
  });
  box.append(el("div", { class: "players" }, seats));
  const facts = el("div", { class: "facts" });
  facts.append(el("span", {}, t("ha.gameNo", { n: view.game_number, m: view.games_in_match })));
  const hiddenCount = Object.values(view.hidden_tiles).reduce((a, b) => a + b, 0);
  if (hiddenCount) facts.append(el("span", {}, `${t("ha.hidden")}: ${hiddenCount}`));
  if (view.end_phase_moves_left !== null && view.end_phase_moves_left !== undefined && !view.over)
    facts.append(el("span", { class: "endphase" }, t("ha.endPhase", { moves: count(view.end_phase_moves_left, "ha.n.move") })));
  box.append(facts);
  if (view.finished_games.length) {
    box.append(el("table", { class: "games" },
      el("tr", {}, el("th", {}, t("game")), el("th", {}, ctx.names[0]), el("th", {}, ctx.names[1])),
      view.finished_games.map((g) => el("tr", {}, el("td", {}, String(g.game)), el("td", {}, `${g.points[0]} (${g.tiles[0]})`), el("td", {}, `${g.points[1]} (${g.tiles[1]})`))),
    ));
  }
  const draw = drawBox(view, ctx);
  if (draw) box.append(draw);
  return box;
}

// HA-R11: whether this table allows draw offers (option draw_offers; "auto" follows the
// rule set: Brettspielnetz yes, Kosmos no).
function drawOffersAllowed(options) {
  const o = options.draw_offers || "auto";
  return o === "on" || (o === "auto" && options.variant === "brettspielnetz");
}

// HA-R11: offer a draw, or answer the opponent's offer; spectators see an open offer.
function drawBox(view, ctx) {
  if (view.over) return null;
  const by = view.draw_offered_by;
  const open = by !== undefined && by !== null;
  const me = ctx.mySeat;
  const canAct = table && me !== null && me !== undefined && table.seat === me && !table.over;
  if (open && canAct && by !== me) {
    return el("div", { class: "card draw-offer", id: "draw-offer", role: "status" },
      el("p", {}, t("ha.draw.offeredToYou", { who: ctx.names[by] })),
      el("div", { class: "row" },
        el("button", { class: "button primary", type: "button", id: "accept-draw", onclick: () => table.act("accept draw") }, t("ha.draw.accept")),
        el("button", { class: "button", type: "button", id: "decline-draw", onclick: () => table.act("decline draw") }, t("ha.draw.decline"))));
  }
  if (open) {
    return el("p", { class: "card muted draw-offer", id: "draw-offer", role: "status" },
      by === me ? t("ha.draw.waiting") : t("ha.draw.offered", { who: ctx.names[by] }));
  }
  if (canAct && drawOffersAllowed(table.options)) {
    return el("div", { class: "draw-offer" },
      el("button", { class: "button small", type: "button", id: "offer-draw", title: t("ha.draw.rule"), onclick: () => table.act("offer draw") }, t("ha.draw.offer")));
  }
  return null;
}

function mini(kind) {
  const s = svg("svg", { viewBox: "0 0 100 100", class: "mini", role: "img", "aria-label": kindName(kind) }, tileFace(kind, null));
  s.append(svg("title", {}, document.createTextNode(kindName(kind))));
  return s;
}

// One event in words, or null for events not worth a line.
export function describe(e, ctx) {
  // "Ada (Blau)"; a name that already ends in brackets takes the colour inside them:
  // "Bob (Bot: Regelbot, Blau)", not "Bob (Bot: Regelbot) (Blau)".
  if (e.type.startsWith("draw_")) {
    const by = ctx.nameOfSeat ? String(ctx.nameOfSeat(e.seat)) : `#${e.seat + 1}`;
    return t(`ha.log.${e.type}`, { who: by });
  }
  const name = e.colour ? String(ctx.nameOf(e.colour)) : "";
  const who = !e.colour ? "" : name.endsWith(")") ? `${name.slice(0, -1)}, ${colourName(e.colour)})` : `${name} (${colourName(e.colour)})`;
  const k = (x) => kindName(x);
  switch (e.type) {
    case "flip": {
      const gun = e.gun ? t("ha.log.gun", { dir: t(`ha.dir.${e.gun}`) }) : "";
      return t("ha.log.flip", { who, square: e.square, tile: k(e.tile), gun });
    }
    case "move": return t("ha.log.move", { who, tile: k(e.tile), from: e.from, to: e.to });
    case "capture": return t("ha.log.capture", { who, tile: k(e.tile), from: e.from, to: e.to, captured: k(e.captured), points: e.points });
    case "exit": return t("ha.log.exit", { who, tile: k(e.tile), to: e.to, points: e.points });
    case "pass": return t("ha.log.pass", { who });
    case "end_phase": return t("ha.log.end_phase", { moves: count(e.moves_left, "ha.n.move") });
    case "game_end": return t("ha.log.game_end", { game: e.game, reason: reasonText(e.reason), a: e.points[0], b: e.points[1] });
    case "game_start": return t("ha.log.game_start", { game: e.game });
    case "match_end": return null;
    default: return null;
  }
}

export function reasonText(reason) { return has(`ha.reason.${reason}`) ? t(`ha.reason.${reason}`) : reason; }

// Squares touched by the last events, to mark them on the board.
export function touched(events) {
  const out = new Set();
  for (const e of events || []) {
    if (e.square) out.add(e.square);
    if (e.from) out.add(e.from);
    if (e.to) out.add(e.to);
  }
  return out;
}

// The whole log in words. The seat of option blue_seat (0 unless a rematch swapped it,
// HA-R10) is Blue in game 1 and Brown in game 2 (roles swap).
export function describeLog(entries, names, startGame = 1) {
  let game = startGame;
  const ctx = {
    nameOf: (colour) => names[((colour === "blue" ? 0 : 1) + game - 1 + blueSeat) % 2],
    nameOfSeat: (seat) => names[seat] ?? `#${seat + 1}`,
  };
  const lines = [];
  for (const entry of entries) {
    for (const e of entry.events) {
      const line = describe(e, ctx);
      if (line) lines.push({ ply: entry.ply, text: line, type: e.type });
      if (e.type === "game_start") game = e.game;
    }
  }
  return lines;
}

/** A legal action in the page's words for the move form ("flip b2" → "b2 aufdecken"). */
// The squares a tip names, marked on the board (tabletip.js): the tile to flip, or the
// tile to move and where it goes.
export function tipSquares(a) {
  if (a.startsWith("flip ")) return new Set([a.slice(5)]);
  const move = /^([a-i][1-9])-([a-i][1-9])$/.exec(a);
  return new Set(move ? [move[1], move[2]] : []);
}

export function actionWords(a) {
  if (a === "pass") return t("ha.act.pass");
  if (a.startsWith("flip ")) return t("ha.act.flip", { sq: a.slice(5) });
  const move = /^([a-i][1-9])-([a-i][1-9])$/.exec(a);
  return move ? t("ha.act.move", { from: move[1], to: move[2] }) : null;
}
