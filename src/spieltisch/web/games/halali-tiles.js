// Halali's tiles drawn in SVG, on a 100×100 tile. No images: shapes only.
import { svg } from "../api.js";

export { svg };

export const OWNER = { bear: "blue", fox: "blue", woodcutter: "brown", hunter: "brown", pheasant: "neutral", duck: "neutral", tree: "neutral" };
const BASE = { blue: ["#dce9fb", "#2d5fa8"], brown: ["#f3e3cf", "#8a5a2b"], neutral: ["#eef2e4", "#7d8b6a"] };
const SKIN = "#f1c7a0";

const ICONS = {
  bear: () => [
    svg("circle", { cx: 31, cy: 33, r: 12, fill: "#5b3d25" }), svg("circle", { cx: 69, cy: 33, r: 12, fill: "#5b3d25" }),
    svg("circle", { cx: 31, cy: 33, r: 6, fill: "#b88a63" }), svg("circle", { cx: 69, cy: 33, r: 6, fill: "#b88a63" }),
    svg("circle", { cx: 50, cy: 56, r: 29, fill: "#6b4a2f" }),
    svg("ellipse", { cx: 50, cy: 67, rx: 14, ry: 11, fill: "#c9a27c" }),
    svg("ellipse", { cx: 50, cy: 61, rx: 6, ry: 4, fill: "#1f1a17" }),
    svg("circle", { cx: 39, cy: 49, r: 3.6, fill: "#1f1a17" }), svg("circle", { cx: 61, cy: 49, r: 3.6, fill: "#1f1a17" }),
  ],
  fox: () => [
    svg("polygon", { points: "18,22 38,40 62,40 82,22 80,56 50,86 20,56", fill: "#e07a2f" }),
    svg("polygon", { points: "24,30 35,40 28,46", fill: "#5a2d10" }), svg("polygon", { points: "76,30 65,40 72,46", fill: "#5a2d10" }),
    svg("polygon", { points: "20,56 50,86 44,62 30,58", fill: "#fff7ec" }), svg("polygon", { points: "80,56 50,86 56,62 70,58", fill: "#fff7ec" }),
    svg("circle", { cx: 39, cy: 52, r: 3.5, fill: "#1f1a17" }), svg("circle", { cx: 61, cy: 52, r: 3.5, fill: "#1f1a17" }),
    svg("ellipse", { cx: 50, cy: 82, rx: 5, ry: 3.5, fill: "#1f1a17" }),
  ],
  woodcutter: () => [
    svg("path", { d: "M14 92 Q38 58 62 92 Z", fill: "#b5452f" }),
    svg("path", { d: "M22 88 L54 88 M26 80 L50 80", stroke: "#7f2a1b", "stroke-width": 3 }),
    svg("circle", { cx: 38, cy: 46, r: 16, fill: SKIN }),
    svg("path", { d: "M22 44 Q38 18 54 44 Z", fill: "#c62828" }),
    svg("path", { d: "M26 54 Q38 72 50 54 Q38 62 26 54 Z", fill: "#8d5a2b" }),
    svg("circle", { cx: 33, cy: 47, r: 2.2, fill: "#1f1a17" }), svg("circle", { cx: 43, cy: 47, r: 2.2, fill: "#1f1a17" }),
    svg("line", { x1: 60, y1: 90, x2: 78, y2: 26, stroke: "#7a5230", "stroke-width": 6, "stroke-linecap": "round" }),
    svg("path", { d: "M70 20 Q92 18 92 36 L80 40 Z", fill: "#9aa5ad", stroke: "#5f6a72", "stroke-width": 2 }),
  ],
  hunter: () => [
    svg("path", { d: "M22 92 Q50 56 78 92 Z", fill: "#4f6b3a" }),
    svg("circle", { cx: 50, cy: 50, r: 16, fill: SKIN }),
    svg("path", { d: "M28 40 L72 40 L64 22 L36 22 Z", fill: "#35502a" }),
    svg("rect", { x: 24, y: 38, width: 52, height: 5, rx: 2, fill: "#2a3f20" }),
    svg("path", { d: "M62 26 L72 14", stroke: "#c62828", "stroke-width": 3 }),
    svg("circle", { cx: 44, cy: 52, r: 2.2, fill: "#1f1a17" }), svg("circle", { cx: 56, cy: 52, r: 2.2, fill: "#1f1a17" }),
    svg("path", { d: "M44 59 Q50 63 56 59", stroke: "#8d5a2b", "stroke-width": 2, fill: "none" }),
  ],
  pheasant: () => [
    svg("path", { d: "M30 60 L6 34 M32 62 L10 46", stroke: "#7a4a22", "stroke-width": 5, "stroke-linecap": "round" }),
    svg("ellipse", { cx: 46, cy: 62, rx: 24, ry: 15, fill: "#a4552a" }),
    svg("path", { d: "M34 58 Q46 50 58 60", stroke: "#6d3516", "stroke-width": 3, fill: "none" }),
    svg("path", { d: "M60 56 L66 40", stroke: "#2f6b4f", "stroke-width": 9, "stroke-linecap": "round" }),
    svg("circle", { cx: 68, cy: 38, r: 10, fill: "#2f6b4f" }),
    svg("circle", { cx: 70, cy: 37, r: 4.5, fill: "#c62828" }),
    svg("polygon", { points: "77,36 88,39 77,42", fill: "#e8c16a" }),
    svg("path", { d: "M40 76 L38 88 M52 76 L54 88", stroke: "#6d3516", "stroke-width": 3 }),
  ],
  duck: () => [
    svg("ellipse", { cx: 46, cy: 64, rx: 28, ry: 17, fill: "#cdbda8" }),
    svg("ellipse", { cx: 42, cy: 62, rx: 16, ry: 9, fill: "#8f7e69" }),
    svg("path", { d: "M62 56 Q62 44 66 40", stroke: "#f4f4f4", "stroke-width": 10, "stroke-linecap": "round", fill: "none" }),
    svg("circle", { cx: 66, cy: 38, r: 12, fill: "#2e7d4f" }),
    svg("polygon", { points: "76,37 93,41 76,46", fill: "#f2a81d" }),
    svg("circle", { cx: 68, cy: 35, r: 2.4, fill: "#1f1a17" }),
    svg("path", { d: "M18 64 L10 58 L16 70 Z", fill: "#8f7e69" }),
  ],
  tree: () => [
    svg("rect", { x: 44, y: 70, width: 12, height: 18, rx: 2, fill: "#6d4c2f" }),
    svg("polygon", { points: "50,30 84,74 16,74", fill: "#2f7d32" }),
    svg("polygon", { points: "50,12 76,50 24,50", fill: "#3f9a43" }),
  ],
};

const ROTATE = { N: 0, E: 90, S: 180, W: 270 };

export function tileFace(kind, gun) {
  const [fill, stroke] = BASE[OWNER[kind]];
  const g = svg("g", { class: `tile tile-${kind}` },
    svg("rect", { x: 5, y: 5, width: 90, height: 90, rx: 14, fill, stroke, "stroke-width": 4 }),
    svg("g", { transform: kind === "hunter" ? "translate(12 14) scale(0.76)" : "translate(6 6) scale(0.88)" }, ICONS[kind]()),
  );
  if (kind === "hunter" && gun) {
    // The gun: a barrel from the centre to the edge with an arrowhead, rotated to N/E/S/W.
    g.append(svg("g", { transform: `rotate(${ROTATE[gun]} 50 50)`, class: "gun" },
      svg("line", { x1: 50, y1: 40, x2: 50, y2: 13, stroke: "#1d1d1d", "stroke-width": 6, "stroke-linecap": "round" }),
      svg("polygon", { points: "50,1 61,16 39,16", fill: "#c62828", stroke: "#1d1d1d", "stroke-width": 2 }),
    ));
  }
  return g;
}

export function tileBack() {
  return svg("g", { class: "tile tile-back" },
    svg("rect", { x: 5, y: 5, width: 90, height: 90, rx: 14, fill: "url(#back)", stroke: "#1d3b27", "stroke-width": 4 }),
    svg("rect", { x: 16, y: 16, width: 68, height: 68, rx: 9, fill: "none", stroke: "#8fbf8f", "stroke-width": 2, opacity: 0.55 }),
    svg("path", { d: "M50 28 Q66 44 50 72 Q34 44 50 28 Z M50 34 L50 70", fill: "#7fae7a", stroke: "#1d3b27", "stroke-width": 2, opacity: 0.8 }),
  );
}

export function defs() {
  return svg("defs", {},
    svg("linearGradient", { id: "back", x1: 0, y1: 0, x2: 1, y2: 1 },
      svg("stop", { offset: "0", "stop-color": "#3e7650" }), svg("stop", { offset: "1", "stop-color": "#24503a" })),
  );
}
